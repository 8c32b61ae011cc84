"""Game-level rules played through the engine: stakes (lurch, skunk), the non-dealer's start points,
dealing on without reshuffling (rules reference §4.4, E22-E25, G04, G06), and the card turned up
before or after laying away.

The [[game]] vectors of tests/vectors/games.toml (wins in the middle of a deal) are replayed by
tests/game/test_game_vectors.py.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable
from typing import Any

import pytest

import paths
from helpers import dealt
from noddy.cards import parse_card, parse_cards
from noddy.game import Action, GameState, Phase, new_game
from noddy.players import RandomPlayer
from noddy.rules import load_rules

GAMES = tomllib.loads((paths.VECTORS / "games.toml").read_text(encoding="utf-8"))


def _ids(rows: list[dict[str, Any]]) -> list[str]:
    return [row["id"] for row in rows]


def _step(state: GameState, rng: random.Random) -> GameState:
    """One action: a chance outcome, or a random player's choice from its own view."""
    chance = state.chance()
    if chance is not None:
        return state.apply(chance.sample(rng))
    assert state.to_act is not None
    view = state.view(state.to_act)
    return state.apply(RandomPlayer().choose(view, view.legal, rng))


def _play_until(state: GameState, done: Callable[[GameState], bool], seed: int) -> GameState:
    rng = random.Random(seed)
    while not state.is_over and not done(state):
        state = _step(state, rng)
    return state


def _lay_away(state: GameState) -> GameState:
    while state.phase is Phase.DISCARD:
        state = state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("case", GAMES["margin"], ids=_ids(GAMES["margin"]))
def test_lurch_and_skunk_margins(case: dict[str, Any]) -> None:
    """The dealer, 2 short of the target, turns up a Jack and wins at once: the win counts as many
    games as the loser's score says (E22-E24, G06)."""
    target = load_rules(case["rules"], case["set"]).game.target
    state = dealt(case["rules"], {}, "Jd", case["set"], scores=[case["loser_score"], target - 2])
    state = _lay_away(state)
    assert state.is_over and state.winner == 1
    assert state.scores == (case["loser_score"], case["winner_score"])
    assert state.stake[1] == case["games"], case["source"]
    assert state.events[-1].kind == "win" and state.stake[0] in state.events[-1].text


@pytest.mark.parametrize("case", GAMES["start"], ids=_ids(GAMES["start"]))
def test_compensation_before_the_first_deal(case: dict[str, Any]) -> None:
    """The non-dealer pegs his start points once a game, before the first deal and not again (E25)."""
    state = new_game(load_rules(case["rules"], case["set"]), 2)
    state = state.apply(Action("cut", None, parse_cards("Ah Kd")))
    non_dealer, dealer = case["players"]
    assert state.scores[state.elder] == case["scores"][non_dealer]
    assert state.scores[state.dealer] == case["scores"][dealer]
    state = _play_until(state, lambda s: s.deal_number >= 3, seed=7)
    assert [e.kind for e in state.events].count("compensation") == 1


@pytest.mark.parametrize("case", GAMES["pack"], ids=_ids(GAMES["pack"]))
def test_dealing_on_without_reshuffling(case: dict[str, Any]) -> None:
    """One pack gives ``deals`` deals; the next shuffle comes with ``left_over`` cards unused (G04)."""
    rules = load_rules(case["rules"], [*case["set"], "game.target=500"])
    assert not rules.deal.reshuffle
    state = new_game(rules, case["players"])
    rng = random.Random(11)
    shuffles: list[tuple[int, int]] = []
    while state.deal_number <= case["deals"]:
        chance = state.chance()
        if chance is not None and chance.kind == "shuffle":
            shuffles.append((state.deal_number, len(state.stock)))
        state = _step(state, rng)
    assert shuffles == [(0, 0), (case["deals"], case["left_over"])], case["source"]


def test_a_fresh_shuffle_every_deal_by_default() -> None:
    state = new_game(load_rules("strawberry", ["game.target=500"]), 2)
    state = _play_until(state, lambda s: s.deal_number >= 9, seed=3)
    assert sum(1 for a in state.history if a.kind == "shuffle") == 9


# -- the turn-up before or after laying away ------------------------------------------------------

