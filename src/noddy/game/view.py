"""`PlayerView`: everything one seat may know, built in one place so hidden cards cannot leak.

A seat sees its own cards (hand, discards, own crib), the turn-up once it is turned, every card laid
in the play, the scores, and the events with other seats' unshown cards taken out. A spectator
(seat ``None``) sees only what is public. Once a game is over, its replay (`GameState.replay`) gives
open views: every hand and crib face up and the events whole.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from noddy.cards import DECK, Card
from noddy.game.actions import Action, ActionKind
from noddy.game.events import Event, EventKind, current_deal
from noddy.game.legal import NO_ACTIONS, LegalActions, lay_away_refusal, legal_and_refused
from noddy.game.pegs import DealStart, Pegs, deal_starts, side_pegs
from noddy.rules import Rules, side_of, side_seats

if TYPE_CHECKING:
    from noddy.game.state import CountTask, GameState, Phase, TaskKind

__all__ = ["PlayerView", "make_view", "open_view"]


@dataclass(frozen=True)
class PlayerView:
    """What one seat may know of a game."""

    seat: int | None
    rules: Rules
    players: int
    partners: bool
    phase: Phase
    dealer: int
    elder: int
    deal_number: int
    scores: tuple[int, ...]
    hand: tuple[Card, ...]
    held: tuple[Card, ...]
    discards: tuple[Card, ...]
    own_crib: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    turnup: Card | None
    pile: tuple[tuple[int, Card], ...]
    played: tuple[tuple[int, Card], ...]
    count: int
    to_act: int | None
    legal: LegalActions
    events: tuple[Event, ...]
    winner: int | None
    stake: tuple[str, int]
    counting: tuple[TaskKind, int] | None = None
    """The count being made now: ``(TaskKind.HAND or TaskKind.CRIB, seat)``."""
    counted: tuple[Card, ...] = ()
    """The cards of the count being made now where this seat may see them: its own hand, or a crib
    (turned face up to all as it is counted); the turn-up joins them."""
    muggins: tuple[int, int] | None = None
    """After a short count under muggins: the seat that declared it and the points it missed."""
    refused: tuple[tuple[Action, str], ...] = ()
    """For the seat to play: each card of its hand it may not lay now, and a Go it may not say, with
    the engine's reason (`GameState.why_illegal`)."""
    hands: tuple[tuple[Card, ...], ...] = ()
    """Every seat's hand: in an open view (a finished game's replay) only."""
    cribs: tuple[tuple[Card, ...], ...] = ()
    """Every seat's crib (the dealer's, or each seat's own): in an open view only."""

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.partners)

    @property
    def side_seats(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side (partners share one)."""
        return side_seats(self.players, self.partners)

    @property
    def refusals(self) -> tuple[tuple[Card, str], ...]:
        """Each card of this seat's hand it may not lay now, with the engine's reason."""
        return tuple((action.card, why) for action, why in self.refused if action.kind == ActionKind.PLAY)

    def why_not(self, action: Action) -> str:
        """Why this seat may not take ``action`` now (``""`` if it may), in the engine's words where
        the view carries them (a card of the hand, the Go, a declaration, a lay-away)."""
        if action in self.legal:
            return ""
        discards = [a for a in self.legal if a.kind == ActionKind.DISCARD]
        if discards and action.kind == ActionKind.DISCARD and action.seat == self.seat:
            return lay_away_refusal(self.hand, action.cards, len(discards[0].cards))
        family = self.legal.declare
        if family is not None and action.kind == ActionKind.DECLARE and action.seat == family.seat:
            return family.refusal(action)
        return dict(self.refused).get(action) or f"you may not {action} now"

    @property
    def declare(self) -> range | None:
        """The points this seat may declare now, or ``None`` when it may not declare."""
        return self.legal.declare.points if self.legal.declare is not None else None

    @property
    def board_holes(self) -> int:
        """The holes of each side's track on the board: the target, or 31 for a game of one deal."""
        game = self.rules.game
        return game.target if game.end == "target" else 31

    @property
    def pegged(self) -> tuple[int, ...]:
        """Each side's score as the board shows it (`noddy.rules.Game.pegged`: in a game to a hole,
        a peg going out past the game hole stops there); ``scores`` keeps the engine's totals."""
        pegged = self.rules.game.pegged
        return tuple(pegged(score) for score in self.scores)

    @property
    def pegs(self) -> tuple[Pegs, ...]:
        """Each side's front and back peg on the board (`noddy.game.pegs`), worked out from the
        events when asked: a view is built at every decision, and few of them are drawn."""
        return side_pegs(self.events, len(self.scores), self.partners)

    @property
    def deal_starts(self) -> tuple[DealStart, ...]:
        """Each deal so far: its number, its dealer and the sides' scores as it was dealt."""
        return deal_starts(self.events, len(self.scores), self.partners)

    @property
    def my_side(self) -> int | None:
        return None if self.seat is None else self.side_of(self.seat)

    def unseen(self) -> tuple[Card, ...]:
        """The cards this seat cannot see: in other hands, cribs or the stock."""
        known = {*self.hand, *self.discards, *self.own_crib, *(c for _, c in self.played)}
        if self.turnup is not None:
            known.add(self.turnup)
        return tuple(c for c in DECK if c not in known)

    def cards_seen(self) -> frozenset[Card]:
        """Every card this view shows (for checking that nothing hidden leaks)."""
        cards = {*self.hand, *self.held, *self.discards, *self.own_crib, *self.counted}
        cards.update(c for _, c in self.played)
        if self.turnup is not None:
            cards.add(self.turnup)
        for event in self.events:
            cards.update(event.cards)
            for item in event.items:
                cards.update(item.cards)
        for action in self.legal:
            cards.update(action.cards)
        return frozenset(cards)

    def to_json(self, *, events: bool = True) -> dict[str, Any]:
        """The view for the browser; its ``events`` left empty unless ``events`` (a state message
        words them apart: `noddy.offline.page.view_fields`)."""
        return {
            "seat": self.seat,
            "rules": self.rules.name,
            "players": self.players,
            "partners": self.partners,
            "phase": self.phase.value,
            "dealer": self.dealer,
            "elder": self.elder,
            "deal": self.deal_number,
            "scores": list(self.scores),
            "pegged": list(self.pegged),
            "hand": [str(c) for c in self.hand],
            "held": [str(c) for c in self.held],
            "discards": [str(c) for c in self.discards],
            "own_crib": [str(c) for c in self.own_crib],
            "hand_sizes": list(self.hand_sizes),
            "turnup": str(self.turnup) if self.turnup else None,
            "pile": [[s, str(c)] for s, c in self.pile],
            "played": [[s, str(c)] for s, c in self.played],
            "count": self.count,
            "to_act": self.to_act,
            "legal": self.legal.texts(),
            "declare": self._declare_json(),
            "events": [e.to_json() for e in self.events] if events else [],
            "winner": self.winner,
            "stake": list(self.stake),
            "counting": {"what": self.counting[0], "seat": self.counting[1]} if self.counting else None,
            "counted": [str(c) for c in self.counted],
            "muggins": (
                {"declarer": self.muggins[0], "missed": self.muggins[1]} if self.muggins is not None else None
            ),
            "refusals": {str(card): reason for card, reason in self.refusals},
            "side_seats": [list(seats) for seats in self.side_seats],
            "side_of": [self.side_of(seat) for seat in range(self.players)],
            "board_holes": self.board_holes,
            **self._open_json(),
        }

    def _declare_json(self) -> dict[str, int] | None:
        points = self.declare
        return None if points is None else {"min": points.start, "max": points.stop - 1}

    def _open_json(self) -> dict[str, Any]:
        if not self.hands:
            return {}
        return {
            "hands": [[str(c) for c in hand] for hand in self.hands],
            "cribs": [[str(c) for c in crib] for crib in self.cribs],
        }


def make_view(state: GameState, seat: int | None) -> PlayerView:
    from noddy.game.state import Phase

    turned = state.turnup is not None and any(e.kind == EventKind.TURNUP for e in current_deal(state.events))
    own_crib: tuple[Card, ...] = ()
    if seat is not None and state.rules.crib.kind == "own":
        own_crib = state.cribs[seat]
    to_act = seat is not None and state.to_act == seat
    legal, refused = legal_and_refused(state) if to_act else (NO_ACTIONS, ())
    task = state.tasks[0] if state.phase is Phase.COUNT and state.tasks else None
    return _view(
        seat=seat,
        rules=state.rules,
        players=state.players,
        partners=state.partners,
        phase=state.phase,
        dealer=state.dealer,
        elder=state.elder,
        deal_number=state.deal_number,
        scores=state.scores,
        hand=state.hands[seat] if seat is not None else (),
        held=state.held[seat] if seat is not None else (),
        discards=state.discards[seat] if seat is not None else (),
        own_crib=own_crib,
        hand_sizes=tuple(len(h) for h in state.hands),
        turnup=state.turnup if turned else None,
        pile=state.pile,
        played=state.played,
        count=state.count,
        to_act=state.to_act,
        legal=legal,
        events=_seen_events(state, seat),
        winner=state.winner,
        stake=state.stake,
        counting=(task.what, task.seat) if task is not None else None,
        counted=_counted(state, task, seat),
        muggins=state.muggins,
        refused=refused,
        hands=(),
        cribs=(),
    )


def _counted(state: GameState, task: CountTask | None, seat: int | None) -> tuple[Card, ...]:
    """The cards of the count in progress that ``seat`` may see (`PlayerView.counted`)."""
    from noddy.game.state import TaskKind

    if task is None:
        return ()
    if task.what == TaskKind.CRIB:
        return state.cribs[task.seat]
    return state.held[task.seat] if task.seat == seat else ()


def _view(**fields: Any) -> PlayerView:
    """A `PlayerView` of every field, without the frozen dataclass's ``__init__`` setting each
    field in turn: a view is built at every decision of every game."""
    view = object.__new__(PlayerView)
    object.__setattr__(view, "__dict__", fields)
    return view


def _seen_events(state: GameState, seat: int | None) -> tuple[Event, ...]:
    """The events as ``seat`` may see them (`Event.seen_by`): the state's own tuple when none hides
    cards from it."""
    events = state.events
    if all(event.seat == seat for event in events if event.hidden):
        return events
    return tuple(event.seen_by(seat) for event in events)


def open_view(state: GameState) -> PlayerView:
    """A spectator's view with every card face up: each hand and crib, and the events whole."""
    return replace(make_view(state, None), hands=state.hands, cribs=state.cribs, events=state.events)
