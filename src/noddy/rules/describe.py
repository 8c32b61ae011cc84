"""The rules in plain words, grouped as a player reads them, for ``noddy rules show`` and ``compare``."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from noddy.rules.model import DealShape, Lurch, Points, Rules

__all__ = ["GROUPS", "Row", "describe", "differences", "plain_value"]

GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Deal", ("deal", "table")),
    ("Turn-up", ("turnup",)),
    ("Hand", ("hand",)),
    ("Crib", ("crib",)),
    ("Play", ("play",)),
    ("Combinations (hand, crib and play)", ("combinations", "special_cards")),
    ("Game end", ("game",)),
    ("Words", ("words",)),
)
"""Groups of sections in the order ``rules show`` prints them."""


@dataclass(frozen=True)
class Row:
    """One rule in plain words: its field path, what it is about, the reading, knob id and note."""

    path: str
    about: str
    reading: str
    knob: str
    note: str


def plain_value(path: str, value: Any, meta: Any = None) -> str:
    """One field's value in plain words."""
    choices = (meta or {}).get("choices")
    if choices and isinstance(value, str) and value in choices:
        return f"{choices[value]} ({value})"
    if isinstance(value, Points):
        return value.describe()
    if isinstance(value, bool):
        return "yes" if value else "no"
    if path == "deal.players":
        return "; ".join(_shape(n, s) for n, s in value)
    if path == "combinations.run_values":
        listed = ", ".join(f"run of {n}: {p}" for n, p in value)
        return f"{listed}; other lengths 1 point a card" if listed else "1 point a card"
    if path == "combinations.pairs":
        return f"pair {value[0]}, pair royal {value[1]}, double pair royal {value[2]}"
    if path == "special_cards.cards":
        return ", ".join(f"{card} {points}" for card, points in value)
    if path == "game.lurch":
        return "; ".join(_lurch(x) for x in value) or "none"
    return str(value)


def _shape(n: int, shape: DealShape) -> str:
    parts = [f"{shape.dealt} dealt each"]
    if shape.discard:
        parts.append(f"{shape.discard} discarded to the crib")
    if shape.crib_dealt:
        parts.append(f"{shape.crib_dealt} dealt to an own crib")
    if shape.crib_from_pack:
        parts.append(f"{shape.crib_from_pack} from the pack to the crib")
    return f"{n} players: " + ", ".join(parts)


def _lurch(lurch: Lurch) -> str:
    return f"{lurch.name}: the loser below {lurch.below} loses {lurch.games} games"


def describe(rules: Rules) -> list[tuple[str, list[Row]]]:
    """Every rule of ``rules`` in plain words, grouped (deal, turn-up, hand, crib, play, ...)."""
    groups = []
    for title, sections in GROUPS:
        rows = []
        for section_name in sections:
            section = getattr(rules, section_name)
            for f in fields(section):
                path = f"{section_name}.{f.name}"
                value = getattr(section, f.name)
                rows.append(
                    Row(
                        path=path,
                        about=f.metadata["doc"],
                        reading=plain_value(path, value, f.metadata),
                        knob=f.metadata["knob"],
                        note=rules.note(path),
                    )
                )
        groups.append((title, rows))
    return groups


def differences(a: Rules, b: Rules) -> list[tuple[Row, Row]]:
    """The rules where ``a`` and ``b`` differ, as pairs of rows."""
    rows_b = {row.path: row for _, rows in describe(b) for row in rows}
    out = []
    for _, rows in describe(a):
        for row in rows:
            other = rows_b[row.path]
            if row.reading != other.reading:
                out.append((row, other))
    return out
