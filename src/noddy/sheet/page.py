"""A rule set's rules page: the web app serves it at ``/rules/NAME`` and it prints as a handout of one
or two pages (the print stylesheet, ``static/rules.css``); ``noddy rules sheet`` prints the same page
to PDF, several rule sets one after another as a booklet.

A player's reading comes first: the game in plain words (`noddy.train.glossary`), the table of
scores, a worked hand counted by the engine and laid out item by item as the show presents a count;
then every rule one by one (the screen's reference, left off the printed handout); the sources last.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from importlib.resources import files

from noddy.cards import Card, parse_cards
from noddy.rules import Rules
from noddy.scoring import FACTS, ScoreItem, score_hand
from noddy.train import glossary, score_table
from noddy.words import (
    announce,
    card_text,
    cards_text,
    cited,
    opening,
    rule_phrase,
    rule_rows,
    rule_set_words,
    sheet_phrase,
    sheet_players,
    steps,
    worked_intro,
)

__all__ = ["STYLESHEETS", "WORKED_CARDS", "WORKED_TURNUP", "rules_document", "worked_hand"]

STYLESHEETS = ("style.css", "rules.css")
"""The page's stylesheets, in the web app's static folder: the app's own, then the rules page's
(its print style among it)."""

WORKED_CARDS = parse_cards("5h 4c Jh 5d 6c 9s 2d Kc Qs 8d")
"""The worked hand's cards, a rule set's hand size taken from the front: the first three make a
fifteen twice, a run with the turn-up and a flush of hearts with it, and hold the Knave of the
turn-up's suit; the fourth makes a pair."""

WORKED_TURNUP = Card.parse("6h")


def worked_hand(rules: Rules) -> tuple[tuple[Card, ...], tuple[ScoreItem, ...]]:
    """The worked hand of ``rules`` (its hand size of `WORKED_CARDS`) and its count by the engine,
    with `WORKED_TURNUP`."""
    held = WORKED_CARDS[: rules.held_size()]
    return held, score_hand(held, WORKED_TURNUP, rules)


def _plain(rules: Rules, lang: str) -> list[str]:
    heading = escape(rule_phrase("how_to_play", lang))
    parts = [f"<section class=sheet-plain><h2>{heading}</h2><dl class=sheet-plain>"]
    for term, sentence in glossary(rules, lang):
        parts.append(f"<dt>{escape(opening(term))}</dt><dd>{escape(sentence)}</dd>")
    parts.append("</dl></section>")
    return parts


def _scores(rules: Rules, lang: str) -> list[str]:
    head = "".join(
        f'<th scope="col">{escape(sheet_phrase(key, lang))}</th>'
        for key in ("scores.what", "scores.hand", "scores.play")
    )
    parts = [
        f"<section class=sheet-scores><h2>{escape(sheet_phrase('scores', lang))}</h2>",
        f"<table class=score-table><thead><tr>{head}</tr></thead><tbody>",
    ]
    for row in score_table(rules, lang):
        cells = (
            f"<td>{escape(row.hand)}</td><td>{escape(row.play)}</td>"
            if row.play
            else f"<td colspan=2>{escape(row.hand)}</td>"
        )
        parts.append(f'<tr><th scope="row">{escape(opening(row.term))}</th>{cells}</tr>')
    parts.append("</tbody></table></section>")
    return parts


def _cards(cards: Sequence[Card], lang: str, total: int | None) -> str:
    """An item's cards as the show points at them: a sum written out ("5♥ + J♥ = 15")."""
    if total is not None:
        return " + ".join(card_text(c, lang) for c in cards) + f" = {total}"
    return cards_text(cards, lang)


