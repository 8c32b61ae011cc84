"""The perfect-recall information state of a seat as numbers: everything the seat has seen over
the whole game, in order, in a fixed number of floats.

A game is a sequence of links, one for each OpenSpiel action: the action, the events it made
(`noddy.game.Event`, read by the seat through `Event.seen_by`) and, for a deal, every seat's cards
dealt. A single card drawn by chance is a link with no action (the seat sees only that a card was
drawn): a deal's or a cut's draws come in a fixed number, and ``drawn`` says how many of a pending
one are drawn. The cuts for the first deal come next, then a block for each deal: who deals, the
seat's cards dealt, and the deal's actions in slots, in order (slot 0 the deal itself), each slot
saying who acted, what kind of action, the number declared and the points its events pegged; the
cards laid in actions (its own lay-away, every card played) and the cards events showed it, each
by the slot it came in; and the calls of the other seats' hidden hands (counted unshown), which
say kinds of scores without their cards. Everything else the seat saw (the events' kinds, the
count, the calls of shown hands) follows from these and the rules.

So the tensor is a function of what the seat has seen and tells two stories apart, up to the order
an event lists the cards it shows (a hand's cards in the order they were dealt, and a call's items
in that order). Its size is fixed by the game's bounds (`noddy.research.openspiel` gives them
from its ``max_game_length``): ``deals`` blocks of ``slots`` slots; `noddy.research.fields.
RECALL_BLOCKS` describes every field.

>>> recall = Recall(2, deals=3, slots=10)
>>> recall.deal_width, recall.size
(366, 2141)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt

from noddy.cards import DECK, Card
from noddy.errors import NoddyError
from noddy.game import DECLARE_RANGE, Action, ActionKind, Event, EventKind, GameState, Subject
from noddy.research.fields import CUT_ROUNDS, PLAYER_KINDS, Field, recall_layout
from noddy.rules import Rules
from noddy.scoring import KINDS

__all__ = ["Link", "Recall", "Seen", "deal_bound", "game_bounds", "least_points_a_deal", "link_of"]

_KINDS: dict[ActionKind, int] = {kind: i for i, kind in enumerate(PLAYER_KINDS)}
_ITEMS = {kind: i for i, kind in enumerate(KINDS)}
_SUBJECTS = {Subject.HAND: 0, Subject.CRIB: 1}
_CUTS = (EventKind.CUT, EventKind.CUT_AGAIN)
_NUMBER = len(DECLARE_RANGE) + 1
_POINTS = 64.0
_MANY = 8.0
_SIZE = 16.0


_UNPROVEN = 10
"""Where no deal is sure to score (`deal_bound`), the bound taken is this many times the deals of
a game whose every deal scored 1: not a proof, and the tensor refuses a game beyond it."""


def least_points_a_deal(rules: Rules) -> int:
    """The fewest points a deal can peg in all: every deal has a play, and its last series ends
    either at exactly 31 (``play.thirty_one``: 4 cards at least, as no card counts over 10) or
    with the last card (``play.last_card``), never with nothing; no rule takes points away.

    >>> from noddy.rules import load_rules
    >>> least_points_a_deal(load_rules("cribbage"))
    1
    >>> least_points_a_deal(load_rules("cribbage", ("play.last_card=0",)))
    0
    """
    play = rules.play
    thirty_one = play.thirty_one.score(4) + play.thirty_one_extra if play.thirty_one.enabled else 0
    return min(play.last_card, thirty_one)


def deal_bound(rules: Rules, sides: int) -> tuple[int, bool]:
    """The most deals a game of ``sides`` sides can last, and whether that is proven. A game to a
    target ends at the first deal that leaves a side there, so before its last deal every side is
    below the target, and the deals before it pegged at least ``least_points_a_deal`` each:
    ``deals - 1 <= sides * (target - 1) / least``. Two sides at a point a deal can stand at
    30-30 in willughby after 60 deals, and the 61st ends it, where the target alone (31) would not
    do. Where a deal may peg nothing, no bound follows (`_UNPROVEN`).

    >>> from noddy.rules import load_rules
    >>> deal_bound(load_rules("willughby"), 2), deal_bound(load_rules("cribbage"), 3)
    ((61, True), (361, True))
    """
    game = rules.game
    if game.end != "target":
        return 1, True
    least = least_points_a_deal(rules)
    return sides * (game.target - 1) // max(least, 1) * (1 if least else _UNPROVEN) + 1, least > 0


def game_bounds(rules: Rules, players: int, partners: bool) -> tuple[int, int]:
    """The most deals a game may have (`deal_bound`), and the most actions a deal allows but its
    draws: what the information-state tensor and OpenSpiel's ``max_game_length`` are sized by."""
    held = rules.deal.shape(players).held
    deals, _ = deal_bound(rules, 2 if partners else players)
    return deals, players * (3 * held + 8) + players * players


