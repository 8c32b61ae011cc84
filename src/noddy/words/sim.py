"""The simulator's words (``noddy simulate``): how partners and their sides are named and said."""

from __future__ import annotations

from collections.abc import Sequence

from noddy.words.calls import fill_phrase

__all__ = ["SIM", "partners_line", "side_label", "sides_heading", "sim_phrase"]

SIM: dict[str, dict[str, str]] = {
    "en": {
        "seats": "seats {seats}",
        "and": " and ",
        "side": "{names} ({seats})",
        "versus": " v ",
        "partners": (
            "Partners: {sides}. Partners sit opposite and stay together in every game (the seats"
            " rotate), so a player wins when its side wins."
        ),
        "sides.title": "Sides",
        "sides.side": "side",
        "sides.wins": "{side} wins",
        "stopped": "Stopped after {played} of {games} games, as asked: no report.",
    },
}
"""Each phrase of the simulator's report, per language (the report is in English only, as yet)."""


def sim_phrase(key: str, **values: object) -> str:
    """A phrase of the simulator's report with its values filled in."""
    return fill_phrase(SIM, key, "en", values)


def side_label(players: Sequence[int], names: Sequence[str]) -> str:
    """A side named by its players and their places in ``--seats`` (counted from 0).

    >>> side_label((0, 2), ("greedy", "greedy#2"))
    'greedy & greedy#2 (seats 0 and 2)'
    """
    seats = sim_phrase("seats", seats=sim_phrase("and").join(str(p) for p in players))
    return sim_phrase("side", names=" & ".join(names), seats=seats)


def sides_heading(sides: Sequence[Sequence[str]]) -> str:
    """The players as they face each other, side by side: "greedy & greedy#2 v random & random#2".

    >>> sides_heading([("greedy", "greedy#2"), ("random", "random#2")])
    'greedy & greedy#2 v random & random#2'
    """
    return sim_phrase("versus").join(" & ".join(names) for names in sides)


def partners_line(sides: Sequence[tuple[Sequence[int], Sequence[str]]]) -> str:
    """Who plays with whom, each side with its places in ``--seats``.

    >>> partners_line([((0, 2), ("greedy", "greedy#2")), ((1, 3), ("random", "random#2"))]).split(". ")[0]
    'Partners: greedy & greedy#2 (seats 0 and 2) v random & random#2 (seats 1 and 3)'
    """
    said = sim_phrase("versus").join(side_label(players, names) for players, names in sides)
    return sim_phrase("partners", sides=said)
