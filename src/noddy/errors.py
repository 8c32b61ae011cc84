"""The errors noddy raises: one base class, one subclass per kind of bad input.

Every message quotes the bad input and says what would be right.
"""

from __future__ import annotations

__all__ = ["CardError", "IllegalActionError", "NoddyError", "NotationError", "RecordError", "RulesError"]


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
