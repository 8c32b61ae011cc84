"""Legality from one check: `refusal` says why an action may not be taken now, and the legal actions
are exactly the candidates it lets through (as pokerkit's ``verify_*`` answers its ``can_*``).

A declaration is one action with a parameter: while a count is made, the legal actions are ``count``
and the family ``declare N`` for every N in `DECLARE_RANGE`, not a hundred separate actions.

>>> legal = LegalActions((Action.count(0),), Declare(0))
>>> Action.declare(0, 12) in legal, Action.declare(0, 100) in legal, len(legal)
(True, False, 1)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, overload

from noddy.cards import Card, card_mask
from noddy.game.actions import Action, ActionKind
from noddy.scoring import PLAY_LIMIT
from noddy.words import Reason

if TYPE_CHECKING:
    from noddy.game.state import GameState

__all__ = [
    "DECLARE_RANGE",
    "NO_ACTIONS",
    "Declare",
    "LegalActions",
    "discard_refusal",
    "lay_away_refusal",
    "legal_actions",
    "legal_and_refused",
    "refusal",
]

DECLARE_RANGE = range(0, 100)
"""The counts a player may declare."""


@dataclass(frozen=True, slots=True)
class Declare:
    """The declaration family: ``seat`` may declare any number of points in ``points``."""

    seat: int
    points: range = DECLARE_RANGE

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, Action)
            and action.kind == ActionKind.DECLARE
            and action.seat == self.seat
            and action.number in self.points
        )

    def __str__(self) -> str:
        return f"declare {self.points.start}-{self.points.stop - 1}"

    def refusal(self, action: Action) -> str:
        """Why a declaration by this seat is refused (its number out of range), or ``""``."""
        if action.number not in self.points:
            low, high = self.points.start, self.points.stop - 1
            return Reason("declare_range", low=low, high=high, number=action.number)
        return ""


class LegalActions(Sequence[Action]):
    """The legal actions of a position: the listed ones, and the `Declare` family when a count is made.

    ``in`` answers for both; iteration, ``len`` and indexing give the listed ones, so a player that
    picks among them lets the engine count rather than declaring a number by chance. It holds no
    state, so a view may carry it without showing hidden cards.

    The listed cards as masks (bit `Card.index` set for each, `noddy.cards.card_mask`), made with
    the actions: ``plays``, the cards that may be laid now in the play; ``lay_away_from``, in the
    lay-away, the cards laid away from (every set of as many as are laid away is listed). Both are 0
    where no such action is listed: a reader that works with numbers (research's tensors) needs no
    walk over the actions.
    """

    __slots__ = ("_actions", "_kinds", "declare", "lay_away_from", "plays")

    def __init__(
        self,
        actions: tuple[Action, ...] = (),
        declare: Declare | None = None,
        *,
        plays: int = 0,
        lay_away_from: int = 0,
        kinds: frozenset[ActionKind] | None = None,
    ) -> None:
        self._actions = actions
        self.declare = declare
        self.plays = plays
        self.lay_away_from = lay_away_from
        self._kinds = kinds
        """`kinds`, where the maker knows it (else worked out when first asked)."""

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        return self._actions[index]

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __contains__(self, action: object) -> bool:
        if self.declare is not None and action in self.declare:
            return True
        return action in self._actions

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LegalActions):
            return NotImplemented
        return self._actions == other._actions and self.declare == other.declare

    def __hash__(self) -> int:
        return hash((self._actions, self.declare))

    def __repr__(self) -> str:
        family = f", {self.declare}" if self.declare is not None else ""
        return f"LegalActions({', '.join(map(str, self._actions))}{family})"

    @property
    def kinds(self) -> frozenset[ActionKind]:
        """The kinds of action allowed, the declaration family's included."""
        kinds = self._kinds
        if kinds is None:
            listed = {a.kind for a in self._actions}
            if self.declare is not None:
                listed.add(ActionKind.DECLARE)
            kinds = self._kinds = frozenset(listed)
        return kinds

    def texts(self) -> list[str]:
        """The listed actions in notation (the declaration family is the view's ``declare``)."""
        return [str(a) for a in self._actions]


NO_ACTIONS = LegalActions()
"""Nothing to do: a chance node, another seat's turn, or the end."""


def refusal(state: GameState, action: Action) -> str:
    """Why ``action`` may not be taken now, or ``""`` if it may: the one check behind `legal_actions`
    and `GameState.apply`."""
    from noddy.game.state import Phase

    if state.phase is Phase.OVER:
        return Reason("over")
    chance = state.chance()
    if chance is not None:
        if action.is_chance:
            return chance.check(action)
        return Reason("chance", kind=chance.kind)
    if action.seat != state.to_act:
        if action.seat is None:
            return Reason("turn_not_chance", seat=state.to_act)
        return Reason("turn", seat=state.to_act)
    seat = action.seat
    assert seat is not None
    kind = action.kind
    phase = state.phase
    if phase is Phase.DISCARD and kind == ActionKind.DISCARD:
        return discard_refusal(state, seat, action.cards)
    if phase is Phase.COUNT and kind == ActionKind.COUNT:
        return ""
    if phase is Phase.COUNT and kind == ActionKind.DECLARE:
        return Declare(seat).refusal(action)
    if phase is Phase.MUGGINS and kind in (ActionKind.MUGGINS, ActionKind.PASS):
        return ""
    if phase is Phase.PLAY and kind in (ActionKind.PLAY, ActionKind.GO):
        return _play_refusal(state, seat, action, state.count)
    allowed = ", ".join(sorted(legal_actions(state).kinds))
    return Reason("phase", phase=phase.value, allowed=allowed)


def discard_refusal(state: GameState, seat: int, cards: Sequence[Card]) -> str:
    """Why ``seat`` may not lay ``cards`` away now, or ``""`` if it may.

    The lay-away is made together, as at a table: while a deal waits for its discards, every seat
    that has not laid away may choose its cards, not only the seat `GameState.apply` takes them from
    next (a face keeps an early choice until that seat's turn). `refusal` asks the same of the seat
    to act. Outside the lay-away the answer is `refusal`'s for that seat's discard."""
    from noddy.game.state import Phase

    if state.phase is not Phase.DISCARD:
        return refusal(state, Action.discard(seat, tuple(cards)))
    if state.discards[seat]:
        return Reason("laid_away")
    need = state.rules.deal.shape(state.players).discard
    return lay_away_refusal(state.hands[seat], cards, need)


def lay_away_refusal(hand: Sequence[Card], cards: Sequence[Card], need: int) -> str:
    """Why laying ``cards`` away from ``hand`` is refused when ``need`` are laid away, or ``""``:
    too many or too few, a card given twice, or a card not in the hand (not named: a card the seat
    cannot see is never quoted back to it)."""
    if len(cards) == need and len(set(cards)) == need and all(c in hand for c in cards):
        return ""
    if len(cards) != need:
        return Reason("discard_count", need=need, given=len(cards))
    twice = next(c for c in cards if cards.count(c) > 1) if len(set(cards)) != need else None
    if twice is not None:
        return Reason("discard_twice", need=need, card=twice)
    return Reason("discard_not_held", need=need, hand=tuple(hand))


def _play_refusal(state: GameState, seat: int, action: Action, count: int) -> str:
    """The play's part of `refusal`, given the running ``count``."""
    hand = state.hands[seat]
    if action.kind == ActionKind.PLAY:
        card = action.cards[0] if len(action.cards) == 1 else None
        if card is None:
            return Reason("one_card")
        if card not in hand:
            return Reason("not_held", card=card, hand=tuple(hand))
        if count + card.value > PLAY_LIMIT:
            return Reason("over_limit", card=card, count=count + card.value, limit=PLAY_LIMIT)
        return ""
    if any(count + c.value <= PLAY_LIMIT for c in hand):
        if state.rules.play.must_play:
            return Reason("must_play", limit=PLAY_LIMIT)
        # Where players may stop (K20), a Go still needs a count to stop on: a Go at 0 would only
        # pass the lead round and round.
        if not state.pile:
            return Reason("go_at_zero")
    return ""


_PLAY_KINDS = {
    (plays, go): frozenset(kind for kind, listed in ((ActionKind.PLAY, plays), (ActionKind.GO, go)) if listed)
    for plays in (False, True)
    for go in (False, True)
}
"""The kinds listed in the play, by whether a card may be laid and whether Go may be said."""
_LAY_AWAY = frozenset({ActionKind.DISCARD})


def _play_legal(state: GameState, seat: int) -> tuple[LegalActions, tuple[tuple[Action, str], ...]]:
    """``seat``'s legal actions in the play (each card of its hand it may lay, then a Go), and each
    card it may not lay and a Go it may not say with `refusal`'s reason: one pass of `refusal` over
    the hand answers both."""
    count = state.count
    listed: list[Action] = []
    refused: list[tuple[Action, str]] = []
    plays = 0
    for card in state.hands[seat]:
        action = Action.play(seat, card)
        why = _play_refusal(state, seat, action, count)
        if why:
            refused.append((action, why))
        else:
            listed.append(action)
            plays |= 1 << card.index
    go = Action.go(seat)
    why = _play_refusal(state, seat, go, count)
    if why:
        refused.append((go, why))
    else:
        listed.append(go)
    legal = LegalActions(tuple(listed), plays=plays, kinds=_PLAY_KINDS[bool(plays), not why])
    return legal, tuple(refused)


def legal_and_refused(state: GameState) -> tuple[LegalActions, tuple[tuple[Action, str], ...]]:
    """`legal_actions`, and in the play each card of the hand of the seat to act that it may not lay
    now, and a Go it may not say, with `refusal`'s reason (what a view shows beside the cards;
    elsewhere nothing)."""
    from noddy.game.state import Phase

    seat = state.to_act
    if state.phase is not Phase.PLAY or seat is None:
        return legal_actions(state), ()
    return _play_legal(state, seat)


def legal_actions(state: GameState) -> LegalActions:
    """Every action `refusal` lets through, with the declaration family where a count is made."""
    from noddy.game.state import Phase

    seat = state.to_act
    if seat is None or state.phase is Phase.OVER or state.chance() is not None:
        return NO_ACTIONS
    phase = state.phase
    candidates: tuple[Action, ...] = ()
    if phase is Phase.DISCARD:
        need = state.rules.deal.shape(state.players).discard
        hand = state.hands[seat]
        discards = (Action.discard(seat, cards) for cards in combinations(hand, need))
        listed = tuple(a for a in discards if not lay_away_refusal(hand, a.cards, need))
        if not listed:
            return LegalActions()
        return LegalActions(listed, lay_away_from=card_mask(hand), kinds=_LAY_AWAY)
    if phase is Phase.COUNT:
        candidates = (Action.count(seat),)
    elif phase is Phase.MUGGINS:
        candidates = (Action(ActionKind.MUGGINS, seat), Action(ActionKind.PASS, seat))
    elif phase is Phase.PLAY:
        return _play_legal(state, seat)[0]
    declare = None
    if phase is Phase.COUNT and not refusal(state, Action.declare(seat, DECLARE_RANGE.start)):
        declare = Declare(seat)
    return LegalActions(tuple(a for a in candidates if not refusal(state, a)), declare)
