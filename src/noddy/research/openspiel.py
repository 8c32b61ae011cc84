"""An OpenSpiel game for every rule set: call `register()`, then ``pyspiel.load_game("python_noddy",
{"rules": "willughby", "players": 2})``.

Chance is explicit. A shuffle is dealt as a sequence of card draws, one chance node a card, each
outcome a card index (`noddy.cards.Card.index`) not drawn yet, all equally likely; only the cards a
deal uses are drawn (the pack's rest follows in a fixed order, which no deal reads), or the whole
pack where the rules deal on from the stock (``deal.reshuffle`` false). The cut for the first deal
draws one card a seat the same way; a first dealer drawn at random is one node of ``players``
outcomes. Player actions are `noddy.research.tensors.Encoder` indices.

Observations: the tensor is the encoder's; the string is the seat's view in short; observers of
every kind OpenSpiel asks for (`noddy.research.observers`: public information only, private only).
The information state string is perfect recall: everything the seat has seen, action by action
(its own actions whole, the others' as the table sees them, every event as
`noddy.game.Event.seen_by` gives it); its tensor is the same story in numbers, a block a deal
(`noddy.research.recall`), as many as the longest game allowed. Returns: the stake to every seat
of the winning side, the losing sides sharing its loss, zero-sum at every table
(`noddy.research.outcome`). The game steps on the compiled kernel where it handles the rules
(`noddy.research.spielfast`; ``engine``). OpenSpiel's
information-set MCTS resamples through `NoddyState.resample_from_infostate` (the game's
`Resampler`), or a seeded `Resampler` of one's own (``ISMCTSBot.set_resampler(Resampler(rng))``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

from noddy.words import need_extra

try:
    import pyspiel
except ImportError:
    need_extra("research", __name__)
    raise

from noddy.cards import DECK, format_cards
from noddy.engine import choose
from noddy.game import ActionKind, GameState, PlayerView, new_game
from noddy.research.observers import Observer, make_observer
from noddy.research.outcome import largest_stake
from noddy.research.recall import Recall, game_bounds
from noddy.research.resample import Resampler, resample_from_infostate
from noddy.research.spielfast import FastPosition
from noddy.research.tensors import Encoder
from noddy.research.trail import EngineNode, Node, SpielPosition, Table, Trail, step
from noddy.rules import Rules, load_rules, preset_names

__all__ = [
    "DEFAULTS",
    "GAME_NAME",
    "NoddyGame",
    "NoddyState",
    "Resampler",
    "register",
    "resample_from_infostate",
]

GAME_NAME = "python_noddy"
DEFAULTS: dict[str, Any] = {
    "rules": "cribbage",
    "players": 2,
    "partners": True,
    "declare": False,
    "stakes": True,
    "engine": "auto",
}
"""The game's parameters and their defaults: a preset name (or a rules file), the number of
players, whether 4 players play as partners where the rules allow it (false: each alone), and
whether declared counts are actions (see `noddy.research.tensors.Encoder`; off by default: the
engine counts every hand, as the computer players let it), and whether a win pays the games the
rules count it (a lurch or a skunk 2 or more; false: every win 1; `noddy.research.outcome`), and
the engine it steps on (`noddy.research.engines`: ``auto``, the kernel where it handles the rules)."""
_REGISTERED = False
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def register() -> None:
    """Register ``python_noddy`` with OpenSpiel (once; later calls do nothing)."""
    global _REGISTERED
    if not _REGISTERED:
        pyspiel.register_game(_game_type(2, 4), NoddyGame)
        _REGISTERED = True


def _game_type(low: int, high: int) -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Noddy family (noddy engine): " + ", ".join(preset_names()),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULTS,
    )


class NoddyGame(pyspiel.Game):  # type: ignore[misc]
    """One rule set and number of players as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        self.rules: Rules = load_rules(str(params["rules"]))
        players = int(params["players"])
        partners = bool(params["partners"]) and players == 4 and self.rules.table.partners != "never"
        self.encoder = Encoder(self.rules, players, partners=partners, declare=bool(params["declare"]))
        self.engine = choose(
            self.encoder.rules, self.encoder.players, str(params["engine"]), declare=self.encoder.declare
        )
        self.draws = self.rules.cards_per_deal(players) if self.rules.deal.reshuffle else len(DECK) - 1
        first = new_game(self.rules, players, partners=self.encoder.partners)
        table = Table(self.rules, players, self.encoder.partners)
        self.start = SpielPosition(first, (), Trail(None, table=table))
        self.resampler: Resampler | None = None
        """OpenSpiel's `NoddyState.resample_from_infostate` draws from this one, made on first use."""
        self.stakes = bool(params["stakes"])
        stake = float(largest_stake(self.rules) if self.stakes else 1)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoder.num_actions,
            max_chance_outcomes=len(DECK),
            num_players=players,
            min_utility=-stake,
            max_utility=stake,
            utility_sum=0.0,
            max_game_length=self._max_length(players),
        )
        super().__init__(_game_type(players, players), info, params)
        self.recall = Recall.of(self.rules, players, self.encoder.partners)
        """The perfect-recall information-state tensor's shape (`noddy.research.recall`): a block
        for each deal the game may have, a slot for the deal and each action a deal allows."""

    def _max_length(self, players: int) -> int:
        """A bound on the actions of a game, chance's included: the cut (with ten cuts again), then
        each deal's draws and at most every action a deal allows (`_bounds`)."""
        deals, actions = self._bounds(players)
        return 10 * players + deals * (self.draws + actions)

    def _bounds(self, players: int) -> tuple[int, int]:
        """The most deals a game may have and the most actions a deal allows but its draws
        (`noddy.research.recall.game_bounds`)."""
        return game_bounds(self.rules, players, self.encoder.partners)

    def new_initial_state(self) -> NoddyState:
        return NoddyState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """OpenSpiel's observer of the kind asked (`noddy.research.observers`)."""
        return make_observer(self.encoder, iig_obs_type, params, recall=self.recall)


