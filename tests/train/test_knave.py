"""``train --kind knave`` under a rule set that pegs the Knave at the start (strawberry) is refused
saying why: no count holds it; where the Knave is counted in the announcement it is drilled."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from noddy.cli.main import app
from noddy.rules import load_rules
from noddy.train import drill_kinds, pegged_apart


def test_the_knave_pegged_at_the_start_is_no_drill_and_says_why() -> None:
    rules = load_rules("strawberry")
    assert rules.hand.knave_when == "at_start" and "knave" not in drill_kinds(rules)
    assert pegged_apart(rules) == ("knave",)
    result = CliRunner().invoke(app, ["train", "--rules", "strawberry", "--kind", "knave"], input="q\n")
    out = " ".join((result.stdout + result.stderr).split())
    assert result.exit_code == 2
    assert "at the start, before the announcement: no count holds it" in out
    french = CliRunner().invoke(app, ["train", "--rules", "strawberry", "--kind", "knave", "--lang", "fr"])
    assert "au début, avant l’annonce : aucun compte ne le contient" in " ".join(french.stderr.split())


@pytest.mark.parametrize("when", ["in_announcement"])
def test_the_knave_counted_in_the_announcement_is_drilled(when: str, tmp_path: Path) -> None:
    rules = load_rules("strawberry", [f"hand.knave_when={when}"])
    assert "knave" in drill_kinds(rules) and pegged_apart(rules) == ()
    args = ["train", "--rules", "strawberry", "--set", f"hand.knave_when={when}", "--kind", "knave"]
    result = CliRunner().invoke(app, [*args, "--progress", str(tmp_path / "p.json")], input="q\n")
    assert result.exit_code == 0, result.output
    assert "no count holds it" not in result.stdout + result.stderr
