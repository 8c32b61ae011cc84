"""``noddy train --kind offence``: the drill "offence or defence?" in the terminal: a lay-away near
the end of a game, its two ways, the learner's choice, and the board table's answer with its reason."""

from __future__ import annotations

import random
from collections.abc import Callable

from rich.markup import escape

from noddy.cli.common import Quit, ask_line, console
from noddy.cli.render import cards_text
from noddy.rules import Rules
from noddy.train import Progress
from noddy.train.offence import SAMPLES, Choice, draw_offence
from noddy.words import drill_board, drill_choice, drill_lines, drill_name, drill_way, offence_phrase

__all__ = ["offence_drill", "show_choice"]


def show_choice(choice: Choice, lang: str, title: str) -> None:
    """The position: the board, the hand (and the turn-up, if shown), and the two ways."""
    console.print()
    console.print(f"[bold]{escape(drill_name(choice.kind, lang))}[/] · {escape(title)}")
    mine, theirs = choice.scores[choice.side], choice.scores[1 - choice.side]
    board = drill_board(mine, theirs, choice.target, choice.crib_mine, lang)
    console.print(escape(board))
    console.print(f"{escape(offence_phrase('drill.hand', lang))}: {cards_text(choice.hand, lang)}")
    if choice.turnup is not None:
        console.print(f"{escape(offence_phrase('drill.turnup', lang))}: {cards_text([choice.turnup], lang)}")
    console.print(f"[bold]{escape(offence_phrase('drill.prompt', lang))}[/]")
    for number, way in enumerate(choice.ways, start=1):
        console.print(f"  {number}) {escape(drill_way(way.side, way.discard, way.keep, lang))}")


def _ask(lang: str) -> str | None:
    """The way the learner chooses; ``None`` to stop (q, or the end of the input)."""
    while True:
        try:
            text = ask_line(escape(offence_phrase("drill.ask", lang)), offence_phrase("drill.help", lang))
        except (EOFError, KeyboardInterrupt, Quit):
            return None
        chosen = drill_choice(text, lang)
        if chosen is not None:
            return chosen
        console.print(f"[yellow]{escape(offence_phrase('drill.not_choice', lang, text=text))}[/]")


def offence_drill(
    rules: Rules,
    title: str,
    questions: int | None,
    progress: Progress,
    save: Callable[[], None],
    rng: random.Random,
    lang: str,
    clock: Callable[[], float],
) -> tuple[int, int]:
    """Ask, judge and explain positions until the learner stops or the questions are done; the
    progress is counted under the drill's name and saved after each answer. Returns the positions
    answered and those right."""
    asked = right = 0
    while questions is None or asked < questions:
        choice = draw_offence(rules, rng)
        show_choice(choice, lang, title)
        started = clock()
        given = _ask(lang)
        if given is None:
            break
        now = clock()
        correct = choice.judge(given)
        progress.record(choice.kind, correct=correct, seconds=now - started, now=now, rules=rules.name)
        asked += 1
        right += correct
        save()
        ways = [(w.side, w.mine, w.theirs, w.chance) for w in choice.ways]
        verdict, *reasons = drill_lines(ways, choice.worth, choice.answer, correct, SAMPLES, lang)
        style = "bold green" if correct else "bold red"
        console.print(f"[{style}]{'✔' if correct else '✘'} {escape(verdict)}[/]")
        for line in reasons:
            console.print("  " + escape(line))
    return asked, right
