"""Undo against the computer: the engine rewinds to exactly the earlier state, within the deal; the
driver's policy (one person, the rest computers); records after undo verify and replay; ``noddy play``'s
``u``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from noddy.cli.main import app
from noddy.errors import IllegalActionError, RecordError
from noddy.game import GameState, new_game, rewind, undo_point
from noddy.players import RandomPlayer, next_action, run_game, take_back, undo_refusal
from noddy.record import GameRecord, Seat
from noddy.rules import load_rules, preset_names
from noddy.words import REFUSALS, page_phrases

runner = CliRunner()


def played(rules: str, seed: int) -> list[GameState]:
    """Every state of a random two-player game of ``rules``."""
    states = [new_game(load_rules(rules), 2)]
    run_game(
        states[0],
        [RandomPlayer(), RandomPlayer()],
        random.Random(seed),
        on_action=lambda _b, _a, after: states.append(after),
    )
    return states


@pytest.mark.parametrize("rules", preset_names())
def test_rewind_returns_exactly_the_state_before_the_seats_last_move_in_the_deal(rules: str) -> None:
    states = played(rules, 7)
    checked = 0
    for number, state in enumerate(states[:-1]):
        point = undo_point(state, (0,))
        since_shuffle = [i for i, a in enumerate(state.history) if a.seat is None]
        start = since_shuffle[-1] if since_shuffle else 0
        turned = state.view(0).turnup is not None
        mine = [
            i
            for i, a in enumerate(state.history)
            if a.seat == 0 and i > start and (states[i].view(0).turnup is not None) == turned
        ]
        assert point == (mine[-1] if mine else None), f"move {number}"
        if point is not None and number % 3 == 0:
            assert rewind(state, point) == states[point]
            checked += 1
    assert checked >= 2
    assert undo_point(states[-1], (0,)) is None, "a finished game takes nothing back"


def test_undo_never_reaches_back_past_the_deals_shuffle() -> None:
    states = played("cribbage", 3)
    second_deal = next(
        i for i, s in enumerate(states) if i and s.history[-1].kind == "shuffle" and s.deal_number > 1
    )
    assert undo_point(states[second_deal], (0, 1)) is None
    assert undo_point(states[second_deal - 1], (0, 1)) is not None


@pytest.mark.parametrize("rules", ["cribbage", "five-card-cribbage", "crib-noddy-new"])
def test_undo_never_reaches_back_past_the_turnup(rules: str) -> None:
    """A lay-away made before the turn-up was seen is not made again once it is known: after the turn
    is up, undo reaches back at most to the first move after it."""
    states = played(rules, 4)
    turned = [
        i
        for i, s in enumerate(states)
        if i and s.view(0).turnup is not None and states[i - 1].view(0).turnup is None
    ]
    laid = [i for i in turned if states[i].history[-1].kind == "discard"]
    assert laid, "some turn-up came with the last lay-away"
    for i in laid:
        assert undo_point(states[i], (0, 1)) is None, f"the lay-away that turned the card up (move {i})"
        later = states[i:]
        after = next(s for s in later if undo_point(s, (0, 1)) is not None)
        assert after.view(0).turnup is not None
        point = undo_point(after, (0, 1))
        assert point is not None and point >= i


def test_who_may_take_a_move_back() -> None:
    states = played("cribbage", 5)
    later = next(s for s in states if undo_point(s, (0,)) is not None)
    assert undo_refusal(later, 0, [0]) is None
    assert undo_refusal(later, 0, [0, 1]).key == "undo_people"  # type: ignore[union-attr]
    assert undo_refusal(later, None, [0]).key == "undo_watching"  # type: ignore[union-attr]
    assert undo_refusal(states[-1], 0, [0]).key == "undo_over"  # type: ignore[union-attr]
    assert undo_refusal(states[0], 0, [0]).key == "undo_none"  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError, match="2 people play here"):
        take_back(later, 0, [0, 1])
    assert take_back(later, 0, [0]) == states[undo_point(later, (0,)) or 0]
    for lang in REFUSALS:
        assert {"undo_people", "undo_none", "undo_over", "undo_watching"} <= set(REFUSALS[lang])


def test_a_game_with_undos_records_as_finally_played_and_verifies(tmp_path: Path) -> None:
    rng = random.Random(11)
    players = [RandomPlayer(), RandomPlayer()]
    state = new_game(load_rules("cribbage"), 2)
    undos = 0
    while not state.is_over:
        if undo_point(state, (0,)) is not None and rng.random() < 0.05:
            earlier = take_back(state, 0, [0])
            assert earlier.history == state.history[: len(earlier.history)]
            assert earlier.to_act == 0 and state.history[len(earlier.history)].seat == 0
            state, undos = earlier, undos + 1
            continue
        state = state.apply(next_action(state, players, rng))
    assert undos >= 3
    record = GameRecord.start(state, [Seat("You"), Seat("Random", "random")], preset="cribbage", undos=undos)
    path = tmp_path / "game.json"
    record.save(path, state)
    assert json.loads(path.read_text())["undos"] == undos
    again = GameRecord.load(path)
    assert again.undos == undos and again.verify() == state
    assert list(again.states())[-1] == state


def test_a_record_without_undos_reads_as_none_and_a_bad_count_is_refused() -> None:
    final = played("willughby", 2)[-1]
    data = GameRecord.start(final, [Seat("A"), Seat("B")], preset="willughby").to_json(final)
    assert "undos" not in data and GameRecord.from_json(data).undos == 0
    for bad in (-1, "2", 1.5, True):
        with pytest.raises(RecordError, match='"undos" is'):
            GameRecord.from_json(data | {"undos": bad})


def test_the_terminal_takes_back_a_move_and_the_computers_reply(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    # Willughby counts the hands before the play: u before any move of the deal is refused; then a
    # declared count, taken back with the computer's first play, and counted again.
    script = "u\n1\n\nu\n\n" + "1\n2\n3\ngo\n\n" * 400
    result = runner.invoke(app, ["play", "--seed", "5", "--record", str(record)], input=script)
    assert result.exit_code == 0, result.stdout[-2000:]
    out = " ".join(result.stdout.split())
    assert "there is nothing of yours to take back in this deal" in out
    assert "Took back 2 moves, from your last on:" in out
    assert "↶ Your hand: “fifteen 2” — declared 1, corrected to 2 +2" in out
    assert "↶ Greedy plays Q♣, count 10" in out
    rec = GameRecord.load(record)
    assert rec.undos == 1 and rec.verify().is_over
    walked = runner.invoke(app, ["replay", str(record), "--verify"])
    assert walked.exit_code == 0 and "sound" in walked.stdout


def test_the_terminal_help_offers_undo_only_to_one_person_against_computers() -> None:
    alone = runner.invoke(app, ["play", "--seed", "5"], input="?\nq\n")
    assert "u (or undo) takes back your last move" in " ".join(alone.stdout.split())
    two = runner.invoke(app, ["play", "--seed", "5", "--seats", "human,human"], input="\n?\n1\n\nu\nq\n")
    text = " ".join(two.stdout.split())
    assert "u (or undo)" not in text
    assert "undo is only for one person playing against computer players: 2 people play here" in text
    french = runner.invoke(app, ["play", "--seed", "5", "--lang", "fr"], input="annuler\nq\n")
    assert "rien à reprendre de vous dans cette donne" in " ".join(french.stdout.split())


@pytest.mark.parametrize(("lang", "word"), [("en", "U undo"), ("fr", "U annuler")])
def test_the_tables_key_line_names_the_undo_key_apart(lang: str, word: str) -> None:
    """The table's key line lists U only where undo is offered: its words are apart from the others'."""
    assert word in page_phrases(lang)["undo.keys"]
    others = [text for key, text in page_phrases(lang).items() if key.startswith("keys.")]
    assert others and not any("U " in text for text in others)
