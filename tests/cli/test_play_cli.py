"""The terminal game driven as a person would (scripted input), scripted games, records, replay."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from rich.text import Text
from typer.testing import CliRunner

import noddy.cli.render
import paths
from helpers import dealt, run
from noddy.cards import parse_card
from noddy.cli.common import console
from noddy.cli.main import app
from noddy.cli.play_turns import prompt_for, read_action
from noddy.cli.render import board
from noddy.errors import IllegalActionError, NoddyError
from noddy.game import Action, Event, EventKind
from noddy.record import GameRecord
from noddy.words import SITTING, TERMINAL
from noddy.words.advise import ADVISE_PAGE
from noddy.words.review import REVIEW_PAGE

runner = CliRunner()
# A person who tries the first card, then the second, the third, then says Go, then presses Enter:
# wrong tries are explained and asked again, so this finishes any game.
TRIES = "1\n2\n3\ngo\n\n"


def test_human_plays_a_whole_game_against_the_computer(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "--seed", "5", "--record", str(record)], input=TRIES * 400)
    assert result.exit_code == 0, result.stdout[-2000:]
    out = result.stdout
    assert "Your hand: 1)" in out and "Play a card" in out
    assert ("win the game" in out or "wins the game" in out) and "Record saved" in out
    assert "is not in your hand" not in out
    final = GameRecord.load(record).verify()
    assert final.is_over and max(final.scores) >= 31
    data = json.loads(record.read_text())
    assert data["seats"][0] == {"name": "You", "kind": "human"}


def test_wrong_entries_are_explained_and_asked_again() -> None:
    result = runner.invoke(
        app, ["play", "--seed", "1", "--rules", "cribbage"], input="9\nzz\n1\n1 2\n" + TRIES * 600
    )
    out = result.stdout
    assert "9 is not a card number; your cards are numbered 1 to 6" in out
    assert "'zz'" in out
    assert "lay away 2 cards, not 1: type their numbers or names, e.g. '1 2'" in out


@pytest.mark.parametrize("rules", ["willughby", "cribbage", "crib-noddy-old", "french"])
def test_computers_play_to_the_end_and_the_record_verifies(tmp_path: Path, rules: str) -> None:
    record = tmp_path / "g.json"
    result = runner.invoke(
        app, ["play", "--rules", rules, "--seats", "greedy,random", "--seed", "7", "--record", str(record)]
    )
    assert result.exit_code == 0, result.stdout[-2000:]
    verified = runner.invoke(app, ["replay", str(record), "--verify", "--lang", "en"])
    assert verified.exit_code == 0 and "the record is sound" in verified.stdout
    walked = runner.invoke(app, ["replay", str(record), "--to-end", "--lang", "en"])
    assert walked.exit_code == 0 and ("wins the game" in walked.stdout or "draw" in walked.stdout)


def test_four_players_in_partnerships() -> None:
    result = runner.invoke(
        app, ["play", "--rules", "cribbage", "--players", "4", "--seats", "greedy,greedy,random,random"]
    )
    assert result.exit_code == 0
    assert "Partners: Greedy 1 & Random 3 against Greedy 2 & Random 4" in result.stdout


def test_replay_verify_names_the_first_bad_action(tmp_path: Path) -> None:
    good = tmp_path / "g.json"
    runner.invoke(app, ["play", "--seats", "greedy,greedy", "--seed", "2", "--record", str(good)])
    data = json.loads(good.read_text())
    bad_index = next(i for i, a in enumerate(data["actions"]) if ": play " in a)
    seat = data["actions"][bad_index].split(":")[0]
    data["actions"][bad_index] = f"{seat}: play 1x"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(bad), "--verify"])
    assert result.exit_code == 1 and f"action {bad_index + 1}" in result.stderr and "'1x'" in result.stderr
    data["actions"][bad_index] = f"{seat}: play As" if "As" not in good.read_text() else f"{seat}: play Ks"
    bad.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(bad), "--verify"])
    assert result.exit_code == 1 and f"action {bad_index + 1}" in result.stderr and "refused" in result.stderr
    bad.write_text("{not json")
    result = runner.invoke(app, ["replay", str(bad), "--verify"])
    assert result.exit_code == 1 and "not a noddy record" in result.stderr


def test_bad_seats_and_players_are_explained() -> None:
    result = runner.invoke(app, ["play", "--seats", "human,grumpy"])
    assert result.exit_code == 2 and "unknown seat 'grumpy'" in result.stderr
    result = runner.invoke(app, ["play", "--rules", "french", "--players", "3", "--lang", "en"])
    assert result.exit_code == 1 and "3 players is not allowed" in result.stderr
    result = runner.invoke(app, ["play", "--rules", "french", "--players", "3"])  # the rule set's language
    assert result.exit_code == 1 and "3 joueurs ne sont pas permis" in result.stderr


def test_replay_to_end_prints_the_stake_line_that_play_prints(tmp_path: Path) -> None:
    """Every win is a lurch under this house rule: play and replay --to-end both end with its line."""
    record = tmp_path / "lurch.json"
    lurch = "game.lurch=[{name='lurch',below=31,games=2}]"
    args = ["play", "--seats", "greedy,greedy", "--seed", "3", "--set", lurch, "--record", str(record)]
    played = runner.invoke(app, args)
    assert played.exit_code == 0, played.stdout[-2000:]
    assert "A lurch: it counts 2 games." in played.stdout
    replayed = runner.invoke(app, ["replay", "--to-end", str(record)])
    assert replayed.exit_code == 0, replayed.stdout[-2000:]
    assert "A lurch: it counts 2 games." in replayed.stdout
    assert replayed.stdout.strip().splitlines()[-1] == played.stdout.strip().splitlines()[-2]


def test_the_terminal_shows_the_engines_reason_for_a_refused_go_card_or_count() -> None:
    state = dealt("noddy-rules", {0: "Jh 4d 5d", 1: "7d 8s 9s"}, "6h")
    with pytest.raises(IllegalActionError, match="a declared count is from 0 to 99 points, not 100"):
        read_action("100", state.view(0))
    assert read_action("12", state.view(0)) == Action.declare(0, 12)
    for digits in ("\u00b2", "\u0663"):
        with pytest.raises(NoddyError, match="type a number such as 6"):
            read_action(digits, state.view(0))
    laying_away = dealt("cribbage", {0: "Jh 4d 5d 6d 7d 8d", 1: "7s 8s 9s 10s Js Qs"}, "6h")
    with pytest.raises(NoddyError, match="cannot read"):
        read_action("1 \u00b2", laying_away.view(0))
    state = run(state, ["count", "count"])
    with pytest.raises(IllegalActionError) as err:
        read_action("go", state.view(0))
    assert state.why_illegal(Action.go(0)) == "you can lay a card within 31, and must"
    assert f"({state.why_illegal(Action.go(0))})" in str(err.value)
    state = run(state, ["play Jh", "play 9s", "play 5d"])
    with pytest.raises(IllegalActionError) as err:
        read_action("8s", state.view(1))
    assert str(err.value) == state.why_illegal(Action.play(1, parse_card("8s"))).say("en")  # as seen: 8♠
    assert "over 31" in str(err.value)


def test_any_number_at_the_declare_prompt_is_explained_and_asked_again() -> None:
    """Issue 12, traceback 1: a count of 100 or more, a number too long for int(), a superscript digit."""
    huge = "9" * 5000
    result = runner.invoke(
        app, ["play", "--seed", "1", "--rules", "noddy-rules"], input=f"100\n{huge}\n²\nq\n"
    )
    assert result.exit_code == 0, result.stdout[-2000:]
    out = result.stdout
    assert "a declared count is from 0 to 99 points, not 100" in out
    assert "999999999... is too long a number: declare 0 to 99" in out
    assert "'²': press Enter to count, or type a number such as 6" in out
    assert out.count("Count your hand:") == 4


def test_the_record_path_is_checked_before_the_game_starts(tmp_path: Path) -> None:
    """Issue 12, traceback 2: a record that cannot be written is refused before a card is dealt."""
    missing = tmp_path / "no" / "such" / "x.json"
    result = runner.invoke(app, ["play", "--seats", "greedy,greedy", "--record", str(missing)])
    assert result.exit_code == 1 and "does not exist" in result.stderr
    assert "Cut for the deal" not in result.stdout
    result = runner.invoke(app, ["play", "--seats", "greedy,greedy", "--record", str(tmp_path)])
    assert result.exit_code == 1 and "is a folder: give a file name" in result.stderr
    assert "Cut for the deal" not in result.stdout


def test_replay_of_an_edited_record_is_a_one_line_error(tmp_path: Path) -> None:
    """Issue 12, traceback 3: without --verify too, a record that does not replay is an error line."""
    good = tmp_path / "g.json"
    runner.invoke(app, ["play", "--seats", "greedy,greedy", "--seed", "2", "--record", str(good)])
    data = json.loads(good.read_text())
    index = next(i for i, a in enumerate(data["actions"]) if ": play " in a)
    seat = data["actions"][index].split(":")[0]
    played = {a.split()[-1] for a in data["actions"] if ": play " in a}
    data["actions"][index] = f"{seat}: play " + next(c for c in ("As", "Ks", "Qs", "Js") if c not in played)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    for args in (["--to-end"], []):
        result = runner.invoke(app, ["replay", str(bad), *args], input="\n" * 50)
        assert result.exit_code == 1, result.stdout[-1000:]
        assert result.exception is None or isinstance(result.exception, SystemExit)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"error: action {index + 1} ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--players", "0"], "--players 0: a game needs players; these rules allow 2, 4"),
        (["play", "--seats", ""], "--seats '' names no seat"),
        (["play", "--seats", "human,,greedy"], "has an empty entry"),
        (
            ["play", "--players", "3", "--seats", "human,greedy"],
            "--seats names 2 seat(s) but --players gives 3",
        ),
        (["simulate", "--players", "0"], "--players 0: a game needs players"),
        (["simulate", "--seats", ""], "--seats '' names no seat"),
        (["simulate", "--seats", " , "], "names no seat"),
    ],
)
def test_no_players_or_an_empty_seat_list_is_refused(args: list[str], message: str) -> None:
    """Issue 12: --players 0 and --seats "" were ignored and a normal game started. (Status 2: the
    command line is wrong, issue 24.)"""
    result = runner.invoke(app, args, input="q\n")
    assert result.exit_code == 2, result.stdout[-1000:]
    assert message in result.stderr
    assert "Cut for the deal" not in result.stdout


def test_the_cards_being_counted_are_shown_and_the_prompt_names_hand_or_crib() -> None:
    """After the play the hand is empty: the count shows the held cards, and the crib's prompt says crib."""
    result = runner.invoke(app, ["play", "--seed", "4", "--rules", "cribbage"], input=("1 2\n" + TRIES) * 400)
    assert result.exit_code == 0, result.stdout[-2000:]
    lines = result.stdout.splitlines()
    hand_prompts = [i for i, line in enumerate(lines) if line.startswith("Count your hand:")]
    crib_prompts = [i for i, line in enumerate(lines) if line.startswith("Count your crib:")]
    assert hand_prompts and crib_prompts
    for i in hand_prompts:
        assert re.fullmatch(r"Your hand, being counted: (\S+ ){4}\+ \S+", lines[i - 1]), lines[i - 1]
    for i in crib_prompts:
        assert re.fullmatch(r"Your crib, being counted: (\S+ ){4}\+ \S+", lines[i - 1]), lines[i - 1]
    assert "Your hand: \n" not in result.stdout and not any(line == "Your hand:" for line in lines)


