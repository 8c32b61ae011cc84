"""The picture of a reviewed game: the reviewed side's chance of winning at the start of every deal
and at the end, the fair share, and the decisions that mattered most, drawn with matplotlib's Agg."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from noddy.review import Review
from noddy.words import number_text, win_phrase

__all__ = ["draw_review", "plot_review"]

_DPI = 120
_LINE = "#3b6ea5"
_MARK = "#c44e52"


def draw_review(found: Review, lang: str = "en") -> Figure:
    """The figure of ``found``'s curve, its words in ``lang``."""
    figure = Figure(figsize=(8, 4.2), layout="constrained")
    axes = figure.add_subplot()
    xs = list(range(1, len(found.curve) + 1))
    ys = [100 * point.chances[found.side] for point in found.curve]
    axes.plot(xs, ys, color=_LINE, marker="o", linewidth=2)
    axes.axhline(100 / len(found.curve[0].chances), color="#888888", linestyle="--", linewidth=1)
    end = win_phrase("review.plot.end", lang)
    labels = [str(point.deal) if point.dealer is not None else end for point in found.curve]
    axes.set_xticks(xs, labels)
    axes.set_ylim(0, 100)
    axes.yaxis.set_major_formatter(PercentFormatter(100))
    axes.set_xlabel(win_phrase("review.plot.x", lang))
    axes.set_ylabel(win_phrase("review.plot.y", lang))
    axes.set_title(win_phrase("review.plot.title", lang, name=found.name))
    for decision in found.marked:
        x = decision.deal + 0.5
        axes.axvline(x, color=_MARK, linestyle=":", linewidth=1.5)
        lost = win_phrase("percent", lang, n=number_text(100 * (decision.chance_loss or 0.0), lang, 1))
        said = win_phrase("review.plot.marked", lang, move=decision.move, lost=lost)
        axes.annotate(said, (x + 0.06, 96), color=_MARK, fontsize=8, ha="left", va="top", rotation=90)
    return figure


def plot_review(found: Review, path: Path, lang: str = "en") -> None:
    """Draw ``found``'s curve to ``path``."""
    draw_review(found, lang).savefig(path, dpi=_DPI)
