"""What the browser runs offline: noddy's own engine in the page, on Pyodide (issue 36 item 3), with
answers ready to be JSON for `static/engine.js`. It imports nothing the browser cannot run: no
compiled kernel (the engine seam plays Python where the kernel is not built), no numpy (not in
Pyodide's npm package), no typer, rich, FastAPI.

- `count(rules, cards, turnup, crib=False, lang=None, house="")`: the itemised count of a hand or
  crib as ``noddy score`` makes it (`noddy.words.read_count`), each item with its name, cards in
  words and its piece of the call, the call and the total; a bad hand is ``{"error": ...}`` said in
  ``lang``. The scorer (``/score``) asks it of the server or of this engine.
- `rule_set(rules, house)`, `rule_sets()`: what the scorer and the board keeper know of a rule set
  (`noddy.offline.keeper`).
- `Table(rules, level, seed, lang)`: a game of two, a person in seat 0 against a computer level of
  `LEVELS`, told to the table page in the server's own messages (`noddy.offline.table`).
- `Trainer`: the counting trainer's API answered in the page (`noddy.offline.trainer`).
- `Engine`: what the page's engine worker asks of these, one JSON request at a time.
"""

from __future__ import annotations

import json
from typing import Any

from noddy.errors import NoddyError
from noddy.offline.countplay import count_check_json, glossary_json
from noddy.offline.keeper import rule_set, rule_sets, rules_of
from noddy.offline.page import rules_title
from noddy.offline.table import LEVELS, PERSON, Table
from noddy.offline.trainer import Trainer
from noddy.rules import load_rules, preset_names
from noddy.scoring import total, turned_jack_item
from noddy.words import (
    PAGE,
    announce,
    call,
    cards_text,
    offline_page_phrases,
    read_count,
    said_items,
    say_error,
    turned_jack_line,
)

__all__ = ["LEVELS", "Engine", "Table", "Trainer", "count", "rule_set", "rule_sets"]


def count(
    rules: str, cards: str, turnup: str, crib: bool = False, lang: str | None = None, house: str = ""
) -> dict[str, Any]:
    """The count of ``cards`` with ``turnup`` under the rule set ``rules`` (a preset's name; or
    ``house``, a house-rules file's text), in ``lang`` (the rule set's own language when none), or
    ``{"error": ...}`` saying what was wrong. Each item carries its running ``total`` and what the
    call says at it (``said``: `noddy.words.said_items`), as the show lays a count out."""
    said = lang or "en"
    try:
        ruled = rules_of(rules, house)
        said = lang or ruled.language
        held, up, items = read_count(cards, turnup, ruled, crib, said)
    except NoddyError as exc:
        return {"error": say_error(exc, said)}
    jack = turned_jack_item(up, ruled)
    parts = call(items, ruled, said)
    return {
        "rules": ruled.name,
        "lang": said,
        "cards": [str(c) for c in held],
        "turnup": str(up),
        "crib": crib,
        "total": total(items),
        "announcement": announce(items, ruled, said),
        "items": [
            {
                **item.to_json(),
                "name": part.name,
                "words": cards_text(item.cards, said),
                "total": part.running,
                "said": piece,
            }
            for item, part, piece in zip(items, parts, said_items(parts, said), strict=False)
        ],
        "said": list(said_items(parts, said)),
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
        self,
        rules: str,
        cards: str,
        turnup: str,
        crib: bool = False,
        lang: str | None = None,
        house: str = "",
    ) -> Any:
        return count(rules, cards, turnup, crib, lang, house)

    def call_rule_set(self, rules: str = "", house: str = "") -> Any:
        """A rule set's facts for the scorer and the board keeper (`noddy.offline.keeper.rule_set`)."""
        return rule_set(rules, house)

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

    def call_glossary(self, table: str, lang: str = "en") -> Any:
        """The glossary of the game ``table``'s rules (the table page asks it before the game opens)."""
        try:
            return glossary_json(Table.named(table).rules, lang)
        except NoddyError as exc:
            return {"detail": say_error(exc, lang)}

    def call_count_check(self, table: str, points: int, lang: str = "en") -> Any:
        """The person's own count judged before the game makes it (counting it yourself)."""
        try:
            return count_check_json(self.tables[table].state.view(PERSON), points, lang)
        except NoddyError as exc:
            return {"detail": say_error(exc, lang)}

    def call_close(self, table: str) -> Any:
        self.tables.pop(table, None)
        return None