class Link(Protocol):
    """One action of a game as a seat's story keeps it (`noddy.research.openspiel`'s trail)."""

    @property
    def move(self) -> Action | None: ...

    @property
    def events(self) -> tuple[Event, ...]: ...

    @property
    def dealt(self) -> tuple[tuple[Card, ...], ...]: ...


def link_of(
    before: GameState, move: Action, after: GameState
) -> tuple[tuple[Event, ...], tuple[tuple[Card, ...], ...]]:
    """What a `Link` holds of ``move``, which took the game from ``before`` to ``after``: the events
    it made and, where it shuffled or dealt, every seat's cards (an own crib's with them)."""
    new = after.events[len(before.events) :]
    dealt: tuple[tuple[Card, ...], ...] = ()
    if move.kind is ActionKind.SHUFFLE or any(e.kind == EventKind.DEAL for e in new):
        own = after.rules.crib.kind == "own"
        dealt = tuple((*hand, *(after.cribs[seat] if own else ())) for seat, hand in enumerate(after.hands))
    return tuple(new), dealt


@dataclass(frozen=True, slots=True)
class Seen:
    """What a seat saw of one action, seats relative to it (0 itself; ``players``: chance)."""

    actor: int
    kind: ActionKind
    number: int | None
    laid: tuple[int, ...]
    """The indices of the action's cards as the seat saw them."""
    shown: tuple[int, ...]
    """The indices of the cards its events showed."""
    points: tuple[tuple[int, int], ...]
    """(seat, points) for each event that pegged."""
    calls: tuple[tuple[int, int, int, int, int], ...]
    """(seat, subject, kind of score, points, size) of each item of another seat's hidden call."""
    dealer: int | None
    """Who deals, where its events begin a deal."""
    first: int | None
    """Who deals first, where its events say (the cut or the draw for it)."""
    dealt: tuple[int, ...]
    cut: tuple[int, ...]
    """The cards cut, each seat's in relative order, where its events cut for the first deal."""