ELDER, DEALER = 0, 1
HANDS = {ELDER: "2c 3c 4h 9s Kd", DEALER: "6d 8s 9h Qc Ah"}


def _turned(state: GameState) -> bool:
    return any(e.kind == "turnup" for e in state.events)


@pytest.mark.parametrize("preset", ["early-cribbage", "crib-noddy-new", "cribbage"])
def test_presets_lay_away_before_the_turn_up(preset: str) -> None:
    """Every preset with a crib keeps the order it always had: lay away first, then turn up."""
    assert load_rules(preset).turnup.when == "after_lay_away"


def test_turn_up_after_laying_away_is_hidden_while_cards_are_laid_away() -> None:
    state = dealt("early-cribbage", HANDS, "Jd")
    assert state.phase is Phase.DISCARD and not _turned(state) and state.scores == (0, 0)
    assert state.view(ELDER).turnup is None and state.view(None).turnup is None
    state = state.apply(state.legal_actions()[0])
    assert state.to_act == DEALER and state.view(DEALER).turnup is None
    state = state.apply(state.legal_actions()[0])
    kinds = [e.kind for e in state.events]
    assert kinds[-4:] == ["discard", "discard", "turnup", "turned_jack"]
    assert state.view(ELDER).turnup == parse_card("Jd") and state.scores == (0, 2)


def test_turn_up_before_laying_away_is_seen_and_paid_before_cards_are_laid_away() -> None:
    state = dealt("early-cribbage", HANDS, "Jd", ["turnup.when=before_lay_away"])
    kinds = [e.kind for e in state.events]
    assert kinds[-3:] == ["deal", "turnup", "turned_jack"] and state.scores == (0, 2)
    assert state.phase is Phase.DISCARD and state.to_act == ELDER
    assert state.view(ELDER).turnup == parse_card("Jd") == state.view(None).turnup
    state = _lay_away(state)
    kinds = [e.kind for e in state.events]
    assert kinds.count("turnup") == 1 and kinds.count("turned_jack") == 1
    assert kinds[-2:] == ["discard", "discard"] and state.phase is Phase.COUNT


def test_a_jack_turned_before_laying_away_can_win_before_anyone_lays_away() -> None:
    state = dealt("early-cribbage", HANDS, "Jd", ["turnup.when=before_lay_away"], scores=[40, 59])
    assert state.is_over and state.winner == DEALER and state.scores == (40, 61)
    assert not any(e.kind == "discard" for e in state.events)


@pytest.mark.parametrize("when", ["after_lay_away", "before_lay_away"])
@pytest.mark.parametrize(
    ("preset", "players"), [("early-cribbage", 2), ("crib-noddy-new", 3), ("cribbage", 4)]
)
def test_whole_games_show_the_turn_up_to_those_laying_away_only_when_the_rules_say(
    preset: str, players: int, when: str
) -> None:
    state = new_game(load_rules(preset, [f"turnup.when={when}", "game.target=200", "game.lurch=[]"]), players)
    rng = random.Random(f"{preset} {when}")
    discards_seen = 0
    while not state.is_over and state.deal_number < 6:
        if state.phase is Phase.DISCARD:
            discards_seen += 1
            view = state.view(state.to_act)
            deal_events = [e.kind for e in view.events[_last_deal(view.events) :]]
            if when == "before_lay_away":
                assert view.turnup == state.turnup and deal_events[:2] == ["deal", "turnup"]
            else:
                assert view.turnup is None and "turnup" not in deal_events
        state = _step(state, rng)
    assert discards_seen >= players * 5
    deals = _split_deals([e.kind for e in state.events])
    for kinds in deals:
        if "discard" in kinds and "turnup" in kinds:
            first_discard, turnup = kinds.index("discard"), kinds.index("turnup")
            assert (turnup < first_discard) == (when == "before_lay_away")
            assert turnup == (1 if when == "before_lay_away" else len(kinds) - kinds[::-1].index("discard"))


def _last_deal(events: tuple[Any, ...]) -> int:
    return max(i for i, e in enumerate(events) if e.kind == "deal")


def _split_deals(kinds: list[str]) -> list[list[str]]:
    starts = [i for i, k in enumerate(kinds) if k == "deal"]
    return [kinds[a:b] for a, b in zip(starts, [*starts[1:], len(kinds)], strict=True)]