def test_hot_seat_clears_the_screen_and_waits_between_two_peoples_turns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two people at one screen: before each one's turn the screen is cleared and they press Enter."""
    monkeypatch.setattr(console, "clear", lambda *a, **k: console.print("<screen cleared>"))
    result = runner.invoke(app, ["play", "--seed", "4", "--seats", "human,human"], input=TRIES * 400)
    assert result.exit_code == 0, result.stdout[-2000:]
    out = result.stdout
    turns = re.findall(r"(Player \d), your turn: press Enter when only you can see the screen", out)
    assert len(turns) > 4 and set(turns) == {"Player 1", "Player 2"}
    blocks = out.split("<screen cleared>")
    assert len(blocks) == len(turns)
    for block in blocks[1:]:
        assert block.strip().startswith(("Player 1, your turn", "Player 2, your turn"))
        assert block.count("your turn: press Enter") == 1


def test_q_stops_the_game_and_saves_the_record_and_question_mark_helps(tmp_path: Path) -> None:
    record = tmp_path / "so-far.json"
    result = runner.invoke(
        app, ["play", "--seed", "4", "--rules", "cribbage", "--record", str(record)], input="?\n1 2\n?\nq\n"
    )
    assert result.exit_code == 0
    assert "Lay cards away to the crib, separated by spaces" in result.stdout
    assert "Play one card:" in result.stdout and "q stops the game" in result.stdout
    assert "Game stopped." in result.stderr and "Saved to" in result.stderr
    state = GameRecord.load(record).verify()
    assert not state.is_over and state.history[-1].kind in ("discard", "play", "go")


