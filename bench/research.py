"""``bench/research.py``: the research environment measured (issue 14).

1. **Step cost.** Whole random games through the PettingZoo environment (``step`` then ``last``: the
   next agent's observation and mask) against the same games through the engine alone (``apply``
   of every action, chance's included, and the ``view`` of each seat to act), in the same run.
   Goal: at most 1.5 times the engine.
2. **hard against information-set MCTS.** Our ``hard`` player against OpenSpiel's
   ``open_spiel.python.algorithms.ismcts`` (random-rollout evaluator, UCT c = 2, our resampler) in
   ``python_noddy`` with declarations off (both let the engine count), seats alternated game by
   game. Reports hard's win rate with a 95% Wilson interval and each side's CPU seconds per move
   (moves with a real choice).

    .venv/bin/python bench/research.py [--games N] [--first N] [--budgets 1000,10000]
                                       [--presets cribbage,willughby] [--step-games N] [--skip-ismcts]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from noddy.game import new_game
from noddy.players import make_player
from noddy.research.openspiel import NoddyState, Resampler, register
from noddy.research.pettingzoo import env
from noddy.rules import load_rules
from noddy.sim.stats import wilson


def step_cost(preset: str, games: int, rounds: int = 3) -> tuple[float, float]:
    """Microseconds per agent decision: the environment, and the engine on the same games (the
    least CPU time of ``rounds`` alternating rounds, so that the machine's load weighs on neither)."""
    game = env(preset)
    rules = load_rules(preset)
    plans: list[list[int]] = []
    rng = np.random.default_rng(0)
    for seed in range(games):
        game.reset(seed=seed)
        plan = []
        while not game.state.is_over:
            observation, *_ = game.last()
            plan.append(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            game.step(plan[-1])
        plans.append(plan)
    histories = []
    env_times, engine_times = [], []
    decisions = sum(len(plan) for plan in plans)
    for _ in range(rounds):
        start = time.process_time()
        for seed, plan in enumerate(plans):
            game.reset(seed=seed)
            game.last()
            for action in plan:
                game.step(action)
                game.last()
            histories.append(game.state.history)
        env_times.append(time.process_time() - start)
        start = time.process_time()
        for history in histories[-games:]:
            state = new_game(rules, 2)
            for action in history:
                state = state.apply(action)
                if state.to_act is not None:
                    state.view(state.to_act)
        engine_times.append(time.process_time() - start)
    return min(env_times) / decisions * 1e6, min(engine_times) / decisions * 1e6


def hard_against_ismcts(preset: str, simulations: int, games: int, first: int = 0) -> dict[str, Any]:
    """Games ``first`` .. ``first + games`` of hard against IS-MCTS with ``simulations`` (game
    ``n`` seeds everything with ``n``; hard is seat ``n % 2``): hard's wins and each side's move times."""
    register()
    game = pyspiel.load_game("python_noddy", {"rules": preset, "players": 2, "declare": False})
    wins = 0
    hard_times: list[float] = []
    bot_times: list[float] = []
    for number in range(first, first + games):
        rng = random.Random(number)
        hard = make_player("hard")
        bot = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(number)),
            2.0,
            simulations,
            random_state=np.random.RandomState(number),
        )
        bot.set_resampler(Resampler(random.Random(number)))
        hard_seat = number % 2
        state: NoddyState = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            start = time.process_time()
            if seat == hard_seat:
                view = state.view(seat)
                action = game.encoder.action_index(view, hard.choose(view, view.legal, rng))
                times = hard_times
            else:
                action = bot.step(state)
                times = bot_times
            if len(legal) > 1:
                times.append(time.process_time() - start)
            state.apply_action(action)
        wins += state.returns()[hard_seat] > 0
    low, high = wilson(wins, games)
    return {
        "preset": preset,
        "simulations": simulations,
        "games": games,
        "hard_wins": wins,
        "interval": (low, high),
        "hard_s": statistics.fmean(hard_times) if hard_times else 0.0,
        "ismcts_s": statistics.fmean(bot_times) if bot_times else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per preset and budget")
    parser.add_argument("--budgets", default="1000,10000", help="IS-MCTS simulations per move")
    parser.add_argument("--presets", default="cribbage,willughby")
    parser.add_argument("--step-games", type=int, default=20, help="random games for the step cost")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (its seed)")
    parser.add_argument("--skip-ismcts", action="store_true")
    args = parser.parse_args()
    presets = args.presets.split(",")
    print("step cost, microseconds per decision (environment step + last; engine apply + view):")
    for preset in presets:
        env_us, engine_us = step_cost(preset, args.step_games)
        print(f"  {preset:12} env {env_us:7.0f}  engine {engine_us:7.0f}  ratio {env_us / engine_us:.2f}")
    if args.skip_ismcts:
        return
    print("hard against IS-MCTS (win rate of hard, 95% interval; CPU seconds per move):")
    for preset in presets:
        for budget in map(int, args.budgets.split(",")):
            r = hard_against_ismcts(preset, budget, args.games, args.first)
            low, high = r["interval"]
            print(
                f"  {preset:12} {budget:6} sims  {r['hard_wins']}/{r['games']}"
                f" = {r['hard_wins'] / r['games']:.0%} [{low:.0%}, {high:.0%}]"
                f"  hard {r['hard_s']:.3f} s  ismcts {r['ismcts_s']:.3f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
