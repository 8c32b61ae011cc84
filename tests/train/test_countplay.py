"""Counting it yourself at a real game (`noddy.train.countplay` and `noddy play --count-yourself`)
and the glossary of a table's terms."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

import noddy.cli.play_count
import noddy.words
from noddy.cli.main import app
from noddy.game import Action, GameState, PlayerView, new_game
from noddy.players import make_player, next_action
from noddy.rules import load_rules, preset_names
from noddy.train import Tally, glossary, judge_own, own_count, practice_offered
from noddy.words import steps

runner = CliRunner()
TRIES = "1\n2\n3\ngo\n\n"


def own_counts(
    rules_name: str, seed: int, overrides: tuple[str, ...] = ()
) -> Iterator[tuple[GameState, PlayerView]]:
    """Every state of a greedy game where a seat is to make the count of its own hand or crib, with
    that seat's view."""
    state = new_game(load_rules(rules_name, overrides), 2)
    players = [make_player("greedy"), make_player("greedy")]
    rng = random.Random(seed)
    while not state.is_over:
        if state.to_act is not None:
            view = state.view(state.to_act)
            if own_count(view) is not None:
                yield state, view
        state = state.apply(next_action(state, players, rng))


@pytest.mark.parametrize("rules_name", ["cribbage", "willughby", "crib-noddy-old", "five-card-cribbage"])
def test_the_answer_is_judged_against_the_count_the_game_pegs(rules_name: str) -> None:
    """Right, wrong and the total: the judgement's total is the points the game's count pegs, and
    the question holds only the seat's own cards and the turn-up."""
    asked = 0
    for state, view in own_counts(rules_name, 3):
        question = own_count(view)
        assert question is not None and view.seat is not None
        judgement = judge_own(view, question, 0)
        after = state.apply(Action.count(view.seat))
        pegged = after.scores[view.side_of(view.seat)] - state.scores[view.side_of(view.seat)]
        assert judgement.total == pegged or after.is_over
        assert judge_own(view, question, judgement.total).correct
        assert not judge_own(view, question, judgement.total + 1).correct
        assert set(question.held) <= {*view.hand, *view.held, *view.own_crib, *view.counted}
        assert question.turnup == view.turnup
        what = "crib" if view.counting and view.counting[0] == "crib" else None
        assert question.what == (
            what or ("announcement" if view.rules.hand.when == "before_play" else "hand")
        )
        asked += 1
    assert asked >= 4


def test_no_question_at_another_seats_count_or_outside_a_count() -> None:
    state = new_game(load_rules("cribbage"), 2)
    players = [make_player("greedy"), make_player("greedy")]
    rng = random.Random(1)
    others = 0
    while not state.is_over:
        for seat in range(2):
            view = state.view(seat)
            mine = view.counting is not None and view.counting[1] == seat and state.to_act == seat
            assert (own_count(view) is not None) == mine
            others += view.counting is not None and not mine
        state = state.apply(next_action(state, players, rng))
    assert others


def test_a_miss_says_how_far_off_and_the_steps_name_every_item() -> None:
    _, view = next(own_counts("cribbage", 3))
    question = own_count(view)
    assert question is not None
    right = judge_own(view, question, 0).total
    short = judge_own(view, question, max(right - 2, 0))
    words = noddy.words.miss_line(short.given, short.total)
    assert words.startswith(f"{right - short.given} short") if right else words == ""
    over = noddy.words.miss_line(right + 3, right)
    assert over.startswith("3 too many")
    named = [s.text for s in steps(short.items, view.rules)]
    assert len(named) == len(short.items)
    for item, text in zip(short.items, named, strict=True):
        assert all(card.pretty in text for card in item.cards)


def test_the_tally_counts_right_wrong_and_skipped() -> None:
    _, view = next(own_counts("cribbage", 3))
    question = own_count(view)
    assert question is not None
    total = judge_own(view, question, 0).total
    tally = Tally().add(judge_own(view, question, total)).add(judge_own(view, question, total + 1)).add(None)
    assert tally == Tally(asked=3, right=1, skipped=1)
    assert noddy.words.tally_line(3, 1, 1) == "You counted 1 of 3 counts right (1 skipped)."
    assert noddy.words.tally_line(2, 2, 0, "fr") == "Vous avez compté juste 2 fois sur 2."


