"""A live table in memory: its rules, seats and state, who listens, and the parts that each keep
their own: the discards laid away before their turn (laying away together, as at a table, while the
record keeps the engine's order), the undos, each person's choice to show the win-chance bar, and
what the state messages keep of the deals ended."""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from noddy.errors import IllegalActionError, NoddyError
from noddy.game import Action, ActionKind, GameState, Phase, discard_refusal
from noddy.players import Player
from noddy.record import GameRecord, Seat, parse_action
from noddy.rules import Rules
from noddy.web.kept import KeptDeals
from noddy.web.seats import LiveSeat, key_matches
from noddy.web.store import SeatRow
from noddy.words import LANGUAGES, Reason

__all__ = ["BarChoices", "Listener", "LiveTable", "NewTable", "PendingDiscards", "Refused", "Undone", "Undos"]


@dataclass
class PendingDiscards:
    """Discards chosen before the engine asks for them: each seat may lay away as soon as the deal is
    done, as at a table; the engine still asks the seats in turn, so a waiting discard is applied when
    its seat's turn comes, and the record keeps the engine's fixed order. A waiting discard is stored
    (`noddy.web.store.Store.lay_away`) before it is acknowledged, so that whichever server drives the
    table at that turn applies it; it is shown to its own seat only."""

    waiting: dict[int, Action] = field(default_factory=dict)

    def may_lay_away(self, state: GameState, seat: int | None) -> bool:
        """Whether ``seat`` still has to lay away in this deal and has not chosen yet."""
        return seat is not None and seat not in self.waiting and _still_to_lay(state, seat)

    def refusal(self, state: GameState, action: Action) -> str:
        """Why ``action``, a discard by a seat the engine has not asked yet, may not wait for its
        turn; ``""`` if it may (the caller stores it, then `hold` s it)."""
        seat = action.seat
        if action.kind is not ActionKind.DISCARD or seat is None:
            return Reason("early_not_discard", action=str(action))
        if not self.may_lay_away(state, seat):
            return Reason("laid_away")
        return discard_refusal(state, seat, action.cards)

    def hold(self, action: Action) -> None:
        """Keep ``action`` (checked by `refusal`, stored) until its seat's turn."""
        assert action.seat is not None
        self.waiting[action.seat] = action

    def drop(self, seat: int) -> None:
        """Forget ``seat``'s waiting discard (it does not fit the game: the seat is asked)."""
        self.waiting.pop(seat, None)

    def clear(self) -> None:
        """Forget every waiting discard (the deal's lay-away is over, or was taken back)."""
        self.waiting.clear()

    def due(self, state: GameState) -> Action | None:
        """The waiting discard of the seat the engine asks now, else None (it stays waiting until the
        move that applies it is stored: `adopt` then takes what the store still keeps)."""
        if state.phase is not Phase.DISCARD or state.to_act is None:
            return None
        return self.waiting.get(state.to_act)

    def adopt(self, state: GameState, stored: dict[int, str]) -> list[int]:
        """Wait with the discards the store keeps (text by seat) in place of this copy's; return the
        seats of those that do not fit ``state`` (not kept: their seats are asked)."""
        self.waiting = {}
        unfit = []
        for seat, text in sorted(stored.items()):
            try:
                action: Action | None = parse_action(text)
            except NoddyError:
                action = None
            if (
                action is not None
                and (action.kind, action.seat) == (ActionKind.DISCARD, seat)
                and _still_to_lay(state, seat)
                and not discard_refusal(state, seat, action.cards)
            ):
                self.waiting[seat] = action
            else:
                unfit.append(seat)
        return unfit

    def laid(self, seat: int | None) -> list[str]:
        """The cards ``seat`` has laid away and that wait for its turn (for its own view only)."""
        action = self.waiting.get(seat) if seat is not None else None
        return [str(card) for card in action.cards] if action is not None else []


def _still_to_lay(state: GameState, seat: int) -> bool:
    """Whether ``seat`` has yet to lay away in this deal (its discard not applied)."""
    return state.phase is Phase.DISCARD and state.chance() is None and not state.discards[seat]


@dataclass(frozen=True)
class Undone:
    """An undo: ``seat`` took back ``moves`` moves, leaving the game at move ``seq``."""

    seat: int
    moves: int
    seq: int


@dataclass
class Undos:
    """The moves taken back at a table (`noddy.web.undo`): how many times, which the store and the
    record keep too (each connection sends its whole log again when it changes), and the last undo,
    said to every view until the game moves on."""

    count: int = 0
    last: Undone | None = None

    def took_back(self, seat: int, moves: int, seq: int) -> None:
        """``seat`` took back ``moves`` moves here, leaving the game at move ``seq``."""
        self.count += 1
        self.last = Undone(seat, moves, seq)

    def caught_up(self, count: int, undone: Undone) -> None:
        """Another server took moves back: the store counts ``count`` undos now, the last ``undone``."""
        self.count = count
        self.last = undone


