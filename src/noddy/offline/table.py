"""A game against the computer in the browser, told to the table page as the server tells it.

`Table` is a game of two: the person in seat 0, a computer level of `LEVELS` in seat 1, chance drawn
from a seed. The table page (``static/table.js``) plays it through ``static/engine-socket.js``, which
stands in for the server's websocket: the page sends the messages it sends the server (``hello``,
``act``, ``lang``, ``name``, ``rematch``, ``ping``) to `Table.receive`, and reads back the server's
(``welcome``, ``table``, ``state``, ``error``), whose game part is `noddy.offline.page`'s, the
builder the server uses. The computer's turns are taken one at a time (`Table.step`), so the page
can pace them as the server's driver does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from noddy.errors import NoddyError
from noddy.game import Action, GameState, new_game
from noddy.offline.page import table_fields, view_fields
from noddy.players import Player, make_player, next_action
from noddy.rules import load_rules
from noddy.words import LANGUAGES, PAGE, Reason, phrase, say_error

__all__ = ["LEVELS", "PERSON", "Table"]

LEVELS = ("easy", "medium")
"""The levels people are offered that play in the browser: ``easy`` and ``medium`` weigh the
lay-away by `noddy.players.means`, which counts in plain Python where numpy is missing. ``hard``
does not: the strong player samples the hidden cards and searches with numpy, and weighs its
choices by the board tables (numpy files); Pyodide's npm package has no numpy."""

PERSON = 0
COMPUTER = 1
MESSAGES = ("hello", "act", "lang", "name", "rematch", "ping")
"""What the table page sends that a game here answers (its undo and win-chance bar are the server's)."""
ACTIONS = '"play 5h", "go", "discard 5h 6d", "count", "declare 12"'


