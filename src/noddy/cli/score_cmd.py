"""``noddy score``: the itemised count of a hand or crib, its announcement, and a JSON batch mode."""

import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import ExitStack
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, BinaryIO, NoReturn

import typer

from noddy.cards import Card
from noddy.cli.common import RulesOption, SetOption, load, print_error, reporting_errors, rules_title
from noddy.cli.plain import Grid, Line, Page, Piece, print_page
from noddy.errors import CardError, NoddyError, RulesError
from noddy.rules import Rules, load_rules
from noddy.scoring import FACTS, ScoreItem, score_hand, total, turned_jack_item
from noddy.words import (
    CARD_ERRORS,
    LANGUAGES,
    announce,
    card_text,
    cards_text,
    count_heading,
    item_name,
    phrase,
    read_card,
    read_cards,
    turned_jack_line,
)

__all__ = ["answer", "answer_lines", "count_page", "score"]

DEFAULT_RULES = "willughby"


def check_size(rules: Rules, held: tuple[Card, ...], crib: bool, lang: str = "en") -> None:
    """Refuse a hand or crib of a size the rule set never deals, saying in ``lang`` which sizes it
    deals."""
    counts = rules.player_counts
    sizes = sorted({rules.crib_size(n) if crib else rules.held_size(n) for n in counts} - {0})
    said = CARD_ERRORS[lang]
    if crib and not sizes:
        raise RulesError(said["no_crib"].format(rules=rules.name))
    if len(held) not in sizes:
        allowed = said["or"].join(str(s) for s in sizes)
        key = "crib_size" if crib else "hand_size"
        given = cards_text(held, lang)
        raise CardError(said[key].format(rules=rules.name, allowed=allowed, n=len(held), cards=given))


