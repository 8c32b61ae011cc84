"""The glossary of a table's terms: the score kinds its hands and play can make (each kind's own
record, `noddy.words.kinds`), then how its deal goes (go and 31, the crib, the turn-up, the show or
the announcement, muggins), every sentence said from the rule set's values, in English and French.

>>> from noddy.rules import load_rules
>>> dict(glossary(load_rules("willughby"), ("fifteen",)))["go"]
'Said when you cannot lay a card without passing 31; the play ends at once, and the last card laid scores 1.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from noddy.rules import Rules
from noddy.scoring import KINDS, Kind
from noddy.words.calls import check_language, kind_term
from noddy.words.kinds import KIND_WORDS
from noddy.words.sentences import Sentence

__all__ = ["DEAL_TERMS", "DealTerm", "glossary"]


@dataclass(frozen=True, slots=True)
class DealTerm:
    """A term of how a deal goes (not a score kind): its words per language, its sentence from the
    rules, the rules fields the sentence speaks of, and whether a rule set has it at all."""

    key: str
    terms: dict[str, str]
    sentence: Sentence
    fields: tuple[str, ...]
    present: Callable[[Rules], bool]


def _crib(rules: Rules, lang: str) -> str:
    after = rules.crib.when == "after_play"
    if lang == "en":
        when = "after the play" if after else "before the play"
        if rules.crib.kind == "own":
            return f"The cards you lay away make an extra hand of your own, counted {when} with the turn-up."
        return f"The cards everyone lays away make an extra hand that scores for the dealer, counted {when}."
    when = "après le jeu" if after else "avant le jeu"
    if rules.crib.kind == "own":
        return f"Les cartes que vous écartez font une main de plus à vous, comptée {when} avec la retournée."
    return f"Les cartes écartées par tous font une main de plus, qui marque pour le donneur, comptée {when}."


def _turnup(rules: Rules, lang: str) -> str:
    crib = rules.crib.kind != "none"
    before = rules.turnup.when == "before_lay_away"
    if lang == "en":
        when = " before the cards are laid away" if before else " once the cards are laid away"
        when = when if crib else ""
        return f"The card turned face up from the pack{when}: it counts with every hand."
    when = (" avant l'écart" if before else " après l'écart") if crib else ""
    return f"La carte retournée du paquet{when} : elle compte avec chaque main."


_ORDER = {
    "en": {"elder_first": "from the elder hand round to the dealer", "dealer_first": "the dealer first"},
    "fr": {"elder_first": "de la main aînée jusqu'au donneur", "dealer_first": "le donneur d'abord"},
}


def _show(rules: Rules, lang: str) -> str:
    order = _ORDER[lang][rules.hand.order]
    if lang == "en":
        return f"After the play each hand is laid face up and counted with the turn-up, {order}."
    return f"Après le jeu chaque main est posée face visible et comptée avec la retournée, {order}."


def _announcement(rules: Rules, lang: str) -> str:
    order = _ORDER[lang][rules.hand.order]
    if lang == "en":
        return f"Before the play each player says what the hand scores, keeping the cards hidden, {order}."
    return f"Avant le jeu chacun dit ce que sa main marque, sans montrer ses cartes, {order}."


def _muggins(rules: Rules, lang: str) -> str:
    if lang == "en":
        return "When someone counts too few points, an opponent may call muggins and take the points missed."
    return "Quand quelqu'un compte trop peu, un adversaire peut dire muggins et prendre les points oubliés."


DEAL_TERMS: tuple[DealTerm, ...] = (
    DealTerm(
        "crib",
        {"en": "crib", "fr": "crib"},
        _crib,
        ("crib.kind", "crib.when"),
        lambda rules: rules.crib.kind != "none",
    ),
    DealTerm(
        "turnup",
        {"en": "turn-up (starter)", "fr": "retournée"},
        _turnup,
        ("turnup.when",),
        lambda rules: True,
    ),
    DealTerm(
        "show",
        {"en": "the show", "fr": "l'étalage"},
        _show,
        ("hand.order",),
        lambda rules: rules.hand.when == "after_play",
    ),
    DealTerm(
        "announcement",
        {"en": "announcement", "fr": "annonce"},
        _announcement,
        ("hand.order",),
        lambda rules: rules.hand.when == "before_play",
    ),
    DealTerm(
        "muggins",
        {"en": "muggins", "fr": "muggins"},
        _muggins,
        (),
        lambda rules: rules.hand.wrong_count == "muggins",
    ),
)
"""The terms of how a deal goes, in the glossary's order, after the score kinds."""

_PLAY_TERMS = (Kind.LAST_CARD, Kind.THIRTY_ONE)
"""Every play has them (the Go and its last card, the count's limit of 31): said after the kinds
found, whatever the hands can score."""


def glossary(rules: Rules, kinds: Iterable[str], lang: str = "en") -> tuple[tuple[str, str], ...]:
    """The terms of a table under ``rules``, each with one plain sentence from the rules' values:
    ``kinds`` (the score kinds its hands and play can make), in the scorer's order, then go and 31,
    then how its deal goes, each only where the rules have it."""
    check_language(lang)
    found = set(kinds)
    entries = [
        (kind_term(kind, rules, lang), KIND_WORDS[kind].sentence(rules, lang))
        for kind in (*(k for k in KINDS if k in found and k not in _PLAY_TERMS), *_PLAY_TERMS)
    ]
    entries += [(t.terms[lang], t.sentence(rules, lang)) for t in DEAL_TERMS if t.present(rules)]
    return tuple(entries)
