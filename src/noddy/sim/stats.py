"""Statistics of a tournament: win rates with Wilson intervals, points by source, the dealer's edge.

Everything is accumulated from `GameSummary`s as the games finish (`Tally`), in memory that does not
grow with the number of games; every sum is exact, so the same games give the same numbers, bit for
bit, in whatever order they finish and however they were run.
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import fmean
from typing import Any

from noddy.errors import NoddyError
from noddy.rules import Rules
from noddy.sim.tournament import SOURCES, DealSummary, GameSummary
from noddy.words import side_label

__all__ = [
    "Z95",
    "Moments",
    "PlayerStats",
    "Report",
    "RuleSetStats",
    "SideStats",
    "Tally",
    "display_names",
    "make_report",
    "tally_report",
    "wilson",
]

Z95 = 1.959964
"""The normal quantile for a two-sided 95% interval."""


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
            **_won_json(self),
            "deals": self.deals,
            "points_per_deal": self.total_per_deal,
            "points_per_deal_by_source": self.points_per_deal,
            "lurches": self.lurches,
            "lurched": self.lurched,
        }


@dataclass(frozen=True)
class SideStats:
    """Partners over a tournament: the players (their indexes in the player list, which are also
    their places in ``--seats``) who sit opposite in every game, and the games their side won."""

    players: tuple[int, ...]
    names: tuple[str, ...]
    games: int
    wins: int
    draws: int
    win_rate: float
    ci_low: float
    ci_high: float
    total_per_deal: float

    @property
    def name(self) -> str:
        """The side as a report names it: its players, and their places in ``--seats``."""
        return side_label(self.players, self.names)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "names": list(self.names),
            **_won_json(self),
            "points_per_deal": self.total_per_deal,
        }


def _won_json(stats: PlayerStats | SideStats) -> dict[str, Any]:
    """A player's or a side's games won, drawn and lost, with the win rate and its interval."""
    return {
        "games": stats.games,
        "wins": stats.wins,
        "draws": stats.draws,
        "losses": stats.games - stats.wins - stats.draws,
        "win_rate": stats.win_rate,
        "ci_low": stats.ci_low,
        "ci_high": stats.ci_high,
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
    """A tournament under one rule set: the players' statistics and the rule set's, and with
    partners each side's (empty when every player plays alone)."""

    rules: str
    title: str
    seed: int
    games: int
    players: tuple[PlayerStats, ...]
    rule_set: RuleSetStats
    sides: tuple[SideStats, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "title": self.title,
            "games": self.games,
            "seed": self.seed,
            "players": [p.to_json() for p in self.players],
            "rule_set": self.rule_set.to_json(),
            "partners": bool(self.sides),
            "sides": [side.to_json() for side in self.sides],
        }


def _per_deal(points: Sequence[int], deals: int) -> dict[str, float]:
    return {source: pts / deals if deals else 0.0 for source, pts in zip(SOURCES, points, strict=True)}


class Moments:
    """The exact count, sum and sum of squares of numbers seen one at a time: their mean and sample
    standard deviation as `statistics.fmean` and `statistics.stdev` give them for the whole list
    (bit for bit, and whatever the order), in constant memory.

    >>> m = Moments()
    >>> for x in (1.5, 2.5, 2.5, 2.75, 3.25, 4.75):
    ...     m.add(x)
    >>> m.mean(), m.stdev()
    (2.875, 1.0810874155219827)
    """

    def __init__(self) -> None:
        self.count = 0
        self._sums: dict[int, int] = {}
        self._squares: dict[int, int] = {}

    def add(self, x: float, times: int = 1) -> None:
        """Count ``x`` once, or ``times`` times (a count of equal numbers, as batches give them)."""
        n, d = x.as_integer_ratio()
        self.count += times
        self._sums[d] = self._sums.get(d, 0) + n * times
        self._squares[d] = self._squares.get(d, 0) + n * n * times

    def merge(self, other: Moments) -> None:
        """Count every number ``other`` has counted (exactly: the sums are integers by denominator)."""
        self.count += other.count
        for d, n in other._sums.items():
            self._sums[d] = self._sums.get(d, 0) + n
        for d, n in other._squares.items():
            self._squares[d] = self._squares.get(d, 0) + n

    def _sum(self) -> Fraction:
        return sum((Fraction(n, d) for d, n in self._sums.items()), Fraction(0))

    def mean(self) -> float:
        return float(self._sum()) / self.count if self.count else 0.0

    def stdev(self) -> float:
        if self.count < 2:
            return 0.0
        sx = self._sum()
        sxx = sum((Fraction(n, d * d) for d, n in self._squares.items()), Fraction(0))
        variance = (self.count * sxx - sx * sx) / self.count / (self.count - 1)
        return _sqrt(variance)


