"""Constructed positions from cribbage practice: the strong player's choice, and why.

Each position is dealt through the engine (`helpers.dealt`, `helpers.run`: the cards placed by an
arranged shuffle, the actions applied as in a game), so the view the player decides from is one the
engine gives. Seat 1 deals; seat 0 is the pone, who leads and counts first.
"""

from __future__ import annotations

import random

from helpers import dealt, run
from noddy.cards import parse_card
from noddy.game import Action, GameState, PlayerView
from noddy.players import WIN, GreedyPlayer, StrongPlayer

SEEDS = range(5)


def _view(state: GameState) -> PlayerView:
    assert state.to_act is not None
    return state.view(state.to_act)


def _choices(view: PlayerView) -> set[str]:
    """The cards strong lays from ``view`` over several seeds (its worlds are sampled)."""
    chosen = {StrongPlayer().choose(view, view.legal, random.Random(seed)) for seed in SEEDS}
    return {str(action.cards[0]) for action in chosen}


def test_pone_does_not_lead_a_five() -> None:
    """Leading a 5 lets any of the sixteen ten-cards make fifteen for two; on a 4 no card makes
    fifteen at all. Holding 4 5 9 K the pone never leads the 5."""
    state = dealt("cribbage", {0: "4d 5h 9c Ks Ac 2c", 1: "3h 3s 8d 8h Qd Jc"}, "7s")
    view = _view(run(state, ["discard Ac 2c", "discard 3h 3s"]))
    assert view.seat == 0 and view.count == 0
    assert "5h" not in _choices(view)
    values = StrongPlayer(value="points").play_values(view, view.legal, random.Random(0))
    assert values is not None
    assert min(values, key=lambda a: values[a]) == Action.play(0, parse_card("5h"))


def test_does_not_make_twenty_one_into_the_ten_cards() -> None:
    """At a count of 11 a Queen makes 21, and each of the fifteen ten-cards it has not seen makes
    31 for two; a 9 (20) or an 8 (19) leaves no single card a 31, only a pair. Strong keeps the
    Queen."""
    state = dealt("cribbage", {0: "6c Qh 9d 8s Ac 2c", 1: "5d 3h 3s 8d Qd Jc"}, "7s")
    view = _view(run(state, ["discard Ac 2c", "discard 3h 3s", "play 6c", "play 5d"]))
    assert view.seat == 0 and view.count == 11
    assert "Qh" not in _choices(view)


def test_takes_the_fifteen_rather_than_pair_a_lead_into_a_pair_royal() -> None:
    """The pone leads a 9; the dealer may pair it (2) or make fifteen with the 6 (2). A pair
    invites a pair royal (6) from a pone who led from a pair; the fifteen risks only a pair (2).
    Strong makes the fifteen."""
    state = dealt("cribbage", {0: "9c 9d 2h Ks Ac 2c", 1: "9h 6c Qd Jc 3h 3s"}, "4s")
    view = _view(run(state, ["discard Ac 2c", "discard 3h 3s", "play 9c"]))
    assert view.seat == 1 and view.count == 9
    assert StrongPlayer().choose(view, view.legal, random.Random(0)) == Action.play(1, parse_card("6c"))


def test_a_pone_who_counts_out_first_defends_rather_than_lead_a_five() -> None:
    """Pone on 115 holds 4 5 6 6, twelve in hand, and counts first: it wins at the show unless the
    dealer, on 119, pegs two in the play. A 5 lead gives the dealer fifteen, and the game, with any
    ten-card; a 4 lead can be answered only by a pair. The 5 is by far the worst lead, and strong
    never makes it."""
    state = dealt("cribbage", {0: "4c 5d 6h 6s Ac 2c", 1: "3h 3s 8d 9h Qd Jc"}, "Ks", scores=(115, 119))
    view = _view(run(state, ["discard Ac 2c", "discard 3h 3s"]))
    assert view.seat == 0 and view.scores == (115, 119)
    assert "5d" not in _choices(view)
    values = StrongPlayer(value="points").play_values(view, view.legal, random.Random(0))
    assert values is not None
    five = values[Action.play(0, parse_card("5d"))]
    assert all(five < value - 200 for action, value in values.items() if action.cards[0] != parse_card("5d"))


def test_pegs_out_at_once_when_the_pone_counts_first() -> None:
    """Dealer on 117, pone on 119 who counts first, so the dealer must go out in the play. At 25,
    after the pone's 6, the dealer's 6 pairs it and makes 31: four points and the game now. The 3
    (28) could score as much with the other 3 after a Go, but gives a pone holding a low card the
    31 and the game first. Strong lays the 6, and judges it a sure win."""
    hands = {0: "Kd 6d Qh Js Ac 2c", 1: "9h 3h 3d 6c 4s 4h"}
    state = dealt("cribbage", hands, "8s", scores=(119, 117))
    view = _view(run(state, ["discard Ac 2c", "discard 4s 4h", "play Kd", "play 9h", "play 6d"]))
    assert view.seat == 1 and view.count == 25
    six = Action.play(1, parse_card("6c"))
    assert StrongPlayer().choose(view, view.legal, random.Random(0)) == six
    values = StrongPlayer(value="points").play_values(view, view.legal, random.Random(0))
    assert values is not None and values[six] == WIN > values[Action.play(1, parse_card("3h"))]


def test_takes_the_go_and_keeps_the_five_for_the_next_count() -> None:
    """Pegging practice: play for the Go (bring the count where the opponent can seldom follow) and
    keep back a card that scores on the next lead, a 5 above all, since a ten-card is the likeliest
    lead. At 19, holding K and 5 against the pone's last card: the King makes 29, which only an ace or
    a two can follow, so the dealer takes the Go, and the pone must then lead its last card into the
    5 (fifteen on any ten-card, and the last card). The 5 first (24) lets a 7 make 31 and leaves the
    King unplayable, to score only the last card on the pone's lead. Greedy, scoring nothing either
    way and fearing a 31 after each, lays the 5; strong lays the King."""
    state = dealt("cribbage", {0: "Qc Qs Jc 10h 7c 8c", 1: "Jd 9h 5d Kd 2c 4h"}, "3s")
    played = ["discard 7c 8c", "discard 2c 4h", "play Qc", "play Jd", "play Qs", "go", "go"]
    view = _view(run(state, [*played, "play 9h", "play Jc"]))
    assert view.seat == 1 and view.count == 19 and view.scores == (1, 0)
    assert _choices(view) == {"Kd"}
    values = StrongPlayer(value="points").play_values(view, view.legal, random.Random(0))
    assert values is not None
    king, five = Action.play(1, parse_card("Kd")), Action.play(1, parse_card("5d"))
    assert values[king] > values[five] + 1
    assert GreedyPlayer().choose(view, view.legal, random.Random(0)) == five
