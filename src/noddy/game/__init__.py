"""The game: an immutable state, its legal actions, ``apply``, events and per-seat views.

Everything above the game (players, the record, the faces) uses these names only. Search and
inference also need the counts as the flow makes them: `count_items` (a count still to be made),
`announced_items` (what a hand announces) and `jack_receiver` (who scores a Jack turned up). A face
that lets every seat lay away at once asks `discard_refusal` whether a seat may lay its cards away
now, whoever the engine asks next. The board (each side's pegs, each deal's starting scores) is
read from a view; a face that draws it after only some of the events asks `side_pegs`.
"""

from noddy.game.actions import Action, ActionKind
from noddy.game.counts import announced_items, count_items, jack_receiver
from noddy.game.deals import DealPoints, deal_points
from noddy.game.events import EVENT_FACTS, Event, EventFacts, EventKind, Subject, current_deal, turnup_event
from noddy.game.legal import DECLARE_RANGE, Declare, LegalActions, discard_refusal
from noddy.game.pegs import DealStart, Pegs, deal_starts, side_pegs
from noddy.game.state import Chance, CountTask, GameState, Phase, TaskKind, new_game
from noddy.game.undo import rewind, undo_point
from noddy.game.view import PlayerView
from noddy.rules import side_of, side_seats

__all__ = [
    "DECLARE_RANGE",
    "EVENT_FACTS",
    "Action",
    "ActionKind",
    "Chance",
    "CountTask",
    "DealPoints",
    "DealStart",
    "Declare",
    "Event",
    "EventFacts",
    "EventKind",
    "GameState",
    "LegalActions",
    "Pegs",
    "Phase",
    "PlayerView",
    "Subject",
    "TaskKind",
    "announced_items",
    "count_items",
    "current_deal",
    "deal_points",
    "deal_starts",
    "discard_refusal",
    "jack_receiver",
    "new_game",
    "rewind",
    "side_of",
    "side_pegs",
    "side_seats",
    "turnup_event",
    "undo_point",
]
