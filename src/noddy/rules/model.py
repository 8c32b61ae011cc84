"""The rule set as a frozen dataclass tree: `Rules`, made of the sections of `noddy.rules.sections`.

Each field's meaning, knob id, allowed values and codec are in its metadata (`noddy.rules.fields`);
`FIELDS` lists them all in the order they are shown, so validation, loading, dumping, ``noddy rules
show`` and the docs read the same description.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from noddy.errors import RulesError, quoted
from noddy.rules.faults import RulesFault
from noddy.rules.fields import FieldSpec, section_specs
from noddy.rules.sections import (
    Combinations,
    Crib,
    Deal,
    Game,
    Hand,
    Play,
    SpecialCards,
    Table,
    Turnup,
    Words,
)

__all__ = ["FIELDS", "LANGUAGES", "SECTIONS", "Rules", "Source", "field_spec"]

LANGUAGES = ("en", "fr")
"""The languages noddy speaks, so the ones a rule set's ``language`` may name."""


@dataclass(frozen=True, slots=True)
class Source:
    """A citation: a source file of the rules reference or a public page. ``file`` names the
    reference's archive copy, the project's own cross-reference, so it is kept but never shown."""

    name: str
    file: str = ""
    page: str = ""
    url: str = ""

    def describe(self) -> str:
        """The source as a reader can find it: its name, with its page and address where known."""
        where = ", ".join(x for x in (self.page, self.url) if x)
        return f"{self.name} ({where})" if where else self.name


SECTIONS: dict[str, type] = {
    "deal": Deal,
    "table": Table,
    "turnup": Turnup,
    "hand": Hand,
    "crib": Crib,
    "play": Play,
    "combinations": Combinations,
    "special_cards": SpecialCards,
    "game": Game,
    "words": Words,
}
"""The sections of a rule set in the order they are shown, each a frozen dataclass."""

FIELDS: tuple[FieldSpec, ...] = tuple(
    spec for name, cls in SECTIONS.items() for spec in section_specs(name, cls)
)
"""Every rules field, section by section, with its meaning, knob id and codec."""

_BY_PATH = {spec.path: spec for spec in FIELDS}


def field_spec(path: str) -> FieldSpec:
    """The field at ``path`` (``"hand.wrong_count"``); `RulesError` for a path that is no field."""
    try:
        return _BY_PATH[path]
    except KeyError:
        raise RulesError(RulesFault.NOT_A_FIELD, path=quoted(path)) from None


@dataclass(frozen=True, slots=True)
class Rules:
    """A whole rule set: name, citations, notes on open choices, and every rule as data."""

    name: str
    title: str = ""
    summary: str = ""
    language: str = "en"
    """The language the rule set's players speak (its source's), one of `LANGUAGES`: the web speaks
    it by default."""
    sources: tuple[Source, ...] = ()
    notes: tuple[tuple[str, str], ...] = ()
    deal: Deal = field(default_factory=Deal)
    table: Table = field(default_factory=Table)
    turnup: Turnup = field(default_factory=Turnup)
    hand: Hand = field(default_factory=Hand)
    crib: Crib = field(default_factory=Crib)
    play: Play = field(default_factory=Play)
    combinations: Combinations = field(default_factory=Combinations)
    special_cards: SpecialCards = field(default_factory=SpecialCards)
    game: Game = field(default_factory=Game)
    words: Words = field(default_factory=Words)

    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        from noddy.rules.validate import validate

        validate(self)
        object.__setattr__(self, "_hash", self._tree_hash())

    def _tree_hash(self) -> int:
        return hash(tuple(getattr(self, f.name) for f in fields(self) if f.compare))

    def __hash__(self) -> int:
        # Rules key many caches (tables, counts); hashing the whole tree each time would cost more.
        return self._hash

    def __setstate__(self, state: list[Any]) -> None:
        """An unpickled copy (a computer player's worker gets one with each view) hashed as here:
        a text's hash differs from process to process, and with the hash it was pickled with, an
        equal rule set missed every cache keyed by it (each table built again in each worker)."""
        for spec, value in zip(fields(self), state, strict=True):
            object.__setattr__(self, spec.name, value)
        object.__setattr__(self, "_hash", self._tree_hash())

    def note(self, path: str) -> str:
        """The preset's note on one field path (``"hand.flush"``), or ``""``."""
        return dict(self.notes).get(path, "")

    @property
    def player_counts(self) -> tuple[int, ...]:
        return self.deal.player_counts

    def held_size(self, players: int | None = None) -> int:
        """Cards each player holds for the hand and the play (for the smallest table by default)."""
        return self.deal.shape(players or self.player_counts[0]).held

    def cards_per_deal(self, players: int) -> int:
        """Cards one deal takes from the pack, the turn-up included."""
        shape = self.deal.shape(players)
        return players * (shape.dealt + shape.crib_dealt) + shape.crib_from_pack + 1

    def deals_per_pack(self, players: int) -> tuple[int, int]:
        """How many deals one pack gives when it is dealt on without reshuffling, and cards left."""
        return divmod(52, self.cards_per_deal(players))

    def crib_size(self, players: int | None = None) -> int:
        """Cards in one crib (0 where there is none)."""
        n = players or self.player_counts[0]
        shape = self.deal.shape(n)
        if self.crib.kind == "none":
            return 0
        if self.crib.kind == "own":
            return shape.crib_dealt + shape.discard
        return shape.discard * n + shape.crib_from_pack
