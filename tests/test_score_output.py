"""``noddy score`` prints its count without rich's Console (`noddy.cli.plain`), laid out exactly as
rich lays out the same page: checked here against rich's own rendering, byte for byte, plain and in
bold, for every hand vector and a sample of random hands of every preset, in English and French,
with house rules, at widths that fit and widths that do not (where rich itself prints)."""

from __future__ import annotations

import dataclasses
import io
import json
import random
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from noddy.cards import DECK, parse_card, parse_cards
from noddy.cli.main import app
from noddy.cli.plain import NARROW, Page, plain_text, print_with_rich, terminal
from noddy.cli.score_cmd import count_page
from noddy.rules import Rules, load_rules, preset_names
from noddy.scoring import score_hand

VECTORS = tomllib.loads((Path(__file__).parent / "vectors" / "hands.toml").read_text(encoding="utf-8"))
HANDS = VECTORS["vector"]
WIDTHS = (20, 40, 60, 72, 80, 100, 200)
CHANGES = ((), ("game.target=121",), ("hand.flush=off", "combinations.pairs=[2,6,12]"))


@cache
def _rules(name: str, overrides: tuple[str, ...]) -> Rules:
    return load_rules(name, overrides)


def rich_text(page: Page, width: int, styled: bool) -> str:
    """``page`` as rich itself prints it on a console ``width`` wide, styled as on a terminal or not."""
    out = io.StringIO()
    console = Console(
        file=out,
        width=width,
        force_terminal=styled,
        color_system="standard" if styled else None,
        highlight=False,
        soft_wrap=True,
    )
    print_with_rich(page, console)
    return out.getvalue()


def table_width(page: Page) -> int:
    """The width rich gives the page's table: its widest cells, a space each side, a line between."""
    assert page.table is not None
    columns = list(zip(page.table.headers, *page.table.rows, strict=True))
    return sum(max(len(cell) for cell in column) + 2 for column in columns) + len(columns) - 1


def check(page: Page, width: int) -> bool:
    """The writer's text is rich's, plain and styled, wherever the writer writes; whether it did."""
    plain = plain_text(page, width, styled=False)
    if plain is None:
        assert plain_text(page, width, styled=True) is None
        return False
    assert plain == rich_text(page, width, styled=False)
    assert plain_text(page, width, styled=True) == rich_text(page, width, styled=True)
    return True


def page_of(rules: Rules, held: str, turnup: str, crib: bool, lang: str, changes: tuple[str, ...]) -> Page:
    cards, up = parse_cards(held), parse_card(turnup)
    items = score_hand(cards, up, rules, crib=crib)
    return count_page(cards, up, items, rules, crib, lang, changes)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("vector", HANDS, ids=[v["id"] for v in HANDS])
def test_every_vector_is_printed_as_rich_prints_it(vector: dict[str, Any], lang: str) -> None:
    changes = tuple(vector.get("set", []))
    rules = _rules(vector["rules"], changes)
    page = page_of(rules, vector["held"], vector["turnup"], vector.get("crib", False), lang, changes)
    written = [check(page, width) for width in WIDTHS]
    assert written[-1], "a count 200 columns wide is written without rich"
    if page.table is not None:
        fits = table_width(page)
        assert check(page, fits)
        assert not check(page, fits - 1)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(sorted(preset_names())),
    st.randoms(use_true_random=False),
    st.booleans(),
    st.sampled_from(["en", "fr"]),
    st.sampled_from(CHANGES),
    st.sampled_from(WIDTHS),
)
def test_random_hands_of_every_preset_are_printed_as_rich_prints_them(
    name: str, rng: random.Random, crib: bool, lang: str, changes: tuple[str, ...], width: int
) -> None:
    rules = _rules(name, changes)
    players = rng.choice(rules.player_counts)
    size = rules.crib_size(players) if crib else rules.held_size(players)
    if size == 0:
        crib, size = False, rules.held_size(players)
    cards = rng.sample(DECK, size + 1)
    held = " ".join(str(card) for card in cards[:-1])
    page = page_of(rules, held, str(cards[-1]), crib, lang, changes)
    check(page, width)
    assert check(page, 200)


