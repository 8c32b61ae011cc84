"""Many games stepped by one call, for training: `VectorEnv`, in the conventions of Gymnasium's
vector environments (`gymnasium.vector.VectorEnv`).

``num_envs`` games of one rule set run in the compiled kernel (`noddy.engine.vector_games`,
vecenv.c: the kernel's own transitions, greedy player and shuffle, nothing written twice). Either
one seat learns (``seat``) against fixed opponents that the kernel plays (``opponent="random"`` or
``"greedy"``, or one name a seat), and every step is that seat's decision, the others' turns and
chance's taken inside the call; or every seat learns (``opponent="self"``, self-play), and each
step is the decision of the seat to act in each game (``infos["to_act"]``).

Observations are the compact observation of `noddy.research.tensors.Encoder`, number for number,
and the masks its action mask without the declared counts (the engine counts: ``count`` is the
one counting action): ``{"observation": (num_envs, size) float32, "action_mask": (num_envs,
num_actions) int8}``. The observation is the learner's, or in self-play the seat to act's.
Rewards are those of `noddy.research.pettingzoo` (`noddy.research.outcome`): at the end the stake
to each seat of the winning side (1, or what a lurch or skunk counts; ``stakes=False``: 1), the
losing sides sharing its loss, 0 to all on a tie; with ``peg_reward`` each step also pays
``peg_reward`` times the points its side pegged less the mean of the other sides' (shape
``(num_envs,)``, or ``(num_envs, players)`` in self-play: every seat's, as pgx gives them). Games
never truncate.

Autoreset is same-step (`gymnasium.vector.AutoresetMode.SAME_STEP`): the step that ends a game
returns the first observation of the next game in its place, and the end's own observation in
``infos["final_obs"]`` (rows marked by ``infos["_final_obs"]``). ``reset(seed=s)`` makes every
game from then on a function of ``s`` alone: the same seed, the same games and observations.
Memory is allocated once: a step writes into the same arrays. ``copy=False`` hands them out
themselves: the fast way, and the one the docs show (1.0-1.3 million steps a CPU-second in
cribbage against random play or in self-play with `sample_actions`, `bench/vector.py`), for a
loop that reads each step's arrays, or copies them into its own buffer, before the next step. The
default, ``copy=True`` (Gymnasium's vector environments' convention), hands out copies that never
change, for a loop that keeps them as they are (in a list); a copy nobody holds any more is
written again rather than made anew, so the default costs the copying alone (0.7-0.8 million).
`VectorEnv.sample_actions` draws a uniformly random legal action for every game in the kernel,
seeded by ``reset`` too.

The opponent is ``"random"`` by default, the one that costs nothing: the kernel's greedy player
weighs every lay-away over every turn-up, and a step against it is 4 to 5 times slower (0.2
million a CPU-second). The single-game Gymnasium environment's default is ``"greedy"``
(`noddy.research.gym`), the one worth beating one game at a time; PettingZoo and OpenSpiel have
no opponent (every seat is an agent). ``num_envs`` is 64 by default.

>>> env = VectorEnv("cribbage", num_envs=4, opponent="greedy")
>>> obs, infos = env.reset(seed=1)
>>> obs["observation"].shape, obs["action_mask"].shape
((4, 491), (4, 171))
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from noddy.words import need_extra

try:
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector import VectorEnv as GymVectorEnv
except ImportError:
    need_extra("research", __name__)
    raise

from noddy.engine import vector_games
from noddy.errors import NoddyError
from noddy.research.tensors import Encoder
from noddy.rules import Rules, load_rules

__all__ = ["OPPONENTS", "VectorEnv"]

OPPONENTS = ("random", "greedy")
"""The opponents the kernel plays itself (`noddy.players`' random and greedy players)."""
SELF = "self"
_POOL = 4
"""Copies of an array kept to be written again (a loop holds one or two at a time)."""
_UNHELD = 3
"""`sys.getrefcount` of a kept copy that nobody else holds: the pool's list, the loop's name and
the call's own argument."""
_KINDS = {"random": 0, "greedy": 1, SELF: 2}

Array = npt.NDArray[Any]
Observation = dict[str, Array]


class VectorEnv(GymVectorEnv):
    """``num_envs`` games of ``rules`` at a table of ``players``, stepped together in the kernel.
    ``opponent`` is ``"random"`` by default (Gymnasium's single game: ``"greedy"``; see the
    module); ``copy=False`` is the fast way (the module says when it is safe)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        rules: str | Rules = "cribbage",
        num_envs: int = 64,
        *,
        players: int = 2,
        opponent: str | Sequence[str] = "random",
        seat: int = 0,
        partners: bool | None = None,
        peg_reward: float = 0.0,
        stakes: bool = True,
        copy: bool = True,
        record: bool = False,
    ) -> None:
        self.rules = load_rules(rules) if isinstance(rules, str) else rules
        if num_envs < 1:
            raise NoddyError(f"num_envs must be at least 1, not {num_envs}")
        if not 0 <= seat < players:
            raise NoddyError(f"seat must be one of 0-{players - 1}, not {seat}")
        self.encoder = Encoder(self.rules, players, partners=partners, declare=False)
        self.players = players
        self.num_envs = num_envs
        self.self_play = opponent == SELF
        self.seat = -1 if self.self_play else seat
        kinds = _kinds(opponent, players, self.seat)
        self.copy = copy
        self._copies: dict[int, list[npt.NDArray[Any]]] = {}
        """The copies handed out of each array (by the array's id), to write again once let go."""
        enc = self.encoder
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (enc.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (enc.num_actions,), np.int8),
            }
        )
        self.single_action_space = spaces.Discrete(enc.num_actions)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (num_envs, enc.size), np.float32),
                "action_mask": spaces.Box(0, 1, (num_envs, enc.num_actions), np.int8),
            }
        )
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, enc.num_actions))
        width = (players,) if self.self_play else ()
        self._obs = np.zeros((num_envs, enc.size), np.float32)
        self._mask = np.zeros((num_envs, enc.num_actions), np.int8)
        self._final_obs = np.zeros_like(self._obs)
        self._final_mask = np.zeros_like(self._mask)
        self._rewards = np.zeros((num_envs, *width), np.float32)
        self._terminated = np.zeros(num_envs, np.bool_)
        self._truncated = np.zeros(num_envs, np.bool_)
        self._to_act = np.zeros(num_envs, np.int8)
        self._actions = np.zeros(num_envs, np.int64)
        arrays = (
            self._obs,
            self._mask,
            self._final_obs,
            self._final_mask,
            self._rewards,
            self._terminated,
            self._to_act,
        )
        try:
            self._games = vector_games(
                self.rules,
                players,
                partners,
                enc.layout(),
                num_envs=num_envs,
                seat=self.seat,
                kinds=bytes(kinds),
                peg_reward=float(peg_reward),
                stakes=_stakes(self.rules) if stakes else (1.0,),
                record=record,
                arrays=arrays,
            )
        except RuntimeError as exc:
            raise NoddyError(f"the batched environment runs on the compiled kernel: {exc}") from exc
        self._started = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """New games in every place; ``seed`` (any int) fixes every game from now on."""
        if seed is None:
            seed = secrets.randbits(64)
        self._games.reset(seed % (1 << 64))
        self._started = True
        return self._observation(), self._infos()

    def step(self, actions: npt.ArrayLike) -> tuple[Observation, Array, Array, Array, dict[str, Any]]:
        """Each game's action index (``num_envs`` of them; all refused if any is not legal)."""
        if not self._started:
            raise NoddyError("call reset() before step()")
        chosen = np.ascontiguousarray(actions, dtype=np.int64)
        if chosen.shape != (self.num_envs,):
            raise NoddyError(f"give one action index a game: shape ({self.num_envs},), not {chosen.shape}")
        try:
            self._games.step(chosen)
        except ValueError as exc:
            raise NoddyError(str(exc)) from exc
        infos = self._infos()
        if self._terminated.any():
            final = {"observation": self._out(self._final_obs), "action_mask": self._out(self._final_mask)}
            infos["final_obs"] = final
            infos["_final_obs"] = self._terminated.copy()
        return (
            self._observation(),
            self._out(self._rewards),
            self._out(self._terminated),
            self._out(self._truncated),
            infos,
        )

    def sample_actions(self) -> Array:
        """One uniformly random legal action index a game (int64, ``(num_envs,)``), drawn in the
        kernel from the current masks: for exploration, baselines and random opponents of one's
        own, at the environment's speed (a NumPy draw from the masks costs as much as a step).
        Drawn from a generator of the environment's own that ``reset(seed=s)`` seeds from ``s``
        apart from the games' chance: the same seed, the same draws, and the games deal the same
        cards whether or not it is used."""
        if not self._started:
            raise NoddyError("call reset() before sample_actions()")
        self._games.sample(self._actions)
        return self._out(self._actions)

    def history(self, index: int, *, last: bool = False) -> list[tuple[str, Any]]:
        """Game ``index``'s actions so far, chance's included (or its last finished game's), as
        ``(kind, payload)``: ``("dealer", seat)``, ``("cut", cards)``, ``("shuffle", cards)`` (bytes
        of card indices), ``("act", code)`` (`noddy.engine.KernelState`'s codes). Kept only with
        ``record=True`` (for tests that replay them on the engine)."""
        return self._games.history(index, last)

    def close(self, **kwargs: Any) -> None:
        """Nothing to release beyond the arrays, freed with the environment."""

    def _observation(self) -> Observation:
        return {"observation": self._out(self._obs), "action_mask": self._out(self._mask)}

    def _infos(self) -> dict[str, Any]:
        return {"to_act": self._out(self._to_act)} if self.self_play else {}

    def _out(self, array: npt.NDArray[Any]) -> npt.NDArray[Any]:
        """``array`` itself (``copy=False``), or a copy of it: into one handed out before that
        nothing holds any more (no name, list, dict or view of it: the reference count says so),
        else a new one. A copy of 256 observations is half a megabyte; made new at every step,
        the memory's first touch cost three times the step itself."""
        if not self.copy:
            return array
        pool = self._copies.setdefault(id(array), [])
        for kept in pool:
            if sys.getrefcount(kept) == _UNHELD:
                np.copyto(kept, array)
                return kept
        fresh = array.copy()
        pool.append(fresh)
        if len(pool) > _POOL:
            del pool[0]  # held elsewhere: whoever holds it keeps it, unchanged
        return fresh


def _stakes(rules: Rules) -> tuple[float, ...]:
    """The games a win counts by the best losing side's score (`noddy.rules.Game.stake`), from 0 to
    past the target; vecenv.c reads the last for any score above."""
    top = max(rules.game.target, 31) + 1
    return tuple(float(rules.game.stake(score)[1]) for score in range(top + 1))


def _kinds(opponent: str | Sequence[str], players: int, seat: int) -> list[int]:
    """The kernel's player kind for each seat: the learner's (or every seat's in self-play), the others'."""
    if isinstance(opponent, str):
        if opponent == SELF:
            return [_KINDS[SELF]] * players
        names = [opponent] * players
    else:
        names = list(opponent)
        if len(names) != players:
            raise NoddyError(f"give one opponent a seat ({players}), not {len(names)}: {names}")
    kinds = []
    for at, name in enumerate(names):
        if at == seat:
            kinds.append(_KINDS[SELF])
        elif name in OPPONENTS:
            kinds.append(_KINDS[name])
        else:
            choices = ", ".join((*OPPONENTS, SELF))
            raise NoddyError(
                f"opponent {name!r} is not one the kernel plays: one of {choices} (medium and hard are"
                " Python players: play them through noddy.research.pettingzoo)"
            )
    return kinds
