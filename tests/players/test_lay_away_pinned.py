"""The strong player's lay-away pinned for fixed seeds: a change to how it is worked out (the board
read for every deal at once, the kept hands' means shared between rounds of the race, the kernel's
playouts made cheaper) must leave every choice and every value as it was, to nine places. The pins
were taken before the lay-away's cost was cut (issue 38)."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

import pytest

from noddy import analysis
from noddy.game import ActionKind, Phase, PlayerView, new_game
from noddy.players import GreedyPlayer, StrongPlayer, next_action
from noddy.players.discard import WinTable, win_samples
from noddy.rules import load_rules

pytestmark = pytest.mark.requires_kernel

TABLES = [("cribbage", "2"), ("cribbage", "4p"), ("five-card-cribbage", "2")]

PINNED = {
    ("cribbage", "2"): (
        "discard 4c 8c | discard 4c 8c | discard Qd Ks | discard Qd Ks | discard 2c 9h | discard 2c 9h"
        " | discard 9d Ks | discard 9d Ks",
        "ae7716a28eaf604c",
    ),
    ("cribbage", "4p"): (
        "discard Ah | discard Ah | discard Ad | discard Ad | discard Jh | discard Jh"
        " | discard 4s | discard 4s",
        "3f9b84077e22c1f3",
    ),
    ("five-card-cribbage", "2"): (
        "discard 4c 8c | discard 4c 8c | discard 6s 8h | discard 6s 8h | discard 3s 8c | discard 3s Js"
        " | discard 3d 4c | discard 3d 4c",
        "55dbbffefeda7371",
    ),
}
"""By table: the choices at each lay-away of `_lay_aways` for hard and for hard at half its budget,
and a hash of every value each weighed, rounded to nine places."""


def _lay_aways(name: str, table: str) -> list[PlayerView]:
    """Four lay-aways with a choice, from the start of a seeded game of greedy players to near its
    end (spread evenly), so the board table reads scores far apart."""
    rules = load_rules(name)
    seats, partners = int(table.rstrip("p")), table.endswith("p")
    state, rng, found = new_game(rules, seats, partners=partners), random.Random(3), []
    while not state.is_over:
        seat = state.to_act
        if seat is not None and state.phase is Phase.DISCARD:
            view = state.view(seat)
            if len(view.legal) > 1 and view.legal[0].kind == ActionKind.DISCARD:
                found.append(view)
        state = state.apply(next_action(state, [GreedyPlayer()] * seats, rng))
    return found[:: max(1, len(found) // 4)][:4]


@pytest.mark.parametrize(("name", "table"), TABLES)
def test_the_lay_aways_are_as_pinned(name: str, table: str) -> None:
    choices, values = [], []
    for at, view in enumerate(_lay_aways(name, table)):
        for player in (StrongPlayer(), StrongPlayer().thinking(0.5)):
            weighed = player.discard_values(view, view.legal, random.Random(at))
            choices.append(str(player.choose(view, view.legal, random.Random(at))))
            values += [f"{a} {v:.9f}" for a, v in sorted(weighed.items(), key=lambda item: str(item[0]))]
    digest = hashlib.sha256("\n".join(values).encode()).hexdigest()[:16]
    assert (" | ".join(choices), digest) == PINNED[(name, table)]


class OneByOne:
    """A board table read one board at a time, as a table other than `BoardTable` is."""

    def __init__(self, table: WinTable) -> None:
        self.table = table
        self.reads = 0

    def chance(self, scores: Sequence[int], dealer: int) -> tuple[float, ...]:
        self.reads += 1
        return self.table.chance(scores, dealer)


@pytest.mark.parametrize(("name", "table"), TABLES)
def test_the_deals_boards_read_at_once_weigh_as_read_one_by_one(name: str, table: str) -> None:
    """A lay-away's sampled deals weigh the same, to the bit, whether the board table is read for
    every deal at once (`BoardTable.chances`) or board by board (any other table: its ``chance``)."""
    view = _lay_aways(name, table)[-1]
    board = analysis.board(view.rules, view.players, view.partners)
    legal = view.legal[:6]
    at_once = win_samples(view, legal, random.Random(1), board, samples=300)
    reader = OneByOne(board)
    one_by_one = win_samples(view, legal, random.Random(1), reader, samples=300)
    assert reader.reads > 0
    assert at_once.tolist() == one_by_one.tolist()