def test_prompts_say_how_many_cards_and_points_and_a_bad_lay_away_says_what_was_wrong() -> None:
    result = runner.invoke(
        app, ["play", "--seed", "5", "--rules", "cribbage", "--players", "4"], input="1 2\n9h 9h\nZz\n\nq\n"
    )
    out = result.stdout
    assert "Lay 1 card away to the crib (by number or name, e.g. '1'):" in out and "'1 2'" not in out
    assert "lay away 1 card, not 2: type its number or name, e.g. '1'" in out
    assert "type the 1 card(s) to lay away" in out
    state = dealt("noddy-rules", {0: "Jh 4d 5d", 1: "7d 8s 9s"}, "6h", ["hand.wrong_count=muggins"])
    state = run(state, ["declare 3"])
    for _ in range(50):  # the claim on a hand counted before the play waits for its show after the play
        if state.muggins is not None:
            break
        state = state.apply(next(iter(state.legal_actions())))
    assert state.to_act == 1
    assert prompt_for(state.view(1), ["Greedy", "You"]) == (
        "Greedy missed 9 points in the count: claim them (muggins)? (y/n):"
    )
    state = dealt("cribbage", {0: "5h 6d 7c 8s 9h Ks", 1: "Ah 2h 3h 4h 5c 6c"}, "Jd")
    view = state.view(state.to_act)
    seat = view.seat
    assert seat is not None
    with pytest.raises(IllegalActionError, match="discard 2 different card"):
        read_action("Qd Qs", view)
    hand = view.hand
    assert view.why_not(Action.discard(seat, (hand[0], hand[0]))).endswith(f"{hand[0]} is given twice")
    assert "not all of them are in it" in view.why_not(Action.discard(seat, (hand[0], parse_card("Qd"))))


