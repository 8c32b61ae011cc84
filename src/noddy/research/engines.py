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

from functools import lru_cache

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

__all__ = ["ENGINES", "KernelGame", "choose_engine", "draw"]

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


class KernelGame(KernelState):
    """One game in the kernel from before the first cut (see the module); `copy` is cheap. The
    kernel's position (`phase`, `to_act`, `scores`, `winner`...) is read as `KernelState`'s."""

    __slots__ = ("_cache", "_log", "_observer", "encoder", "named")

    def __init__(self, encoder: Encoder) -> None:
        super().__init__(encoder.rules, encoder.players, encoder.partners)
        self.encoder = encoder
        self._observer = _observer(encoder)
        self.named = 0
        """The cards the current deal's events have shown to every seat (a mask by card index)."""
        self._log: list[Action | int | list[int]] = []
        """Every action so far: a shuffle as its order of card indices, another chance's as the
        engine's action, the players' as indices."""
        self._cache: tuple[int, GameState] = (
            0,
            new_game(encoder.rules, encoder.players, partners=encoder.partners),
        )

    def copy(self) -> KernelGame:
        """An independent copy of the game so far."""
        new = object.__new__(KernelGame)
        new.encoder, new._observer, new.named = self.encoder, self._observer, self.named
        new._state = self._state.copy()
        new._log = list(self._log)
        new._cache = self._cache
        return new

    def chance(self) -> Chance | None:
        """What chance decides next, as `noddy.game.GameState.chance` says it."""
        phase = self._state.phase
        if phase == _CUT:
            first_any = self.encoder.rules.deal.first_dealer == "any"
            return Chance(ActionKind.DEALER if first_any else ActionKind.CUT, self.encoder.players)
        if phase == _SHUFFLE:
            return Chance(ActionKind.SHUFFLE, self.encoder.players)
        return None

    def play_chance(self, rng: np.random.Generator) -> None:
        """Chance's turns, each drawn from ``rng`` as `draw` draws it on the engine, until a seat
        is to act or the game is over."""
        state, observer = self._state, self._observer
        while (phase := state.phase) == _SHUFFLE or phase == _CUT:
            if phase == _SHUFFLE:
                order = rng.permutation(CARDS).tolist()
                state.shuffle(order)
                self._log.append(order)
            else:
                chance = self.chance()
                assert chance is not None
                action = draw(chance, rng)
                if action.kind == ActionKind.CUT:
                    state.cut([card.index for card in action.cards])
                else:
                    state.draw_dealer(action.number or 0)
                self._log.append(action)
            self.named = observer.scan(state, self.named)

    def act(self, index: int) -> None:
        """The seat to act takes the action of ``index``; `ValueError` if it is not legal."""
        self.named = self._observer.act(self._state, index, self.named)
        self._log.append(index)

    def observe(self, seat: int) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """The observation of ``seat`` and its mask of legal actions (all 0 when it is not to act)."""
        obs = np.empty(self.encoder.size, np.float32)
        mask = np.empty(self.encoder.num_actions, np.int8)
        self._observer.write(self._state, self.named, seat, obs, mask)
        return obs, mask

    def observe_into(self, seat: int, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> None:
        """`observe` into arrays of the caller's."""
        self._observer.write(self._state, self.named, seat, obs, mask)

    @property
    def noddy(self) -> GameState:
        """The engine's position of this game (its actions replayed on the engine, once)."""
        done, state = self._cache
        encoder = self.encoder
        for entry in self._log[done:]:
            if isinstance(entry, int):
                seat = state.to_act
                assert seat is not None
                move = encoder.action_of(seat, state.hands[seat], entry)
            elif isinstance(entry, list):
                move = Action(ActionKind.SHUFFLE, None, tuple(DECK[i] for i in entry))
            else:
                move = entry
            state = state.apply(move)
        self._cache = (len(self._log), state)
        return state


_CUT = KERNEL_PHASES.index(Phase.CUT) if compiled is not None else -1
_SHUFFLE = KERNEL_PHASES.index(Phase.SHUFFLE) if compiled is not None else -1
CARDS = len(DECK)
assert all(card.index == i for i, card in enumerate(DECK)), "a shuffle of indices is a shuffle of DECK"


def _observer(encoder: Encoder) -> compiled.StateObserver:
    """The kernel's observer of the encoder's layout (which its rules and table fix)."""
    return _observer_of(encoder.rules, encoder.players, encoder.partners)


@lru_cache(maxsize=64)
def _observer_of(rules: Rules, players: int, partners: bool) -> compiled.StateObserver:
    encoder = Encoder(rules, players, partners=partners, kernel=False)
    holes = new_game(rules, players, partners=partners).view(0).board_holes
    return compiled.StateObserver(
        kernel_config(rules, players, partners),
        tuple(f.start for f in encoder.fields),
        encoder.size,
        encoder.num_actions,
        tuple(sum(1 << i for i in subset) for subset in encoder.subsets),
        tuple(PHASES.index(Phase(name)) for name in compiled.PHASES),
        encoder.dealt,
        holes,
    )
