"""Sitting at the terminal's table: a stopped game played on (``--resume``), the discard advisor's
hint at a lay-away, the cards laid away said back, and the points deal by deal at the end."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from noddy.advise import advise_view
from noddy.cards import format_cards
from noddy.cli.main import app
from noddy.game import EventKind, GameState
from noddy.record import GameRecord
from noddy.words import REASONS, cards_text, number_text, percent_text

runner = CliRunner()
TRIES = "1 2\n1\n2\n3\ngo\n\n"
"""Lays the first two cards away, tries the first card, the second, the third, then Go, then Enter:
finishes any game of two-card lay-aways."""


def _stopped(tmp_path: Path, typed: str = "1 2\n1\nq\n", *args: str) -> tuple[Path, GameState, str]:
    """A cribbage game against the computer stopped with q and saved: the record, its position, and
    what was printed."""
    path = tmp_path / "game.json"
    command = ["play", "--seed", "4", "--rules", "cribbage", "--record", str(path), *args]
    result = runner.invoke(app, command, input=typed)
    assert result.exit_code == 0, result.output
    return path, GameRecord.load(path).verify(), result.stdout


def test_a_stopped_game_says_how_to_play_it_on_and_resume_plays_it_on(tmp_path: Path) -> None:
    """``q`` says where the game is saved and how to play it on; ``--resume`` plays it on from the
    same position, with the same rules and seats and the undos counted so far, saving to the same
    file, and the game ends and verifies."""
    path = tmp_path / "game.json"
    result = runner.invoke(
        app, ["play", "--seed", "4", "--rules", "cribbage", "--record", str(path)], input="1 2\n1\nq\n"
    )
    said = " ".join(result.stderr.split())
    assert f"Saved to {path}; noddy play --resume {path} plays it on." in said, result.stderr
    stopped = GameRecord.load(path)
    assert not stopped.final().is_over and len(stopped.actions) > 3

    resumed = runner.invoke(app, ["play", "--resume", str(path)], input=TRIES * 400)
    assert resumed.exit_code == 0, resumed.output[-2000:]
    assert f"Played on from {path}, after {len(stopped.actions)} moves." in " ".join(resumed.stdout.split())
    finished = GameRecord.load(path)
    final = finished.verify()
    assert final.is_over
    assert finished.actions[: len(stopped.actions)] == stopped.actions
    assert finished.rules == stopped.rules and finished.seats == stopped.seats
    assert finished.preset == "cribbage" and finished.seed == stopped.seed


def test_resume_shows_the_deal_so_far_from_the_persons_seat_and_hides_the_computers_cards(
    tmp_path: Path,
) -> None:
    path, state, _ = _stopped(tmp_path)
    computer = state.view(1)
    hidden = {*computer.hand, *computer.discards}
    mine = state.view(0)
    assert hidden and mine.hand
    result = runner.invoke(app, ["play", "--resume", str(path)], input="q\n")
    assert result.exit_code == 0, result.output
    shown = result.stdout.split("Play a card", 1)[0]
    assert "Your hand: 1)" in shown and all(card.pretty in shown for card in mine.hand)
    assert f"You laid away {format_cards(mine.discards, pretty=True)} to your crib." in shown
    assert not [card for card in hidden if card.pretty in shown], shown
    assert "Cut for the deal" not in shown


def test_resume_plays_on_in_french_and_keeps_the_undo_count(tmp_path: Path) -> None:
    path, _, _ = _stopped(tmp_path, "1 2\n1\nu\n1\nq\n")
    assert GameRecord.load(path).undos == 1
    result = runner.invoke(app, ["play", "--resume", str(path), "--lang", "fr"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "Reprise de" in result.stdout and "Votre main" in result.stdout
    assert "noddy play --resume" in result.stderr and "la reprend" in result.stderr
    assert GameRecord.load(path).undos == 1


@pytest.mark.parametrize(
    ("write", "said"),
    [
        (lambda p: p.write_text("{not json", encoding="utf-8"), "game.json"),
        (lambda p: p.write_text("[]", encoding="utf-8"), "game.json"),
        (lambda p: None, "game.json"),
    ],
    ids=["corrupt", "not-a-record", "missing"],
)
def test_resume_refuses_a_corrupt_or_missing_file_with_a_clear_error(
    tmp_path: Path, write: object, said: str
) -> None:
    path = tmp_path / "game.json"
    assert callable(write)
    write(path)
    result = runner.invoke(app, ["play", "--resume", str(path)])
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit) and "Traceback" not in result.output
    assert result.stderr.startswith("error: --resume") and said in result.stderr


def test_resume_refuses_a_finished_game_and_options_of_a_new_game(tmp_path: Path) -> None:
    path = tmp_path / "over.json"
    done = runner.invoke(app, ["play", "--seats", "greedy,greedy", "--seed", "2", "--record", str(path)])
    assert done.exit_code == 0, done.output
    result = runner.invoke(app, ["play", "--resume", str(path)])
    assert result.exit_code == 1
    assert "this game is over" in result.stderr and "noddy replay" in result.stderr

    stopped, _, _ = _stopped(tmp_path)
    result = runner.invoke(app, ["play", "--resume", str(stopped), "--rules", "willughby", "--seed", "3"])
    assert result.exit_code == 1
    assert "leave out --rules, --seed" in " ".join(result.stderr.split())
    every = ["--rules", "cribbage", "--set", "game.target=61", "--players", "2", "--no-partners"]
    every += ["--seats", "human,greedy", "--seed", "4"]
    result = runner.invoke(app, ["play", "--resume", str(stopped), *every])
    said = " ".join(result.stderr.split())
    assert result.exit_code == 1
    assert "leave out --rules, --set, --players, --partners, --seats, --seed" in said, said


def _first_lay_away(path: Path) -> GameState:
    """The position at which seat 0, the person, first lays away, in the record at ``path``."""
    for state in GameRecord.load(path).states():
        if state.to_act == 0 and "discard" in state.view(0).legal.kinds:
            return state
    raise AssertionError("the person never laid away")


@pytest.mark.parametrize(("lang", "word"), [("en", "h"), ("en", "hint"), ("fr", "conseil"), ("fr", "h")])
def test_h_at_a_lay_away_shows_the_advisors_best_lay_aways_from_the_seats_view(
    tmp_path: Path, lang: str, word: str
) -> None:
    path, _, out = _stopped(tmp_path, f"?\n{word}\n1 2\nq\n", "--lang", lang)
    best = advise_view(_first_lay_away(path).view(0), win=True).options
    rows = [line for line in out.splitlines() if re.match(r"\s*\d+ │", line)]
    assert len(rows) == 5, out
    for row, option in zip(rows, best, strict=False):
        cells = [cell.strip() for cell in row.split("│")]
        assert option.win is not None
        assert cells[1:5] == [
            cards_text(option.keep, lang),
            cards_text(option.discard, lang),
            percent_text(option.win, lang),
            number_text(float(option.hand), lang),
        ], row
    assert ("At 0–0 (" if lang == "en" else "À 0–0 (") in out  # ranked by the chance of winning
    help_word = "h (or hint)" if lang == "en" else "h (ou conseil)"
    assert help_word in out
    assert ("'h'" not in out) and ("cannot read card" not in out)


def test_h_is_no_hint_at_a_hot_seat_table() -> None:
    result = runner.invoke(
        app, ["play", "--seed", "4", "--rules", "cribbage", "--seats", "human,human"], input="\nh\nq\n"
    )
    assert "cannot read card 'h'" in result.stdout and "advisor" not in result.stdout


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "You laid away {cards} to {whose} crib."), ("fr", "Vous avez écarté {cards} pour {whose} crib.")],
)
def test_the_cards_laid_away_are_said_back_with_whose_crib(tmp_path: Path, lang: str, words: str) -> None:
    """Each lay-away of the person is said back with its cards and whose crib they went to, over a
    whole game: their own crib and the computer's."""
    path = tmp_path / "game.json"
    command = ["play", "--seed", "4", "--rules", "cribbage", "--record", str(path), "--lang", lang]
    result = runner.invoke(app, command, input="1 2\n" + TRIES * 400)
    assert result.exit_code == 0, result.output[-2000:]
    out = " ".join(result.stdout.split())
    record = GameRecord.load(path)
    mine = {"en": ("your", "Greedy's"), "fr": ("votre", "le")}[lang]
    whose_seen = set()
    for state in record.states():
        action = state.history[-1] if state.history else None
        if action is None or action.kind != "discard" or action.seat != 0:
            continue
        whose = mine[0] if state.dealer == 0 else mine[1]
        said = words.format(cards=cards_text(action.cards, lang), whose=whose)
        if lang == "fr" and state.dealer != 0:
            said = said.replace("le crib.", "le crib de Greedy.")
        assert said in out, said
        whose_seen.add(whose)
    assert whose_seen == set(mine)
    assert "lay cards away to the crib" not in out and "écartez des cartes" not in out


