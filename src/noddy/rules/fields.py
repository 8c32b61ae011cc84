"""The field machinery: each rules field carries, in its own metadata, how it is read from TOML and
``--set``, how it is written back, what values it allows and how its value is said in plain words.

Loading, dumping, validation, ``noddy rules show``, ``rules compare`` and docs/house-rules.md all
read this one description, so a field is described once (`knob`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any

from noddy.cards import parse_card
from noddy.errors import CardError, NoddyError, RulesError, quoted
from noddy.rules.faults import RulesFault

__all__ = [
    "MAX_POINTS",
    "MAX_TARGET",
    "POINTS_ALLOWED",
    "CardPoints",
    "Choice",
    "Codec",
    "FieldSpec",
    "Flag",
    "Points",
    "PointsValue",
    "RunValues",
    "Text",
    "Triple",
    "Whole",
    "knob",
    "refuse",
    "section_specs",
    "whole",
]

MAX_POINTS = 99
"""The most any one thing may score (a combination, a card, a bonus): the most a player may declare."""
MAX_TARGET = 999
"""The highest target a game may have."""
POINTS_ALLOWED = f'"off", a whole number of points up to {MAX_POINTS}, or "per_card"'


def refuse(path: str, value: object, allowed: str, why: NoddyError | None = None) -> RulesError:
    """The error for a value a field does not allow: the path, the value quoted, what is allowed
    (the field's words for it) and, where one part of the value is at fault, why."""
    if why is None:
        return RulesError(RulesFault.NOT_ALLOWED, path=path, value=quoted(value), allowed=allowed)
    return RulesError(RulesFault.NOT_ALLOWED_WHY, path=path, value=quoted(value), allowed=allowed, why=why)


def whole(value: object, path: str, allowed: str, low: int = 0, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (no limit when None); ``true`` and ``false`` are not
    numbers. ``allowed`` says the same in words."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise refuse(path, value, allowed)
    if high is not None and value > high:
        raise refuse(path, value, allowed)
    return value


@dataclass(frozen=True, slots=True)
class Points:
    """What a combination is worth: off, a flat number of points, or 1 point per card in it.

    Text form (in TOML and ``--set``): ``"off"``, a whole number, or ``"per_card"``.

    >>> Points.parse("per_card").score(4), Points.parse(2).score(4), Points.parse("off").score(4)
    (4, 2, 0)
    """

    flat: int = 0
    per_card: bool = False

    @property
    def enabled(self) -> bool:
        return self.per_card or self.flat > 0

    def score(self, n_cards: int) -> int:
        return n_cards if self.per_card else self.flat

    @classmethod
    def parse(cls, value: object, path: str = "points") -> Points:
        """Read a points value; `RulesError` names ``path``, quotes the value and says what is allowed."""
        if isinstance(value, Points):
            return value
        if value == "per_card":
            return cls(per_card=True)
        if value == "off":
            return cls()
        return cls(flat=whole(value, path, POINTS_ALLOWED, high=MAX_POINTS))

    def to_data(self) -> int | str:
        if self.per_card:
            return "per_card"
        return self.flat if self.flat else "off"

    def describe(self) -> str:
        if self.per_card:
            return "1 point per card"
        return f"{self.flat} points" if self.flat else "not counted"


class Codec:
    """How one kind of field is read, written, checked and said. Subclasses say it for each kind."""

    allowed = "text"
    """What may be given, in words (shown in errors, ``rules show`` and docs/house-rules.md)."""
    choices: Mapping[str, str] = MappingProxyType({})
    """For a choice: each allowed value and its plain words."""

    def read(self, data: object, path: str) -> Any:
        """The field's value from TOML data; `RulesError` (naming ``path``) when it is not allowed."""
        raise NotImplementedError

    def write(self, value: Any) -> Any:
        """The value as TOML data that `read` reads back equal."""
        return value

    def plain(self, value: Any) -> str:
        """The value in plain words."""
        return str(value)

    def check(self, value: Any, path: str) -> None:
        """Refuse a value built in Python that a rules file could not give."""
        if not isinstance(value, self.kind()):
            raise refuse(path, value, self.allowed)
        self.read(self.write(value), path)

    def kind(self) -> type | tuple[type, ...]:
        """The Python type a value of this field has (checked before anything else)."""
        return object


class Choice(Codec):
    """One of a few named readings, each with its plain words."""

    def __init__(self, choices: Mapping[str, str]) -> None:
        self.choices = MappingProxyType(dict(choices))
        self.allowed = ", ".join(self.choices)

    def read(self, data: object, path: str) -> str:
        if not isinstance(data, str) or data not in self.choices:
            raise refuse(path, data, self.allowed)
        return data

    def plain(self, value: Any) -> str:
        return f"{self.choices[value]} ({value})"

    def kind(self) -> type:
        return str


class Flag(Codec):
    """Yes or no."""

    allowed = "true or false"

    def read(self, data: object, path: str) -> bool:
        if not isinstance(data, bool):
            raise refuse(path, data, self.allowed)
        return data

    def plain(self, value: Any) -> str:
        return "yes" if value else "no"

    def kind(self) -> type:
        return bool


class Whole(Codec):
    """A whole number of points between two bounds (by default, what one thing may score)."""

    def __init__(self, low: int = 0, high: int = MAX_POINTS) -> None:
        self.low = low
        self.high = high
        self.allowed = f"a whole number of points from {low} to {high}"

    def read(self, data: object, path: str) -> int:
        return whole(data, path, self.allowed, self.low, self.high)

    def kind(self) -> type:
        return int


class Text(Codec):
    """Free text (the words called)."""

    def read(self, data: object, path: str) -> str:
        if not isinstance(data, str):
            raise refuse(path, data, self.allowed)
        return data

    def kind(self) -> type:
        return str


class PointsValue(Codec):
    """What a combination is worth (`Points`)."""

    allowed = POINTS_ALLOWED

    def read(self, data: object, path: str) -> Points:
        return Points.parse(data, path)

    def write(self, value: Any) -> int | str:
        return value.to_data()  # type: ignore[no-any-return]

    def plain(self, value: Any) -> str:
        return value.describe()  # type: ignore[no-any-return]

    def kind(self) -> type:
        return Points


class Triple(Codec):
    """Points for a pair, a pair royal and a double pair royal."""

    allowed = f"three whole numbers of points up to {MAX_POINTS}, e.g. [2, 6, 12]"

    def read(self, data: object, path: str) -> tuple[int, int, int]:
        if not isinstance(data, (list, tuple)) or len(data) != 3:
            raise refuse(path, data, self.allowed)
        a, b, c = (whole(v, path, self.allowed, high=MAX_POINTS) for v in data)
        return (a, b, c)

    def write(self, value: Any) -> list[int]:
        return list(value)

    def plain(self, value: Any) -> str:
        return f"pair {value[0]}, pair royal {value[1]}, double pair royal {value[2]}"

    def kind(self) -> type:
        return tuple


class RunValues(Codec):
    """Points for runs of given lengths; other lengths 1 a card."""

    allowed = (
        f"a table of run length = points (up to {MAX_POINTS}), e.g. {{ 3 = 2, 4 = 4 }} (or {{}} for 1 a card)"
    )

    def read(self, data: object, path: str) -> tuple[tuple[int, int], ...]:
        if not isinstance(data, Mapping):
            raise refuse(path, data, self.allowed)
        out = []
        for key, points in data.items():
            length = int(key) if str(key).isascii() and str(key).isdigit() else None
            if length is None or length < 3:
                raise refuse(path, data, self.allowed, RulesError(RulesFault.RUN_LENGTH, key=repr(key)))
            out.append((length, whole(points, path, self.allowed, high=MAX_POINTS)))
        return tuple(sorted(out))

    def write(self, value: Any) -> dict[str, int]:
        return {str(k): v for k, v in value}

    def plain(self, value: Any) -> str:
        listed = ", ".join(f"run of {n}: {p}" for n, p in value)
        return f"{listed}; other lengths 1 point a card" if listed else "1 point a card"

    def kind(self) -> type:
        return tuple


class CardPoints(Codec):
    """Named cards and their points."""

    allowed = f"a table of card = points (up to {MAX_POINTS}), e.g. {{ Ks = 6, Qh = 4 }}"

    def read(self, data: object, path: str) -> tuple[tuple[str, int], ...]:
        if not isinstance(data, Mapping):
            raise refuse(path, data, self.allowed)
        out = []
        for key, points in data.items():
            try:
                card = parse_card(str(key))
            except CardError as exc:
                raise refuse(path, data, self.allowed, exc) from None
            out.append((str(card), whole(points, path, self.allowed, high=MAX_POINTS)))
        return tuple(sorted(out))

    def write(self, value: Any) -> dict[str, int]:
        return dict(value)

    def plain(self, value: Any) -> str:
        return ", ".join(f"{card} {points}" for card, points in value)

    def kind(self) -> type:
        return tuple


def knob(
    default: Any,
    doc: str,
    *,
    k: str = "",
    choices: Mapping[str, str] | None = None,
    codec: Codec | None = None,
) -> Any:
    """A rules field: its default, what it means, its knob id (K1-K44 of the rules reference), and
    its codec: a `Choice` when ``choices`` are given, else the one its default's type calls for."""
    if codec is None:
        codec = Choice(choices) if choices else _codec_for(default)
    meta = {"doc": doc, "knob": k, "codec": codec, "choices": codec.choices}
    return field(default=default, metadata=meta)


def _codec_for(default: object) -> Codec:
    if isinstance(default, Points):
        return PointsValue()
    if isinstance(default, bool):
        return Flag()
    if isinstance(default, int):
        return Whole()
    if isinstance(default, str):
        return Text()
    raise TypeError(f"give a codec for a field whose default is {default!r}")


@dataclass(frozen=True)
class FieldSpec:
    """One rules field as its metadata describes it: path, meaning, knob id and codec."""

    section: str
    name: str
    doc: str
    knob: str
    codec: Codec
    default: Any

    @property
    def path(self) -> str:
        return f"{self.section}.{self.name}"

    @property
    def choices(self) -> Mapping[str, str]:
        return self.codec.choices

    @property
    def allowed(self) -> str:
        return self.codec.allowed


def section_specs(section: str, cls: type) -> tuple[FieldSpec, ...]:
    """The fields of one section class, in order."""
    return tuple(
        FieldSpec(section, f.name, f.metadata["doc"], f.metadata["knob"], f.metadata["codec"], f.default)
        for f in fields(cls)
    )
