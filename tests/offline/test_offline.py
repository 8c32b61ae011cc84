"""noddy.offline, what the browser runs on Pyodide: the count as `noddy score` makes it, a game of two
against a computer level, and all of it without what Pyodide's npm package has not (numpy, the
compiled kernel) or the page does not load (typer, rich, FastAPI)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from noddy.cli.score_cmd import answer
from noddy.errors import NoddyError
from noddy.offline import LEVELS, Table, count
from noddy.players import PLAYERS
from noddy.rules import load_rules
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


def test_a_game_against_the_computer_plays_to_its_end() -> None:
    table = Table("cribbage", "random", seed=3)
    view = table.view()
    assert len(view["hand"]) == 6 and view["legal"] and view["legal"][0]["kind"] == "discard"
    assert view["legal"][0]["words"].startswith("lay away ")
    moves = 0
    while not view["over"]:
        assert view["legal"], "the person is asked to act with nothing to do"
        view = table.act(len(view["legal"]) - 1)
        moves += 1
    assert view["winner"] in (0, 1) and max(view["scores"]) >= 121 and view["legal"] == []
    assert moves > 20


def test_a_wrong_move_or_level_is_refused_saying_what_is_allowed() -> None:
    table = Table("cribbage", seed=1)
    with pytest.raises(NoddyError, match=r"no action 15: the person has 15 \(0\.\.14\)"):
        table.act(15)
    with pytest.raises(NoddyError, match="does not play offline; offline: random"):
        Table("cribbage", "hard")


def test_the_offline_levels_are_players() -> None:
    assert set(LEVELS) <= set(PLAYERS)


def test_it_runs_without_numpy_the_kernel_typer_rich_or_fastapi() -> None:
    """What the page runs, in an interpreter where those cannot be imported: a count and a game."""
    script = NOT_IN_THE_BROWSER + textwrap.dedent(
        """
        from noddy.offline import Table, count
        assert count("cribbage", "5h 5d 5c Js", "5s")["total"] == 29
        table = Table("cribbage", seed=5)
        view = table.view()
        while not view["over"]:
            view = table.act(0)
        assert "numpy" not in sys.modules
        print(view["winner"], *view["scores"])
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    winner, *scores = map(int, done.stdout.split())
    assert max(scores) >= 121 and winner in (0, 1)