def test_an_empty_count_has_no_table_and_is_printed_as_rich_prints_it() -> None:
    rules = _rules("cribbage", ())
    for lang in ("en", "fr"):
        page = page_of(rules, "2h 4d 6c 8s", "Ts", False, lang, ())
        assert page.table is None
        assert check(page, 20)


def test_text_rich_would_read_as_markup_or_emoji(tmp_path: Path) -> None:
    """Brackets and backslashes print as they are, as rich prints them escaped; an emoji code, or a
    character whose width only rich knows, leaves the page to rich."""
    for title, written in (
        ("Ours [bold]not bold[/] [x] [/] [#f00]", True),
        ("Ours \\[x] \\", False),
        ("Ours :thumbs_up: house", False),
        ("Ours 東 house", False),
    ):
        path = tmp_path / "ours.toml"
        path.write_text(f'extends = "cribbage"\ntitle = {json.dumps(title)}\n', encoding="utf-8")
        rules = load_rules(str(path))
        page = page_of(rules, "5h 5d 5c Js", "5s", False, "en", ())
        assert check(page, 100) is written
        assert title in plain_text(page, 100, False) if written else True


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="[]/ab#@=:\\ ", max_size=12))
def test_titles_with_brackets_print_as_rich_prints_them(title: str) -> None:
    """Any title of brackets, slashes, backslashes and colons: the writer's text is rich's, or rich
    prints it."""
    base = _rules("cribbage", ())
    rules = dataclasses.replace(base, title=title)
    page = page_of(rules, "5h 5d 5c Js", "5s", False, "en", ())
    if check(page, 100):
        assert title.strip() in (plain_text(page, 100, False) or "")


def test_every_narrow_character_is_one_cell_in_every_unicode_version_rich_knows() -> None:
    from rich._unicode_data._versions import VERSIONS
    from rich.cells import cell_len

    for low, high in NARROW:
        for code in range(low, high + 1):
            for version in VERSIONS:
                assert cell_len(chr(code), version) == 1, (hex(code), version)


@pytest.mark.parametrize(
    "environ",
    [
        {},
        {"COLUMNS": "50"},
        {"COLUMNS": "50", "LINES": "20", "TERM": "dumb"},
        {"COLUMNS": "50", "TERM": "dumb"},
        {"COLUMNS": "0"},
        {"FORCE_COLOR": "1"},
        {"FORCE_COLOR": ""},
        {"FORCE_COLOR": "1", "TERM": "dumb"},
        {"FORCE_COLOR": "1", "TERM": "unknown", "COLUMNS": "90"},
        {"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"},
        {"TTY_COMPATIBLE": "1"},
        {"TTY_COMPATIBLE": "1", "NO_COLOR": "1"},
    ],
)
@pytest.mark.parametrize("tty", [False, True])
def test_width_and_styles_are_what_richs_console_decides(
    environ: dict[str, str], tty: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    for key in ("COLUMNS", "LINES", "TERM", "FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR"):
        monkeypatch.delenv(key, raising=False)
    for key, value in environ.items():
        monkeypatch.setenv(key, value)

    class File(io.StringIO):
        def isatty(self) -> bool:
            return tty

    console = Console(file=File(), highlight=False, soft_wrap=True)
    styled = console.is_terminal and console.color_system is not None
    assert terminal(File()) == (console.width, styled)


def test_the_command_writes_rich_layout_and_leaves_a_narrow_terminal_to_rich() -> None:
    """Through the command: at a width that fits, rich's text written without rich; at one too
    narrow, rich's own wrapped table."""
    args = ["score", "5h 5d 5c Js", "--turnup", "5s", "--rules", "cribbage", "--lang", "fr"]
    rules = _rules("cribbage", ())
    page = page_of(rules, "5h 5d 5c Js", "5s", False, "fr", ())
    fits = table_width(page)
    for width in (fits, fits - 1, 40, 200):
        result = CliRunner().invoke(app, args, env={"COLUMNS": str(width)})
        assert result.exit_code == 0
        assert result.stdout == rich_text(page, width, styled=False)
    assert "│" in rich_text(page, 40, styled=False).splitlines()[3]
