"""``make bench`` (strength): how strong the computer players are, measured, not claimed.

For each preset and table (two players by default; ``--tables 2,3,4p`` for three players and four
in partnerships), each match-up ``a-b`` is played in groups of games on the same deals: ``a`` takes
each seat (each side, with partners) in turn while ``b`` fills the others, and the chance (the
shuffles, the cut) comes from the group's own generator, apart from the players' choices, so
every game of a group deals the same cards. Luck of the deal then cancels within a group, which
roughly halves the variance of a two-player match. A group scores ``a``'s share of its games won;
the win rate is the mean over groups and its 95% interval is the normal one over the groups'
scores (``--stop-above X`` ends a match-up early, checked every 50 groups from the 100th, once
that interval's low end is above X).

Reported: win rates, strong's share of the oracle's edge over greedy
((strong - 50%) / (oracle - 50%)), the ladder's steps (easy v medium; medium v hard is greedy v
strong, the same players), and each player's decision time in CPU milliseconds (median, 95th
percentile, maximum) over its decisions that had a real choice (more than one legal action), for
all of them and for the play's and the lay-away's apart.

    .venv/bin/python bench/strength.py [--games N] [--crib-games N] [--presets a,b]
                                       [--tables 2,3,4,4p] [--matchups strong-greedy,...]
                                       [--stop-above 0.52] [--quick] [--leaf greedy]
                                       [--value win] [--results new.json --paired old.json]

``--leaf`` sets the strong players' value where a search runs out; ``--value`` what they play for
(``points`` or ``win``, the chance of winning by `noddy.analysis.board`); ``--paired`` reports each
match-up's win rate less an earlier run's on the same deals, group by group (a screen of a change):
``--value win --paired points.json`` against a ``--value points --results points.json`` run is
``win`` minus ``points`` on the same deals.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from noddy.errors import RulesError
from noddy.game import GameState, new_game
from noddy.players import Oracle, Player, StrongPlayer, make_player
from noddy.players.search import LEAVES
from noddy.players.strong import VALUES
from noddy.rules import Rules, load_rules, preset_names

RESULTS = Path(__file__).resolve().parent / "results" / "strength.json"
MATCHUPS = (("strong", "greedy"), ("greedy", "random"), ("oracle", "greedy"), ("easy", "medium"))
KINDS = ("play", "discard")
BATCH = 50
"""Groups between two looks at the interval when stopping early; the first look is after two."""


class Timed:
    """Wraps a player to time, in CPU seconds (a loaded machine does not inflate them), its
    decisions that had a real choice, by the kind of action (the play's, the lay-away's)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = player.name
        self.times: dict[str, list[float]] = {}

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        start = time.process_time()
        action = self.player.choose(view, legal, rng)
        if len(legal) > 1:
            self.times.setdefault(legal[0].kind, []).append(time.process_time() - start)
        return action


class TimedOracle(Timed):
    """A timed oracle: the driver shows it the true state, passed on to the oracle."""

    def observe(self, state: Any) -> None:
        assert isinstance(self.player, Oracle)
        self.player.observe(state)


def timed(name: str, leaf: str | None = None, value: str | None = None) -> Timed:
    """The player ``name``, timed; a strong one (``strong``, ``hard``) with ``leaf`` as its value
    where a search runs out of nodes and ``value`` as what it plays for, where they are given."""
    player = make_player(name)
    if leaf is not None and isinstance(player, StrongPlayer):
        player = replace(player, leaf=leaf)
    if value is not None and isinstance(player, StrongPlayer):
        player = replace(player, value=value)
    return TimedOracle(player) if isinstance(player, Oracle) else Timed(player)


def seatings(players: int, partners: bool) -> list[tuple[int, ...]]:
    """For each game of a group, the seats ``a`` takes: each seat in turn, or each side's seats."""
    if partners:
        return [tuple(s for s in range(players) if s % 2 == side) for side in range(2)]
    return [(seat,) for seat in range(players)]


def run(
    state: GameState, seats: list[Timed], chance: random.Random, choices: list[random.Random]
) -> GameState:
    """Play to the end: chance from ``chance`` alone, each seat's choices from its own generator."""
    while not state.is_over:
        outcome = state.chance()
        if outcome is not None:
            state = state.apply(outcome.sample(chance))
            continue
        seat = state.to_act
        assert seat is not None
        player = seats[seat]
        if isinstance(player, TimedOracle):
            player.observe(state)
        view = state.view(seat)
        state = state.apply(player.choose(view, view.legal, choices[seat]))
    return state


