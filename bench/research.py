"""``bench/research.py``: the research environment measured (issues 14 and 28).

0. **Speed against OpenSpiel** (issue 28 item 1, ``--speed``). One loop of random legal actions
   (Python's ``random.choice`` of the legal ones; chance by its own draws; one generator seeded
   once a round), CPU time, rounds interleaved, the same run: the PettingZoo environment on the
   kernel (``step`` then ``last``; the legal list from the mask by ``mask.nonzero()[0]``, and
   again by ``np.flatnonzero``),
   the same on the engine, the kernel game alone (`noddy.research.engines.KernelGame`: its step,
   the next observation; the floor under the PettingZoo face), the ``python_noddy`` OpenSpiel
   game, the Gymnasium environment (`noddy.research.gym`; one learning seat, its opponents
   ``random`` or ``greedy`` moving inside ``step``) on the kernel and on the engine, and OpenSpiel's
   own C++ cribbage through pyspiel, the baseline. Decisions (player actions) a CPU-second and whole
   games a CPU-second, each as a ratio to OpenSpiel's cribbage; for Gymnasium, steps (the learner's
   decisions: a game has 1/players of its decisions as steps) a CPU-second, and games.

1. **Step cost.** Whole random games through the PettingZoo environment (``step`` then ``last``: the
   next agent's observation and mask) against the same games through the engine alone (``apply``
   of every action, chance's included, and the ``view`` of each seat to act), in the same run.
   Goal: at most 1.5 times the engine.
2. **hard against information-set MCTS.** Our ``hard`` player against OpenSpiel's
   ``open_spiel.python.algorithms.ismcts`` (random-rollout evaluator, UCT c = 2, our resampler; the
   rollouts played in the compiled kernel, `noddy.research.rollouts`, unless ``--engine-rollouts``) in
   ``python_noddy`` with declarations off (both let the engine count), seats alternated game by
   game. Reports hard's win rate with a 95% Wilson interval and each side's CPU seconds per move
   (moves with a real choice).

    .venv/bin/python bench/research.py --speed [--speed-games N] [--speed-rounds N] [--speed-players N]
    .venv/bin/python bench/research.py [--games N] [--first N] [--budgets 1000,10000]
                                       [--presets cribbage,willughby] [--step-games N] [--skip-ismcts]
                                       [--step-tables cribbage:2,willughby:2,cribbage:4] [--step-rounds N]
                                       [--skip-steps] [--cells willughby:1000,...] [--until 02:20]
                                       [--engine-rollouts]
"""

from __future__ import annotations

import argparse
import datetime
import gc
import random
import statistics
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from games import spiel_random_games
from noddy.game import new_game
from noddy.players import make_player
from noddy.research.engines import KernelGame
from noddy.research.gym import NoddyGymEnv
from noddy.research.openspiel import NoddyState, Resampler, register
from noddy.research.pettingzoo import env
from noddy.research.rollouts import KernelRollouts, kernel_unsupported
from noddy.rules import load_rules
from noddy.sim.stats import wilson


def _zoo_loop(game: Any, games: int, rng: random.Random, flat: bool = False) -> int:
    """Random games of a PettingZoo environment (``step`` then ``last``), seeded once as a user
    seeds it (``reset(seed=...)``, then ``reset()`` game after game, as OpenSpiel's loop draws every
    game from one generator); the decisions made. The legal actions are the mask's nonzero indices
    (``mask.nonzero()[0]``, or ``np.flatnonzero(mask)`` with ``flat``: the same list, slower)."""
    decisions = 0
    for number in range(games):
        game.reset(seed=rng.getrandbits(32) if number == 0 else None)
        while True:
            observation, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                break
            mask = observation["action_mask"]
            game.step(rng.choice((np.flatnonzero(mask) if flat else mask.nonzero()[0]).tolist()))
            decisions += 1
    return decisions


