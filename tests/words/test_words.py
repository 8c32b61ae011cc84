"""The score kinds' facts, the deal tables by kind, and the words both faces use (plain, structured)."""

from __future__ import annotations

import ast
import inspect
import json
import random
import re
from pathlib import Path

import numpy as np
import pytest

import noddy.cli
import noddy.web
import noddy.web.messages
from noddy.cards import DECK, Card, parse_cards
from noddy.errors import IllegalActionError
from noddy.game import EVENT_FACTS, Action, Event, EventKind, Phase, Subject, new_game
from noddy.players import GreedyPlayer
from noddy.players.driver import run_game
from noddy.rules import field_spec, load_rules, preset_names
from noddy.scoring import FACTS, KINDS, Kind, ScoreItem, score_deals, score_hand, score_play
from noddy.web.messages import event_json
from noddy.words import (
    COMMAND_LINE,
    COUNTING,
    KIND_WORDS,
    LANGUAGES,
    PAGE,
    PHRASES,
    REASONS,
    REFUSALS,
    RULE_SETS,
    SIM,
    SITTING,
    TERMINAL,
    Reason,
    agree,
    call,
    cannot_play,
    card_text,
    card_words,
    counting_words,
    event_line,
    of_name,
    page_phrases,
    play_end_line,
    play_said,
    rule_set_words,
    said_items,
    say,
    say_reason,
    that_name,
    whose,
)
from noddy.words.card_names import KNAVE_NAMES, RANKS
from noddy.words.keeper import KEEPER_PAGE
from noddy.words.show import SHOW_PAGE


def test_every_kind_and_event_kind_has_its_facts() -> None:
    assert set(FACTS) == set(KINDS) and all(FACTS[k].kind is k for k in KINDS)
    assert set(EVENT_FACTS) == set(EventKind)
    assert {f.target for f in FACTS.values()} == {None, 15, 25, 31}


def test_a_call_hides_what_its_facts_say_it_does_not_tell() -> None:
    run = ScoreItem(Kind.RUN, tuple(parse_cards("4d 5d 6h")), 3).hide()
    fifteen = ScoreItem(Kind.FIFTEEN, tuple(parse_cards("Jh 5d")), 2).hide()
    knave = ScoreItem(Kind.KNAVE, tuple(parse_cards("Jh")), 1)
    assert (run.cards, run.size) == ((), 3)
    assert (fifteen.cards, fifteen.size) == ((), 0)
    assert knave.hide() == knave


@pytest.mark.parametrize("kind", [Kind.FIFTEEN, Kind.PAIR, Kind.RUN, Kind.FLUSH, Kind.KNAVE])
def test_the_deal_tables_by_kind_agree_with_the_itemised_scorer(kind: Kind) -> None:
    rules = load_rules("noddy-rules")
    rng = np.random.default_rng(9)
    deals = np.array([rng.choice(52, 4, replace=False) for _ in range(300)], dtype=np.uint8)
    fast = score_deals(rules, deals[:, :3], deals[:, 3], kinds=frozenset({kind}))
    for row, got in zip(deals.tolist(), fast.tolist(), strict=True):
        items = score_hand([DECK[i] for i in row[:3]], DECK[row[3]], rules)
        assert got == sum(i.points for i in items if i.kind == kind), row


