"""Which engine a research environment steps on, and a game stepped in the compiled kernel.

``engine="auto"`` (the default) steps on the kernel wherever it handles the rules, as ``simulate``
chooses (`noddy.sim.tournament.choose_engine`); ``"kernel"`` insists (refused, saying why, where it
cannot); ``"python"`` steps on the readable engine. The kernel cannot offer declared counts (it
counts every hand itself), so ``declare=True`` steps on Python.

`KernelGame` is one game in the kernel, in the environments' terms: player actions by index,
observations and masks written in C from the kernel's own state (layout.c, the numbers of
`noddy.research.tensors.Encoder`), and chance drawn by `draw` from a NumPy generator, as the
environments draw it on the engine, so that a seed deals the same game on either engine. The engine's
position is rebuilt from the game's actions only when asked for (`KernelGame.noddy`: rendering,
analysis). ``tests/research/test_engines.py`` plays both engines in lockstep.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from noddy.cards import DECK
from noddy.errors import NoddyError
from noddy.game import Action, ActionKind, Chance, GameState, Phase, new_game
from noddy.kernel import KernelState, compiled, kernel_config, unavailable, unsupported
from noddy.kernel.step import PHASES as KERNEL_PHASES
from noddy.research.fields import PHASES
from noddy.research.tensors import Encoder
from noddy.rules import Rules

__all__ = [
    "CHANCE_PHASES",
    "ENGINES",
    "FLOAT32",
    "INT8",
    "SHUFFLE_PHASE",
    "KernelGame",
    "choose_engine",
    "draw",
]

ENGINES = ("auto", "kernel", "python")
"""The engines an environment may step on (see the module)."""


def choose_engine(encoder: Encoder, engine: str = "auto") -> str:
    """``kernel`` or ``python`` for the ``engine`` asked for, at the encoder's rules and table."""
    if engine not in ENGINES:
        raise NoddyError(f"unknown engine {engine!r}; choose one of: {', '.join(ENGINES)}")
    if engine == "python":
        return engine
    why = unavailable() or unsupported(encoder.rules, encoder.players)
    if not why and encoder.declare:
        why = "the kernel counts every hand itself: it offers no declared counts (declare=True)"
    if why and engine == "kernel":
        raise NoddyError(f"the kernel cannot step this game: {why}; use engine='python' (or 'auto')")
    return "python" if why else "kernel"


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


_Entry = Action | int | list[int]
_Log = tuple[_Entry, "_Log | None"]


