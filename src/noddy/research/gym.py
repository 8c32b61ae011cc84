"""A single-agent Gymnasium environment: one learning seat against computer players.

``import noddy.research`` registers one id a preset (`register`): ``gymnasium.make(
"noddy/cribbage-v0", opponent="greedy")``, ``noddy/willughby-v0``, ... The learner sits at
``seat`` (0 by default); every other seat is played by the computer player ``opponent`` (any name
`noddy.players.make_player` knows: ``random``, ``greedy``, ``easy``, ``medium``, ``hard``...), a
partner included: ``greedy`` by default, an opponent worth beating. The batched environment
`noddy.research.vector.VectorEnv` takes ``random`` by default instead, the opponent that costs it
nothing (its greedy player's lay-away costs 4 to 5 times a step); say ``opponent=`` to either to
train and test against the same. Chance and the other seats move inside `step`, so the learner
only sees its own turns.

The game steps on the compiled kernel where it handles the rules (``engine="auto"``, the default;
``"kernel"`` insists, ``"python"`` steps on the readable engine; either engine's
`noddy.research.engines.Game`, stepped one way), with the
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
from typing import Any

import numpy as np
import numpy.typing as npt

from noddy.words import Reason, need_extra

try:
    import gymnasium
    from gymnasium import spaces
except ImportError:
    need_extra("research", __name__)
    raise

from noddy.engine import choose
from noddy.errors import IllegalActionError, NoddyError
from noddy.game import GameState
from noddy.players import Player, make_player
from noddy.research.engines import Game, game_of
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


class NoddyGymEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of a Noddy-family game against computer players (see the module): ``opponent``
    is ``"greedy"`` by default (`noddy.research.vector.VectorEnv`'s is ``"random"``)."""

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
        self.engine = choose(self.encoder.rules, self.encoder.players, engine, declare=self.encoder.declare)
        """``kernel`` or ``python``: what the game steps on (`noddy.research.engines`)."""
        self.render_mode = render_mode
        self.seat = seat
        self.opponent: Player = make_player(opponent)
        self._by_index = opponent == "random"
        """Whether the opponents choose uniformly among the legal indices (on both engines)."""
        self._greedy = opponent == "greedy"
        """Whether the opponents are greedy (the kernel chooses as `GreedyPlayer` in C)."""
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
        self._game: Game = game_of(self.encoder, self.engine)
        self._rng = random.Random()
        self._mask: npt.NDArray[np.int8] = np.zeros(self.encoder.num_actions, np.int8)
        self._over = False
        self._plain = not peg_reward and self.shaping is None
        """Whether a step pays nothing until the end."""
        self._at_shuffle = self._deal_potential if self.shaping is not None else None
        """Called before each deal is dealt: the board's potential then (board shaping)."""

    @property
    def noddy(self) -> GameState:
        """The engine's position (every card: for analysis, never for the learner; on the kernel,
        rebuilt from the game's actions when asked for)."""
        return self._game.noddy

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score now."""
        return self._game.scores

    @property
    def is_over(self) -> bool:
        return self._game.is_over

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """A new game, played on to the learner's first turn; ``seed`` fixes all of it."""
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(2**63)))
        game = self._game = game_of(self.encoder, self.engine)
        self._to_learner(game.start(self.np_random, self._at_shuffle))
        return self._observe(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """The learner takes ``action``; the game runs on to its next turn or the end."""
        if self._over:
            raise IllegalActionError(Reason("research_over"))
        index = int(action)
        game = self._game
        plain = self._plain
        before, potential = ((), ()) if plain else (game.scores, self._potential)
        try:
            seat = game.step(index)
        except IllegalActionError:
            return self._refuse(index)
        self._to_learner(seat)
        observation = self._observe()
        over = self._over
        if plain:  # no reward until the end
            if not over:
                return observation, 0.0, False, False, {"action_mask": self._mask}
            reward = paid(self.rules, game.winner, game.scores, self._sides, stakes=self.stakes)[self.seat]
            return observation, reward, True, False, {"action_mask": self._mask}
        reward = self._shaped(before, game.scores)
        if self.shaping is not None:
            if over:
                self._potential = self.shaping.final(game.winner)
            reward += self.shaping.paid(potential, self._potential)[self._sides[self.seat]]
        if over:
            reward += paid(self.rules, game.winner, game.scores, self._sides, stakes=self.stakes)[self.seat]
        return observation, reward, over, False, self._info()

    def _refuse(self, index: int) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """The learner's action ``index`` is not legal: raised (``illegal="raise"``), or the game
        lost by the largest stake."""
        if self.illegal == "raise":
            allowed = np.flatnonzero(self._mask).tolist()
            raise IllegalActionError(Reason("research_not_legal", index=index, legal=allowed))
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

    def _to_learner(self, seat: int) -> None:
        """The other seats move (chance's turns taken in each step) until the learner is to act
        or the game is over (``seat`` the seat to act, -1 at the end)."""
        game, learner = self._game, self.seat
        while seat >= 0 and seat != learner:
            if self._by_index:
                index = self._rng.choice(game.legal())
            elif self._greedy:
                index = game.greedy()
            else:
                index = game.chosen(self.opponent, self._rng)
            seat = game.step(index)
        self._over = seat < 0

    def _deal_potential(self) -> None:
        """The potential at the start of the deal about to be dealt (board shaping)."""
        assert self.shaping is not None
        self._potential = self.shaping.potential(self._game.scores, self._game.dealer)

    def _observe(self) -> npt.NDArray[np.float32]:
        observation, self._mask = self._game.observe(self.seat)
        return observation

    def _info(self) -> dict[str, Any]:
        """The mask (each a new array, never written again)."""
        return {"action_mask": self._mask}

    def _shaped(self, before: tuple[int, ...], after: tuple[int, ...]) -> float:
        if not self.peg_reward:
            return 0.0
        gained = [a - b for a, b in zip(after, before, strict=True)]
        side = self._sides[self.seat]
        others = (sum(gained) - gained[side]) / (len(gained) - 1)
        return self.peg_reward * (gained[side] - others)