def test_the_board_has_one_hole_a_point_in_rows_of_thirty_and_fits_80_columns() -> None:
    """At 120 of 121 the front peg is in the last hole before the game hole, the back peg 4 behind."""
    state = dealt("cribbage", {0: "5h 6d 7c 8s 9h Ks", 1: "Ah 2h 3h 4h 5c 6c"}, "Jd")
    events = (Event(EventKind.COUNT, 0, 116), Event(EventKind.COUNT, 0, 4), Event(EventKind.COUNT, 1, 47))
    lines = [
        Text.from_markup(line).plain for line in board(state.view(0), ["You", "Greedy"], events).splitlines()
    ]
    assert all(len(line) <= 80 for line in lines)
    assert len(lines) == 9 and lines[4] == ""
    you, greedy = lines[:4], lines[5:]
    width = len("Greedy") + 1

    def holes(rows: list[str]) -> str:
        tracks = [row[width : width + 35] for row in rows]
        assert all(track.count(" ") == 5 for track in tracks)
        return "".join(tracks).replace(" ", "")

    assert len(holes(you)) == 120 and holes(you).index("●") == 119 and holes(you).index("○") == 115
    assert you[0].endswith(" 120/121 (+4)") and you[3].endswith(" ◦")
    assert holes(greedy).index("●") == 46 and "○" not in holes(greedy)
    assert greedy[0].endswith(" 47/121 (+47)")
    assert you[0].startswith("You    ·") and greedy[0].startswith("Greedy ·")


