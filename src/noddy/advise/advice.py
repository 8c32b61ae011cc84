"""The advice itself: every way to lay away a hand with its expected counts (`Option`), ranked
(`Advice`), the board it was weighed at where the chance of winning ranks it (`Board`), and what a
teacher says of that ranking (`win_lines`). `noddy.advise.lay_away` works the counts out and
`noddy.advise.win` the chances; both hand back these values.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from noddy.cards import Card
from noddy.rules import Rules
from noddy.words import advise_phrase, cards_text, percent_text

__all__ = ["Advice", "Board", "Option", "win_lines"]


@dataclass(frozen=True)
class Option:
    """One way to lay away: the cards kept and laid, and their expected counts.

    ``crib`` is the crib's expected count whoever owns it; ``total`` adds it for one's own side's
    crib and takes it off for another side's. ``spread`` (when asked for) is the chance of each
    total this deal, hand and crib together, over the same cases."""

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    hand: Fraction
    crib: Fraction
    total: Fraction
    spread: tuple[tuple[int, Fraction], ...] = ()
    win: float | None = None
    """The chance of winning the game after this lay-away, where the board is known (`chances`)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "keep": [str(c) for c in self.keep],
            "discard": [str(c) for c in self.discard],
            "hand": float(self.hand),
            "crib": float(self.crib),
            "total": float(self.total),
            **({"win": self.win} if self.win is not None else {}),
        }


@dataclass(frozen=True)
class Advice:
    """Every lay-away of ``hand``, best first; ``dealer`` says whether the crib is one's own side's
    (always so where each player has a crib of his own)."""

    rules: Rules
    hand: tuple[Card, ...]
    dealer: bool
    model: str
    options: tuple[Option, ...]
    crib_sign: int
    """+1 when the crib counts for the player's side, -1 when against it, 0 without a crib."""
    board: Board | None = None
    """Where the chance of winning was weighed (`chances`): the options are then ranked by it."""

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The advice as JSON, with the chance of winning where it was weighed and its sentences
        in ``lang`` (`win_lines`)."""
        found: dict[str, Any] = {
            "rules": self.rules.name,
            "hand": [str(c) for c in self.hand],
            "dealer": self.dealer,
            "model": self.model,
            "options": [option.to_json() for option in self.options],
        }
        if self.board is not None:
            found["board"] = {"scores": list(self.board.scores), "dealing": self.board.dealing}
            found["chance"] = self.board.chance
            found["by_points"] = self.options.index(self.by_points)
            found["lines"] = win_lines(self, lang)
        return found

    @property
    def by_points(self) -> Option:
        """The lay-away with the most points expected (the first of them, ranked as given)."""
        return max(self.options, key=lambda o: o.total)


@dataclass(frozen=True)
class Board:
    """The board a lay-away's chance of winning is weighed at: each side's points, the player's
    side first; whether the player's side deals; its chance of winning before the deal."""

    scores: tuple[int, ...]
    dealing: bool
    chance: float


def win_lines(advice: Advice, lang: str = "en") -> list[str]:
    """What a teacher says of a ranking by the chance of winning, in ``lang``: the chance before
    the deal, how the lay-aways are ranked, and whether the best for the game is the best for the
    points (if not: keep the points for the hand now, keep the dealer's crib down, or simply that
    it wins more often; or that none wins clearly more often, so take the points)."""
    board = advice.board
    if board is None:
        return []
    score = "–".join(str(s) for s in board.scores)
    dealing = advise_phrase(f"advise.win.dealing.{'you' if board.dealing else 'them'}", lang)
    lines = [
        advise_phrase(
            "advise.win.now", lang, score=score, dealing=dealing, chance=percent_text(board.chance, lang)
        ),
        advise_phrase("advise.win.ranked", lang),
    ]
    best, points = advice.options[0], advice.by_points
    chance = percent_text(best.win or 0.0, lang)
    if best.total == points.total:
        top = max(o.win or 0.0 for o in advice.options)
        if percent_text(top, lang) == chance:
            lines.append(advise_phrase("advise.win.agree", lang, score=score, chance=chance))
        else:
            close = percent_text(top, lang)
            lines.append(advise_phrase("advise.win.close", lang, score=score, chance=chance, best=close))
        return lines
    kind = _why(advice, best, points)
    lines.append(
        advise_phrase(
            f"advise.win.{kind}",
            lang,
            score=score,
            keep=cards_text(best.keep, lang),
            lay=cards_text(best.discard, lang),
            other=cards_text(points.keep, lang),
            other_lay=cards_text(points.discard, lang),
            chance=chance,
            other_chance=percent_text(points.win or 0.0, lang),
        )
    )
    return lines


def _why(advice: Advice, best: Option, points: Option) -> str:
    """Why the lay-away best for the game is not the one with the most points: it keeps more in
    hand (``offence``), it gives the other side's crib less (``defence``), or neither (``other``:
    the play's pegs, or how the points fall)."""
    if best.hand > points.hand:
        return "offence"
    if advice.crib_sign < 0 and best.crib < points.crib:
        return "defence"
    return "other"