def count(
    held_text: str | Iterable[str], turnup_text: str, rules: Rules, crib: bool, lang: str = "en"
) -> tuple[tuple[Card, ...], Card, tuple[ScoreItem, ...]]:
    """The cards as typed (French letters read as well as English; a bad card refused in ``lang``),
    and their count under ``rules``."""
    held = read_cards(held_text if isinstance(held_text, str) else list(held_text), lang)
    turnup = read_card(turnup_text, lang)
    check_size(rules, held, crib, lang)
    return held, turnup, score_hand(held, turnup, rules, crib=crib)


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
    keys it leaves out are taken from ``defaults`` (the command line's options)."""
    if not isinstance(request, dict):
        raise NoddyError('expected a JSON object such as {"held": "Jh 4d 5d", "turnup": "6h"}')
    request = {**(defaults or {}), **request}
    unknown = set(request) - {"rules", "held", "turnup", "crib", "set", "lang"}
    if unknown:
        raise NoddyError(f"unknown keys {sorted(unknown)}; allowed: rules, held, turnup, crib, set, lang")
    for key in ("held", "turnup"):
        if not isinstance(request.get(key), str):
            raise NoddyError(f'"{key}" is required, as text such as "Jh 4d 5d" or "6h"')
    crib = request.get("crib", False)
    if not isinstance(crib, bool):
        raise NoddyError(f'"crib" must be true or false, not {crib!r}')
    overrides = request.get("set", [])
    if not isinstance(overrides, list) or not all(isinstance(x, str) for x in overrides):
        raise NoddyError('"set" must be a list of texts such as ["hand.twenty_five=2"]')
    lang = request.get("lang", "en")
    if lang not in LANGUAGES:
        raise NoddyError(f'"lang" must be one of {", ".join(LANGUAGES)}, not {lang!r}')
    rules = _rules(str(request.get("rules", DEFAULT_RULES)), tuple(overrides))
    _, _, items = count(request["held"], request["turnup"], rules, crib, lang)
    return to_answer(items, rules, lang)


def answer_lines(
    lines: Iterable[str | bytes], defaults: Mapping[str, Any] | None = None
) -> Iterator[tuple[str, bool]]:
    """Answer each line of a batch (text, or bytes read as UTF-8) as one JSON line; a bad line gets
    an error and the rest go on. A blank line (only spaces, if any) gets no answer: a file's last
    line end or a gap between requests asks nothing. Errors name the line as the file numbers it."""
    import json  # only batches and --json need it: the count alone starts without

    for number, line in enumerate(lines, start=1):
        try:
            text = _text(line)
            if not text.strip():
                continue
            yield json.dumps(answer(json.loads(text), defaults), ensure_ascii=False), True
        except json.JSONDecodeError as exc:
            error = f"line {number}: not valid JSON ({exc.msg} at column {exc.colno})"
            yield json.dumps({"error": error}, ensure_ascii=False), False
        except NoddyError as exc:
            yield json.dumps({"error": f"line {number}: {exc}"}, ensure_ascii=False), False


def _text(line: str | bytes) -> str:
    """A batch line as text; a line that is not UTF-8 is refused, saying where."""
    if isinstance(line, str):
        return line
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = line[exc.start]
        raise NoddyError(f"not UTF-8 text (byte 0x{bad:02x} at column {exc.start + 1})") from None


def _read(handle: BinaryIO, source: str) -> Iterator[bytes]:
    """The lines of a batch, without their line ends; a read that fails ends the command."""
    try:
        for line in handle:
            yield line.rstrip(b"\r\n")
    except OSError as exc:
        _cannot_read(source, exc)


def _batch(source: str, defaults: Mapping[str, Any]) -> None:
    """Answer a batch file (or standard input, for ``-``) line by line on standard output."""
    failed = 0
    with ExitStack() as stack:
        try:
            handle = sys.stdin.buffer if source == "-" else stack.enter_context(Path(source).open("rb"))
        except OSError as exc:
            _cannot_read(source, exc)
        for text, ok in answer_lines(_read(handle, source), defaults):
            sys.stdout.write(text + "\n")
            failed += not ok
    sys.stdout.flush()
    if failed:
        from noddy.cli.common import err_console

        err_console.print(f"{failed} line(s) failed")
        raise typer.Exit(1)


def _cannot_read(source: str, exc: OSError) -> NoReturn:
    print_error(f"cannot read batch file {source!r}: {exc.strerror}")
    raise typer.Exit(1) from None


def score(
    cards: Annotated[
        str | None, typer.Argument(help='The held cards (or crib), e.g. "Jh 4d 5d".', show_default=False)
    ] = None,
    turnup: Annotated[str | None, typer.Option("--turnup", "-t", help="The card turned up.")] = None,
    rules_name: RulesOption = DEFAULT_RULES,
    set_: SetOption = None,
    crib: Annotated[bool, typer.Option("--crib", help="Count the cards as a crib.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language of the announcement: en or fr.")] = "en",
    batch: Annotated[
        str | None,
        typer.Option("--batch", help="Score a file of JSON lines ('-' for stdin); blank lines are skipped."),
    ] = None,
) -> None:
    """Count a hand: every combination with its cards and points, and the call a player makes.

    Example: noddy score "Jh 4d 5d" --turnup 6h --rules noddy-rules
    """
    if batch is not None:
        _batch(batch, {"rules": rules_name, "set": set_ or [], "crib": crib, "lang": lang})
        return
    with reporting_errors():
        if lang not in LANGUAGES:
            raise NoddyError(f"--lang {lang!r}: choose one of {', '.join(LANGUAGES)}")
        if cards is None or turnup is None:
            raise NoddyError('give the cards and the turn-up, e.g. noddy score "Jh 4d 5d" --turnup 6h')
        rules = load(rules_name, set_)
        held, up, items = count(cards, turnup, rules, crib, lang)
    if as_json:
        import json

        print(json.dumps(to_answer(items, rules, lang), ensure_ascii=False))
        return
    print_page(count_page(held, up, items, rules, crib, lang, set_))


def count_page(
    held: tuple[Card, ...],
    turnup: Card,
    items: tuple[ScoreItem, ...],
    rules: Rules,
    crib: bool,
    lang: str,
    overrides: Sequence[str] | None,
) -> Page:
    """What ``noddy score`` prints: the heading, the itemised table (none for an empty count), the
    call, the total and, if a Jack is turned up, its line; the cards, the call and the total in bold."""
    title = rules_title(rules, overrides, lang)
    runs = {"cards": (cards_text(held, lang), True), "turnup": (card_text(turnup, lang), True)}
    runs["rules"] = (title, False)
    marked = {name: f"\0{name}\0" for name in runs}
    heading = _runs(count_heading("crib" if crib else "hand", lang=lang, **marked), runs)
    totals = _runs(phrase("count_total", lang, total="\0total\0"), {"total": (str(total(items)), True)})
    lines: list[Line] = [((f"“{announce(items, rules, lang)}”", True),), totals]
    jack = turned_jack_item(turnup, rules)
    if jack is not None:
        lines.append(((turned_jack_line(jack, rules, lang), False),))
    return Page((heading,), _table(items, rules, lang), tuple(lines))


def _runs(text: str, runs: dict[str, Piece]) -> Line:
    """``text``, whose values are marked ``\\0name\\0``, as a line of runs: each mark replaced by its
    run (the values themselves never go through the split, so no value can be read as a mark)."""
    parts = text.split("\0")
    return tuple(runs[part] if index % 2 else (part, False) for index, part in enumerate(parts))


def _table(items: tuple[ScoreItem, ...], rules: Rules, lang: str) -> Grid | None:
    """The itemised table: each item's name, its cards, its points and the running total."""
    if not items:
        return None
    rows = []
    running = 0
    for item in items:
        running += item.points
        rows.append((item_name(item, rules, lang), _cards_text(item, lang), str(item.points), str(running)))
    headers = tuple(phrase(key, lang) for key in ("combination", "cards", "points", "total"))
    return Grid(headers, (False, False, True, True), tuple(rows))


def _cards_text(item: ScoreItem, lang: str) -> str:
    if FACTS[item.kind].target is not None:
        return " + ".join(card_text(c, lang) for c in item.cards) + f" = {sum(c.value for c in item.cards)}"
    return cards_text(item.cards, lang)
