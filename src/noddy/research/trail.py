"""Where a ``python_noddy`` game stands on the readable engine: the engine's state, the cards drawn
so far for a pending chance, and the story each seat has seen (`Trail`), shared by the OpenSpiel
game (`noddy.research.openspiel`), its resampler (`noddy.research.resample`) and the kernel's
rollouts (`noddy.research.rollouts`), none of which imports another for it.

A shuffle is dealt one card a step (OpenSpiel's chance nodes), so a `SpielPosition` holds the
draws of a pending shuffle or cut until the last card it needs; `step` moves a position on by one
OpenSpiel action and `advance` by one of the engine's actions. A `Node` is what the OpenSpiel
state steps, one way on either engine: `EngineNode` (a `SpielPosition`) or the kernel's
`noddy.research.spielfast.FastPosition`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from noddy.words import need_extra

try:
    import pyspiel
except ImportError:
    need_extra("research", __name__)
    raise

from noddy.cards import DECK, Card
from noddy.game import Action, ActionKind, Event, GameState
from noddy.research.outcome import returns
from noddy.research.recall import Recall, Seen, link_of
from noddy.research.tensors import Encoder
from noddy.rules import Rules
from noddy.words import action_words, cards_text, event_line

__all__ = ["EngineNode", "Node", "SpielPosition", "Table", "Trail", "advance", "said", "step", "written"]


class Trail:
    """The story of a game as its seats see it, one link an action: the action, the events it
    made and, for a deal, the cards each seat was dealt. Links are shared by every later position,
    and each seat's text is written only when asked for (a rollout never asks), then kept."""

    __slots__ = ("before", "dealt", "events", "move", "seen", "table", "texts")

    def __init__(
        self,
        before: Trail | None,
        move: Action | None = None,
        events: tuple[Event, ...] = (),
        dealt: tuple[tuple[Card, ...], ...] = (),
        *,
        table: Table | None = None,
    ) -> None:
        self.before = before
        self.move = move
        self.events = events
        self.dealt = dealt
        self.table: Table = table if table is not None else before.table if before is not None else _NO_TABLE
        """The rules and seats the story is told at (the first link's, shared by every later one)."""
        self.texts: dict[int, str] = {}
        self.seen: dict[int, Seen | None] = {}

    def recalled(self, seat: int, recall: Recall) -> list[Seen]:
        """What ``seat`` saw of each action, first to last (`noddy.research.recall`; each link's
        read once, when first asked for, then kept)."""
        story: list[Seen] = []
        trail: Trail | None = self
        while trail is not None:
            if seat in trail.seen:
                seen = trail.seen[seat]
            else:
                seen = trail.seen[seat] = recall.seen(seat, trail)
            if seen is not None:
                story.append(seen)
            trail = trail.before
        story.reverse()
        return story

    def text(self, seat: int) -> str:
        """Everything ``seat`` has seen, action by action (written from the nearest link that has it)."""
        links: list[Trail] = []
        trail: Trail | None = self
        while trail is not None and seat not in trail.texts:
            links.append(trail)
            trail = trail.before
        text = trail.texts[seat] if trail is not None else ""
        for link in reversed(links):
            text = link.texts[seat] = text + link.part(seat)
        return text

    def part(self, seat: int) -> str:
        """What ``seat`` sees of this link's action, in words, its cards with their suit signs: its
        own actions whole, the others' as the table sees them (a lay-away without its cards), a card
        drawn face down as a dot after "Cards drawn face down:", each event on a line of its own
        as the table's words say it (`noddy.words.event_line`, as `Event.seen_by` shows it to the
        seat), with the points it pegged."""
        move = self.move
        if move is None:
            if self.before is None:
                return ""
            first = self.before.move is not None or self.before.before is None
            return "\nCards drawn face down: ·" if first else "·"
        table = self.table
        names = table.names(seat)
        dealt = phrase_dealt(self.dealt[seat]) if self.dealt else ""
        if move.is_chance:
            part = dealt or ("" if self.events else f"Chance: {move.kind.replace('_', ' ')}")
        elif move.kind in _SAID_BY_EVENT or (move.kind is ActionKind.DISCARD and move.seat != seat):
            part = dealt  # its own event says it ("Seat 1 plays 8♥, count 16")
        else:
            who = names[move.seat] if move.seat is not None else "Chance"
            part = f"{who}: {action_words(move.kind, move.cards, move.number)}"
            if dealt:  # rules that deal on from the stock deal the next hands at the end of a deal
                part += f"\n{dealt}"
        events = "".join(said(event, seat, table) for event in self.events)
        return f"\n{part}{events}" if part else events

    def __deepcopy__(self, memo: dict[int, Any]) -> Trail:
        return self


