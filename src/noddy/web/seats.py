"""A table's seats and the keys to them: who may sit where, and under what name.

A person's seat has a single-use invite link (its token, in the link after ``#``); whoever opens it
first takes the seat and is given the seat's own secret, for reconnecting; the table's maker holds a
key to give a seat a fresh link. Each key is 144 random bits, and only its SHA-256 hash is kept.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from confusable_homoglyphs import categories, confusables  # type: ignore[import-untyped]

from noddy.web.store import SeatRow
from noddy.words import LANGUAGES, Reason, phrase

__all__ = [
    "HUMAN",
    "LiveSeat",
    "SeatSpec",
    "hash_token",
    "key_matches",
    "looks_alike",
    "name_refusal",
    "name_skeleton",
    "new_key",
]

HUMAN = "human"
RESERVED = tuple(phrase("you", lang) for lang in LANGUAGES)
"""The words each page shows for its reader's own seat, in every language ("You", "Vous"), so nobody
may take them, nor a look-alike of them."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_key() -> str:
    """A random key (144 bits) for an invite link, a seat's secret or a table's maker."""
    return secrets.token_urlsafe(18)


def key_matches(key: str, digest: str | None) -> bool:
    """Whether ``key`` hashes to ``digest``, compared in constant time."""
    return digest is not None and secrets.compare_digest(digest, hash_token(key))


@lru_cache(maxsize=4096)
def _prototype(char: str) -> str:
    """The character ``char`` is a look-alike of, by the Unicode confusables (UTS #39's
    confusables.txt, as `confusable_homoglyphs` keeps it: a look-alike lists its one prototype), else
    ``char`` itself: a Cyrillic "о" is an "o", a capital "I" an "l"."""
    seen = {char}
    while True:
        found = confusables.is_confusable(char, preferred_aliases=[])
        glyphs = [g["c"] for match in found or () for g in match["homoglyphs"]]
        if len(glyphs) != 1 or glyphs[0] in seen:
            return char
        if not all(categories.alias(c) in ("LATIN", "COMMON") for c in glyphs[0]):
            return char
        char = str(glyphs[0])
        seen.add(char)


def name_skeleton(name: str) -> str:
    """What a name looks like, for telling names apart (UTS #39's skeleton, read for Latin letters):
    compatibility forms folded (NFKC), each character read as the one it looks like. Two names with
    one skeleton look alike on a page.

    >>> name_skeleton("Y\u043eu") == name_skeleton("You")
    True
    """
    text = unicodedata.normalize("NFKC", name)
    return unicodedata.normalize("NFKC", "".join(_prototype(c) for c in text))


def _forms(name: str) -> set[str]:
    """The forms two names are compared by: in any case, and by their look (`name_skeleton`)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return {folded, name_skeleton(folded), name_skeleton(name).casefold()}


def looks_alike(name: str, other: str) -> bool:
    """Whether a page could not tell the two names apart: the same in another case, or look-alikes.

    >>> looks_alike("Ann", "\u0410nn"), looks_alike("Ann", "ANN"), looks_alike("Ann", "Anne")
    (True, True, False)
    """
    return bool(_forms(name) & _forms(other))




def name_refusal(name: str, others: Iterable[str]) -> str | None:
    """Why a seat may not take this (cleaned) name, or ``None``: the pages could not tell it apart,
    being "You", which each page shows for its own seat, or another seat's name in any case, or a
    look-alike of either (compared by `name_skeleton`: "Y\u043eu" with a Cyrillic "о" is "You").

    >>> print(name_refusal("YOU", []))
    'YOU' cannot be a name: the table calls each player's own seat "You"; choose another
    >>> print(name_refusal("vous", []))
    'vous' cannot be a name: the table calls each player's own seat "Vous"; choose another
    >>> print(name_refusal("bob", ["Ann", "Bob"]))
    'bob' is already a seat's name at this table ('Bob'): give each seat its own name
    >>> print(name_refusal("Bob", ["Ann"]))
    None
    """
    for word in RESERVED:
        if looks_alike(name, word):
            return Reason("name_reserved", name=repr(name), word=word)
    for other in others:
        if looks_alike(other, name):
            return Reason("name_taken", name=repr(name), other=repr(other))
    return None


@dataclass(frozen=True)
class SeatSpec:
    """A seat to create: a person (``human``) or a computer player's name."""

    kind: str
    name: str


@dataclass
class LiveSeat:
    """A seat: a person's holds its invite link's hash and, once taken, its secret's hash."""

    kind: str
    name: str
    token_hash: str | None
    claimed: bool
    secret_hash: str | None = None

    @classmethod
    def stored(cls, row: SeatRow) -> LiveSeat:
        return cls(row.kind, row.name, row.token_hash, row.claimed, row.secret_hash)

    def row(self, seat: int) -> SeatRow:
        """The seat as the store keeps it, as seat number ``seat``."""
        return SeatRow(seat, self.kind, self.name, self.token_hash, self.claimed, self.secret_hash)

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def link_open(self) -> bool:
        """Whether the invite link still seats someone: nobody has taken the seat with it."""
        return self.token_hash is not None and self.secret_hash is None

    def take(self, secret_hash: str, name: str | None = None) -> None:
        """A person took the seat through its link (naming it, if ``name``): its secret is theirs."""
        self.secret_hash = secret_hash
        self.claimed = True
        self.name = name or self.name

    def new_link(self, token_hash: str) -> None:
        """The seat has a fresh invite link: the old link and the old secret stop working."""
        self.token_hash = token_hash
        self.secret_hash = None
        self.claimed = False
