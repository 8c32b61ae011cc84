"""The trainer's drill "offence or defence?": real lay-aways near the end of a game, the way that
makes the most points against the way that gives the fewest, the answer the board table's; in the
terminal, in English and French, counted in the learner's progress."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from noddy.analysis import board
from noddy.cli.main import app
from noddy.errors import NoddyError
from noddy.game import Action
from noddy.players.discard import win_values
from noddy.rules import load_rules
from noddy.train.offence import MARGIN, NEAR, draw_offence

pytestmark = pytest.mark.requires_kernel
runner = CliRunner()


def test_a_position_is_near_the_end_and_its_answer_holds_on_fresh_deals() -> None:
    rules = load_rules("cribbage")
    choice = draw_offence(rules, random.Random(3))
    assert min(rules.game.target - s for s in choice.scores) <= NEAR
    offence, defence = choice.ways
    assert offence.mine > defence.mine and defence.theirs < offence.theirs
    for way in choice.ways:
        assert sorted(way.keep + way.discard) == sorted(choice.hand) and len(way.discard) == 2
    assert abs(offence.chance - defence.chance) >= MARGIN
    assert choice.answer == ("offence" if offence.chance > defence.chance else "defence")
    other = "defence" if choice.answer == "offence" else "offence"
    assert choice.judge(choice.answer) and not choice.judge(other)
    with pytest.raises(NoddyError, match="answer offence or defence"):
        choice.judge("both")
    # The same position weighed again on other deals, four times as many: the same way wins.
    assert choice.view is not None
    actions = [Action.discard(choice.seat, way.discard) for way in choice.ways]
    table = board(rules, 2, False)
    again = win_values(choice.view, actions, random.Random(99), table, candidates=2, samples=1600)
    assert (again[actions[0]] > again[actions[1]]) == (choice.answer == "offence")


def test_the_terminal_drill_asks_judges_explains_and_counts_it(tmp_path: Path) -> None:
    rules = load_rules("cribbage")
    expected = draw_offence(rules, random.Random(3)).answer
    progress = tmp_path / "train.json"
    args = ["train", "--rules", "cribbage", "--kind", "offence", "--seed", "3", "--questions", "1"]
    result = runner.invoke(app, [*args, "--progress", str(progress)], input="x\n1\n")
    out = result.stdout
    assert result.exit_code == 0, out
    assert "offence or defence?" in out and "The board: you " in out and "(game 121)" in out
    assert "1) Offence: lay away " in out and "2) Defence: lay away " in out
    assert "Type 1 (offence) or 2 (defence), not 'x'." in out
    verdict = "Right: offence wins" if expected == "offence" else "Not here: defence wins"
    assert verdict in out and "a point of yours is worth " in out and "games in a hundred" in out
    stats = json.loads(progress.read_text())
    assert "offence" in json.dumps(stats) and "cribbage" in json.dumps(stats)
    french = runner.invoke(app, [*args, "--lang", "fr", "--progress", str(progress)], input="d\n")
    said = "Juste : la défense" if expected == "defence" else "Pas ici : l’attaque"
    assert "attaque ou défense ?" in french.stdout and said in french.stdout
    assert "La planchette : vous " in french.stdout and "sur cent" in french.stdout


def test_the_drill_is_refused_where_it_has_no_positions() -> None:
    """Willughby's Noddy lays nothing away; the french preset is one deal, with no board to read."""
    for name in ("willughby", "french"):
        asked = ["train", "--rules", name, "--kind", "offence", "--questions", "1", "--lang", "en"]
        result = runner.invoke(app, asked)
        assert result.exit_code == 2 and "no 'offence or defence?' drill" in result.stderr
    timed = runner.invoke(app, ["train", "--rules", "cribbage", "--kind", "offence", "--timed", "30"])
    assert timed.exit_code == 2 and "not timed" in timed.stderr