class NoddyState(pyspiel.State):  # type: ignore[misc]
    """A position of `NoddyGame`: the engine's immutable `GameState` inside."""

    def __init__(self, game: NoddyGame) -> None:
        super().__init__(game)
        self._at: Node = (
            FastPosition.start(game.encoder, game.draws)
            if game.engine == "kernel"
            else EngineNode(game.start, game.encoder, game.draws)
        )
        """Where the game stands, on the engine it steps on (`noddy.research.trail.Node`)."""
        self._told: SpielPosition | None = None
        """The engine's position where the node is the kernel's: rebuilt from the history when first
        asked for, then stepped along."""
        self._player = self._at.player
        """Who acts (as the node says, kept at each step: OpenSpiel asks at every step, and its
        loops ask twice more)."""
        self._resampled = 0
        """How many times `resample_from_infostate` was asked of this state (each draws anew)."""

    @property
    def position(self) -> SpielPosition:
        """The engine's position: on the kernel, rebuilt from the history when first asked for
        (then stepped along with the kernel's)."""
        told = self._at.told or self._told
        if told is None:
            game: NoddyGame = self.get_game()
            told = game.start
            for action in self.history():
                told = step(told, action, game.encoder, game.draws)
            self._told = told
        return told

    @position.setter
    def position(self, position: SpielPosition) -> None:
        """Put the state at an engine position (a resampled one): it steps on the engine from there."""
        game: NoddyGame = self.get_game()
        self._at = EngineNode(position, game.encoder, game.draws)
        self._told = None
        self._player = position.player

    def observe_into(self, seat: int, out: npt.NDArray[np.float32]) -> None:
        """The seat's observation tensor into ``out`` (written from the kernel where it steps there)."""
        self._at.observe_into(seat, out)

    @property
    def encoder(self) -> Encoder:
        """The game's encoder (read through the game: a clone copies the state's own attributes)."""
        encoder: Encoder = self.get_game().encoder
        return encoder

    @property
    def noddy(self) -> GameState:
        """The engine's state (every card: for analysis, never for a player)."""
        return self.position.state

    def view(self, seat: int) -> PlayerView:
        return self.position.state.view(seat)

    def information(self, seat: int) -> str:
        """Everything ``seat`` has seen, action by action (the information state string)."""
        return f"You are seat {seat}.{self.position.trail.text(seat)}"

    def recall_into(self, seat: int, out: npt.NDArray[np.float32]) -> None:
        """Everything ``seat`` has seen as numbers into ``out``, zeroed (the information state
        tensor, `noddy.research.recall`)."""
        recall: Recall = self.get_game().recall
        position = self.position
        recall.tensor_into(out, position.trail.recalled(seat, recall), len(position.drawn))

    def information_state_sparse(self, player: int) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.float32]]:
        """``player``'s information-state tensor in its sparse form, for a replay buffer: the
        places of its non-zero numbers (int32) and the numbers (float32), a few kilobytes where the
        tensor OpenSpiel hands out is a list of ``information_state_tensor_size()`` floats;
        ``game.recall.dense(indices, values)`` gives that tensor back, number for number."""
        recall: Recall = self.get_game().recall
        position = self.position
        return recall.sparse(position.trail.recalled(player, recall), len(position.drawn))

    def current_player(self) -> int:
        return self._player

    def is_chance_node(self) -> bool:
        """Whether chance acts now (answered here: OpenSpiel's would call back for the player)."""
        return self._player == _CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (by default the one to act), as OpenSpiel's
        ``State.legal_actions`` gives them (chance's outcomes at a chance node, none at the end),
        answered here rather than through OpenSpiel's several calls back into Python."""
        at = self._at
        now = at.player
        if now == _TERMINAL:
            return []
        if now == _CHANCE:
            return at.chance_actions()  # for any player, as OpenSpiel's
        if player is None:
            return at.legal(now)
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return at.legal(player)

    def _legal_actions(self, player: int) -> list[int]:
        return self._at.legal(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._at.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        at = self._at = self._at.after(action)
        self._player = at.player
        if self._told is not None:  # the engine's position asked for on the kernel: stepped along
            game: NoddyGame = self.get_game()
            self._told = step(self._told, action, game.encoder, game.draws)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            chance = self.position.state.chance()
            return (
                f"dealer {action}"
                if chance is not None and chance.kind is ActionKind.DEALER
                else f"draw {DECK[action]}"
            )
        state = self.position.state
        if state.to_act == player and not state.is_over:
            return str(self.encoder.action_of(player, state.hands[player], action))
        return self.encoder.action_names()[action]

    def is_terminal(self) -> bool:
        return self._player == _TERMINAL

    def returns(self) -> list[float]:
        stakes: bool = self.get_game().stakes
        return self._at.returns(stakes)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> NoddyState:
        """A state ``player_id`` cannot tell from this one (OpenSpiel's own hook, which its
        information-set MCTS calls when no resampler is set), by the game's `Resampler`.

        ``probability_sampler`` is not drawn from: OpenSpiel's Python IS-MCTS passes a new,
        unseeded one at every call, so runs with every seed fixed played different moves. The
        draws are seeded instead by what the player knows (its information state, never the hidden
        cards) and by how many times this state was resampled: a bot's search, whose seed chooses
        the moves it tries, gets the same worlds in the same order in every run, whichever bots
        share the game."""
        game: NoddyGame = self.get_game()
        if game.resampler is None:
            game.resampler = Resampler()
        self._resampled += 1
        known = self.position.trail.text(player_id)
        rng = random.Random(f"{player_id}\n{self._resampled}\n{known}")
        return game.resampler(self, player_id, rng)

    def __str__(self) -> str:
        state = self.position.state
        hands = " / ".join(format_cards(hand) for hand in state.hands)
        turnup = str(state.turnup) if state.turnup is not None else "-"
        return (
            f"{state.phase.value} deal {state.deal_number} dealer {state.dealer} to act {state.to_act}"
            f" | hands {hands} | turn-up {turnup} | pile {format_cards(c for _, c in state.pile)}"
            f" | scores {' '.join(map(str, state.scores))} | drawn {len(self.position.drawn)}"
        )