def test_the_glossary_is_built_from_the_rules() -> None:
    """Cribbage: his nobs, his heels, the crib, the show; Willughby's Noddy: Knave Noddy, the
    announcement, no crib; muggins only where the rules play it."""
    cribbage = dict(glossary(load_rules("cribbage")))
    noddy_terms = dict(glossary(load_rules("willughby")))
    for term in ("fifteen", "pair", "pair royal", "run (sequence)", "go", "thirty-one", "turn-up (starter)"):
        assert term in cribbage and term in noddy_terms
    assert {"his nobs", "his heels", "crib", "the show"} <= cribbage.keys()
    assert not {"Knave Noddy", "announcement"} & cribbage.keys()
    assert {"Knave Noddy", "announcement"} <= noddy_terms.keys()
    assert not {"crib", "the show", "his nobs"} & noddy_terms.keys()
    assert "muggins" not in cribbage
    muggins = load_rules("cribbage", ["hand.wrong_count=muggins"])
    assert "muggins" in dict(glossary(muggins))
    assert practice_offered(load_rules("cribbage")) and not practice_offered(muggins)
    assert "twenty-five" in dict(glossary(load_rules("strawberry")))
    assert "twenty-five" not in cribbage
    french = dict(glossary(load_rules("cribbage"), "fr"))
    assert "quinze" in french and "retournée" in french
    assert all(sentence.endswith(".") for sentence in [*cribbage.values(), *french.values()])