class Table:
    """A game of two against the computer ``level``, chance drawn from ``seed``, said in ``lang``
    (the rule set's own language when none)."""

    def __init__(self, rules: str, level: str = "medium", seed: int = 0, lang: str | None = None) -> None:
        if level not in LEVELS:
            raise NoddyError(Reason("offline_level", level=repr(level), levels=", ".join(LEVELS)))
        self.preset = rules
        self.rules = load_rules(rules)
        self.level = level
        self.seed = seed
        self.lang = lang or self.rules.language
        self.rng = random.Random(seed)
        self.players: dict[int, Player] = {COMPUTER: make_player(level)}
        self.state: GameState = new_game(self.rules, 2)
        self.name: str | None = None
        self.sent = 0

    @classmethod
    def named(cls, table: str, lang: str | None = None) -> Table:
        """The game named ``table``, RULES-LEVEL-SEED (as its `id` names it: ``cribbage-medium-7``)."""
        rules, level, seed = [*table.rsplit("-", 2), "", ""][:3]
        if not rules or not seed.isascii() or not seed.isdigit():
            raise NoddyError(Reason("offline_table", table=repr(table[:60])))
        return cls(rules, level, int(seed), lang)

    @property
    def id(self) -> str:
        """The table's name in the page's address and keys: its rules, level and seed."""
        return f"{self.preset}-{self.level}-{self.seed}"

    def names(self) -> list[str]:
        """The seats' names as the person reads them: "You", and the computer named as the lobby
        names it ("Computer (medium)")."""
        page = PAGE[self.lang]
        computer = page["lobby.computer_name"].format(level=page[f"level.{self.level}"])
        return [phrase("you", self.lang), computer]

    def seats(self) -> list[dict[str, Any]]:
        names = self.names()
        return [
            {"name": self.name or names[PERSON], "kind": "human", "claimed": True, "connected": True},
            {"name": names[COMPUTER], "kind": self.level, "claimed": True, "connected": False},
        ]

    def status(self) -> str:
        return "over" if self.state.is_over else "playing"

    def table_message(self) -> dict[str, Any]:
        """The server's ``table`` message for the person's seat."""
        return {
            "type": "table",
            "id": self.id,
            "you": PERSON,
            "status": self.status(),
            "rematch": None,
            **table_fields(self.preset, self.state, self.names(), self.lang),
            "seats": self.seats(),
        }

    def state_message(self) -> dict[str, Any]:
        """The server's ``state`` message: the game as the person's view shows it, with the events
        not sent yet."""
        view = self.state.view(PERSON)
        fields = view_fields(view, self.names(), self.sent, self.lang)
        self.sent = len(view.events)
        return {
            "type": "state",
            "table": self.id,
            "seq": len(self.state.history),
            **fields,
            "laid_away": [],
            "lay_away_now": False,
            "status": self.status(),
            "undo": None,
            "winchance": None,
        }

    def receive(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        """The messages the server would answer ``message``, one of the table page's, with."""
        kind = str(message.get("type"))
        try:
            return self._answer(kind, message)
        except NoddyError as exc:
            return [{"type": "error", "error": say_error(exc, self.lang), "about": kind[:40]}]

    def _answer(self, kind: str, message: dict[str, Any]) -> list[dict[str, Any]]:
        if kind in ("hello", "lang"):
            lang = message.get("lang")
            if lang in LANGUAGES:
                self.lang = str(lang)
            elif kind == "lang":
                raise NoddyError(
                    Reason("lang_text", languages=", ".join(LANGUAGES), lang=repr(str(lang)[:20]))
                )
            self.sent = 0
            news = [self.table_message(), self.state_message()]
            return [{"type": "welcome", "table": self.id, "seat": PERSON}, *news] if kind == "hello" else news
        if kind == "act":
            return self._act(message.get("action"), message.get("seq"))
        if kind == "name":
            self.name = str(message.get("name") or "").strip()[:24] or None
            return [self.table_message()]
        if kind == "ping":
            return [{"type": "pong"}]
        if kind == "rematch":
            return [{"type": "rematch", "table": f"{self.preset}-{self.level}-{self.seed + 1}"}]
        raise NoddyError(Reason("unknown_type", kind=repr(kind[:40]), types=", ".join(MESSAGES)))

    def _act(self, text: object, seq: object) -> list[dict[str, Any]]:
        """The person's move written as the page writes it ("play 5h", "discard 5h 6d")."""
        if not isinstance(text, str) or not text.strip():
            raise NoddyError(Reason("action_text", examples=ACTIONS))
        if seq is not None and seq != len(self.state.history):
            raise NoddyError(Reason("moved_on", seen=seq, now=len(self.state.history)))
        if self.state.is_over:
            raise NoddyError(Reason("over_rematch"))
        self.state = self.state.apply(Action.parse(text, PERSON))
        return [self.state_message()]

    def step(self) -> list[dict[str, Any]]:
        """Chance's moves and one of the computer's, told as a state message; nothing when it is the
        person's turn or the game is over."""
        return [self.state_message()] if self._advance() else []

    def _advance(self) -> bool:
        """Chance's moves and one of the computer's; whether anything moved."""
        moved = False
        while not self.state.is_over and self.state.chance() is not None:
            self.state = self.state.apply(next_action(self.state, self.players, self.rng))
            moved = True
        if not self.state.is_over and self.state.to_act == COMPUTER:
            self.state = self.state.apply(next_action(self.state, self.players, self.rng))
            moved = True
        return moved

    def replay(self, actions: Sequence[str]) -> int:
        """Play the person's ``actions`` (as the page sent them) again, the others' turns between
        them: a game reopened after a reload or a closed browser is where it was, since the same seed
        deals the same cards and the computer answers the same. How many were played: the first that
        no longer fits (a changed noddy) and those after it are dropped."""
        for played, text in enumerate(actions):
            while self.waiting():
                self._advance()
            try:
                self.state = self.state.apply(Action.parse(text, PERSON))
            except NoddyError:
                return played
        return len(actions)

    def waiting(self) -> bool:
        """Whether the game waits for chance or the computer (the page asks `step` after a pause)."""
        return not self.state.is_over and (self.state.chance() is not None or self.state.to_act != PERSON)
