"""``bench/win_lay_away.py``: what the sampling's noise costs the strong player's lay-away by the
chance of winning (``value="win"``), and what each remedy wins back, in the deals' own measure.

At random board positions of 2-player cribbage (``--preset``, ``--table 4p`` for four partners: a
random hand, either seat dealing, a score from 0 to 118 and the other side's within a normal spread
of 12 points, both scaled to the game's target; the columns by score too), the best 4 lay-aways by
points are each weighed by `noddy.players.discard.win_samples` in ``--truth`` deals: their "true" chance
of winning (the deals played out as the player plays them; the model's own truth, not a game's).
Then ``--reps`` times each, in fresh deals, as a player would: 200 deals (``--first``) and
``--more`` more. A rule's regret is the true chance of the best of the 4 less that of its choice,
in points of win rate, averaged over positions and reps, and paired against the plain mean of the
first deals (the same draws), with a 95% interval over positions. The rules:

- ``points``: the points' own choice (the best by exact expected value), no deals at all;
- ``plain``: the highest mean of the first deals (the player before issue 25's remedies);
- ``gate z``: keep the points' choice unless another's mean is higher by more than z standard
  errors of the paired difference (the significance gate);
- ``plain N``: the highest mean of the first and the ``--more`` deals together, always;
- ``doubt``: the first deals, and the ``--more`` too only where `noddy.players.discard.in_doubt`
  (the player's rule since), with the mean deals it costs;
- ``race F``: `noddy.players.discard.race` from ``F`` deals, doubling, up to the first and the more
  together, dropping each lay-away once it cannot be better than the leader by more than
  `noddy.players.discard.DOUBT` (issue 38): it reads the same deals in order, as many as it asks.

The last column is the playouts a lay-away costs (a lay-away weighed in one deal), the measure of
its CPU: the exact values are a few milliseconds whatever the rule.

    nice -n 19 .venv/bin/python bench/win_lay_away.py --positions 400 --reps 8 --truth 8000
    nice -n 10 .venv/bin/python bench/win_lay_away.py --preset five-card-cribbage --positions 150 --reps 2 \
        --truth 2000 --candidates 6 --race 100
    nice -n 10 .venv/bin/python bench/win_lay_away.py --table 4p --positions 150 --reps 2 --truth 2000 \
        --candidates 6 --race 100
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from noddy.advise import seat_view
from noddy.analysis import board as board_table
from noddy.cards import DECK
from noddy.game import ActionKind
from noddy.players.discard import discard_values, in_doubt, race, win_samples
from noddy.rules import load_rules

Samples = npt.NDArray[np.float64]


def gate(sampled: Samples, z: float) -> int:
    """The points' choice (row 0) unless another row's mean is higher by more than ``z`` paired
    standard errors; then the highest such."""
    means = sampled.mean(axis=1)
    errors = (sampled - sampled[0]).std(axis=1, ddof=1) / np.sqrt(sampled.shape[1])
    sure = means - means[0] > z * errors
    sure[0] = True
    return int(np.argmax(np.where(sure, means, -np.inf)))


def plain(sampled: Samples) -> int:
    return int(np.argmax(sampled.mean(axis=1)))


Rule = Callable[[Samples, Samples], tuple[int, float]]
"""A way to choose from the first deals and the more: the choice, and the playouts it took."""


def gated(z: float) -> Rule:
    return lambda first, more: (gate(first, z), first.size)


def best_of(k: int, rule: Rule) -> Rule:
    """``rule`` weighing the best ``k`` lay-aways by points only (the first ``k`` rows)."""
    return lambda first, more: rule(first[:k], more[:k])


def raced(start: int) -> Rule:
    """`race` from ``start`` deals over the first deals and the more, read in order."""

    def rule(first: Samples, more: Samples) -> tuple[int, float]:
        pooled = np.concatenate([first, more], axis=1)
        read = 0

        def draw(rows: list[int], deals: int) -> Samples:
            nonlocal read
            read += deals
            return pooled[rows, read - deals : read]

        means, playouts = race(draw, len(pooled), first=start, most=pooled.shape[1])
        return int(np.argmax(means)), playouts

    return rule


def collect(args: argparse.Namespace) -> tuple[Samples, Samples, Samples, Samples]:
    """Each position's true chances, its first and more deals (reps), and its board's larger score."""
    rules = load_rules(args.preset)
    players, partners = int(args.table.rstrip("p")), args.table.endswith("p")
    board = board_table(rules, players, partners)
    target, dealt = rules.game.target, rules.deal.shape(players).dealt
    spread = 12 * target / 121
    rng = random.Random(args.seed)
    truths, firsts, mores, tops = [], [], [], []
    for _ in range(args.positions):
        me = rng.randrange(0, target - 2)
        other = min(target - 1, max(0, me + int(rng.gauss(0, spread))))
        hand = rng.sample(list(DECK), dealt)
        view = seat_view(rules, players, hand, dealer=rng.random() < 0.5, scores=(me, other))
        assert view is not None
        legal = [a for a in view.legal if a.kind == ActionKind.DISCARD]
        exact = discard_values(view, legal, rng)
        ranked = sorted(exact, key=lambda a: -exact[a])[: args.candidates]
        chunks = [win_samples(view, ranked, rng, board, samples=1000) for _ in range(args.truth // 1000)]
        truths.append(np.concatenate(chunks, axis=1).mean(axis=1))
        firsts.append([win_samples(view, ranked, rng, board, samples=args.first) for _ in range(args.reps)])
        mores.append([win_samples(view, ranked, rng, board, samples=args.more) for _ in range(args.reps)])
        tops.append(max(me, other))
    return np.array(truths), np.array(firsts), np.array(mores), np.array(tops, dtype=np.float64)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="cribbage")
    parser.add_argument("--table", default="2", help="2 or 4p (partners): two sides, as positions are drawn")
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--reps", type=int, default=8)
    parser.add_argument("--truth", type=int, default=8000, help="deals for the true chances (thousands)")
    parser.add_argument("--first", type=int, default=200)
    parser.add_argument("--more", type=int, default=800)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--candidates",
        type=int,
        default=4,
        help="lay-aways weighed by the truth; the rules but raceN weigh the best 4",
    )
    parser.add_argument(
        "--race", type=lambda text: [int(x) for x in text.split(",")], default=[50, 100, 200],
        help="the first deals of each race rule (comma-separated)",
    )
    args = parser.parse_args(argv)
    truth, first, more, top = collect(args)
    best = truth.max(axis=1)
    n, reps = first.shape[:2]
    rules: dict[str, Rule] = {
        "plain": lambda f, m: (plain(f), f.size),
        "points": lambda f, m: (0, 0),
        **{f"gate {z}": gated(z) for z in (0.5, 1.0, 2.0)},
        f"plain {args.first + args.more}": lambda f, m: (
            plain(np.concatenate([f, m], axis=1)),
            f.size + m.size,
        ),
        "doubt": lambda f, m: (
            (plain(np.concatenate([f, m], axis=1)), f.size + m.size) if in_doubt(f) else (plain(f), f.size)
        ),
        **{f"race {start}": raced(start) for start in args.race},
    }
    rules = {name: best_of(4, rule) for name, rule in rules.items()}
    if args.candidates > 4:
        rules.update({f"race{args.candidates} {start}": raced(start) for start in args.race})
    regrets: dict[str, Samples] = {}
    print(f"{n} positions, {reps} reps, true chances from {args.truth} deals; regret in points of win rate")
    scaled = top * 121 / load_rules(args.preset).game.target  # the board's larger score, as if to 121
    print("rule          all    (<60)  (>=100)  less plain's (95%)   less doubt's (95%)   playouts")
    for name, rule in rules.items():
        picks = [[rule(first[i, r], more[i, r]) for r in range(reps)] for i in range(n)]
        regret = np.array([[best[i] - truth[i, c] for c, _ in row] for i, row in enumerate(picks)]).mean(
            axis=1
        )
        playouts = float(np.mean([[m for _, m in row] for row in picks]))
        regrets[name] = regret
        diff = regret - regrets["plain"]
        half = 1.96 * diff.std(ddof=1) / np.sqrt(n)
        today = regret - regrets.get("doubt", regret)
        today_half = 1.96 * today.std(ddof=1) / np.sqrt(n)
        print(
            f"{name:12} {100 * regret.mean():6.3f} {100 * regret[scaled < 60].mean():6.3f} "
            f"{100 * regret[scaled >= 100].mean():7.3f}  {100 * diff.mean():+6.3f} ± {100 * half:.3f}"
            f"      {100 * today.mean():+6.3f} ± {100 * today_half:.3f}"
            f"   {playouts:6.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