def play(
    job: tuple[str, str, str, int, bool, int, int, str | None, str | None],
) -> tuple[list[float], dict[str, dict[str, list[float]]]]:
    """Groups ``start`` .. ``start + count`` of ``a`` against ``b``: each group's score for ``a``,
    and each player's decision times by kind."""
    preset, a, b, players, partners, start, count, leaf, value = job
    rules = load_rules(preset)
    scores: list[float] = []
    times: dict[str, dict[str, list[float]]] = {a: {}, b: {}}
    table = f"{players}{'p' if partners else ''}"
    for group in range(start, start + count):
        won = 0
        games = seatings(players, partners)
        for index, mine in enumerate(games):
            seats = [timed(a if seat in mine else b, leaf, value) for seat in range(players)]
            chance = random.Random(f"{preset}/{table}/{group}")
            choices = [random.Random(f"{preset}/{table}/{group}/{index}/{seat}") for seat in range(players)]
            state = run(new_game(rules, players, partners=partners), seats, chance, choices)
            won += state.winner is not None and state.winner == state.side_of(mine[0])
            for seat, player in enumerate(seats):
                into = times[a if seat in mine else b]
                for kind, values in player.times.items():
                    into.setdefault(kind, []).extend(values)
        scores.append(won / len(games))
    return scores, times


def interval(scores: list[float]) -> tuple[float, float, float]:
    """The mean of the groups' scores and its normal 95% interval."""
    mean = statistics.fmean(scores)
    spread = statistics.stdev(scores) if len(scores) > 1 else 0.5
    half = 1.959964 * spread / math.sqrt(len(scores))
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def allowed(rules: Rules, players: int, partners: bool) -> bool:
    """Whether the rules seat this table."""
    if players not in rules.player_counts:
        return False
    try:
        new_game(rules, players, partners=partners)
    except RulesError:
        return False
    return True


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def summary(values: list[float]) -> dict[str, float]:
    return {
        "median": 1000 * statistics.median(values) if values else 0.0,
        "p95": 1000 * percentile(values, 0.95),
        "max": 1000 * max(values, default=0.0),
        "decisions": len(values),
    }