@dataclass(frozen=True, slots=True)
class SpielPosition:
    """Where a game stands: the engine's state, the cards drawn so far for the pending chance, each
    seat's information so far (one string a seat), and the position the current deal was dealt
    from (a resample deals it again). Immutable, so a clone shares it."""

    state: GameState
    drawn: tuple[int, ...]
    trail: Trail
    start: SpielPosition | None = None
    player: int = field(init=False)
    """Who acts: a seat, or OpenSpiel's chance or terminal player (asked at every step of a search)."""

    def __post_init__(self) -> None:
        state = self.state
        if state.is_over:
            player = int(pyspiel.PlayerId.TERMINAL)
        elif state.chance() is not None:
            player = int(pyspiel.PlayerId.CHANCE)
        else:
            assert state.to_act is not None
            player = state.to_act
        object.__setattr__(self, "player", player)

    def __deepcopy__(self, memo: dict[int, Any]) -> SpielPosition:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its story as a list of links, first to last (a long chain of links would
        go past pickle's recursion limit)."""
        links: list[tuple[Action | None, tuple[Event, ...], tuple[tuple[Card, ...], ...]]] = []
        trail: Trail | None = self.trail
        while trail is not None and trail.before is not None:
            links.append((trail.move, trail.events, trail.dealt))
            trail = trail.before
        links.reverse()
        return (written, (self.state, self.drawn, tuple(links), self.start))


def written(
    state: GameState,
    drawn: tuple[int, ...],
    links: tuple[tuple[Action | None, tuple[Event, ...], tuple[tuple[Card, ...], ...]], ...],
    start: SpielPosition | None,
) -> SpielPosition:
    """A position whose story is ``links`` (`SpielPosition.__reduce__`)."""
    trail = Trail(None, table=Table(state.rules, state.players, state.partners))
    for move, events, dealt in links:
        trail = Trail(trail, move, events, dealt)
    return SpielPosition(state, drawn, trail, start)


def step(position: SpielPosition, action: int, encoder: Encoder, draws: int) -> SpielPosition:
    """The engine's position after OpenSpiel's ``action`` (a player's index of ``encoder``'s, or one
    draw of chance's; a shuffle draws ``draws`` cards)."""
    state = position.state
    chance = state.chance()
    if chance is None:
        seat = state.to_act
        assert seat is not None
        move = encoder.action_of(seat, state.hands[seat], action)
        return advance(position, state.apply(move), move)
    if chance.kind == ActionKind.DEALER:
        move = Action(ActionKind.DEALER, None, number=action)
        return advance(position, state.apply(move), move)
    drawn = (*position.drawn, action)
    need = chance.players if chance.kind == ActionKind.CUT else draws
    if len(drawn) < need:
        return SpielPosition(state, drawn, Trail(position.trail), position.start)
    cards = tuple(DECK[i] for i in drawn)
    if chance.kind == ActionKind.SHUFFLE:
        cards += tuple(c for c in DECK if c.index not in set(drawn))
    move = Action(chance.kind, None, cards)
    return advance(position, state.apply(move), move)


def advance(position: SpielPosition, after: GameState, move: Action) -> SpielPosition:
    """The next position, the story grown by ``move`` and the events it made."""
    trail = Trail(position.trail, move, *link_of(position.state, move, after))
    start = position if move.kind is ActionKind.SHUFFLE else position.start
    return SpielPosition(after, (), trail, start)


@dataclass(frozen=True, slots=True)
class Table:
    """What a story's words need of its game: the rules, the number of seats, partners or not."""

    rules: Rules | None
    players: int
    partners: bool

    def names(self, seat: int) -> tuple[str, ...]:
        """The seats as ``seat`` reads them: itself "You", the others "Seat 1", "Seat 2"..."""
        return tuple("You" if at == seat else f"Seat {at}" for at in range(self.players))


_NO_TABLE = Table(None, 0, False)
_SAID_BY_EVENT = frozenset({ActionKind.PLAY, ActionKind.GO, ActionKind.COUNT})
"""Actions whose events say them whole (the card played, the Go, the hand counted)."""


def phrase_dealt(cards: tuple[Card, ...]) -> str:
    """The seat's own cards dealt, as its story says them."""
    return f"You are dealt {cards_text(cards)}"


def said(event: Event, seat: int, table: Table) -> str:
    """One event as ``seat`` sees it, on a line of its own: the table's words for it, then the points
    it pegged ("Seat 1 plays 6♦, count 21 — a run of three 3 (+3)"); an event the table's words
    pass over, by its own text ("Seat 1: end of the deal")."""
    e = event.seen_by(seat)
    line = event_line(e, table.names(seat), table.rules, table.partners) if table.rules is not None else None
    text = line.text if line is not None else (e.text or e.kind.value.replace("_", " "))
    if line is None and e.seat is not None:
        text = f"{table.names(seat)[e.seat]}: {text}"
    return f"\n{text}" + (f" (+{e.points})" if e.points else "")


class Node(Protocol):
    """A node of ``python_noddy`` as OpenSpiel steps it, on either engine: `EngineNode` on the
    readable engine, `noddy.research.spielfast.FastPosition` on the kernel. Immutable once a clone
    shares it; `after` is the one way a game steps."""

    @property
    def player(self) -> int:
        """Who acts: a seat, or OpenSpiel's chance or terminal player."""
        ...

    @property
    def told(self) -> SpielPosition | None:
        """The engine's position, where the node is one (the kernel's: ``None``)."""
        ...

    def legal(self, player: int) -> list[int]:
        """The legal action indices of ``player`` (none unless it is to act)."""
        ...

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Chance's outcomes: a seat each for a first dealer drawn, else the cards not drawn yet."""
        ...

    def chance_actions(self) -> list[int]:
        """Chance's outcomes without their probabilities."""
        ...

    def after(self, action: int) -> Node:
        """The node after ``action`` (a player's index, or one draw of chance's)."""
        ...

    def returns(self, stakes: bool) -> list[float]:
        """Each seat's return (0 before the end), as `noddy.research.outcome` pays it."""
        ...

    def observe_into(self, seat: int, out: npt.NDArray[np.float32]) -> None:
        """The seat's observation tensor into ``out`` (zeroed)."""
        ...


class EngineNode:
    """A `Node` on the readable engine: a `SpielPosition` and what steps it (the encoder, the cards
    a shuffle draws)."""

    __slots__ = ("draws", "encoder", "player", "told")

    def __init__(self, position: SpielPosition, encoder: Encoder, draws: int) -> None:
        self.told: SpielPosition = position
        self.encoder = encoder
        self.draws = draws
        self.player = position.player

    def __deepcopy__(self, memo: dict[int, Any]) -> EngineNode:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its encoder's parameters (the encoder holds the kernel's observer)."""
        enc = self.encoder
        return (_engine_node, (self.told, enc.rules, enc.players, enc.partners, enc.declare, self.draws))

    def legal(self, player: int) -> list[int]:
        state = self.told.state
        if player != self.player or player < 0:
            return []
        return self.encoder.indices(state.legal_actions(), state.hands[player])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        chance = self.told.state.chance()
        assert chance is not None
        if chance.kind == ActionKind.DEALER:
            return [(seat, 1.0 / chance.players) for seat in range(chance.players)]
        drawn = set(self.told.drawn)
        left = [i for i in range(len(DECK)) if i not in drawn]
        return [(i, 1.0 / len(left)) for i in left]

    def chance_actions(self) -> list[int]:
        return [action for action, _ in self.chance_outcomes()]

    def after(self, action: int) -> EngineNode:
        return EngineNode(step(self.told, action, self.encoder, self.draws), self.encoder, self.draws)

    def returns(self, stakes: bool) -> list[float]:
        return list(returns(self.told.state, stakes=stakes))

    def observe_into(self, seat: int, out: npt.NDArray[np.float32]) -> None:
        self.encoder.observe_into(self.told.state.view(seat), out)


def _engine_node(
    position: SpielPosition, rules: Rules, players: int, partners: bool, declare: bool, draws: int
) -> EngineNode:
    """An `EngineNode` unpickled (`EngineNode.__reduce__`)."""
    return EngineNode(position, Encoder(rules, players, partners=partners, declare=declare), draws)