@pytest.mark.parametrize(
    ("rules", "lang"), [("cribbage", "en"), ("cribbage", "fr"), ("five-card-cribbage", "en")]
)
def test_the_end_of_a_game_sums_up_the_points_of_each_deal_by_source(
    tmp_path: Path, rules: str, lang: str
) -> None:
    """Deal by deal, each side's points with where they came from: each side's figure is the sum of
    its sources, the deals add up to the final score, one line a deal of the game numbered from 1,
    and the points pegged before the first deal (five-card cribbage's three for last) on a line
    before them."""
    path = tmp_path / "game.json"
    command = ["play", "--seats", "greedy,random", "--seed", "3", "--rules", rules, "--lang", lang]
    result = runner.invoke(app, [*command, "--record", str(path)])
    assert result.exit_code == 0, result.output[-2000:]
    final = GameRecord.load(path).verify()
    heading = {"en": "Deal by deal:", "fr": "Donne par donne :"}[lang]
    summary = result.stdout.split(heading, 1)[1]
    deal_word = {"en": "Deal", "fr": "Donne"}[lang]
    deals = re.findall(rf"^  {deal_word} (\d+) ?: (.*)$", summary, re.M)
    dealt = sum(event.kind == EventKind.DEAL for event in final.events)
    assert [int(n) for n, _ in deals] == list(range(1, dealt + 1))
    start = re.findall(r"^  (?:Before the first deal|Avant la première donne) ?: (.*)$", summary, re.M)
    assert len(start) == (rules == "five-card-cribbage")
    sources = {REASONS[lang][key] for key in REASONS[lang]}
    totals = [0, 0]
    for sides in [*start, *(sides for _, sides in deals)]:
        for side, (name, points, detail) in enumerate(re.findall(r"(\w+) \+(\d+)(?: \(([^)]*)\))?", sides)):
            assert name == ("Greedy", "Random")[side]
            parts = [part.rsplit(" ", 1) for part in detail.split(", ")] if detail else []
            assert all(source in sources for source, _ in parts), detail
            assert sum(int(n) for _, n in parts) == int(points) or (sides in start and not parts)
            totals[side] += int(points)
    target = final.rules.game.target
    assert totals == [min(s, target) if side == final.winner else s for side, s in enumerate(final.scores)]
    assert json.loads(path.read_text())["result"]["scores"] == list(final.scores)
    past = re.findall(r"^    (\w+) ?: \+(\d+) ", summary, re.M)
    assert sum(int(n) for _, n in past) == sum(final.scores) - sum(totals)
