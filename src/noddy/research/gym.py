"""A single-agent Gymnasium environment: one learning seat against computer players.

``import noddy.research`` registers one id a preset (`register`): ``gymnasium.make(
"noddy/cribbage-v0", opponent="greedy")``, ``noddy/willughby-v0``, ... The learner sits at
``seat`` (0 by default); every other seat is played by the computer player ``opponent`` (any name
`noddy.players.make_player` knows: ``random``, ``greedy``, ``easy``, ``medium``, ``hard``...), a
partner included. Chance and the other seats move inside `step`, so the learner only sees its
own turns.

The game steps on the compiled kernel where it handles the rules (``engine="auto"``, the default;
``"kernel"`` insists, ``"python"`` steps on the readable engine; `noddy.research.engines`), with the
same observations, masks and rewards bit for bit, and the same games for a seed: chance is drawn
from Gymnasium's ``np_random`` on both engines (`noddy.research.engines.draw`), the opponents'
choices from a `random.Random` seeded from it. On the kernel, ``random`` opponents draw among the
legal action indices and ``greedy`` ones are the kernel's own greedy player (the same choices as
`noddy.players.GreedyPlayer`); any other player chooses from the engine's view of the seat, rebuilt
from the kernel game's actions. A ``random`` opponent chooses uniformly among the legal action
indices on the engine too (as `noddy.players.RandomPlayer` does among the listed actions), so that
a seed plays the same game on both.

Observations are the seat's tensor (`noddy.research.tensors.Encoder`, float32 in [0, 1]); the
legal actions are ``info["action_mask"]`` (int8, as Gymnasium's own Taxi gives them) and
`NoddyGymEnv.action_masks()` (as maskable learners ask for them). Rewards as the PettingZoo
environment's (`noddy.research.outcome`; optional ``peg_reward``, and ``board_reward``, the change in
the chance of winning from the board at each deal's end, `noddy.research.shaping`) for the
learner's seat. An
action its mask forbids ends the game as a loss of the largest stake, with ``info["illegal"]``
set (PettingZoo's classic games do the same), or raises `IllegalActionError` with
``illegal="raise"``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from noddy.errors import IllegalActionError, NoddyError
from noddy.game import Action, GameState, Phase, new_game
from noddy.kernel.step import OVER
from noddy.players import Player, make_player
from noddy.research.engines import CHANCE_PHASES, KernelGame, choose_engine, draw
from noddy.research.outcome import largest_stake, paid
from noddy.research.shaping import BoardShaping
from noddy.research.tensors import Encoder
from noddy.rules import Rules, load_rules, preset_names, side_of

__all__ = ["NoddyGymEnv", "gym_id", "register"]

_ILLEGAL = ("lose", "raise")


def gym_id(preset: str) -> str:
    """The Gymnasium id of a preset (``noddy/cribbage-v0``)."""
    return f"noddy/{preset}-v0"


def register() -> None:
    """Register every preset's id with Gymnasium (once; a later call changes nothing)."""
    for preset in preset_names():
        if gym_id(preset) not in gymnasium.registry:
            gymnasium.register(
                gym_id(preset), entry_point="noddy.research.gym:NoddyGymEnv", kwargs={"rules": preset}
            )


def _no_game(_kernel: Any, _named: int, _seat: int) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
    raise NoddyError("no game yet: reset() starts one")


class NoddyGymEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of a Noddy-family game against computer players (see the module)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (Gymnasium's own attribute)

    def __init__(
        self,
        rules: str | Rules = "cribbage",
        players: int = 2,
        *,
        opponent: str = "greedy",
        seat: int = 0,
        partners: bool | None = None,
        declare: bool = False,
        stakes: bool = True,
        peg_reward: float = 0.0,
        board_reward: float = 0.0,
        illegal: str = "lose",
        render_mode: str | None = None,
        engine: str = "auto",
    ) -> None:
        self.rules = load_rules(rules) if isinstance(rules, str) else rules
        self.encoder = Encoder(self.rules, players, partners=partners, declare=declare)
        if not 0 <= seat < players:
            raise NoddyError(
                f"seat {seat} is not one of 0-{players - 1}: the learner sits at a seat of the table"
            )
        if illegal not in _ILLEGAL:
            raise NoddyError(f"illegal={illegal!r} is not one of: {', '.join(_ILLEGAL)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise NoddyError(f"render_mode {render_mode!r} is not one of: ansi (or None)")
        self.engine = choose_engine(self.encoder, engine)
        """``kernel`` or ``python``: what the game steps on (`noddy.research.engines`)."""
        self.render_mode = render_mode
        self.seat = seat
        self.opponent: Player = make_player(opponent)
        self._by_index = opponent == "random"
        """Whether the opponents choose uniformly among the legal indices (on both engines)."""
        self._kernel_greedy = opponent == "greedy" and self.engine == "kernel"
        self.stakes = stakes
        self.peg_reward = peg_reward
        self.shaping = (
            BoardShaping(self.rules, players, self.encoder.partners, board_reward) if board_reward else None
        )
        """The shaping by the chance of winning from the board (`noddy.research.shaping`), if asked for."""
        self._potential: tuple[float, ...] = ()
        self.illegal = illegal
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.encoder.num_actions)
        self._sides = [side_of(s, self.encoder.partners) for s in range(players)]
        self._state: GameState = new_game(self.rules, players, partners=self.encoder.partners)
        self._game: KernelGame | None = None
        self._rng = random.Random()
        self._mask: npt.NDArray[np.int8] = np.zeros(self.encoder.num_actions, np.int8)
        self._listed: dict[int, Action] = {}
        self._plain = not peg_reward and self.shaping is None
        """Whether a step pays nothing until the end: a kernel step's fast path."""
        self._observe_of: Callable[[Any, int, int], tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]]
        self._observe_of = _no_game
        """The kernel game's observation in one call (`KernelGame.observe_of`)."""

    @property
    def noddy(self) -> GameState:
        """The engine's position (every card: for analysis, never for the learner; on the kernel,
        rebuilt from the game's actions when asked for)."""
        return self._state if self._game is None else self._game.noddy

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score now."""
        return self._state.scores if self._game is None else self._game.scores

    @property
    def is_over(self) -> bool:
        return self._state.is_over if self._game is None else self._game.kernel.phase == OVER

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """A new game, played on to the learner's first turn; ``seed`` fixes all of it."""
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(2**63)))
        if self.engine == "kernel":
            self._game = KernelGame(self.encoder)
            self._observe_of = self._game.observe_of
            self._kernel_to_learner()
        else:
            start = new_game(self.rules, self.encoder.players, partners=self.encoder.partners)
            self._state = self._to_learner(start)
        return self._observe(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """The learner takes ``action``; the game runs on to its next turn or the end."""
        index = int(action)
        game = self._game
        if game is not None and self._plain:  # the kernel's fast path: no reward until the end
            kernel = game.kernel
            if kernel.phase == OVER:
                raise IllegalActionError("the game is over: reset() starts another")
            try:
                game.act(index)
            except ValueError:
                return self._refuse(index)
            self._kernel_to_learner()
            observation, self._mask = self._observe_of(kernel, game.named, self.seat)
            if kernel.phase != OVER:
                return observation, 0.0, False, False, {"action_mask": self._mask}
            reward = paid(self.rules, game.winner, game.scores, self._sides, stakes=self.stakes)[self.seat]
            return observation, reward, True, False, {"action_mask": self._mask}
        if self.is_over:
            raise IllegalActionError("the game is over: reset() starts another")
        move = None
        if game is None:
            move = self._listed.get(index)
            if move is None and self.encoder.declare and 0 <= index < len(self._mask) and self._mask[index]:
                move = self.encoder.action(self._state.view(self.seat), index)
        legal = move is not None if game is None else 0 <= index < len(self._mask) and self._mask[index]
        if not legal:
            return self._refuse(index)
        before, potential = self.scores, self._potential
        if game is None:
            assert move is not None
            self._state = self._to_learner(self._state.apply(move))
        else:
            game.act(index)
            self._kernel_to_learner()
        over = self.is_over
        reward = self._shaped(before, self.scores)
        if self.shaping is not None:
            if over:
                self._potential = self.shaping.final(self._winner())
            reward += self.shaping.paid(potential, self._potential)[self._sides[self.seat]]
        if over:
            reward += paid(self.rules, self._winner(), self.scores, self._sides, stakes=self.stakes)[
                self.seat
            ]
        return self._observe(), reward, over, False, self._info()

    def _refuse(self, index: int) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """The learner's action ``index`` is not legal: raised (``illegal="raise"``), or the game
        lost by the largest stake."""
        if self.illegal == "raise":
            allowed = np.flatnonzero(self._mask).tolist()
            raise IllegalActionError(f"action {index} is not legal now; the legal ones are {allowed}")
        observation = self._observe()
        info = {**self._info(), "illegal": True}
        return observation, -float(largest_stake(self.rules) if self.stakes else 1), True, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as maskable learners ask for them (True for each legal index)."""
        return self._mask.astype(bool)

    def render(self) -> str | None:
        """The learner's view in short (``ansi``)."""
        if self.render_mode is None:
            return None
        view = self.noddy.view(self.seat)
        return (
            f"{view.phase} deal {view.deal_number} | hand {' '.join(map(str, view.hand))}"
            f" | count {view.count} | scores {' '.join(map(str, view.scores))}"
        )

    def _winner(self) -> int | None:
        return self._state.winner if self._game is None else self._game.winner

    def _to_learner(self, state: GameState) -> GameState:
        """Chance and the other seats move on the engine until the learner is to act or the game is over."""
        while not state.is_over:
            chance = state.chance()
            if chance is not None:
                if self.shaping is not None and state.phase is Phase.SHUFFLE:
                    self._potential = self.shaping.potential(state.scores, state.dealer)
                state = state.apply(draw(chance, self.np_random))
                continue
            seat = state.to_act
            assert seat is not None
            if seat == self.seat:
                break
            view = state.view(seat)
            if self._by_index:
                _, _, listed = self.encoder.encode(view)
                move = listed[self._rng.choice(sorted(listed))]
            else:
                move = self.opponent.choose(view, view.legal, self._rng)
            state = state.apply(move)
        return state

    def _kernel_to_learner(self) -> None:
        """Chance and the other seats move in the kernel until the learner is to act or the game is over."""
        game = self._game
        assert game is not None
        kernel = game.kernel
        while (phase := kernel.phase) != OVER:
            if phase in CHANCE_PHASES:
                game.play_chance(self.np_random, self._kernel_deal if self.shaping else None)
                continue
            seat = kernel.to_act
            if seat == self.seat:
                break
            if self._by_index:
                game.act(self._rng.choice(game.observer.legal(kernel)))
            elif self._kernel_greedy:
                game.act(game.observer.index_of(kernel, kernel.greedy()))
            else:
                view = game.noddy.view(seat)
                game.act(self.encoder.action_index(view, self.opponent.choose(view, view.legal, self._rng)))

    def _kernel_deal(self) -> None:
        """The potential at the start of the kernel's deal about to be dealt (board shaping)."""
        assert self.shaping is not None and self._game is not None
        self._potential = self.shaping.potential(self._game.scores, self._game.dealer)

    def _observe(self) -> npt.NDArray[np.float32]:
        if self._game is not None:
            observation, self._mask = self._observe_of(self._game.kernel, self._game.named, self.seat)
            return observation
        observation, mask, listed = self.encoder.encode(self._state.view(self.seat))
        self._mask, self._listed = mask, listed
        return observation

    def _info(self) -> dict[str, Any]:
        """The mask as a copy on the engine, whose mask the next step checks the action against (on
        the kernel each mask is a new array, and the kernel checks the action itself)."""
        return {"action_mask": self._mask if self._game is not None else self._mask.copy()}

    def _shaped(self, before: tuple[int, ...], after: tuple[int, ...]) -> float:
        if not self.peg_reward:
            return 0.0
        gained = [a - b for a, b in zip(after, before, strict=True)]
        side = self._sides[self.seat]
        others = (sum(gained) - gained[side]) / (len(gained) - 1)
        return self.peg_reward * (gained[side] - others)
