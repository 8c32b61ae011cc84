"""`KernelState`: a kernel position spoken in the engine's vocabulary (its `Action`, `Phase` and
`EventKind`), for the differential test and for search that steps through games."""

from __future__ import annotations

from noddy.cards import DECK, card_mask
from noddy.game import Action, ActionKind, EventKind, GameState, Phase
from noddy.kernel import compiled, kernel_config
from noddy.rules import Rules, side_of

__all__ = ["KernelEvent", "KernelState"]

PHASES: tuple[Phase, ...] = tuple(Phase(name) for name in compiled.PHASES) if compiled is not None else ()
"""The engine's phases by the kernel's numbers (looked up once: search asks at every node)."""
OVER = PHASES.index(Phase.OVER) if compiled is not None else -1
KINDS: tuple[ActionKind, ...] = tuple(map(ActionKind, compiled.ACTION_KINDS)) if compiled is not None else ()
"""The engine's kinds of action by the kernel's numbers."""

KernelEvent = tuple[EventKind, int | None, int]
"""An event as the kernel tells it: kind, seat (``None``: the table or a draw) and points."""


class KernelState:
    """A game in the kernel, from before the first cut (as `noddy.game.new_game` starts one)."""

    __slots__ = ("_state",)

    def __init__(self, rules: Rules, players: int, partners: bool | None = None) -> None:
        self._state = compiled.State(kernel_config(rules, players, partners))

    @classmethod
    def at(cls, state: GameState) -> KernelState:
        """The kernel at the engine's position ``state``: its actions replayed from the start."""
        kernel = cls(state.rules, state.players, state.partners)
        for action in state.history:
            kernel.apply(action)
        return kernel

    @classmethod
    def placed(cls, state: GameState) -> KernelState:
        """The kernel at the engine's position ``state`` in the play, from its fields rather than its
        history: a world that search fills in from a view has none. `ValueError` if it is not in
        the play with no counts pending."""
        if state.phase is not Phase.PLAY or state.tasks or state.to_act is None:
            raise ValueError(f"a position in the play is needed, not one in {state.phase.value}")
        kernel = cls(state.rules, state.players, state.partners)
        kernel._state.place(
            state.dealer,
            state.to_act,
            -1 if state.last_player is None else state.last_player,
            int(state.last_was_go),
            -1 if state.turnup is None else state.turnup.index,
            sum(1 << seat for seat in state.gone),
            state.deal_number,
            state.scores,
            [[card.index for card in hand] for hand in state.hands],
            [[card.index for card in hand] for hand in state.held],
            [[card.index for card in crib] for crib in state.cribs],
            [[card.index for card in laid] for laid in state.discards],
            [card.index for _, card in state.pile],
        )
        return kernel

    def copy(self) -> KernelState:
        """An independent copy (cheap: the state is a fixed-size block)."""
        new = object.__new__(KernelState)
        new._state = self._state.copy()
        return new

    @property
    def phase(self) -> Phase:
        return PHASES[self._state.phase]

    @property
    def is_over(self) -> bool:
        return self._state.phase == OVER

    @property
    def to_act(self) -> int | None:
        seat = self._state.to_act
        return None if seat < 0 else seat

    @property
    def scores(self) -> tuple[int, ...]:
        return self._state.scores

    @property
    def dealer(self) -> int:
        """The seat dealing (at a shuffle: the seat about to deal)."""
        return self._state.dealer

    @property
    def winner(self) -> int | None:
        side = self._state.winner
        return None if side < 0 or self.phase is not Phase.OVER else side

    @property
    def partners(self) -> bool:
        return self._state.partners

    def side_of(self, seat: int) -> int:
        """The side (scoring track) of a seat, as `GameState.side_of` says."""
        return side_of(seat, self._state.partners)

    def key(self) -> bytes:
        """What a search's transposition table tells positions apart by: the cards in each hand,
        the pile, the Go calls, the seat to act, the scores, the phase, the counts still to make,
        whether the last action was a Go and who played last (`noddy.players.search`)."""
        return self._state.key()

    def child(self, action: Action) -> KernelState:
        """The position after ``action``, this one unchanged (`apply` on a copy)."""
        child = self.copy()
        child.apply(action)
        return child

    def children(self) -> list[KernelState]:
        """The positions after each listed legal action, in their order: stepped by the kernel's
        own numbers for its actions, as search does at every node."""
        state, make = self._state, object.__new__
        out = []
        for code in state.legal():
            child = make(KernelState)
            child._state = raw = state.copy()
            raw.apply(code)
            out.append(child)
        return out

    def greedy_deal(self) -> KernelState:
        """The position once greedy players in every seat have played out the rest of the deal
        (`compiled.greedy_deal`, as `noddy.players.search.greedy_deal` does on the engine)."""
        end = self.copy()
        compiled.greedy_deal(end._state)
        return end

    def searched(
        self,
        side: int,
        base: tuple[int, ...],
        budget: int,
        models: tuple[int, int],
        weights: tuple[float, float],
        board: object = None,
        target: int = 0,
        dealer: int = 0,
    ) -> tuple[float, int, int]:
        """A search from here to the end of the deal in C (`compiled.search`): ``models`` the
        opponents' (0 minimax, 1 points, 2 mean) and the leaf's (0 points, 1 greedy), ``weights`` a
        game won and a point beside a chance; ``board`` a float64 array of each side's chance by
        dealer and scores below ``target`` (``None``: points). The value, the positions searched and
        the table's size, as `noddy.players.search.Search` finds them."""
        opponents, leaf = models
        win, tie = weights
        return compiled.search(
            self._state, side, base, budget, opponents, leaf, win, tie, board, target, dealer
        )

    def legal_actions(self) -> list[Action]:
        """The listed legal actions (the declaration family, ``declare 0-99``, is not listed)."""
        seat = self.to_act
        return [self._decode(code, seat) for code in self._state.legal()]

    def apply(self, action: Action) -> None:
        """Take ``action`` (a player's or chance's); `ValueError` if the kernel refuses it."""
        if action.kind == ActionKind.SHUFFLE:
            self._state.shuffle([card.index for card in action.cards])
        elif action.kind == ActionKind.CUT:
            self._state.cut([card.index for card in action.cards])
        elif action.kind == ActionKind.DEALER:
            self._state.draw_dealer(action.number or 0)
        else:
            if action.seat != self.to_act:
                raise ValueError(f"{action} by seat {action.seat}: it is seat {self.to_act}'s turn")
            self._state.apply(self._encode(action))

    def rollout(self, seed: int) -> int | None:
        """Play on to the end of the game in place, every choice uniform among the legal actions and
        every shuffle fair, from ``seed`` (a search's random rollout): the winning side, ``None`` a draw."""
        side = self._state.rollout(seed)
        return None if side < 0 else side

    def greedy_choice(self) -> Action:
        """What `GreedyPlayer` would choose for the seat to act."""
        return self._decode(self._state.choose(compiled.GREEDY), self.to_act)

    def events(self) -> list[KernelEvent]:
        """The events of the last action, in order."""
        kinds = compiled.EVENT_KINDS
        return [
            (EventKind(kinds[kind]), None if seat < 0 else seat, points)
            for kind, seat, points in self._state.events()
        ]

    @staticmethod
    def _encode(action: Action) -> int:
        kind = KINDS.index(action.kind)
        payload = 0
        if action.kind == ActionKind.PLAY:
            payload = action.cards[0].index
        elif action.kind == ActionKind.DISCARD:
            payload = card_mask(action.cards)
        elif action.kind == ActionKind.DECLARE:
            payload = action.number or 0
        return kind + 8 * payload

    @staticmethod
    def _decode(code: int, seat: int | None) -> Action:
        kind = KINDS[code % 8]
        payload = code // 8
        if kind == ActionKind.PLAY:
            return Action(kind, seat, (DECK[payload],))
        if kind == ActionKind.DISCARD:
            return Action(kind, seat, tuple(card for card in DECK if payload >> card.index & 1))
        if kind == ActionKind.DECLARE:
            return Action(kind, seat, number=payload)
        return Action(kind, seat)