def _worked(rules: Rules, lang: str) -> list[str]:
    held, items = worked_hand(rules)
    head = "".join(
        f'<th scope="col">{escape(sheet_phrase(key, lang))}</th>'
        for key in ("worked.cards", "worked.item", "worked.points", "worked.total")
    )
    parts = [
        f"<section class=sheet-worked><h2>{escape(sheet_phrase('worked', lang))}</h2>",
        f"<p>{escape(worked_intro(held, WORKED_TURNUP, lang))}</p>",
        f"<table class=worked-table><thead><tr>{head}</tr></thead><tbody>",
    ]
    for item, step in zip(items, steps(items, rules, lang), strict=True):
        cards = _cards(item.cards, lang, FACTS[item.kind].target)
        parts.append(
            f"<tr><td>{escape(cards)}</td><td>{escape(step.part.name)}</td>"
            f"<td>{item.points}</td><td>{step.part.running}</td></tr>"
        )
    call = announce(items, rules, lang)
    said = escape(sheet_phrase("worked.said", lang, call=call))
    parts += ["</tbody></table>", f"<p class=sheet-said>{said}</p>", "</section>"]
    return parts


def _reference(rules: Rules, lang: str) -> list[str]:
    parts = [f"<section class=sheet-reference><h2>{escape(rule_phrase('reference', lang))}</h2>"]
    parts.append(f"<p class=note>{escape(rule_phrase('reference_note', lang))}</p>")
    for heading, rows in rule_rows(rules, lang):
        parts.append(f"<h2>{escape(heading)}</h2><dl>")
        for row in rows:
            parts.append(f"<dt>{escape(opening(row.about))}</dt>")
            parts.append(f"<dd><strong>{escape(row.reading)}</strong>")
            if row.note:
                parts.append(f"<p class=note>{escape(cited(row.note))}</p>")
            parts.append("</dd>")
        parts.append("</dl>")
    parts.append("</section>")
    return parts


def _sources(rules: Rules, lang: str) -> list[str]:
    heading = escape(sheet_phrase("sources", lang))
    parts = [f"<section class=sheet-sources><h2>{heading}</h2><ul class=sheet-sources>"]
    for source in rules.sources:
        url = escape(source.url)
        link = f' — <a href="{url}" rel="noopener">{url}</a>' if source.url else ""
        parts.append(f"<li>{escape(source.name)}{link}</li>")
    parts.append("</ul></section>")
    return parts


def _sheet(rules: Rules, lang: str) -> str:
    """One rule set's handout, an ``<article>``."""
    title, summary = rule_set_words(rules.name, rules.title or rules.name, rules.summary, lang)
    parts = [
        "<article class=rules-sheet>",
        f"<h1>{escape(title)}</h1>",
        f"<p class=summary>{escape(summary)}</p>" if summary else "",
        f"<p class=sheet-players>{escape(sheet_players(rules, lang))}</p>",
        *_plain(rules, lang),
        *_scores(rules, lang),
        *_worked(rules, lang),
        *_reference(rules, lang),
        *_sources(rules, lang),
        "</article>",
    ]
    return "\n".join(part for part in parts if part)


def _inlined() -> str:
    static = files("noddy") / "web" / "static"
    return "\n".join(static.joinpath(name).read_text(encoding="utf-8") for name in STYLESHEETS)


def rules_document(sheets: Sequence[Rules], lang: str = "en", *, standalone: bool = False) -> str:
    """The rules page of each of ``sheets`` (one rule set, or several one after another as a
    booklet, each starting a new printed page), in ``lang``: the page the web app serves, its
    stylesheets and script linked; ``standalone``, the same page with its stylesheets written in
    and no script, for a file printed or opened with no server (``noddy rules sheet``)."""
    titles = [rule_set_words(r.name, r.title or r.name, r.summary, lang)[0] for r in sheets]
    title = f"{titles[0]} — {rule_phrase('the_rules', lang)}" if len(titles) == 1 else " · ".join(titles)
    if standalone:
        head = f"<style>\n{_inlined()}\n</style>"
    else:
        head = "\n".join(f'<link rel="stylesheet" href="/static/{name}">' for name in STYLESHEETS)
        head += '\n<script type="module" src="/static/rules.js"></script>'
    printing = escape(sheet_phrase("print", lang))
    body = "\n".join(_sheet(rules, lang) for rules in sheets)
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
{head}</head>
<body class="page rules-page"><nav class="topbar"><a href="/" class="brand">Noddy</a>
<button type="button" id="print-rules" class="sheet-control" hidden>{printing}</button></nav>
<main class="prose">{body}</main></body></html>"""
