"""`GameState`: an immutable game position, its legal actions, and ``apply``.

The state never draws random numbers: shuffles and cuts are chance actions (seat ``None``) that a
driver (in the players layer) chooses with an injected `random.Random` (see `GameState.chance`).
``apply`` checks an action with the same code that lists the legal actions, then hands it to the
transition functions in `noddy.game.flow`.

A state keeps nothing of its own answers: nothing is written into it behind ``frozen=True``, so its
legal actions are listed afresh at each asking. Measured by CPU time over 20 seeded greedy games of
five tables, each action applied and then viewed by every seat and a spectator (as the web and the
terminal do): 108 us an action with the caches it once kept (``_legal``, ``_play_checks``,
``_hidden``) and without them, a view finding its legal actions and refusals in one pass
(`noddy.game.legal.legal_and_refused`). Asking `GameState.legal_actions` again of the same state
lists them again (about 55 us more an action where every seat asks once more), and the engine's own
search (`noddy.players.search`, where the kernel cannot play the rules) costs about 7% more a node
(42 to 45 us): the kernel is search's fast path.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from noddy.cards import DECK, Card
from noddy.errors import IllegalActionError, RulesError
from noddy.game.actions import Action, ActionKind
from noddy.game.events import Event
from noddy.kinds import Phase, TaskKind
from noddy.rules import Rules, side_of, side_seats
from noddy.scoring import count_of
from noddy.words import Reason

if TYPE_CHECKING:
    from noddy.game.legal import LegalActions
    from noddy.game.view import PlayerView

__all__ = ["Chance", "CountTask", "GameState", "Phase", "TaskKind", "new_game"]

_DECK_SET = frozenset(DECK)


@dataclass(frozen=True, slots=True)
class CountTask:
    """A count still to be made, or a muggins claim still to be offered (`TaskKind`), of ``seat``."""

    what: TaskKind
    seat: int


@dataclass(frozen=True, slots=True)
class Chance:
    """What chance decides next: the kind of its action, the first dealer (``cut`` or ``dealer``)
    or a ``shuffle``."""

    kind: ActionKind
    players: int

    def sample(self, rng: random.Random) -> Action:
        if self.kind == ActionKind.SHUFFLE:
            order = list(DECK)
            rng.shuffle(order)
            return Action(ActionKind.SHUFFLE, None, tuple(order))
        if self.kind == ActionKind.CUT:
            return Action(ActionKind.CUT, None, tuple(rng.sample(DECK, self.players)))
        return Action(ActionKind.DEALER, None, number=rng.randrange(self.players))

    def check(self, action: Action) -> str:
        """Why ``action`` is not a possible outcome of this chance, or ``""`` if it is."""
        if action.kind != self.kind:
            return Reason("chance_kind", kind=self.kind, given=action.kind)
        kind = self.kind
        if kind == ActionKind.SHUFFLE and (len(action.cards) != len(DECK) or set(action.cards) != _DECK_SET):
            return Reason("shuffle_order", cards=len(DECK))
        if kind == ActionKind.CUT and (
            len(action.cards) != self.players or len(set(action.cards)) != self.players
        ):
            return Reason("cut_cards", players=self.players)
        if kind == ActionKind.DEALER and action.number not in range(self.players):
            return Reason("dealer_seat", last=self.players - 1)
        return ""


@dataclass(frozen=True)
class GameState:
    """A whole game position. Build the first one with `new_game`; move with `apply`."""

    rules: Rules
    players: int
    partners: bool
    phase: Phase = Phase.CUT
    dealer: int = 0
    deal_number: int = 0
    scores: tuple[int, ...] = ()
    stock: tuple[Card, ...] = ()
    hands: tuple[tuple[Card, ...], ...] = ()
    held: tuple[tuple[Card, ...], ...] = ()
    cribs: tuple[tuple[Card, ...], ...] = ()
    discards: tuple[tuple[Card, ...], ...] = ()
    turnup: Card | None = None
    tasks: tuple[CountTask, ...] = ()
    pile: tuple[tuple[int, Card], ...] = ()
    played: tuple[tuple[int, Card], ...] = ()
    gone: frozenset[int] = frozenset()
    to_act: int | None = None
    last_player: int | None = None
    last_was_go: bool = False
    muggins: tuple[int, int] | None = None
    winner: int | None = None
    stake: tuple[str, int] = ("game", 1)
    events: tuple[Event, ...] = ()
    history: tuple[Action, ...] = field(default=(), repr=False)

    def evolve(self, **changes: object) -> GameState:
        """A copy with some fields changed: `dataclasses.replace` without re-running ``__init__``.

        Transitions make several copies per action and search makes millions, so this matters.
        """
        new = object.__new__(GameState)
        data = self.__dict__.copy()
        data.update(changes)
        object.__setattr__(new, "__dict__", data)
        return new

    # -- who is who ---------------------------------------------------------------------------

    @property
    def sides(self) -> int:
        return 2 if self.partners else self.players

    def side_of(self, seat: int) -> int:
        """The side (scoring track) of a seat: partners sit opposite and share one."""
        return side_of(seat, self.partners)

    def side_seats(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side."""
        return side_seats(self.players, self.partners)

    def next_seat(self, seat: int) -> int:
        step = 1 if self.rules.table.direction == "left" else -1
        return (seat + step) % self.players

    @property
    def elder(self) -> int:
        """The player after the dealer: leads, and counts first."""
        return self.next_seat(self.dealer)

    def order_from_elder(self) -> tuple[int, ...]:
        seats = [self.elder]
        while len(seats) < self.players:
            seats.append(self.next_seat(seats[-1]))
        return tuple(seats)

    # -- what happens next --------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def chance(self) -> Chance | None:
        """What chance decides next, or ``None`` when a player (or nobody) is to act."""
        if self.phase is Phase.CUT:
            kind = ActionKind.DEALER if self.rules.deal.first_dealer == "any" else ActionKind.CUT
            return Chance(kind, self.players)
        if self.phase is Phase.SHUFFLE:
            return Chance(ActionKind.SHUFFLE, self.players)
        return None

    @property
    def count(self) -> int:
        """The running count of the play since the last reset."""
        return count_of([card for _, card in self.pile])

    def legal_actions(self) -> LegalActions:
        """What the player to act may do (nothing at a chance node and at the end): ``in`` answers
        for every action, iteration lists them but for the declaration family (``.declare``)."""
        from noddy.game.legal import legal_actions

        return legal_actions(self)

    def why_illegal(self, action: Action) -> str:
        """Why ``action`` may not be taken now (``""`` if it may): the check `legal_actions` lists by."""
        from noddy.game.legal import refusal

        return refusal(self, action)

    def apply(self, action: Action) -> GameState:
        """The state after ``action``; raise `IllegalActionError` naming player, phase and reason."""
        from noddy.game.flow import advance

        why = self.why_illegal(action)
        if why:
            who = "chance" if action.seat is None else f"seat {action.seat}"
            said = f"{who} {action} refused in {self.phase.value}: {why}"
            if self.is_over:
                said = f"{action} refused: {why}"
            raise IllegalActionError(said, reason=why, action=action, seat=action.seat, phase=self.phase)
        return advance(self, action)

    def child(self, action: Action) -> GameState:
        """The position after ``action``: `apply`, by the name search's positions share with the
        kernel's (`noddy.players.search.Position`)."""
        return self.apply(action)

    def children(self) -> list[GameState]:
        """The positions after each listed legal action, in their order (listed by the check
        `apply` makes, so not checked again)."""
        from noddy.game.flow import advance

        return [advance(self, action) for action in self.legal_actions()]

    def key(self) -> Hashable:
        """What a search's table tells positions apart by: the cards in each hand, the pile, the Go
        calls, the seat to act, the scores, the phase, the counts still to make, whether the last
        action was a Go and who played last (the kernel's position tells the same:
        `noddy.engine.KernelState.key`)."""
        return (
            self.hands,
            self.pile,
            self.gone,
            self.to_act,
            self.scores,
            self.phase,
            len(self.tasks),
            self.last_was_go,
            self.last_player,
        )

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may know (``None``: a spectator, who sees only what is public)."""
        from noddy.game.view import make_view

        return make_view(self, seat)

    def replay(self) -> Iterator[tuple[GameState, PlayerView]]:
        """Every position of this finished game from the first, each with its open view (every hand
        and crib face up); refused while the game is played, as it shows hidden cards."""
        if not self.is_over:
            raise IllegalActionError(Reason("replay_hidden"))
        return self._replay()

    def _replay(self) -> Iterator[tuple[GameState, PlayerView]]:
        from noddy.game.view import open_view

        state = new_game(self.rules, self.players, partners=self.partners)
        yield state, open_view(state)
        for action in self.history:
            state = state.apply(action)
            yield state, open_view(state)


def new_game(rules: Rules, players: int | None = None, *, partners: bool | None = None) -> GameState:
    """The position before the cut for the first deal."""
    n = rules.player_counts[0] if players is None else players
    rules.deal.shape(n)
    allowed = rules.table.partners
    if partners is None:
        partners = n == 4 and allowed in ("always", "optional")
    if partners and n != 4:
        raise RulesError(Reason("partners_four", rules=rules.name, n=n))
    if partners and allowed == "never":
        raise RulesError(Reason("partners_never", rules=rules.name))
    if not partners and n == 4 and allowed == "always":
        raise RulesError(Reason("partners_always", rules=rules.name))
    sides = 2 if partners else n
    empty = ((),) * n
    return GameState(
        rules=rules,
        players=n,
        partners=partners,
        scores=(0,) * sides,
        hands=empty,
        held=empty,
        cribs=empty,
        discards=empty,
    )
