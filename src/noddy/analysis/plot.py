"""The board table as a heat map a person reads at a glance, drawn with matplotlib's Agg.

Two sides: the dealer's score up the side, the pone's along the bottom, the dealer's chance of
winning before the deal in colour (red: the pone's game, blue: the dealer's), the even-chances line,
the rules' lurch (skunk) thresholds and every tenth hole marked; the axes end at the target's hole.
Three sides: one such panel (dealer against elder) for each of a few scores of the third player.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from noddy.analysis.board import BoardTable
from noddy.analysis.grid import dealer_grid
from noddy.rules import Rules
from noddy.words import rule_set_words
from noddy.words.board import board_phrase

__all__ = ["draw_board", "plot_board"]

_DPI = 110


def _panel(
    axes: Axes, grid: np.ndarray, table: BoardTable, rules: Rules, lang: str, *, elder: bool
) -> object:
    target = table.target
    image = axes.imshow(
        grid, origin="lower", cmap="RdBu", vmin=0.0, vmax=1.0, extent=(-0.5, target - 0.5, -0.5, target - 0.5)
    )
    axes.contour(np.arange(target), np.arange(target), grid, levels=[0.5], colors="black", linewidths=1.2)
    step = 10 if target > 40 else 5
    ticks = sorted({*range(0, target, step), target - 1})
    axes.set_xticks(ticks)
    axes.set_yticks(ticks)
    axes.grid(color="white", alpha=0.25, linewidth=0.5)
    for lurch in rules.game.lurch:
        label = board_phrase("plot.lurch", lang, name=lurch.name, below=lurch.below)
        axes.axvline(lurch.below - 0.5, color="dimgray", linestyle="--", linewidth=1)
        axes.axhline(lurch.below - 0.5, color="dimgray", linestyle="--", linewidth=1)
        axes.annotate(label, (lurch.below, 1), color="dimgray", fontsize=8, rotation=90, va="bottom")
    axes.set_xlabel(board_phrase("axis.elder" if elder else "axis.pone", lang))
    axes.set_ylabel(board_phrase("axis.dealer", lang))
    axes.set_xlim(-0.5, target - 0.5)
    axes.set_ylim(-0.5, target - 0.5)
    return image


def draw_board(table: BoardTable, rules: Rules, lang: str = "en") -> Figure:
    """The heat map of ``table`` (of ``rules``), its words in ``lang``."""
    title = rule_set_words(rules.name, rules.title or rules.name, rules.summary, lang)[0]
    if table.sides == 2:
        figure = Figure(figsize=(8.0, 7.2), dpi=_DPI, layout="constrained")
        axes = figure.subplots()
        image = _panel(axes, dealer_grid(table, rules), table, rules, lang, elder=False)
        panels = [axes]
    else:
        thirds = (0, table.target // 2, table.target - max(1, table.target // 8))
        figure = Figure(figsize=(18.0, 6.6), dpi=_DPI, layout="constrained")
        panels = list(figure.subplots(1, len(thirds)))
        for axes, third in zip(panels, thirds, strict=True):
            image = _panel(axes, dealer_grid(table, rules, third), table, rules, lang, elder=True)
            axes.set_title(board_phrase("plot.title.three", lang, third=third))
    figure.suptitle(board_phrase("plot.title", lang, title=title) + f" ({table.target})")
    bar = figure.colorbar(image, ax=panels, shrink=0.85)  # type: ignore[arg-type]
    bar.set_label(board_phrase("plot.colour", lang))
    bar.set_ticks([0, 0.25, 0.5, 0.75, 1.0], labels=["0%", "25%", "50%", "75%", "100%"])
    return figure


def plot_board(table: BoardTable, rules: Rules, path: Path, lang: str = "en") -> None:
    """Draw the heat map of ``table`` to ``path``."""
    draw_board(table, rules, lang).savefig(path, dpi=_DPI)
