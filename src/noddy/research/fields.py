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
from noddy.game import ActionKind, EventKind, Phase
from noddy.scoring import KINDS

__all__ = [
    "BLOCKS",
    "PHASES",
    "RECALL_BLOCKS",
    "Block",
    "Field",
    "fields_markdown",
    "layout",
    "recall_layout",
    "recall_markdown",
]

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


RECALL_BLOCKS: tuple[Block, ...] = (
    Block("actor", 1, 1, 0, "who acted, relative to the seat (0 itself), then chance (last)"),
    Block("action", len(ActionKind), 0, 0, "one-hot kind of action: " + ", ".join(ActionKind)),
    Block(
        "cards",
        CARDS,
        0,
        0,
        "the action's cards as the seat sees them: at a shuffle its own cards dealt (and its own crib"
        " where each seat has one), its own lay-away, every card played; none of another's lay-away",
    ),
    Block("number", 1, 0, 0, "(the number declared, or the dealer drawn, + 1) / 101; 0 for none"),
    Block(
        "shown",
        CARDS,
        0,
        0,
        "the cards the action's events show the seat: cuts, the turn-up, shown hands and cribs, cards"
        " of calls (`Event.seen_by`)",
    ),
    Block("points", 0, 1, 0, "the points its events pegged to each seat, relative / 64"),
    Block(
        "events", len(EventKind), 0, 0, "how many events of each kind it made / 8: " + ", ".join(EventKind)
    ),
    Block(
        "items",
        3 * len(KINDS),
        0,
        0,
        "for each kind of score in its events' items (" + ", ".join(KINDS) + "), in turn: how many / 8,"
        " their points / 64, their cards / 16 (a hidden call keeps its kind, points and size)",
    ),
    Block("subject", 2, 0, 0, "what its count, declaration or show was of: hand, crib"),
    Block(
        "numbers",
        3,
        0,
        0,
        "from its last event that says each: (the count of the play + 1) / 32, (the points declared +"
        " 1) / 101, (the cards left unplayed + 1) / 53; 0 for none",
    ),
)
"""The blocks of one row of the perfect-recall information-state tensor (`noddy.research.recall`):
one row for each action the seat has seen, in order, chance's included but its single card draws."""


def layout(players: int, sides: int, blocks: tuple[Block, ...] = BLOCKS) -> tuple[Field, ...]:
    """The fields of the tensor (or of a recall row, ``RECALL_BLOCKS``) at a table of ``players``
    seats and ``sides`` sides."""
    fields: list[Field] = []
    start = 0
    for block in blocks:
        size = block.size(players, sides)
        fields.append(Field(block.name, start, size, block.meaning))
        start += size
    return tuple(fields)


def recall_layout(players: int) -> tuple[Field, ...]:
    """The fields of one row of the perfect-recall tensor at a table of ``players`` seats."""
    return layout(players, players, RECALL_BLOCKS)


def fields_markdown(blocks: tuple[Block, ...] = BLOCKS) -> str:
    """The table of fields as `docs/research.md` prints it: name, size, meaning."""
    lines = ["| field | size | meaning |", "|---|---|---|"]
    lines += [f"| `{b.name}` | {b.size_text} | {b.meaning} |" for b in blocks]
    return "\n".join(lines) + "\n"


def recall_markdown() -> str:
    """The table of a perfect-recall row's fields, as `docs/research.md` prints it."""
    return fields_markdown(RECALL_BLOCKS)
