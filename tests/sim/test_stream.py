"""Streamed statistics: `make_report` accumulates games as they come (`Tally`), in memory that does not
grow with the games, and gives the numbers, bit for bit, of the list-based reference kept here (the
statistics as first written: lists of every game, `statistics.fmean` and `stdev`)."""

from __future__ import annotations

import math
import pickle
import random
from collections import Counter
from collections.abc import Sequence
from statistics import fmean, stdev

import pytest

from noddy.rules import load_rules
from noddy.sim import SOURCES, GameSummary, Report, display_names, iter_games, make_report, play_games, wilson
from noddy.sim.stats import Z95, Moments, PlayerStats, RuleSetStats, SideStats, Tally
from noddy.sim.tournament import DealSummary


def _per_deal(points: Sequence[int], deals: int) -> dict[str, float]:
    return {source: pts / deals if deals else 0.0 for source, pts in zip(SOURCES, points, strict=True)}


def _player(name: str, player: int, games: Sequence[GameSummary]) -> PlayerStats:
    wins = draws = deals = 0
    points = [0] * len(SOURCES)
    lurches: Counter[str] = Counter()
    lurched: Counter[str] = Counter()
    for game in games:
        seat = game.seat_of(player)
        deals += len(game.deals)
        points = [a + b for a, b in zip(points, game.points[seat], strict=True)]
        stake_name, stake_games = game.stake
        if game.winner is None:
            draws += 1
        elif game.winner == game.side_of(seat):
            wins += 1
            if stake_games > 1:
                lurches[stake_name] += 1
        elif stake_games > 1:
            lurched[stake_name] += 1
    low, high = wilson(wins, len(games))
    return PlayerStats(
        name=name,
        games=len(games),
        wins=wins,
        draws=draws,
        win_rate=wins / len(games),
        ci_low=low,
        ci_high=high,
        deals=deals,
        points_per_deal=_per_deal(points, deals),
        lurches=dict(lurches),
        lurched=dict(lurched),
    )


def _dealer_edge(game: GameSummary) -> list[float]:
    """Per deal: the dealer's side's points less the mean of the other sides' points."""
    edges = []
    for deal in game.deals:
        side = game.side_of(deal.dealer)
        others = [pts for s, pts in enumerate(deal.points) if s != side]
        edges.append(deal.points[side] - fmean(others))
    return edges


def _rule_set(games: Sequence[GameSummary]) -> RuleSetStats:
    n = len(games)
    edges = [edge for game in games for edge in _dealer_edge(game)]
    first_wins = sum(1 for g in games if g.winner is not None and g.winner == g.side_of(g.first_dealer))
    low, high = wilson(first_wins, n)
    margins = [top - second for top, second, *_ in (sorted(g.scores, reverse=True) for g in games)]
    deals = sum(len(g.deals) for g in games)
    points = [
        sum(g.points[seat][i] for g in games for seat in range(len(g.seats))) for i in range(len(SOURCES))
    ]
    spread = stdev(edges) if len(edges) > 1 else 0.0
    return RuleSetStats(
        games=n,
        draws=sum(1 for g in games if g.winner is None),
        deals_per_game=deals / n,
        dealer_edge=fmean(edges) if edges else 0.0,
        dealer_edge_ci=Z95 * spread / math.sqrt(len(edges)) if edges else 0.0,
        first_dealer_wins=first_wins,
        first_dealer_win_rate=first_wins / n,
        first_dealer_ci_low=low,
        first_dealer_ci_high=high,
        fair_share=1 / len(games[0].scores),
        margin_mean=fmean(margins),
        margin_sd=stdev(margins) if n > 1 else 0.0,
        actions_per_game=fmean(g.actions for g in games),
        points_per_deal=_per_deal(points, deals),
    )


def _sides(players: Sequence[PlayerStats], games: Sequence[GameSummary]) -> tuple[SideStats, ...]:
    """Each partnership: the players sharing a side in the first game (partners stay together)."""
    first = games[0]
    if not first.partners:
        return ()
    sides = []
    for side in range(len(first.scores)):
        team = tuple(sorted(p for seat, p in enumerate(first.seats) if first.side_of(seat) == side))
        wins = sum(1 for g in games if g.winner == g.side_of(g.seat_of(team[0])))
        low, high = wilson(wins, len(games))
        sides.append(
            SideStats(
                players=team,
                names=tuple(players[p].name for p in team),
                games=len(games),
                wins=wins,
                draws=sum(1 for g in games if g.winner is None),
                win_rate=wins / len(games),
                ci_low=low,
                ci_high=high,
                total_per_deal=sum(players[p].total_per_deal for p in team),
            )
        )
    return tuple(sorted(sides, key=lambda side: side.players))


def reference(rules_name: str, names: Sequence[str], seed: int, games: Sequence[GameSummary]) -> Report:
    players = tuple(_player(name, i, games) for i, name in enumerate(display_names(names)))
    rules = load_rules(rules_name)
    title = rules.title or rules.name
    return Report(rules.name, title, seed, len(games), players, _rule_set(games), _sides(players, games))


@pytest.mark.parametrize(
    ("preset", "names", "partners"),
    [
        ("willughby", ["greedy", "random"], None),
        ("strawberry", ["random", "greedy", "random"], None),
        ("four-card", ["random", "random", "greedy", "random"], False),
        ("cribbage", ["random"] * 4, True),
    ],
)
def test_streamed_report_equals_the_list_reference(
    preset: str, names: list[str], partners: bool | None
) -> None:
    rules = load_rules(preset)
    games = play_games(rules, names, 12, seed=5, partners=partners)
    shuffled = random.Random(1).sample(games, len(games))
    streamed = make_report(rules, names, 5, iter(shuffled))
    assert streamed == reference(preset, names, 5, games)
    assert make_report(rules, names, 5, iter_games(rules, names, 12, seed=5, partners=partners)) == streamed


def test_moments_agree_with_statistics_bit_for_bit() -> None:
    rng = random.Random(3)
    for size in (2, 3, 10, 500):
        data = [
            rng.choice([rng.randint(-30, 30), rng.randint(-30, 30) / 3, rng.random()]) for _ in range(size)
        ]
        moments = Moments()
        for x in data:
            moments.add(x)
        assert (moments.mean(), moments.stdev()) == (fmean(data), stdev(data))


def _synthetic(index: int, rng: random.Random) -> GameSummary:
    scores = (rng.randint(0, 61), rng.randint(0, 61))
    winner = None if scores[0] == scores[1] else int(scores[1] > scores[0])
    deals = tuple(
        DealSummary(d % 2, (rng.randint(0, 20), rng.randint(0, 20))) for d in range(rng.randint(1, 9))
    )
    points = tuple((s,) + (0,) * (len(SOURCES) - 1) for s in scores)
    stake = rng.choice([("game", 1), ("lurch", 2)])
    return GameSummary(
        index, (index % 2, 1 - index % 2), False, scores, winner, stake, index % 2, deals, points, 40
    )


def test_the_tally_does_not_grow_with_the_games() -> None:
    """Memory is bounded: after 20,000 games the tally pickles no bigger than after 200 (a few bytes
    for the larger numbers aside)."""
    rng = random.Random(7)
    small, large = Tally(2), Tally(2)
    for i in range(20_000):
        game = _synthetic(i, rng)
        if i < 200:
            small.add(game)
        large.add(game)
    assert len(pickle.dumps(large)) <= len(pickle.dumps(small)) + 200
