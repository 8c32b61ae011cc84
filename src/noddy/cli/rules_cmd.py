"""``noddy rules``: list the presets, show one in plain words, compare two, check a house-rules file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from noddy.cli.common import (
    LangOption,
    NoddyCommand,
    NoddyGroup,
    SetOption,
    console,
    language,
    load,
    reporting_errors,
)
from noddy.rules import (
    Row,
    differences,
    dump_rules,
    extended,
    fields_markdown,
    load_rules,
    preset_names,
)
from noddy.words import cited, rule_phrase, rule_rows, rule_set_words

app = typer.Typer(
    cls=NoddyGroup, help="The rule sets: list, show, compare, check a house-rules file.", no_args_is_help=True
)


def _players(counts: tuple[int, ...]) -> str:
    return ", ".join(str(n) for n in counts)


def _allowed(row: Row, lang: str = "en") -> str:
    """What the field allows: for a choice, every reading with its words."""
    allowed = escape(rule_phrase("allowed", lang))
    if not row.choices:
        return f"[dim]{allowed}[/] {escape(row.allowed)}"
    readings = "\n".join(f"  [dim]{escape(value)}:[/] {escape(words)}" for value, words in row.choices)
    return f"[dim]{allowed}[/]\n{readings}"


@app.command("list", cls=NoddyCommand)
def list_rules() -> None:
    """Every preset with its title, players, target and source."""
    console.print("[bold]Rule sets[/] (use the name with --rules, or 'noddy rules show NAME')\n")
    for name in preset_names():
        r = load_rules(name)
        game = "a single deal" if r.game.end == "single_deal" else f"game {r.game.target} up"
        console.print(f"[bold cyan]{name}[/]  {escape(r.title)}")
        console.print(f"    {_players(r.player_counts)} players, {game}. {escape(r.summary)}")
        sources = "; ".join(s.name for s in r.sources)
        console.print(f"    [dim]source: {escape(sources)}[/]")


@app.command(cls=NoddyCommand)
def show(
    name: Annotated[str, typer.Argument(metavar="RULES", help="A preset name or a .toml house-rules file.")],
    set_: SetOption = None,
    toml: Annotated[bool, typer.Option("--toml", help="Print the rule set as TOML instead.")] = False,
    lang: LangOption = None,
) -> None:
    """The whole rule set in plain words: the reading taken on every open choice and why, and what
    each field allows."""
    with reporting_errors():
        rules = load(name, set_)
        lang = language(lang, rules)
    if toml:
        console.print(dump_rules(rules), markup=False, soft_wrap=True)
        return
    title, summary = rule_set_words(rules.name, rules.title or rules.name, rules.summary, lang)
    console.print(f"[bold]{escape(title)}[/] ({rules.name})")
    if summary:
        console.print(escape(summary))
    for source in rules.sources:
        console.print("  " + escape(rule_phrase("source", lang, source=source.describe())))
    console.print(rule_phrase("players", lang, players=_players(rules.player_counts)))
    for heading, rows in rule_rows(rules, lang):
        table = Table(title=heading, title_justify="left", show_header=True, expand=True)
        table.add_column(rule_phrase("rule", lang), ratio=3)
        table.add_column(rule_phrase("reading", lang), ratio=4)
        table.add_column(rule_phrase("knob", lang), no_wrap=True)
        for row in rows:
            reading = escape(row.reading)
            if row.note:
                choice = escape(rule_phrase("open_choice", lang))
                reading += f"\n[yellow]{choice}[/] {escape(cited(row.note, codes=True))}"
            reading += "\n" + _allowed(row, lang)
            table.add_row(f"{escape(row.about)}\n[dim]{row.path}[/]", reading, row.knob)
        console.print(table)


@app.command(cls=NoddyCommand)
def fields() -> None:
    """Every field of a rule set with its knob id, meaning and allowed values (docs/house-rules.md)."""
    console.print(fields_markdown(), markup=False, soft_wrap=True)


@app.command(cls=NoddyCommand)
def compare(
    a: Annotated[str, typer.Argument(metavar="RULES", help="First rule set (preset or file).")],
    b: Annotated[str, typer.Argument(metavar="OTHER", help="Second rule set (preset or file).")],
) -> None:
    """Only the rules where two rule sets differ, side by side."""
    with reporting_errors():
        ra, rb = load(a, None), load(b, None)
    diffs = differences(ra, rb)
    if not diffs:
        console.print(f"{escape(a)} and {escape(b)} have the same rules.")
        return
    table = Table(title=f"Where {escape(a)} and {escape(b)} differ ({len(diffs)} rules)", show_lines=True)
    table.add_column("rule")
    table.add_column(escape(a))
    table.add_column(escape(b))
    for row_a, row_b in diffs:
        table.add_row(
            f"{escape(row_a.about)}\n[dim]{row_a.path}[/]", escape(row_a.reading), escape(row_b.reading)
        )
    console.print(table)


@app.command(cls=NoddyCommand)
def check(file: Annotated[Path, typer.Argument(metavar="FILE", help="A house-rules .toml file.")]) -> None:
    """Validate a house-rules file; errors name the field, the bad value and what is allowed."""
    with reporting_errors():
        rules = load_rules(file)
        parent = extended(file)
        base = load_rules(parent) if parent is not None else None
    console.print(f"[green]{escape(str(file))}: a valid rule set[/] '{escape(rules.name)}'")
    if base is not None:
        diffs = differences(base, rules)
        console.print(f"It changes {len(diffs)} rule(s) of {escape(str(parent))}:")
        for row_parent, row in diffs:
            console.print(f"  {row.path}: {escape(row_parent.reading)} -> {escape(row.reading)}")