def test_a_call_is_structured_and_said_by_one_function() -> None:
    rules = load_rules("noddy-rules")
    items = score_hand(parse_cards("Jh 4d 5d"), Card.parse("6h"), rules)
    parts = call(items, rules)
    assert [(p.name, p.points, p.running) for p in parts] == [
        ("fifteen", 2, 2),
        ("fifteen", 2, 4),
        ("a run of three", 3, 7),
        ("twenty-five", 4, 11),
        ("Knave Noddy", 1, 12),
    ]
    assert say(parts) == "fifteen 2, fifteen 4, a run of three 7, twenty-five 11, and Knave Noddy 12"
    run = {"kind": "run", "name": "a run of three", "cards": ["4d", "5d", "6h"], "points": 3, "total": 7}
    assert parts[2].to_json() == run


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_call_said_item_by_item_is_the_call(lang: str) -> None:
    """The web's show builds a call piece by piece (`said_items`): the pieces, joined, are `say`'s
    call, one a scoring item, for hands of every size and a hand of nothing."""
    rules = load_rules("cribbage")
    rng = random.Random(35)
    sizes = set()
    for _ in range(300):
        cards = rng.sample(DECK, 5)
        parts = call(score_hand(tuple(cards[:4]), cards[4], rules), rules, lang)
        pieces = said_items(parts, lang)
        assert "".join(pieces) == say(parts, lang)
        assert len(pieces) == max(1, len(parts))
        sizes.add(min(len(parts), 3))
    assert sizes == {0, 1, 2, 3}


def test_a_play_is_said_as_players_say_it() -> None:
    pile = parse_cards("Tc 5h")
    fifteen = call(score_play(pile, load_rules("cribbage")))
    assert play_said(15, fifteen) == "fifteen 2"
    assert play_said(7, ()) == "7"
    pair = call(score_play(parse_cards("9c 9h"), load_rules("cribbage")), lang="fr")
    assert play_said(18, pair, "fr") == "18, une paire 2"


def _fifteen_played() -> Event:
    """Seat 0 lays 5♥ on 10♣ and makes fifteen."""
    pile = parse_cards("Tc 5h")
    return Event(EventKind.PLAY, 0, 2, score_play(pile, load_rules("willughby")), (pile[-1],), count=15)


def test_an_event_line_keeps_its_cards_apart_from_its_words() -> None:
    line = event_line(_fifteen_played(), ["You", "Greedy"], load_rules("willughby"), False)
    assert line is not None
    assert line.parts == ("You play ", (Card.parse("5h"),), ", count 15 — fifteen 2")
    assert line.text == "You play 5♥, count 15 — fifteen 2" and line.points == 2


def test_the_web_sends_structured_items_and_plain_words_without_the_terminal() -> None:
    tree = ast.parse(inspect.getsource(noddy.web.messages))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not any(m and (m.startswith("noddy.cli") or m.startswith("rich")) for m in imported)
    data = event_json(_fifteen_played(), ["You", "Greedy"], load_rules("willughby"), False)
    assert data["text"] == "You play 5♥, count 15 — fifteen 2"
    assert data["parts"] == ["You play ", {"cards": ["5h"]}, ", count 15 — fifteen 2"]
    fifteen = {"kind": "fifteen", "name": "fifteen", "cards": ["10c", "5h"], "points": 2, "total": 2}
    assert data["items"] == [fifteen]
    assert data["called"] is True and "+2" not in data["text"]
    assert data["said"] == ["fifteen 2"]


def test_the_web_sends_a_count_said_item_by_item_and_a_hidden_declaration_without_a_call() -> None:
    rules = load_rules("cribbage")
    held, up = parse_cards("5h 5d Jc 4s"), Card.parse("6c")
    items = score_hand(held, up, rules)
    count = Event(EventKind.COUNT, 1, 12, items, held, subject=Subject.HAND)
    data = event_json(count, ["You", "Ann"], rules, False, "fr")
    assert data["said"] == [item["said"] for item in data["items"]]
    assert "".join(data["said"]) == say(call(items, rules, "fr"), "fr")
    hidden = Event(EventKind.DECLARE, 1, 5, items, (), hidden=True, declared=5, subject=Subject.HAND)
    seen = event_json(hidden.seen_by(0), ["You", "Ann"], rules, False)
    assert "said" not in seen and "items" not in seen and seen["declared_words"] == "declared 5"


