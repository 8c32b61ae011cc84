"""The review of a game: a planted blunder is found and ranked first; the strong player's own moves
lose (near) nothing; only the reviewed seat's view is used."""

from __future__ import annotations

import json
import random

import pytest

from helpers import muggins_deal, play
from noddy.cards import Rank
from noddy.errors import NoddyError
from noddy.game import Action, EventKind, GameState, Phase, new_game
from noddy.players import GreedyPlayer, RandomPlayer, StrongPlayer
from noddy.record import GameRecord, Seat
from noddy.review import review_game, review_record
from noddy.rules import load_rules


def fives_to_the_dealer(state: GameState) -> Action | None:
    """Seat 0, the pone, lays its pair of 5s in the dealer's crib."""
    if state.phase is not Phase.DISCARD or state.dealer == 0:
        return None
    fives = [c for c in state.hands[0] if c.rank is Rank.FIVE]
    return Action.discard(0, fives[:2]) if len(fives) >= 2 else None


def first_deal(seed: int) -> GameState:
    """The first deal of the game from ``seed``, up to the lay-away."""
    rng = random.Random(seed)
    state = new_game(load_rules("cribbage"), 2)
    while state.chance() is not None:
        state = state.apply(state.chance().sample(rng))  # type: ignore[union-attr]
    return state


def test_a_pair_of_fives_given_to_the_dealer_is_the_biggest_mistake() -> None:
    seed = next(s for s in range(500) if fives_to_the_dealer(first_deal(s)) is not None)
    state = play([GreedyPlayer(), GreedyPlayer()], deals=2, seed=seed, plant=fives_to_the_dealer)
    found = review_game(GameRecord.start(state, [Seat("a"), Seat("b")]).states(), 0)
    worst = found.decisions[0]
    assert worst.chosen.kind == "discard" and worst.deal == 1
    assert {c.rank for c in worst.chosen.cards} == {Rank.FIVE}
    assert worst.loss > 3 and worst.crib == "theirs"
    assert worst.best != worst.chosen
    assert worst.values[0][0] == worst.best
    chosen_value = dict(worst.values)[worst.chosen]
    assert worst.loss == pytest.approx(worst.values[0][1] - chosen_value)
    assert all(worst.loss >= d.loss for d in found.decisions)
    data = found.to_json()
    assert data["reviewed"][0]["chosen"] == str(worst.chosen)
    assert json.loads(json.dumps(data)) == data


def test_the_strong_players_own_moves_lose_near_nothing() -> None:
    state = play([StrongPlayer(), GreedyPlayer()], deals=2, seed=7)
    strong = review_game(GameRecord.start(state, [Seat("s"), Seat("g")]).states(), 0)
    assert strong.decisions
    assert all(d.loss == 0 for d in strong.decisions if d.chosen.kind == "discard")
    assert strong.lost < 2.5
    state = play([RandomPlayer(), GreedyPlayer()], deals=2, seed=7)
    loose = review_game(GameRecord.start(state, [Seat("r"), Seat("g")]).states(), 0)
    assert loose.lost > 3 * max(strong.lost, 1)


def test_the_review_reads_only_the_seats_own_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every position weighed is the reviewed seat's view: the views asked for are its own."""
    state = play([GreedyPlayer(), GreedyPlayer()], deals=1, seed=3)
    asked: list[int | None] = []
    original = GameState.view

    def spy(self: GameState, seat: int | None) -> object:
        asked.append(seat)
        return original(self, seat)

    monkeypatch.setattr(GameState, "view", spy)
    found = review_game(GameRecord.start(state, [Seat("a"), Seat("b")]).states(), 1)
    assert found.decisions and set(asked) == {1}


def test_a_seat_not_at_the_table_is_refused() -> None:
    state = play([GreedyPlayer(), GreedyPlayer()], deals=1, seed=3)
    with pytest.raises(NoddyError, match="seat 2 is not at this table: choose a seat from 0 to 1"):
        review_record(GameRecord.start(state, [Seat("a"), Seat("b")]), 2)


def test_a_count_is_reviewed_with_the_cards_counted_not_the_empty_hand_after_the_play() -> None:
    state = muggins_deal(4)
    every = list(GameRecord.start(state, [Seat("a"), Seat("b")]).states())
    states = every[max(i for i, s in enumerate(every) if s.phase is Phase.PLAY) :]  # the counts on
    declared = [d for d in review_game(states, 0).decisions if d.chosen.kind == "declare"]
    assert declared and all(d.counting in ("hand", "crib") for d in declared)
    counted = {(e.subject, e.cards) for e in state.events if e.kind == EventKind.DECLARE and e.seat == 0}
    assert {(d.counting, d.hand) for d in declared} == counted
    assert all(len(d.hand) == 4 for d in declared)
    claims = [d for d in review_game(states, 1).decisions if d.chosen.kind in ("muggins", "pass")]
    assert claims and all(d.counting == "muggins" and d.hand in {c for _, c in counted} for d in claims)
    assert declared[0].to_json()["counting"] == declared[0].counting
