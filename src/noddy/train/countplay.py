"""Counting it yourself at a real game, and the glossary of a table's terms.

At a count of a seat's own hand or crib (shown after the play, or announced before it), the seat may
answer the count before it is made; the answer is judged by the trainer's checker against the items
the engine pegs, from the seat's own view only. It is practice: the game pegs the true count.
The glossary is the terms a rule set can score and play with, found from the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from noddy.game import ActionKind, PlayerView, TaskKind, announced_items, jack_receiver
from noddy.rules import Rules
from noddy.train.questions import MIXED, Judgement, Question, What, drill_kinds
from noddy.words import ScoreRow, score_rows
from noddy.words import glossary as say_glossary

__all__ = ["Tally", "glossary", "judge_own", "own_count", "practice_offered", "score_kinds", "score_table"]


def practice_offered(rules: Rules) -> bool:
    """Whether counting it yourself asks anything: not under muggins, where the seat's own declared
    count is already the check (an opponent may claim what it misses)."""
    return rules.hand.wrong_count != "muggins"


def own_count(view: PlayerView) -> Question | None:
    """The count this seat is about to make of its own hand or crib, as a trainer's question (its
    cards are the view's, nothing hidden), or ``None`` when the seat makes no count of its own now."""
    if view.counting is None or view.seat is None or ActionKind.COUNT not in view.legal.kinds:
        return None
    what, seat = view.counting
    if seat != view.seat or not view.counted or view.turnup is None:
        return None
    announced = view.rules.hand.when == "before_play"
    asked: What = "crib" if what is TaskKind.CRIB else "announcement" if announced else "hand"
    return Question(view.rules, asked, MIXED, view.counted, view.turnup, dealer=view.dealer == view.seat)


def judge_own(view: PlayerView, question: Question, points: int) -> Judgement:
    """``points`` judged against the items the engine pegs for this count (`announced_items`, with
    the turned Jack where the rules put it inside its receiver's count)."""
    receives = jack_receiver(view.rules, view.dealer, view.elder) == view.seat
    items = announced_items(
        view.rules, question.held, question.turnup, crib=question.what == "crib", receives_jack=receives
    )
    return Judgement(question, points, items)


@dataclass(frozen=True, slots=True)
class Tally:
    """The counts a person was asked in a game: answered right, answered wrong, skipped."""

    asked: int = 0
    right: int = 0
    skipped: int = 0

    def add(self, judgement: Judgement | None) -> Tally:
        """The tally with one more count: ``None`` for a skipped one."""
        if judgement is None:
            return Tally(self.asked + 1, self.right, self.skipped + 1)
        return Tally(self.asked + 1, self.right + judgement.correct, self.skipped)


def score_kinds(rules: Rules) -> frozenset[str]:
    """The kinds a table under ``rules`` scores: those its hands and play can make (as the trainer
    finds them), with the Knave and a turned Jack where the rules score them."""
    found = set(drill_kinds(rules)) - {MIXED}
    if rules.hand.knave:
        found.add("knave")
    if rules.turnup.jack_points:
        found.add("turned_jack")
    return frozenset(found)


def glossary(rules: Rules, lang: str = "en") -> tuple[tuple[str, str], ...]:
    """The terms of a table under ``rules``, each with one plain sentence said from the rules' values
    (`noddy.words.glossary`): the kinds it scores (`score_kinds`), then how its deal goes."""
    return say_glossary(rules, score_kinds(rules), lang)


def score_table(rules: Rules, lang: str = "en") -> tuple[ScoreRow, ...]:
    """The table of scores of ``rules`` (`noddy.words.sheet.score_rows`), a row for each kind it
    scores (`score_kinds`), the glossary's terms."""
    return score_rows(rules, score_kinds(rules), lang)
