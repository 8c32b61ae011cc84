"""``noddy train``: the counting trainer in the terminal: a question, your count, the verdict and the
count step by step; progress kept in a local file."""

from __future__ import annotations

import json
import random
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from noddy.cards import Card
from noddy.cli.common import (
    LangOption,
    Quit,
    RulesOption,
    SetOption,
    ask_line,
    console,
    err_console,
    language,
    listen_for_ctrl_c,
    load,
    reporting_errors,
    rules_title,
    usage_error,
)
from noddy.cli.train_offence import offence_drill
from noddy.errors import NoddyError
from noddy.places import data_dir
from noddy.rules import Rules
from noddy.train import (
    Judgement,
    Progress,
    ProgressError,
    Question,
    drill_kinds,
    judge,
    next_question,
    pegged_apart,
)
from noddy.train.offence import OFFENCE, offence_offered
from noddy.words import (
    Reason,
    announce,
    bye_line,
    card_text,
    command_phrase,
    drill_name,
    knave_name,
    offence_phrase,
    round_line,
    say_error,
    steps,
    train_phrase,
)

__all__ = [
    "default_progress_path",
    "load_progress",
    "save_progress",
    "show_judgement",
    "show_steps",
    "show_verdict",
    "train",
]

clock: Callable[[], float] = time.time
"""The trainer's clock (seconds); tests replace it to run a timed round without waiting."""

SUIT_STYLES = {"h": "bold red", "d": "bold red", "c": "bold", "s": "bold"}


def default_progress_path() -> Path:
    """``train.json`` in noddy's folder of the user's data directory (as the web's database)."""
    return data_dir() / "train.json"


