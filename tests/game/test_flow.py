"""Rules of the flow of a game, each checked through the engine on a constructed or seeded game."""

from __future__ import annotations

import itertools
import random

import pytest

from helpers import dealt, run
from noddy.cards import parse_card, parse_cards
from noddy.errors import IllegalActionError, NotationError, RulesError
from noddy.game import Action, GameState, Phase, new_game
from noddy.players import GreedyPlayer, RandomPlayer
from noddy.players.driver import run_game
from noddy.rules import load_rules
from noddy.words import event_line

# E06's hands: A (elder, seat 0) Jh 4d 5d = 12 under noddy-rules; B 7d 8s 9s = 8; trump 6h.
E06 = {0: "Jh 4d 5d", 1: "7d 8s 9s"}


def test_engine_counts_by_default_and_the_call_is_itemised() -> None:
    state = dealt("noddy-rules", E06, "6h")
    assert state.phase is Phase.COUNT and state.to_act == 0
    state = state.apply(Action.count(0))
    event = state.events[-1]
    assert event.kind == "count" and event.points == 12 and state.scores == (12, 0)
    line = event_line(event, ["A", "B"], state.rules, False)
    assert line is not None
    assert "fifteen 2, fifteen 4, a run of three 7, twenty-five 11, and Knave Noddy 12" in line.text


@pytest.mark.parametrize(
    ("reading", "declared", "pegged"),
    [
        ("corrected", 10, 12),
        ("corrected", 14, 12),
        ("stands", 10, 10),
        ("stands", 14, 12),
        ("muggins", 14, 12),
    ],
)
def test_a_wrong_declared_count(reading: str, declared: int, pegged: int) -> None:
    """K26: the true count is pegged and the mistake explained; or a count too low stands (a count
    too high is corrected under every reading: HOYLE's laws put an over-marker back)."""
    state = dealt("noddy-rules", E06, "6h", (f"hand.wrong_count={reading}",))
    state = state.apply(Action.declare(0, declared))
    event = state.events[-1]
    assert event.kind == "declare" and event.declared == declared and event.points == pegged
    assert "the true count is 12" in event.text
    assert state.phase is Phase.COUNT and state.to_act == 1


@pytest.mark.parametrize("claim", [True, False])
def test_muggins_lets_the_opponent_claim_what_was_missed(claim: bool) -> None:
    """A hand counted before the play is claimed once it is shown, after the play."""
    state = dealt("noddy-rules", E06, "6h", ("hand.wrong_count=muggins",))
    state = state.apply(Action.declare(0, 7))
    assert state.scores == (7, 0)
    assert state.phase is Phase.COUNT and state.to_act == 1, "the unseen hand is not claimed yet"
    state = run(state, ["count", "play Jh", "play 9s", "play 5d", "play 7d"])
    assert state.scores == (7, 8 + 2), "B counts 8 and makes 31"
    assert state.phase is Phase.MUGGINS and state.to_act == 1
    assert [e.kind for e in state.events[-3:]] == ["play_end", "show", "show"]
    assert set(state.legal_actions()) == {Action("muggins", 1), Action("pass", 1)}
    state = state.apply(Action("muggins" if claim else "pass", 1))
    assert state.scores == ((7, 15) if claim else (7, 10))
    assert state.phase is Phase.SHUFFLE


def test_the_view_tells_the_count_in_progress_the_muggins_and_why_a_card_may_not_be_laid() -> None:
    state = dealt("noddy-rules", E06, "6h", ("hand.wrong_count=muggins",))
    assert state.view(1).counting == ("hand", 0) and state.view(None).counting == ("hand", 0)
    state = state.apply(Action.declare(0, 7))
    state = run(state, ["count", "play Jh", "play 9s", "play 5d"])
    assert state.count == 24 and state.to_act == 1
    view = state.view(1)
    assert [str(card) for card, _ in view.refusals] == ["8s"]
    assert "31" in view.refusals[0][1] and view.to_json()["refusals"] == {"8s": view.refusals[0][1]}
    assert state.view(0).refusals == () and state.view(None).refusals == ()
    state = run(state, ["play 7d"])
    assert state.view(1).muggins == (0, 5) and state.view(None).muggins == (0, 5)


