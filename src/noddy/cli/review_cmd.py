"""``noddy review``: a seat's decisions in a recorded game against the strong player's, worst first."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from noddy.cli.common import (
    COMPUTERS,
    HUMAN,
    LangOption,
    console,
    json_line,
    language,
    print_table,
    reporting_errors,
    usage_error,
)
from noddy.game import Action, Phase
from noddy.players import WIN
from noddy.record import GameRecord
from noddy.review import MATTERS, REVIEW_SAMPLES, REVIEW_WORLDS, Decision, Review, review_record
from noddy.words import (
    action_words,
    card_text,
    cards_text,
    command_phrase,
    need_extra,
    number_text,
    percent_text,
    record_name,
    review_phrase,
    review_scores,
    terminal_phrase,
    win_phrase,
)

__all__ = ["review"]


def review(
    record: Annotated[
        Path, typer.Argument(metavar="RECORD", help="A game record (.json), e.g. from noddy play.")
    ],
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            metavar="N",
            help="The seat to review (from 0).",
            show_default="the first person's seat, else 0",
        ),
    ] = None,
    top: Annotated[int, typer.Option("--top", metavar="N", help="Show the N biggest mistakes.")] = 5,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot", metavar="FILE", help="Draw the game's chance of winning, deal by deal, to this .png."
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Review a game: each decision of a seat against the strong player's from what the seat knew.

    Example: noddy review game.json --seat 0
    """
    with reporting_errors():
        game = GameRecord.load(record)
        lang = language(lang or game.language, game.rules)
        game.verify(kinds=(HUMAN, *COMPUTERS))
        if seat is None:
            people = [i for i, s in enumerate(game.seats) if s.kind == "human"]
            seat = people[0] if people else 0
        if top < 1:
            usage_error(command_phrase("review.top", lang, top=top))
        if plot is not None:
            need_extra("plot", "noddy review --plot")
            from noddy.cli.review_plot import plot_review
            from noddy.sim.plot import check_plot_path

            check_plot_path(plot)
        found = review_record(game, seat, [record_name(s.name, s.kind, lang) for s in game.seats])
        if plot is not None and found.curve:
            plot_review(found, plot, lang)
    if as_json:
        print(json_line(found.to_json()))
        return
    _print(found, top, lang)
    if plot is not None and found.curve:
        console.print(win_phrase("review.plot.saved", lang, path=escape(str(plot))))


def _print(found: Review, top: int, lang: str) -> None:
    name = f"[bold]{terminal_phrase('review.seat', lang, name=escape(found.name), seat=found.seat)}[/]"
    counts = {"decisions": len(found.decisions), "mistakes": len(found.mistakes)}
    console.print(review_phrase("review.counted", lang, name=name, **counts))
    lost = [
        review_phrase(f"review.lost.{measure}", lang, lost=number_text(value, lang, 1))
        for measure, value in found.lost_by_measure.items()
    ]
    if lost:
        console.print(
            review_phrase("review.lost", lang, parts=review_phrase("review.lost_join", lang).join(lost))
        )
    console.print(review_phrase("review.how", lang, worlds=REVIEW_WORLDS, win=number_text(WIN, lang, 0)))
    _print_chances(found, lang)
    marked = found.marked
    shown = [d for d in found.decisions if d.loss > 0 or d in marked][:top]
    for number, decision in enumerate(shown, start=1):
        _print_decision(number, decision, found, lang)
    if not shown:
        console.print(review_phrase("review.no_mistakes", lang))


def _print_chances(found: Review, lang: str) -> None:
    """What the decisions cost in the chance of winning, which are marked, and the game's curve."""
    if not found.curve or found.chance_lost is None:
        console.print(escape(win_phrase("review.unserved", lang)))
        return
    console.print(escape(win_phrase("review.lost", lang, lost=_points(found.chance_lost, lang))))
    mark = win_phrase("review.mark", lang)
    n = len(found.marked)
    if n:
        key = "review.marked.one" if n == 1 else "review.marked.many"
        console.print(escape(win_phrase(key, lang, n=n, mark=mark)))
    else:
        console.print(escape(win_phrase("review.marked.none", lang, matters=_points(MATTERS, lang))))
    console.print(f"[dim]{escape(win_phrase('review.how', lang, samples=REVIEW_SAMPLES))}[/]")
    points = " → ".join(percent_text(p.chances[found.side], lang) for p in found.curve)
    console.print(escape(win_phrase("review.curve", lang, points=points)))


def _points(chance: float, lang: str) -> str:
    """A chance of winning, or what a decision lost of it, in percent with one decimal ("4.2%")."""
    return win_phrase("percent", lang, n=number_text(100 * chance, lang, 1))


def _print_decision(number: int, d: Decision, found: Review, lang: str) -> None:
    console.print()
    where = review_phrase("review.mistake", lang, deal=d.deal, move=d.move, loss=number_text(d.loss, lang))
    percent = round(100 * d.loss / (2 * WIN))
    game = review_phrase("review.of_game", lang, percent=percent) if d.loss >= WIN / 10 else ""
    mark = f"[yellow]{win_phrase('review.mark', lang)}[/] " if d in found.marked else ""
    console.print(f"{mark}[bold]{number}. {where}[/]{game}")
    held = cards_text(d.hand, lang)
    if d.counting is not None:
        position = [review_phrase(f"review.position_counted.{d.counting}", lang, cards=held)]
    else:
        position = [review_phrase("review.position_hand", lang, cards=held)]
    if d.turnup is not None:
        position.append(review_phrase("review.position_turnup", lang, card=card_text(d.turnup, lang)))
    if d.phase is Phase.PLAY:
        pile = cards_text(d.pile, lang) or "—"
        position.append(review_phrase("review.position_pile", lang, cards=pile, count=d.count))
    if d.crib is not None:
        position.append(review_phrase(f"review.crib_is_{d.crib}", lang))
    position.append(review_scores(d.scores, found.side, found.sides, lang, found.name))
    console.print("   " + escape(", ".join(position)))
    chosen, best = f"[red]{escape(_said(d.chosen, lang))}[/]", f"[green]{escape(_said(d.best, lang))}[/]"
    console.print("   " + review_phrase("review.chosen", lang, chosen=chosen, best=best))
    if d.chance_loss is not None:
        mine, best_chance = d.chance_of(d.chosen), d.chances[0][1]
        assert mine is not None
        cost = win_phrase(
            "review.cost",
            lang,
            lost=_points(d.chance_loss, lang),
            chosen=_points(mine, lang),
            best=_points(best_chance, lang),
        )
        console.print("   " + escape(cost))
    table = Table(show_edge=False, box=None, padding=(0, 2))
    table.add_column("", justify="right")
    table.add_column(review_phrase("review.choice", lang))
    table.add_column(review_phrase(f"review.measure.{d.measure}", lang), justify="right")
    if d.chances:
        table.add_column(win_phrase("review.chance_col", lang), justify="right")
    previous = 0
    for place, action, value in d.shown():
        if place > previous + 1:
            table.add_row("…", "", "", *([""] if d.chances else []))
        mark = " " + review_phrase("review.chosen_mark", lang) if action == d.chosen else ""
        chance = d.chance_of(action)
        extra = [_points(chance, lang) if chance is not None else "—"] if d.chances else []
        table.add_row(f"{place}.", escape(_said(action, lang)) + mark, number_text(value, lang), *extra)
        previous = place
    print_table(table)


def _said(action: Action, lang: str) -> str:
    """An action in the review's words, its cards written as the position writes them."""
    return action_words(action.kind, action.cards, action.number, lang)
