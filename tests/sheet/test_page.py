"""The rules page (`noddy.sheet.page`): a player's reading first (the game in plain words, the table
of scores, a hand counted item by item by the engine), the reference after, the sources last; one
page for the web app, the same page standalone for print, several rule sets as a booklet."""

from __future__ import annotations

import re
from html import unescape

import pytest

from noddy.rules import load_rules, preset_names
from noddy.scoring import total
from noddy.sheet import WORKED_TURNUP, rules_document, worked_hand

HEADINGS = {
    "en": ("The game in plain words", "What scores", "A hand counted", "Every rule, one by one", "Sources"),
    "fr": (
        "Le jeu en mots simples", "Ce qui marque", "Une main comptée", "Chaque règle, une à une", "Sources"
    ),
}


def _worked_rows(page: str) -> list[list[str]]:
    table = page[page.index("<table class=worked-table>") :]
    body = table[table.index("<tbody>") : table.index("</tbody>")]
    return [
        [unescape(cell) for cell in re.findall(r"<td>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", body)
    ]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", preset_names())
def test_every_rule_set_s_page_reads_as_a_player_first(name: str, lang: str) -> None:
    page = rules_document((load_rules(name),), lang)
    at = [page.index(f"<h2>{heading}</h2>") for heading in HEADINGS[lang]]
    assert at == sorted(at), "plain words, scores, the worked hand, the reference, then the sources"
    assert page.count("<article class=rules-sheet>") == 1 and f'<html lang="{lang}">' in page


@pytest.mark.parametrize("name", preset_names())
def test_the_worked_hand_is_the_engine_s_count_item_by_item(name: str) -> None:
    """Each row is one item of the engine's count (`score_hand`), its points and the running total; the
    last total is the count, and the call said aloud is the whole count."""
    rules = load_rules(name)
    held, items = worked_hand(rules)
    assert len(held) == rules.held_size() and WORKED_TURNUP not in held
    rows = _worked_rows(rules_document((rules,), "en"))
    assert [int(points) for _, _, points, _ in rows] == [item.points for item in items]
    running = [int(total_) for *_, total_ in rows]
    assert running == [sum(i.points for i in items[: n + 1]) for n in range(len(items))]
    assert running[-1] == total(items) > 0


def test_cribbage_s_worked_hand_is_seventeen_with_his_nobs() -> None:
    """5♥ 4♣ J♥ 5♦ with 6♥ turned up: fifteens 8 (5+J twice, 4+5+6 twice), a pair 2, two runs of three
    6 and his nobs 1, counted by hand."""
    page = rules_document((load_rules("cribbage"),), "en")
    assert "5♥ 4♣ J♥ 5♦, with the turn-up 6♥, under these rules:" in page
    rows = _worked_rows(page)
    assert rows[0][:2] == ["5♥ + J♥ = 15", "fifteen"]
    assert [name for _, name, _, _ in rows].count("fifteen") == 4
    assert rows[-1] == ["J♥", "his nobs", "1", "17"]
    assert "fifteen 2, fifteen 4, fifteen 6, fifteen 8, a pair 10, a run of three 13," in page
    french = _worked_rows(rules_document((load_rules("cribbage"),), "fr"))
    assert french[-1] == ["V♥", "sa caboche", "1", "17"]


def test_willughby_s_worked_hand_holds_three_cards_and_knave_noddy() -> None:
    rows = _worked_rows(rules_document((load_rules("willughby"),), "en"))
    names = [name for _, name, _, _ in rows]
    assert names == ["fifteen", "fifteen", "a run of three", "a flush of three", "Knave Noddy"]
    assert rows[-1][-1] == "10"


def test_a_booklet_holds_each_rule_set_in_turn() -> None:
    names = ("willughby", "cribbage", "french")
    page = rules_document(tuple(load_rules(n) for n in names), "en", standalone=True)
    assert page.count("<article class=rules-sheet>") == 3
    titles = re.findall(r"<h1>(.*?)</h1>", unescape(page))
    assert titles == [
        "Willughby's Noddy (c.1665-70)", "Cribbage (modern six-card game)", "Noddy (French web page)"
    ]
    assert "<title>Willughby's Noddy (c.1665-70) · Cribbage" in unescape(page)


def test_the_standalone_page_carries_its_style_and_no_script() -> None:
    """The served page links its stylesheets and its script; the standalone one (a file printed or
    opened with no server) has the same stylesheets written in, the print style among them."""
    served = rules_document((load_rules("cribbage"),), "en")
    assert '<link rel="stylesheet" href="/static/rules.css">' in served and "/static/rules.js" in served
    alone = rules_document((load_rules("cribbage"),), "en", standalone=True)
    assert "<script" not in alone and 'rel="stylesheet"' not in alone
    assert "@media print" in alone and ".rules-sheet .sheet-reference" in alone
    assert alone.split("</head>")[1] == served.split("</head>")[1]
