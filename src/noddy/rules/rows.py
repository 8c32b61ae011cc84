"""The rules in plain words, grouped as a player reads them, for ``noddy rules show``, ``compare``,
the web's rules page and the field tables of docs/house-rules.md, all from the fields' metadata."""

from __future__ import annotations

from dataclasses import dataclass

from noddy.rules.fields import FieldSpec
from noddy.rules.model import FIELDS, Rules

__all__ = ["GROUPS", "Row", "describe", "differences", "fields_markdown"]

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
    """One rule in plain words: its field path, what it is about, the reading taken, knob id, note,
    what is allowed, and for a choice every reading with its words."""

    path: str
    about: str
    reading: str
    knob: str
    note: str
    allowed: str = ""
    choices: tuple[tuple[str, str], ...] = ()


def _row(spec: FieldSpec, rules: Rules) -> Row:
    value = getattr(getattr(rules, spec.section), spec.name)
    return Row(
        path=spec.path,
        about=spec.doc,
        reading=spec.codec.plain(value),
        knob=spec.knob,
        note=rules.note(spec.path),
        allowed=spec.allowed,
        choices=tuple(spec.choices.items()),
    )


def describe(rules: Rules) -> list[tuple[str, list[Row]]]:
    """Every rule of ``rules`` in plain words, grouped (deal, turn-up, hand, crib, play, ...)."""
    return [
        (title, [_row(spec, rules) for section in sections for spec in FIELDS if spec.section == section])
        for title, sections in GROUPS
    ]


def differences(a: Rules, b: Rules) -> list[tuple[Row, Row]]:
    """The rules where ``a`` and ``b`` differ, as pairs of rows."""
    rows_b = {row.path: row for _, rows in describe(b) for row in rows}
    return [
        (row, rows_b[row.path])
        for _, rows in describe(a)
        for row in rows
        if row.reading != rows_b[row.path].reading
    ]


def fields_markdown() -> str:
    """The "Every field" tables of docs/house-rules.md: one table per section, every field with its
    knob id, meaning and allowed values (a choice lists each value with its words)."""
    out: list[str] = []
    sections = dict.fromkeys(spec.section for spec in FIELDS)
    for section in sections:
        out += [f"### [{section}]", "", "| field | knob | meaning | allowed |", "|---|---|---|---|"]
        for spec in FIELDS:
            if spec.section != section:
                continue
            allowed = spec.allowed
            if spec.choices:
                allowed = "<br>".join(f"`{value}`: {words}" for value, words in spec.choices.items())
            out.append(f"| `{spec.name}` | {spec.knob} | {spec.doc} | {allowed} |")
        out.append("")
    return "\n".join(out)