class KernelGame(KernelState):
    """One game in the kernel from before the first cut (see the module); `copy` is cheap. The
    kernel's position (`phase`, `to_act`, `scores`, `winner`...) is read as `KernelState`'s."""

    __slots__ = ("_cache", "_count", "_log", "_observer", "_shape", "encoder", "kernel", "named")

    def __init__(self, encoder: Encoder) -> None:  # KernelState.__init__ only makes the state, made here
        config, self._observer = _observer_of(encoder.rules, encoder.players, encoder.partners)
        self._state = self.kernel = compiled.State(config)
        """The kernel's own state (`phase`, `to_act` as its numbers: read by a step's fast path), of
        the observer's configuration (the observer acts only on states of its own)."""
        self.encoder = encoder
        self._shape = (encoder.size, encoder.num_actions)
        self.named = 0
        """The cards the current deal's events have shown to every seat (a mask by card index)."""
        self._log: _Log | None = None
        """Every action so far, the last first (shared with copies): a shuffle as its order of
        card indices, another chance's as the engine's action, the players' as indices."""
        self._count = 0
        self._cache: tuple[int, GameState] | None = None
        """The engine's position after that many actions (none made until `noddy` is asked for)."""

    def copy(self) -> KernelGame:
        """An independent copy of the game so far."""
        new = object.__new__(KernelGame)
        new.encoder, new._observer, new.named = self.encoder, self._observer, self.named
        new._shape = self._shape
        new._state = new.kernel = self._state.copy()
        new._log, new._count = self._log, self._count
        new._cache = self._cache
        return new

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its rules, table and actions (the kernel's state is rebuilt by replaying them)."""
        enc = self.encoder
        return (_replayed, (enc.rules, enc.players, enc.partners, enc.declare, self._entries(self._count)))

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
        self._count += 1

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
        self._count += 1

    @property
    def observer(self) -> compiled.StateObserver:
        """The kernel's observer of this game's layout (shared by its copies): ``observer.legal(
        game.kernel)`` is `legal` without a Python call between (`noddy.research.spielfast`)."""
        return self._observer

    def legal(self) -> list[int]:
        """The legal action indices of the seat to act, in increasing order."""
        return self._observer.legal(self._state)

    def act(self, index: int) -> None:
        """The seat to act takes the action of ``index``; `ValueError` if it is not legal.
        (`noddy.research.pettingzoo.NoddyEnv.step` and `noddy.research.spielfast.FastPosition.after`
        write these three lines out in their fast paths: keep the three alike.)"""
        self.named = self._observer.act(self._state, index, self.named)
        self._log = (index, self._log)
        self._count += 1

    def observe(self, seat: int) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """The observation of ``seat`` and its mask of legal actions (all 0 when it is not to act)."""
        if _MADE_IN_C:
            return self._observer.observe(self._state, self.named, seat)
        size, actions = self._shape
        obs = _empty(size, FLOAT32)
        mask = _empty(actions, INT8)
        self._observer.write(self._state, self.named, seat, obs, mask)
        return obs, mask

    @property
    def observe_of(self) -> Callable[[Any, int, int], tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]]:
        """`observe` as one call into C: ``observe_of(game.kernel, game.named, seat)``, the
        observer's own method (shared by every game of the encoder's table) where the kernel makes
        the arrays itself, else a function of this game's."""
        if _MADE_IN_C:
            return self._observer.observe
        return lambda _kernel, _named, seat: self.observe(seat)

    @property
    def observe_as_of(self) -> Callable[[Any, int, int, str, str], dict[str, npt.NDArray[Any]]]:
        """`observe_of` giving a dict of the two arrays under the two keys given (PettingZoo's
        observation: ``observe_as_of(game.kernel, game.named, seat, "observation", "action_mask")``),
        made in C where the kernel makes the arrays itself."""
        if _MADE_IN_C:
            return self._observer.observe_as

        def observe_as(_kernel: Any, _named: int, seat: int, obs_key: str, mask_key: str) -> dict[str, Any]:
            obs, mask = self.observe(seat)
            return {obs_key: obs, mask_key: mask}

        return observe_as

    def observe_into(self, seat: int, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> None:
        """`observe` into arrays of the caller's (float32 and int8, contiguous: `NoddyError` if not)."""
        if obs.dtype != FLOAT32 or mask.dtype != INT8:
            raise NoddyError(f"obs must be float32 and mask int8, not {obs.dtype} and {mask.dtype}")
        self._observer.write(self._state, self.named, seat, obs, mask)

    def _entries(self, last: int) -> list[_Entry]:
        """The ``last`` actions, in the order taken."""
        entries: list[_Entry] = []
        log = self._log
        for _ in range(last):
            assert log is not None
            entries.append(log[0])
            log = log[1]
        return entries[::-1]

    @property
    def noddy(self) -> GameState:
        """The engine's position of this game (its actions replayed on the engine, once)."""
        encoder = self.encoder
        done, state = self._cache or (0, new_game(encoder.rules, encoder.players, partners=encoder.partners))
        for entry in self._entries(self._count - done):
            if isinstance(entry, int):
                seat = state.to_act
                assert seat is not None
                move = encoder.action_of(seat, state.hands[seat], entry)
            elif isinstance(entry, list):
                move = Action(ActionKind.SHUFFLE, None, tuple(DECK[i] for i in entry))
            else:
                move = entry
            state = state.apply(move)
        self._cache = (self._count, state)
        return state


_empty = np.empty
_MADE_IN_C = compiled is not None and hasattr(compiled.StateObserver, "observe")
"""Whether the kernel makes the observation's arrays itself (built with NumPy's headers: setup.py)."""
FLOAT32 = np.dtype(np.float32)
INT8 = np.dtype(np.int8)
"""The observation's and the mask's dtypes (``np.empty`` takes a dtype faster than a type)."""
_CUT = KERNEL_PHASES.index(Phase.CUT) if compiled is not None else -1
_SHUFFLE = KERNEL_PHASES.index(Phase.SHUFFLE) if compiled is not None else -1
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
def _observer_of(
    rules: Rules, players: int, partners: bool
) -> tuple[compiled.Config, compiled.StateObserver]:
    """The kernel's configuration of the rules at this table and its observer of the encoder's
    layout, together: a game's state is made of the same configuration object as its observer's
    (`kernel_config`'s own cache may have made another since)."""
    encoder = Encoder(rules, players, partners=partners, kernel=False)
    holes = new_game(rules, players, partners=partners).view(0).board_holes
    config = kernel_config(rules, players, partners)
    return config, compiled.StateObserver(
        config,
        tuple(f.start for f in encoder.fields),
        encoder.size,
        encoder.num_actions,
        tuple(sum(1 << i for i in subset) for subset in encoder.subsets),
        tuple(PHASES.index(Phase(name)) for name in compiled.PHASES),
        encoder.dealt,
        holes,
    )
