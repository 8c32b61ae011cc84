"""The source texts the presets' notes cite by code (``S002``, the rules reference's tags), each
with the name a reader knows it by: players are shown the name, never the code."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CITED", "Cited"]


@dataclass(frozen=True, slots=True)
class Cited:
    """A source text cited by code: who or what it is (as said in running text), and its year."""

    name: str
    year: str = ""


CITED: dict[str, Cited] = {
    "S000": Cited("Strawberry", "2016"),
    "S001": Cited("the 'Noddy Rules' compilation"),
    "S002": Cited("du Coeur", "1996"),
    "S003": Cited("Jonny Groves"),
    "S004": Cited("the French page"),
}
"""Each code of the rules reference's source files: Lady Mwynwen Ysginidd's (Strawberry's) Nodde
redaction, the web compilation "Noddy Rules", Justin du Coeur's Game Report: Noddy, and Early
Cribbage, Jonny Groves's Four-Card Noddy and Crib Noddy, and a French web page for 2 players."""
