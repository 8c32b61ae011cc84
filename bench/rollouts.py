"""``bench/rollouts.py``: what keeping the others' lay-aways saves the lay-away's rollouts (rollout.c).

`noddy.engine.lay_away_outcomes` plays, in each sampled deal, the rest of the deal after every
discard weighed; the other seats' greedy lay-aways in a sample do not depend on which discard the
seat weighs (no seat sees another's), so the kernel works them out once a sample and keeps them
for every discard. Weighing each discard alone in its own call works them out again for each, as
every call did before: that is the baseline, measured in the same run, interleaved round by round,
by CPU time (the baseline deals each sample again for each discard too, a small part of a
playout). All the discards is the review's case, 4 the strong player's. The outcomes are the
same either way (`tests/players/test_lay_away_model.py`).

    .venv/bin/python bench/rollouts.py [--presets cribbage,five-card-cribbage] [--rounds 5]
                                       [--discards 4]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from noddy.engine import lay_away_outcomes
from noddy.game import Action, ActionKind, PlayerView, new_game
from noddy.players import GreedyPlayer
from noddy.rules import load_rules


def lay_aways(
    preset: str, players: int, count: int, seed: int, discards: int
) -> list[tuple[PlayerView, list[Action]]]:
    """``count`` views at a lay-away with a choice, from greedy games of ``preset``, with their first
    ``discards`` legal discards (all: 0)."""
    rules, rng, greedy = load_rules(preset), random.Random(seed), GreedyPlayer()
    state = new_game(rules, players)
    found: list[tuple[PlayerView, list[Action]]] = []
    while len(found) < count:
        if state.is_over:
            state = new_game(rules, players)
        outcome = state.chance()
        if outcome is not None:
            state = state.apply(outcome.sample(rng))
            continue
        assert state.to_act is not None
        view = state.view(state.to_act)
        if view.legal[0].kind == ActionKind.DISCARD and len(view.legal) > 1:
            found.append((view, list(view.legal)[: discards or None]))
        state = state.apply(greedy.choose(view, view.legal, rng))
    return found


def together(cases: list[tuple[PlayerView, list[Action]]], samples: int) -> None:
    for view, legal in cases:
        lay_away_outcomes(view, legal, samples, 7)


def alone(cases: list[tuple[PlayerView, list[Action]]], samples: int) -> None:
    for view, legal in cases:
        for action in legal:
            lay_away_outcomes(view, [action], samples, 7)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default="cribbage,five-card-cribbage,early-cribbage")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--samples", type=int, default=200, help="deals a lay-away (the strong player's)")
    parser.add_argument("--views", type=int, default=8, help="lay-aways a preset")
    parser.add_argument(
        "--discards", type=int, default=0, help="discards weighed a lay-away (default all; strong: 4)"
    )
    args = parser.parse_args(argv)
    print("preset: CPU s a round, all discards in one call / each alone (the baseline); ratio")
    for preset in args.presets.split(","):
        cases = lay_aways(preset, 2, args.views, 1, args.discards)
        kept: list[float] = []
        base: list[float] = []
        for _ in range(args.rounds):
            for into, run in ((kept, together), (base, alone)):
                start = time.process_time()
                run(cases, args.samples)
                into.append(time.process_time() - start)
        a, b = statistics.median(kept), statistics.median(base)
        choices = statistics.mean(len(legal) for _, legal in cases)
        print(
            f"{preset}: {a:.3f} / {b:.3f} s ({args.views} lay-aways of {choices:.0f} discards, "
            f"{args.samples} deals, median of {args.rounds} rounds): {b / a:.2f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
