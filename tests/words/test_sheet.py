"""The handout's table of scores (`noddy.words.sheet`): each cell said from the rule set's values, a
change of a field changing its cell, in English and French."""

from __future__ import annotations

from dataclasses import replace

from noddy.rules import Points, load_rules
from noddy.train import score_kinds, score_table
from noddy.words import ScoreRow, score_rows, sheet_players


def _cells(rows: tuple[ScoreRow, ...]) -> dict[str, tuple[str, str]]:
    return {row.term: (row.hand, row.play) for row in rows}


def test_cribbage_s_table_of_scores_reads_as_its_rules() -> None:
    table = _cells(score_table(load_rules("cribbage")))
    assert table["fifteen"] == ("2", "the same")
    assert table["pair royal"] == ("6", "the same") and table["double pair royal"] == ("12", "the same")
    assert table["run (sequence)"] == ("1 a card", "the same")
    assert table["flush"] == ("1 a card", "—"), "cribbage has no flush in the play"
    assert table["his nobs"] == ("1", "—") and table["go"] == ("—", "1") and table["thirty-one"] == ("—", "2")
    assert table["his heels"] == ("2 for the dealer, when it is turned up", "")
    assert list(table)[-1] == "his heels", "the Jack turned up comes after the hand's and the play's kinds"


def test_willughby_s_runs_flushes_and_knave_are_his() -> None:
    table = _cells(score_table(load_rules("willughby")))
    assert table["run (sequence)"] == ("3 cards 2, 4 cards 4, 5 cards 5, longer 1 a card", "the same")
    assert table["flush"] == ("1 a card", "the same")
    assert table["Knave Noddy"] == ("1", "—")
    french = _cells(score_table(load_rules("willughby"), "fr"))
    runs = "3 cartes 2, 4 cartes 4, 5 cartes 5, plus longue 1 par carte"
    assert french["suite (séquence)"] == (runs, "de même")
    assert french["couleur"] == ("1 par carte", "de même")


def test_each_cell_follows_its_field() -> None:
    rules = load_rules("cribbage")
    kinds = score_kinds(rules)
    changed = replace(
        rules,
        hand=replace(rules.hand, fifteen=Points(per_card=True), knave=2, knave_when="in_play"),
        play=replace(rules.play, fifteen=Points(), thirty_one_extra=1, last_card=0, flush=True),
        combinations=replace(rules.combinations, pairs=(3, 9, 18)),
        turnup=replace(rules.turnup, jack_to="elder", jack_points=3, jack_when="in_announcement"),
    )
    table = _cells(score_rows(changed, kinds))
    assert table["fifteen"] == ("1 a card", "—")
    assert table["thirty-one"] == ("—", "2 + 1")
    assert table["pair"] == ("3", "the same") and table["double pair royal"] == ("18", "the same")
    assert table["flush"] == ("1 a card", "the same")
    assert table["go"] == ("—", "—")
    assert table["his nobs"] == ("—", "2"), "a Knave pegged in the play"
    assert table["his heels"][0].startswith("3 for the elder hand") and table["his heels"][0].endswith(
        ", in their own count"
    )
    many = _cells(score_rows(changed, (*kinds, "pairs")))
    assert many["five alike"] == ("3 for each pair", "the same")


def test_who_plays_and_to_what() -> None:
    assert sheet_players(load_rules("cribbage")) == "For 2, 3, 4 players; game 121 up."
    assert sheet_players(load_rules("willughby"), "fr") == "À 2, 4 joueurs ; partie en 31 points."
