"""Which engine a research environment steps on, and the game it steps: one protocol, `Game`, met
by the readable engine's (`EngineGame`) and the compiled kernel's (`KernelGame`), so that each
environment (PettingZoo, Gymnasium, OpenSpiel's `noddy.research.spielfast`) steps either one way.

``engine="auto"`` (the default) steps on the kernel wherever it handles the rules, as every layer
chooses (`noddy.engine.choose`); ``"kernel"`` insists (refused, saying why, where it
cannot); ``"python"`` steps on the readable engine. The kernel cannot offer declared counts (it
counts every hand itself), so ``declare=True`` steps on Python.

A `Game` is stepped in the environments' terms: player actions by index (an index that is not
legal refused with the engine's own `IllegalActionError`), observations and masks by
`noddy.research.tensors.Encoder` (on the kernel written in C from the kernel's own state: layout.c),
and chance drawn by `draw` from a NumPy generator, alike on both engines, so that a seed deals the
same game on either. On the kernel the engine's position is rebuilt from the game's actions only
when asked for (`KernelGame.noddy`: rendering, analysis). ``tests/research/test_engines.py`` plays
both engines in lockstep.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from noddy.cards import DECK
from noddy.engine import GREEDY, KERNEL_PHASES, OBSERVES_IN_C, KernelState, Observed, observed
from noddy.errors import IllegalActionError, NoddyError
from noddy.game import Action, ActionKind, Chance, GameState, Phase, new_game
from noddy.players import GreedyPlayer, Player
from noddy.research.tensors import Encoder
from noddy.rules import Rules
from noddy.words import Reason

__all__ = [
    "CHANCE_PHASES",
    "FLOAT32",
    "INT8",
    "SHUFFLE_PHASE",
    "EngineGame",
    "Game",
    "KernelGame",
    "draw",
    "game_of",
    "move_of",
]


def draw(chance: Chance, rng: np.random.Generator) -> Action:
    """Chance's action drawn from ``rng``: a shuffle a permutation of the pack's indices, a cut a
    card a seat drawn without replacement, a first dealer a seat. Both engines draw so, so that a
    seed deals the same game on either."""
    if chance.kind == ActionKind.SHUFFLE:
        return Action(ActionKind.SHUFFLE, None, tuple(DECK[i] for i in rng.permutation(CARDS).tolist()))
    if chance.kind == ActionKind.CUT:
        cut = rng.choice(CARDS, chance.players, replace=False).tolist()
        return Action(ActionKind.CUT, None, tuple(DECK[i] for i in cut))
    return Action(ActionKind.DEALER, None, number=int(rng.integers(chance.players)))


def game_of(encoder: Encoder, engine: str, on_apply: _OnApply | None = None) -> Game:
    """A new game, before the first cut, on ``engine`` (``kernel`` or ``python``, as `noddy.engine.choose`
    chose it); ``on_apply`` (engine only) hears every action applied, chance's too."""
    return KernelGame(encoder) if engine == "kernel" else EngineGame(encoder, on_apply)


def move_of(encoder: Encoder, state: GameState, seat: int, index: int) -> Action:
    """The engine's action of ``index`` for ``seat`` in ``state``, refused if it is out of the space,
    or a declared count where they are not offered (the mask never allows those)."""
    move = encoder.action_of(seat, state.hands[seat], index)
    if not encoder.declare and move.kind == ActionKind.DECLARE:
        state.apply(move)  # the engine's own reason where it refuses the declaration too
        declared = Reason("research_declare_off", seat=seat, action=move)
        raise IllegalActionError(declared, action=move, seat=seat)
    return move


