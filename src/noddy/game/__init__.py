"""The game: an immutable state, its legal actions, ``apply``, events and per-seat views."""

from noddy.game.actions import Action
from noddy.game.events import EVENT_FACTS, Event, EventFacts, EventKind
from noddy.game.state import Chance, CountTask, GameState, Phase, new_game
from noddy.game.view import PlayerView

__all__ = [
    "EVENT_FACTS",
    "Action",
    "Chance",
    "CountTask",
    "Event",
    "EventFacts",
    "EventKind",
    "GameState",
    "Phase",
    "PlayerView",
    "new_game",
]
