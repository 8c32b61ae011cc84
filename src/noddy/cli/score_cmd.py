"""``noddy score``: the itemised count of a hand or crib, its announcement, and a JSON batch mode."""

import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import ExitStack
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, BinaryIO, NoReturn

import typer

from noddy.cards import Card
from noddy.cli.common import (
    LangOption,
    RulesOption,
    SetOption,
    json_line,
    language,
    load,
    print_error,
    reporting_errors,
    rules_title,
    usage_error,
)
from noddy.errors import NoddyError
from noddy.rules import Rules, load_rules
from noddy.scoring import FACTS, ScoreItem, total, turned_jack_item
from noddy.words import (
    LANGUAGES,
    Reason,
    announce,
    card_text,
    cards_text,
    command_phrase,
    count_heading,
    item_name,
    phrase,
    read_count,
    say_error,
    turned_jack_line,
)

__all__ = ["answer", "answer_lines", "print_count", "score"]

DEFAULT_RULES = "willughby"


def to_answer(items: tuple[ScoreItem, ...], rules: Rules, lang: str) -> dict[str, Any]:
    return {
        "total": total(items),
        "items": [item.to_json() for item in items],
        "announcement": announce(items, rules, lang),
    }


@lru_cache(maxsize=64)
def _rules(spec: str, overrides: tuple[str, ...]) -> Rules:
    return load_rules(spec, overrides)


