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
import random
import statistics
import time
from typing import Any

from noddy.game import new_game
from noddy.players import GreedyPlayer, StrongPlayer
from noddy.rules import load_rules
from noddy.sim import wilson


class Timed:
    """Strong, with the CPU time of each lay-away."""

    def __init__(self, player: StrongPlayer) -> None:
        self.player = player
        self.times: list[float] = []

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        start = time.process_time()
        action = self.player.choose(view, legal, rng)
        if legal[0].kind == "discard" and len(legal) > 1:
            self.times.append(1000 * (time.process_time() - start))
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
        state = state.apply(seats[state.to_act].choose(view, view.legal, player_rng))
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
    args = parser.parse_args()
    if args.deals:
        deals(args)
        return
    strong = Timed(
        StrongPlayer(lay_away=args.lay_away, lay_candidates=args.candidates, lay_samples=args.samples)
    )
    wins = games = 0
    for seed in range(args.start, args.start + args.pairs):
        for first in (True, False):
            won = game(args.preset, args.players, seed, first, strong)
            games += 1
            wins += bool(won)
    low, high = wilson(wins, games)
    times = sorted(strong.times)
    p95 = times[int(0.95 * (len(times) - 1))] if times else 0.0
    print(
        f"{args.preset} {args.players}p lay-away={args.lay_away} candidates={args.candidates}"
        f" samples={args.samples} seeds {args.start}-{args.start + args.pairs - 1}: strong won {wins}/{games}"
        f" = {100 * wins / games:.1f}% ({100 * low:.1f}-{100 * high:.1f}); lay-away ms median"
        f" {statistics.median(times) if times else 0:.1f}, p95 {p95:.1f} over {len(times)}"
    )


if __name__ == "__main__":
    main()
