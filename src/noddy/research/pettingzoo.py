"""A PettingZoo AEC environment for every rule set: `env(rules="cribbage", players=2)`.

Agents ``player_0`` ... are the seats. Chance (the cut for the first deal, each shuffle) is drawn
inside from a NumPy generator seeded by ``reset(seed=...)`` (`noddy.research.engines.draw`), so
agents only ever see their own turns.
Each observation is a dict: ``observation`` (`noddy.research.tensors.Encoder`, float32 in [0, 1])
and ``action_mask`` (int8, 1 for each legal action index); ``state()`` is every seat's observation
together, for a centralised critic. Rewards come at the end (`noddy.research.outcome`): the stake
to each seat of the winning side (1, or what a lurch or skunk counts; ``stakes=False``: 1), the
losing sides sharing its loss, 0 to all on a tie, adding up to zero; with ``peg_reward`` set, each
action also pays every seat ``peg_reward`` times the points its side pegged less the mean of the
other sides'; with ``board_reward`` set, each deal's end pays every seat that times the change in
its side's chance of winning from the board (`noddy.research.shaping`). The engine counts every
hand unless ``declare`` offers the declared counts.
The engine's position is ``env.noddy`` (every card: for analysis, never for an agent). The game
steps on the compiled kernel where it handles the rules (``engine="auto"``), with the same
observations, masks and rewards as on the engine: either engine's `noddy.research.engines.Game`,
stepped one way.
``render()`` writes the new events in the words of `noddy.words` from a spectator's view, so it
shows no hidden card.

PettingZoo's conventions for turn-based games: an action the mask forbids ends the game as
PettingZoo's classic games end it (their ``TerminateIllegalWrapper``), the offender's side losing
the largest stake to the others, its info's ``illegal`` saying what was refused and which actions
were legal (``illegal="raise"`` raises instead); ``max_cycles=N`` truncates every agent after N
cycles, a cycle being a turn for each seat (N times the players' turns); `parallel_env` is the
same game through PettingZoo's ``turn_based_aec_to_parallel``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from noddy.words import Reason, need_extra

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
    from pettingzoo.utils import turn_based_aec_to_parallel
except ImportError:
    need_extra("research", __name__)
    raise

from noddy.engine import choose
from noddy.errors import IllegalActionError, NoddyError
from noddy.game import GameState
from noddy.research.conventions import ILLEGAL, check_options, illegal_said, spectator_text
from noddy.research.engines import Game, game_of
from noddy.research.outcome import forfeited
from noddy.research.outcome import paid as pay
from noddy.research.recall import Recall
from noddy.research.shaping import BoardShaping
from noddy.research.story import Stories
from noddy.research.tensors import Encoder
from noddy.rules import Rules, load_rules, side_of

__all__ = ["ILLEGAL", "NoddyEnv", "env", "parallel_env"]

Observation = dict[str, np.ndarray]
"""An agent's observation: its tensor (``observation``) and its legal actions (``action_mask``)."""


def env(
    rules: str | Rules = "cribbage",
    players: int = 2,
    render_mode: str | None = None,
    *,
    partners: bool | None = None,
    declare: bool = False,
    stakes: bool = True,
    peg_reward: float = 0.0,
    board_reward: float = 0.0,
    engine: str = "auto",
    illegal: str = "lose",
    max_cycles: int | None = None,
    info_state: bool = False,
) -> NoddyEnv:
    """The environment of a preset (by name) or a `Rules`, for ``players`` seats."""
    return NoddyEnv(
        rules,
        players,
        render_mode,
        partners=partners,
        declare=declare,
        stakes=stakes,
        peg_reward=peg_reward,
        board_reward=board_reward,
        engine=engine,
        illegal=illegal,
        max_cycles=max_cycles,
        info_state=info_state,
    )


def parallel_env(
    rules: str | Rules = "cribbage", players: int = 2, render_mode: str | None = None, **options: Any
) -> ParallelEnv:
    """The same game as a parallel environment, by PettingZoo's own conversion of a turn-based
    game (`pettingzoo.utils.turn_based_aec_to_parallel`): each step takes a dict of actions, of
    which only the seat to act's is used; every seat gets its own observation. Options as `env`'s."""
    return turn_based_aec_to_parallel(env(rules, players, render_mode, **options))


