"""What is wrong with cards given to be scored: the scoring's error keys (said in French by
`noddy.words.faults`)."""

from __future__ import annotations

from noddy.errors import Fault

__all__ = ["ScoringFault"]


class ScoringFault(Fault):
    """A hand, a turn-up or a pile that cannot be scored, or a reading of the rules the scorer lacks."""

    EMPTY_HAND = "a hand needs at least one held card"
    TURNUP_HELD = "the turn-up {turnup} is also among the held cards; a pack has one of each"
    FLUSH_READING = "unknown flush reading {reading}; choose one of: {choices}"
    OVER_LIMIT = (
        "{pile} would make the count {count}: a card may be laid only while the count stays at {limit} or"
        " under"
    )
