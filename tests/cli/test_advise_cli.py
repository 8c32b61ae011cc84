"""``noddy advise`` and ``noddy review`` on the command line: table, JSON, plot, errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import paths
from helpers import muggins_deal
from noddy.cli.main import app
from noddy.record import GameRecord, Seat

runner = CliRunner()
HAND = "5h 5d 5c Js Qh 2c"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_advise_prints_every_lay_away_best_first() -> None:
    code, out, _ = run("advise", HAND, "--rules", "cribbage", "--dealer")
    assert code == 0
    assert "the crib is yours" in out and "The others' cards: the turn-up" in out
    rows = [line for line in out.splitlines() if line.strip()[:2].strip().isdigit()]
    assert len(rows) == 15
    assert "J♠ 2♣" in rows[0] and "20.25" in rows[0]


def test_advise_json_shape() -> None:
    code, out, _ = run("advise", HAND, "--pone", "--json", "--players", "2")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["rules", "hand", "dealer", "model", "options"]
    assert (data["rules"], data["dealer"], data["model"]) == ("cribbage", False, "uniform")
    assert [list(o) for o in data["options"]] == [["keep", "discard", "hand", "crib", "total"]] * 15
    assert data["options"][0]["discard"] == ["Qh", "2c"]
    totals = [o["total"] for o in data["options"]]
    assert totals == sorted(totals, reverse=True)


@pytest.mark.slow
def test_advise_plot(tmp_path: Path) -> None:
    path = tmp_path / "spread.png"
    code, out, _ = run("advise", HAND, "--dealer", "--plot", str(path))
    assert code == 0 and path.stat().st_size > 1000 and "Plot saved" in out


def test_advise_errors_say_what_would_be_right() -> None:
    cases = [
        (
            ("advise", "Jh 4d 5d", "-r", "willughby", "--pone"),
            "rule sets that lay away: cribbage, early-cribbage",
        ),
        (("advise", "5h 5d 5c Js Qh", "--pone"), "deals 6 cards to lay 2 away from; 5 cards given"),
        (("advise", "5h 5d 5c Js Qh 5h", "--pone"), "5♥ appears twice"),
        (("advise", "5h 5d 5c Js Qh 5x", "--pone"), "cannot read card '5x'"),
        (("advise", HAND), "--dealer (yours) or --pone"),
        (("advise", HAND, "--pone", "--model", "psychic"), "use one of uniform"),
        (("advise", HAND, "--pone", "--plot", "/no/such/folder/x.png"), "there is no folder"),
    ]
    for args, message in cases:
        code, _, err = run(*args)
        assert code == (2 if "--dealer" in message else 1), args  # 2: the command line itself
        assert message in " ".join(err.split()), (args, err)


@pytest.mark.slow
def test_review_of_a_golden_record(tmp_path: Path) -> None:
    record = paths.GOLDEN / "five-card-cribbage.json"
    code, out, _ = run("review", str(record), "--seat", "1", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["seat"] == 1 and data["decisions"] == len(data["reviewed"]) > 0
    # the costliest in the chance of winning first, then in points (issue 25.3)
    losses = [(d["chance_loss"] or 0.0, d["loss"]) for d in data["reviewed"]]
    assert losses == sorted(losses, reverse=True)
    code, out, _ = run("review", str(record), "--seat", "1", "--top", "2")
    assert code == 0 and "1. Deal" in out and "better" in out
    code, _, err = run("review", str(tmp_path / "none.json"))
    assert code == 1 and "cannot read record" in err


def test_advise_and_review_speak_french_when_asked() -> None:
    record = str(paths.GOLDEN / "five-card-cribbage.json")
    code, out, _ = run("advise", HAND, "--rules", "cribbage", "--dealer", "--lang", "fr")
    assert code == 0
    assert "selon Cribbage (le jeu moderne à six cartes) ; le crib est à vous." in out
    assert "Les cartes des autres : la retournée" in out and "garder" in out and "écart" in out
    rows = [line for line in out.splitlines() if line.strip()[:2].strip().isdigit()]
    assert len(rows) == 15 and "V♠ 2♣" in rows[0] and "20,25" in rows[0]  # the same advice, French letters
    assert not any(re.search(r"\d\.\d", row) for row in rows)  # and French numbers
    assert out.startswith("5♥ 5♦ 5♣ V♠ D♥ 2♣ selon")
    code, out, _ = run("review", record, "--seat", "1", "--top", "1", "--lang", "fr")
    assert code == 0 and "(place 1) :" in out and "décisions" in out and "Choisi : " in out
    assert "could have been better" not in out and "Chosen" not in out
    code, _, err = run("review", record, "--lang", "xx")
    assert code == 2 and "--lang 'xx': noddy speaks en and fr" in err


def test_review_shows_the_cards_counted_and_writes_every_card_alike(tmp_path: Path) -> None:
    """A short declaration under muggins is reviewed with the hand or crib counted (not the empty
    hand left after the play), each action's cards with suit signs, and the points column says it
    is a net figure."""
    record = tmp_path / "g.json"
    seats = [Seat("You", "human"), Seat("Greedy", "greedy")]
    GameRecord.start(muggins_deal(4), seats, preset="cribbage", overrides=["hand.wrong_count=muggins"]).save(
        record, None
    )
    code, out, _ = run("review", str(record), "--seat", "0", "--top", "9")
    assert code == 0, out
    counts = [line.strip() for line in out.splitlines() if "counted" in line]
    four_cards = re.compile(r"(hand|crib) counted (\S+[♣♦♥♠][ ,]){4}")
    assert counts and all(four_cards.match(line) for line in counts), counts
    assert "hand ," not in out and "hand counted ," not in out
    assert "Chosen: declare 0; better: count (the true count)." in out
    assert "points won less those given away" in out and "a count by the points it wins" in out
    assert not re.search(r"\b(10|[2-9AJQK])[cdhs]\b", out), "a card written without its suit sign"
    code, out, _ = run("review", str(record), "--seat", "0", "--top", "9", "--lang", "fr")
    assert code == 0 and "main comptée" in out and "Choisi : annoncer 0 ; mieux : compter" in out


def test_advice_under_changed_rules_says_so_in_its_heading() -> None:
    code, out, _ = run("advise", HAND, "--rules", "cribbage", "--dealer", "--set", "hand.flush=any")
    assert code == 0
    assert "Cribbage (modern six-card game), with house rules: hand.flush=any; the crib is yours." in out