class NoddyEnv(AECEnv):  # type: ignore[misc]
    """One game of a Noddy-family rule set as an agent-environment-cycle environment."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "noddy_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: str | Rules = "cribbage",
        players: int = 2,
        render_mode: str | None = None,
        *,
        partners: bool | None = None,
        declare: bool = False,
        stakes: bool = True,
        peg_reward: float = 0.0,
        board_reward: float = 0.0,
        engine: str = "auto",
        illegal: str = "lose",
        max_cycles: int | None = None,
        info_state: bool = False,
    ) -> None:
        super().__init__()
        check_options(illegal, max_cycles)
        self.illegal = illegal
        """``lose``: an illegal action ends the game, its side losing the largest stake; ``raise``."""
        self.max_cycles = max_cycles
        self.rules = load_rules(rules) if isinstance(rules, str) else rules
        self.encoder = Encoder(self.rules, players, partners=partners, declare=declare)
        asked = "python" if info_state and engine == "auto" else engine
        self.engine = choose(self.encoder.rules, self.encoder.players, asked, declare=self.encoder.declare)
        """``kernel`` or ``python``: what the game steps on (`noddy.research.engines`)."""
        if info_state and self.engine == "kernel":
            raise NoddyError(
                "info_state=True keeps each seat's story from the readable engine's events, which the"
                " kernel does not make: use engine='auto' (or 'python')"
            )
        self.stories = Stories(Recall.of(self.rules, players, self.encoder.partners)) if info_state else None
        """Each seat's perfect-recall story, where the observation is the information state."""
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            modes = ", ".join(self.metadata["render_modes"])
            raise NoddyError(f"render_mode {render_mode!r} is not one of: {modes} (or None)")
        self.render_mode = render_mode
        self.peg_reward = peg_reward
        self.shaping = (
            BoardShaping(self.rules, players, self.encoder.partners, board_reward) if board_reward else None
        )
        """The shaping by the chance of winning from the board (`noddy.research.shaping`), if asked for."""
        self._potential: tuple[float, ...] = ()
        self.stakes = stakes
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agent_selection: str = self.possible_agents[0]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._limit = max_cycles * players if max_cycles else 0
        """The turns after which the game is truncated (a cycle is a turn for each seat); 0: none."""
        self._turns = 0
        size = self.encoder.size if self.stories is None else self.stories.recall.size
        box = spaces.Box(0.0, 1.0, (size,), np.float32)
        self.state_space = spaces.Box(0.0, 1.0, (players * self.encoder.size,), np.float32)
        """Every seat's observation, seat 0's first (`state`): the whole game, for a critic."""
        mask = spaces.Box(0, 1, (self.encoder.num_actions,), np.int8)
        observation = spaces.Dict({"observation": box, "action_mask": mask})
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, spaces.Discrete(self.encoder.num_actions))
        self._rng = np.random.default_rng()
        self._game: Game = self._new_game()
        self._started = False
        self._rendered = 0
        self._plain = not peg_reward and self.shaping is None and render_mode != "human" and not info_state
        """Whether a step pays nothing until the end and prints nothing, and an observation is the
        compact one."""
        self._rewarded = False
        """Whether ``rewards`` holds a reward of the last step (else it is all 0 and stays as it is)."""
        self._quiet = False
        """Whether the game is under way with every reward 0 and nothing printed (no shaped reward,
        no ``human`` rendering): then every termination, truncation and cumulative reward is known
        without a look (False, False, 0), and `step` and `last` look at none of them."""
        self._at_shuffle = self._deal_potential if self.shaping is not None else None
        """Called before each deal is dealt: the board's potential then (board shaping)."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes every chance outcome of it."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._turns = 0
        if self.stories is not None:
            self.stories.clear()
        game = self._game = self._new_game()
        self._started = True
        game.start(self._rng, self._at_shuffle)
        self._rendered = 0
        self._quiet = self._plain
        if game.is_over:
            self._quiet = False
            self._finish()  # chance alone ended it (a turned Jack reaching a small target)
            self._accumulate_rewards()
        self._select()

    def _new_game(self) -> Game:
        """A game before its first cut, on the engine chosen."""
        return game_of(self.encoder, self.engine, None if self.stories is None else self.stories.add)

    @property
    def noddy(self) -> GameState:
        """The engine's position (every card: for analysis, never for an agent; on the kernel,
        rebuilt from the game's actions when asked for)."""
        return self._game.noddy

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation and action mask, written when asked for into arrays nobody else
        holds (on the kernel, ones it wrote before once every holder has let them go)."""
        if not self._started:
            raise NoddyError("no game yet: reset() starts one")
        seat = self._seat[agent]
        observation, mask = self._game.observe(seat)
        if self.stories is not None:
            observation = self.stories.tensor(seat)
        return {"observation": observation, "action_mask": mask}

    def info_state_sparse(self, agent: str) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.float32]]:
        """With ``info_state=True``: ``agent``'s observation in its sparse form, for a replay
        buffer (`noddy.research.recall.Recall.sparse`: the places of its non-zero numbers and the
        numbers); ``env.stories.recall.dense(indices, values)`` gives the observation back."""
        if self.stories is None:
            raise NoddyError("info_state_sparse needs env(..., info_state=True)")
        if not self._started:
            raise NoddyError("no game yet: reset() starts one")
        return self.stories.sparse(self._seat[agent])

    def state(self) -> np.ndarray:
        """The global state, for centralised critics: every seat's observation in seat order
        (so every hand), in `state_space`."""
        size = self.encoder.size
        out = np.zeros(self.state_space.shape, np.float32)
        for seat in range(self.encoder.players):
            block = out[seat * size : (seat + 1) * size]
            self._game.observe_into(seat, block, np.empty(self.encoder.num_actions, np.int8))
        return out

    def step(self, action: int | None) -> None:
        """The agent to act takes the action of index ``action`` (``None`` once it is done)."""
        agent = self.agent_selection
        quiet = self._quiet
        if not quiet and (self.terminations[agent] or self.truncations[agent]):
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(Reason("research_none", agent=agent))
        game = self._game
        if not quiet:
            before, potential = game.scores, self._potential
        try:
            to_act = game.step(action if type(action) is int else int(action))
        except IllegalActionError as error:
            self._forfeit(agent, error)
            return
        turns = self._turns = self._turns + 1
        if quiet:
            if to_act >= 0 and turns != self._limit:
                self.agent_selection = self.possible_agents[to_act]
                return
            self._quiet = False
        else:
            self._cumulative_rewards[agent] = 0.0
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        over = to_act < 0
        if self.peg_reward:
            self._shape(before, game.scores)
        if self.shaping is not None:
            self._shape_by_board(potential, over)
        if over:
            self._finish()
        elif turns == self._limit:
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        if quiet or self.peg_reward or self.shaping is not None or over:  # otherwise every reward is 0
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """The agent to act's observation (if ``observe``), cumulative reward, termination,
        truncation and info, as `AECEnv.last` gives them."""
        agent = self.agent_selection
        if self._quiet and observe:  # a game under way, no reward yet
            seen = self._game.observe_as(self._seat[agent], "observation", "action_mask")
            return seen, 0.0, False, False, self.infos[agent]
        observation = self.observe(agent) if observe else None
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def render(self) -> str | None:
        """The events since the last render in words, then the scores (no hidden card)."""
        if self.render_mode is None:
            return None
        view = self.noddy.view(None)
        text = spectator_text(view, self._rendered, self.possible_agents)
        self._rendered = len(view.events)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score now."""
        return self._game.scores

    def _forfeit(self, agent: str, error: IllegalActionError) -> None:
        """``agent`` took an action its mask forbids: raise ``error`` (``illegal="raise"``), or end
        the game as PettingZoo's classic games do, its side losing the largest stake to the others
        (`noddy.research.outcome.forfeited`), its info saying what was illegal and what was legal
        (the others' only who it was: the legal actions name the offender's cards)."""
        if self.illegal == "raise":
            raise error
        self._quiet = False
        legal = np.flatnonzero(self.observe(agent)["action_mask"]).tolist()
        partners = self.encoder.partners
        sides = [side_of(seat, partners) for seat in range(self.encoder.players)]
        paid = forfeited(self.rules, sides[self._seat[agent]], sides, stakes=self.stakes)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {other: paid[self._seat[other]] for other in self.agents}
        self._rewarded = True
        for other in self.agents:
            self.infos[other]["illegal_by"] = agent
        self.infos[agent]["illegal"] = illegal_said(agent, error, legal)
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def _deal_potential(self) -> None:
        """The potential at the start of the deal about to be dealt (board shaping)."""
        assert self.shaping is not None
        self._potential = self.shaping.potential(self._game.scores, self._game.dealer)

    def _select(self) -> None:
        seat = self._game.to_act
        if seat is None:
            live = [a for a in self.agents if not (self.terminations[a] or self.truncations[a])]
            self.agent_selection = live[0] if live else self.agents[0]
        else:
            self.agent_selection = self.possible_agents[seat]

    def _shape(self, before: tuple[int, ...], after: tuple[int, ...]) -> None:
        gained = [a - b for a, b in zip(after, before, strict=True)]
        if not any(gained):
            return
        sides = len(gained)
        for agent in self.agents:
            side = side_of(self._seat[agent], self.encoder.partners)
            others = (sum(gained) - gained[side]) / (sides - 1)
            self.rewards[agent] += self.peg_reward * (gained[side] - others)

    def _shape_by_board(self, before: tuple[float, ...], over: bool) -> None:
        """Pay each seat the change in its side's chance of winning since the last deal began
        (`noddy.research.shaping`): at a new deal, or at the end of the game."""
        assert self.shaping is not None
        if over:
            winner = self._game.winner
            self._potential = self.shaping.final(winner)
        if self._potential is before:
            return
        paid = self.shaping.paid(before, self._potential)
        for agent in self.agents:
            self.rewards[agent] += paid[side_of(self._seat[agent], self.encoder.partners)]

    def _finish(self) -> None:
        sides = [side_of(seat, self.encoder.partners) for seat in range(self.encoder.players)]
        paid = pay(self.rules, self._game.winner, self._game.scores, sides, stakes=self.stakes)
        for agent in self.agents:
            self.rewards[agent] += paid[self._seat[agent]]
            self.terminations[agent] = True
        self._rewarded = True
