"""Numbers for learning: a fixed-size encoding of a `PlayerView` and a fixed index for every action.

Both are sized per (rules, players) and never change during a game, so a network, a replay buffer
or an action mask can be allocated once. The encoding is built from the view alone (what the seat
may know), so it cannot hold another seat's hidden cards. Seats are relative to the observer
(0: itself, 1: the next seat...), sides too (0: its own), so one policy serves every seat.
`docs/research.md` lists every field; `Encoder.fields` is the same list in code, both from
`noddy.research.fields`. Where the compiled kernel is built, it writes the numbers (Python reads
the view's cards as masks and its seats as ints, the kernel's encoder, the one its own games are
observed by, writes the tensor: `noddy.engine.view_writer`); the Python here is the reference
both are tested against.

>>> from noddy.rules import load_rules
>>> enc = Encoder(load_rules("cribbage"), 2)
>>> enc.size, enc.num_actions
(491, 171)
>>> enc.index_in((), Action.go(0)), enc.fields[0].name
(52, 'hand')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from operator import attrgetter
from typing import Any, NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

from noddy.cards import DECK, Card, card_mask
from noddy.engine import view_writer
from noddy.errors import IllegalActionError
from noddy.game import (
    DECLARE_RANGE,
    Action,
    ActionKind,
    Event,
    EventKind,
    LegalActions,
    PlayerView,
    TaskKind,
    current_deal,
    new_game,
    side_of,
)
from noddy.research.fields import PHASES, Field, layout
from noddy.rules import Rules
from noddy.scoring import PLAY_LIMIT

__all__ = ["PHASES", "Encoder", "Field", "Layout", "hand_positions"]

_T = TypeVar("_T")

CARDS = len(DECK)
DISCARDS = CARDS + 4
"""The first discard index: after a play of each card (its `Card.index`), go, count, muggins, pass."""
_NAMES = (ActionKind.GO, ActionKind.COUNT, ActionKind.MUGGINS, ActionKind.PASS)
_FIXED: dict[str, int] = {kind: CARDS + i for i, kind in enumerate(_NAMES)}
_PHASE_AT = {phase: i for i, phase in enumerate(PHASES)}
_FIRST = (
    "hand",
    "held",
    "discards",
    "own_crib",
    "turnup",
    "pile",
    "played",
    "seen",
    "count",
    "scores",
    "phase",
)
_LATER = ("dealer", "to_act", "hand_sizes", "counting", "muggins")


class Layout(NamedTuple):
    """`Encoder.layout`: the tensor and the action index described by name, as (name, number)
    pairs (hashable: one kernel observer a layout is kept)."""

    starts: tuple[tuple[str, int], ...]
    size: int
    num_actions: int
    firsts: tuple[tuple[str, int], ...]
    subsets: tuple[int, ...]
    phases: tuple[tuple[str, int], ...]
    dealt: int
    holes: int


_FIXED_BITS = {
    frozenset(kinds): sum(1 << _FIXED[kind] for kind in kinds if kind in _FIXED)
    for size in range(len(ActionKind) + 1)
    for kinds in combinations(ActionKind, size)
}
"""For each set of kinds listed (`LegalActions.kinds`), the indices of Go, count, muggins and pass
among them as bits (each below 64, as a play's: the kernel's writer reads one number for both)."""
_DEAL, _HAND = EventKind.DEAL, TaskKind.HAND
"""Members read once: reading one off its class costs about as much as a view's loop over new events."""
_SPECTATOR = "an observation is a seat's: a spectator's view has no seat"
_INDEX = attrgetter("index")
"""A discard names positions in the hand ordered by card index (the order of the card fields)."""


