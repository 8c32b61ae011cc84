"""One figure of a tournament (or of several rule sets side by side), drawn with matplotlib's Agg.

Left (or above, when many rule sets are compared): each player's win rate with its 95% Wilson
interval and its percentage, and the fair share (one in a side count) as a dashed line. Right (or
below): each player's points per deal, stacked by where they came from. With several rule sets the
bars are grouped by rule set.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.ticker import PercentFormatter
from matplotlib.transforms import blended_transform_factory

from noddy.errors import NoddyError
from noddy.sim.stats import Report
from noddy.sim.tournament import SOURCES
from noddy.words import Reason, rule_set_words, sides_heading, sim_phrase, source_label

__all__ = ["check_plot_path", "draw_reports", "plot_reports"]

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
_LABEL_HEIGHT = 0.05
"""About the height of a percentage label on the win-rate axis, as a win rate (before it is measured)."""
_GAP = 0.015
"""The space kept between a percentage label and what it must not touch, as a win rate."""
_TOUCH = 0.005
"""How close, as a win rate, a percentage label may come to the fair-share line."""
_Labels = list[tuple[Text, float]]
_SIDE_BY_SIDE = 8
_DPI = 120
"""The most bars a compared figure draws side by side; with more, the two plots are stacked."""


def _positions(reports: Sequence[Report]) -> list[list[float]]:
    """The x position of each player's bar, grouped by rule set (one unit of space between groups)."""
    players = len(reports[0].players)
    step = _WIDTH / players if len(reports) > 1 else 1.0
    span = players * step + (1.0 if len(reports) > 1 else 0.0)
    return [[g * span + p * step for p in range(players)] for g in range(len(reports))]


def _win_rates(
    ax: Axes, reports: Sequence[Report], xs: list[list[float]], lang: str
) -> tuple[list[Text], _Labels]:
    """The win-rate bars with their intervals and percentages, and the fair share as a dashed line.

    Returns the rule sets' names under the groups (none for one rule set) and each percentage with
    the fair share it must keep clear of.
    """
    compared = len(reports) > 1
    step = _WIDTH / len(reports[0].players) if compared else _WIDTH
    top = 0.0
    rates: _Labels = []
    for group, report in zip(xs, reports, strict=True):
        fair = report.rule_set.fair_share
        for i, (x, player) in enumerate(zip(group, report.players, strict=True)):
            rate = player.win_rate
            ax.bar(
                x,
                rate,
                step * 0.9,
                color=_PLAYER_COLOURS[i % len(_PLAYER_COLOURS)],
                yerr=[[max(0.0, rate - player.ci_low)], [max(0.0, player.ci_high - rate)]],
                capsize=2 if compared else 4,
                ecolor="#333333",
                label=player.name if group is xs[0] else None,
            )
            y = max(rate, player.ci_high) + _GAP
            label = ax.text(x, y, f"{rate:.0%}", ha="center", va="bottom", fontsize=8 if compared else 10)
            rates.append((label, fair))
            top = max(top, y + _LABEL_HEIGHT)
        top = max(top, fair + _GAP)
        ax.hlines(fair, group[0] - step / 2, group[-1] + step / 2, colors="#555555", linestyles="dashed")
    ax.set_ylim(0, top)
    tick = 0.1 if top < 0.6 else 0.2
    ax.set_yticks([n * tick for n in range(math.floor(min(top, 1.0) / tick + 1e-9) + 1)])
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_ylabel(sim_phrase("plot.won", lang))
    ax.set_title(sim_phrase("plot.win_rate", lang))
    if not compared:
        ax.set_xticks(xs[0], [p.name for p in reports[0].players])
        return [], rates
    ax.set_xticks([(g[0] + g[-1]) / 2 for g in xs], [r.rules for r in reports])
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False, fontsize=9)
    return list(ax.get_xticklabels()), rates


def _clear_of_fair_share(ax: Axes, rates: _Labels) -> None:
    """Lift each percentage that would touch its fair-share line to just above it, and run the axis
    up to the highest label (and no higher)."""
    top = 0.0
    for label, fair in rates:
        box = label.get_window_extent().transformed(ax.transData.inverted())
        if box.y0 - _TOUCH < fair < box.y1 + _TOUCH:
            label.set_y(fair + _GAP)
            box = label.get_window_extent().transformed(ax.transData.inverted())
        top = max(top, box.y1 + _GAP, fair + _GAP)
    ax.set_ylim(0, top)