class Game(Protocol):
    """A game an environment steps, by action index, on either engine (see the module)."""

    encoder: Encoder

    @property
    def to_act(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def dealer(self) -> int: ...
    @property
    def noddy(self) -> GameState:
        """The engine's position (every card: for analysis, never for an agent)."""
        ...

    def start(self, rng: np.random.Generator, at_shuffle: Callable[[], None] | None = None) -> int:
        """Chance's turns from ``rng`` until a seat is to act: that seat, or -1 at the end
        (``at_shuffle`` is called before each deal is dealt). The game keeps both for its later
        chance (`step`)."""
        ...

    def step(self, index: int) -> int:
        """The seat to act takes the action of ``index`` (`IllegalActionError` in the engine's words
        if it is not legal, the game left as it was), then chance's turns as `start` takes them:
        the seat to act next, or -1 at the end."""
        ...

    def act(self, index: int) -> None:
        """The seat to act takes the action of ``index`` (refused as `step`), chance not moved on."""
        ...

    def play_chance(self, rng: np.random.Generator, at_shuffle: Callable[[], None] | None = None) -> None:
        """Chance's turns, each drawn from ``rng`` by `draw`, until a seat is to act or the game is over."""
        ...

    def legal(self) -> list[int]:
        """The legal action indices of the seat to act, in increasing order (the declared counts not
        among them)."""
        ...

    def greedy(self) -> int:
        """The index of what `noddy.players.GreedyPlayer` chooses for the seat to act."""
        ...

    def chosen(self, player: Player, rng: Any) -> int:
        """The index of what ``player`` chooses from the view of the seat to act."""
        ...

    def observe(self, seat: int) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """The observation of ``seat`` and its mask of legal actions (all 0 when it is not to act)."""
        ...

    def observe_as(self, seat: int, obs_key: str, mask_key: str) -> dict[str, npt.NDArray[Any]]:
        """`observe` as a dict of the two arrays under the two keys given (PettingZoo's observation)."""
        ...

    def observe_into(self, seat: int, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> None:
        """`observe` into arrays of the caller's."""
        ...


_OnApply = Callable[[GameState, Action, GameState], None]
_UNSEEDED = np.random.default_rng()
"""Chance's generator of a game stepped before `Game.start` gave it one."""
_NOTHING: Callable[[], None] | None = None
_GREEDY = GreedyPlayer()


class EngineGame:
    """One game on the readable engine, stepped by index (a `Game`). A step makes the action of its
    index (`move_of`: the engine refuses it if it is not legal), or takes the engine's own object
    where the legal actions by index were listed for the position (`listed`, kept); ``on_apply``
    hears every action applied (a seat's story, `noddy.research.story`)."""

    __slots__ = ("_at_shuffle", "_listed", "_rng", "encoder", "on_apply", "state")

    def __init__(self, encoder: Encoder, on_apply: _OnApply | None = None) -> None:
        self.encoder = encoder
        self.on_apply = on_apply
        self.state = new_game(encoder.rules, encoder.players, partners=encoder.partners)
        self._listed: tuple[GameState | None, dict[int, Action]] = (None, {})
        """A position and the legal actions of its seat to act by index (the engine's own objects)."""
        self._rng, self._at_shuffle = _UNSEEDED, _NOTHING

    @property
    def to_act(self) -> int | None:
        return self.state.to_act

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def scores(self) -> tuple[int, ...]:
        return self.state.scores

    @property
    def winner(self) -> int | None:
        return self.state.winner

    @property
    def dealer(self) -> int:
        return self.state.dealer

    @property
    def noddy(self) -> GameState:
        return self.state

    def start(self, rng: np.random.Generator, at_shuffle: Callable[[], None] | None = None) -> int:
        self._rng, self._at_shuffle = rng, at_shuffle
        return self._chance_then_seat()

    def step(self, index: int) -> int:
        self.act(index)
        return self._chance_then_seat()

    def _chance_then_seat(self) -> int:
        self.play_chance(self._rng, self._at_shuffle)
        to_act = self.state.to_act
        return -1 if to_act is None or self.state.is_over else to_act

    def act(self, index: int) -> None:
        before = self.state
        seat = before.to_act
        if seat is None or before.chance() is not None or before.is_over:
            raise IllegalActionError(Reason("research_no_turn", phase=before.phase.value, index=index))
        known, listed = self._listed
        move = listed.get(index) if known is before else None
        if move is None:
            move = move_of(self.encoder, before, seat, index)
        self._apply(move)

    def _apply(self, move: Action) -> None:
        before = self.state
        self.state = after = before.apply(move)
        if self.on_apply is not None:
            self.on_apply(before, move, after)

    def play_chance(self, rng: np.random.Generator, at_shuffle: Callable[[], None] | None = None) -> None:
        while (chance := self.state.chance()) is not None and not self.state.is_over:
            if at_shuffle is not None and self.state.phase is Phase.SHUFFLE:
                at_shuffle()
            self._apply(draw(chance, rng))

    def listed(self) -> dict[int, Action]:
        """The legal actions of the seat to act by index (the engine's own objects; none at chance)."""
        state = self.state
        known, listed = self._listed
        if known is not state:
            seat = state.to_act
            listed = {}
            if seat is not None and state.chance() is None:
                listed = self.encoder.legal_by_index(state.view(seat))
            self._listed = (state, listed)
        return listed

    def legal(self) -> list[int]:
        return sorted(self.listed())

    def greedy(self) -> int:
        return self.chosen(_GREEDY, None)

    def chosen(self, player: Player, rng: Any) -> int:
        seat = self.state.to_act
        assert seat is not None
        view = self.state.view(seat)
        return self.encoder.action_index(view, player.choose(view, view.legal, rng))

    def observe(self, seat: int) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        return self.encoder.encode(self.state.view(seat))

    def observe_as(self, seat: int, obs_key: str, mask_key: str) -> dict[str, npt.NDArray[Any]]:
        obs, mask = self.observe(seat)
        return {obs_key: obs, mask_key: mask}

    def observe_into(self, seat: int, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> None:
        view = self.state.view(seat)
        obs[:] = 0
        self.encoder.observe_into(view, obs)
        mask[:] = self.encoder.mask(view)


_Entry = Action | int | list[int]
_Log = tuple[_Entry, "_Log | None"]


class KernelGame(KernelState):
    """One game in the kernel from before the first cut (see the module); `copy` is cheap. The
    kernel's position (`phase`, `to_act`, `scores`, `winner`...) is read as `KernelState`'s."""

    __slots__ = ("_at_shuffle", "_cache", "_log", "_observer", "_rng", "_shape", "encoder", "kernel", "named")

    def __init__(self, encoder: Encoder) -> None:  # KernelState.__init__ only makes the state, made here
        table = _observed_of(encoder.rules, encoder.players, encoder.partners)
        self._observer = table.observer
        self._state = self.kernel = table.state()
        """The kernel's own state (`phase`, `to_act` as its numbers: read by a step's fast path), of
        the observer's configuration (the observer acts only on states of its own)."""
        self.encoder = encoder
        self._shape = (encoder.size, encoder.num_actions)
        self.named = 0
        """The cards the current deal's events have shown to every seat (a mask by card index)."""
        self._log: _Log | None = None
        """Every action so far, the last first (shared with copies): a shuffle as its order of
        card indices, another chance's as the engine's action, the players' as indices."""
        self._rng, self._at_shuffle = _UNSEEDED, _NOTHING
        """Chance's generator and what is called before each deal (`start`)."""
        self._cache: tuple[_Log | None, GameState] | None = None
        """The engine's position at that point of the log (none made until `noddy` is asked for)."""

    def copy(self) -> KernelGame:
        """An independent copy of the game so far."""
        new = object.__new__(KernelGame)
        new.encoder, new._observer, new.named = self.encoder, self._observer, self.named
        new._shape = self._shape
        new._state = new.kernel = self._state.copy()
        new._log = self._log
        new._rng, new._at_shuffle = self._rng, self._at_shuffle
        new._cache = self._cache
        return new

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its rules, table and actions (the kernel's state is rebuilt by replaying them)."""
        enc = self.encoder
        return (_replayed, (enc.rules, enc.players, enc.partners, enc.declare, self._entries(None)))

    def chance(self) -> Chance | None:
        """What chance decides next, as `noddy.game.GameState.chance` says it."""
        phase = self._state.phase
        if phase != _CUT and phase != _SHUFFLE:
            return None
        return _chances(self.encoder.rules, self.encoder.players)[phase == _SHUFFLE]

    def play_chance(self, rng: np.random.Generator, at_shuffle: Callable[[], None] | None = None) -> None:
        """Chance's turns, each drawn from ``rng`` as `draw` draws it on the engine, until a seat
        is to act or the game is over (``at_shuffle`` is called before each deal is dealt)."""
        state = self._state
        while (phase := state.phase) == _SHUFFLE or phase == _CUT:
            if phase == _SHUFFLE:
                if at_shuffle is not None:
                    at_shuffle()
                self.shuffle(rng.permutation(CARDS).tolist())
            else:
                chance = self.chance()
                assert chance is not None
                self.apply_chance(draw(chance, rng))

    def shuffle(self, order: list[int]) -> None:
        """Chance deals from the pack in ``order`` (52 card indices)."""
        self._state.shuffle(order)
        self.named = self._observer.scan(self._state, self.named)
        self._log = (order, self._log)

    def apply_chance(self, action: Action) -> None:
        """Chance's ``action`` (a shuffle, a cut or a first dealer drawn), as the engine takes it."""
        if action.kind == ActionKind.SHUFFLE:
            self.shuffle([card.index for card in action.cards])
            return
        if action.kind == ActionKind.CUT:
            self._state.cut([card.index for card in action.cards])
        else:
            self._state.draw_dealer(action.number or 0)
        self.named = self._observer.scan(self._state, self.named)
        self._log = (action, self._log)

    @property
    def observer(self) -> Any:
        """The kernel's observer of this game's layout (shared by its copies): ``observer.legal(
        game.kernel)`` is `legal` without a Python call between (`noddy.research.spielfast`)."""
        return self._observer

    def legal(self) -> list[int]:
        """The legal action indices of the seat to act, in increasing order."""
        return self._observer.legal(self._state)

    def act(self, index: int) -> None:
        """The seat to act takes the action of ``index``; `IllegalActionError` in the engine's words
        if it is not legal (the rare case of a wrong index costs a replay on the engine)."""
        try:
            self.named = self._observer.act(self._state, index, self.named)
        except ValueError:
            raise self.refusal(index) from None
        self._log = (index, self._log)

    def step(self, index: int) -> int:
        """`act`, then chance's turns (`play_chance`): the seat to act next, or -1 at the end. (`act`'s
        lines written out: a Python call is a twentieth of a decision's time.)"""
        state = self._state
        try:
            self.named = self._observer.act(state, index, self.named)
        except ValueError:
            raise self.refusal(index) from None
        self._log = (index, self._log)
        to_act: int = state.to_act
        if to_act < 0 and state.phase in CHANCE_PHASES:  # else a seat acts, or none
            self.play_chance(self._rng, self._at_shuffle)
            to_act = state.to_act
        return to_act

    def start(self, rng: np.random.Generator, at_shuffle: Callable[[], None] | None = None) -> int:
        """Chance's turns until a seat is to act: that seat, or -1 at the end (``rng`` and
        ``at_shuffle`` kept for the chance after each `step`)."""
        self._rng, self._at_shuffle = rng, at_shuffle
        self.play_chance(rng, at_shuffle)
        to_act: int = self._state.to_act
        return to_act

    def refusal(self, index: int) -> IllegalActionError:
        """The engine's own error, in its words, for the action of ``index`` the kernel refused."""
        state = self.noddy
        seat = state.to_act
        try:
            if seat is None:
                raise IllegalActionError(Reason("research_no_turn", phase=state.phase.value, index=index))
            state.apply(move_of(self.encoder, state, seat, index))
        except IllegalActionError as error:
            return error
        raise AssertionError(f"the kernel refused action {index} of seat {seat}, which the engine takes")

    def greedy(self) -> int:
        """The index of what `noddy.players.GreedyPlayer` chooses, chosen in C (the same choice)."""
        state = self._state
        index: int = self._observer.index_of(state, state.choose(GREEDY))
        return index

    def chosen(self, player: Player, rng: Any) -> int:
        """The index of what ``player`` chooses from the engine's view of the seat to act."""
        seat = self.to_act
        assert seat is not None
        view = self.noddy.view(seat)
        return self.encoder.action_index(view, player.choose(view, view.legal, rng))

    def observe(self, seat: int) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """The observation of ``seat`` and its mask of legal actions (all 0 when it is not to act)."""
        if _MADE_IN_C:
            return self._observer.observe(self._state, self.named, seat)
        size, actions = self._shape
        obs = _empty(size, FLOAT32)
        mask = _empty(actions, INT8)
        self._observer.write(self._state, self.named, seat, obs, mask)
        return obs, mask

    def observe_as(self, seat: int, obs_key: str, mask_key: str) -> dict[str, npt.NDArray[Any]]:
        """`observe` as a dict of the two arrays under the two keys given (PettingZoo's observation:
        ``observe_as(seat, "observation", "action_mask")``), made in C where the kernel makes the
        arrays itself."""
        if _MADE_IN_C:
            made: dict[str, npt.NDArray[Any]] = self._observer.observe_as(
                self._state, self.named, seat, obs_key, mask_key
            )
            return made
        obs, mask = self.observe(seat)  # pragma: no cover - only where the kernel makes no arrays
        return {obs_key: obs, mask_key: mask}

    def observe_into(self, seat: int, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> None:
        """`observe` into arrays of the caller's (float32 and int8, contiguous: `NoddyError` if not)."""
        if obs.dtype != FLOAT32 or mask.dtype != INT8:
            raise NoddyError(f"obs must be float32 and mask int8, not {obs.dtype} and {mask.dtype}")
        self._observer.write(self._state, self.named, seat, obs, mask)

    def _entries(self, since: _Log | None) -> list[_Entry]:
        """The actions taken after the point ``since`` of the log (``None``: all), in order."""
        entries: list[_Entry] = []
        log = self._log
        while log is not since:
            assert log is not None
            entries.append(log[0])
            log = log[1]
        return entries[::-1]

    @property
    def noddy(self) -> GameState:
        """The engine's position of this game (its actions replayed on the engine, once)."""
        encoder = self.encoder
        since, state = self._cache or (
            None,
            new_game(encoder.rules, encoder.players, partners=encoder.partners),
        )
        for entry in self._entries(since):
            if isinstance(entry, int):
                seat = state.to_act
                assert seat is not None
                move = encoder.action_of(seat, state.hands[seat], entry)
            elif isinstance(entry, list):
                move = Action(ActionKind.SHUFFLE, None, tuple(DECK[i] for i in entry))
            else:
                move = entry
            state = state.apply(move)
        self._cache = (self._log, state)
        return state


_empty = np.empty
_MADE_IN_C = OBSERVES_IN_C
FLOAT32 = np.dtype(np.float32)
INT8 = np.dtype(np.int8)
"""The observation's and the mask's dtypes (``np.empty`` takes a dtype faster than a type)."""
_CUT = KERNEL_PHASES.index(Phase.CUT) if KERNEL_PHASES else -1
_SHUFFLE = KERNEL_PHASES.index(Phase.SHUFFLE) if KERNEL_PHASES else -1
SHUFFLE_PHASE = _SHUFFLE
CHANCE_PHASES = frozenset((_CUT, _SHUFFLE))
"""The kernel's numbers of the phases where chance acts (a step checks them before `play_chance`);
at the other, `SHUFFLE_PHASE`, it shuffles; at a cut it cuts, or draws a first dealer."""
CARDS = len(DECK)
assert all(card.index == i for i, card in enumerate(DECK)), "a shuffle of indices is a shuffle of DECK"


@lru_cache(maxsize=64)
def _chances(rules: Rules, players: int) -> tuple[Chance, Chance]:
    """Chance before the first deal (a cut, or a first dealer drawn) and at a shuffle."""
    first = ActionKind.DEALER if rules.deal.first_dealer == "any" else ActionKind.CUT
    return Chance(first, players), Chance(ActionKind.SHUFFLE, players)


def _replayed(rules: Rules, players: int, partners: bool, declare: bool, log: list[_Entry]) -> KernelGame:
    """A kernel game with ``log``'s actions replayed (`KernelGame.__reduce__`)."""
    game = KernelGame(Encoder(rules, players, partners=partners, declare=declare))
    for entry in log:
        if isinstance(entry, int):
            game.act(entry)
        elif isinstance(entry, list):
            game.shuffle(entry)
        else:
            game.apply_chance(entry)
    return game


@lru_cache(maxsize=64)
def _observed_of(rules: Rules, players: int, partners: bool) -> Observed:
    """The kernel's configuration of the rules at this table and its observer of the encoder's
    layout, together (`noddy.engine.observed`): a game's state is made of the observer's own
    configuration (`kernel_config`'s cache may have made another since)."""
    return observed(rules, players, partners, Encoder(rules, players, partners=partners).layout())
