"""French all the way (issue 24, item 12): under French, cards are shown and typed with the French
letters (As, R, D, V; the English letters still read), a card that does not read is refused in
French, and cribbage's nobs and heels are called by their French names; in every face."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from helpers import dealt
from noddy.cards import DECK, Card, parse_cards
from noddy.cli.main import app
from noddy.cli.play_turns import read_action
from noddy.errors import CardError, NoddyError
from noddy.game import Action
from noddy.rules import load_rules
from noddy.scoring import Kind, ScoreItem
from noddy.words import (
    announce,
    card_text,
    card_typed,
    item_name,
    knave_name,
    read_card,
    read_cards,
    record_name,
    say_error,
)

runner = CliRunner()
TRIES = "1\n2\n3\ngo\n\n"

ENGLISH_CARD = re.compile(r"(?<![\w])[AJQK][♣♦♥♠]")
"""An English rank letter written on a card: what a French reader must never see."""
ENGLISH_WORDS = re.compile(r"\b(?:Ace|Jack|Queen|King|Knave|nobs?|heels|Noddy)\b")
"""English card words, and the English (or Noddy's) names of cribbage's Knaves."""


def french_only(text: str) -> None:
    """No English card letter or word in ``text``; it shows at least one card in French letters."""
    assert not ENGLISH_CARD.findall(text), ENGLISH_CARD.findall(text)[:5]
    assert not ENGLISH_WORDS.findall(text), ENGLISH_WORDS.findall(text)[:5]


def test_every_card_is_written_in_french_letters_and_reads_back_in_either_language() -> None:
    for card in DECK:
        assert read_card(card_text(card, "fr"), "fr") == card == read_card(card_typed(card, "fr"), "en")
        if str(card) != "As":  # the English letters still read under French, but "As" is the Ace
            assert read_card(str(card), "fr") == card
        assert not ENGLISH_CARD.search(card_text(card, "fr"))
    assert [card_text(Card.parse(c), "fr") for c in ("Ah", "Kc", "Qd", "Js", "10h")] == [
        "As♥",
        "R♣",
        "D♦",
        "V♠",
        "10♥",
    ]
    assert read_cards("Vh, Ash Rs Dd 10c Ass", "fr") == parse_cards("Jh Ah Ks Qd 10c As")


@pytest.mark.parametrize("token", ["Zh", "Vx", "1", "11♥"])
def test_a_card_that_does_not_read_is_refused_in_french_quoting_it(token: str) -> None:
    with pytest.raises(CardError) as err:
        read_card(token, "fr")
    message = say_error(err.value, "fr")
    assert repr(token) in message and "impossible de lire la carte" in message and "As ou A" in message
    with pytest.raises(CardError) as twice:
        read_cards("Vh Jh", "fr")
    assert "donnée deux fois" in say_error(twice.value, "fr")


def test_cribbages_nobs_and_heels_have_their_french_names_and_noddys_knave_keeps_its_own() -> None:
    cribbage, noddy = load_rules("cribbage"), load_rules("willughby")
    jack = Card.parse("Jh")
    nobs, heels = ScoreItem(Kind.KNAVE, (jack,), 1), ScoreItem(Kind.TURNED_JACK, (jack,), 2)
    assert (
        item_name(nobs, cribbage, "fr") == "sa caboche" and item_name(heels, cribbage, "fr") == "ses talons"
    )
    assert item_name(nobs, cribbage) == "his nobs" and item_name(nobs, noddy, "fr") == "Noddy"
    assert announce([nobs], cribbage, "fr") == "sa caboche 1"
    assert knave_name(load_rules("five-card-cribbage"), "fr") == "sa caboche"


def test_play_in_french_shows_and_reads_french_cards_and_says_no_english_card(tmp_path: Path) -> None:
    """A whole cribbage game at the terminal in French: a typed card in French letters is read, a
    bad one refused in French, and no English card letter or Knave's name is shown."""
    typed = "Zz\nVx\n"
    result = runner.invoke(
        app,
        ["play", "--seed", "5", "--rules", "cribbage", "--lang", "fr"],
        input=typed + ("1 2\n" + TRIES) * 300,
    )
    assert result.exit_code == 0, result.stdout[-2000:]
    out = result.stdout
    assert "impossible de lire la carte 'Zz'" in out and "'x' n’est pas une couleur" in out
    assert re.search(r"\b(?:As|V|D|R)[♣♦♥♠]", out)
    french_only(out)


def test_a_card_typed_in_french_letters_is_played_and_a_refusal_names_it_in_french() -> None:
    state = dealt("cribbage", {0: "5h 6d 7c 8s 9h Ks", 1: "Ah 2h 3h 4h 5c 6c"}, "Jd")
    view = state.view(state.to_act)
    assert view.seat is not None
    typed = " ".join(card_typed(card, "fr") for card in view.hand[:2])
    assert read_action(typed, view, "fr") == Action.discard(view.seat, view.hand[:2])
    with pytest.raises(NoddyError) as twice:
        read_action(f"{typed.split()[0]} {typed.split()[0]}", view, "fr")
    assert "donnée deux fois" in say_error(twice.value, "fr")


def test_score_in_french_reads_and_shows_french_cards() -> None:
    result = runner.invoke(app, ["score", "Vh Dh Rh Ash", "-t", "5h", "-r", "cribbage", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Main V♥ D♥ R♥ As♥ avec 5♥ retournée") and "sa caboche" in out
    french_only(out)
    bad = runner.invoke(app, ["score", "Vh Dh Rh", "-t", "5x", "-r", "cribbage", "--lang", "fr"])
    assert bad.exit_code != 0 and "impossible de lire la carte '5x'" in bad.output
    short = runner.invoke(app, ["score", "Vh Dh Rh", "-t", "5h", "-r", "cribbage", "--lang", "fr"])
    assert (
        short.exit_code != 0 and "les mains de cribbage ont 4 cartes ; 3 données (V♥ D♥ R♥)" in short.output
    )


def test_train_in_french_draws_french_cards(tmp_path: Path) -> None:
    args = ["train", "--rules", "cribbage", "--lang", "fr", "--questions", "6", "--seed", "3"]
    result = runner.invoke(app, [*args, "--progress", str(tmp_path / "p.json")], input="5\n" * 6)
    assert result.exit_code == 0, result.stdout[-2000:]
    assert re.search(r"\b(?:As|V|D|R)[♣♦♥♠]", result.stdout)
    french_only(result.stdout)


def test_the_person_is_stored_as_a_name_each_reader_says_in_its_own_language(tmp_path: Path) -> None:
    """A game played in French keeps "You" in the record, as it keeps cards in notation; a French
    replay says "Vous donnez" (never "You donne"), an English one "You deal", and a record an older
    noddy wrote in French ("Vous") replays in English as "You"."""
    record = tmp_path / "partie.json"
    args = ["play", "--seed", "5", "--rules", "cribbage", "--lang", "fr", "--record", str(record)]
    assert runner.invoke(app, args, input=("1 2\n" + TRIES) * 300).exit_code == 0
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["seats"][0] == {"name": "You", "kind": "human"}
    french = runner.invoke(app, ["replay", str(record), "--to-end", "--lang", "fr"])
    assert french.exit_code == 0, french.output
    assert "You " not in french.stdout and "Vous " in french.stdout
    assert re.search(r"\bVous (?:donnez|gagnez)", french.stdout)
    french_only(french.stdout)
    data["seats"][0]["name"] = "Vous"
    old = tmp_path / "ancienne.json"
    old.write_text(json.dumps(data), encoding="utf-8")
    english = runner.invoke(app, ["replay", str(old), "--to-end", "--lang", "en"])
    assert english.exit_code == 0, english.output
    assert "Vous" not in english.stdout and re.search(r"\bYou (?:deal|win)", english.stdout)
    assert record_name("Joueur 2", "human", "en") == "Player 2" and record_name("Ann", "human", "fr") == "Ann"


def test_rules_show_speaks_french_when_asked() -> None:
    """``rules show --lang fr``: the frame, every field's words, its reading and its choices in
    French, for every preset (the notes quote the English sources and stay as written)."""
    from noddy.rules import FIELDS, preset_names
    from noddy.words import rule_rows

    for name in preset_names():
        rules = load_rules(name)
        english = [row for _, rows in rule_rows(rules) for row in rows]
        french = [row for _, rows in rule_rows(rules, "fr") for row in rows]
        assert len(french) == len(english) == len(FIELDS)
        for en, fr in zip(english, french, strict=True):
            assert fr.about != en.about, fr.path
            assert all(words != dict(en.choices)[value] for value, words in fr.choices), fr.path
            if en.choices or isinstance(
                getattr(getattr(rules, en.path.split(".")[0]), en.path.split(".")[1]), bool
            ):
                assert fr.reading != en.reading, fr.path
        result = runner.invoke(app, ["rules", "show", name, "--lang", "fr"], env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        assert (
            "Joueurs : " in result.stdout
            and "La donne" in result.stdout
            and "lecture retenue" in result.stdout
        )
        assert "reading taken" not in result.stdout and "Players:" not in result.stdout
    english = runner.invoke(app, ["rules", "show", "cribbage"], env={"COLUMNS": "200"})
    assert "reading taken" in english.stdout and "his nobs" in english.stdout
    french = runner.invoke(app, ["rules", "show", "cribbage", "--lang", "fr"], env={"COLUMNS": "200"})
    assert "sa caboche" in french.stdout and "ses talons" in french.stdout


NOTATION = re.compile(r"(?<![\w♣♦♥♠])(?:10|[2-9TAJQK]|As|[VDR])[cdhs](?![\w♣♦♥♠])")
"""A card in the record notation ("Jc", "10d", "Ass", "Vc"): never what a player reads."""


def test_no_refusal_says_a_card_in_record_notation() -> None:
    """Every refusal, in both languages, names its cards as the player sees them (suit signs, the
    language's letters); only the English text a `Reason` reads as, for records, keeps the notation."""
    import string

    from noddy.words import REFUSALS, Reason

    samples: dict[str, object] = {
        "card": Card.parse("Jc"),
        "hand": tuple(parse_cards("Ah 10d Ks")),
        "action": "play Qh",
        "phase": "play",
        "allowed": "go, play",
        "kind": "cut",
    }
    english = re.compile(r"\b(?:play|go|cut|discard)\b")
    for key, text in REFUSALS["en"].items():
        names = {name for _, name, _, _ in string.Formatter().parse(text) if name}
        reason = Reason(key, **{name: samples.get(name, 3) for name in names})
        for lang in ("en", "fr"):
            said = reason.say(lang)
            assert not NOTATION.search(said), (key, lang, said)
            assert lang == "en" or not english.search(said), (key, said)  # the steps in French too
            if "card" in names:
                assert card_text(Card.parse("Jc"), lang) in said, (key, lang, said)


def test_a_refusal_at_the_prompt_names_the_card_as_the_player_sees_it() -> None:
    """At 30, a Knave is refused at the terminal as "V♣ porterait…" ("J♣ would…"), not "Vc"/"Jc"."""
    from helpers import run

    state = dealt("cribbage", {0: "Kh Qh Jh 10h 5c 6c", 1: "Kd Qd Jc 10d 9c 8c"}, "2s")
    state = run(state, ["discard 5c 6c", "discard 9c 8c", "play Kh", "play Kd", "play Qh"])
    view = state.view(state.to_act)
    for lang, said in (("en", "J♣ would make the count 40"), ("fr", "V♣ porterait le compte à 40")):
        with pytest.raises(NoddyError) as err:
            read_action("Jc", view, lang)
        assert said in str(err.value) and not NOTATION.search(str(err.value))


def test_advise_says_the_hand_and_its_model_in_french() -> None:
    """advise's echo of a hand it refuses shows the cards as the player sees them, the count of
    cards agreed ("1 donnée"), and the model of the others' cards said in words, not "uniform"."""
    result = runner.invoke(app, ["advise", "Ass 5d 5h Vc Rh", "--dealer", "--lang", "fr"])
    assert result.exit_code == 1
    assert "5 données (As♠ 5♦ 5♥ V♣ R♥)" in result.stderr and not NOTATION.search(result.stderr)
    one = runner.invoke(app, ["advise", "As♠", "--dealer", "--lang", "fr"])
    assert "1 donnée (As♠)" in one.stderr, one.stderr
    english = runner.invoke(app, ["advise", "Ac 5d 5h Jc Kh", "--dealer"])
    assert "(A♣ 5♦ 5♥ J♣ K♥)" in english.stderr, english.stderr
    shown = runner.invoke(app, ["advise", "5h 5d 5c Js Qh 2c", "--dealer", "--lang", "fr"])
    assert shown.exit_code == 0, shown.output
    assert "uniform" not in shown.stdout and "Les cartes des autres : la retournée" in shown.stdout
    assert "Modèle" not in shown.stdout


def test_counts_said_in_french_agree_with_their_number() -> None:
    """"1 écartée", "2 écartées", "1 donnée": a French count agrees with its number; and the card
    letters in the glossary's words are French ("As 2 3, pas D R As")."""
    from noddy.words import rule_rows

    for name in ("cribbage", "five-card-cribbage", "willughby"):
        said = " ".join(row.reading for _, rows in rule_rows(load_rules(name), "fr") for row in rows)
        assert not re.search(r"\b1 (?:écartées|données)\b", said), name
    three = " ".join(row.reading for _, rows in rule_rows(load_rules("cribbage"), "fr") for row in rows)
    assert "1 écartée au crib" in three and "2 écartées au crib" in three
    short = runner.invoke(app, ["score", "Vh", "-t", "5h", "-r", "cribbage", "--lang", "fr"])
    assert "; 1 donnée (V♥)" in short.stderr, short.stderr


def test_the_glossary_writes_the_aces_letter_in_french() -> None:
    from noddy.scoring import Kind
    from noddy.words import glossary

    for name in ("cribbage", "willughby"):
        text = " ".join(" ".join(entry) for entry in glossary(load_rules(name), [Kind.RUN], "fr"))
        assert not re.search(r"(?<![\w-])A(?= \d| [VDR]\b|\))", text), text
        assert "As 2 3" in text or "R As 2" in text


def test_a_named_card_without_a_name_is_shown_in_the_readers_letters() -> None:
    """A card the rules score on its own but give no name is said as the player sees it: "R♦"
    under French, never the English "K♦"."""
    rules = load_rules("cribbage", ("special_cards.cards={ Kd = 2 }",))
    item = ScoreItem(Kind.SPECIAL, (Card.parse("Kd"),), 2)
    assert item_name(item, rules, "fr") == "R♦" and item_name(item, rules) == "K♦"


@pytest.mark.parametrize("token", ["As", "as", "AS"])
def test_the_french_ace_typed_without_a_suit_is_refused_asking_for_the_suit(token: str) -> None:
    """In French "As" is the Ace: typed alone it is an Ace without a suit, not the English A of
    spades, so it is refused in French with the forms that would read; in English it is A♠."""
    with pytest.raises(CardError) as refused:
        read_cards(f"5h {token} 10d", "fr")
    assert re.search(r"il manque la couleur ; écrivez Asc, .*Ass, .*ou As♠", say_error(refused.value, "fr"))
    assert say_error(refused.value, "fr").startswith(f"{token} :")
    assert read_card(token, "en") == Card.parse("As")
    assert read_card("As♠", "fr") == read_card("Ass", "fr") == Card.parse("As")


def test_a_long_card_token_is_quoted_short() -> None:
    for lang in ("en", "fr"):
        with pytest.raises(CardError) as refused:
            read_card("z" * 120, lang)
        assert "z" * 41 not in str(refused.value) and "(120 characters)" in str(refused.value)


def test_a_batch_line_reads_cards_as_records_write_them_in_any_language() -> None:
    """A batch is machine input in the records' notation: under a French rule set "As" is the Ace of
    spades there, as `format_cards` writes it, while a person typing "As" in French is asked its suit."""
    from noddy.cards import parse_card, parse_cards
    from noddy.cli.score_cmd import answer
    from noddy.rules import load_rules
    from noddy.scoring import score_hand
    from noddy.words import read_cards

    items = score_hand(parse_cards("As 5d 5h"), parse_card("Js"), load_rules("french"))
    reply = answer({"rules": "french", "held": "As 5d 5h", "turnup": "Js"})
    assert reply["items"] == [item.to_json() for item in items]
    with pytest.raises(CardError) as refused:
        read_cards("As 5d", "fr")
    assert "il manque la couleur" in say_error(refused.value, "fr")