class Answers:
    """The person at the practice prompt: answers each count right, wrong, not a number then
    right, or skips, in turn, and remembers each count's true total."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.plan = ["right", "over", "word", "skip"]
        self.asked = 0
        self.totals: list[int] = []
        self.view: PlayerView | None = None
        real_ask = noddy.cli.play_count.CountCoach.ask
        real_line = noddy.cli.play_count.ask_line
        pending: list[str] = []

        def ask(coach: Any, view: PlayerView) -> Action | None:
            question = own_count(view) if coach.offered else None
            if question is not None:
                total = judge_own(view, question, 0).total
                self.totals.append(total)
                how = self.plan[self.asked % len(self.plan)]
                self.asked += 1
                pending[:] = {
                    "right": [str(total)],
                    "over": [str(total + 2)],
                    "word": ["six", str(total)],
                    "skip": [""],
                }[how]
            return real_ask(coach, view)

        def line(prompt: str, help_text: str) -> str:
            if "Count it yourself" in prompt and pending:
                return pending.pop(0)
            return real_line(prompt, help_text)

        monkeypatch.setattr(noddy.cli.play_count.CountCoach, "ask", ask)
        monkeypatch.setattr(noddy.cli.play_count, "ask_line", line)


def test_a_game_with_count_it_yourself_asks_checks_explains_and_tallies(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    answers = Answers(monkeypatch)
    args = ["play", "--seed", "4", "--rules", "cribbage", "--count-yourself"]
    result = runner.invoke(app, args, input=("1 2\n" + TRIES) * 400)
    assert result.exit_code == 0, result.stdout[-2000:]
    out = result.stdout
    assert answers.asked >= 8
    rights = re.findall(r"✔ Right: (\d+)\.", out)
    wrongs = re.findall(r"✘ Not quite: you said (\d+), the count is (\d+)\.", out)
    assert len(wrongs) == (answers.asked + 2) // 4
    assert all(int(given) == int(total) + 2 for given, total in wrongs)
    assert out.count("2 too many: each item is below") == len(wrongs)
    assert out.count("Skipped: here is the count.") == answers.asked // 4
    assert "'six' is not a number of points" in out
    assert len(rights) == answers.asked - len(wrongs) - answers.asked // 4
    right = len(rights)
    skipped = answers.asked // 4
    assert f"You counted {right} of {answers.asked} counts right ({skipped} skipped)." in out
    assert "Count your hand: press Enter" not in out
    lines = out.splitlines()
    verdicts = [i for i, text in enumerate(lines) if text.startswith(("✔ Right", "✘ Not quite", "Skipped"))]
    for start in verdicts:
        calls = [text for text in lines[start:] if "“" in text]
        said = re.fullmatch(r"Your (hand|crib): “[^”]+”( \+\d+)? → You: \d+", calls[0])
        assert said, f"the call is said once, by the game's own line after the steps: {calls[0]}"


def test_a_game_stopped_still_says_the_tally(monkeypatch: pytest.MonkeyPatch) -> None:
    answers = Answers(monkeypatch)
    args = ["play", "--seed", "4", "--rules", "cribbage", "--count-yourself"]
    result = runner.invoke(app, args, input=("1 2\n" + TRIES) * 12)
    assert answers.asked >= 1
    assert result.exit_code == 0, "the end of the input stops the game as q does"
    assert re.search(r"You counted \d+ of \d+ counts? right", result.output)


def test_the_true_count_is_pegged_whatever_the_answer(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    """The same seed with and without the option: the same game, the same record."""
    Answers(monkeypatch)
    plain, practised = tmp_path / "plain.json", tmp_path / "practised.json"
    inputs = ("1 2\n" + TRIES) * 400
    base = ["play", "--seed", "7", "--rules", "cribbage"]
    assert runner.invoke(app, [*base, "--record", str(plain)], input=inputs).exit_code == 0
    result = runner.invoke(app, [*base, "--count-yourself", "--record", str(practised)], input=inputs)
    assert result.exit_code == 0
    from noddy.record import GameRecord

    assert GameRecord.load(plain).final().scores == GameRecord.load(practised).final().scores


def test_under_muggins_count_it_yourself_asks_nothing_extra_and_says_why() -> None:
    args = [
        "play",
        "--seed",
        "4",
        "--rules",
        "cribbage",
        "--set",
        "hand.wrong_count=muggins",
        "--count-yourself",
    ]
    result = runner.invoke(app, args, input="q\n")
    assert "these rules play muggins" in result.stdout


def test_the_help_at_the_table_ends_with_the_glossary_of_its_rules() -> None:
    crib = runner.invoke(app, ["play", "--seed", "4", "--rules", "cribbage"], input="?\nq\n").stdout
    nod = runner.invoke(app, ["play", "--seed", "4", "--rules", "willughby"], input="?\nq\n").stdout
    assert "Words at this table:" in crib and "his nobs:" in crib and "the show:" in crib
    assert "Knave Noddy:" in nod and "announcement:" in nod and "his nobs" not in nod
    said = " ".join(nod.split())  # the terminal wraps the sentences
    assert "a run of three scores 2, of four 4, of five 5" in said and "a point a card" not in said
    assert "exactly 31 scores 2, and the play ends" in said and "starts again" not in said
    assert "in a hand, three or more of the held cards and the turn-up" in said
    french = runner.invoke(
        app, ["play", "--seed", "4", "--rules", "cribbage", "--lang", "fr"], input="?\nq\n"
    )
    assert "Les mots de cette table :" in french.stdout and "quinze :" in french.stdout


def test_count_it_yourself_in_the_terminal_holds_no_wording_of_its_own() -> None:
    """Every phrase of the terminal's count it yourself comes from `noddy.words` (the faces only render)."""
    import ast
    from pathlib import Path

    from noddy.words import COUNTPLAY_PHRASES

    tree = ast.parse(Path(noddy.cli.play_count.__file__ or "").read_text(encoding="utf-8"))
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    docstrings |= {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.keyword) and n.arg == "help"}
    texts = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]
    for lang in ("en", "fr"):
        sentences = [s for name in preset_names() for _, s in glossary(load_rules(name), lang)]
        phrases = [*COUNTPLAY_PHRASES[lang].values(), *sentences]
        for text in phrases:
            fixed = max(re.split(r"\{\w+\}", text), key=len).strip(" :.,")
            assert " " not in fixed or not any(fixed in t for t in texts), (lang, fixed)


def test_undo_at_the_count_yourself_prompt_takes_the_last_move_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """``u`` typed where the count is asked takes back the person's last play, as at any prompt."""
    real_line = noddy.cli.play_count.ask_line
    typed = ["u"]

    def line(prompt: str, help_text: str) -> str:
        if "Count it yourself" in prompt:
            return typed.pop(0) if typed else ""
        return real_line(prompt, help_text)

    monkeypatch.setattr(noddy.cli.play_count, "ask_line", line)
    args = ["play", "--seed", "4", "--rules", "cribbage", "--seats", "human,greedy", "--count-yourself"]
    result = runner.invoke(app, args, input=("1 2\n" + TRIES) * 400)
    assert result.exit_code == 0, result.output[-2000:]
    assert not typed
    assert "Took back" in result.output
    assert "'u' is not a number" not in result.output
