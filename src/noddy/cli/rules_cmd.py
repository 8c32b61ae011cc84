"""``noddy rules``: list the presets, show one in plain words, compare two, check a house-rules file,
print a handout of the rules (one rule set, or several as a booklet)."""

from __future__ import annotations

import sys
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
    usage_error,
)
from noddy.rules import (
    Row,
    Rules,
    differences,
    dump_rules,
    extended,
    fields_markdown,
    load_rules,
    preset_names,
)
from noddy.textdata import printable_data
from noddy.words import cited, command_phrase, rule_phrase, rule_rows, rule_set_words

app = typer.Typer(
    cls=NoddyGroup,
    help="The rule sets: list, show, compare, check a house-rules file, print a handout.",
    no_args_is_help=True,
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


def _in(rules: Rules, lang: str) -> dict[str, Row]:
    """Every rule of ``rules`` in ``lang``, by its path."""
    return {row.path: row for _, rows in rule_rows(rules, lang) for row in rows}


@app.command("list", cls=NoddyCommand)
def list_rules(lang: LangOption = None) -> None:
    """Every preset with its title, players, target and source."""
    lang = language(lang, None)
    console.print(command_phrase("list.heading", lang) + "\n")
    for name in preset_names():
        r = load_rules(name)
        title, summary = rule_set_words(name, r.title, r.summary, lang)
        single = r.game.end == "single_deal"
        game = command_phrase("list.single_deal" if single else "list.target", lang, target=r.game.target)
        console.print(f"[bold cyan]{name}[/]  {escape(title)}")
        players = command_phrase("list.players", lang, players=_players(r.player_counts), game=game)
        console.print(f"    {escape(players)} {escape(summary)}")
        sources = "; ".join(s.name for s in r.sources)
        console.print(f"    [dim]{escape(command_phrase('list.source', lang, sources=sources))}[/]")


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
        console.print(printable_data(dump_rules(rules)), markup=False, soft_wrap=True)
        return
    title, summary = rule_set_words(rules.name, rules.title or rules.name, rules.summary, lang)
    console.print(f"[bold]{escape(title)}[/] ({escape(rules.name)})")
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
def fields(lang: LangOption = None) -> None:
    """Every field of a rule set with its knob id, meaning and allowed values (docs/house-rules.md)."""
    lang = language(lang, None)
    if lang == "en":
        console.print(fields_markdown(), markup=False, soft_wrap=True)
        return
    out: list[str] = []
    for heading, rows in rule_rows(load_rules("cribbage"), lang):
        out += [f"### {heading}", "", command_phrase("fields.header", lang), "|---|---|---|---|"]
        for row in rows:
            allowed = row.allowed
            if row.choices:
                allowed = "<br>".join(f"`{value}`: {words}" for value, words in row.choices)
            out.append(f"| `{row.path}` | {row.knob} | {row.about} | {allowed} |")
        out.append("")
    console.print("\n".join(out), markup=False, soft_wrap=True)


@app.command(cls=NoddyCommand)
def compare(
    a: Annotated[str, typer.Argument(metavar="RULES", help="First rule set (preset or file).")],
    b: Annotated[str, typer.Argument(metavar="OTHER", help="Second rule set (preset or file).")],
    lang: LangOption = None,
) -> None:
    """Only the rules where two rule sets differ, side by side."""
    with reporting_errors():
        ra, rb = load(a, None), load(b, None)
        lang = language(lang, ra)
    diffs = differences(ra, rb)
    if not diffs:
        console.print(escape(command_phrase("compare.same", lang, a=a, b=b)))
        return
    said_a, said_b = _in(ra, lang), _in(rb, lang)
    title = command_phrase("compare.title", lang, a=a, b=b, n=len(diffs))
    table = Table(title=escape(title), show_lines=True)
    table.add_column(command_phrase("compare.rule", lang))
    table.add_column(escape(a))
    table.add_column(escape(b))
    for row_a, _ in diffs:
        one, other = said_a[row_a.path], said_b[row_a.path]
        table.add_row(f"{escape(one.about)}\n[dim]{one.path}[/]", escape(one.reading), escape(other.reading))
    console.print(table)


@app.command(cls=NoddyCommand)
def check(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A house-rules .toml file.")],
    lang: LangOption = None,
) -> None:
    """Validate a house-rules file; errors name the field, the bad value and what is allowed."""
    with reporting_errors():
        rules = load_rules(file)
        lang = language(lang, rules)
        parent = extended(file)
        base = load_rules(parent) if parent is not None else None
    valid = escape(command_phrase("check.valid", lang, file=str(file)))
    console.print(f"[green]{valid}[/] '{escape(rules.name)}'")
    if base is not None:
        diffs = differences(base, rules)
        console.print(escape(command_phrase("check.changes", lang, n=len(diffs), parent=str(parent))))
        said_base, said = _in(base, lang), _in(rules, lang)
        for row_parent, _ in diffs:
            path = row_parent.path
            console.print(f"  {path}: {escape(said_base[path].reading)} -> {escape(said[path].reading)}")


@app.command(cls=NoddyCommand)
def sheet(
    names: Annotated[
        list[str],
        typer.Argument(
            metavar="RULES",
            help="Preset names or .toml house-rules files: one makes a handout, several a booklet.",
        ),
    ],
    pdf: Annotated[
        Path | None,
        typer.Option(
            "--pdf",
            metavar="FILE",
            help="Print it to this PDF file, by Chromium (the pdf extra: pip install 'noddy\\[pdf]').",
        ),
    ] = None,
    paper: Annotated[str, typer.Option("--paper", metavar="PAPER", help="a4 or letter.")] = "a4",
    lang: LangOption = None,
) -> None:
    """The rules to print: a handout of one or two pages a rule set (the game in plain words, the
    table of scores, a hand counted item by item, the sources), several rule sets one after another
    as a booklet, each from a new page. The rules page of `noddy serve`, printed: as a PDF with
    --pdf, else as the page's HTML on standard output, which any browser prints."""
    from noddy.sheet import PAPERS, rules_document, write_pdf  # the trainer's glossary: only this command

    with reporting_errors():
        sheets = [load(name, None) for name in names]
        lang = language(lang, sheets[0])
        if paper.lower() not in PAPERS:
            usage_error(command_phrase("sheet.paper", lang, paper=paper, papers=", ".join(PAPERS)))
        page = rules_document(sheets, lang, standalone=True)
        if pdf is None:
            sys.stdout.write(page)
            return
        write_pdf(page, pdf, paper.lower())
    titles = ", ".join(rule_set_words(r.name, r.title or r.name, r.summary, lang)[0] for r in sheets)
    console.print(escape(command_phrase("sheet.written", lang, file=str(pdf), titles=titles)), soft_wrap=True)
