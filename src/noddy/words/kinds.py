"""The word record of each score kind: what a call names it, what its drill is called, and its glossary
term and sentence, said from the rule set's values, in English and French.

A new kind's words are one `KindWords` here; the call (`calls.item_name`), the trainer's drills
(`train.drill_name`) and the glossary (`glossary_entry`) all read it. Its sentence (a function in
`noddy.words.sentences`) is a function of the rules' fields its record lists in ``fields``, never a
text true of one rule set only: Willughby's run of three says 2, cribbage's run says a point a card.

>>> from noddy.rules import load_rules
>>> glossary_entry(Kind.RUN, load_rules("willughby"))[1].split(": ")[1].split(";")[0]
'a run of three scores 2, of four 4, of five 5, a longer one 1 point a card'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from noddy.rules import Rules
from noddy.scoring import Kind
from noddy.words import sentences as said
from noddy.words.sentences import Sentence

__all__ = ["KIND_WORDS", "KindWords", "glossary_entry"]


@dataclass(frozen=True, slots=True)
class KindWords:
    """The words of one score kind.

    ``names``: what a call names an item of the kind, per language (``{n}``: its number of cards in
    words); a kind without one is named by the rules' words (the Knave, `knave_name`) or by its card
    (named cards). ``drills``: what its drill is called. ``terms``: its glossary term (``{name}``: the
    rules' own name for it, as `calls.item_name` says it). ``sentence``: its glossary sentence from
    the rules; ``fields``: the rules fields the sentence speaks of (a test changes each one and sees
    the sentence change).
    """

    kind: Kind
    names: dict[str, str]
    drills: dict[str, str]
    terms: dict[str, str]
    sentence: Sentence
    fields: tuple[str, ...] = field(default=())


KIND_WORDS: dict[Kind, KindWords] = {
    w.kind: w
    for w in (
        KindWords(
            Kind.FIFTEEN,
            {"en": "fifteen", "fr": "quinze"},
            {"en": "fifteens", "fr": "les quinze"},
            {"en": "fifteen", "fr": "quinze"},
            said.fifteen,
            ("hand.fifteen", "play.fifteen"),
        ),
        KindWords(
            Kind.TWENTY_FIVE,
            {"en": "twenty-five", "fr": "vingt-cinq"},
            {"en": "twenty-fives", "fr": "les vingt-cinq"},
            {"en": "twenty-five", "fr": "vingt-cinq"},
            said.twenty_five,
            ("hand.twenty_five", "play.twenty_five"),
        ),
        KindWords(
            Kind.THIRTY_ONE,
            {"en": "thirty-one", "fr": "trente-et-un"},
            {"en": "thirty-ones", "fr": "les trente-et-un"},
            {"en": "thirty-one", "fr": "trente-et-un"},
            said.thirty_one,
            ("play.thirty_one", "play.thirty_one_extra", "play.series", "hand.thirty_one"),
        ),
        KindWords(
            Kind.PAIR,
            {"en": "a pair", "fr": "une paire"},
            {"en": "pairs", "fr": "les paires"},
            {"en": "pair", "fr": "paire"},
            said.alike(2),
            ("combinations.pairs", "combinations.pairs_by"),
        ),
        KindWords(
            Kind.PAIR_ROYAL,
            {"en": "a pair royal", "fr": "une paire royale"},
            {"en": "pairs royal", "fr": "les paires royales"},
            {"en": "pair royal", "fr": "paire royale"},
            said.alike(3),
            ("combinations.pairs", "combinations.pairs_by"),
        ),
        KindWords(
            Kind.DOUBLE_PAIR_ROYAL,
            {"en": "a double pair royal", "fr": "une double paire royale"},
            {"en": "double pairs royal", "fr": "les doubles paires royales"},
            {"en": "double pair royal", "fr": "double paire royale"},
            said.alike(4),
            ("combinations.pairs", "combinations.pairs_by"),
        ),
        KindWords(
            Kind.PAIRS,
            {"en": "{n} alike", "fr": "{n} cartes pareilles"},
            {"en": "five alike or more", "fr": "cinq cartes pareilles ou plus"},
            {"en": "five alike", "fr": "cinq pareilles"},
            said.many_alike,
            ("combinations.pairs", "combinations.pairs_by"),
        ),
        KindWords(
            Kind.RUN,
            {"en": "a run of {n}", "fr": "une suite de {n}"},
            {"en": "runs", "fr": "les suites"},
            {"en": "run (sequence)", "fr": "suite (séquence)"},
            said.run,
            ("combinations.run_values", "combinations.ace"),
        ),
        KindWords(
            Kind.FLUSH,
            {"en": "a flush of {n}", "fr": "une couleur de {n}"},
            {"en": "flushes", "fr": "les couleurs"},
            {"en": "flush", "fr": "couleur"},
            said.flush,
            ("hand.flush", "hand.flush_three_of_four", "crib.flush", "play.flush"),
        ),
        KindWords(
            Kind.KNAVE,
            {},
            {"en": "the Knave", "fr": "le valet (Noddy)"},
            {"en": "{name}", "fr": "{name}"},
            said.knave,
            ("hand.knave", "hand.knave_when", "hand.when", "turnup.jack_also_in_hand"),
        ),
        KindWords(
            Kind.SPECIAL,
            {},
            {"en": "named cards", "fr": "les cartes nommées"},
            {"en": "named cards", "fr": "cartes nommées"},
            said.special,
            ("special_cards.cards", "special_cards.scored_in", "special_cards.turnup_counts"),
        ),
        KindWords(
            Kind.LAST_CARD,
            {"en": "one for last", "fr": "la dernière carte"},
            {"en": "the last card", "fr": "la dernière carte"},
            {"en": "go", "fr": "go"},
            said.last_card,
            ("play.last_card", "play.after_go", "play.series", "play.must_play", "play.go_round"),
        ),
        KindWords(
            Kind.TURNED_JACK,
            {},
            {"en": "the Jack turned up", "fr": "le valet retourné"},
            {"en": "{name}", "fr": "{name}"},
            said.turned_jack,
            ("turnup.jack_points", "turnup.jack_to", "turnup.jack_when"),
        ),
    )
}
"""The words of every kind, keyed by the kind (a plain string finds it too)."""


def glossary_entry(kind: Kind | str, rules: Rules, lang: str = "en", name: str = "") -> tuple[str, str]:
    """A kind's glossary entry under ``rules``: its term (``name``: the rules' own name for it, where
    the term is that name) and its sentence, in ``lang``."""
    words = KIND_WORDS[Kind(kind)]
    return words.terms[lang].format(name=name), words.sentence(rules, lang)
