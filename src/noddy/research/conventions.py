"""What the PettingZoo environment (`noddy.research.pettingzoo`) says and checks beside its
stepping: its options of PettingZoo's conventions for turn-based games (what an illegal action
does, ``max_cycles``), the reason an illegal action gives, and a spectator's text of the events
for ``render``."""

from __future__ import annotations

from noddy.errors import IllegalActionError, NoddyError
from noddy.game import PlayerView
from noddy.words import event_line

__all__ = ["ILLEGAL", "check_options", "illegal_said", "spectator_text"]

ILLEGAL = ("lose", "raise")
"""What an action its mask forbids does (``illegal``): ends the game as a loss, or raises."""


def check_options(illegal: str, max_cycles: int | None) -> None:
    """Refuse an ``illegal`` that is not one of `ILLEGAL`, or a ``max_cycles`` not a count."""
    if illegal not in ILLEGAL:
        raise NoddyError(f"illegal={illegal!r} is not one of: {', '.join(ILLEGAL)}")
    if max_cycles is not None and (
        isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1
    ):
        raise NoddyError(
            f"max_cycles={max_cycles!r}: give a whole number of cycles, 1 or more (or None: no limit)"
        )


def illegal_said(agent: str, error: IllegalActionError, legal: list[int]) -> str:
    """What ``agent``'s info says of its illegal action: the engine's reason, then the legal indices."""
    return f"{error}; the legal action indices were {legal}: {agent}'s side loses the game"


def spectator_text(view: PlayerView, since: int, names: list[str]) -> str:
    """The events of a spectator's ``view`` from the ``since``-th on, one line each as the terminal
    writes it (the words of `noddy.words`, with the points pegged), then the scores."""
    lines = []
    for event in view.events[since:]:
        line = event_line(event, names, view.rules, view.partners)
        if line is not None:
            lines.append(line.text + (f" +{line.points}" if line.points else ""))
    scores = ", ".join(str(score) for score in view.scores)
    lines.append(f"Scores: {scores}; count {view.count}; phase {view.phase}")
    return "\n".join(lines)
