"""Strong against greedy on paired deals, to weigh a lay-away model (issue 13, goal 1).

Each pair plays the same seed twice with the seats swapped: chance (cuts and shuffles) draws from
its own generator, so both games of a pair deal the same cards in the same order; the players draw
from another. At 4 players the two strong seats are partners. One process, so a measurement is
not slowed by others'; the win rate is given with its 95% Wilson interval, and strong's lay-away
decisions' CPU milliseconds (median, 95th percentile).

    PYTHONPATH=src python bench/lay_away.py --pairs 500 --lay-away deal --samples 200
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

from noddy.game import new_game
from noddy.players import GreedyPlayer, Oracle, OraclePlayer, StrongPlayer
from noddy.rules import load_rules
from noddy.sim import wilson


class Timed:
    """A player, with the CPU time of each lay-away and each play that had a choice."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self.times: list[float] = []
        self.play_times: list[float] = []

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        start = time.process_time()
        action = self.player.choose(view, legal, rng)
        if len(legal) > 1 and legal[0].kind in ("discard", "play"):
            spent = 1000 * (time.process_time() - start)
            (self.times if legal[0].kind == "discard" else self.play_times).append(spent)
        return action


def game(preset: str, players: int, seed: int, strong_first: bool, strong: Timed) -> bool | None:
    """One game; whether strong's side won (``None``: a draw)."""
    rules = load_rules(preset)
    chance_rng, player_rng = random.Random(seed), random.Random(seed + 1_000_003)
    greedy = GreedyPlayer()
    seats: list[Any] = [strong if (i % 2 == 0) == strong_first else greedy for i in range(players)]
    state = new_game(rules, players)
    while not state.is_over:
        chance = state.chance()
        if chance is not None:
            state = state.apply(chance.sample(chance_rng))
            continue
        assert state.to_act is not None
        view = state.view(state.to_act)
        player = seats[state.to_act]
        if player is strong and isinstance(strong.player, Oracle):
            strong.player.observe(state)
        state = state.apply(player.choose(view, view.legal, player_rng))
    if state.winner is None:
        return None
    return state.winner == (0 if strong_first else 1)


def deal_points(state: Any, seat: int, player: StrongPlayer, rng: random.Random) -> int:
    """The rest of the deal from ``state`` with strong (``player``) in ``seat``'s side's seats and greedy
    in the others: ``seat``'s side's points less the best other side's (the game's end ends it)."""
    greedy, start, deal = GreedyPlayer(), state.scores, state.deal_number
    mine = state.side_of(seat)
    while not state.is_over and state.chance() is None and state.deal_number == deal:
        assert state.to_act is not None
        view = state.view(state.to_act)
        who = player if state.side_of(state.to_act) == mine else greedy
        state = state.apply(who.choose(view, view.legal, rng))
    gained = [after - before for after, before in zip(state.scores, start, strict=True)]
    return gained[mine] - max(g for side, g in enumerate(gained) if side != mine)


def deals(args: argparse.Namespace) -> None:
    """Lay-aways from random games weighed both ways; where they differ, the rest of the true deal
    played out after each (the same cards, turn-up and players): the mean difference in points."""
    from noddy.players.discard import deal_values, discard_values

    rules = load_rules(args.preset)
    rng = random.Random(args.start)
    player = StrongPlayer()
    weighed = differ = 0
    diffs: list[int] = []
    state = new_game(rules, args.players)
    while weighed < args.deals:
        chance = state.chance()
        if state.is_over:
            state = new_game(rules, args.players)
            continue
        if chance is not None:
            state = state.apply(chance.sample(rng))
            continue
        assert state.to_act is not None
        view = state.view(state.to_act)
        legal = list(view.legal)
        if view.phase == "discard" and len(legal) > 1:
            weighed += 1
            exact = discard_values(view, legal, rng)
            model = deal_values(
                view,
                legal,
                random.Random(weighed),
                candidates=args.candidates,
                samples=args.samples,
                pegging=args.lay_away != "crib",
            )
            a = max(exact, key=lambda x: exact[x])
            b = max(model, key=lambda x: model[x])
            if a != b:
                differ += 1
                seat = state.to_act
                seed = rng.random()
                diffs.append(
                    deal_points(state.apply(b), seat, player, random.Random(seed))
                    - deal_points(state.apply(a), seat, player, random.Random(seed))
                )
        state = state.apply(GreedyPlayer().choose(view, view.legal, rng))
    mean = statistics.mean(diffs) if diffs else 0.0
    se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    print(
        f"{args.preset} {args.players}p: {weighed} lay-aways, {differ} chosen differently; the deal model's"
        f" choice gains {mean:+.3f} ± {se:.3f} points a differing deal"
        f" ({mean * differ / weighed:+.3f} a lay-away)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="cribbage")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--start", type=int, default=0, help="the first pair's seed")
    parser.add_argument("--lay-away", default="exact", choices=("exact", "deal", "crib"))
    parser.add_argument("--candidates", type=int, default=4)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--deals", type=int, default=0, help="weigh this many lay-aways instead of games")
    parser.add_argument("--nodes", type=int, default=StrongPlayer.nodes, help="strong's search budget")
    parser.add_argument("--worlds", type=int, help="strong's worlds (default: by the table)")
    parser.add_argument("--opponents", default=StrongPlayer.opponents, help="strong's opponent model")
    parser.add_argument("--leaf", default=StrongPlayer.leaf, help="strong's value where a search is cut")
    parser.add_argument("--oracle", action="store_true", help="the oracle in strong's seats (the headroom)")
    parser.add_argument("--out", type=Path, help="write each game's result here (a JSON list, seed order)")
    args = parser.parse_args()
    if args.deals:
        deals(args)
        return
    player: Any = (
        OraclePlayer()
        if args.oracle
        else StrongPlayer(
            lay_away=args.lay_away,
            lay_candidates=args.candidates,
            lay_samples=args.samples,
            nodes=args.nodes,
            worlds=args.worlds,
            opponents=args.opponents,
            leaf=args.leaf,
        )
    )
    strong = Timed(player)
    results: list[bool | None] = []
    for seed in range(args.start, args.start + args.pairs):
        for first in (True, False):
            results.append(game(args.preset, args.players, seed, first, strong))
    wins, games = sum(bool(r) for r in results), len(results)
    if args.out:
        args.out.write_text(json.dumps(results))
    low, high = wilson(wins, games)
    print(
        f"{args.preset} {args.players}p {player!r} seeds {args.start}-{args.start + args.pairs - 1}:"
        f" won {wins}/{games} = {100 * wins / games:.1f}% ({100 * low:.1f}-{100 * high:.1f});"
        f" lay-away ms {spread(strong.times)}; play ms {spread(strong.play_times)}"
    )


def spread(times: list[float]) -> str:
    """Median and 95th percentile of decision times, and how many."""
    if not times:
        return "none"
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return f"median {statistics.median(ordered):.1f}, p95 {p95:.1f} over {len(ordered)}"


if __name__ == "__main__":
    main()
