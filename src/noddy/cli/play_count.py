"""``noddy play --count-yourself``: at each count of the person's own hand or crib, the person is
asked for the total first, then shown the count item by item with the trainer's verdict; the game
pegs the true count. A tally is said at the end. The glossary of the table's terms, for the help."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

from noddy.cli.common import ask_line, console
from noddy.cli.play_undo import UndoAsked
from noddy.cli.train_cmd import show_verdict
from noddy.game import Action, PlayerView
from noddy.rules import Rules
from noddy.train import Tally, glossary, judge_own, own_count, practice_offered
from noddy.words import countplay_phrase, is_undo, miss_line, tally_line, train_phrase

__all__ = ["CountCoach", "CountYourselfOption", "glossary_help"]

CountYourselfOption = Annotated[
    bool,
    typer.Option(
        "--count-yourself",
        help="Practice: type the count of your own hand or crib before it is shown; it is checked and"
        " explained, and the true count is pegged.",
    ),
]


def glossary_help(rules: Rules, lang: str) -> str:
    """The table's terms, one a line, for the end of the play's help (``?``)."""
    lines = [countplay_phrase("glossary_heading", lang)]
    entries = glossary(rules, lang)
    lines += ["  " + countplay_phrase("glossary_entry", lang, term=t, sentence=s) for t, s in entries]
    return "\n".join(lines)


class CountCoach:
    """Asks each person their own counts before the game makes them, and keeps a tally a seat."""

    def __init__(self, rules: Rules, lang: str) -> None:
        self.lang = lang
        self.offered = practice_offered(rules)
        self.tallies: dict[int, Tally] = {}

    def start(self) -> None:
        """Say, once, that the rules' muggins makes the option ask nothing extra."""
        if not self.offered:
            console.print(f"[dim]{escape(countplay_phrase('muggins_note', self.lang))}[/]")

    def ask(self, view: PlayerView) -> Action | None:
        """At a count of the seat's own, ask for the total, judge it and explain the count, then
        give the action that pegs the true count; ``None`` when there is nothing to ask."""
        question = own_count(view) if self.offered else None
        if question is None or view.seat is None:
            return None
        lang = self.lang
        given = self._answer(countplay_phrase(f"ask.{question.what}", lang), lang, view.seat)
        judgement = judge_own(view, question, 0 if given is None else given)
        self.tallies[view.seat] = self.tallies.get(view.seat, Tally()).add(
            None if given is None else judgement
        )
        if given is None:
            console.print(f"[dim]{escape(countplay_phrase('skipped', lang))}[/]")
        else:
            show_verdict(judgement, lang)
            miss = miss_line(given, judgement.total, lang)
            if miss:
                console.print(escape(miss))
        return Action.count(view.seat)

    def _answer(self, prompt: str, lang: str, seat: int) -> int | None:
        """A whole number typed at ``prompt``, or ``None`` for Enter alone (a skip); ``u`` asks the
        game to take ``seat``'s last move back, as at any other prompt."""
        while True:
            text = ask_line(f"[bold]{escape(prompt)}[/]", countplay_phrase("help", lang))
            if not text:
                return None
            if is_undo(text, lang):
                raise UndoAsked(seat)
            if text.isascii() and text.isdecimal() and len(text) <= 3:
                return int(text)
            console.print(f"[red]{escape(train_phrase('not_number', lang, text=text))}[/]")

    def tally_lines(self, names: list[str]) -> list[str]:
        """The tally of each person asked, named when more than one was."""
        lines = []
        for seat, tally in sorted(self.tallies.items()):
            line = tally_line(tally.asked, tally.right, tally.skipped, self.lang)
            lines.append(f"{names[seat]}: {line}" if len(self.tallies) > 1 else line)
        return lines
