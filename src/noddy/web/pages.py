"""The lobby's facts about each rule set, the full rules in plain words, and finished games' replays."""

from __future__ import annotations

from functools import cache
from html import escape
from typing import Any

from noddy.errors import quoted
from noddy.players import LEVELS
from noddy.rules import Rules, load_rules, preset_names
from noddy.sheet import rules_document
from noddy.web.live import LiveTable
from noddy.web.messages import display_names, event_json, pegs, table_title
from noddy.words import LANGUAGES, counting_words, page_phrases, rule_set_words

__all__ = [
    "counting_choices",
    "known_language",
    "levels",
    "missing_table_page",
    "page_language",
    "page_words",
    "replay_frames",
    "rules_catalogue",
    "rules_page",
]


def levels() -> list[str]:
    """The computer players the lobby offers: the difficulty levels."""
    return list(LEVELS)


def _rules_facts(rules: Rules, lang: str) -> dict[str, Any]:
    title, summary = rule_set_words(rules.name, rules.title or rules.name, rules.summary, lang)
    return {
        "name": rules.name,
        "title": title,
        "summary": summary,
        "language": rules.language,
        "sources": [{"name": s.name, "url": s.url} for s in rules.sources],
        "players": list(rules.player_counts),
        "partners": rules.table.partners,
        "end": rules.game.end,
        "target": rules.game.target,
        "wrong_count": rules.hand.wrong_count,
    }


@cache
def rules_catalogue(lang: str = "en") -> list[dict[str, Any]]:
    """The lobby's facts about each preset, its title and summary in ``lang``."""
    return [_rules_facts(load_rules(name), lang) for name in preset_names()]


def counting_choices(values: tuple[str, ...], lang: str = "en") -> list[dict[str, str]]:
    """The counting options the lobby offers, each with what it does in ``lang``."""
    return [{"value": value, "words": counting_words(value, lang)} for value in values]


def known_language(lang: str | None) -> str:
    """``lang`` if noddy speaks it, else English (a page asks; a wrong answer is no error)."""
    return lang if lang in LANGUAGES else "en"


def page_language(asked: str | None, accept: str | None) -> str:
    """The language of a page the server words itself: ``asked`` (a ``?lang=``) if noddy speaks it,
    else the first language of the browser's ``Accept-Language`` noddy speaks, else English."""
    if asked in LANGUAGES:
        return str(asked)
    for part in (accept or "").split(",")[:20]:
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


def missing_table_page(table_id: str, lang: str, what: str = "table") -> str:
    """The page a link to no table gets (served as a 404): what is wrong, the id it was given quoted
    short (`noddy.errors.quoted`), and the way back to the lobby, in ``lang``; ``missing.js`` says
    it again in the language this browser chose, if it chose one. An address that is no page at all
    gets the same page (``what`` "page"), saying so of the address, and so does one that holds a
    control character (``what`` "address", served as a 400: `noddy.web.guard.ControlText`)."""
    words = page_phrases(lang)
    key = "missing." if what == "table" else f"missing.{what}_"
    name = quoted(table_id)
    line = words[f"{key}line"].replace("{id}", name)
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(words[f"{key}doc"])}</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/style.css">
<script type="module" src="/static/missing.js"></script></head>
<body class="page missing-page" data-w-doc="{key}doc" data-line="{key}line" data-id="{escape(name)}">
<nav class="topbar"><a href="/" class="brand" data-w-title="brand.title">Noddy</a></nav>
<main class="prose"><h1 data-w="{key}title">{escape(words[f"{key}title"])}</h1>
<p id="missing-line">{escape(line, quote=False)}</p>
<p><a id="to-lobby" href="/" data-w="missing.lobby">{escape(words["missing.lobby"])}</a></p></main>
</body></html>"""


def rules_page(name: str, lang: str = "en") -> str | None:
    """The rules page of the preset ``name`` in ``lang`` (`noddy.sheet.rules_document`: it prints as
    a handout), or ``None`` for an unknown name."""
    if name not in preset_names():
        return None
    return rules_document((load_rules(name),), known_language(lang))


def page_words(lang: str) -> dict[str, Any]:
    """The phrase table a page reads its words from, in ``lang`` (English for a language unknown)."""
    lang = known_language(lang)
    languages = {code: page_phrases(code)["lang.name"] for code in LANGUAGES}
    return {"lang": lang, "languages": languages, "phrases": page_phrases(lang)}


def replay_frames(table: LiveTable, lang: str | None = None) -> dict[str, Any]:
    """Every position of a finished game in its open view (every hand and crib face up), worded in
    ``lang`` (by default the table's): only a finished game is replayed (`GameState.replay` refuses
    any other)."""
    lang = known_language(lang) if lang else table.language
    names = display_names(table, None, lang)
    frames = []
    shown = 0
    for state, view in table.state.replay():
        last = state.history[-1] if state.history else None
        data = view.to_json()
        del data["events"]
        frames.append(
            {
                "action": None if last is None else (last.kind if last.is_chance else str(last)),
                "actor": None if last is None else last.seat,
                "view": data,
                "events": [
                    event_json(e, names, state.rules, state.partners, lang) for e in view.events[shown:]
                ],
                "pegs": pegs(view),
            }
        )
        shown = len(view.events)
    return {
        "id": table.id,
        "lang": lang,
        "title": table_title(table, lang),
        "names": names,
        "partners": table.state.partners,
        "target": table.rules.game.target,
        "end": table.rules.game.end,
        "frames": frames,
    }
