"""The game: an immutable state, its legal actions, ``apply``, events and per-seat views."""

from noddy.game.actions import Action
from noddy.game.events import Event
from noddy.game.state import Chance, CountTask, GameState, Phase, new_game
from noddy.game.view import PlayerView

__all__ = ["Action", "Chance", "CountTask", "Event", "GameState", "Phase", "PlayerView", "new_game"]
