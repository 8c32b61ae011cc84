"""A learner's progress: accuracy and time per kind of each rule set, the spaced repetition that
brings weak kinds back more often, and timed rounds; plain data with a JSON form (the CLI keeps it in
a file, the web in its database).

Each kind sits in a box (Leitner's): a right answer given within `SLOW` seconds moves it up one, a
wrong answer sends it back to the first; a kind in a lower box is drawn more often (twice as often
per box).

>>> import random
>>> progress = Progress()
>>> progress.record("run", correct=False, seconds=4.0, rules="cribbage")
>>> progress.kinds("cribbage")["run"].box, progress.to_json()["rule_sets"]["cribbage"]["run"]["right"]
(0, 0)
>>> progress.choose(["run", "pair"], random.Random(1), "cribbage") in ("run", "pair")
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from noddy.errors import NoddyError, NotationError
from noddy.textdata import read_json
from noddy.words import Reason

__all__ = ["ANY", "BOXES", "SLOW", "KindStats", "Progress", "ProgressError", "RoundResult", "TimedRound"]

BOXES = 5
"""How many boxes a kind climbs through; each box up halves how often it is drawn."""

SLOW = 30.0
"""A right answer that took longer than this (seconds) leaves its kind in its box."""

VERSION = 2
"""The saved form's version: 2 keeps the kinds per rule set (``rule_sets``); version 1's one set of
``kinds`` is still read (as the rule set `ANY`'s)."""

ANY = ""
"""The rule set of stats kept for none in particular: a version 1 file's."""


class ProgressError(NoddyError):
    """Saved progress that cannot be read (a damaged file or row)."""


@dataclass(slots=True)
class KindStats:
    """One kind's record: questions asked, answered right, seconds spent, and its box."""

    asked: int = 0
    right: int = 0
    seconds: float = 0.0
    box: int = 0

    @property
    def accuracy(self) -> float | None:
        """The share answered right (``None`` before the first question)."""
        return self.right / self.asked if self.asked else None

    @property
    def mean_seconds(self) -> float | None:
        """The mean time to answer (``None`` before the first question)."""
        return self.seconds / self.asked if self.asked else None


@dataclass(slots=True)
class TimedRound:
    """A round against the clock: as many questions as fit in ``seconds``; answers given after
    the time is up do not count."""

    rules: str
    seconds: int
    started: float
    answered: int = 0
    right: int = 0

    @property
    def ends(self) -> float:
        return self.started + self.seconds

    def left(self, now: float) -> float:
        """Seconds left (0 once over)."""
        return max(0.0, self.ends - now)

    @property
    def key(self) -> str:
        """Under what its best is kept: the rule set and the length of the round."""
        return f"{self.rules}/{self.seconds}"


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round: answers right and given, the best so far, and whether this is a new best."""

    seconds: int
    answered: int
    right: int
    best: int
    new_best: bool

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True)
class Progress:
    """Everything a learner's trainer keeps: per-kind stats for each rule set (``sets``, by the rule
    set's name), best timed rounds, a round under way.

    Stats kept before progress was per rule set (a version 1 file) are the rule set `ANY`'s; a rule
    set drilled for the first time starts from a copy of them, so nothing learnt is lost."""

    sets: dict[str, dict[str, KindStats]] = field(default_factory=dict)
    best: dict[str, int] = field(default_factory=dict)
    round: TimedRound | None = None

    def kinds(self, rules: str = "") -> dict[str, KindStats]:
        """The per-kind stats of rule set ``rules`` (its name; `ANY` for none in particular), made
        on first use from the stats kept before progress was per rule set."""
        if rules not in self.sets:
            self.sets[rules] = {k: replace(s) for k, s in self.sets.get(ANY, {}).items()}
        return self.sets[rules]

    @property
    def stats(self) -> dict[str, KindStats]:
        """The stats kept for no rule set in particular (`ANY`): a version 1 file's, or a caller's
        that names none."""
        return self.kinds(ANY)

    def record(
        self, kind: str, *, correct: bool, seconds: float, now: float | None = None, rules: str = ""
    ) -> None:
        """Count one answer for ``kind`` under rule set ``rules`` and for the round under way; an
        answer given after the round's end counts nowhere (it is judged and explained, but neither
        kept nor summed)."""
        if self.late(now):
            return
        stats = self.kinds(rules).setdefault(kind, KindStats())
        stats.asked += 1
        stats.right += correct
        stats.seconds += max(0.0, seconds)
        if not correct:
            stats.box = 0
        elif seconds <= SLOW:
            stats.box = min(BOXES - 1, stats.box + 1)
        if self.round is not None and now is not None:
            self.round.answered += 1
            self.round.right += correct

    def late(self, now: float | None) -> bool:
        """Whether an answer given at ``now`` comes after the end of the round under way."""
        return self.round is not None and now is not None and now > self.round.ends

    def weight(self, kind: str, rules: str = "") -> int:
        """How often ``kind`` is drawn under ``rules``, relative to the others: doubled for each box
        it is below the top."""
        stats = self.sets.get(rules, self.sets.get(ANY, {}))
        box = stats[kind].box if kind in stats else 0
        return 1 << (BOXES - 1 - box)

    def choose(self, kinds: Sequence[str], rng: random.Random, rules: str = "") -> str:
        """A kind to drill next under ``rules``, the weak ones (low boxes, and kinds never asked)
        more often."""
        return rng.choices(list(kinds), weights=[self.weight(k, rules) for k in kinds])[0]

    def start_round(self, rules: str, seconds: int, now: float) -> TimedRound:
        """Begin a timed round of ``seconds``; a round left unfinished is finished first (its score
        kept if it is a best)."""
        if seconds < 1:
            raise NoddyError(Reason("round_seconds", seconds=seconds))
        self.finish_round()
        self.round = TimedRound(rules, seconds, now)
        return self.round

    def finish_round(self) -> RoundResult | None:
        """End the round under way, keeping its score if it is the best for its rules and length."""
        current = self.round
        if current is None:
            return None
        self.round = None
        previous = self.best.get(current.key)
        new_best = previous is None or current.right > previous
        if new_best:
            self.best[current.key] = current.right
        best = self.best[current.key]
        return RoundResult(
            current.seconds, current.answered, current.right, best, new_best and current.right > 0
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "rule_sets": {
                rules: {kind: asdict(s) for kind, s in kinds.items()} for rules, kinds in self.sets.items()
            },
            "best": dict(self.best),
            "round": None if self.round is None else asdict(self.round),
        }

    @classmethod
    def loads(cls, text: str | bytes) -> Progress:
        """Progress from its saved JSON text (bytes are read as UTF-8); `ProgressError` says what
        is wrong with text that is not UTF-8, not JSON, nested too deep or damaged."""
        try:
            data = read_json(text)
        except NotationError as exc:
            raise ProgressError(Reason("progress_damaged", why=exc)) from None
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: Any) -> Progress:
        """Progress from its JSON form; `ProgressError` says what is wrong with damaged data."""
        if not isinstance(data, Mapping) or data.get("version") not in (1, VERSION):
            raise ProgressError(Reason("progress_version", version=VERSION, found=_quoted(data)))
        try:
            if data["version"] == 1:  # one set of kinds, before progress was kept per rule set
                found_sets = {ANY: data.get("kinds", {})}
            else:
                found_sets = dict(data.get("rule_sets", {}))
            sets = {
                str(rules): {str(k): _stats(v) for k, v in dict(kinds).items()}
                for rules, kinds in found_sets.items()
            }
            best = {str(k): _count(v) for k, v in dict(data.get("best", {})).items()}
            found = data.get("round")
            timed = None if found is None else _round(found)
        except KeyError as exc:
            missing = Reason("progress_missing", field=str(exc))
            raise ProgressError(Reason("progress_damaged", why=missing)) from None
        except (TypeError, ValueError) as exc:
            raise ProgressError(Reason("progress_damaged", why=exc)) from None
        return cls(sets, best, timed)


def _quoted(data: Any) -> str:
    text = repr(data)
    return text if len(text) <= 60 else text[:57] + "..."


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ProgressError(Reason("progress_count", found=_quoted(value)))
    return value


def _seconds(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ProgressError(Reason("progress_seconds", found=_quoted(value)))
    return float(value)


def _stats(value: Any) -> KindStats:
    if not isinstance(value, Mapping):
        raise ProgressError(Reason("progress_stats", found=_quoted(value)))
    stats = KindStats(
        _count(value["asked"]), _count(value["right"]), _seconds(value["seconds"]), _count(value["box"])
    )
    if stats.right > stats.asked or stats.box >= BOXES:
        raise ProgressError(Reason("progress_impossible", found=_quoted(dict(value))))
    return stats


def _round(value: Any) -> TimedRound:
    if not isinstance(value, Mapping) or not isinstance(value.get("rules"), str):
        raise ProgressError(Reason("progress_round", found=_quoted(value)))
    return TimedRound(
        value["rules"],
        _count(value["seconds"]),
        _seconds(value["started"]),
        _count(value["answered"]),
        _count(value["right"]),
    )