def _gym_loop(env: Any, games: int, rng: random.Random) -> int:
    """Random games of the learner's seat in a Gymnasium environment (``reset`` then ``step``
    until the game ends; the opponents move inside ``step``), seeded once as a user seeds it; the
    learner's steps made. The legal actions are ``info["action_mask"]``'s nonzero indices."""
    steps = 0
    for number in range(games):
        _, info = env.reset(seed=rng.getrandbits(32) if number == 0 else None)
        done = False
        while not done:
            _, _, done, _, info = env.step(rng.choice(info["action_mask"].nonzero()[0].tolist()))
            steps += 1
    return steps


def _kernel_loop(encoder: Any, games: int, rng: random.Random) -> int:
    """Random games of `KernelGame` alone (its step: the action and chance's turns after it; the
    next seat's observation), as the environments step it."""
    decisions = 0
    chance = np.random.default_rng(0)
    for _ in range(games):
        game = KernelGame(encoder)
        seat = game.start(chance)
        while seat >= 0:
            _, mask = game.observe(seat)
            seat = game.step(rng.choice(mask.nonzero()[0].tolist()))
            decisions += 1
    return decisions


def speed(games: int, rounds: int, players: int = 2) -> dict[str, tuple[float, float, float, float, float]]:
    """Decisions and games a CPU-second of each contender, cribbage at ``players``, over
    ``rounds`` interleaved rounds of ``games`` games each (after one not counted); and the median,
    least and greatest of the rounds' ratios of its decisions a CPU-second to OpenSpiel's in the
    same round (a round's ratio is measured within a second or so, so that a burst of load
    elsewhere weighs on both)."""
    register()
    contenders = {
        "PettingZoo, kernel": lambda: _zoo_loop(zoo_kernel, games, rng),
        "PettingZoo, kernel, flatnonzero": lambda: _zoo_loop(zoo_kernel, games, rng, flat=True),
        "PettingZoo, engine": lambda: _zoo_loop(zoo_engine, max(1, games // 8), rng),
        "KernelGame alone": lambda: _kernel_loop(zoo_kernel.encoder, games, rng),
        "python_noddy (OpenSpiel)": lambda: spiel_random_games(noddy, max(1, games // 2), rng),
        "Gymnasium, kernel, random": lambda: _gym_loop(gym_random, games, rng),
        "Gymnasium, kernel, greedy": lambda: _gym_loop(gym_greedy, max(1, games // 2), rng),
        "Gymnasium, engine, random": lambda: _gym_loop(gym_engine, max(1, games // 8), rng),
        "OpenSpiel cribbage (C++)": lambda: spiel_random_games(cribbage, games, rng),
    }
    counts = {
        "PettingZoo, engine": max(1, games // 8),
        "python_noddy (OpenSpiel)": max(1, games // 2),
        "Gymnasium, kernel, greedy": max(1, games // 2),
        "Gymnasium, engine, random": max(1, games // 8),
    }
    rng = random.Random(0)
    zoo_kernel = env("cribbage", players, engine="kernel")
    zoo_engine = env("cribbage", players, engine="python")
    noddy = pyspiel.load_game("python_noddy", {"rules": "cribbage", "players": players})
    cribbage = pyspiel.load_game("cribbage", {"players": players})
    gym_random = NoddyGymEnv("cribbage", players, opponent="random", engine="kernel")
    gym_greedy = NoddyGymEnv("cribbage", players, opponent="greedy", engine="kernel")
    gym_engine = NoddyGymEnv("cribbage", players, opponent="random", engine="python")
    base = "OpenSpiel cribbage (C++)"
    totals = {name: [0.0, 0, 0] for name in contenders}
    rates: dict[str, list[float]] = {name: [] for name in contenders}
    for loop in contenders.values():  # a round not counted: first calls, caches, the interpreter's warming
        loop()
    gc.collect()
    gc.freeze()  # what setup made (the modules of five frameworks) is not scanned by each full collection
    order = list(contenders.items())
    for number in range(rounds):
        for name, loop in order if number % 2 else order[::-1]:  # each place in turn: no order favoured
            start = time.process_time()
            decisions = loop()
            cpu = time.process_time() - start
            totals[name][0] += cpu
            totals[name][1] += decisions
            totals[name][2] += counts.get(name, games)
            rates[name].append(decisions / cpu)
    table = {}
    for name, (cpu, n, played) in totals.items():
        ratios = sorted(rate / own for rate, own in zip(rates[name], rates[base], strict=True))
        table[name] = (n / cpu, played / cpu, statistics.median(ratios), ratios[0], ratios[-1])
    return table


def step_cost(preset: str, games: int, players: int = 2, rounds: int = 3) -> tuple[float, float]:
    """Microseconds per agent decision: the environment, and the engine on the same games (the
    least CPU time of ``rounds`` alternating rounds, so that the machine's load weighs on neither)."""
    game = env(preset, players)
    rules = load_rules(preset)
    plans: list[list[int]] = []
    rng = np.random.default_rng(0)
    for seed in range(games):
        game.reset(seed=seed)
        plan = []
        while not game.noddy.is_over:
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
            histories.append(game.noddy.history)
        env_times.append(time.process_time() - start)
        start = time.process_time()
        for history in histories[-games:]:
            state = new_game(rules, players)
            for action in history:
                state = state.apply(action)
                if state.to_act is not None:
                    state.view(state.to_act)
        engine_times.append(time.process_time() - start)
    return min(env_times) / decisions * 1e6, min(engine_times) / decisions * 1e6


def one_game(
    preset: str, simulations: int, number: int, kernel: bool = True, deadline: float | None = None
) -> tuple[float, list[float], list[float]] | None:
    """Game ``number`` of hard against IS-MCTS with ``simulations`` (the game seeds everything with
    ``number``; hard is seat ``number % 2``; rollouts in the kernel where it handles the rules, unless
    ``kernel`` is false): hard's
    return and each side's CPU seconds a move; ``None`` if the wall clock passed ``deadline`` first."""
    register()
    game = pyspiel.load_game("python_noddy", {"rules": preset, "players": 2, "declare": False})
    rng = random.Random(number)
    hard = make_player("hard")
    rollouts = np.random.RandomState(number)
    state: NoddyState = game.new_initial_state()
    in_c = kernel and not kernel_unsupported(state)
    evaluator = KernelRollouts(1, rollouts) if in_c else mcts.RandomRolloutEvaluator(1, rollouts)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=np.random.RandomState(number))
    bot.set_resampler(Resampler(random.Random(number)))
    hard_seat = number % 2
    hard_times: list[float] = []
    bot_times: list[float] = []
    while not state.is_terminal():
        if deadline is not None and time.time() > deadline:
            return None
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
    return state.returns()[hard_seat], hard_times, bot_times


def matches(
    cells: list[tuple[str, int]],
    games: int,
    first: int = 0,
    kernel: bool = True,
    deadline: float | None = None,
) -> list[dict[str, Any]]:
    """hard against IS-MCTS in each (preset, simulations) cell, game by game in turn (game ``n`` of
    every cell before game ``n + 1`` of any), up to ``games`` each or until ``deadline`` (a game it
    cuts off is not counted); a line a game as it ends, then each cell's summary."""
    results = {cell: {"wins": 0, "games": 0, "hard": [], "ismcts": []} for cell in cells}
    for number in range(first, first + games):
        for preset, simulations in cells:
            outcome = one_game(preset, simulations, number, kernel, deadline)
            if outcome is None:
                break
            value, hard_times, bot_times = outcome
            r = results[preset, simulations]
            r["games"] += 1
            r["wins"] += value > 0
            r["hard"] += hard_times
            r["ismcts"] += bot_times
            print(
                f"    game {number} {preset} {simulations} sims: hard (seat {number % 2}) {value:+.0f}"
                f"  hard {statistics.fmean(hard_times or [0.0]):.3f} s"
                f"  ismcts {statistics.fmean(bot_times or [0.0]):.3f} s a move",
                flush=True,
            )
        else:
            continue
        break
    summary = []
    for (preset, simulations), r in results.items():
        low, high = wilson(r["wins"], r["games"]) if r["games"] else (0.0, 1.0)
        summary.append(
            {
                "preset": preset,
                "simulations": simulations,
                "games": r["games"],
                "hard_wins": r["wins"],
                "interval": (low, high),
                "hard_s": statistics.fmean(r["hard"]) if r["hard"] else 0.0,
                "ismcts_s": statistics.fmean(r["ismcts"]) if r["ismcts"] else 0.0,
            }
        )
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per preset and budget")
    parser.add_argument("--budgets", default="1000,10000", help="IS-MCTS simulations per move")
    parser.add_argument("--presets", default="cribbage,willughby")
    parser.add_argument("--step-games", type=int, default=20, help="random games for the step cost")
    parser.add_argument(
        "--step-tables", default="cribbage:2,willughby:2,cribbage:4", help="preset:players,... to measure"
    )
    parser.add_argument("--step-rounds", type=int, default=3, help="alternating rounds of the step cost")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (its seed)")
    parser.add_argument("--skip-ismcts", action="store_true")
    parser.add_argument("--skip-steps", action="store_true", help="no step cost")
    parser.add_argument("--cells", help="preset:simulations,... instead of every preset at every budget")
    parser.add_argument("--until", help="UTC HH:MM: start no game after it, count none it cuts off")
    parser.add_argument(
        "--engine-rollouts", action="store_true", help="OpenSpiel's own rollout evaluator through the engine"
    )
    parser.add_argument("--speed", action="store_true", help="the speed table against OpenSpiel only")
    parser.add_argument(
        "--speed-games", type=int, default=40, help="games a round (the engine's: 1/8; python_noddy's: 1/2)"
    )
    parser.add_argument("--speed-rounds", type=int, default=5, help="interleaved rounds")
    parser.add_argument("--speed-players", type=int, default=2)
    args = parser.parse_args()
    if args.speed:
        table = speed(args.speed_games, args.speed_rounds, args.speed_players)
        base_steps, base_games, *_ = table["OpenSpiel cribbage (C++)"]
        print(
            f"cribbage, {args.speed_players} players: decisions and games a CPU-second, x OpenSpiel's C++"
            f" (of the totals; then the rounds' median ratio [least, greatest])"
        )
        for name, (steps, played, median, low, high) in table.items():
            print(
                f"  {name:32} {steps:10,.0f} {'steps/s    ' if 'Gym' in name else 'decisions/s'}"
                f" ({steps / base_steps:6.3f}x; {median:.3f} [{low:.3f}, {high:.3f}])"
                f"  {played:8,.1f} games/s ({played / base_games:6.3f}x)"
            )
        return
    presets = args.presets.split(",")
    print("step cost, microseconds per decision (environment step + last; engine apply + view):")
    for table in [] if args.skip_steps else args.step_tables.split(","):
        preset, players = table.split(":")
        env_us, engine_us = step_cost(preset, args.step_games, int(players), args.step_rounds)
        print(f"  {table:14} env {env_us:7.1f}  engine {engine_us:7.1f}  ratio {env_us / engine_us:.2f}")
    if args.skip_ismcts:
        return
    cells = [(p, int(b)) for p in presets for b in args.budgets.split(",")]
    if args.cells:
        cells = [(cell.split(":")[0], int(cell.split(":")[1])) for cell in args.cells.split(",")]
    deadline = None
    if args.until:
        now = datetime.datetime.now(datetime.UTC)
        hour, minute = map(int, args.until.split(":"))
        deadline = now.replace(hour=hour, minute=minute, second=0).timestamp()
    print("hard against IS-MCTS (win rate of hard, 95% interval; CPU seconds per move):", flush=True)
    for r in matches(cells, args.games, args.first, not args.engine_rollouts, deadline):
        low, high = r["interval"]
        games = r["games"] or 1
        print(
            f"  {r['preset']:12} {r['simulations']:6} sims  {r['hard_wins']}/{r['games']}"
            f" = {r['hard_wins'] / games:.0%} [{low:.0%}, {high:.0%}]"
            f"  hard {r['hard_s']:.3f} s  ismcts {r['ismcts_s']:.3f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