def test_the_board_stops_at_the_game_hole_as_players_say_a_won_game() -> None:
    """Issue 24 item 7: a side that pegs past the game hole is out at it ("121/121", never "125/121");
    the gain shown is what took it there."""
    state = dealt("cribbage", {0: "5h 6d 7c 8s 9h Ks", 1: "Ah 2h 3h 4h 5c 6c"}, "Jd")
    events = (Event(EventKind.COUNT, 0, 117), Event(EventKind.COUNT, 0, 8), Event(EventKind.COUNT, 1, 47))
    lines = [
        Text.from_markup(line).plain for line in board(state.view(0), ["You", "Greedy"], events).splitlines()
    ]
    assert lines[0].endswith(" 121/121 (+4)") and lines[3].endswith(" ●")
    assert lines[5].endswith(" 47/121 (+47)")


def test_the_board_is_printed_once_between_deals(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    result = runner.invoke(app, ["play", "--seats", "greedy,random", "--seed", "3", "--record", str(record)])
    assert result.exit_code == 0
    final = GameRecord.load(record).final()
    deal_ends = sum(1 for event in final.events if event.kind == EventKind.DEAL_END)
    first_rows = re.findall(r"^Greedy .*/31", Text.from_markup(result.stdout).plain, flags=re.MULTILINE)
    assert deal_ends > 2 and len(first_rows) == deal_ends + 1


def test_a_muggins_claim_is_said_once_and_names_no_seat_number() -> None:
    """Issue 12: "Greedy calls muggins: muggins: claims … seat 0 missed"."""
    args = ["play", "--seed", "4", "--rules", "cribbage", "--set", "hand.wrong_count=muggins"]
    result = runner.invoke(app, args, input=("1 2\n" + "1\n2\n3\ngo\n0\n" * 6) * 10 + "q\n")
    out = result.stdout
    assert re.search(r"Greedy calls muggins and takes the \d+ points? missed\.", out), out[-3000:]
    assert "muggins: muggins" not in out and "seat 0" not in out


def test_the_terminal_speaks_french_when_asked_and_by_default_under_the_french_preset(tmp_path: Path) -> None:
    """``--lang fr``: the prompts, the help at the prompt, the events and the engine's refusals in
    French; the french preset speaks French unless told otherwise; English stays the default elsewhere."""
    record = tmp_path / "partie.json"
    asked = ["play", "--seed", "5", "--rules", "cribbage", "--lang", "fr", "--record", str(record)]
    result = runner.invoke(app, asked, input="Zz\n1\n?\n" + ("1 2\n" + TRIES) * 300)
    assert result.exit_code == 0, result.stdout[-2000:]
    out = result.stdout
    assert "Votre main : 1)" in out and "Écartez 2 cartes pour le crib" in out
    assert "écartez 2 cartes, pas 1 : tapez leurs numéros ou leurs noms" in out  # a lay-away refused
    assert "(vous pouvez poser une carte sans dépasser 31, et vous le devez)" in out  # the engine's refusal
    assert "Écartez des cartes pour le crib, séparées par des espaces" in out  # the help after ?
    assert "Jouez une carte" in out and "Score : Vous : " in out and "Compte rendu enregistré" in out
    assert "gagnez la partie" in out or "gagne la partie" in out
    for english in ("Your hand", "Play a card", "Lay ", "Score:", "Record saved"):
        assert english not in out, english
    assert json.loads(record.read_text())["seats"][0] == {"name": "You", "kind": "human"}
    verified = runner.invoke(app, ["replay", str(record), "--verify", "--lang", "fr"])
    assert verified.exit_code == 0 and "le compte rendu est sain" in verified.stdout
    french = runner.invoke(app, ["play", "--seed", "4", "--rules", "french"], input="q\n")
    assert "Votre main" in french.stdout and "Partie arrêtée." in french.stderr
    english = runner.invoke(app, ["play", "--seed", "4", "--rules", "french", "--lang", "en"], input="q\n")
    assert "Your hand" in english.stdout and "Game stopped." in english.stderr
    unknown = runner.invoke(app, ["play", "--rules", "cribbage", "--lang", "de"])
    assert unknown.exit_code != 0 and "--lang 'de': noddy speaks en and fr" in unknown.stderr


def test_a_muggins_claim_is_answered_in_the_language_of_theprompt_for() -> None:
    state = dealt("noddy-rules", {0: "Jh 4d 5d", 1: "7d 8s 9s"}, "6h", ["hand.wrong_count=muggins"])
    state = run(state, ["declare 3"])
    while state.muggins is None:
        state = state.apply(next(iter(state.legal_actions())))
    view = state.view(1)
    assert prompt_for(view, ["Greedy", "Vous"], "fr") == (
        "Greedy a oublié 9 points dans son compte : les prendre (muggins) ? (o/n) :"
    )
    assert read_action("oui", view, "fr") == Action("muggins", 1) == read_action("y", view, "fr")
    assert read_action("non", view, "fr") == Action("pass", 1) == read_action("n", view)
    with pytest.raises(NoddyError, match="répondez o"):
        read_action("peut-être", view, "fr")
    with pytest.raises(NoddyError, match="answer y"):
        read_action("oui", view)


def test_the_terminal_holds_no_wording_of_its_own() -> None:
    """Every phrase of the terminal game comes from `noddy.words` (design: the faces only render):
    no text in the terminal's code (docstrings and the commands' help aside) holds a phrase's words."""
    texts: list[str] = []
    cli = Path(noddy.cli.render.__file__ or "").parent
    files = [*cli.glob("play_*.py"), *(cli / f for f in ("render.py", "advise_cmd.py", "review_cmd.py"))]
    assert len(files) > 6
    for file in files:
        tree = ast.parse(file.read_text(encoding="utf-8"))
        docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
        docstrings |= {
            id(node.value) for node in ast.walk(tree) if isinstance(node, ast.keyword) and node.arg == "help"
        }
        texts += [
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
        ]
    for lang in ("en", "fr"):
        tables = (TERMINAL, ADVISE_PAGE, REVIEW_PAGE, SITTING)
        for key, text in [item for table in tables for item in table[lang].items()]:
            fixed = max(re.split(r"\{\w+\}", text), key=len).strip(" :.,")
            assert " " not in fixed or not any(fixed in t for t in texts), (lang, key, fixed)


def test_the_docs_say_what_the_muggins_prompt_asks() -> None:
    """A claim takes every point missed: the prompt asks y or n, and docs/cli.md says no more."""
    doc = " ".join((paths.DOCS / "cli.md").read_text(encoding="utf-8").split())
    said = doc.split("when an opponent misses points", 1)[1].split(". ", 1)[0]
    assert "whether to claim them" in said and "how many" not in said
    assert "y or n" in said and "every point missed" in said
    for key in ("prompt.muggins.one", "prompt.muggins.many"):
        assert TERMINAL["en"][key].endswith("(y/n):")


def test_enter_or_go_while_a_card_fits_says_what_to_type() -> None:
    """Enter at "Play a card" says Go; while a card fits, the refusal gives the engine's reason and
    what to type instead: a card that fits, by its number or its name."""
    state = dealt("noddy-rules", {0: "Jh 4d 5d", 1: "7d 8s 9s"}, "6h")
    state = run(state, ["count", "count"])
    for typed in ("", "go", "GO"):
        with pytest.raises(IllegalActionError) as err:
            read_action(typed, state.view(0))
        assert str(err.value) == (
            "you cannot say Go now (you can lay a card within 31, and must): type the card to play, by"
            " its number (1 to 3) or its name, e.g. 1 or Jh"
        )
    with pytest.raises(IllegalActionError) as err:
        read_action("", state.view(0), "fr")
    assert str(err.value).startswith("vous ne pouvez pas dire Go maintenant (vous pouvez poser une carte")
    assert str(err.value).endswith("par son numéro (1 à 3) ou son nom, par exemple 1 ou Vh")
    state = run(state, ["play Jh", "play 9s", "play 5d"])  # 24: 8s would make 32, 7d fits
    with pytest.raises(IllegalActionError, match=r"by its number \(1 to 2\) or its name, e.g. 1 or 7d"):
        read_action("", state.view(1))


def test_a_lay_away_of_the_wrong_number_of_cards_says_how_many_plainly() -> None:
    state = dealt("cribbage", {0: "5h 6d 7c 8s 9h Ks", 1: "Ah 2h 3h 4h 5c 6c"}, "Jd")
    view = state.view(state.to_act)
    with pytest.raises(IllegalActionError) as err:
        read_action("1", view)
    assert str(err.value) == "lay away 2 cards, not 1: type their numbers or names, e.g. '1 2'"
    with pytest.raises(IllegalActionError) as err:
        read_action("1 2 3", view, "fr")
    assert str(err.value) == (
        "écartez 2 cartes, pas 3 : tapez leurs numéros ou leurs noms, par exemple «\u00a01 2\u00a0»"
    )


def test_replay_shows_each_deals_hands_labelled_under_its_heading_and_q_says_it_stopped(
    tmp_path: Path,
) -> None:
    record = tmp_path / "g.json"
    args = ["play", "--rules", "cribbage", "--seats", "greedy,greedy", "--seed", "3", "--record", str(record)]
    assert runner.invoke(app, args).exit_code == 0
    walked = runner.invoke(app, ["replay", str(record), "--to-end"])
    assert walked.exit_code == 0
    lines = walked.stdout.splitlines()
    headings = [i for i, line in enumerate(lines) if line.startswith("── ") and line.endswith(" deals ──")]
    assert len(headings) > 2
    assert not any(line.startswith("  Greedy") for line in lines[: headings[0]]), "none before the first deal"
    for start, end in zip(headings, [*headings[1:], len(lines)], strict=True):
        deal = lines[start:end]
        assert deal[1] == "The hands dealt:"
        dealt = {line.split(": ")[0].strip(): set(line.split(": ")[1].split()) for line in deal[2:4]}
        assert set(dealt) == {"Greedy 1", "Greedy 2"} and all(len(cards) == 6 for cards in dealt.values())
        assert not any(line.startswith("  Greedy") for line in deal[4:]), "said once, under the heading"
        for line in deal:
            shown = re.match(r"(Greedy \d)'s hand \(([^)]*)\)", line)
            if shown:
                assert set(shown.group(2).split()) <= dealt[shown.group(1)], line
    stepped = runner.invoke(app, ["replay", str(record)], input="\n\nq\n")
    assert stepped.exit_code == 0 and "Replay stopped." in stepped.stderr
    assert "The hands dealt:" in stepped.stdout


def test_a_game_under_changed_rules_says_so_in_its_title() -> None:
    args = ["play", "--seats", "greedy,greedy", "--seed", "1", "--set", "hand.twenty_five=off"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == (
        "Willughby's Noddy (c.1665-70), with house rules: hand.twenty_five=off — Greedy 1, Greedy 2 (seed 1)"
    )