def measure(
    pool: ProcessPoolExecutor | None,
    workers: int,
    preset: str,
    a: str,
    b: str,
    table: tuple[int, bool],
    groups: int,
    stop_above: float | None,
    leaf: str | None = None,
    value: str | None = None,
) -> tuple[list[float], dict[str, dict[str, list[float]]]]:
    """Up to ``groups`` groups of ``a`` against ``b``, stopping early where ``stop_above`` says."""
    players, partners = table
    scores: list[float] = []
    times: dict[str, dict[str, list[float]]] = {a: {}, b: {}}
    while len(scores) < groups:
        size = min(groups - len(scores), BATCH * (2 if not scores else 1))
        step = max(1, size // workers)
        start = len(scores)
        jobs = [
            (preset, a, b, players, partners, s, min(step, start + size - s), leaf, value)
            for s in range(start, start + size, step)
        ]
        for part, part_times in map(play, jobs) if pool is None else pool.map(play, jobs):
            scores += part
            for name, kinds in part_times.items():
                for kind, values in kinds.items():
                    times[name].setdefault(kind, []).extend(values)
        if stop_above is not None and interval(scores)[1] > stop_above:
            break
    return scores, times


def paired(row: dict[str, Any], path: Path) -> str:
    """This row's win rate less the same match-up's in the results at ``path``, group by group on
    the same deals (the groups both played), with the normal 95% interval of that difference."""
    key = ("preset", "players", "partners", "a", "b")
    earlier = [r for r in json.loads(path.read_text(encoding="utf-8")) if "scores" in r]
    match = next((r for r in earlier if all(r[k] == row[k] for k in key)), None)
    if match is None:
        return f"  paired: no {row['a']} v {row['b']} at this table in {path}"
    diffs = [x - y for x, y in zip(row["scores"], match["scores"], strict=False)]
    mean = statistics.fmean(diffs)
    half = 1.959964 * (statistics.stdev(diffs) if len(diffs) > 1 else 0.0) / math.sqrt(len(diffs))
    per_group = len(seatings(row["players"], row["partners"]))
    return f"  paired: {100 * mean:+.1f} ± {100 * half:.1f} points over {len(diffs) * per_group} games"


def save(path: Path, results: list[dict[str, Any]]) -> None:
    """Write the results so far (a long run's finished match-ups survive its interruption)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per match-up, 3-card presets")
    parser.add_argument("--crib-games", type=int, default=1000, help="games per match-up, other presets")
    parser.add_argument("--presets", default="", help="comma-separated presets (default: all)")
    parser.add_argument("--tables", default="2", help="comma-separated tables: 2, 3, 4, 4p (partners)")
    parser.add_argument(
        "--matchups",
        default=",".join(f"{a}-{b}" for a, b in MATCHUPS),
        help="comma-separated a-b pairs (default: strong-greedy, greedy-random, oracle-greedy, easy-medium)",
    )
    parser.add_argument(
        "--stop-above", type=float, default=None, help="stop once the interval's low end is above"
    )
    parser.add_argument(
        "--workers", type=int, default=1, help="worker processes (default 1: run in this one)"
    )
    parser.add_argument("--quick", action="store_true", help="60 and 20 games, for a look")
    parser.add_argument("--leaf", choices=LEAVES, help="the strong players' value where a search is cut")
    parser.add_argument("--value", choices=VALUES, help="what the strong players play for (points, win)")
    parser.add_argument(
        "--paired", type=Path, help="an earlier run's results on the same deals: report the difference"
    )
    parser.add_argument("--results", type=Path, default=RESULTS, help=f"JSON written (default {RESULTS})")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.crib_games = 60, 20
    presets = args.presets.split(",") if args.presets else list(preset_names())
    matchups = [tuple(m.split("-", 1)) for m in args.matchups.split(",")]
    tables = [(int(t.rstrip("p")), t.endswith("p")) for t in args.tables.split(",")]
    console = Console(width=max(Console().width, 140))
    out = Table(title="strength (groups of games on the same deals, seats rotated)", show_edge=False)
    for column in (
        "preset",
        "table",
        "match-up",
        "games",
        "win rate (95% CI)",
        "a's decision CPU ms: median / p95",
    ):
        out.add_column(column)
    results: list[dict[str, Any]] = []
    pool = ProcessPoolExecutor(max_workers=args.workers) if args.workers > 1 else None
    for preset in presets:
        rules = load_rules(preset)
        wanted = args.games if rules.held_size(2) == 3 and rules.crib.kind == "none" else args.crib_games
        rates: dict[tuple[str, str], float] = {}
        for players, partners in tables:
            if not allowed(rules, players, partners):
                continue
            label = f"{players}{' partners' if partners else ''}"
            per_group = len(seatings(players, partners))
            for a, b in matchups:
                started = time.perf_counter()
                with console.status(f"{preset}, {label}: {a} against {b}, {wanted} games"):
                    scores, times = measure(
                        pool,
                        args.workers,
                        preset,
                        a,
                        b,
                        (players, partners),
                        max(1, wanted // per_group),
                        args.stop_above,
                        args.leaf,
                        args.value,
                    )
                rate, low, high = interval(scores)
                if (players, partners) == (2, False):
                    rates[(a, b)] = rate
                row = {
                    "preset": preset,
                    "players": players,
                    "partners": partners,
                    "a": a,
                    "b": b,
                    "games": len(scores) * per_group,
                    "groups": len(scores),
                    "win_rate": rate,
                    "ci_low": low,
                    "ci_high": high,
                    "scores": scores,
                    "even": 1 / (2 if partners else players),
                    "seconds": time.perf_counter() - started,
                    "decision_ms": {
                        name: {
                            "all": summary([t for values in kinds.values() for t in values]),
                            **{kind: summary(kinds.get(kind, [])) for kind in KINDS},
                        }
                        for name, kinds in times.items()
                    },
                }
                results.append(row)
                ms = row["decision_ms"][a]
                shown = "; ".join(
                    f"{k} {ms[k]['median']:.1f} / {ms[k]['p95']:.1f}"
                    for k in ("all", *KINDS)
                    if ms[k]["decisions"]
                )
                ci = f"{rate:.1%} ({low:.1%}-{high:.1%})"
                out.add_row(preset, label, f"{a} v {b}", str(row["games"]), ci, shown)
                console.print(f"{preset}, {label}: {a} v {b}, {row['games']} games: {ci}; {shown}")
                if args.paired is not None:
                    console.print(paired(row, args.paired))
                save(args.results, results)
        if ("oracle", "greedy") in rates and ("strong", "greedy") in rates:
            edge = rates[("oracle", "greedy")] - 0.5
            captured = (rates[("strong", "greedy")] - 0.5) / edge if edge > 0 else float("nan")
            results.append({"preset": preset, "oracle_edge_captured": captured})
            out.add_row(preset, "2", "strong's share of the oracle's edge", "", f"{captured:.0%}", "")
    if pool is not None:
        pool.shutdown()
    console.print(out)
    save(args.results, results)
    console.print(f"results written to {args.results}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