class Encoder:
    """The observation encoding and the action index of one rule set and number of players.

    ``partners`` as in `noddy.game.new_game` (4 players play as partners where the rules allow it
    unless told otherwise). ``declare`` says whether the declared counts (``declare N``) are
    offered as actions: without them, a seat counting a hand may only ``count`` (the engine counts
    it right), which is what every computer player does; with them, a wrong count is possible
    where the rules make it matter (``hand.wrong_count`` ``stands`` or ``muggins``). ``kernel``
    has the compiled kernel write the observations where it is built and reads the table (the
    same numbers, several times faster); without it, or without the kernel, Python writes them
    (the reference).
    """

    def __init__(
        self,
        rules: Rules,
        players: int,
        *,
        partners: bool | None = None,
        declare: bool = False,
        kernel: bool = True,
    ) -> None:
        self.rules = rules
        self.players = players
        self.declare = declare
        shape = rules.deal.shape(players)
        self.dealt = shape.dealt
        self.lay_away = shape.discard
        self.subsets: tuple[tuple[int, ...], ...] = tuple(combinations(range(shape.dealt), shape.discard))
        if not shape.discard:
            self.subsets = ()
        self.declare_start = DISCARDS + len(self.subsets)
        self.num_actions = self.declare_start + len(DECLARE_RANGE)
        self._discard_at = {
            sum(1 << i for i in subset): DISCARDS + k for k, subset in enumerate(self.subsets)
        }
        first = new_game(rules, players, partners=partners)
        self.partners = first.partners
        self.sides = 2 if self.partners else players
        self.fields = layout(players, self.sides)
        self.size = self.fields[-1].stop
        at = {f.name: f.start for f in self.fields}
        self._starts = tuple(at[name] for name in _FIRST)
        self._more_starts = tuple(at[name] for name in _LATER)
        self.holes = first.view(0).board_holes
        self._writer = view_writer(players, self.sides, self.layout()) if kernel else None
        self._deal_start: dict[int, tuple[int, Event]] = {}
        self._named_memo: dict[int | None, tuple[int, Event, int]] = {}
        self._fixed: dict[int, tuple[Sequence[Card], Sequence[Card], Sequence[Card], Card | None, Any]] = {}

    @property
    def in_kernel(self) -> bool:
        """Whether the compiled kernel writes this encoder's observations (asked for, built, and
        reading a table of this size); else Python does, the same numbers."""
        return self._writer is not None

    def layout(self) -> Layout:
        """This tensor's layout and action index by name, for an encoder written elsewhere (the
        kernel's: `noddy.engine` orders it by the kernel's names): where each field
        starts, the tensor's and the action space's sizes, each action kind's first index (a
        play's index is its first plus the card's index, a lay-away's its first plus its place
        among `subsets`), the lay-aways as bits of positions in the hand sorted by card index,
        each phase's place in the ``phase`` field, the cards dealt a seat, the board's holes."""
        return Layout(
            starts=tuple((f.name, f.start) for f in self.fields),
            size=self.size,
            num_actions=self.num_actions,
            firsts=(("play", 0), ("discard", DISCARDS), ("declare", self.declare_start), *_FIXED.items()),
            subsets=tuple(sum(1 << i for i in subset) for subset in self.subsets),
            phases=tuple((phase.value, at) for phase, at in _PHASE_AT.items()),
            dealt=self.dealt,
            holes=self.holes,
        )

    # -- observations ---------------------------------------------------------------------------

    def observe(self, view: PlayerView) -> npt.NDArray[np.float32]:
        """The view as ``size`` float32 numbers (see `fields`)."""
        out = np.zeros(self.size, np.float32)
        self.observe_into(view, out)
        return out

    def encode(self, view: PlayerView) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """What an environment needs of ``view`` in one pass: its observation (`observe`) and its
        mask (`mask`). An action's index is read back by `action_of` (or `legal_by_index`)."""
        if self._writer is None:
            out = np.zeros(self.size, np.float32)
            self.observe_into(view, out)
            return out, self.mask(view)
        out = np.empty(self.size, np.float32)  # the kernel writes every number, the mask's too
        mask = np.empty(self.num_actions, np.int8)
        self._write(view, out, mask)
        if self.declare:
            self._declare_into(view, mask)
        return out, mask

    def observe_into(self, view: PlayerView, out: npt.NDArray[np.float32]) -> None:
        """Write the encoding of ``view`` into ``out`` (zeroed by the caller)."""
        me = view.seat
        if me is None:
            raise IllegalActionError(_SPECTATOR)
        if self._writer is not None:
            self._write(view, out)
            return
        n = self.players
        hand, _, _, _, _, pile, played, seen, count, scores, phase = self._starts
        dealer, to_act, sizes, counting, muggins = self._more_starts
        fixed: list[int] = self._kept(view, me, self._fixed_ones)
        own = [c.index for c in view.hand]
        laid_down = [c.index for _, c in view.played]
        ones = [hand + i for i in own]
        ones += fixed
        ones += [pile + c.index for _, c in view.pile]
        ones += [
            played + (seat - me) % n * CARDS + i for (seat, _), i in zip(view.played, laid_down, strict=True)
        ]
        ones += [seen + i for i in own + laid_down + _indices(self._named(view))]  # repeats set a 1 again
        if view.counted:
            ones += [seen + c.index for c in view.counted]
        ones.append(phase + _PHASE_AT[view.phase])
        ones.append(dealer + (view.dealer - me) % n)
        if view.to_act is not None:
            ones.append(to_act + (view.to_act - me) % n)
        if view.counting is not None:
            what, seat = view.counting
            ones += [counting + (0 if what is TaskKind.HAND else 1), counting + 2 + (seat - me) % n]
        out.put(ones, 1.0)
        out[count] = min(view.count, PLAY_LIMIT) / PLAY_LIMIT
        holes = view.board_holes
        my_side = side_of(me, view.partners)
        sides = self.sides
        for side, score in enumerate(view.scores):
            out[scores + (side - my_side) % sides] = min(score, holes) / holes
        dealt = self.dealt
        for seat, size in enumerate(view.hand_sizes):
            out[sizes + (seat - me) % n] = min(size, dealt) / dealt
        if view.muggins is not None:
            declarer, missed = view.muggins
            out[muggins + (declarer - me) % n] = 1.0
            out[muggins + n] = min(missed, PLAY_LIMIT) / PLAY_LIMIT

    def _write(
        self, view: PlayerView, out: npt.NDArray[np.float32], mask: npt.NDArray[np.int8] | None = None
    ) -> None:
        """`observe_into` by the kernel's encoder: the view's cards as masks (those fixed through a
        deal kept, `_kept`), its seats and numbers as ints, -1 for one absent; and into ``mask``
        (when given) the listed legal actions (not the declared counts: `_declare_into`), from the
        masks the engine made with them: the plays, Go and the like by index as bits, the
        lay-aways as the cards they are laid away from."""
        me = view.seat
        if me is None:
            raise IllegalActionError(_SPECTATOR)
        held, discards, own_crib, turnup = self._kept(view, me, _fixed_masks)
        pile = 0
        for _, card in view.pile:
            pile |= 1 << card.index
        played = [0] * self.players
        for seat, card in view.played:
            played[seat] |= 1 << card.index
        shown = self._named(view)
        if view.counted:
            shown |= card_mask(view.counted)
        to_act = view.to_act
        counting = view.counting
        muggins = view.muggins
        legal = view.legal
        self._writer.write(  # type: ignore[union-attr]
            out,
            me,
            side_of(me, view.partners),
            card_mask(view.hand),
            held,
            discards,
            own_crib,
            shown,
            pile,
            tuple(played),
            turnup,
            view.count,
            _PHASE_AT[view.phase],
            view.dealer,
            -1 if to_act is None else to_act,
            view.scores,
            view.hand_sizes,
            -1 if counting is None else counting[0] is not _HAND,
            -1 if counting is None else counting[1],
            -1 if muggins is None else muggins[0],
            0 if muggins is None else muggins[1],
            mask,
            legal.plays | _FIXED_BITS[legal.kinds],  # a play's index is its card's
            legal.lay_away_from,
        )

    def _kept(self, view: PlayerView, me: int, read: Callable[[PlayerView], _T]) -> _T:
        """What ``read`` makes of the cards that stay the same through a deal once set (what the
        seat kept, laid away and holds as its own crib, and the turn-up), kept for each seat with
        the objects it was read from: the same (immutable) objects again are the same cards."""
        kept = self._fixed.get(me)
        if (
            kept is None
            or kept[0] is not view.held
            or kept[1] is not view.discards
            or kept[2] is not view.own_crib
            or kept[3] is not view.turnup
        ):
            kept = self._fixed[me] = (view.held, view.discards, view.own_crib, view.turnup, read(view))
        made: _T = kept[4]
        return made

    def _fixed_ones(self, view: PlayerView) -> list[int]:
        """The ones of the blocks that stay the same through a deal once set (`_kept`), each in its
        block and in ``seen``."""
        _, held, discards, own_crib, turnup, _, _, seen, *_ = self._starts
        kept = [c.index for c in view.held]
        laid = [c.index for c in view.discards]
        crib = [c.index for c in view.own_crib]
        ones = [held + i for i in kept]
        ones += [discards + i for i in laid]
        ones += [own_crib + i for i in crib]
        ones += [seen + i for i in kept + laid + crib]
        if view.turnup is not None:
            ones += [turnup + view.turnup.index, seen + view.turnup.index]
        return ones

    def _named(self, view: PlayerView) -> int:
        """The cards the current deal's events show the view's seat (shown hands and cribs, cards
        named in calls, the play's and the turn-up's) as a mask (bit `Card.index` set for each,
        `noddy.cards.card_mask`). Each seat's last answer is remembered with the last event it
        read: a later view of the same game (that event object at its place: every later state
        shares the events before it) reads only the events after, a new deal starting it again."""
        events = view.events
        end = len(events)
        known = self._named_memo.get(view.seat)
        if known is not None and known[0] <= end and events[known[0] - 1] is known[1]:
            at, named = known[0], known[2]
        else:
            start = self._deal_at(view)
            if start is None:
                return 0
            at, named = start, 0
        for event in events[at:]:
            named = 0 if event.kind is _DEAL else named | event.named
        self._named_memo[view.seat] = (end, events[-1], named)
        return named

    def _deal_at(self, view: PlayerView) -> int | None:
        """Where the current deal's events start in the view's (`noddy.game.current_deal`), or
        ``None`` before the first deal. Remembered with the deal's first event: every state of a
        deal shares its first events, so the same event object at the same place is the same deal
        (a copy of the game, or another branch of a search, included)."""
        events = view.events
        known = self._deal_start.get(view.deal_number)
        if known is not None and known[0] < len(events) and events[known[0]] is known[1]:
            return known[0]
        deal = current_deal(events)
        if not deal:
            return None
        at = len(events) - len(deal)
        self._deal_start[view.deal_number] = (at, events[at])
        return at

    # -- actions --------------------------------------------------------------------------------

    def action_index(self, view: PlayerView, action: Action) -> int:
        """The index of ``action`` for the seat of ``view`` (a discard is read against its hand)."""
        return self.index_in(view.hand, action)

    def index_in(self, hand: Sequence[Card], action: Action, positions: dict[int, int] | None = None) -> int:
        """The index of ``action`` of a seat holding ``hand`` (``positions``: `hand_positions` of
        it, when the caller has them)."""
        kind = action.kind
        if kind is ActionKind.PLAY:
            return action.card.index
        fixed = _FIXED.get(kind)
        if fixed is not None:
            return fixed
        if kind is ActionKind.DECLARE and action.number in DECLARE_RANGE:
            return self.declare_start + (action.number or 0) - DECLARE_RANGE.start
        if kind is ActionKind.DISCARD:
            bits = hand_positions(hand) if positions is None else positions
            mask = 0
            for card in action.cards:
                mask |= bits.get(card.index, 0)
            # Every mask listed has as many bits as cards are laid away: a card twice or not in
            # the hand leaves fewer.
            index = self._discard_at.get(mask) if len(action.cards) == self.lay_away else None
            if index is not None:
                return index
        raise IllegalActionError(f"{action} has no index in the actions of {self.rules.name}")

    def action(self, view: PlayerView, index: int) -> Action:
        """The action of ``index`` for the seat of ``view``; an index outside the space is refused."""
        if view.seat is None:
            raise IllegalActionError("a spectator takes no action")
        return self.action_of(view.seat, view.hand, index)

    def action_of(self, seat: int, hand: Sequence[Card], index: int) -> Action:
        """The action of ``index`` for ``seat`` holding ``hand`` (a discard names its positions)."""
        if not 0 <= index < self.num_actions:
            raise IllegalActionError(
                f"action index {index} is not one of 0-{self.num_actions - 1} for a seat of {self.rules.name}"
            )
        if index < CARDS:
            return Action.play(seat, DECK[index])
        if index < DISCARDS:
            return Action(ActionKind(_NAMES[index - CARDS]), seat)
        if index < self.declare_start:
            ordered = sorted(hand, key=_INDEX)
            subset = self.subsets[index - DISCARDS]
            if subset[-1] >= len(ordered):
                raise IllegalActionError(f"discard index {index} names cards beyond a hand of {len(ordered)}")
            return Action.discard(seat, tuple(ordered[i] for i in subset))
        return Action.declare(seat, DECLARE_RANGE.start + index - self.declare_start)

    def mask(self, view: PlayerView) -> npt.NDArray[np.int8]:
        """1 for each legal action of the view's seat, 0 elsewhere (all 0 when it is not to act)."""
        return self.mask_of(view, self.legal_by_index(view))

    def mask_of(self, view: PlayerView, listed: dict[int, Action]) -> npt.NDArray[np.int8]:
        """The mask of ``view`` from its listed actions by index (`legal_by_index`)."""
        ones = bytearray(self.num_actions)
        for index in listed:
            ones[index] = 1
        out = np.frombuffer(ones, np.int8)
        self._declare_into(view, out)
        return out

    def _declare_into(self, view: PlayerView, mask: npt.NDArray[np.int8]) -> None:
        """Mark the counts the view's seat may declare, if it may and they are offered."""
        family = view.legal.declare
        if self.declare and family is not None:
            start = self.declare_start - DECLARE_RANGE.start
            mask[start + family.points.start : start + family.points.stop] = 1

    def legal_by_index(self, view: PlayerView) -> dict[int, Action]:
        """The listed legal actions of the view's seat (not the declaration family) by index:
        the engine's own action objects, for an environment to apply."""
        legal = view.legal
        if not legal:
            return {}
        if legal[0].kind is ActionKind.DISCARD:
            positions = hand_positions(view.hand)
            at = self._discard_at
            listed = {}
            for action in legal:
                bits = 0
                for card in action.cards:
                    bits |= positions[card.index]
                listed[at[bits]] = action
            return listed
        return {a.cards[0].index if a.kind is ActionKind.PLAY else _FIXED[a.kind]: a for a in legal}

    def legal_indices(self, view: PlayerView) -> list[int]:
        """The indices of the legal actions, in increasing order."""
        return self.indices(view.legal, view.hand)

    def indices(self, legal: LegalActions, hand: Sequence[Card]) -> list[int]:
        """The indices of ``legal``, the legal actions of a seat holding ``hand``, in increasing order."""
        positions = _positions_for(legal, hand)
        indices = [self.index_in(hand, a, positions) for a in legal]
        family = legal.declare
        if self.declare and family is not None:
            start = self.declare_start - DECLARE_RANGE.start
            indices.extend(start + points for points in family.points)
        return sorted(indices)

    def action_names(self) -> list[str]:
        """A short name for every index, in order (discards by hand position, 0 the lowest card)."""
        names = [f"play {card}" for card in DECK] + list(_NAMES)
        names += ["discard #" + ",".join(map(str, subset)) for subset in self.subsets]
        return names + [f"declare {n}" for n in DECLARE_RANGE]


def _fixed_masks(view: PlayerView) -> tuple[int, int, int, int]:
    """The masks of what the view's seat kept, laid away and holds as its own crib, and the
    turn-up's index (-1 before it is turned): `Encoder._write`'s cards fixed through a deal."""
    turnup = -1 if view.turnup is None else view.turnup.index
    return card_mask(view.held), card_mask(view.discards), card_mask(view.own_crib), turnup


def _indices(mask: int) -> list[int]:
    """The card indices of the bits of ``mask``."""
    return [i for i in range(CARDS) if mask >> i & 1]


def hand_positions(hand: Sequence[Card]) -> dict[int, int]:
    """For each card of ``hand`` (by its index), the bit of its position in the hand ordered by
    card index: a discard is its cards' bits together, each set of positions one index."""
    return {index: 1 << at for at, index in enumerate(sorted(c.index for c in hand))}


def _positions_for(legal: LegalActions, hand: Sequence[Card]) -> dict[int, int] | None:
    """`hand_positions` where the legal actions are lay-aways (they come alone), else ``None``."""
    return hand_positions(hand) if legal and legal[0].kind is ActionKind.DISCARD else None
