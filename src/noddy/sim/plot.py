"""One figure of a tournament (or of several rule sets side by side), drawn with matplotlib's Agg.

Left: each player's win rate with its 95% Wilson interval, and the fair share (one in a side count)
as a dashed line. Right: each player's points per deal, stacked by where they came from. With
several rule sets the bars are grouped by rule set.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter
from matplotlib.transforms import blended_transform_factory

from noddy.errors import NoddyError
from noddy.sim.stats import SOURCE_LABELS, Report
from noddy.sim.tournament import SOURCES

__all__ = ["check_plot_path", "plot_reports"]

_PLAYER_COLOURS = ("#3b6ea5", "#d1793b", "#5a9e5a", "#a8506b", "#7d6bb0", "#8c7a5b")
_SOURCE_COLOURS = {
    "hand": "#4c72b0",
    "crib": "#8fb3de",
    "play": "#dd8452",
    "thirty_one": "#c44e52",
    "last_card": "#f2c36b",
    "knave": "#55a868",
    "muggins": "#8172b3",
    "compensation": "#937860",
}
_WIDTH = 0.8


def _positions(reports: Sequence[Report]) -> list[list[float]]:
    """The x position of each player's bar, grouped by rule set (one unit of space between groups)."""
    players = len(reports[0].players)
    step = _WIDTH / players if len(reports) > 1 else 1.0
    span = players * step + (1.0 if len(reports) > 1 else 0.0)
    return [[g * span + p * step for p in range(players)] for g in range(len(reports))]


def _label_groups(ax: Axes, xs: Sequence[Sequence[float]], reports: Sequence[Report]) -> None:
    """Write each rule set's name under its group of bars."""
    below = blended_transform_factory(ax.transData, ax.transAxes)
    for group, report in zip(xs, reports, strict=True):
        centre = (group[0] + group[-1]) / 2
        ax.text(centre, -0.2, report.rules, transform=below, ha="center", va="top", fontweight="bold")


def _win_rates(ax: Axes, reports: Sequence[Report], xs: list[list[float]]) -> None:
    step = _WIDTH / len(reports[0].players) if len(reports) > 1 else _WIDTH
    for group, report in zip(xs, reports, strict=True):
        for i, (x, player) in enumerate(zip(group, report.players, strict=True)):
            error = [[player.win_rate - player.ci_low], [player.ci_high - player.win_rate]]
            ax.bar(
                x,
                player.win_rate,
                step * 0.9,
                color=_PLAYER_COLOURS[i % len(_PLAYER_COLOURS)],
                yerr=error,
                capsize=4,
                ecolor="#333333",
                label=player.name if group is xs[0] else None,
            )
            if len(reports) == 1:
                ax.text(x, player.ci_high + 0.02, f"{player.win_rate:.0%}", ha="center", va="bottom")
        fair = report.rule_set.fair_share
        ax.hlines(fair, group[0] - step / 2, group[-1] + step / 2, colors="#555555", linestyles="dashed")
    ax.set_ylim(0, 1.15)
    ax.set_yticks([0.0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_ylabel("games won (95% interval)")
    ax.set_title("Win rate  (dashed: fair share)")
    if len(reports) > 1:
        ax.set_xticks([(g[0] + g[-1]) / 2 for g in xs], [r.rules for r in reports])
        ax.legend(loc="upper center", ncol=len(reports[0].players), frameon=False, fontsize=9)
    else:
        ax.set_xticks(xs[0], [p.name for p in reports[0].players])


def _points(ax: Axes, reports: Sequence[Report], xs: list[list[float]]) -> None:
    step = _WIDTH / len(reports[0].players) if len(reports) > 1 else _WIDTH
    used = [s for s in SOURCES if any(p.points_per_deal[s] for r in reports for p in r.players)]
    for group, report in zip(xs, reports, strict=True):
        for x, player in zip(group, report.players, strict=True):
            bottom = 0.0
            for source in used:
                height = player.points_per_deal[source]
                label = SOURCE_LABELS[source] if group is xs[0] and x == group[0] else None
                ax.bar(x, height, step * 0.9, bottom=bottom, color=_SOURCE_COLOURS[source], label=label)
                bottom += height
            ax.text(
                x, bottom, f"{bottom:.2f}", ha="center", va="bottom", fontsize=9 if len(reports) == 1 else 8
            )
    ticks = [x for g in xs for x in g]
    names = [p.name for r in reports for p in r.players]
    if len(reports) > 1:
        ax.set_xticks(ticks, names, fontsize=8, rotation=45, ha="right", rotation_mode="anchor")
        _label_groups(ax, xs, reports)
    else:
        ax.set_xticks(ticks, names)
    ax.set_ylabel("points per deal")
    ax.set_title("Points per deal by source")
    ax.margins(y=0.12)
    handles, labels = ax.get_legend_handles_labels()
    ax.legend(
        handles[::-1], labels[::-1], loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False, fontsize=9
    )


def check_plot_path(path: Path) -> None:
    """Refuse, before the games are played, a plot file that could not be written."""
    formats = Figure().canvas.get_supported_filetypes()
    if path.suffix.lstrip(".").lower() not in formats:
        raise NoddyError(
            f"cannot draw {str(path)!r}: name a .png file (or one of: {', '.join(sorted(formats))})"
        )
    if not path.parent.is_dir():
        raise NoddyError(f"cannot write {str(path)!r}: there is no folder {str(path.parent)!r}")


def plot_reports(reports: Sequence[Report], path: Path) -> None:
    """Draw one figure of ``reports`` (one per rule set, the same players in each) to ``path``."""
    xs = _positions(reports)
    bars = len(reports) * len(reports[0].players)
    width = max(10.0, 4.0 + 0.9 * bars) if len(reports) > 1 else 10.0
    figure = Figure(figsize=(width, 4.6), layout="constrained")
    left, right = figure.subplots(1, 2, width_ratios=(1, 1.25))
    _win_rates(left, reports, xs)
    _points(right, reports, xs)
    for ax in (left, right):
        ax.spines[["top", "right"]].set_visible(False)
        ax.grid(axis="y", color="#dddddd", linewidth=0.8)
        ax.set_axisbelow(True)
    first = reports[0]
    names = " v ".join(p.name for p in first.players)
    if len(reports) > 1:
        title = f"{names}: {first.games:,} games under each rule set (seed {first.seed})"
    else:
        title = f"{first.title}: {names}, {first.games:,} games (seed {first.seed})"
    figure.suptitle(title, fontsize=12)
    figure.savefig(path, dpi=120)
