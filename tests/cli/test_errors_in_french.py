"""The command line says its errors in the command's language: a rules file, a record or a
``noddy score --json`` line at fault is told in French with ``--lang fr`` (and in English as it
always was), every part of the sentence (where, what was given, what is allowed) in the one language."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import paths
from noddy.cli.main import app

GOLDEN = paths.GOLDEN / "cribbage.json"

runner = CliRunner()


def said(*args: str, input: str | None = None) -> str:
    """What the command printed, on one line, having failed as a bad input fails (exit 1)."""
    result = runner.invoke(app, list(args), input=input)
    assert result.exit_code == 1, (result.exit_code, result.stdout, result.stderr, result.exception)
    return " ".join((result.stdout + result.stderr).split())


RULES_FILES = [
    (
        'extends = "cribbage"\nname = "x"\n[play]\nthirty_one = "lots"\n',
        "play.thirty_one : 'lots' n’est pas permis ; permis : « off », un nombre entier de points"
        " jusqu’à 99, ou « per_card »",
        "play.thirty_one: 'lots' is not allowed; allowed: \"off\", a whole number of points up to 99,"
        ' or "per_card"',
    ),
    (
        'extends = "cribbage"\nname = "x"\n[crib]\nkind = "none"\n',
        "house.toml : deal.players.2 : des cartes vont à un crib mais crib.kind vaut 'none'",
        "house.toml: deal.players.2: cards go to a crib but crib.kind is 'none'",
    ),
    (
        'extends = "cribbage"\nname = "x"\n[deal.players.5]\ndealt = 3\n',
        "deal.players : {'5': {'dealt': 3}} n’est pas permis ('5' joueurs n’est pas possible ; donnez 2,"
        " 3 ou 4) ; permis : une table par nombre de joueurs",
        "deal.players: {'5': {'dealt': 3}} is not allowed ('5' players is not supported; give 2, 3 or 4);"
        " allowed: a table per number of players",
    ),
    (
        'extends = "house.toml"\nname = "x"\n',
        "house.toml : extends : ",
        "house.toml: extends: ",
    ),
    (
        'base = "cribbage"\n',
        "house.toml : clé inconnue 'base' ; vouliez-vous dire 'extends' ? Connues : name, title",
        "house.toml: unknown key 'base'; did you mean 'extends'? Known: name, title",
    ),
    (
        'name = "x"\n',
        "house.toml : ne dit aucune règle : partez de règles existantes",
        "house.toml: says no rule: start from a rule set",
    ),
    (
        'extends = "cribbage"\nname = "x"\n[game]\nlurch = [{ name = "s", below = 91, games = 1 }]\n',
        "game.lurch[0].games : 1 n’est pas permis (un lurch compte 2 parties ou plus) ; permis : un nombre"
        " entier de 2 à 99",
        "game.lurch[0].games: 1 is not allowed (a lurch counts 2 games or more); allowed: a whole number"
        " from 2 to 99",
    ),
]


@pytest.mark.parametrize(("text", "french", "english"), RULES_FILES)
def test_rules_check_says_a_bad_rules_file_in_the_commands_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, french: str, english: str
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("house.toml").write_text(text, encoding="utf-8")
    assert french in said("rules", "check", "house.toml", "--lang", "fr")
    assert english in said("rules", "check", "house.toml", "--lang", "en")


def test_a_missing_rules_file_and_a_presets_changed_rules_are_said_in_french(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert "erreur : pas de fichier de règles 'cribbage.toml' (cherché en " in said(
        "rules", "check", "cribbage.toml", "--lang", "fr"
    )
    out = said("score", "5h 5d 5c Js", "-t", "5s", "-r", "cribbage", "-s", "crib.kind=none", "--lang", "fr")
    assert "règles 'cribbage' : deal.players.2 : des cartes vont à un crib" in out


def _spoil_an_action(record: dict[str, Any]) -> None:
    """The first card played becomes one its player does not hold."""
    actions = record["actions"]
    first = next(i for i, text in enumerate(actions) if ": play " in text)
    seat, _, card = actions[first].partition(": play ")
    actions[first] = f"{seat}: play {'6h' if card == '5h' else '5h'}"


RECORDS = [
    (
        _spoil_an_action,
        "erreur : l’action 5 (1: play 5h) est refusée une fois rejouée : 5♥ n’est pas dans votre main",
        "error: action 5 (1: play 5h) is refused when replayed: 5♥ is not in your hand",
    ),
    (
        lambda d: d["result"].__setitem__("scores", [1, 2]),
        "erreur : le compte rendu dit que les scores sont [1, 2], la partie rejouée donne [109, 124]",
        "error: the record says the scores are [1, 2], the replay gives [109, 124]",
    ),
    (
        lambda d: d["seats"][0].pop("kind"),
        'erreur : le siège 0 de "seats" vaut {"name": "greedy 1"} : écrivez {"name": TEXT, "kind": TEXT}',
        'error: seat 0 in "seats" is {"name": "greedy 1"}: write {"name": TEXT, "kind": TEXT}',
    ),
    (
        lambda d: d["result"].__setitem__("winner", 7),
        'erreur : "result.winner" vaut 7 : écrivez un camp de 0 à 1, ou null',
        'error: "result.winner" is 7: write a side from 0 to 1, or null',
    ),
    (
        lambda d: d.__setitem__("rules", {"preset": "cribbage", "set": ["crib.kind=none"]}),
        "erreur : \"rules\" {\"preset\": \"cribbage\", \"set\": [\"crib.kind=none\"]} ne se chargent pas :"
        " règles 'cribbage' : deal.players.2 : des cartes vont à un crib",
        'error: "rules" {"preset": "cribbage", "set": ["crib.kind=none"]} do not load: preset'
        " 'cribbage': deal.players.2: cards go to a crib",
    ),
]


@pytest.mark.parametrize(("spoil", "french", "english"), RECORDS)
def test_a_record_that_does_not_replay_is_said_in_the_commands_language(
    tmp_path: Path, spoil: Callable[[dict[str, Any]], None], french: str, english: str
) -> None:
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))
    spoil(record)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert french in said("replay", str(path), "--verify", "--lang", "fr")
    assert english in said("replay", str(path), "--verify", "--lang", "en")


def _batch(lines: str, *options: str) -> list[str]:
    """Each line's error of ``noddy score --batch -`` (which fails: some line is bad)."""
    result = runner.invoke(app, ["score", "--batch", "-", *options], input=lines)
    assert result.exit_code == 1, (result.stdout, result.stderr)
    return [json.loads(line).get("error", "") for line in result.stdout.splitlines()]