def answer(request: Any, defaults: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One batch request ``{"rules", "held", "turnup", "crib", "set", "lang"}`` answered as a dict;
    keys it leaves out are taken from ``defaults`` (the command line's options), and the language,
    if neither gives it, is the rule set's own."""
    if not isinstance(request, dict):
        example = '{"held": "Jh 4d 5d", "turnup": "6h"}'
        raise NoddyError(Reason("score_request", example=example))
    request = {**(defaults or {}), **request}
    unknown = set(request) - {"rules", "held", "turnup", "crib", "set", "lang"}
    if unknown:
        raise NoddyError(Reason("score_keys", keys=sorted(unknown)))
    for key in ("held", "turnup"):
        if not isinstance(request.get(key), str):
            raise NoddyError(Reason("score_required", field=key, example='"Jh 4d 5d" or "6h"'))
    crib = request.get("crib", False)
    if not isinstance(crib, bool):
        raise NoddyError(Reason("score_crib", crib=repr(crib)))
    overrides = request.get("set", [])
    if not isinstance(overrides, list) or not all(isinstance(x, str) for x in overrides):
        raise NoddyError(Reason("score_set", example='["hand.twenty_five=2"]'))
    lang = request.get("lang")
    if lang is not None and lang not in LANGUAGES:
        raise NoddyError(Reason("score_lang", languages=", ".join(LANGUAGES), lang=repr(lang)))
    rules = _rules(str(request.get("rules", DEFAULT_RULES)), tuple(overrides))
    lang = lang or rules.language
    _, _, items = read_count(request["held"], request["turnup"], rules, crib, lang, notation=True)
    return to_answer(items, rules, lang)


def answer_lines(
    lines: Iterable[str | bytes], defaults: Mapping[str, Any] | None = None
) -> Iterator[tuple[str, bool]]:
    """Answer each line of a batch (text, or bytes read as UTF-8) as one JSON line; a bad line gets
    an error and the rest go on. A blank line (only spaces, if any) gets no answer: a file's last
    line end or a gap between requests asks nothing. Errors name the line as the file numbers it,
    in the language the line asks for (else the command's ``lang``, else English)."""
    from noddy.textdata import read_json

    for number, line in enumerate(lines, start=1):
        request = None
        try:
            text = _text(line)
            if not text.strip():
                continue
            request = read_json(text)
            yield json_line(answer(request, defaults)), True
        except NoddyError as exc:
            said = say_error(
                NoddyError(Reason("score_line", number=number, why=exc)), _asked(request, defaults)
            )
            yield json_line({"error": said}), False


def _asked(request: object, defaults: Mapping[str, Any] | None) -> str:
    """The language a batch line's error is said in: the line's own, else the command's, else English."""
    for lang in (request.get("lang") if isinstance(request, dict) else None, (defaults or {}).get("lang")):
        if lang in LANGUAGES:
            return str(lang)
    return "en"


def _text(line: str | bytes) -> str:
    """A batch line as text; a line that is not UTF-8 is refused, saying where."""
    if isinstance(line, str):
        return line
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = line[exc.start]
        raise NoddyError(Reason("score_not_utf8", byte=f"{bad:02x}", column=exc.start + 1)) from None


def _read(handle: BinaryIO, source: str, lang: str) -> Iterator[bytes]:
    """The lines of a batch, without their line ends; a read that fails ends the command."""
    try:
        for line in handle:
            yield line.rstrip(b"\r\n")
    except OSError as exc:
        _cannot_read(source, exc, lang)


def _batch(source: str, defaults: Mapping[str, Any]) -> None:
    """Answer a batch file (or standard input, for ``-``) line by line on standard output; the
    command's own errors in ``--lang`` (English without it: each line may name its own language,
    in which its error, in its JSON answer, is said)."""
    lang = str(defaults.get("lang") or "en")
    failed = 0
    with ExitStack() as stack:
        try:
            handle = sys.stdin.buffer if source == "-" else stack.enter_context(Path(source).open("rb"))
        except OSError as exc:
            _cannot_read(source, exc, lang)
        for text, ok in answer_lines(_read(handle, source, lang), defaults):
            sys.stdout.write(text + "\n")
            failed += not ok
    sys.stdout.flush()
    if failed:
        print_error(command_phrase("score.failed", lang, failed=failed), lang)
        raise typer.Exit(1)


def _cannot_read(source: str, exc: OSError, lang: str) -> NoReturn:
    print_error(command_phrase("score.unreadable", lang, source=repr(source), why=exc.strerror), lang)
    raise typer.Exit(1) from None


def score(
    cards: Annotated[
        str | None,
        typer.Argument(
            metavar="CARDS", help='The held cards (or crib), e.g. "Jh 4d 5d".', show_default=False
        ),
    ] = None,
    turnup: Annotated[
        str | None, typer.Option("--turnup", "-t", metavar="CARD", help="The card turned up.")
    ] = None,
    rules_name: RulesOption = DEFAULT_RULES,
    set_: SetOption = None,
    crib: Annotated[bool, typer.Option("--crib", help="Count the cards as a crib.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    lang: LangOption = None,
    batch: Annotated[
        str | None,
        typer.Option(
            "--batch",
            metavar="FILE",
            help="Score a file of JSON lines ('-' for stdin); blank lines are skipped.",
        ),
    ] = None,
) -> None:
    """Count a hand: every combination with its cards and points, and the call a player makes.

    Example: noddy score "Jh 4d 5d" --turnup 6h --rules noddy-rules
    """
    if batch is not None:
        _batch(batch, {"rules": rules_name, "set": set_ or [], "crib": crib, "lang": lang})
        return
    if cards is None or turnup is None:
        usage_error(command_phrase("score.missing", lang or "en"))
    with reporting_errors():
        rules = load(rules_name, set_)
        lang = language(lang, rules)
        held, up, items = read_count(cards, turnup, rules, crib, lang)
    if as_json:
        print(json_line(to_answer(items, rules, lang)))
        return
    print_count(held, up, items, rules, crib, lang, set_)


def print_count(
    held: tuple[Card, ...],
    turnup: Card,
    items: tuple[ScoreItem, ...],
    rules: Rules,
    crib: bool,
    lang: str,
    overrides: Sequence[str] | None,
) -> None:
    """What ``noddy score`` prints, by rich: the heading, the itemised table (none for an empty
    count), the call, the total and, if a Jack is turned up, its line; the cards, the call and the
    total in bold."""
    from rich.markup import escape
    from rich.table import Table

    from noddy.cli.common import console, print_table

    title = escape(rules_title(rules, overrides, lang))
    cards = f"[bold]{escape(cards_text(held, lang))}[/]"
    up = f"[bold]{escape(card_text(turnup, lang))}[/]"
    console.print(count_heading("crib" if crib else "hand", lang=lang, cards=cards, turnup=up, rules=title))
    if items:
        table = Table(show_edge=False)
        for key in ("combination", "cards", "points", "total"):
            table.add_column(
                escape(phrase(key, lang)), justify="right" if key in ("points", "total") else "left"
            )
        running = 0
        for item in items:
            running += item.points
            name = escape(item_name(item, rules, lang))
            table.add_row(name, escape(_cards_text(item, lang)), str(item.points), str(running))
        print_table(table)
    console.print(f"[bold]“{escape(announce(items, rules, lang))}”[/]")
    console.print(phrase("count_total", lang, total=f"[bold]{total(items)}[/]"))
    jack = turned_jack_item(turnup, rules)
    if jack is not None:
        console.print(escape(turned_jack_line(jack, rules, lang)))


def _cards_text(item: ScoreItem, lang: str) -> str:
    if FACTS[item.kind].target is not None:
        return " + ".join(card_text(c, lang) for c in item.cards) + f" = {sum(c.value for c in item.cards)}"
    return cards_text(item.cards, lang)
