"""Game records: the rules, the seats, and every action (chance included) as JSON; replayed exactly.

The format is specified in ``docs/record-format.md``. A record is the save file, the log, the web
app's persistence and the golden test fixture: replaying it rebuilds every state.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from noddy.errors import NoddyError, RecordError
from noddy.game.actions import Action
from noddy.game.state import GameState, new_game
from noddy.rules import Rules, dump_rules, load_rules, loads_rules

__all__ = ["FORMAT", "VERSION", "GameRecord", "Seat", "format_action", "parse_action", "result_of"]

FORMAT = "noddy-record"
VERSION = 1


@dataclass(frozen=True)
class Seat:
    """Who sat in a seat: a name and a kind (``human`` or a computer player's name)."""

    name: str
    kind: str = "human"


def format_action(action: Action) -> str:
    """``"0: play 5h"`` for a player, ``"chance: shuffle ..."`` for chance."""
    who = "chance" if action.seat is None else str(action.seat)
    return f"{who}: {action}"


def parse_action(text: str) -> Action:
    who, sep, rest = text.partition(":")
    if not sep:
        raise RecordError(f"cannot read action {text!r}: write 'SEAT: ACTION' or 'chance: ACTION'")
    who = who.strip()
    if who == "chance":
        return Action.parse(rest, None)
    if not who.isdigit():
        raise RecordError(f"cannot read action {text!r}: {who!r} is not a seat number or 'chance'")
    return Action.parse(rest, int(who))


def result_of(state: GameState) -> dict[str, Any]:
    """How a finished game ended, as records and the web's store keep it."""
    return {"scores": list(state.scores), "winner": state.winner, "stake": list(state.stake)}


@dataclass(frozen=True)
class GameRecord:
    """A whole game (or a game so far): enough to rebuild every state."""

    rules: Rules
    players: int
    partners: bool
    seats: tuple[Seat, ...]
    actions: tuple[Action, ...] = ()
    preset: str | None = None
    overrides: tuple[str, ...] = ()
    seed: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def start(
        cls,
        state: GameState,
        seats: Sequence[Seat],
        *,
        preset: str | None = None,
        overrides: Sequence[str] = (),
        seed: int | None = None,
    ) -> GameRecord:
        return cls(
            rules=state.rules,
            players=state.players,
            partners=state.partners,
            seats=tuple(seats),
            actions=state.history,
            preset=preset,
            overrides=tuple(overrides),
            seed=seed,
        )

    def initial(self) -> GameState:
        return new_game(self.rules, self.players, partners=self.partners)

    def states(self) -> Iterator[GameState]:
        """Every state from the first to the last, replaying the actions."""
        state = self.initial()
        yield state
        for number, action in enumerate(self.actions, start=1):
            try:
                state = state.apply(action)
            except NoddyError as exc:
                raise RecordError(
                    f"action {number} ({format_action(action)}) does not replay: {exc}"
                ) from None
            yield state

    def final(self) -> GameState:
        *_, state = self.states()
        return state

    def verify(self) -> GameState:
        """Replay every action and check the stored result; raise `RecordError` at the first fault."""
        state = self.final()
        result = self.meta.get("result")
        if isinstance(result, dict):
            expected = result.get("scores")
            if expected is not None and list(state.scores) != list(expected):
                raise RecordError(
                    f"the record says the scores are {expected}, the replay gives {list(state.scores)}"
                )
            if "winner" in result and result["winner"] != state.winner:
                raise RecordError(
                    f"the record says side {result['winner']} won, the replay gives {state.winner}"
                )
        return state

    def to_json(self, final: GameState | None = None) -> dict[str, Any]:
        rules: dict[str, Any]
        if self.preset is not None and load_rules(self.preset, self.overrides) == self.rules:
            rules = {"preset": self.preset, "set": list(self.overrides)}
        else:
            rules = {"toml": dump_rules(self.rules)}
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "rules": rules,
            "players": self.players,
            "partners": self.partners,
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "actions": [format_action(a) for a in self.actions],
        }
        if self.seed is not None:
            data["seed"] = self.seed
        if final is not None and final.is_over:
            data["result"] = result_of(final)
        elif "result" in self.meta:
            data["result"] = self.meta["result"]
        return data

    def dumps(self, final: GameState | None = None) -> str:
        return json.dumps(self.to_json(final), indent=1, ensure_ascii=False)

    def save(self, path: str | Path, final: GameState | None = None) -> None:
        Path(path).write_text(self.dumps(final) + "\n", encoding="utf-8")

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not a noddy record: invalid JSON ({exc.msg}, line {exc.lineno})") from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record {str(path)!r}: {exc.strerror}") from None
        return cls.loads(text)

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f'not a noddy record: expected an object with "format": "{FORMAT}"')
        version = data.get("version")
        if version != VERSION:
            raise RecordError(
                f"record version {version!r} is not supported; this noddy reads version {VERSION}"
            )
        rules_data = data.get("rules")
        preset = None
        overrides: tuple[str, ...] = ()
        try:
            if isinstance(rules_data, dict) and "preset" in rules_data:
                preset = str(rules_data["preset"])
                overrides = tuple(str(x) for x in rules_data.get("set", []))
                rules = load_rules(preset, overrides)
            elif isinstance(rules_data, dict) and "toml" in rules_data:
                rules = loads_rules(str(rules_data["toml"]))
            else:
                raise RecordError('"rules" must be {"preset": NAME, "set": [...]} or {"toml": TEXT}')
        except NoddyError as exc:
            raise RecordError(f"the record's rules do not load: {exc}") from None
        players = data.get("players")
        if not isinstance(players, int):
            raise RecordError('"players" must be a number of players')
        seats_data = data.get("seats", [])
        if not isinstance(seats_data, list) or len(seats_data) != players:
            raise RecordError(f'"seats" must list {players} seats')
        seats = tuple(
            Seat(str(s.get("name", f"seat {i}")), str(s.get("kind", "human")))
            for i, s in enumerate(seats_data)
        )
        actions_data = data.get("actions", [])
        if not isinstance(actions_data, list):
            raise RecordError('"actions" must be a list of texts such as "0: play 5h"')
        actions = []
        for number, text in enumerate(actions_data, start=1):
            try:
                actions.append(parse_action(str(text)))
            except NoddyError as exc:
                raise RecordError(f"action {number}: {exc}") from None
        meta = {"result": data["result"]} if "result" in data else {}
        return cls(
            rules=rules,
            players=players,
            partners=bool(data.get("partners", False)),
            seats=seats,
            actions=tuple(actions),
            preset=preset,
            overrides=overrides,
            seed=data.get("seed"),
            meta=meta,
        )