@dataclass
class BarChoices:
    """Each person's choice to show the win-chance bar or not, by seat (`noddy.web.winchance`); a
    person who has not chosen has the default the faces give (`noddy.analysis.winchance.default_on`).
    The store keeps each choice with its seat (`noddy.web.store.SeatRow.winchance`): this copy is
    the table's as last read or made here."""

    on: dict[int, bool] = field(default_factory=dict)

    def choose(self, seat: int, on: bool) -> None:
        self.on[seat] = on

    def adopt(self, rows: Iterable[SeatRow]) -> None:
        """The choices the store keeps with these seats, in place of this copy's."""
        self.on = {row.seat: row.winchance for row in rows if row.winchance is not None}


class Refused(NoddyError):
    """A request refused with a reason for the person who made it; nothing has changed. Made from a
    `Reason` or a key and values, it is said in the person's language (`noddy.words.say_error`)."""

    @classmethod
    def of(cls, error: NoddyError) -> Refused:
        """``error`` refused as it stands: its reason, or its key and values, kept to be said."""
        if isinstance(error, IllegalActionError):
            return cls(error.reason)
        return cls(error.fault, **error.values) if error.fault is not None else cls(*error.args)


class Listener(Protocol):
    """A connection to a table: told when the table's state changes."""

    seat: int | None

    def notify(self, *, table: bool = False) -> None:
        """The game moved on (or, with ``table``, the seats or the table's status changed)."""

    def send(self, message: dict[str, Any]) -> None: ...


@dataclass(eq=False)
class LiveTable:
    """One table in memory: its rules, seats, current state, and who is listening."""

    id: str
    preset: str
    overrides: tuple[str, ...]
    rules: Rules
    seats: list[LiveSeat]
    state: GameState
    rematch: str | None = None
    maker_hash: str | None = None
    listeners: set[Listener] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    rng: random.Random = field(default_factory=lambda: random.Random(secrets.randbits(64)))
    bots: dict[int, Player] = field(default_factory=dict)
    driver: asyncio.Task[None] | None = None
    active: float = field(default_factory=time.monotonic)
    """When something last happened here (an action, a connection): idle tables leave memory first."""
    laying: PendingDiscards = field(default_factory=PendingDiscards)
    hints: bool = False
    """Whether the discard advisor may be asked here: only at a table of one person
    (see `noddy.web.advise`)."""
    undo: Undos = field(default_factory=Undos)
    bar: BarChoices = field(default_factory=BarChoices)
    kept: KeptDeals = field(default_factory=KeptDeals)
    """What the state messages keep of the deals ended, seat by seat (`noddy.web.messages`)."""

    @property
    def idle(self) -> bool:
        return not self.listeners and (self.driver is None or self.driver.done())

    @property
    def language(self) -> str:
        """The language spoken at this table to whoever has not chosen one: its rule set's."""
        return self.rules.language if self.rules.language in LANGUAGES else "en"

    @property
    def people(self) -> list[int]:
        """The seats of persons (whether or not anyone took them yet): every other seat is a computer."""
        return [i for i, seat in enumerate(self.seats) if seat.is_human]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def status(self) -> str:
        if self.state.is_over:
            return "over"
        return "open" if any(s.is_human and not s.claimed for s in self.seats) else "playing"

    def seat_of_token(self, token: str) -> int | None:
        """The seat whose invite link this is, open or already used."""
        return next((i for i, seat in enumerate(self.seats) if key_matches(token, seat.token_hash)), None)

    def seat_of_secret(self, secret: str) -> int | None:
        """The seat of the person who took it and was given this secret."""
        return next((i for i, seat in enumerate(self.seats) if key_matches(secret, seat.secret_hash)), None)

    def is_maker(self, key: str) -> bool:
        return key_matches(key, self.maker_hash)

    def connected(self, seat: int) -> bool:
        return any(listener.seat == seat for listener in self.listeners)

    def record(self) -> GameRecord:
        seats = [Seat(s.name, s.kind) for s in self.seats]
        return GameRecord.start(
            self.state, seats, preset=self.preset, overrides=self.overrides, undos=self.undo.count
        )

    def summary(self) -> dict[str, Any]:
        """What the lobby lists: public facts only."""
        return {
            "id": self.id,
            "rules": self.preset,
            "title": self.rules.title or self.rules.name,
            "players": self.state.players,
            "partners": self.state.partners,
            "side_seats": [list(seats) for seats in self.state.side_seats()],
            "status": self.status,
            "scores": list(self.state.scores),
            "deal": self.state.deal_number,
            "winner": self.state.winner,
            "hints": self.hints,
            "seats": [
                {"name": s.name, "kind": s.kind, "claimed": s.claimed or not s.is_human} for s in self.seats
            ],
        }

    def announce(self, *, table: bool = False) -> None:
        for listener in list(self.listeners):
            listener.notify(table=table)

    def tell(self, seat: int) -> None:
        """Only ``seat``'s own connections are told its view changed (a discard it laid away early)."""
        for listener in list(self.listeners):
            if listener.seat == seat:
                listener.notify()

    def broadcast(self, message: dict[str, Any]) -> None:
        for listener in list(self.listeners):
            listener.send(message)


@dataclass(frozen=True)
class NewTable:
    """A table just made, and the keys only its maker is given, once: each seat's invite ``tokens``
    (``None`` for a computer's seat and those taken at once), the ``secrets`` of the seats taken at
    once (the people at the maker's device, by seat), and the ``maker`` key, which gives a seat a new
    invite link."""

    table: LiveTable
    tokens: list[str | None]
    secrets: dict[int, str]
    maker: str
