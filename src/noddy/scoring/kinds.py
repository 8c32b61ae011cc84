"""The score kinds: every kind of `ScoreItem`, with the facts the rest of noddy reads about it.

Each kind says here, once, what sum it makes (15, 25, 31), which rules field gives its points,
what its call tells of its cards and whether it depends on suits. Scoring, words, players and
analysis read these facts; a kind's words are its record in `noddy.words.kinds`, and where the
simulator counts its points is the simulator's own table (`noddy.sim.tournament.KIND_SOURCES`).

>>> FACTS[Kind.TWENTY_FIVE].target, FACTS[Kind.RUN].call, FACTS["knave"].by_suit
(25, 'size', True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import Literal

from noddy.kinds import Word
from noddy.rules import Points, Rules

__all__ = ["FACTS", "KINDS", "SUMS", "Kind", "KindFacts"]


class Kind(Word):
    """A kind of scoring combination; its value is the name items and records carry."""

    FIFTEEN = "fifteen"
    TWENTY_FIVE = "twenty_five"
    THIRTY_ONE = "thirty_one"
    PAIR = "pair"
    PAIR_ROYAL = "pair_royal"
    DOUBLE_PAIR_ROYAL = "double_pair_royal"
    PAIRS = "pairs"
    RUN = "run"
    FLUSH = "flush"
    KNAVE = "knave"
    SPECIAL = "special"
    LAST_CARD = "last_card"
    TURNED_JACK = "turned_jack"


Called = Literal["points", "size", "card"]
"""What a call tells of an item's cards: nothing ("fifteen 2"), how many ("a run of three"), or
which card ("Knave Noddy", "Flat Back", which shows that card to everyone anyway)."""


@dataclass(frozen=True, slots=True)
class KindFacts:
    """What noddy knows of one kind of item.

    ``target``: the sum its cards make, for the sums; ``hand_points`` and ``play_points``: the rules
    field that gives its points in a hand and in the play, for the sums; ``call``: what its call
    tells of its cards; ``by_suit``: its points depend on suits or named cards, not on ranks alone
    (the fast tables count the two parts apart); ``play_only``: never part of a hand's count.
    """

    kind: Kind
    call: Called
    by_suit: bool = False
    target: int | None = None
    hand_points: Callable[[Rules], Points] | None = None
    play_points: Callable[[Rules], Points] | None = None
    play_only: bool = False


FACTS: dict[str, KindFacts] = {
    f.kind: f
    for f in (
        KindFacts(
            Kind.FIFTEEN,
            "points",
            target=15,
            hand_points=attrgetter("hand.fifteen"),
            play_points=attrgetter("play.fifteen"),
        ),
        KindFacts(
            Kind.TWENTY_FIVE,
            "points",
            target=25,
            hand_points=attrgetter("hand.twenty_five"),
            play_points=attrgetter("play.twenty_five"),
        ),
        KindFacts(
            Kind.THIRTY_ONE,
            "points",
            target=31,
            hand_points=attrgetter("hand.thirty_one"),
            play_points=attrgetter("play.thirty_one"),
        ),
        KindFacts(Kind.PAIR, "size"),
        KindFacts(Kind.PAIR_ROYAL, "size"),
        KindFacts(Kind.DOUBLE_PAIR_ROYAL, "size"),
        KindFacts(Kind.PAIRS, "size"),
        KindFacts(Kind.RUN, "size"),
        KindFacts(Kind.FLUSH, "size", by_suit=True),
        KindFacts(Kind.KNAVE, "card", by_suit=True),
        KindFacts(Kind.SPECIAL, "card", by_suit=True),
        KindFacts(Kind.LAST_CARD, "points", play_only=True),
        KindFacts(Kind.TURNED_JACK, "card", by_suit=True),
    )
}
"""The facts of every kind, keyed by the kind (a plain string finds it too)."""

KINDS = tuple(Kind)
"""Every kind of item: the hand's combinations, the play's last card, and the turned-up Jack."""

SUMS = tuple(f for f in FACTS.values() if f.target is not None)
"""The kinds that score a sum of counting values (15, 25, 31), in the order they are called."""
