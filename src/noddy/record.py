"""Game records: the rules, the seats, and every action (chance included) as JSON; replayed exactly.

The format is specified in ``docs/record-format.md``. A record is the save file, the log, the web
app's persistence and the golden test fixture: replaying it rebuilds every state.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from noddy.errors import NoddyError, NotationError, RecordError, quoted
from noddy.game import Action, GameState, new_game
from noddy.rules import LANGUAGES, Rules, dump_rules, load_rules, loads_rules
from noddy.textdata import read_json
from noddy.words import Reason

__all__ = [
    "FORMAT",
    "MAX_SEAT_NAME",
    "VERSION",
    "GameRecord",
    "Seat",
    "format_action",
    "parse_action",
    "result_of",
]

FORMAT = "noddy-record"
VERSION = 1
MAX_SEAT_NAME = 64
"""The longest seat name a record may hold, in characters (the web's names are at most 24): a name
is said on every line of a game, so a longer one is refused as no name a player gave."""


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
    """Read ``"SEAT: ACTION"`` or ``"chance: ACTION"`` (the inverse of `format_action`)."""
    if not isinstance(text, str):
        raise RecordError(Reason("record_action_text", text=quoted(text), example="'0: play 5h'"))
    who, sep, rest = text.partition(":")
    if not sep:
        raise RecordError(Reason("record_action_form", text=quoted(text)))
    who = who.strip()
    if who == "chance":
        return Action.parse(rest.strip(), None)
    if not who.isascii() or not who.isdigit():
        raise RecordError(Reason("record_action_who", text=quoted(text), who=quoted(who)))
    return Action.parse(rest.strip(), int(who))


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
    undos: int = 0
    """How many times a person took moves back (undo against the computer); the actions are the
    game as finally played."""
    language: str | None = None
    """The language the game was played in (one of `LANGUAGES`) where it was not its rules' own, so
    that playing it on (``noddy play --resume``), replaying or reviewing it speaks that language;
    ``None``: the rules' own."""

    @classmethod
    def start(
        cls,
        state: GameState,
        seats: Sequence[Seat],
        *,
        preset: str | None = None,
        overrides: Sequence[str] = (),
        seed: int | None = None,
        undos: int = 0,
        language: str | None = None,
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
            undos=undos,
            language=language if language != state.rules.language else None,
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
                said = {"number": number, "text": format_action(action), "why": exc}
                raise RecordError(Reason("record_replay", **said)) from None
            yield state

    def final(self) -> GameState:
        *_, state = self.states()
        return state

    def verify(self, kinds: Collection[str] | None = None) -> GameState:
        """Replay every action and check the stored result, and (given ``kinds``, the seat kinds the
        caller knows) each seat's kind; raise `RecordError` at the first fault."""
        for number, seat in enumerate(self.seats):
            if kinds is not None and seat.kind not in kinds:
                said = {"number": number, "what": _quote(seat.kind), "known": ", ".join(kinds)}
                raise RecordError(Reason("record_seat_kind", **said))
        state = self.final()
        result = self.meta.get("result")
        if isinstance(result, dict):
            if not state.is_over:
                raise RecordError(Reason("record_not_over", result=result))
            expected = result.get("scores")
            if expected is not None and list(state.scores) != list(expected):
                said = {"expected": expected, "replayed": list(state.scores)}
                raise RecordError(Reason("record_scores_differ", **said))
            if "winner" in result and result["winner"] != state.winner:
                said = {"expected": result["winner"], "replayed": state.winner}
                raise RecordError(Reason("record_winner_differs", **said))
            expected = result.get("stake")
            if expected is not None and list(state.stake) != list(expected):
                said = {"expected": expected, "replayed": list(state.stake)}
                raise RecordError(Reason("record_stake_differs", **said))
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
        if self.undos:
            data["undos"] = self.undos
        if self.language is not None:
            data["language"] = self.language
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
        """Read a record from JSON text; raise `RecordError` naming the first field that is wrong."""
        try:
            data = read_json(text)
        except NotationError as exc:
            raise RecordError(Reason("record_not_json", why=exc)) from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record file (UTF-8 JSON); raise `RecordError` if it cannot be read or is malformed."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(Reason("record_unreadable", path=repr(str(path)), why=exc.strerror)) from None
        except UnicodeDecodeError:
            raise RecordError(Reason("record_not_utf8", path=repr(str(path)))) from None
        return cls.loads(text)

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Read a parsed record; each field must have its documented type: nothing is coerced."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            found = f'"format" is {_quote(data.get("format"))}' if isinstance(data, dict) else _quote(data)
            raise RecordError(Reason("record_format", found=found, format=FORMAT))
        version = data.get("version")
        if not _is_int(version) or version != VERSION:
            raise RecordError(Reason("record_version", version=_quote(version), known=VERSION))
        unknown = sorted(set(data) - set(_FIELDS))
        if unknown:
            fields = ", ".join(map(repr, _FIELDS))
            raise RecordError(Reason("record_field", field=_quote(unknown[0]), fields=fields))
        missing = [key for key in _REQUIRED if key not in data]
        if missing:
            raise RecordError(Reason("record_missing", field=missing[0], fields=", ".join(_REQUIRED)))
        rules, preset, overrides = _read_rules(data["rules"])
        players = data["players"]
        if not _is_int(players) or players not in rules.player_counts:
            allowed = ", ".join(map(str, rules.player_counts))
            said = {"players": _quote(players), "rules": rules.name, "allowed": allowed}
            raise RecordError(Reason("record_players", **said))
        partners = data["partners"]
        if not isinstance(partners, bool):
            raise RecordError(Reason("record_partners", partners=_quote(partners)))
        try:
            new_game(rules, players, partners=partners)
        except NoddyError as exc:
            why = Reason("record_partners_with", partners=_quote(partners), players=players, why=exc)
            raise RecordError(why) from None
        seed = data.get("seed")
        if seed is not None and not _is_int(seed):
            raise RecordError(Reason("record_seed", seed=_quote(seed)))
        undos = data.get("undos", 0)
        if "undos" in data and (not _is_int(undos) or undos < 1):
            raise RecordError(Reason("record_undos", undos=_quote(undos)))
        language = data.get("language")
        if "language" in data and language not in LANGUAGES:
            known = ", ".join(map(repr, LANGUAGES))
            raise RecordError(Reason("record_language", language=_quote(language), languages=known))
        sides = 2 if partners else players
        meta = {"result": _read_result(data["result"], sides)} if "result" in data else {}
        return cls(
            rules=rules,
            players=players,
            partners=partners,
            seats=_read_seats(data["seats"], players),
            actions=_read_actions(data["actions"], players),
            preset=preset,
            overrides=overrides,
            seed=seed,
            meta=meta,
            undos=undos,
            language=language,
        )


_FIELDS = (
    "format",
    "version",
    "rules",
    "players",
    "partners",
    "seats",
    "seed",
    "undos",
    "language",
    "actions",
    "result",
)
_REQUIRED = ("rules", "players", "partners", "seats", "actions")
_ACTION_EXAMPLE = '"0: play 5h"'
_SEAT_EXAMPLE = '{"name": "Ann", "kind": "human"}'
"""An action as a record writes it (the notation, the same in every language)."""
_RULES_FORMS = '{"preset": NAME, "set": ["section.field=value", ...]} or {"toml": TEXT}'


def _is_int(value: object) -> bool:
    """A JSON whole number (``true`` and ``2.0`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _quote(value: object, limit: int = 80) -> str:
    """The value as the record's JSON writes it (Python's form if it has none), cut to ``limit``."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _read_rules(data: object) -> tuple[Rules, str | None, tuple[str, ...]]:
    """The rules field: a preset and its overrides, or the whole rule set as TOML."""
    if not isinstance(data, dict) or set(data) not in ({"preset"}, {"preset", "set"}, {"toml"}):
        raise RecordError(Reason("record_rules", rules=_quote(data), forms=_RULES_FORMS))
    try:
        if "toml" in data:
            if not isinstance(data["toml"], str):
                raise RecordError(Reason("record_rules_toml", toml=_quote(data["toml"])))
            return loads_rules(data["toml"]), None, ()
        preset, overrides = data["preset"], data.get("set", [])
        if not isinstance(preset, str):
            raise RecordError(Reason("record_rules_preset", preset=_quote(preset)))
        if not isinstance(overrides, list) or not all(isinstance(o, str) for o in overrides):
            said = {"overrides": _quote(overrides), "example": '["game.target=61"]'}
            raise RecordError(Reason("record_rules_set", **said))
        return load_rules(preset, overrides), preset, tuple(overrides)
    except RecordError:
        raise
    except NoddyError as exc:
        raise RecordError(Reason("record_rules_load", rules=_quote(data), why=exc)) from None


def _read_seats(data: object, players: int) -> tuple[Seat, ...]:
    """The seats field: one ``{"name", "kind"}`` object per player, both texts."""
    if not isinstance(data, list) or len(data) != players:
        said = {"seats": _quote(data), "players": players, "example": _SEAT_EXAMPLE}
        raise RecordError(Reason("record_seats", **said))
    seats = []
    for number, seat in enumerate(data):
        if not isinstance(seat, dict) or set(seat) != {"name", "kind"}:
            said = {"number": number, "seat": _quote(seat), "form": '{"name": TEXT, "kind": TEXT}'}
            raise RecordError(Reason("record_seat", **said))
        name, kind = seat["name"], seat["kind"]
        if not isinstance(name, str) or not isinstance(kind, str):
            said = {"number": number, "seat": _quote(seat), "example": _SEAT_EXAMPLE}
            raise RecordError(Reason("record_seat_texts", **said))
        if len(name) > MAX_SEAT_NAME:
            said = {"number": number, "length": len(name), "name": _quote(name, 40), "most": MAX_SEAT_NAME}
            raise RecordError(Reason("record_seat_name", **said))
        seats.append(Seat(name, kind))
    return tuple(seats)


def _read_actions(data: object, players: int) -> tuple[Action, ...]:
    """The actions field: texts such as ``"0: play 5h"``, each by a seat of this table or chance."""
    if not isinstance(data, list):
        raise RecordError(Reason("record_actions", actions=_quote(data), example=_ACTION_EXAMPLE))
    actions = []
    for number, text in enumerate(data, start=1):
        if not isinstance(text, str):
            said = {"number": number, "text": _quote(text), "example": _ACTION_EXAMPLE}
            raise RecordError(Reason("record_action_not_text", **said))
        try:
            action = parse_action(text)
        except NoddyError as exc:
            raise RecordError(Reason("record_action", number=number, why=exc)) from None
        if action.seat is not None and action.seat >= players:
            said = {"number": number, "text": _quote(text), "seat": action.seat, "last": players - 1}
            raise RecordError(Reason("record_action_seat", **said))
        actions.append(action)
    return tuple(actions)


def _read_result(data: object, sides: int) -> dict[str, Any]:
    """The optional result field: ``scores`` (one per side), ``winner`` (a side or null), ``stake``."""
    form = f'{{"scores": [{sides} numbers], "winner": SIDE or null, "stake": [NAME, GAMES]}}'
    if not isinstance(data, dict) or set(data) != {"scores", "winner", "stake"}:
        raise RecordError(Reason("record_result", result=_quote(data), form=form))
    scores, winner, stake = data["scores"], data["winner"], data["stake"]
    if not isinstance(scores, list) or len(scores) != sides or not all(_is_int(s) for s in scores):
        raise RecordError(Reason("record_result_scores", scores=_quote(scores), sides=sides))
    if winner is not None and (not _is_int(winner) or not 0 <= winner < sides):
        raise RecordError(Reason("record_result_winner", winner=_quote(winner), last=sides - 1))
    if not (isinstance(stake, list) and len(stake) == 2 and isinstance(stake[0], str) and _is_int(stake[1])):
        raise RecordError(Reason("record_result_stake", stake=_quote(stake), example='["game", 1]'))
    return {"scores": scores, "winner": winner, "stake": stake}
