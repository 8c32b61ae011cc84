"""A researcher's first run: a Noddy preset in PettingZoo and in OpenSpiel.

1. PettingZoo: random agents that pick from the action mask play whole games.
2. OpenSpiel: the game ``python_noddy``; OpenSpiel's information-set MCTS (with noddy's resampler)
   plays against uniform random play, seats alternated.

    python examples/quickstart.py --rules willughby --games 4 --simulations 200

Needs the ``research`` extra (``pip install -e '.[research]'``).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from noddy.research.openspiel import Resampler, register
from noddy.research.pettingzoo import env


def pettingzoo_random(rules: str, games: int, seed: int) -> dict[str, float]:
    """Random agents over ``games`` games: each agent's total reward."""
    game = env(rules)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for number in range(games):
        game.reset(seed=seed + number)
        for agent in game.agent_iter():
            observation, reward, terminated, truncated, _ = game.last()
            totals[agent] += reward
            if terminated or truncated:
                game.step(None)
            else:
                game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


def ismcts_against_random(rules: str, games: int, simulations: int, seed: int) -> int:
    """Games IS-MCTS wins against random play (no declarations: both let the engine count)."""
    register()
    game = pyspiel.load_game("python_noddy", {"rules": rules, "players": 2, "declare": False})
    wins = 0
    for number in range(games):
        rng = random.Random(seed + number)
        bot = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed + number)),
            2.0,
            simulations,
            random_state=np.random.RandomState(seed + number),
        )
        bot.set_resampler(Resampler(rng))
        bot_seat = number % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            elif state.current_player() == bot_seat:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        wins += state.returns()[bot_seat] > 0
    return wins


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Noddy in PettingZoo and OpenSpiel, at a small size.")
    parser.add_argument("--rules", default="willughby", help="a preset name")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=200, help="IS-MCTS simulations per move")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    totals = pettingzoo_random(args.rules, args.games, args.seed)
    print(f"PettingZoo, random agents, {args.games} games of {args.rules}: rewards {totals}")
    wins = ismcts_against_random(args.rules, args.games, args.simulations, args.seed)
    print(f"OpenSpiel, IS-MCTS ({args.simulations} simulations) against random: won {wins} of {args.games}")


if __name__ == "__main__":
    main()