def test_a_correct_declaration_is_pegged_and_a_hand_counted_before_the_play_stays_hidden() -> None:
    state = dealt("noddy-rules", E06, "6h", ("hand.wrong_count=muggins",))
    state = state.apply(Action.declare(0, 12))
    assert state.scores == (12, 0) and state.phase is Phase.COUNT
    seen_by_b = state.view(1).events[-1]
    assert seen_by_b.cards == () and seen_by_b.items == (), "under muggins too the hand stays hidden"


def test_hands_announced_without_showing_hide_their_cards() -> None:
    state = dealt("noddy-rules", E06, "6h").apply(Action.count(0))
    seen_by_b = state.view(1).events[-1]
    assert seen_by_b.cards == () and all(item.cards == () for item in seen_by_b.items[:-1])
    assert seen_by_b.items[-1].cards == parse_cards("Jh"), "calling Knave Noddy names the card"
    assert [i.size for i in seen_by_b.items] == [0, 0, 3, 0, 1], (
        "the call tells a run's size, not a fifteen's"
    )
    assert state.view(0).events[-1].items[0].cards == parse_cards("Jh 5d")


def test_play_refuses_a_card_past_31_and_a_go_while_able() -> None:
    state = dealt("noddy-rules", E06, "6h").apply(Action.count(0)).apply(Action.count(1))
    assert state.phase is Phase.PLAY and state.to_act == 0
    with pytest.raises(IllegalActionError, match="seat 0 go refused in play: you can lay a card"):
        state.apply(Action.go(0))
    with pytest.raises(IllegalActionError, match="seat 1 play 7d refused in play: it is seat 0's turn"):
        state.apply(Action.play(1, parse_card("7d")))
    with pytest.raises(IllegalActionError, match="Ks is not in your hand"):
        state.apply(Action.play(0, parse_card("Ks")))
    for card in ("4d", "7d", "5d", "9s"):
        state = state.apply(Action.play(state.to_act or 0, parse_card(card)))
    assert state.count == 25 and state.to_act == 0
    with pytest.raises(IllegalActionError, match="Jh would make the count 35, over 31"):
        state.apply(Action.play(0, parse_card("Jh")))


def test_knave_pegged_at_the_start_before_any_announcement() -> None:
    """K5 (Strawberry): both Knave scores are pegged first; the hand's count then leaves it out."""
    state = dealt("strawberry", E06, "6h")
    kinds = [e.kind for e in state.events]
    assert kinds[-2:] == ["turnup", "knave"] and state.scores == (1, 0)
    state = state.apply(Action.count(0))
    assert all(i.kind != "knave" for i in state.events[-1].items)


def test_turned_jack_goes_to_the_elder_under_the_french_rule() -> None:
    state = dealt("french", {0: "2c 3c 4h", 1: "6d 8s 9h"}, "Js")
    assert state.events[-1].kind == "turned_jack" and state.events[-1].seat == 0 and state.scores == (2, 0)


def test_turned_jack_inside_the_announcement_when_the_rules_say() -> None:
    state = dealt("du-coeur", {0: "2c 3c 4h", 1: "6d 8s 9h"}, "Js", ("turnup.jack_when=in_announcement",))
    assert state.scores == (0, 0)
    state = state.apply(Action.count(0)).apply(Action.count(1))
    assert state.events[-1].items[0].kind == "turned_jack" and state.scores[1] >= 2


def test_compensation_before_the_first_deal() -> None:
    """K34 (Early Cribbage): the non-dealer pegs 3 before the first deal, once a game."""
    state = new_game(load_rules("early-cribbage"), 2).apply(Action("cut", None, parse_cards("Ah Kd")))
    assert state.dealer == 0 and state.scores == (0, 3)
    assert [e.kind for e in state.events][-2:] == ["dealer", "compensation"]


def test_equal_cuts_are_cut_again_and_the_high_cut_may_deal() -> None:
    state = new_game(load_rules("cribbage"), 2).apply(Action("cut", None, parse_cards("5h 5d")))
    assert state.phase is Phase.CUT
    state = new_game(load_rules("cribbage", ["deal.first_dealer=high_cut"]), 2)
    assert state.apply(Action("cut", None, parse_cards("2h Kd"))).dealer == 1


def _dealers(state: GameState) -> list[int]:
    return [e.seat for e in state.events if e.kind == "deal" and e.seat is not None]


