"""The errors noddy raises: one base class, one subclass per kind of bad input.

Every message quotes the bad input and says what would be right.
"""

from __future__ import annotations

__all__ = [
    "QUOTED",
    "CardError",
    "IllegalActionError",
    "MissingExtraError",
    "NoddyError",
    "NotationError",
    "RecordError",
    "RulesError",
    "quoted",
]

QUOTED = 40
"""The most characters of a caller's text an error quotes back (an answer never grows with the input)."""


def quoted(value: object) -> str:
    """``value`` quoted for an error message (its ``repr``), cut to its first `QUOTED` characters:
    what was given is recognisable, and a long input is not echoed whole (the web's errors, the
    command line's and the rules' alike).

    >>> quoted("abc"), quoted(12)
    ("'abc'", '12')
    >>> quoted("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100 characters)"
    >>> quoted(10**50)
    '1000000000000000000000000000000000000000… (51 characters)'
    """
    if isinstance(value, str):
        if len(value) <= QUOTED:
            return repr(value)
        return f"{value[:QUOTED] + '…'!r} ({len(value)} characters)"
    text = repr(value)
    return text if len(text) <= QUOTED else f"{text[:QUOTED]}… ({len(text)} characters)"


class NoddyError(ValueError):
    """Base of every error noddy raises about bad input."""


class NotationError(NoddyError):
    """Text that does not parse: a card, a list of cards, an action, a number where one is expected."""


class CardError(NotationError):
    """Card text that cannot be read, or a set of cards that cannot occur (a duplicate)."""


class RulesError(NoddyError):
    """A rule set that is not valid: unknown field, bad value, unknown preset."""


class IllegalActionError(NoddyError):
    """A well-formed action the rules do not allow in the current state."""


class RecordError(NoddyError):
    """A game record that cannot be read or does not replay."""


class MissingExtraError(NoddyError, ModuleNotFoundError):
    """A part of noddy that needs an optional extra which is not installed (``pip install
    'noddy[EXTRA]'``): a `NoddyError`, so a command says it in one line, and a `ModuleNotFoundError`,
    so code importing that part meets the error an import raises."""

    def __init__(self, message: str, extra: str) -> None:
        super().__init__(message)
        self.extra = extra
        """The extra to install: ``web``, ``dask``, ``plot``, ``postgres`` or ``research``."""
