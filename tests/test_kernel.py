"""The compiled kernel against the readable engine: the same games, action by action.

The engine (`noddy.game`) is the reference. Random games of every preset, at every table it allows
(with and without partners where both are allowed), and of house readings no preset uses, are
played through both in lockstep: the Python driver draws chance and chooses among the engine's legal
actions (sometimes declaring a count, near the true one, to reach corrections and muggins), feeds
the same action to both, and after each one the kernel must list the same legal actions and show
the same scores, phase, seat to act and events (kind, seat, points).
"""

from __future__ import annotations

import os
import random

import pytest

from noddy.game import Action, GameState, count_items, new_game
from noddy.kernel import KernelState, unavailable, unsupported
from noddy.rules import Rules, load_rules, preset_names
from noddy.scoring import total

REQUIRED = os.environ.get("NODDY_REQUIRE_KERNEL") == "1"

pytestmark = pytest.mark.skipif(bool(unavailable()) and not REQUIRED, reason="the kernel is not built")

HOUSE = [
    (
        "cribbage",
        ["combinations.pairs_by=value", "combinations.ace=high_or_low", "hand.twenty_five=per_card"],
    ),
    ("cribbage", ["combinations.ace=around", "hand.thirty_one=2", "hand.flush=held_five", "crib.flush=any"]),
    ("cribbage", ["special_cards.enabled=true", "special_cards.scored_in=both", "play.combinations=best"]),
    (
        "cribbage",
        ["special_cards.enabled=true", "special_cards.turnup_counts=false", "turnup.jack_also_in_hand=true"],
    ),
    ("cribbage", ["hand.wrong_count=muggins", "hand.when=before_play", "turnup.jack_when=in_announcement"]),
    ("cribbage", ["hand.wrong_count=stands", "hand.order=dealer_first", "table.direction=right"]),
    ("cribbage", ["hand.wrong_count=muggins", "crib.when=before_play", "hand.knave_when=at_start"]),
    (
        "cribbage",
        ["hand.knave_when=in_play", "play.must_play=false", "deal.rotation=right", "game.win_at_once=false"],
    ),
    ("cribbage", ["turnup.when=before_lay_away", "turnup.jack_to=elder", "deal.first_dealer=high_cut"]),
    ("cribbage", ["deal.reshuffle=false", "deal.rotation_per=game", "deal.first_dealer=any"]),
    ("cribbage", ["game.end=single_deal", "play.twenty_five=per_card", "play.thirty_one_extra=2"]),
    ("strawberry", ["play.go_round=next_only", "play.flush=true", "combinations.run_values={3 = 5, 4 = 8}"]),
    ("willughby", ["hand.wrong_count=muggins", "deal.reshuffle=false", "play.series=reset"]),
    ("crib-noddy-new", ["hand.wrong_count=muggins", "hand.flush_three_of_four=false"]),
    ("french", ["hand.wrong_count=muggins", "hand.when=after_play", "turnup.when=before_lay_away"]),
]
"""House readings no preset uses, so that every option the kernel reads is played."""


def tables(rules: Rules) -> list[tuple[int, bool | None]]:
    """Every table of ``rules``: each player count, and both seatings where partners are optional."""
    out: list[tuple[int, bool | None]] = []
    for n in rules.player_counts:
        if n == 4 and rules.table.partners == "optional":
            out += [(4, True), (4, False)]
        else:
            out.append((n, None))
    return out


def choose(state: GameState, rng: random.Random, declare_rate: float) -> Action:
    """The driver's next action: chance, or a legal action of the seat to act (now and then a
    declared count near the true one)."""
    chance = state.chance()
    if chance is not None:
        return chance.sample(rng)
    legal = state.legal_actions()
    if legal.declare is not None and rng.random() < declare_rate:
        true = total(count_items(state, state.tasks[0]))
        return Action.declare(legal.declare.seat, max(0, min(99, true + rng.choice((-3, -1, 0, 1, 2)))))
    return rng.choice(legal)


def lockstep(rules: Rules, players: int, partners: bool | None, seed: int, declare_rate: float = 0.2) -> int:
    """Play one game through both engines; return the number of actions compared."""
    rng = random.Random(seed)
    state = new_game(rules, players, partners=partners)
    kernel = KernelState(rules, players, partners)
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        where = f"{rules.name} {players} players seed {seed} step {steps} ({state.phase.value})"
        assert set(kernel.legal_actions()) == set(legal), where
        action = choose(state, rng, declare_rate)
        before = len(state.events)
        state = state.apply(action)
        kernel.apply(action)
        expected = [(e.kind, e.seat, e.points) for e in state.events[before:]]
        assert kernel.events() == expected, f"{where}: {action}"
        assert (kernel.scores, kernel.phase, kernel.to_act) == (state.scores, state.phase, state.to_act), (
            where
        )
        steps += 1
    assert kernel.winner == state.winner and kernel.legal_actions() == []
    return steps


def cases() -> list[tuple[str, tuple[str, ...], int, bool | None]]:
    out = []
    for name in preset_names():
        for n, partners in tables(load_rules(name)):
            out.append((name, (), n, partners))
    for name, overrides in HOUSE:
        rules = load_rules(name, overrides)
        for n, partners in tables(rules):
            out.append((name, tuple(overrides), n, partners))
    return out


CASES = cases()


def _id(case: tuple[str, tuple[str, ...], int, bool | None]) -> str:
    name, overrides, n, partners = case
    return f"{name}{'+' + ','.join(overrides) if overrides else ''}-{n}{'p' if partners else ''}"


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_the_kernel_plays_every_rule_set_as_the_engine_does(
    case: tuple[str, tuple[str, ...], int, bool | None],
) -> None:
    name, overrides, n, partners = case
    rules = load_rules(name, overrides)
    assert unsupported(rules, n) == ""
    for seed in range(2):
        lockstep(rules, n, partners, seed)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_the_kernel_plays_thousands_of_games_as_the_engine_does(
    case: tuple[str, tuple[str, ...], int, bool | None],
) -> None:
    name, overrides, n, partners = case
    rules = load_rules(name, overrides)
    for seed in range(100, 160):
        lockstep(rules, n, partners, seed)
