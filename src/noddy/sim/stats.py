"""Statistics of a tournament: win rates with Wilson intervals, points by source, the dealer's edge.

Everything is computed from `GameSummary` lists in game order, so the same games give the same
numbers, bit for bit, however they were run.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import fmean, stdev
from typing import Any

from noddy.errors import NoddyError
from noddy.rules import Rules
from noddy.sim.tournament import SOURCES, GameSummary

__all__ = [
    "SOURCE_LABELS",
    "Z95",
    "PlayerStats",
    "Report",
    "RuleSetStats",
    "display_names",
    "make_report",
    "wilson",
]

Z95 = 1.959964
"""The normal quantile for a two-sided 95% interval."""

SOURCE_LABELS = {
    "hand": "hand",
    "crib": "crib",
    "play": "play",
    "thirty_one": "31",
    "last_card": "last card",
    "knave": "Knave",
    "muggins": "muggins",
    "compensation": "compensation",
}
"""How each of `SOURCES` is written in tables and plots."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: sound near 0 and 1 and for small samples.

    >>> [round(x, 4) for x in wilson(50, 100)]
    [0.4038, 0.5962]
    >>> [round(x, 4) for x in wilson(0, 10)]
    [0.0, 0.2775]
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def display_names(names: Sequence[str]) -> list[str]:
    """Player names made unique: a name given again becomes ``name#2``, ``name#3``...

    >>> display_names(["greedy", "random", "greedy"])
    ['greedy', 'random', 'greedy#2']
    """
    seen: Counter[str] = Counter()
    unique = []
    for name in names:
        seen[name] += 1
        unique.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return unique


@dataclass(frozen=True)
class PlayerStats:
    """One player over a tournament. A player wins when its side wins; draws are not wins."""

    name: str
    games: int
    wins: int
    draws: int
    win_rate: float
    ci_low: float
    ci_high: float
    deals: int
    points_per_deal: dict[str, float]
    lurches: dict[str, int]
    lurched: dict[str, int]

    @property
    def total_per_deal(self) -> float:
        return sum(self.points_per_deal.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.games - self.wins - self.draws,
            "win_rate": self.win_rate,
            "ci_low": self.ci_low,
            "ci_high": self.ci_high,
            "deals": self.deals,
            "points_per_deal": self.total_per_deal,
            "points_per_deal_by_source": self.points_per_deal,
            "lurches": self.lurches,
            "lurched": self.lurched,
        }


@dataclass(frozen=True)
class RuleSetStats:
    """What a rule set does to the game, whoever plays it."""

    games: int
    draws: int
    deals_per_game: float
    dealer_edge: float
    dealer_edge_ci: float
    first_dealer_wins: int
    first_dealer_win_rate: float
    first_dealer_ci_low: float
    first_dealer_ci_high: float
    fair_share: float
    margin_mean: float
    margin_sd: float
    actions_per_game: float
    points_per_deal: dict[str, float]

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "draws": self.draws,
            "deals_per_game": self.deals_per_game,
            "dealer_edge": self.dealer_edge,
            "dealer_edge_ci": [
                self.dealer_edge - self.dealer_edge_ci,
                self.dealer_edge + self.dealer_edge_ci,
            ],
            "first_dealer_wins": self.first_dealer_wins,
            "first_dealer_win_rate": self.first_dealer_win_rate,
            "first_dealer_ci": [self.first_dealer_ci_low, self.first_dealer_ci_high],
            "fair_share": self.fair_share,
            "margin_mean": self.margin_mean,
            "margin_sd": self.margin_sd,
            "actions_per_game": self.actions_per_game,
            "points_per_deal_by_source": self.points_per_deal,
        }


@dataclass(frozen=True)
class Report:
    """A tournament under one rule set: the players' statistics and the rule set's."""

    rules: str
    title: str
    seed: int
    games: int
    players: tuple[PlayerStats, ...]
    rule_set: RuleSetStats

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "title": self.title,
            "games": self.games,
            "seed": self.seed,
            "players": [p.to_json() for p in self.players],
            "rule_set": self.rule_set.to_json(),
        }


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


def make_report(rules: Rules, names: Sequence[str], seed: int, games: Sequence[GameSummary]) -> Report:
    """The statistics of ``games`` (summaries in game order) played by ``names`` under ``rules``."""
    if not games:
        raise NoddyError(
            f"no games to report for {', '.join(names)} under {rules.name}: a report needs at least one game"
        )
    players = tuple(_player(name, i, games) for i, name in enumerate(display_names(names)))
    return Report(rules.name, rules.title or rules.name, seed, len(games), players, _rule_set(games))
