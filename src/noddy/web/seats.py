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

from noddy.web.store import SeatRow
from noddy.words import LANGUAGES, phrase

__all__ = ["HUMAN", "LiveSeat", "SeatSpec", "hash_token", "key_matches", "name_refusal", "new_key"]

HUMAN = "human"
RESERVED = {phrase("you", lang).casefold(): phrase("you", lang) for lang in LANGUAGES}
"""The words each page shows for its reader's own seat, in every language ("You", "Vous")."""
"""The name each page shows for its own seat, so nobody may take it."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_key() -> str:
    """A random key (144 bits) for an invite link, a seat's secret or a table's maker."""
    return secrets.token_urlsafe(18)


def key_matches(key: str, digest: str | None) -> bool:
    """Whether ``key`` hashes to ``digest``, compared in constant time."""
    return digest is not None and secrets.compare_digest(digest, hash_token(key))


def _fold(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def name_refusal(name: str, others: Iterable[str]) -> str | None:
    """Why a seat may not take this (cleaned) name, or ``None``: the pages could not tell it apart,
    being "You", which each page shows for its own seat, or another seat's name in any case.

    >>> print(name_refusal("YOU", []))
    'YOU' cannot be a name: the table calls each player's own seat "You"; choose another
    >>> print(name_refusal("vous", []))
    'vous' cannot be a name: the table calls each player's own seat "Vous"; choose another
    >>> print(name_refusal("bob", ["Ann", "Bob"]))
    'bob' is already a seat's name at this table ('Bob'): give each seat its own name
    >>> print(name_refusal("Bob", ["Ann"]))
    None
    """
    if _fold(name) in RESERVED:
        word = RESERVED[_fold(name)]
        return f'{name!r} cannot be a name: the table calls each player\'s own seat "{word}"; choose another'
    for other in others:
        if _fold(other) == _fold(name):
            return f"{name!r} is already a seat's name at this table ({other!r}): give each seat its own name"
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