def _sqrt(x: Fraction) -> float:
    """The square root of ``x``, correctly rounded (as `statistics.stdev` rounds it)."""
    n, m = x.numerator, x.denominator
    q = (n.bit_length() - m.bit_length() - _SQRT_BITS) // 2
    if q >= 0:
        return (_isqrt_odd(n, m << 2 * q) << q) / 1
    return _isqrt_odd(n << -2 * q, m) / (1 << -q)


_SQRT_BITS = 2 * sys.float_info.mant_dig + 3


def _isqrt_odd(n: int, m: int) -> int:
    """The integer square root of n/m, rounded to odd (so the final float rounding is exact)."""
    a = math.isqrt(n // m)
    return a | (a * a * m != n)


class Tally:
    """The statistics of a tournament accumulated game by game, in memory that does not grow with
    the number of games; games may come in any order (every sum is exact)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = 0
        self.draws = 0
        self.deals = 0
        self.first_dealer_wins = 0
        self.sides = 0
        self.wins = [0] * players
        self.player_draws = [0] * players
        self.player_deals = [0] * players
        self.player_points = [[0] * len(SOURCES) for _ in range(players)]
        self.lurches: list[Counter[str]] = [Counter() for _ in range(players)]
        self.lurched: list[Counter[str]] = [Counter() for _ in range(players)]
        self.points = [0] * len(SOURCES)
        self.edges = Moments()
        self.margins = Moments()
        self.actions = 0
        self.side_wins: Counter[tuple[int, ...]] = Counter()
        self.side_draws: Counter[tuple[int, ...]] = Counter()
        self.side_games: Counter[tuple[int, ...]] = Counter()

    def add(self, game: GameSummary) -> None:
        """Count one finished game."""
        self.games += 1
        self.sides = len(game.scores)
        self.deals += len(game.deals)
        self.actions += game.actions
        if game.winner is None:
            self.draws += 1
        elif game.winner == game.side_of(game.first_dealer):
            self.first_dealer_wins += 1
        top, second, *_ = sorted(game.scores, reverse=True)
        self.margins.add(top - second)
        for deal in game.deals:
            self.edges.add(_dealer_edge(game, deal))
        for seat, points in enumerate(game.points):
            self.points = [a + b for a, b in zip(self.points, points, strict=True)]
            player = game.seats[seat]
            self._add_player(game, player, seat)
        if game.partners:
            self._add_sides(game)

    def merge(self, other: Tally) -> None:
        """Count every game ``other`` has counted (a task's games, say): exact, in any order."""
        self.games += other.games
        self.draws += other.draws
        self.deals += other.deals
        self.first_dealer_wins += other.first_dealer_wins
        self.sides = other.sides or self.sides
        self.actions += other.actions
        for p in range(self.players):
            self.wins[p] += other.wins[p]
            self.player_draws[p] += other.player_draws[p]
            self.player_deals[p] += other.player_deals[p]
            self.player_points[p] = [
                a + b for a, b in zip(self.player_points[p], other.player_points[p], strict=True)
            ]
            self.lurches[p].update(other.lurches[p])
            self.lurched[p].update(other.lurched[p])
        self.points = [a + b for a, b in zip(self.points, other.points, strict=True)]
        self.edges.merge(other.edges)
        self.margins.merge(other.margins)
        self.side_wins.update(other.side_wins)
        self.side_draws.update(other.side_draws)
        self.side_games.update(other.side_games)

    def _add_sides(self, game: GameSummary) -> None:
        """Count the game for each side of partners, named by its players (whatever their seats)."""
        for side in range(len(game.scores)):
            players = tuple(sorted(p for seat, p in enumerate(game.seats) if game.side_of(seat) == side))
            self.side_games[players] += 1
            if game.winner is None:
                self.side_draws[players] += 1
            elif game.winner == side:
                self.side_wins[players] += 1

    def _add_player(self, game: GameSummary, player: int, seat: int) -> None:
        self.player_deals[player] += len(game.deals)
        own = self.player_points[player]
        self.player_points[player] = [a + b for a, b in zip(own, game.points[seat], strict=True)]
        stake_name, stake_games = game.stake
        if game.winner is None:
            self.player_draws[player] += 1
        elif game.winner == game.side_of(seat):
            self.wins[player] += 1
            if stake_games > 1:
                self.lurches[player][stake_name] += 1
        elif stake_games > 1:
            self.lurched[player][stake_name] += 1

    def player(self, name: str, player: int, stakes: Sequence[str] = ()) -> PlayerStats:
        """One player's statistics; its lurches in the order of ``stakes`` (the rules' own, so that
        the JSON does not depend on which game, or which worker's task, was counted first)."""
        wins, games = self.wins[player], self.games
        low, high = wilson(wins, games)
        return PlayerStats(
            name=name,
            games=games,
            wins=wins,
            draws=self.player_draws[player],
            win_rate=wins / games,
            ci_low=low,
            ci_high=high,
            deals=self.player_deals[player],
            points_per_deal=_per_deal(self.player_points[player], self.player_deals[player]),
            lurches=_in_order(self.lurches[player], stakes),
            lurched=_in_order(self.lurched[player], stakes),
        )

    def side_stats(self, names: Sequence[str]) -> tuple[SideStats, ...]:
        """Each side of partners (none when everyone played alone), in the order of its first player;
        its points a deal are its players' together."""
        result = []
        for players in sorted(self.side_games):
            games, wins = self.side_games[players], self.side_wins[players]
            low, high = wilson(wins, games)
            each = (_per_deal(self.player_points[p], self.player_deals[p]) for p in players)
            points = sum(sum(per_deal.values()) for per_deal in each)
            result.append(
                SideStats(
                    players=players,
                    names=tuple(names[p] for p in players),
                    games=games,
                    wins=wins,
                    draws=self.side_draws[players],
                    win_rate=wins / games,
                    ci_low=low,
                    ci_high=high,
                    total_per_deal=points,
                )
            )
        return tuple(result)

    def rule_set(self) -> RuleSetStats:
        n, edges = self.games, self.edges
        low, high = wilson(self.first_dealer_wins, n)
        return RuleSetStats(
            games=n,
            draws=self.draws,
            deals_per_game=self.deals / n,
            dealer_edge=edges.mean(),
            dealer_edge_ci=Z95 * edges.stdev() / math.sqrt(edges.count) if edges.count else 0.0,
            first_dealer_wins=self.first_dealer_wins,
            first_dealer_win_rate=self.first_dealer_wins / n,
            first_dealer_ci_low=low,
            first_dealer_ci_high=high,
            fair_share=1 / self.sides,
            margin_mean=self.margins.mean(),
            margin_sd=self.margins.stdev(),
            actions_per_game=self.actions / n,
            points_per_deal=_per_deal(self.points, self.deals),
        )


def _in_order(counts: Counter[str], names: Sequence[str]) -> dict[str, int]:
    """``counts`` as a dict, its keys in the order of ``names`` (any others after, sorted)."""
    ordered = [name for name in names if name in counts] + sorted(set(counts) - set(names))
    return {name: counts[name] for name in ordered}


def _dealer_edge(game: GameSummary, deal: DealSummary) -> float:
    """The dealer's side's points in a deal less the mean of the other sides' points."""
    side = game.side_of(deal.dealer)
    return deal.points[side] - fmean(pts for s, pts in enumerate(deal.points) if s != side)


def make_report(rules: Rules, names: Sequence[str], seed: int, games: Iterable[GameSummary]) -> Report:
    """The statistics of ``games`` (summaries, in any order, each read once as it comes) played by
    ``names`` under ``rules``."""
    tally = Tally(len(names))
    for game in games:
        tally.add(game)
    return tally_report(rules, names, seed, tally)


def tally_report(rules: Rules, names: Sequence[str], seed: int, tally: Tally) -> Report:
    """The report of the games counted in ``tally``, played by ``names`` under ``rules``."""
    if not tally.games:
        raise NoddyError(
            f"no games to report for {', '.join(names)} under {rules.name}: a report needs at least one game"
        )
    unique = display_names(names)
    stakes = [lurch.name for lurch in rules.game.lurch]
    players = tuple(tally.player(name, i, stakes) for i, name in enumerate(unique))
    title = rules.title or rules.name
    return Report(rules.name, title, seed, tally.games, players, tally.rule_set(), tally.side_stats(unique))