def load_progress(path: Path, lang: str = "en") -> tuple[Progress, Path | None]:
    """The progress saved at ``path`` (new progress if there is none). A damaged file is moved
    aside, never overwritten: the second value is where it went (``None`` if it was sound). Only a
    regular file is read, moved or written: a device, pipe or folder given as the file is refused
    (``--progress /dev/null`` would otherwise be moved aside and replaced by a file)."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise NoddyError(command_phrase("train.not_a_file", lang, path=repr(str(path))))
        text = path.read_bytes()
    except FileNotFoundError:
        return Progress(), None
    except OSError as exc:
        raise NoddyError(
            command_phrase("train.unreadable", lang, path=repr(str(path)), why=exc.strerror)
        ) from None
    try:
        return Progress.loads(text), None
    except ProgressError as exc:
        moved = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            path.replace(moved)
        except OSError as error:
            said = {"path": repr(str(path)), "why": _first_line(exc, lang), "error": error.strerror}
            raise NoddyError(command_phrase("train.stuck", lang, **said)) from None
        err_console.print(
            escape(train_phrase("progress_damaged", lang, path=path, why=_first_line(exc, lang), moved=moved))
        )
        return Progress(), moved


def _first_line(exc: Exception, lang: str) -> str:
    said = say_error(exc, lang)
    return said.splitlines()[0] if said else type(exc).__name__


def save_progress(progress: Progress, path: Path) -> None:
    """Write the progress whole (to a new file, then renamed over the old one)."""
    part = path.with_name(path.name + ".part")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part.write_text(json.dumps(progress.to_json(), indent=1), encoding="utf-8")
        part.replace(path)
    except OSError as exc:
        raise NoddyError(Reason("progress_unwritable", path=repr(str(path)), why=exc.strerror)) from None


def _card(card: Card, lang: str, highlight: bool = False) -> Panel:
    """A card drawn large: its rank and suit as ``lang`` writes them, in a box, red or black."""
    text = Text(card_text(card, lang), style=SUIT_STYLES[card.suit.value], justify="center")
    return Panel(text, width=9, padding=(1, 1), border_style="yellow" if highlight else "white")


def _row(label: str, cards: tuple[Card, ...], lang: str, highlight: bool = False) -> RenderableType:
    grid = Table.grid(padding=(0, 1))
    grid.add_row(*(_card(c, lang, highlight) for c in cards))
    return Group(Text(label, style="dim"), grid)


def show_question(question: Question, lang: str, title: str) -> None:
    """The question under its drill's name and ``title`` (the rule set's): its prompt and its cards,
    large (the turn-up beside them)."""
    turnup = _row(train_phrase("turnup", lang), (question.turnup,), lang)
    prompt = question.prompt(lang)
    if question.what == "play":
        assert question.card is not None
        prompt += " " + train_phrase("play_note", lang)
        rows = [
            _row(train_phrase("pile", lang), question.pile, lang),
            _row(train_phrase("card", lang), (question.card,), lang, highlight=True),
            turnup,
        ]
    else:
        label = train_phrase("crib_cards" if question.what == "crib" else "held", lang)
        rows = [_row(label, question.held, lang), turnup]
    table = Table.grid(padding=(0, 3))
    table.add_row(*rows)
    console.print()
    console.print(f"[bold]{escape(drill_name(question.kind, lang))}[/] · {escape(title)}")
    console.print(table)
    console.print(f"[bold]{escape(prompt)}[/]")


def ask(lang: str) -> int | None:
    """The learner's count; ``None`` to stop (q, or the end of the input); ``?`` says what may be
    typed, as at every prompt of the terminal (`ask_line`). Anything else is asked again."""
    while True:
        try:
            text = ask_line(escape(train_phrase("ask", lang)), train_phrase("help", lang))
        except (EOFError, KeyboardInterrupt, Quit):
            return None
        if text.isascii() and text.isdigit():
            return int(text)
        console.print(f"[yellow]{escape(train_phrase('not_number', lang, text=text))}[/]")


def show_judgement(judgement: Judgement, lang: str, one_at_a_time: bool) -> None:
    """The verdict, then the count item by item with its cards and the running total."""
    show_verdict(judgement, lang)
    show_steps(judgement, lang, one_at_a_time)


def show_verdict(judgement: Judgement, lang: str) -> None:
    """ "Right: 12." or "Not quite: you said 8, the count is 12.", and what the count leaves out (a
    Knave pegged before the announcement)."""
    if judgement.correct:
        console.print(f"[bold green]✔ {escape(train_phrase('right', lang, total=judgement.total))}[/]")
    else:
        verdict = train_phrase("wrong", lang, given=judgement.given, total=judgement.total)
        console.print(f"[bold red]✘ {escape(verdict)}[/]")
    aside = judgement.aside(lang)
    if aside:
        console.print(f"[yellow]{escape(aside)}[/]")


def show_steps(judgement: Judgement, lang: str, one_at_a_time: bool = False) -> None:
    """The count item by item with its cards and the running total, then the call."""
    question = judgement.question
    if not judgement.items:
        console.print(escape(train_phrase("nothing", lang)))
        return
    for number, step in enumerate(steps(judgement.items, question.rules, lang)):
        if one_at_a_time and number:
            try:
                console.input("[dim]⏎[/]")
            except (EOFError, KeyboardInterrupt):
                one_at_a_time = False
                listen_for_ctrl_c()
        console.print(f"  [bold]{escape(step.text):<44}[/] [bold cyan]{step.part.running:>3}[/]")
    console.print(f"[bold]“{escape(announce(judgement.items, question.rules, lang))}”[/]")


def stats_table(progress: Progress, lang: str, rules: str) -> Table:
    """Accuracy, mean time and box per kind drilled under rule set ``rules``."""
    table = Table(title=train_phrase("drill", lang), show_edge=False)
    table.add_column(train_phrase("kind", lang))
    table.add_column(train_phrase("asked", lang), justify="right")
    table.add_column(train_phrase("right_col", lang), justify="right")
    table.add_column(train_phrase("seconds", lang), justify="right")
    table.add_column(train_phrase("box", lang), justify="right")
    for kind, stats in sorted(progress.kinds(rules).items()):
        accuracy = stats.accuracy or 0.0
        mean = stats.mean_seconds or 0.0
        table.add_row(
            escape(drill_name(kind, lang)),
            str(stats.asked),
            f"{stats.right} ({accuracy:.0%})",
            f"{mean:.1f} s",
            f"{stats.box + 1}",
        )
    return table


def train(
    rules_name: RulesOption = "willughby",
    set_: SetOption = None,
    kind: Annotated[
        str | None,
        typer.Option(
            "--kind",
            "-k",
            metavar="KIND",
            help=(
                "Drill one kind (fifteen, pair, run, flush, knave, ...), one sort of question (play, crib,"
                " hand or announcement), mixed deals (mixed), or lay away near the end of a game (offence:"
                " offence or defence?)."
            ),
        ),
    ] = None,
    timed: Annotated[
        int | None,
        typer.Option(
            "--timed", min=1, metavar="SECONDS", help="A round against the clock of this many seconds."
        ),
    ] = None,
    lang: LangOption = None,
    progress_file: Annotated[
        Path | None,
        typer.Option("--progress", metavar="FILE", help="The progress file (default: in your data folder)."),
    ] = None,
    one_at_a_time: Annotated[
        bool, typer.Option("--step", help="Show the count one step at a time (Enter for the next).")
    ] = False,
    questions: Annotated[
        int | None, typer.Option("--questions", min=1, metavar="N", help="Stop after this many.")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", metavar="N", help="Seed the deals, to repeat a session.")
    ] = None,
) -> None:
    """Practise counting: real deals to count, judged by the scorer, explained step by step.

    Left to the trainer, weak kinds come back more often. Type q (or end the input) to stop.
    Example: noddy train --rules cribbage --kind fifteen
    """
    with reporting_errors():
        rules = load(rules_name, set_)
        lang = language(lang, rules)
        kinds = drill_kinds(rules)
        if kind == OFFENCE and not offence_offered(rules):
            usage_error(f"--kind {kind!r}: {offence_phrase('drill.not_offered', lang, rules=rules.name)}")
        if kind == OFFENCE and timed is not None:
            usage_error(offence_phrase("drill.not_timed", lang))
        if kind is not None and kind in pegged_apart(rules):
            why = train_phrase(
                "kind.pegged_apart",
                lang,
                rules=rules.name,
                knave=knave_name(rules, lang),
                kinds=", ".join(kinds),
            )
            usage_error(f"--kind {kind!r}: {why}")
        if kind is not None and kind not in (*kinds, OFFENCE):
            usage_error(
                command_phrase("train.kind", lang, kind=repr(kind), rules=rules.name, kinds=", ".join(kinds))
            )
        path = progress_file or default_progress_path()
        progress, _ = load_progress(path, lang)
    console.print(f"[dim]{escape(train_phrase('progress_file', lang, path=path))}[/]")
    with reporting_errors():
        title = rules_title(rules, set_, lang)
        if kind == OFFENCE:
            asked, right = offence_drill(
                rules, title, questions, progress, lambda: save_progress(progress, path), random.Random(seed),
                lang, clock,
            )
        else:
            asked, right = _drill(
                rules, title, kind, timed, questions, progress, path, random.Random(seed), lang, one_at_a_time
            )
        result = progress.finish_round()
        save_progress(progress, path)
    if result is not None:
        line = round_line(result.seconds, result.answered, result.right, result.best, result.new_best, lang)
        console.print()
        console.print(f"[bold]{escape(line)}[/]")
    console.print()
    if progress.kinds(rules.name):
        console.print(stats_table(progress, lang, rules.name))
    console.print(escape(bye_line(asked, right, lang)))


def _drill(
    rules: Rules,
    title: str,
    kind: str | None,
    timed: int | None,
    questions: int | None,
    progress: Progress,
    path: Path,
    rng: random.Random,
    lang: str,
    one_at_a_time: bool,
) -> tuple[int, int]:
    """Ask, judge and explain until the learner stops, the questions are done or the time is up;
    the progress is saved after each answer. Returns the questions answered and those right."""
    asked = right = 0
    if timed is not None:
        progress.start_round(rules.name, timed, clock())
        console.print(f"[bold]{escape(train_phrase('round_start', lang, seconds=timed))}[/]")
    while questions is None or asked < questions:
        question = next_question(rules, kind, progress, rng)
        show_question(question, lang, title)
        if progress.round is not None:
            left = round(progress.round.left(clock()))
            console.print(f"[dim]{escape(train_phrase('time_left', lang, left=left))}[/]")
        started = clock()
        given = ask(lang)
        if given is None:
            break
        now = clock()
        judgement = judge(question, given)
        late = progress.late(now)
        if late:
            console.print(f"[yellow]{escape(train_phrase('late', lang))}[/]")
        progress.record(
            question.kind, correct=judgement.correct, seconds=now - started, now=now, rules=rules.name
        )
        if not late:
            asked += 1
            right += judgement.correct
        save_progress(progress, path)
        show_judgement(judgement, lang, one_at_a_time)
        if progress.round is not None and now >= progress.round.ends:
            break
    return asked, right
