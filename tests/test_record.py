"""The record reader (docs/record-format.md): a sound record reads and verifies; a malformed field is
refused with a `RecordError` that names the field, quotes the value and says what would be right;
nothing is coerced to the type the format wants."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from noddy.cli.main import app
from noddy.errors import NotationError, RecordError
from noddy.game import Action
from noddy.record import GameRecord, Seat, parse_action
from noddy.rules import dump_rules, load_rules

GOLDEN = json.loads((Path(__file__).parent / "golden" / "willughby.json").read_text(encoding="utf-8"))


def _with(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    """The golden willughby record with one change made to it."""
    data = copy.deepcopy(GOLDEN)
    change(data)
    return data


def test_a_sound_record_reads_with_the_types_it_was_written_with() -> None:
    record = GameRecord.from_json(GOLDEN)
    assert record.players == 2 and record.partners is False
    assert record.seats == (Seat("greedy 1", "greedy"), Seat("greedy 2", "greedy"))
    assert (record.preset, record.overrides, record.seed) == ("willughby", (), GOLDEN["seed"])
    assert len(record.actions) == len(GOLDEN["actions"])
    assert record.verify().scores == tuple(GOLDEN["result"]["scores"])
    assert json.loads(record.dumps(record.final())) == GOLDEN


def test_a_record_with_the_whole_rule_set_round_trips() -> None:
    rules = load_rules("cribbage", ["game.target=61", "game.lurch=[]"])
    data = {key: GOLDEN[key] for key in ("format", "version", "players", "partners", "seats")}
    record = GameRecord.from_json(data | {"rules": {"toml": dump_rules(rules)}, "actions": []})
    assert record.rules == rules and record.preset is None and record.actions == ()
    assert GameRecord.loads(record.dumps()) == record


def _set(key: str, value: object) -> Callable[[dict[str, Any]], object]:
    return lambda d: d.__setitem__(key, value)


def _without(key: str) -> Callable[[dict[str, Any]], object]:
    return lambda d: d.pop(key)


def _rules(value: object) -> Callable[[dict[str, Any]], object]:
    return _set("rules", value)


# Each case: a change to a sound record, then texts the error must contain (the field, the value as
# written in the record, and what would be right).
MALFORMED: list[tuple[str, Callable[[dict[str, Any]], object], tuple[str, ...]]] = [
    ("partners as text", _set("partners", "no"), ('"partners" is "no"', "true or false")),
    ("partners as a number", _set("partners", 0), ('"partners" is 0', "true or false")),
    ("partners null", _set("partners", None), ('"partners" is null', "true or false")),
    ("players as true", _set("players", True), ('"players" is true', "played by 2, 4")),
    ("players as text", _set("players", "2"), ('"players" is "2"', "played by 2, 4")),
    ("players as a float", _set("players", 2.0), ('"players" is 2.0', "played by 2, 4")),
    ("players the rules refuse", _set("players", 3), ('"players" is 3', "played by 2, 4")),
    ("partners with two players", _set("partners", True), ('"partners" is true', "4 players")),
    ("seats as texts", _set("seats", ["Ann", "Bob"]), ('seat 0 in "seats" is "Ann"', '"name": TEXT')),
    ("a seat without a kind", _set("seats", [{"name": "A"}, {"name": "B"}]), ('{"name": "A"}', '"kind"')),
    (
        "a seat named by a number",
        _set("seats", [{"name": 1, "kind": "human"}, {"name": "B", "kind": "human"}]),
        ('seat 0 in "seats"', '"name": 1', "texts"),
    ),
    (
        "too few seats",
        _set("seats", [{"name": "A", "kind": "human"}]),
        ('"seats" is [{"name"', "list 2 seats"),
    ),
    ("seats as an object", _set("seats", {"name": "A"}), ('"seats" is {"name": "A"}', "list 2 seats")),
    (
        "set as a text",
        _rules({"preset": "willughby", "set": "game.target=61"}),
        ('"rules.set"', '"game.target=61"', "list of texts"),
    ),
    (
        "set with a number",
        _rules({"preset": "willughby", "set": [61]}),
        ('"rules.set" is [61]', "list of texts"),
    ),
    ("preset as a number", _rules({"preset": 5}), ('"rules.preset" is 5', "preset name")),
    (
        "an unknown preset",
        _rules({"preset": "nope"}),
        ('"rules"', '"nope"', "do not load", "unknown rule set"),
    ),
    ("toml as a list", _rules({"toml": ["x"]}), ('"rules.toml" is ["x"]', "TOML text")),
    (
        "both rule forms",
        _rules({"preset": "willughby", "toml": ""}),
        ('"rules" is {"preset"', '{"toml": TEXT}'),
    ),
    ("rules as text", _rules("willughby"), ('"rules" is "willughby"', '{"preset": NAME')),
    ("an unknown field", _set("partner", True), ('unknown field "partner"', "'partners'")),
    ("version 2", _set("version", 2), ('"version" 2', "reads version 1")),
    ("version as text", _set("version", "1"), ('"version" "1"', "reads version 1")),
    ("version as true", _set("version", True), ('"version" true', "reads version 1")),
    ("another format", _set("format", "pgn"), ('"format" is "pgn"', '"format": "noddy-record"')),
    ("seed as text", _set("seed", "11"), ('"seed" is "11"', "whole number")),
    ("seed as true", _set("seed", True), ('"seed" is true', "whole number")),
    ("actions as text", _set("actions", "0: go"), ('"actions" is "0: go"', "list of texts")),
    (
        "an action as a number",
        lambda d: d["actions"].insert(0, 7),
        ('action 1 in "actions" is 7', "0: play 5h"),
    ),
    (
        "an action without a seat",
        lambda d: d["actions"].insert(0, "play 5h"),
        ("action 1", "'play 5h'", "SEAT: ACTION"),
    ),
    ("an action by a word", lambda d: d["actions"].insert(0, "me: go"), ("action 1", "'me'", "seat number")),
    ("an unknown action", lambda d: d["actions"].insert(0, "0: fly"), ("action 1", "'fly'", "play CARD")),
    ("a bad card", lambda d: d["actions"].insert(2, "0: play 1x"), ("action 3", "'1x'", "a rank")),
    (
        "a seat not at the table",
        lambda d: d["actions"].insert(1, "7: go"),
        ("action 2", '"7: go"', "seats are 0 to 1"),
    ),
    ("a superscript seat", lambda d: d["actions"].insert(0, "²: go"), ("action 1", "'²'", "seat number")),
    ("result as a list", _set("result", [31, 22]), ('"result" is [31, 22]', '"scores"')),
    ("a result without a stake", lambda d: d["result"].pop("stake"), ('"result" is {"scores"', '"stake"')),
    (
        "too few scores",
        lambda d: d["result"].update(scores=[31]),
        ('"result.scores" is [31]', "2 whole numbers"),
    ),
    ("a winner as text", lambda d: d["result"].update(winner="0"), ('"result.winner" is "0"', "0 to 1")),
    ("a winner off the table", lambda d: d["result"].update(winner=2), ('"result.winner" is 2', "0 to 1")),
    (
        "a stake as text",
        lambda d: d["result"].update(stake="game"),
        ('"result.stake" is "game"', '["game", 1]'),
    ),
]
MALFORMED += [
    (f"no {key}", _without(key), (f'no "{key}" field', "rules, players"))
    for key in ("rules", "players", "partners", "seats", "actions")
]


@pytest.mark.parametrize(("change", "expected"), [c[1:] for c in MALFORMED], ids=[c[0] for c in MALFORMED])
def test_a_malformed_field_is_refused_naming_it(
    change: Callable[[dict[str, Any]], object], expected: tuple[str, ...]
) -> None:
    data = _with(change)
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(data)
    for text in expected:
        assert text in str(caught.value)
    with pytest.raises(RecordError):
        GameRecord.loads(json.dumps(data))


@pytest.mark.parametrize("data", [[], "noddy-record", None, 3])
def test_what_is_not_an_object_is_not_a_record(data: object) -> None:
    with pytest.raises(RecordError, match='expected an object with "format": "noddy-record"'):
        GameRecord.from_json(data)


def test_a_file_that_is_not_utf8_text_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError, match="not UTF-8 text"):
        GameRecord.load(path)
    with pytest.raises(RecordError, match="cannot read record"):
        GameRecord.load(tmp_path / "missing.json")


def test_parse_action_reads_seats_and_chance() -> None:
    assert parse_action("1: play 5h") == Action.parse("play 5h", 1)
    assert parse_action(" chance : dealer 1") == Action.parse("dealer 1", None)
    with pytest.raises(RecordError, match="write a text"):
        parse_action(5)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="declare needs a number"):
        parse_action("0: declare \u00b2")


# -- verify: the stored result against the replay -------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["result"].update(scores=[31, 21]), "the record says the scores are [31, 21]"),
        (lambda d: d["result"].update(winner=1), "the record says side 1 won"),
        (lambda d: d["result"].update(stake=["lurch", 2]), "the record says the stake is ['lurch', 2]"),
        (lambda d: d.update(actions=d["actions"][:-5]), "its game is not over"),
    ],
)
def test_verify_checks_the_stored_result(change: Callable[[dict[str, Any]], object], message: str) -> None:
    record = GameRecord.from_json(_with(change))
    with pytest.raises(RecordError) as caught:
        record.verify()
    assert message in str(caught.value)


def test_replay_verify_reports_a_malformed_field(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text(json.dumps(_with(_set("partners", "no"))), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path), "--verify"])
    assert result.exit_code == 1 and '"partners" is "no"' in result.stderr
    path.write_text(json.dumps(_with(lambda d: d["result"].update(stake=["lurch", 2]))), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path), "--verify"])
    assert result.exit_code == 1 and "the stake is ['lurch', 2]" in " ".join(result.stderr.split())
