"""What the perfect-recall information-state tensor costs (issue 28 item 5): random games of the
OpenSpiel game ``python_noddy`` stepped three ways in interleaved rounds, by CPU time, the same
seeds each way: stepping only (the baseline), stepping and reading the observation tensor of the
player to act at every decision, and stepping and reading its information-state tensor instead,
as OpenSpiel hands it out (a list of floats) or in its sparse form
(``NoddyState.information_state_sparse``: the places of its non-zero numbers and the numbers).
It prints each way's CPU seconds a game and what a read adds a decision, the tensors' sizes, and
the sparse form's bytes (mean and largest over the decisions of the games played).

    PYTHONPATH=src nice python bench/recall.py --games 10 --rounds 3
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import pyspiel

from noddy.research.openspiel import register

Read = Callable[[Any, int], Any] | None
WAYS: dict[str, Read] = {
    "step only": None,
    "observation": lambda state, seat: state.observation_tensor(seat),
    "information state": lambda state, seat: state.information_state_tensor(seat),
    "sparse": lambda state, seat: state.information_state_sparse(seat),
}


def sparse_bytes(state: Any, seat: int) -> int:
    indices, values = state.information_state_sparse(seat)
    return int(indices.nbytes + values.nbytes)


def play(game: Any, seed: int, read: Read) -> int:
    """One random game from ``seed``, ``read`` at every decision; the decisions made."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        if read is not None:
            read(state, state.current_player())
        decisions += 1
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    return decisions


def measure(name: str, games: int, rounds: int) -> None:
    game = pyspiel.load_game("python_noddy", {"rules": name})
    seconds = dict.fromkeys(WAYS, 0.0)
    decisions = 0
    for r in range(rounds):
        for way, read in WAYS.items():
            start = time.process_time()
            made = sum(play(game, 1000 * r + g, read) for g in range(games))
            seconds[way] += time.process_time() - start
            if read is None:
                decisions += made
    played = games * rounds
    base = seconds["step only"]
    print(
        f"{name}: {played} games, {decisions / played:.0f} decisions a game;"
        f" observation {game.observation_tensor_size()} floats,"
        f" information state {game.information_state_tensor_size()} floats"
    )
    for way in WAYS:
        added = (seconds[way] - base) / decisions * 1e6
        print(f"  {way:18} {seconds[way] / played * 1e3:8.1f} ms a game  {added:8.1f} us a decision added")
    sizes: list[int] = []
    for g in range(games):
        play(game, g, lambda state, seat: sizes.append(sparse_bytes(state, seat)))
    dense = game.information_state_tensor_size() * 4
    print(
        f"  sparse form: {sum(sizes) / len(sizes):,.0f} bytes a read on average, {max(sizes):,} at most,"
        f" against {dense:,} for the float32 tensor ({dense * len(sizes) / sum(sizes):,.0f} times as many)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", nargs="*", default=["willughby", "cribbage"])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    register()
    for name in args.rules:
        measure(name, args.games, args.rounds)


if __name__ == "__main__":
    main()
