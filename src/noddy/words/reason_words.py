"""The record of one reason's words, shared by the tables of reasons (`noddy.words.reasons`, and
`noddy.words.record_reasons` for a game record's)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ReasonWords"]


@dataclass(frozen=True, slots=True)
class ReasonWords:
    """The words of one reason, its English and its French side by side (``{name}`` for each value);
    a card value is said as the player sees it, in the language's letters with its suit sign ("8♣",
    "V♥"), wherever it is said to a player (a page, a prompt); only the English text a `Reason` reads
    as (for records and logs) keeps the notation ("8c")."""

    en: str
    fr: str
