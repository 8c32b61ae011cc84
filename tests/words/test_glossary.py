"""The glossary (`?` in `noddy play`, the web's Glossary panel) says each rule set's own values: every
sentence is a function of the rules fields its record names, checked by changing each field, and each
preset's glossary is checked against its rules."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from noddy.errors import RulesError
from noddy.rules import SECTIONS, Rules, field_spec, load_rules, preset_names
from noddy.scoring import Kind
from noddy.train import glossary
from noddy.words import DEAL_TERMS, KIND_WORDS, LANGUAGES, glossary_entry, points_words

PRESETS = preset_names()

_ALTERNATIVES = {
    "Flag": ("true", "false"),
    "PointsValue": ("off", "3", "per_card"),
    "Whole": ("0", "3", "5"),
    "Triple": ("[1, 3, 9]", "[3, 9, 18]"),
    "RunValues": ("{}", "{ 3 = 2, 4 = 4, 5 = 5 }", "{ 3 = 2, 4 = 4, 5 = 6 }"),
    "CardPoints": ("{ Qs = 3 }", "{ Jh = 5, Ks = 6, Qh = 4 }"),
}
"""Values to set each kind of field to (a choice takes each of its choices)."""


def _alternatives(path: str) -> tuple[str, ...]:
    spec = field_spec(path)
    if spec.choices:
        return tuple(spec.choices)
    return _ALTERNATIVES[type(spec.codec).__name__]


def _sentences() -> list[tuple[str, Callable[[Rules, str], str], Callable[[Rules], bool], str]]:
    said = [(str(k), w.sentence, _always, path) for k, w in KIND_WORDS.items() for path in w.fields]
    return said + [(t.key, t.sentence, t.present, path) for t in DEAL_TERMS for path in t.fields]


def _always(rules: Rules) -> bool:
    return True


def _variants(name: str, path: str) -> dict[str, Rules]:
    """The preset with the field set to each value it may take (those its other fields allow)."""
    found = {}
    for value in _alternatives(path):
        try:
            found[value] = load_rules(name, [f"{path}={value}"])
        except RulesError:
            continue
    return found


@pytest.mark.parametrize(
    ("term", "sentence", "present", "path"), _sentences(), ids=lambda x: x if isinstance(x, str) else ""
)
def test_changing_a_field_a_sentence_speaks_of_changes_the_sentence(
    term: str, sentence: Callable[[Rules, str], str], present: Callable[[Rules], bool], path: str
) -> None:
    """Any two values the field may take (where the term is in the glossary under both) are said
    differently, in English and in French, under some preset: the sentence speaks of the field, not
    of one rule set."""
    variants = {name: _variants(name, path) for name in PRESETS}
    values = _alternatives(path)
    compared = 0
    for i, a in enumerate(values):
        for b in values[i + 1 :]:
            for lang in LANGUAGES:
                differ = [
                    sentence(found[a], lang) != sentence(found[b], lang)
                    for found in variants.values()
                    if a in found and b in found and present(found[a]) and present(found[b])
                ]
                if differ:
                    compared += 1
                    assert any(differ), (term, path, a, b, lang)
    assert compared, (term, path)


def _entries(rules: Rules, lang: str = "en") -> dict[str, str]:
    return dict(glossary(rules, lang))


def test_willughbys_glossary_says_his_rules() -> None:
    """His run of three is 2 (not a point a card), his flush is three of a suit with the turn-up,
    and his play ends at 31 (the count does not start again)."""
    terms = _entries(load_rules("willughby"))
    assert "a run of three scores 2, of four 4, of five 5" in terms["run (sequence)"]
    assert "a point a card" not in terms["run (sequence)"].split(":")[1].split(",")[0]
    assert "in a hand, three or more of the held cards and the turn-up" in terms["flush"]
    assert "the card that makes it exactly 31 scores 2, and the play ends" in terms["thirty-one"]
    assert "starts again" not in terms["thirty-one"] + terms["go"]
    assert "the play ends at once, and the last card laid scores 1" in terms["go"]
    french = _entries(load_rules("willughby"), "fr")
    assert "une suite de trois marque 2" in french["suite (séquence)"]
    assert "trois ou plus des cartes tenues et de la retournée" in french["couleur"]
    assert "et le jeu s'arrête" in french["trente-et-un"]


def test_cribbages_glossary_says_its_rules() -> None:
    terms = _entries(load_rules("cribbage"))
    assert "1 point a card" in terms["run (sequence)"]
    assert "in a hand, every held card (three or more), and 1 more if the turn-up matches" in terms["flush"]
    assert "in the crib, every card of the crib and the turn-up" in terms["flush"]
    assert "the count starts again from 0" in terms["thirty-one"]
    assert "the others lay on while they can" in terms["go"]


@pytest.mark.parametrize("name", PRESETS)
def test_each_presets_glossary_agrees_with_its_rules(name: str) -> None:
    """Each preset's sentences carry its own values: the points of a fifteen, a pair and a run of
    three, the flush where it scores, what 31 and a Go end, the Knave's and a turned Jack's points."""
    rules = load_rules(name)
    for lang in LANGUAGES:
        terms = dict(glossary_entry(k, rules, lang) for k in (Kind.RUN, Kind.FLUSH, Kind.THIRTY_ONE))
        run, flush, thirty_one = terms.values()
        combos = rules.combinations
        three = combos.run_points(3)
        per_card = ("1 point a card", "1 point par carte")[lang == "fr"]
        assert (f" {three}" if combos.run_values else per_card) in run
        hand_flush = ("in a hand, ", "en main, ")[lang == "fr"]
        play_flush = ("in the play, ", "au jeu, ")[lang == "fr"]
        assert (hand_flush in flush) == (rules.hand.flush != "off"), (name, lang)
        assert (play_flush in flush) == rules.play.flush, (name, lang)
        ends = ("the play ends", "le jeu s'arrête")[lang == "fr"]
        assert (ends in thirty_one) == (rules.play.series == "single"), (name, lang)
        said = dict(glossary(rules, lang))
        go = said["go"]
        at_once = ("the play ends at once", "le jeu s'arrête aussitôt")[lang == "fr"]
        assert (at_once in go) == (rules.play.after_go == "end"), (name, lang)
        pair = glossary_entry(Kind.PAIR, rules, lang)[1]
        assert f" {combos.pairs[0]}," in pair
        fifteen = glossary_entry(Kind.FIFTEEN, rules, lang)[1]
        assert f" {points_words(rules.hand.fifteen, lang)} " in fifteen
        if rules.hand.knave:
            knave = glossary_entry(Kind.KNAVE, rules, lang)[1]
            assert f" {rules.hand.knave}" in knave
        if rules.turnup.jack_points:
            jack = glossary_entry(Kind.TURNED_JACK, rules, lang)[1]
            assert f" {rules.turnup.jack_points} " in jack
        assert all(sentence.endswith(".") for sentence in said.values())


def test_every_kind_has_its_words_in_every_language() -> None:
    """One record a kind: its drill, its glossary term and sentence in every language (a name only
    where the call does not use the rules' words or the card's)."""
    rules = load_rules("noddy-rules", ["special_cards.enabled=true"])
    assert set(KIND_WORDS) == set(Kind)
    for words in KIND_WORDS.values():
        for lang in LANGUAGES:
            assert words.drills[lang] and words.terms[lang], (words.kind, lang)
            assert words.sentence(rules, lang).endswith("."), (words.kind, lang)
        assert set(words.names) in ({"en", "fr"}, set()), words.kind


class _Section:
    """A section of a rule set that notes each field read through it."""

    def __init__(self, name: str, real: object, read: set[str]) -> None:
        self._name, self._real, self._read = name, real, read

    def __getattr__(self, field: str) -> object:
        self._read.add(f"{self._name}.{field}")
        return getattr(self._real, field)


class _Reading:
    """A rule set that notes each field read through it (a name outside the sections as itself)."""

    def __init__(self, rules: Rules, read: set[str]) -> None:
        self._rules, self._read = rules, read

    def __getattr__(self, name: str) -> object:
        value = getattr(self._rules, name)
        if name in SECTIONS:
            return _Section(name, value, self._read)
        self._read.add(name)
        return value


_WHETHER_A_CRIB = "crib.kind"
"""Read by the flush's and the turn-up's sentences only to know whether there is a crib to speak of
(the crib's own term says whose it is)."""


def test_a_sentence_reads_only_the_fields_its_record_names() -> None:
    """What the field test changes is all a sentence reads: every field read while saying each
    sentence under every preset and house readings is one its record names."""
    records = [(str(k), w.sentence, w.fields) for k, w in KIND_WORDS.items()]
    records += [(t.key, t.sentence, t.fields) for t in DEAL_TERMS]
    house = [
        ["combinations.pairs_by=value", "combinations.ace=around", "special_cards.enabled=true"],
        ["play.after_go=continue", "play.go_round=next_only", "play.must_play=false", "hand.flush=held_five"],
        ["special_cards.scored_in=play", "turnup.jack_when=in_announcement", "hand.knave_when=in_play"],
    ]
    rule_sets = [load_rules(name) for name in PRESETS] + [load_rules("cribbage", h) for h in house]
    for key, say, fields in records:
        read: set[str] = set()
        for rules in rule_sets:
            for lang in LANGUAGES:
                say(_Reading(rules, read), lang)  # type: ignore[arg-type]
        assert bool(read) == bool(fields) and read - {_WHETHER_A_CRIB} <= set(fields), (key, read)
