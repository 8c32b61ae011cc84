"""The observation tensor described once: each block's name, size (in the table's players ``n``
and sides ``S``) and meaning. `noddy.research.tensors.Encoder` lays its tensor out from this
description, and `docs/research.md`'s table of fields is `fields_markdown()` of it (a test holds
the page to the code).

>>> [f.name for f in layout(2, 2)][:3], layout(2, 2)[-1].stop
(['hand', 'held', 'discards'], 491)
>>> BLOCKS[6].size_text, BLOCKS[6].size(3, 3)
('52 n', 156)
"""

from __future__ import annotations

from dataclasses import dataclass

from noddy.cards import DECK
from noddy.game import Phase

__all__ = ["BLOCKS", "PHASES", "Block", "Field", "fields_markdown", "layout"]

PHASES = tuple(Phase)
"""The phases in the order of the ``phase`` field."""
CARDS = len(DECK)


@dataclass(frozen=True, slots=True)
class Field:
    """One block of the encoding: its name, where it starts, how many numbers, and what they mean."""

    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        return self.start + self.size


@dataclass(frozen=True, slots=True)
class Block:
    """One block as described: ``fixed`` numbers, plus ``per_seat`` for each player and
    ``per_side`` for each side."""

    name: str
    fixed: int
    per_seat: int
    per_side: int
    meaning: str

    def size(self, players: int, sides: int) -> int:
        """Its size at a table of ``players`` seats and ``sides`` sides."""
        return self.fixed + self.per_seat * players + self.per_side * sides

    @property
    def size_text(self) -> str:
        """Its size as the documentation writes it (``52 n``, ``S``, ``n + 2``)."""
        terms = [f"{k} {x}" if k > 1 else x for k, x in ((self.per_seat, "n"), (self.per_side, "S")) if k]
        if self.fixed:
            terms.append(str(self.fixed))
        return " + ".join(terms)


BLOCKS: tuple[Block, ...] = (
    Block(
        "hand",
        CARDS,
        0,
        0,
        "1 for each card in the seat's hand now (by `Card.index`: clubs A-K, diamonds, hearts, spades)",
    ),
    Block("held", CARDS, 0, 0, "the cards the seat keeps for its hand this deal (after laying away)"),
    Block("discards", CARDS, 0, 0, "the cards the seat laid away this deal"),
    Block("own_crib", CARDS, 0, 0, "the seat's own crib (rules with a crib for each player)"),
    Block("turnup", CARDS, 0, 0, "the turn-up, once turned"),
    Block("pile", CARDS, 0, 0, "the cards of the current series of the play (since the last reset)"),
    Block(
        "played", 0, CARDS, 0, "the cards laid in the play this deal, 52 for each seat from the observer on"
    ),
    Block(
        "seen",
        CARDS,
        0,
        0,
        "every card the seat has seen this deal: its own, the turn-up, the play, the shown hands and"
        " cribs, cards named in calls",
    ),
    Block("count", 1, 0, 0, "the running count of the play / 31"),
    Block("scores", 0, 0, 1, "each side's score / the board's holes (at most 1), the observer's side first"),
    Block("phase", len(PHASES), 0, 0, "one-hot phase: " + ", ".join(p.value for p in PHASES)),
    Block("dealer", 0, 1, 0, "one-hot dealer, relative to the observer"),
    Block("to_act", 0, 1, 0, "one-hot seat to act, relative (all 0 at chance and at the end)"),
    Block("hand_sizes", 0, 1, 0, "cards in each seat's hand / cards dealt, relative"),
    Block("counting", 2, 1, 0, "the count being made: hand or crib (one-hot), then whose (relative)"),
    Block(
        "muggins",
        1,
        1,
        0,
        "a short count open to muggins: who declared it (relative), then the points missed / 31",
    ),
)
"""The blocks of the observation tensor, in order."""


def layout(players: int, sides: int) -> tuple[Field, ...]:
    """The fields of the tensor at a table of ``players`` seats and ``sides`` sides."""
    fields: list[Field] = []
    start = 0
    for block in BLOCKS:
        size = block.size(players, sides)
        fields.append(Field(block.name, start, size, block.meaning))
        start += size
    return tuple(fields)


def fields_markdown() -> str:
    """The table of fields as `docs/research.md` prints it: name, size, meaning."""
    lines = ["| field | size | meaning |", "|---|---|---|"]
    lines += [f"| `{b.name}` | {b.size_text} | {b.meaning} |" for b in BLOCKS]
    return "\n".join(lines) + "\n"
