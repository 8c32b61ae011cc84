"""The OpenSpiel game ``python_noddy``: every preset loads and passes OpenSpiel's random simulation
test; chance deals card by card; information strings hold no hidden card; the resampler keeps
what the player knows; a state serialises and comes back."""

from __future__ import annotations

import random
import re

import pytest

from helpers import spiel_play, sweep

pyspiel = pytest.importorskip("pyspiel")

from noddy.cards import parse_card  # noqa: E402
from noddy.game import GameState, new_game  # noqa: E402
from noddy.research.openspiel import Resampler, register  # noqa: E402
from noddy.rules import load_rules, preset_names  # noqa: E402
from reveal import known_until  # noqa: E402

TABLES = [(name, n) for name in preset_names() for n in load_rules(name).player_counts]
CARD = re.compile(r"(?<![\w.])(10|[2-9AJQK])([cdhs♣♦♥♠])(?![\w])")
SIGNS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}

register()


def load(name: str, players: int = 2, declare: bool = True) -> pyspiel.Game:
    return pyspiel.load_game("python_noddy", {"rules": name, "players": players, "declare": declare})


random_play = spiel_play


@pytest.mark.parametrize(("name", "players"), sweep(TABLES))
def test_every_preset_passes_openspiels_random_simulation_test(name: str, players: int) -> None:
    game = load(name, players)
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_game_type_says_zero_sum_at_every_table() -> None:
    for players in (2, 3, 4):
        assert load("cribbage", players).get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_a_deal_is_drawn_card_by_card_for_the_cards_it_uses() -> None:
    game = load("cribbage")
    state = game.new_initial_state()
    for _ in range(2):  # the cut for the first deal: a card a seat
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(outcomes[0][0] if state.history() == [] else outcomes[-1][0])
    draws = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 52 - draws
        state.apply_action(outcomes[0][0])
        draws += 1
    assert draws == 2 * 6 + 1  # six cards each and the turn-up
    assert state.noddy.turnup is not None


@pytest.mark.parametrize("name", ["cribbage", "willughby", "crib-noddy-new"])
def test_an_information_string_names_no_card_its_seat_may_not_know(name: str) -> None:
    game = load(name)
    state = random_play(game.new_initial_state(), random.Random(4))
    final: GameState = state.noddy
    states = [new_game(final.rules, final.players, partners=final.partners)]
    for action in final.history:
        states.append(states[-1].apply(action))
    known = [known_until(states, seat) for seat in range(2)]
    replay = game.new_initial_state()
    named_at_all = 0
    for at, action in enumerate(state.history()):
        if not replay.is_chance_node():
            for seat in range(2):
                text = replay.information_state_string(seat)
                named = {parse_card(rank + SIGNS.get(suit, suit)) for rank, suit in CARD.findall(text)}
                allowed = known[seat][len(replay.noddy.history)]
                assert named <= allowed, (seat, at, sorted(map(str, named - allowed)))
                named_at_all += len(named)
        replay.apply_action(action)
    assert named_at_all > 100


@pytest.mark.parametrize(("name", "players"), [("cribbage", 2), ("willughby", 2), ("crib-noddy-new", 3)])
def test_the_information_string_says_what_the_seat_knows_in_words_and_cards(name: str, players: int) -> None:
    """No Python object in it (it was 22,000 characters of ``ScoreItem(kind=Kind.FIFTEEN,
    cards=(Card.parse('7s'), ...)`` in a cribbage game): a line a thing the seat saw, in the
    table's words, cards with their suit signs: its cards dealt, its own lay-away, the turn-up,
    every card played by whom, the counts."""
    game = pyspiel.load_game("python_noddy", {"rules": name, "players": players})
    state = random_play(game.new_initial_state(), random.Random(7))
    final: GameState = state.noddy
    for seat in range(players):
        text = state.information_state_string(seat)
        for token in ("ScoreItem", "Card.parse", "Kind.", "None", "()", "|", "=(", "='"):
            assert token not in text, token
        assert not re.search(r"(?<![\w.])(10|[2-9AJQK])[cdhs](?![\w])", text)  # no card in notation
        assert text.startswith(f"You are seat {seat}.\n")
        lines = text.splitlines()
        for action in final.history:
            if action.kind.value == "play":
                who = "You play" if action.seat == seat else f"Seat {action.seat} plays"
                played = f"{who} {action.cards[0].pretty}, count "
                assert any(line.startswith(played) for line in lines), played
            elif action.kind.value == "discard" and action.seat == seat:
                assert f"You: lay away {' '.join(c.pretty for c in action.cards)}" in lines
        dealt = [line for line in lines if line.startswith("You are dealt ")]
        assert len(dealt) == final.deal_number
        if final.turnup is not None:
            assert f"Turned up: {final.turnup.pretty}" in lines


@pytest.mark.parametrize("name", sweep(["cribbage", "willughby", "four-card"]))
def test_a_resampled_state_keeps_what_the_player_knows_and_changes_what_it_does_not(name: str) -> None:
    game = load(name, declare=False)
    rng = random.Random(2)
    resample = Resampler(rng)
    moved = 0
    state = game.new_initial_state()
    for _ in range(12):
        state = random_play(state, rng, moves=1)
        if state.is_terminal():
            break
        while state.is_chance_node():
            outcomes, _ = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes))
        player = state.current_player()
        other = state.noddy.hands[1 - player]
        for _ in range(3):
            again = resample(state, player)
            assert again.information_state_string(player) == state.information_state_string(player)
            assert again.legal_actions() == state.legal_actions()
            assert again.noddy.hands[player] == state.noddy.hands[player]
            moved += again.noddy.hands[1 - player] != other
    assert moved > 0


def test_a_state_serialises_and_comes_back() -> None:
    game = load("willughby")
    state = random_play(game.new_initial_state(), random.Random(9), moves=6)
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert str(again_game) == str(game)
    assert str(again) == str(state)
    assert again.information_state_string(0) == state.information_state_string(0)
    assert again.history() == state.history()