def test_renaming_a_french_call_is_one_edit(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/scoring-and-words.md: one line of the kind's word record renames a call everywhere it is said."""
    from typer.testing import CliRunner

    from noddy.cli.main import app
    monkeypatch.setitem(KIND_WORDS[Kind.PAIR_ROYAL].names, "fr", "un brelan")
    args = ["score", "5h 5d 5c", "-t", "2s", "-r", "willughby", "--lang", "fr"]  # 5+5+5 = 15, 5 5 5
    table = CliRunner().invoke(app, args).stdout
    answer = json.loads(CliRunner().invoke(app, [*args, "--json"]).stdout)
    assert "un brelan" in table and "“quinze 2 et un brelan 8”" in table
    assert answer["announcement"] == "quinze 2 et un brelan 8"


def test_every_source_a_kind_or_event_names_is_one_the_simulator_reports() -> None:
    from noddy.sim.tournament import KIND_SOURCES, PLAY_KIND_SOURCES, SOURCES

    named = {*KIND_SOURCES.values(), *PLAY_KIND_SOURCES.values()}
    named |= {f.source for f in EVENT_FACTS.values()} | {"crib"}
    assert named - {None} <= set(SOURCES)


def test_the_muggins_line_agrees_its_verbs_and_says_what_was_taken() -> None:
    rules = load_rules("noddy-rules")
    claim = Event(EventKind.MUGGINS, 1, 5)
    you = event_line(claim, ["Greedy", "You"], rules, False)
    them = event_line(claim, ["You", "Greedy"], rules, False)
    assert you is not None and you.text == "You call muggins and take the 5 points missed."
    assert them is not None and them.text == "Greedy calls muggins and takes the 5 points missed."


def test_the_end_of_the_play_carries_the_cards_left_and_the_words_say_them() -> None:
    rules = load_rules("five-card-cribbage")
    state = run_game(new_game(rules, 2), [GreedyPlayer(), GreedyPlayer()], random.Random(3))
    ends = [e for e in state.events if e.kind == EventKind.PLAY_END]
    assert ends and all(e.unplayed is not None and e.unplayed >= 0 for e in ends)
    assert any(e.unplayed for e in ends), "a single series leaves cards unplayed in some deal"
    left = Event(EventKind.PLAY_END, unplayed=3)
    line = event_line(left, ["You", "Greedy"], rules, False)
    assert line is not None and line.text == "The play ends; 3 card(s) not played."
    assert play_end_line(3, "fr") == "Le jeu est fini ; 3 carte(s) non jouée(s)."
    assert play_end_line(0, "fr") == "Le jeu est fini." and play_end_line(0) == "The play ends."


def test_the_faces_take_why_a_seat_must_say_go_from_the_words() -> None:
    faces = [
        *Path(noddy.cli.__file__).parent.glob("*.py"),
        *(Path(noddy.web.__file__).parent / "static").glob("*.js"),
    ]
    assert len(faces) > 5
    for path in faces:
        assert "within 31" not in path.read_text(encoding="utf-8"), path.name
    assert cannot_play() == "You cannot play within 31"
    assert cannot_play("fr") == "Vous ne pouvez pas jouer sans dépasser 31"


PHRASE_TABLES = {
    "phrases": PHRASES,
    "refusals": REFUSALS,
    "page": PAGE,
    "reasons": REASONS,
    "ranks": RANKS,
    "terminal": TERMINAL,
    "sitting": SITTING,
    "command_line": COMMAND_LINE,
    "sim": SIM,
    "show": SHOW_PAGE,
    "keeper": KEEPER_PAGE,
}


@pytest.mark.parametrize("table", PHRASE_TABLES)
def test_every_phrase_is_written_in_every_language_with_the_same_fields(table: str) -> None:
    """A phrase added in English and not in French (or with other ``{fields}``) fails here."""
    phrases = PHRASE_TABLES[table]
    assert set(phrases) == set(LANGUAGES)
    fields = re.compile(r"\{(\w+)\}")
    for lang in LANGUAGES:
        assert set(phrases[lang]) == set(phrases["en"]), f"{table}: {lang} lacks or adds a phrase"
        for key, text in phrases[lang].items():
            if isinstance(text, str):
                english = set(fields.findall(phrases["en"][key]))
                assert set(fields.findall(text)) <= english | {"of", "that"}, key
                assert text, f"{table}.{key} is empty in {lang}"


def test_every_preset_and_counting_option_has_its_words_in_every_language() -> None:
    for lang in LANGUAGES:
        for name in preset_names():
            rules = load_rules(name)
            title, summary = rule_set_words(name, rules.title, rules.summary, lang)
            assert title and summary
            if lang != "en":
                assert name in RULE_SETS[lang] and (title, summary) != (rules.title, rules.summary), name
        for value in field_spec("hand.wrong_count").choices:
            assert counting_words(value, lang)
            assert lang == "en" or value in COUNTING[lang]
    assert {load_rules(name).language for name in preset_names()} <= set(LANGUAGES)
    assert load_rules("french").language == "fr" and load_rules("cribbage").language == "en"
    assert set(page_phrases("fr")) == set(page_phrases("en"))


def test_the_french_presets_game_is_told_in_french() -> None:
    rules = load_rules("french")
    state = run_game(new_game(rules, 2), [GreedyPlayer(), GreedyPlayer()], random.Random(5))
    lines = [event_line(e, ["Vous", "Ann"], rules, False, "fr") for e in state.events]
    said = [line.text for line in lines if line is not None]
    assert said[0].startswith("Coupe pour la donne : Vous ")
    assert {"Vous donnez", "Ann donne"} & set(said)
    counts = [line for line in lines if line and line.call and line.text.startswith(("Votre", "La"))]
    assert counts and all("«\u00a0" in line.text and line.text.endswith("\u00a0»") for line in counts)
    names = {part.name for line in lines if line is not None for part in line.call}
    named = {w.names["fr"] for w in KIND_WORDS.values() if "fr" in w.names} | set(KNAVE_NAMES["fr"].values())
    assert names and names <= named | {"une suite de trois", "une couleur de trois"}
    ends = ("Vous gagnez la partie de ", "Ann gagne la partie de ", "La partie est nulle.")
    assert said[-1].startswith(ends)
    english = {"hand", "plays", "wins", "deals", "count "}
    assert not [text for text in said if any(word in text for word in english)]


def test_a_refusal_is_said_in_french_with_the_cards_as_french_players_write_them() -> None:
    why = Reason("declare_range", low=0, high=99, number=100)
    assert why == "a declared count is from 0 to 99 points, not 100"
    assert why.say("fr") == "un compte annoncé va de 0 à 99 points, pas 100"
    over = Reason("over_limit", card=Card.parse("Jh"), count=35, limit=31)
    assert over == "Jh would make the count 35, over 31"
    assert over.say("fr") == "V♥ porterait le compte à 35, au-delà de 31"
    assert say_reason("plain text", "fr") == "plain text"


def test_the_engines_refusals_are_reasons_a_face_can_say_in_french() -> None:
    rules = load_rules("french")
    state = new_game(rules, 2)
    rng = random.Random(2)
    while not state.legal_actions().declare:
        chance = state.chance()
        state = state.apply(chance.sample(rng) if chance is not None else state.legal_actions()[0])
    seat = state.to_act
    assert seat is not None
    why = state.why_illegal(Action.declare(seat, 100))
    assert isinstance(why, Reason) and why.say("fr") == "un compte annoncé va de 0 à 99 points, pas 100"
    assert state.phase is Phase.COUNT
    with pytest.raises(IllegalActionError, match="not 100"):
        state.apply(Action.declare(seat, 100))


def test_the_words_agree_with_who_reads_them() -> None:
    assert agree("line.win", "Vous", "fr") == "Vous gagnez la partie."
    assert agree("line.win", "Ann & Bob", "fr") == "Ann & Bob gagnent la partie."
    assert agree("line.win", "Vous & Bob", "fr") == "Vous & Bob gagnez la partie."
    assert agree("line.win", "Ann", "fr") == "Ann gagne la partie."
    assert agree("line.win", "You", "en") == "You win the game."
    assert of_name("Ann", "fr") == "d’Ann" and of_name("Bob", "fr") == "de Bob" and of_name("Ann") == "Ann"
    assert whose("crib", "Ann", "fr") == "Le crib d’Ann" and whose("hand", "Vous", "fr") == "Votre main"
    assert whose("crib", "Ann") == "Ann's crib" and whose("hand", "You") == "Your hand"
    assert card_words(Card.parse("Jh"), "fr") == "valet de cœur"
    assert card_words(Card.parse("As")) == "Ace of spades"
    assert card_words(Card.parse("8c")) == "eight of clubs"
    assert card_words(Card.parse("8c"), "fr") == "huit de trèfle"
    assert card_text(Card.parse("Qd"), "fr") == "D♦" and card_text(Card.parse("10c"), "fr") == "10♣"
    assert card_text(Card.parse("Ah"), "fr") == "As♥"


def test_the_pages_name_every_card_in_the_words_of_card_words() -> None:
    """One wording for both faces (issue 35): a page names a card from its phrases as cards.js does
    ("card.name" with "rank.8" and "suit.c"), and that is `card_words`, a word for every rank."""
    for lang in ("en", "fr"):
        phrases = page_phrases(lang)
        for card in DECK:
            rank, suit = str(card)[:-1], str(card)[-1]
            named = phrases["card.name"].format(rank=phrases[f"rank.{rank}"], suit=phrases[f"suit.{suit}"])
            assert named == card_words(card, lang)
            assert not any(ch.isdigit() for ch in named), named


def test_que_elides_before_a_name_that_opens_with_a_vowel() -> None:
    """"On attend qu’Ordinateur joue", never "que Ordinateur" (issue 35, item 4)."""
    assert that_name("Ordinateur (moyen)", "fr") == "qu’Ordinateur (moyen)"
    assert that_name("Bob", "fr") == "que Bob" and that_name("Ann") == "Ann"
    french = page_phrases("fr")
    said = french["status.waiting.play"].replace("{that}", that_name("Ordinateur", "fr"))
    assert said == "On attend qu’Ordinateur joue…"
    unelided = [key for key, text in french.items() if re.search(r"que \{(who|name)\}", text)]
    assert not unelided, "a French 'que' before a name"


def test_a_win_is_said_as_players_say_it_by_the_game_hole_and_the_margin() -> None:
    """A peg going out past the game hole stops there: 125 to 117 at 121 is "by 4 holes: 121 to
    117"; a game of one deal is won by points; three sides name both losers' scores."""
    from noddy.game import Event, EventKind

    cribbage, french = load_rules("cribbage"), load_rules("french")
    won = Event(EventKind.WIN, 0, scores=(125, 117))
    assert event_line(won, ["Ann", "Bob"], cribbage, False).text == (
        "Ann wins the game by 4 holes: 121 to 117."
    )
    assert event_line(won, ["Vous", "Bob"], cribbage, False, "fr").text == (
        "Vous gagnez la partie de 4 trous : 121 à 117."
    )
    close = Event(EventKind.WIN, 1, scores=(120, 122, 94))
    assert event_line(close, ["Ann", "You", "Cy"], cribbage, False).text == (
        "You win the game by 1 hole: 121 to 120 and 94."
    )
    one_deal = Event(EventKind.WIN, 1, scores=(8, 11))
    assert event_line(one_deal, ["Ann", "Bob"], french, False, "fr").text == (
        "Bob gagne la partie de 3 points : 11 à 8."
    )
