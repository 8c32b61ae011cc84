"""What the browser runs offline: noddy's own engine in the page, on Pyodide (issue 36 item 3), with
answers ready to be JSON for `static/engine.js`. It imports nothing the browser cannot run: no
compiled kernel (the engine seam plays Python where the kernel is not built), no numpy (not in
Pyodide's npm package), no typer, rich, FastAPI.

- `count(rules, cards, turnup, crib=False, lang=None)`: the itemised count of a hand or crib as
  ``noddy score`` makes it (`noddy.words.read_count`), each item with its name and cards in words,
  the call and the total; a bad hand is ``{"error": ...}`` said in ``lang``.
- `Table(rules, level, seed, lang)`: a game of two, a person in seat 0 against a computer level of
  `LEVELS`, told to the table page in the server's own messages (`noddy.offline.table`).
- `Trainer`: the counting trainer's API answered in the page (`noddy.offline.trainer`).
- `Engine`: what the page's engine worker asks of these, one JSON request at a time.
"""

from __future__ import annotations

import json
from typing import Any

from noddy.errors import NoddyError
from noddy.offline.page import rules_title
from noddy.offline.table import LEVELS, Table
from noddy.offline.trainer import Trainer
from noddy.rules import load_rules, preset_names
from noddy.scoring import total, turned_jack_item
from noddy.words import (
    PAGE,
    announce,
    cards_text,
    item_name,
    offline_page_phrases,
    read_count,
    say_error,
    turned_jack_line,
)

__all__ = ["LEVELS", "Engine", "Table", "Trainer", "count"]


def count(rules: str, cards: str, turnup: str, crib: bool = False, lang: str | None = None) -> dict[str, Any]:
    """The count of ``cards`` with ``turnup`` under the rule set ``rules`` (a preset's name), in
    ``lang`` (the rule set's own language when none), or ``{"error": ...}`` saying what was wrong."""
    said = lang or "en"
    try:
        ruled = load_rules(rules)
        said = lang or ruled.language
        held, up, items = read_count(cards, turnup, ruled, crib, said)
    except NoddyError as exc:
        return {"error": say_error(exc, said)}
    jack = turned_jack_item(up, ruled)
    return {
        "rules": ruled.name,
        "lang": said,
        "cards": [str(c) for c in held],
        "turnup": str(up),
        "crib": crib,
        "total": total(items),
        "announcement": announce(items, ruled, said),
        "items": [
            {**item.to_json(), "name": item_name(item, ruled, said), "words": cards_text(item.cards, said)}
            for item in items
        ],
        "jack": turned_jack_line(jack, ruled, said) if jack is not None else None,
    }


class Engine:
    """What the page's engine worker (``static/engine-worker.js``) asks, one JSON request at a time
    (``{"call": NAME, "args": [...]}``), answered in JSON: `count`, `levels`, and the games against
    the computer this page holds, by their id (`noddy.offline.table.Table.id`)."""

    def __init__(self) -> None:
        self.tables: dict[str, Table] = {}
        self.trainer = Trainer()

    def answer(self, request: str) -> str:
        asked = json.loads(request)
        call, args = asked["call"], asked.get("args", [])
        return json.dumps(getattr(self, f"call_{call}")(*args))

    def call_count(
        self, rules: str, cards: str, turnup: str, crib: bool = False, lang: str | None = None
    ) -> Any:
        return count(rules, cards, turnup, crib, lang)

    def call_levels(self, lang: str = "en") -> Any:
        """The levels that play here, and the sentence saying so and why ``hard`` does not."""
        page = PAGE[lang]
        said = f" {offline_page_phrases(lang)['offline.and']} ".join(
            page[f"level.{level}"] for level in LEVELS
        )
        note = offline_page_phrases(lang)["offline.levels"].format(levels=said, hard=page["level.hard"])
        return {
            "levels": [{"level": level, "name": page[f"level.{level}"]} for level in LEVELS],
            "note": note,
        }

    def call_rule_sets(self, lang: str = "en") -> Any:
        """Every preset's name and title in ``lang``."""
        return [{"name": name, "title": rules_title(name, load_rules(name), lang)} for name in preset_names()]

    def call_open(self, table: str, lang: str | None = None, actions: list[str] | None = None) -> Any:
        """Open the game named ``table`` (RULES-LEVEL-SEED) with the person's ``actions`` so far played
        again (`Table.replay`: ``replayed`` says how many fitted), or say why there is none."""
        try:
            made = Table.named(table, lang)
        except NoddyError as exc:
            return {"error": say_error(exc, lang or "en")}
        self.tables[table] = made
        return {"id": table, "replayed": made.replay(actions or [])}

    def call_receive(self, table: str, message: dict[str, Any]) -> Any:
        return {"messages": self.tables[table].receive(message), "waiting": self.tables[table].waiting()}

    def call_step(self, table: str) -> Any:
        return {"messages": self.tables[table].step(), "waiting": self.tables[table].waiting()}

    def call_train(self, path: str, body: dict[str, Any], saved: str | None) -> Any:
        """The trainer's request to ``path`` (`noddy.offline.trainer.Trainer.request`), the learner's
        progress as the page keeps it (``saved``)."""
        return self.trainer.request(path, body, saved)

    def call_close(self, table: str) -> Any:
        self.tables.pop(table, None)
        return None
