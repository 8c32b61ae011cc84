"""Rule sets as data: the model, the shipped presets, house rules and their TOML form.

The sources' citations (`CITED`, `Cited`) and the rules in plain words (`describe`, `differences`,
`fields_markdown`, `Row`) are imported when first asked for: ``noddy score`` needs neither.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from noddy.rules.faults import RulesFault
from noddy.rules.fields import FieldSpec, Points
from noddy.rules.load import (
    dump_rules,
    extended,
    load_rules,
    loads_rules,
    parse_override,
    preset_names,
    rules_from_data,
    rules_to_data,
)
from noddy.rules.model import FIELDS, LANGUAGES, SECTIONS, Rules, Source, field_spec
from noddy.rules.seating import side_of, side_seats
from noddy.rules.sections import (
    Combinations,
    Crib,
    Deal,
    DealShape,
    Game,
    Hand,
    Lurch,
    Play,
    SpecialCards,
    Table,
    Turnup,
    Words,
)

if TYPE_CHECKING:
    from noddy.rules.citations import CITED, Cited
    from noddy.rules.rows import Row, describe, differences, fields_markdown

__all__ = [
    "CITED",
    "FIELDS",
    "LANGUAGES",
    "SECTIONS",
    "Cited",
    "Combinations",
    "Crib",
    "Deal",
    "DealShape",
    "FieldSpec",
    "Game",
    "Hand",
    "Lurch",
    "Play",
    "Points",
    "Row",
    "Rules",
    "RulesFault",
    "Source",
    "SpecialCards",
    "Table",
    "Turnup",
    "Words",
    "describe",
    "differences",
    "dump_rules",
    "extended",
    "field_spec",
    "fields_markdown",
    "load_rules",
    "loads_rules",
    "parse_override",
    "preset_names",
    "rules_from_data",
    "rules_to_data",
    "side_of",
    "side_seats",
]


_LATER = {
    "CITED": "citations",
    "Cited": "citations",
    "Row": "rows",
    "describe": "rows",
    "differences": "rows",
    "fields_markdown": "rows",
}
"""The names imported from their modules when first asked for."""


def __getattr__(name: str) -> Any:
    if name in _LATER:
        value = getattr(import_module(f"noddy.rules.{_LATER[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