def test_a_batch_lines_error_is_said_in_the_language_the_line_or_the_command_asks_for() -> None:
    """``noddy score``'s JSON input: each bad line told in its own ``lang``, else ``--lang``'s,
    else English, its card and rules errors inside said in the same language."""
    lines = "\n".join(
        [
            '{"held": "Jh 4d 5d", "turnup": "6h", "lang": "fr", "colour": 1}',
            '{"held": "Jh 4d 5d", "turnup": "6h", "crib": "yes"}',
            '{"held": "Jh 4d Zz", "turnup": "6h", "lang": "fr"}',
            '["Jh"]',
            '{"held": "Jh 4d 5d", "turnup": "6h", "rules": "nope", "lang": "fr"}',
            '{"held": "Jh 4d", "turnup": "6h", "rules": "cribbage", "lang": "fr"}',
        ]
    )
    french = _batch(lines, "--lang", "fr")
    keys = "rules, held, turnup, crib, set, lang"
    assert french[0] == f"ligne 1 : clés inconnues ['colour'] ; permises : {keys}"
    assert french[1] == "ligne 2 : \"crib\" vaut true ou false, pas 'yes'"
    assert french[2].startswith("ligne 3 : impossible de lire la carte 'Zz' : 'Z' n’est pas un rang")
    assert french[3] == 'ligne 4 : il faut un objet JSON comme {"held": "Jh 4d 5d", "turnup": "6h"}'
    assert french[4].startswith("ligne 5 : règles inconnues 'nope'")
    assert french[5] == "ligne 6 : les mains de cribbage ont 4 cartes ; 2 données (V♥ 4♦)"
    english = _batch(lines)
    assert english[0].startswith("ligne 1 : clés inconnues")  # the line asks for French itself
    assert english[1] == "line 2: \"crib\" must be true or false, not 'yes'"
    assert english[3] == 'line 4: expected a JSON object such as {"held": "Jh 4d 5d", "turnup": "6h"}'