def _points(ax: Axes, reports: Sequence[Report], xs: list[list[float]], lang: str) -> list[Text]:
    """Each player's points per deal stacked by source, with the total on top; returns the rule sets'
    names under the groups (none for one rule set)."""
    step = _WIDTH / len(reports[0].players) if len(reports) > 1 else _WIDTH
    used = [s for s in SOURCES if any(p.points_per_deal[s] for r in reports for p in r.players)]
    for group, report in zip(xs, reports, strict=True):
        for x, player in zip(group, report.players, strict=True):
            bottom = 0.0
            for source in used:
                height = player.points_per_deal[source]
                label = source_label(source, lang) if group is xs[0] and x == group[0] else None
                ax.bar(x, height, step * 0.9, bottom=bottom, color=_SOURCE_COLOURS[source], label=label)
                bottom += height
            ax.text(
                x, bottom, f"{bottom:.2f}", ha="center", va="bottom", fontsize=9 if len(reports) == 1 else 7
            )
    ax.set_ylabel(sim_phrase("plot.points", lang))
    ax.set_title(sim_phrase("by_source", lang))
    ax.margins(y=0.12)
    handles, labels = ax.get_legend_handles_labels()
    ax.legend(
        handles[::-1], labels[::-1], loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False, fontsize=9
    )
    ticks = [x for g in xs for x in g]
    names = [p.name for r in reports for p in r.players]
    if len(reports) == 1:
        ax.set_xticks(ticks, names)
        return []
    ax.set_xticks(ticks, names, fontsize=8, rotation=45, ha="right", rotation_mode="anchor")
    below = blended_transform_factory(ax.transData, ax.transAxes)
    return [
        ax.text((g[0] + g[-1]) / 2, -0.2, r.rules, transform=below, ha="center", va="top", fontweight="bold")
        for g, r in zip(xs, reports, strict=True)
    ]


def _untangle(labels: Sequence[Text]) -> None:
    """Turn a row of labels aslant when any two of them would overlap side by side."""
    boxes = [label.get_window_extent() for label in labels]
    if any(a.x1 + 8 > b.x0 for a, b in pairwise(boxes)):
        for label in labels:
            label.set(rotation=30, horizontalalignment="right", rotation_mode="anchor")


def check_plot_path(path: Path) -> None:
    """Refuse, before the games are played, a plot file that could not be written."""
    formats = Figure().canvas.get_supported_filetypes()
    shown, folder = repr(str(path)), repr(str(path.parent))
    if path.suffix.lstrip(".").lower() not in formats:
        raise NoddyError(Reason("plot_format", path=shown, formats=", ".join(sorted(formats))))
    if not path.parent.is_dir():
        raise NoddyError(Reason("plot_no_folder", path=shown, folder=folder))
    if path.is_dir():
        raise NoddyError(Reason("plot_folder", path=shown))
    if not os.access(path.parent, os.W_OK):
        raise NoddyError(Reason("plot_denied", path=shown, folder=folder))


def plot_reports(reports: Sequence[Report], path: Path, lang: str = "en") -> None:
    """Draw one figure of ``reports`` (one per rule set, the same players in each) to ``path``, its
    words in ``lang``."""
    draw_reports(reports, lang).savefig(path, dpi=_DPI)


def draw_reports(reports: Sequence[Report], lang: str = "en") -> Figure:
    """The figure of ``reports``, laid out so that no label overlaps another or the fair share, its
    words in ``lang``."""
    xs = _positions(reports)
    bars = len(reports) * len(reports[0].players)
    stacked = len(reports) > 1 and bars > _SIDE_BY_SIDE
    if stacked:
        figure = Figure(figsize=(min(16.0, 4.0 + 0.5 * bars), 9.6), dpi=_DPI, layout="constrained")
        top, bottom = figure.subplots(2, 1)
    else:
        width = max(10.0, 4.0 + 0.9 * bars) if len(reports) > 1 else 10.0
        figure = Figure(figsize=(width, 4.6), dpi=_DPI, layout="constrained")
        top, bottom = figure.subplots(1, 2, width_ratios=(1, 1.25))
    rule_sets, rates = _win_rates(top, reports, xs, lang)
    rows = (rule_sets, _points(bottom, reports, xs, lang))
    for ax in (top, bottom):
        ax.spines[["top", "right"]].set_visible(False)
        ax.grid(axis="y", color="#dddddd", linewidth=0.8)
        ax.set_axisbelow(True)
    first = reports[0]
    names = sides_heading([(p.name,) for p in first.players], lang)
    games = f"{first.games:,}"
    if len(reports) > 1:
        title = sim_phrase("heading.compare", lang, facing=names, games=games, seed=first.seed)
    else:
        named = rule_set_words(first.rules, first.title, "", lang)[0]
        title = sim_phrase("heading.plot", lang, title=named, facing=names, games=games, seed=first.seed)
    figure.suptitle(title, fontsize=12)
    figure.draw_without_rendering()
    _clear_of_fair_share(top, rates)
    for labels in rows:
        if labels:
            _untangle(labels)
    figure.draw_without_rendering()
    return figure
