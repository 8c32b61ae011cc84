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
from noddy.game import ActionKind, Phase
from noddy.scoring import KINDS

__all__ = [
    "BLOCKS",
    "CUT_ROUNDS",
    "PHASES",
    "PLAYER_KINDS",
    "RECALL_BLOCKS",
    "Block",
    "Field",
    "RecallBlock",
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


PLAYER_KINDS = tuple(
    k for k in ActionKind if k not in (ActionKind.SHUFFLE, ActionKind.CUT, ActionKind.DEALER)
)
"""A player's kinds of action, in the order of the information-state tensor's ``action`` field."""
CUT_ROUNDS = 10
"""The cuts for the first deal the information-state tensor holds (equal cuts cut again)."""


@dataclass(frozen=True, slots=True)
class RecallBlock:
    """One block of the information-state tensor: ``fixed`` numbers, plus ``per_seat`` for each
    player and ``per_other`` for each other player; ``slotted``: that many for each of the deal's
    ``K`` slots; ``deal``: repeated for each deal (else once, in front)."""

    name: str
    fixed: int
    per_seat: int
    per_other: int
    slotted: bool
    deal: bool
    meaning: str

    def size(self, players: int, slots: int) -> int:
        """Its size at a table of ``players`` seats with ``slots`` slots a deal."""
        one = self.fixed + self.per_seat * players + self.per_other * (players - 1)
        return one * (slots if self.slotted else 1)

    @property
    def size_text(self) -> str:
        """Its size as the documentation writes it (``52``, ``K (n + 1)``, ``7 K``, ``78 (n - 1)``)."""
        terms = [
            f"{k} {x}" if k > 1 else x for k, x in ((self.per_seat, "n"), (self.per_other, "(n - 1)")) if k
        ]
        if self.fixed:
            terms.append(str(self.fixed))
        text = " + ".join(terms)
        if not self.slotted:
            return text
        return f"K ({text})" if len(terms) > 1 else "K" if text == "1" else f"{text} K"


_CARD_SLOT = "the slot ((slot + 1) / K)"
RECALL_BLOCKS: tuple[RecallBlock, ...] = (
    RecallBlock("drawn", 1, 0, 0, False, False, "the cards drawn so far for a pending deal or cut / 52"),
    RecallBlock(
        "cuts",
        0,
        CARDS * CUT_ROUNDS,
        0,
        False,
        False,
        f"each cut for the first deal (up to {CUT_ROUNDS}: equal cuts cut again), one-hot, 52 for each"
        " seat from the seat on",
    ),
    RecallBlock(
        "first_dealer", 0, 1, 0, False, False, "one-hot first dealer, cut or drawn, relative to the seat"
    ),
    RecallBlock("dealer", 0, 1, 0, False, True, "one-hot dealer, relative to the seat (0 before the deal)"),
    RecallBlock(
        "dealt", CARDS, 0, 0, False, True, "the seat's own cards dealt (with its own crib where each has one)"
    ),
    RecallBlock(
        "laid",
        CARDS,
        0,
        0,
        False,
        True,
        "for each card laid in an action the seat saw whole (its own lay-away, any card played),"
        f" {_CARD_SLOT}",
    ),
    RecallBlock(
        "shown",
        CARDS,
        0,
        0,
        False,
        True,
        f"for each card an event showed the seat (turn-up, play, shown hands and cribs, calls), {_CARD_SLOT}"
        " it first did",
    ),
    RecallBlock(
        "actor",
        1,
        1,
        0,
        True,
        True,
        "for each slot (the deal, then each action after, in order), who acted: one-hot, relative,"
        " then chance",
    ),
    RecallBlock(
        "action", len(PLAYER_KINDS), 0, 0, True, True, "its kind, one-hot: " + ", ".join(PLAYER_KINDS)
    ),
    RecallBlock("number", 1, 0, 0, True, True, "(the number it declared + 1) / 101; 0 for none"),
    RecallBlock("points", 0, 1, 0, True, True, "the points its events pegged to each seat, relative / 64"),
    RecallBlock(
        "calls",
        0,
        0,
        6 * len(KINDS),
        False,
        True,
        "the calls of each other seat's hidden hand, then crib (counted unshown): for each kind of score ("
        + ", ".join(KINDS)
        + "), how many / 8, their points / 64, their cards / 16",
    ),
)
"""The blocks of the perfect-recall information-state tensor (`noddy.research.recall`): the ones
in front once, then the deal's, once for each deal the game may have."""


def layout(players: int, sides: int) -> tuple[Field, ...]:
    """The fields of the tensor at a table of ``players`` seats and ``sides`` sides."""
    fields: list[Field] = []
    start = 0
    for block in BLOCKS:
        size = block.size(players, sides)
        fields.append(Field(block.name, start, size, block.meaning))
        start += size
    return tuple(fields)


def recall_layout(players: int, slots: int, *, deal: bool) -> tuple[Field, ...]:
    """The fields of the information-state tensor at a table of ``players`` seats with ``slots``
    slots a deal: the ones in front (``deal`` false) or a deal's, each from 0."""
    fields: list[Field] = []
    start = 0
    for block in RECALL_BLOCKS:
        if block.deal == deal:
            size = block.size(players, slots)
            fields.append(Field(block.name, start, size, block.meaning))
            start += size
    return tuple(fields)


def fields_markdown() -> str:
    """The table of fields as `docs/research.md` prints it: name, size, meaning."""
    lines = ["| field | size | meaning |", "|---|---|---|"]
    lines += [f"| `{b.name}` | {b.size_text} | {b.meaning} |" for b in BLOCKS]
    return "\n".join(lines) + "\n"


def recall_markdown() -> str:
    """The table of the information-state tensor's fields, as `docs/research.md` prints it."""
    lines = ["| field | size | where | meaning |", "|---|---|---|---|"]
    lines += [
        f"| `{b.name}` | {b.size_text} | {'each deal' if b.deal else 'once'} | {b.meaning} |"
        for b in RECALL_BLOCKS
    ]
    return "\n".join(lines) + "\n"
