"""What the browser runs offline: noddy's own engine in the page, on Pyodide (issue 36 item 3), with
answers ready to be JSON for `static/engine.js`. It imports nothing the browser cannot run: no
compiled kernel (the engine seam plays Python where the kernel is not built), no numpy (not in
Pyodide's npm package), no typer, rich, FastAPI.

- `count(rules, cards, turnup, crib=False, lang=None)`: the itemised count of a hand or crib as
  ``noddy score`` makes it (`noddy.words.read_count`), each item with its name and cards in words,
  the call and the total; a bad hand is ``{"error": ...}`` said in ``lang``.
- `Table(rules, level, seed, lang)`: a game of two, a person in seat 0 against a computer level of
  `LEVELS`; `Table.view()` is the person's view (hand, turn-up, pile, scores, the legal actions in
  words), `Table.act(index)` plays the person's legal action ``index`` and then chance and the
  computer until it is the person's turn again or the game is over.
"""

from __future__ import annotations

import random
from typing import Any

from noddy.errors import NoddyError
from noddy.game import Action, GameState, PlayerView, new_game
from noddy.players import Player, make_player, next_action
from noddy.rules import load_rules
from noddy.scoring import total, turned_jack_item
from noddy.words import (
    action_words,
    announce,
    card_text,
    cards_text,
    item_name,
    read_count,
    say_error,
    turned_jack_line,
)

__all__ = ["LEVELS", "Table", "count"]

LEVELS = ("random",)
"""The computer players that run in the browser. The others weigh the lay-away with numpy (greedy,
and the levels built on it) or search with it (strong), and numpy is not in Pyodide's npm package."""


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


class Table:
    """A game of two: the person in seat 0, the computer ``level`` (one of `LEVELS`) in seat 1,
    chance drawn from ``seed``."""

    PERSON = 0

    def __init__(self, rules: str, level: str = "random", seed: int = 0, lang: str | None = None) -> None:
        if level not in LEVELS:
            offline = ", ".join(LEVELS)
            raise NoddyError(f"the computer level {level!r} does not play offline; offline: {offline}")
        self.rules = load_rules(rules)
        self.lang = lang or self.rules.language
        self.rng = random.Random(seed)
        self.players: dict[int, Player] = {1: make_player(level)}
        self.state: GameState = self._until_person(new_game(self.rules, 2))

    def _until_person(self, state: GameState) -> GameState:
        """``state`` after chance and the computer have acted, until the person is to act or the game ends."""
        while not state.is_over and (state.chance() is not None or state.to_act != self.PERSON):
            state = state.apply(next_action(state, self.players, self.rng))
        return state

    def act(self, index: int) -> dict[str, Any]:
        """Play the person's legal action ``index`` (as `view` lists them), then the others' turns."""
        legal = self.state.legal_actions()
        if not 0 <= index < len(legal):
            raise NoddyError(f"no action {index}: the person has {len(legal)} ({0}..{len(legal) - 1})")
        self.state = self._until_person(self.state.apply(legal[index]))
        return self.view()

    def view(self) -> dict[str, Any]:
        """What the person sees, ready to be JSON: the cards in notation and in words."""
        view: PlayerView = self.state.view(self.PERSON)
        lang = self.lang
        legal = view.legal if view.to_act == self.PERSON else ()
        return {
            "phase": str(view.phase),
            "dealer": view.dealer,
            "scores": list(view.scores),
            "hand": [str(c) for c in view.hand],
            "hand_words": cards_text(view.hand, lang),
            "turnup": str(view.turnup) if view.turnup is not None else None,
            "turnup_words": card_text(view.turnup, lang) if view.turnup is not None else None,
            "pile": [str(c) for _, c in view.pile],
            "count": view.count,
            "over": self.state.is_over,
            "winner": view.winner,
            "legal": [_action(a, lang) for a in legal],
        }


def _action(action: Action, lang: str) -> dict[str, Any]:
    return {
        "kind": str(action.kind),
        "cards": [str(c) for c in action.cards],
        "number": action.number,
        "words": action_words(str(action.kind), action.cards, action.number, lang),
    }