def test_the_deal_passes_left_or_right_each_deal_or_each_game() -> None:
    players = [RandomPlayer()] * 4
    left = run_game(new_game(load_rules("willughby"), 4), players, random.Random(3))
    dealers = _dealers(left)
    assert all((b - a) % 4 == 1 for a, b in itertools.pairwise(dealers))
    right = run_game(new_game(load_rules("noddy-rules"), 4), players, random.Random(3))
    dealers = _dealers(right)
    assert len(dealers) > 2 and all((a - b) % 4 == 1 for a, b in itertools.pairwise(dealers))
    fixed = load_rules("noddy-rules", ["deal.rotation_per=game"])
    assert len(set(_dealers(run_game(new_game(fixed, 2), players, random.Random(3))))) == 1


def test_dealing_on_from_the_stock_without_reshuffling() -> None:
    """K33, G04: 2 players take 7 cards a deal, so a pack gives 7 deals before a new shuffle."""
    rules = load_rules("strawberry", ["deal.reshuffle=false", "game.target=200"])
    state = run_game(new_game(rules, 2), [GreedyPlayer(), GreedyPlayer()], random.Random(5))
    shuffles = sum(1 for a in state.history if a.kind == "shuffle")
    assert state.deal_number > 7
    assert shuffles == -(-state.deal_number // 7)


def test_reset_after_31_and_go_in_cribbage_until_every_card_is_played() -> None:
    state = run_game(new_game(load_rules("cribbage"), 2), [GreedyPlayer()] * 2, random.Random(2))
    deal_events: list[str] = []
    for event in state.events:
        if event.kind == "deal":
            deal_events = []
        deal_events.append(event.kind)
        if event.kind == "play_end":
            assert deal_events.count("play") == 8, "all 8 cards are played in the six-card game"
            break


def test_lurch_counted_when_the_game_ends() -> None:
    state = run_game(new_game(load_rules("cribbage"), 2), [GreedyPlayer(), RandomPlayer()], random.Random(1))
    loser = min(state.scores)
    assert state.stake == state.rules.game.stake(loser)


def test_named_cards_announced_without_showing_are_called_by_name() -> None:
    """K38 on: the announcement names Flat Back (the card is in the call); the rest stays hidden."""
    from noddy.cli.render import event_text
    from noddy.words import announce

    state = dealt("noddy-rules", {0: "Ks Qh 2c", 1: "7d 8s 9s"}, "3d", ("special_cards.enabled=true",))
    state = state.apply(Action.count(0))
    seen_by_b = state.view(1).events[-1]
    assert "Flat Back" in announce(seen_by_b.items, state.rules)
    assert "Countenance" in (event_text(seen_by_b, ["A", "B"], state.rules, False) or "")
    named = {c for item in seen_by_b.items for c in item.cards}
    assert named == set(parse_cards("Ks Qh"))


def test_where_players_may_stop_a_go_still_needs_a_count() -> None:
    """K20 'may stop': Go is offered once cards are on the pile, never at an empty count."""
    state = dealt("noddy-rules", E06, "6h", ("play.must_play=false",)).apply(Action.count(0))
    state = state.apply(Action.count(1))
    assert Action.go(0) not in state.legal_actions()
    state = state.apply(Action.play(0, parse_card("4d")))
    assert Action.go(1) in state.legal_actions()


def test_equal_cuts_are_an_event_of_their_own_and_said_so() -> None:
    from noddy.game import EventKind

    state = new_game(load_rules("cribbage"), 2).apply(Action("cut", None, parse_cards("5h 5d")))
    event = state.events[-1]
    assert event.kind == EventKind.CUT_AGAIN
    line = event_line(event, ["You", "Greedy"], state.rules, False)
    assert line is not None and line.text == "Cut for the deal: You 5♥, Greedy 5♦ (equal: cut again)"


def test_a_declaration_is_one_action_with_a_range_not_a_hundred() -> None:
    """K26: while a hand is counted, the legal actions are ``count`` and the declare family."""
    state = dealt("noddy-rules", E06, "6h")
    legal = state.legal_actions()
    assert list(legal) == [Action.count(0)] and len(legal) == 1
    assert legal.declare is not None and legal.declare.points == range(0, 100)
    assert Action.declare(0, 12) in legal and Action.declare(0, 0) in legal and Action.declare(0, 99) in legal
    assert Action.declare(0, 100) not in legal and Action.declare(1, 12) not in legal
    assert state.view(0).declare == range(0, 100) and state.view(1).declare is None
    assert state.view(0).to_json()["declare"] == {"min": 0, "max": 99}
    assert state.view(0).to_json()["legal"] == ["count"]
    assert "from 0 to 99 points, not 100" in state.why_illegal(Action.declare(0, 100))
    with pytest.raises(
        IllegalActionError, match="seat 0 declare 100 refused in count: a declared count is from 0"
    ):
        state.apply(Action.declare(0, 100))


def test_the_reason_a_go_is_refused_comes_from_the_one_check() -> None:
    state = dealt("noddy-rules", E06, "6h").apply(Action.count(0)).apply(Action.count(1))
    view = state.view(0)
    assert Action.go(0) not in view.legal
    assert (
        view.why_not(Action.go(0))
        == state.why_illegal(Action.go(0))
        == "you can lay a card within 31, and must"
    )
    assert view.why_not(Action.play(0, parse_card("4d"))) == ""


def test_actions_compare_equal_whatever_the_order_of_their_cards() -> None:
    a, b = parse_cards("6d 5h")
    assert Action("discard", 0, (a, b)) == Action("discard", 0, (b, a)) == Action.discard(0, (a, b))
    assert hash(Action("discard", 0, (a, b))) == hash(Action.parse("discard 5h 6d", 0))


@pytest.mark.parametrize(
    "text", ["", "flop 5h", "play", "declare x", "declare \u00b2", "declare \u0663", "go now", "play Zz"]
)
def test_text_that_does_not_parse_is_a_notation_error_not_an_illegal_action(text: str) -> None:
    with pytest.raises(NotationError) as err:
        Action.parse(text, 0)
    assert not isinstance(err.value, IllegalActionError)


def test_a_finished_game_is_replayed_with_every_card_face_up() -> None:
    rules = load_rules("cribbage")
    playing = new_game(rules, 2)
    with pytest.raises(IllegalActionError, match="only once the game is over"):
        playing.replay()
    final = run_game(playing, [GreedyPlayer(), GreedyPlayer()], random.Random(4))
    positions = list(final.replay())
    assert len(positions) == len(final.history) + 1 and positions[-1][0].scores == final.scores
    for state, view in positions:
        assert view.seat is None and view.hands == state.hands and view.cribs == state.cribs
        assert view.events == state.events
    dealt_view = next(view for state, view in positions if state.phase is Phase.DISCARD)
    assert all(len(hand) == 6 for hand in dealt_view.hands)
    assert dealt_view.to_json()["hands"] == [[str(c) for c in hand] for hand in dealt_view.hands]
    assert "hands" not in final.view(None).to_json() and final.view(0).hands == ()


@pytest.mark.parametrize(
    ("players", "partners", "sides"), [(2, False, [[0], [1]]), (4, True, [[0, 2], [1, 3]])]
)
def test_the_view_says_whose_side_each_seat_is_on(
    players: int, partners: bool, sides: list[list[int]]
) -> None:
    state = new_game(load_rules("cribbage"), players, partners=partners)
    data = state.view(0).to_json()
    assert data["side_seats"] == sides and [state.side_of(s) for s in range(players)] == data["side_of"]
    assert state.side_seats() == tuple(tuple(s) for s in sides)


def test_the_board_has_as_many_holes_as_the_target_or_31_for_one_deal() -> None:
    assert new_game(load_rules("cribbage"), 2).view(0).board_holes == 121
    assert new_game(load_rules("early-cribbage"), 2).view(None).to_json()["board_holes"] == 61
    assert new_game(load_rules("french"), 2).view(0).board_holes == 31


@pytest.mark.parametrize(
    ("overrides", "players", "partners", "says"),
    [
        ((), 3, True, "partnerships need 4 players, not 3"),
        (("table.partners=never",), 4, True, "table.partners is 'never'"),
        ((), 4, False, "table.partners is 'always'"),
    ],
)
def test_a_partners_setting_the_rules_refuse_is_a_rules_error_not_an_illegal_action(
    overrides: tuple[str, ...], players: int, partners: bool, says: str
) -> None:
    with pytest.raises(RulesError, match=says) as err:
        new_game(load_rules("cribbage", overrides), players, partners=partners)
    assert not isinstance(err.value, IllegalActionError)
