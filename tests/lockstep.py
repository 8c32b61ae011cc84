"""One game played through the readable engine and the compiled kernel in lockstep, action by action
(`tests/kernel/test_kernel.py` plays every preset and house reading so; other tests play a rule set
they make)."""

from __future__ import annotations

import random

from noddy.game import Action, GameState, count_items, new_game
from noddy.kernel import KernelState
from noddy.rules import Rules
from noddy.scoring import total


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
        assert kernel.legal_actions() == list(legal), where
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
