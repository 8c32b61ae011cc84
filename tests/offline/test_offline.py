"""noddy.offline, what the browser runs on Pyodide: the count as `noddy score` makes it, a game of two
against a computer level, and all of it without what Pyodide's npm package has not (numpy, the
compiled kernel) or the page does not load (typer, rich, FastAPI)."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
import textwrap
from typing import Any

import pytest

from noddy.cli.score_cmd import answer
from noddy.errors import NoddyError
from noddy.offline import LEVELS, Engine, Table, count
from noddy.players import LEVELS as PEOPLES_LEVELS
from noddy.players import PLAYERS
from noddy.rules import load_rules, preset_names
from noddy.scoring import turned_jack_item
from noddy.words import read_card, turned_jack_line

HANDS = [
    ("cribbage", "5h 5d 5c Js", "5s", False, "en"),
    ("cribbage", "5h 5d 5c Js", "5s", False, "fr"),
    ("cribbage", "4h 4d 6c 2s", "Jh", True, "en"),
    ("willughby", "Jh 4d 5d", "6h", False, "en"),
    ("strawberry", "Jh 4d 5d", "Jc", False, None),
]

# Run in a fresh interpreter: any import of these fails, as in the browser.
NOT_IN_THE_BROWSER = """
import importlib.abc, sys
NOT_THERE = {"numpy", "typer", "rich", "click", "fastapi", "starlette", "tomli_w"}
class Absent(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in NOT_THERE or name == "noddy.kernel._ckernel":
            raise ImportError(f"{name} is not in the browser")
sys.meta_path.insert(0, Absent())
"""


@pytest.mark.parametrize(("rules", "cards", "turnup", "crib", "lang"), HANDS)
def test_a_count_is_noddy_scores(rules: str, cards: str, turnup: str, crib: bool, lang: str | None) -> None:
    got = count(rules, cards, turnup, crib, lang)
    request = {"rules": rules, "held": cards, "turnup": turnup, "crib": crib, "lang": lang}
    said = answer({k: v for k, v in request.items() if v is not None})
    assert got["total"] == said["total"]
    assert got["announcement"] == said["announcement"]
    assert [{k: i[k] for k in ("kind", "cards", "points")} for i in got["items"]] == said["items"]


def test_twenty_nine_names_its_items_in_words() -> None:
    got = count("cribbage", "5h 5d 5c Js", "5s", lang="fr")
    assert got["total"] == 29
    assert got["items"][0]["words"] == "5♥ V♠"
    english = count("cribbage", "5h 5d 5c Js", "5s")
    assert "his nobs" in [i["name"] for i in english["items"]]
    assert english["jack"] is None
    rules = load_rules("cribbage")
    jack = turned_jack_item(read_card("Js"), rules)
    assert jack is not None
    assert count("cribbage", "5h 5d 5c 4s", "Js")["jack"] == turned_jack_line(jack, rules, "en")


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("cribbage", "5h 5h 5c Js", "5s", False, "en"), "card 5♥ appears twice"),
        (("cribbage", "5h 5c Js", "5s", False, "en"), "cribbage hands have 4 cards; 3 cards given"),
        (("cribbage", "5h 5c Js", "5s", False, "fr"), "les mains de cribbage ont 4 cartes ; 3 données"),
        (("cribbage", "5h 5d 5c Js", "Zz", False, "en"), None),
        (("nope", "5h 5d 5c Js", "5s", False, "en"), "unknown rule set 'nope'"),
    ],
)
def test_a_bad_hand_is_an_error_in_words(args: tuple[str, str, str, bool, str], error: str | None) -> None:
    got = count(*args)
    assert set(got) == {"error"}
    assert error is None or got["error"].startswith(error), got["error"]


def play_through(table: Any) -> tuple[dict[str, Any], int]:
    """A whole game through the table page's messages, the person always taking the first legal
    action: the last state message and the person's moves."""
    messages = table.receive({"type": "hello"})
    assert [m["type"] for m in messages] == ["welcome", "table", "state"], messages
    last, moves = messages[-1], 0
    while last["status"] != "over":
        while table.waiting():
            stepped = table.step()
            assert stepped, "the computer is to move and did not"
            last = stepped[-1]
        if last["status"] == "over":
            break
        assert last["view"]["to_act"] == 0 and last["view"]["legal"], last["view"]
        (last,) = table.receive({"type": "act", "action": last["view"]["legal"][0], "seq": last["seq"]})
        assert last["type"] == "state", last
        moves += 1
    return last, moves


PLAY_THROUGH = "from typing import Any\n" + inspect.getsource(play_through)
"""`play_through` as text, for interpreters that cannot import what the browser has not."""


@pytest.mark.parametrize("level", LEVELS)
def test_a_game_against_the_computer_plays_to_its_end(level: str) -> None:
    table = Table("cribbage", level, seed=3)
    last, moves = play_through(table)
    view = last["view"]
    assert view["winner"] in (0, 1) and max(view["scores"]) >= 121 and view["legal"] == []
    assert last["result_line"] and moves > 20
    assert table.state.is_over and list(table.state.scores) == view["scores"]


def test_a_game_reopened_is_where_it_was() -> None:
    """The page keeps the person's moves; the same game opened again with them is the same game."""
    table = Table("cribbage", "easy", seed=21)
    last = table.receive({"type": "hello"})[-1]
    moves: list[str] = []
    while len(moves) < 12 and last["status"] != "over":
        while table.waiting():
            last = table.step()[-1]
        moves.append(last["view"]["legal"][-1])
        (last,) = table.receive({"type": "act", "action": moves[-1], "seq": last["seq"]})
    again = Table.named("cribbage-easy-21")
    assert again.replay(moves) == len(moves)
    assert again.state.history == table.state.history
    assert again.receive({"type": "hello"})[-1]["view"] == table.receive({"type": "hello"})[-1]["view"]
    changed = Table.named("cribbage-easy-21")
    assert changed.replay([*moves[:3], "play 5h", *moves[3:]]) == 3


def test_the_state_messages_are_the_servers_for_the_same_view() -> None:
    """The page reads the same message from the browser's engine as from the server: the game part
    is the one builder's (`noddy.offline.page.view_fields`), for the person's view."""
    from noddy.offline.page import view_fields

    table = Table("cribbage", "medium", seed=9, lang="fr")
    hello = table.receive({"type": "hello"})
    welcome, about, state = hello
    assert welcome == {"type": "welcome", "table": "cribbage-medium-9", "seat": 0}
    assert about["names"] == ["Vous", "Ordinateur (moyen)"] and about["you"] == 0 and about["lang"] == "fr"
    assert about["seats"][1]["kind"] == "medium"
    names = table.names()
    expected = view_fields(table.state.view(0), names, 0, "fr")
    assert {k: state[k] for k in expected} == expected
    assert state["seq"] == len(table.state.history) and state["status"] == "playing"


def test_a_wrong_move_or_level_is_refused_saying_what_is_allowed() -> None:
    table = Table("cribbage", seed=1)
    table.receive({"type": "hello"})
    while table.waiting():
        table.step()
    seq = len(table.state.history)
    (refused,) = table.receive({"type": "act", "action": "play 5h", "seq": seq})
    assert refused["type"] == "error" and refused["about"] == "act" and refused["error"]
    (stale,) = table.receive({"type": "act", "action": "go", "seq": seq - 1})
    assert stale["error"].startswith("the game has moved on")
    (unknown,) = table.receive({"type": "undo"})
    assert unknown["type"] == "error" and "hello, act, lang, name, rematch, ping" in unknown["error"]
    with pytest.raises(NoddyError, match="does not play with no network; it plays at easy, medium"):
        Table("cribbage", "hard")
    with pytest.raises(NoddyError, match="named RULES-LEVEL-SEED"):
        Table.named("cribbage-medium")
    assert Table.named("five-card-cribbage-easy-12").id == "five-card-cribbage-easy-12"


def test_the_offline_levels_are_players_offered_to_people() -> None:
    assert set(LEVELS) <= set(PLAYERS) and set(LEVELS) < set(PEOPLES_LEVELS)


def test_the_engine_answers_the_workers_requests_in_json() -> None:
    engine = Engine()

    def ask(call: str, *args: object) -> Any:
        return json.loads(engine.answer(json.dumps({"call": call, "args": list(args)})))

    assert ask("count", "cribbage", "5h 5d 5c Js", "5s")["total"] == 29
    offered = ask("levels", "en")
    assert [level["level"] for level in offered["levels"]] == list(LEVELS)
    assert "easy and medium" in offered["note"] and "hard" in offered["note"]
    assert "facile et moyen" in ask("levels", "fr")["note"]
    assert {s["name"] for s in ask("rule_sets", "en")} == set(preset_names())
    assert ask("open", "nope")["error"].startswith("no game 'nope' here")
    assert ask("open", "cribbage-easy-4") == {"id": "cribbage-easy-4", "replayed": 0}
    hello = ask("receive", "cribbage-easy-4", {"type": "hello", "lang": "fr"})
    assert [m["type"] for m in hello["messages"]] == ["welcome", "table", "state"]
    assert hello["waiting"] is True
    stepped = ask("step", "cribbage-easy-4")
    assert stepped["messages"][0]["type"] == "state"
    assert ask("close", "cribbage-easy-4") is None and "cribbage-easy-4" not in engine.tables


def test_the_glossary_and_counting_it_yourself_are_the_servers() -> None:
    """The table page's glossary and the judgement of the person's own count come from the same
    builders as the server's (`noddy.offline.countplay`), from the person's own view."""
    from noddy.offline.countplay import count_check_json, glossary_json

    engine = Engine()

    def ask(call: str, *args: object) -> Any:
        return json.loads(engine.answer(json.dumps({"call": call, "args": list(args)})))

    assert ask("glossary", "cribbage-medium-5", "fr") == glossary_json(load_rules("cribbage"), "fr")
    assert ask("glossary", "nope", "en")["detail"].startswith("no game 'nope' here")
    ask("open", "cribbage-medium-5")
    table = engine.tables["cribbage-medium-5"]
    assert ask("count_check", "cribbage-medium-5", 3, "en") == {
        "detail": "no count of your own hand or crib is being made now"
    }
    last = table.receive({"type": "hello"})[-1]
    while not (last["view"]["phase"] == "count" and last["view"]["to_act"] == 0):
        while table.waiting():
            last = table.step()[-1]
        if last["view"]["phase"] != "count" or last["view"]["to_act"] != 0:
            (last,) = table.receive({"type": "act", "action": last["view"]["legal"][0], "seq": last["seq"]})
    judged = ask("count_check", "cribbage-medium-5", 3, "en")
    assert judged == count_check_json(table.state.view(0), 3, "en")
    assert judged["correct"] == (judged["total"] == 3) and judged["call"] is not None


def test_it_runs_without_numpy_the_kernel_typer_rich_or_fastapi() -> None:
    """What the page runs, in an interpreter where those cannot be imported: a count, and a game at
    each offline level (the lay-away weighed in plain Python)."""
    script = (
        NOT_IN_THE_BROWSER
        + PLAY_THROUGH
        + textwrap.dedent(
            """
            from noddy.offline import LEVELS, Table, count
            assert count("cribbage", "5h 5d 5c Js", "5s")["total"] == 29
            for level in LEVELS:
                last, _ = play_through(Table("cribbage", level, seed=5))
                print(last["view"]["winner"], *last["view"]["scores"])
            assert "numpy" not in sys.modules
            """
        )
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    for line in done.stdout.splitlines():
        winner, *scores = map(int, line.split())
        assert max(scores) >= 121 and winner in (0, 1)
    assert len(done.stdout.splitlines()) == len(LEVELS)