def test_score_says_a_bad_card_and_a_wrong_size_in_the_commands_language() -> None:
    assert "erreur : impossible de lire la carte 'Zz' : 'Z' n’est pas un rang" in said(
        "score", "Jh 4d Zz", "-t", "6h", "--lang", "fr"
    )
    assert "error: cannot read card 'Zz': 'Z' is not a rank" in said("score", "Jh 4d Zz", "-t", "6h")
    assert "erreur : As : il manque la couleur ; écrivez Asc, Asd, Ash, Ass, As♣, As♦, As♥ ou As♠" in said(
        "score", "Jh 4d 5d", "-t", "As", "--lang", "fr"
    )
    assert "erreur : les mains de willughby ont 3 cartes ; 4 données (V♥ 4♦ 5♦ 6♦)" in said(
        "score", "Jh 4d 5d 6d", "-t", "6h", "--lang", "fr"
    )
    assert "error: willughby hands have 3 cards; 1 card given (J♥)" in said("score", "Jh", "-t", "6h")


def test_review_and_play_say_a_seat_and_a_record_path_in_the_commands_language(tmp_path: Path) -> None:
    game = str(GOLDEN)
    assert "erreur : le siège 9 n’est pas à cette table : choisissez un siège de 0 à 1" in said(
        "review", game, "--seat", "9", "--lang", "fr"
    )
    english = said("review", game, "--seat", "9")
    assert "error: seat 9 is not at this table: choose a seat from 0 to 1" in english
    nowhere = str(tmp_path / "no" / "game.json")
    assert f"erreur : --record '{nowhere}' : le dossier '{tmp_path / 'no'}' n’existe pas" in said(
        "play", "--record", nowhere, "--lang", "fr", input="q\n"
    )
    assert f"erreur : --record '{tmp_path}' est un dossier : donnez un nom de fichier" in said(
        "play", "--record", str(tmp_path), "--lang", "fr", input="q\n"
    )


def test_a_damaged_progress_file_is_said_in_the_commands_language(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    for lang, said_here in (
        ("fr", "(progrès enregistré abîmé : il faut les chiffres d’une sorte, pas 3)"),
        ("en", "(damaged saved progress: expected a kind's stats, found 3)"),
    ):
        path.write_text('{"version": 1, "kinds": {"run": 3}}', encoding="utf-8")
        args = ["train", "--progress", str(path), "-r", "cribbage", "--questions", "1", "--lang", lang]
        result = runner.invoke(app, args, input="0\n")
        assert result.exit_code == 0, result.stderr
        assert said_here in " ".join(result.stderr.split())


def test_a_plot_that_cannot_be_drawn_is_said_in_the_commands_language(tmp_path: Path) -> None:
    nowhere = tmp_path / "no" / "x.png"
    assert f"erreur : impossible d’écrire '{nowhere}' : il n’y a pas de dossier '{nowhere.parent}'" in said(
        "simulate", "--plot", str(nowhere), "--lang", "fr"
    )
    assert "erreur : impossible de dessiner 'x.xyz' : nommez un fichier .png" in said(
        "simulate", "--plot", "x.xyz", "--lang", "fr"
    )


def test_a_crib_asked_of_rules_without_one_is_said_in_the_commands_language() -> None:
    said_fr = "erreur : willughby n’a pas de crib (crib.kind vaut 'none') ; retirez --crib"
    assert said_fr in said("analyze", "hands", "-r", "willughby", "--crib", "--lang", "fr")
    assert said_fr in said("score", "Jh 4d 5d", "-t", "6h", "-r", "willughby", "--crib", "--lang", "fr")
