"""The errors noddy raises: one base class, one subclass per kind of bad input.

Every message quotes the bad input and says what would be right. An error a face shows carries a key
(a `Fault`, declared by the layer that raises it, its value the English sentence) and the values the
sentence is said from, so that `noddy.words.say_error` can say it in the reader's language; its
``str`` stays that English sentence, which the logs read.

Which key a new error takes: a layer under the words (cards, textdata, rules, scoring) declares a
`Fault` member, its French in `noddy.words.faults`; the words and every layer above make the error
from a `noddy.words.Reason` (``NoddyError(Reason("key", ...))``), its English and French side by
side in `noddy.words.reasons`. A part of a sentence with values of its own is an error (or a
`Reason`) given as a value, said in the same language.

>>> class Toy(Fault):
...     TOO_MANY = "{given} cards given; a hand has {need}"
>>> error = NoddyError(Toy.TOO_MANY, given=7, need=4)
>>> str(error), error.fault is Toy.TOO_MANY, error.values
('7 cards given; a hand has 4', True, {'given': 7, 'need': 4})
"""

from __future__ import annotations

from enum import Enum
from typing import Any

__all__ = [
    "QUOTED",
    "CardError",
    "Fault",
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


class Fault(Enum):
    """A kind of bad input, the key an error is said from: each layer declares its own (a subclass
    with members); a member's value is its English sentence, with a ``{name}`` for each value."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    def english(self, values: dict[str, Any]) -> str:
        """The sentence in English, each value as its ``str`` (a tuple: its parts, spaced; a key: its
        sentence, as a part said inside another)."""
        return str(self.value).format_map({k: _english(v) for k, v in values.items()})


def _english(value: object) -> object:
    if isinstance(value, Fault):
        return value.value
    if type(value) is tuple:
        return " ".join(str(_english(v)) for v in value)
    return value


class NoddyError(ValueError):
    """Base of every error noddy raises about bad input: made from a `Fault` and its values (said in
    any language by `noddy.words.say_error`), or from an English sentence alone (said as it is)."""

    fault: Fault | None
    values: dict[str, Any]

    def __init__(self, fault: Fault | object, /, **values: Any) -> None:
        if isinstance(fault, Fault):
            super().__init__(fault.english(values))
            self.fault = fault
        else:
            super().__init__(fault)
            self.fault = None
        self.values = values


class NotationError(NoddyError):
    """Text that does not parse: a card, a list of cards, an action, a number where one is expected."""


class CardError(NotationError):
    """Card text that cannot be read, or a set of cards that cannot occur (a duplicate)."""


class RulesError(NoddyError):
    """A rule set that is not valid: unknown field, bad value, unknown preset."""


class IllegalActionError(NoddyError):
    """A well-formed action the rules do not allow in the current state. ``reason`` is why (the game's
    `noddy.words.Reason`, which a face says in its reader's language; the message itself unless
    given), ``action`` the action refused, ``seat`` who took it (``None``: chance, or not said) and
    ``phase`` the phase it was refused in (``None`` where no game's check refused it, as an undo).
    Made from a `Fault` and its values (a layer below the game's words), it is said from them."""

    reason: str
    action: object
    seat: int | None
    phase: object

    def __init__(
        self,
        message: str | Fault,
        /,
        *,
        reason: str | None = None,
        action: object = None,
        seat: int | None = None,
        phase: object = None,
        **values: Any,
    ) -> None:
        super().__init__(message, **values)
        if reason is None:
            reason = message if isinstance(message, str) else str(self)
        self.reason = reason
        self.action, self.seat, self.phase = action, seat, phase


class RecordError(NoddyError):
    """A game record that cannot be read or does not replay."""


class MissingExtraError(NoddyError, ModuleNotFoundError):
    """A part of noddy that needs an optional extra which is not installed (``pip install
    'noddy[EXTRA]'``, its name the value ``extra``): a `NoddyError`, so a command says it in one line,
    and a `ModuleNotFoundError`, so code importing that part meets the error an import raises."""