class Recall:
    """The information-state tensor of a table of ``players`` seats: at most ``deals`` deals of
    at most ``slots`` slots each (the deal and the actions after it)."""

    @classmethod
    def of(cls, rules: Rules, players: int, partners: bool) -> Recall:
        """The tensor of a game of ``rules`` (`game_bounds`: a slot for the deal and each action)."""
        deals, actions = game_bounds(rules, players, partners)
        return cls(players, deals=deals, slots=1 + actions)

    def __init__(self, players: int, deals: int, slots: int) -> None:
        self.players = players
        self.deals = deals
        self.slots = slots
        self.front: tuple[Field, ...] = recall_layout(players, slots, deal=False)
        self.deal_fields: tuple[Field, ...] = recall_layout(players, slots, deal=True)
        """A deal's fields, from the deal's start (`noddy.research.fields.RECALL_BLOCKS`)."""
        self.deal_width = self.deal_fields[-1].stop
        self.size = self.front[-1].stop + deals * self.deal_width
        self._front = {f.name: f.start for f in self.front}
        self._at = {f.name: f.start for f in self.deal_fields}
        self._step = {name: self.deal_fields[i].size // slots for i, name in enumerate(self._at)}

    def seen(self, seat: int, link: Link) -> Seen | None:
        """What ``seat`` saw of ``link``; ``None`` for a single card drawn."""
        move = link.move
        if move is None:
            return None
        n = self.players
        laid: Sequence[Card] = ()
        if move.seat == seat or (move.seat is not None and move.kind != ActionKind.DISCARD):
            laid = move.cards
        shown: list[int] = []
        points: list[tuple[int, int]] = []
        calls: list[tuple[int, int, int, int, int]] = []
        dealer = first = None
        cut: tuple[int, ...] = ()
        for whole in link.events:
            event = whole.seen_by(seat)
            at = None if event.seat is None else (event.seat - seat) % n
            shown += [c.index for c in event.cards]
            if at is not None and event.points:
                points.append((at, event.points))
            if event.kind == EventKind.DEAL:
                dealer = at
            elif event.kind == EventKind.DEALER:
                first = at
            elif event.kind in _CUTS:
                cut = tuple(event.cards[(seat + k) % n].index for k in range(n))
            secret = whole.hidden and whole.seat != seat
            for item in event.items:
                shown += [c.index for c in item.cards]
                if secret and at is not None:
                    subject = _SUBJECTS.get(event.subject or Subject.HAND, 0)
                    calls.append((at, subject, _ITEMS[item.kind], item.points, item.size))
        dealt = link.dealt[seat] if link.dealt else ()
        return Seen(
            actor=n if move.seat is None else (move.seat - seat) % n,
            kind=move.kind,
            number=move.number if move.kind == ActionKind.DECLARE else None,
            laid=tuple(c.index for c in laid),
            shown=tuple(shown),
            points=tuple(points),
            calls=tuple(calls),
            dealer=dealer,
            first=first,
            dealt=tuple(c.index for c in dealt),
            cut=cut,
        )

    def tensor_into(self, out: npt.NDArray[np.float32], story: Sequence[Seen], drawn: int) -> None:
        """Write the tensor of a seat's ``story`` (what it saw of each action, in order), ``drawn``
        cards drawn for a pending chance node, into ``out`` (zeroed by the caller)."""
        indices, values = self.sparse(story, drawn)
        out[indices] = values

    def sparse(
        self, story: Sequence[Seen], drawn: int
    ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.float32]]:
        """The tensor of a seat's ``story`` in its sparse form: the places of its non-zero numbers
        (int32, ascending) and the numbers (float32). A few thousand bytes where the tensor is
        hundreds of thousands (a game uses a few of its deals' blocks, and few places of each), to
        keep in a replay buffer; `dense` gives the tensor back, number for number."""
        entries = self._entries(story, drawn)
        indices = np.fromiter(sorted(entries), np.int32, len(entries))
        values = np.fromiter((entries[i] for i in indices.tolist()), np.float32, len(entries))
        keep = values != 0
        return indices[keep], values[keep]

    def dense(self, indices: npt.ArrayLike, values: npt.ArrayLike) -> npt.NDArray[np.float32]:
        """The tensor from its sparse form (`sparse`): ``size`` float32s, 0 but at ``indices``."""
        out = np.zeros(self.size, np.float32)
        out[np.asarray(indices, np.int64)] = np.asarray(values, np.float32)
        return out

    def _entries(self, story: Sequence[Seen], drawn: int) -> dict[int, float]:
        """The tensor's numbers by place (some may be 0), written in Python floats: every sum is of
        numbers k / 2^j, exact in float32 too."""
        out: dict[int, float] = {}
        n = self.players
        cards = len(DECK)
        out[self._front["drawn"]] = drawn / cards
        cuts = self._front["cuts"]
        round_ = 0
        deal = -1
        base = -1
        slot = 0
        at = self._at
        step = self._step
        slots = self.slots
        ones: list[int] = []
        for seen in story:
            if seen.first is not None:
                ones.append(self._front["first_dealer"] + seen.first)
            if seen.cut:
                if round_ >= CUT_ROUNDS:
                    raise NoddyError(f"more than {CUT_ROUNDS} cuts for the first deal: {self._beyond}")
                ones += [cuts + (round_ * n + k) * cards + c for k, c in enumerate(seen.cut)]
                round_ += 1
            if seen.dealer is not None:
                deal += 1
                if deal >= self.deals:
                    raise NoddyError(f"more than {self.deals} deals: {self._beyond}")
                base = self.front[-1].stop + deal * self.deal_width
                slot = 0
                ones.append(base + at["dealer"] + seen.dealer)
                ones += [base + at["dealt"] + c for c in seen.dealt]
            elif base < 0:
                continue
            else:
                slot += 1
                if slot >= slots:
                    raise NoddyError(f"more than {slots} actions in a deal: {self._beyond}")
            value = (slot + 1) / slots
            ones.append(base + at["actor"] + slot * step["actor"] + seen.actor)
            kind = _KINDS.get(seen.kind)
            if kind is not None:
                ones.append(base + at["action"] + slot * step["action"] + kind)
            if seen.number is not None:
                out[base + at["number"] + slot] = (seen.number + 1) / _NUMBER
            for seat, points in seen.points:
                k = base + at["points"] + slot * n + seat
                out[k] = out.get(k, 0.0) + points / _POINTS
            for c in seen.laid:
                out[base + at["laid"] + c] = value
            for c in seen.shown:
                out.setdefault(base + at["shown"] + c, value)
            calls = base + at["calls"]
            for seat, subject, kind_at, points, size in seen.calls:
                k = calls + ((seat - 1) * 2 + subject) * 3 * len(KINDS) + 3 * kind_at
                out[k] = out.get(k, 0.0) + 1 / _MANY
                out[k + 1] = out.get(k + 1, 0.0) + points / _POINTS
                out[k + 2] = out.get(k + 2, 0.0) + size / _SIZE
        out.update(dict.fromkeys(ones, 1.0))
        return out

    @property
    def _beyond(self) -> str:
        return "past the information-state tensor's bounds, which the game's max_game_length should keep"
