"""The game's closed vocabularies: each kind is a `StrEnum` whose value is the word the notation,
records and messages carry. They sit under the words (with the cards) so that the words, which say
events and phases, compare members as the game does; the game re-exports each where it is used
(`noddy.game.ActionKind`, ...).

>>> EventKind("turned_jack") is EventKind.TURNED_JACK, str(Phase.PLAY)
(True, 'play')
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["ActionKind", "EventKind", "Phase", "Subject", "TaskKind", "Word"]


class Word(StrEnum):
    """A closed vocabulary: each member is a word (its value, what messages and records carry), and
    its repr names the member (``Phase.PLAY``), not the word."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class ActionKind(Word):
    """A kind of action; its value is the word that starts the action's notation."""

    PLAY = "play"
    GO = "go"
    DISCARD = "discard"
    COUNT = "count"
    DECLARE = "declare"
    MUGGINS = "muggins"
    PASS = "pass"
    SHUFFLE = "shuffle"
    CUT = "cut"
    DEALER = "dealer"


class EventKind(Word):
    """A kind of event; its value is the name events carry in messages."""

    CUT = "cut"
    CUT_AGAIN = "cut_again"
    DEALER = "dealer"
    COMPENSATION = "compensation"
    DEAL = "deal"
    DISCARD = "discard"
    TURNUP = "turnup"
    TURNED_JACK = "turned_jack"
    KNAVE = "knave"
    COUNT = "count"
    DECLARE = "declare"
    SHOW = "show"
    MUGGINS = "muggins"
    PLAY = "play"
    GO = "go"
    LAST_CARD = "last_card"
    RESET = "reset"
    PLAY_END = "play_end"
    DEAL_END = "deal_end"
    WIN = "win"


class Subject(Word):
    """What a count, a declaration or a show is of; its value is the word events carry."""

    HAND = "hand"
    CRIB = "crib"


class Phase(Word):
    """Where a game stands; ``CUT`` and ``SHUFFLE`` wait for chance, ``OVER`` for nothing. Its value
    is the word views carry in messages."""

    CUT = "cut"
    SHUFFLE = "shuffle"
    DISCARD = "discard"
    COUNT = "count"
    MUGGINS = "muggins"
    PLAY = "play"
    OVER = "over"


class TaskKind(Word):
    """What a game's count task asks for; its value is the word the view's ``counting`` carries."""

    HAND = "hand"
    """A seat's hand to count."""
    CRIB = "crib"
    """A crib to count (the dealer's, or a seat's own)."""
    MUGGINS = "muggins"
    """A claim on the short count of a seat's hand, opened once the hand is shown."""
