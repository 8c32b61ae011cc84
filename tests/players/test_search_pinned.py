"""The strong player's decisions pinned for fixed seeds: a change to how search is written (its
positions, its sides, the kernel's path or the engine's) must leave every decision, every value and
every node count as they were. The pins were taken before search ran on one `Position` protocol."""

from __future__ import annotations

import hashlib
import random

import pytest

from helpers import greedy_positions
from noddy.kernel import KernelState
from noddy.players import StrongPlayer
from noddy.players.search import Search
from noddy.players.worlds import sample_worlds

pytestmark = pytest.mark.requires_kernel

TABLES = [
    ("cribbage", 2, ()),
    ("cribbage", 4, ()),
    ("crib-noddy-old", 2, ("hand.wrong_count=muggins",)),
    ("five-card-cribbage", 2, ()),
]

DECISIONS = {
    ("cribbage", 2): "play 7s play Jc | play 7s play 7s | play 7c play 7c | play Kd play Ah",
    ("cribbage", 4): "play 9c play 7d | play 10c play 10c | play Jc play Jc | play Kd play 5d",
    ("crib-noddy-old", 2): "play Jc play Jc | play 8s play 8s | play 5h play 5h | play Qc play Qc",
    ("five-card-cribbage", 2): "play Jc play Jc | play 5d play 5d | play 2s play 2s | play Qd play Qd",
}
"""At four positions of a seeded greedy game, the choice with the greedy leaf and with the points
leaf, the same on the kernel and on the engine."""

DIGEST = "4f9e24061e619ac2"
"""Every searched value, node count and table size of `_searched`, on the engine and on the kernel,
hashed."""


@pytest.mark.parametrize(("name", "players", "overrides"), TABLES)
def test_the_strong_players_decisions_are_as_pinned(
    name: str, players: int, overrides: tuple[str, ...]
) -> None:
    said = []
    for at, state in enumerate(greedy_positions(name, players, overrides)):
        assert state.to_act is not None
        view = state.view(state.to_act)
        chosen = {
            engine: [
                str(StrongPlayer(worlds=3, nodes=600, leaf=leaf, engine=engine).choose(view, view.legal, rng))
                for leaf in ("greedy", "points")
                for rng in [random.Random(at)]
            ]
            for engine in ("kernel", "python")
        }
        assert chosen["kernel"] == chosen["python"]
        said.append(" ".join(chosen["kernel"]))
    assert " | ".join(said) == DECISIONS[(name, players)]


def _searched() -> list[object]:
    out: list[object] = []
    for name, players, overrides in TABLES:
        for at, state in enumerate(greedy_positions(name, players, overrides)):
            assert state.to_act is not None
            view = state.view(state.to_act)
            assert view.seat is not None
            for world in sample_worlds(view, random.Random(at), 2):
                root = KernelState.placed(world)
                for action in view.legal:
                    kernel = root.copy()
                    kernel.apply(action)
                    for opponents, leaf in (("mean", "greedy"), ("minimax", "points"), ("points", "points")):
                        for child in (world.apply(action), kernel):
                            search = Search(view.side_of(view.seat), view.scores, 300, opponents, leaf)
                            out.append((search.value(child), search.nodes, len(search.table)))
    return out


def test_every_searched_value_and_node_count_is_as_pinned() -> None:
    assert hashlib.sha256(repr(_searched()).encode()).hexdigest()[:16] == DIGEST


PLAY_TABLES = [*TABLES, ("cribbage", 3, ()), ("noddy-rules", 2, ())]

PLAY_DIGEST = "398398c9b5bce596"
"""hard's play at its floor (`StrongPlayer.thinking`) and at its whole budget: the worlds it draws
(every hand and crib) and every legal action's value over them, at `PLAY_TABLES`' positions, hashed.
Taken before issue 38 made the play's fixed part (the worlds, inference, the positions) cheaper:
the decisions must stay the same, so that strength measured across it stays valid."""


def _played() -> list[object]:
    hard = StrongPlayer()
    floor = hard.thinking(0.01)
    out: list[object] = []
    for name, players, overrides in PLAY_TABLES:
        for at, state in enumerate(greedy_positions(name, players, overrides)):
            assert state.to_act is not None
            view = state.view(state.to_act)
            worlds = hard.sample(view, random.Random(at))
            out.append([(w.held, w.cribs) for w in worlds])
            out.append(sorted((str(a), v) for a, v in floor.values(worlds, view.legal, view).items()))
            if at == 0 and name == "cribbage" and players != 3:
                out.append(sorted((str(a), v) for a, v in hard.values(worlds, view.legal, view).items()))
    return out


def test_hards_worlds_and_values_in_the_play_are_as_pinned() -> None:
    assert hashlib.sha256(repr(_played()).encode()).hexdigest()[:16] == PLAY_DIGEST
