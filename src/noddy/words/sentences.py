"""The glossary sentences of the score kinds, each said from the rule set's values in English and
French: a function of the rules fields its kind's record (`noddy.words.kinds`) names, never a text
true of one rule set only.

>>> from noddy.rules import load_rules
>>> points_words(load_rules("cribbage").hand.fifteen, "fr"), number_words(3, "en")
('2', 'three')
"""

from __future__ import annotations

from collections.abc import Callable

from noddy.cards import parse_card
from noddy.rules import Points, Rules
from noddy.words.card_names import card_text

__all__ = [
    "Sentence",
    "alike",
    "fifteen",
    "flush",
    "knave",
    "last_card",
    "many_alike",
    "number_words",
    "points_words",
    "run",
    "special",
    "thirty_one",
    "turned_jack",
    "twenty_five",
]

_NUMBERS = {
    "en": {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"},
    "fr": {3: "trois", 4: "quatre", 5: "cinq", 6: "six", 7: "sept", 8: "huit"},
}


def number_words(n: int, lang: str) -> str:
    """A count of cards in words ("three", "trois"), or its figures past eight."""
    return _NUMBERS[lang].get(n, str(n))


def points_words(points: Points | int, lang: str) -> str:
    """What a combination is worth, in words: "2", "1 point a card", "1 point par carte"."""
    if isinstance(points, Points) and points.per_card:
        return "1 point a card" if lang == "en" else "1 point par carte"
    return str(points.flat if isinstance(points, Points) else points)


Sentence = Callable[[Rules, str], str]
"""A glossary sentence: the rule set and the language in, the sentence out."""


def _sum(target: int, hand: Points, play: Points, lang: str) -> str:
    where = []
    if lang == "en":
        if hand.enabled:
            where.append(f"{points_words(hand, lang)} in a hand")
        if play.enabled:
            where.append(f"{points_words(play, lang)} when they make the play's count exactly {target}")
        said = " and ".join(where) or "nothing"
        return f"Cards whose values add up to {target} (court cards count 10, the Ace 1) score {said}."
    if hand.enabled:
        where.append(f"{points_words(hand, lang)} en main")
    if play.enabled:
        where.append(f"{points_words(play, lang)} quand elles font le compte du jeu à {target} juste")
    said = " et ".join(where) or "rien"
    return f"Des cartes dont les valeurs font {target} (figures 10, l'as 1) marquent {said}."


def fifteen(rules: Rules, lang: str) -> str:
    """The fifteen: its points in a hand and in the play (``hand.fifteen``, ``play.fifteen``)."""
    return _sum(15, rules.hand.fifteen, rules.play.fifteen, lang)


def twenty_five(rules: Rules, lang: str) -> str:
    """The twenty-five: its points in a hand and in the play (``hand.twenty_five``, ``play.twenty_five``)."""
    return _sum(25, rules.hand.twenty_five, rules.play.twenty_five, lang)


def thirty_one(rules: Rules, lang: str) -> str:
    """Thirty-one: the play's limit, what making it scores, what follows (the series), a 31 in hand."""
    play = rules.play
    en = lang == "en"
    scores = points_words(play.thirty_one, lang)
    if play.thirty_one.enabled and play.thirty_one_extra:
        if play.thirty_one.per_card:
            scores += f" and {play.thirty_one_extra} more" if en else f" et {play.thirty_one_extra} de plus"
        else:
            scores = str(play.thirty_one.flat + play.thirty_one_extra)
    if not play.thirty_one.enabled:
        scores = "nothing" if en else "rien"
    if en:
        then = "the play ends" if play.series == "single" else "the count starts again from 0"
        said = (
            "In the play the count never goes past 31; the card that makes it exactly 31 scores"
            f" {scores}, and {then}."
        )
    else:
        then = "le jeu s'arrête" if play.series == "single" else "le compte repart de 0"
        said = (
            "Pendant le jeu le compte ne dépasse jamais 31 ; la carte qui fait 31 juste marque"
            f" {scores}, et {then}."
        )
    if rules.hand.thirty_one.enabled:
        hand = points_words(rules.hand.thirty_one, lang)
        said += (
            f" Cards of a hand whose values add up to 31 score {hand}."
            if en
            else f" Des cartes de la main dont les valeurs font 31 marquent {hand}."
        )
    return said


_GO = {
    "en": {
        "must": "Said when you cannot lay a card without passing 31; ",
        "may": (
            "Said when you cannot, or will not, lay a card (you need not play one that fits, but a count"
            " starts with a card: never at 0); "
        ),
        "end": "the play ends at once, and the last card laid scores {points}.",
        "continue": "the others lay on while they can, the last card laid scores {points}, and {then}.",
        "next_only": (
            " With three or more, if the next player cannot lay a card either, the series ends there."
        ),
        "single": "the play ends",
        "reset": "the count starts again from 0",
        "nothing": "nothing",
    },
    "fr": {
        "must": "Se dit quand on ne peut poser aucune carte sans dépasser 31 ; ",
        "may": (
            "Se dit quand on ne peut ou ne veut poser aucune carte (on n'est pas tenu de jouer, mais un"
            " compte commence par une carte : jamais à 0) ; "
        ),
        "end": "le jeu s'arrête aussitôt, et la dernière carte posée marque {points}.",
        "continue": (
            "les autres posent tant qu'ils peuvent, la dernière carte posée marque {points}, et {then}."
        ),
        "next_only": (
            " À trois ou plus, si le joueur suivant ne peut pas poser non plus, la série s'arrête là."
        ),
        "single": "le jeu s'arrête",
        "reset": "le compte repart de 0",
        "nothing": "rien",
    },
}


def last_card(rules: Rules, lang: str) -> str:
    """The Go: whether one may say it holding a card that fits (``play.must_play``), what follows it
    (``play.after_go``, ``play.series``, ``play.go_round`` where three or more may play) and the last
    card's point."""
    play, words = rules.play, _GO[lang]
    points = str(play.last_card) if play.last_card else words["nothing"]
    said = words["must" if play.must_play else "may"]
    said += words[play.after_go].format(points=points, then=words[play.series])
    if play.after_go == "continue" and play.go_round == "next_only":
        said += words["next_only"]
    return said


_ALIKE = {
    "en": {
        "rank": (
            "Two cards of the same rank (two 7s)",
            "Three cards of the same rank",
            "Four cards of the same rank",
        ),
        "value": (
            "Two cards of the same counting value (two 7s, or a King and a Queen)",
            "Three cards of the same counting value",
            "Four cards of the same counting value",
        ),
    },
    "fr": {
        "rank": (
            "Deux cartes de même rang (deux 7)",
            "Trois cartes de même rang",
            "Quatre cartes de même rang",
        ),
        "value": (
            "Deux cartes de même valeur (deux 7, ou un roi et une dame)",
            "Trois cartes de même valeur",
            "Quatre cartes de même valeur",
        ),
    },
}


def alike(size: int) -> Sentence:
    """The sentence of ``size`` alike cards (2, 3, 4): what makes them alike and their points."""

    def sentence(rules: Rules, lang: str) -> str:
        combos = rules.combinations
        who = _ALIKE[lang][combos.pairs_by][size - 2]
        points = combos.pairs[size - 2]
        if lang == "en":
            return f"{who} score {points}, in a hand or laid one after another in the play."
        return f"{who} marquent {points}, en main ou posées l'une après l'autre au jeu."

    return sentence


def many_alike(rules: Rules, lang: str) -> str:
    """Five or more alike: what makes them alike and the points of each pair among them."""
    combos = rules.combinations
    by = "rank" if combos.pairs_by == "rank" else "counting value"
    if lang == "en":
        return f"Five or more cards of the same {by} score {combos.pairs[0]} for each pair among them."
    by = "rang" if combos.pairs_by == "rank" else "valeur"
    return f"Cinq cartes ou plus de même {by} marquent {combos.pairs[0]} pour chaque paire parmi elles."


_ACE = {
    "en": {
        "low": "the Ace is low only (A 2 3, not Q K A)",
        "high_or_low": "the Ace is low or high (A 2 3 and Q K A, not K A 2)",
        "around": "a run may turn the corner (K A 2)",
    },
    "fr": {
        "low": "l'as est bas seulement (As 2 3, pas D R As)",
        "high_or_low": "l'as est bas ou haut (As 2 3 et D R As, pas R As 2)",
        "around": "une suite peut tourner le coin (R As 2)",
    },
}


_RUN = {
    "en": (
        "Three or more cards in rank order (4 5 6), whatever their suits, in a hand or laid in any order"
        " in the play: {said}; {ace}.",
        "a run of {n} scores {p}",
        "of {n} {p}",
        ", a longer one {p}",
    ),
    "fr": (
        "Trois cartes ou plus qui se suivent (4 5 6), quelle que soit leur couleur, en main ou posées dans"
        " n'importe quel ordre au jeu : {said} ; {ace}.",
        "une suite de {n} marque {p}",
        "de {n} {p}",
        ", une plus longue {p}",
    ),
}


def run(rules: Rules, lang: str) -> str:
    """Runs: their points by length (``combinations.run_values``) and where the Ace stands."""
    combos = rules.combinations
    sentence, first, then, longer = _RUN[lang]
    per_card = points_words(Points(per_card=True), lang)
    values = sorted(combos.run_values)
    said = ", ".join(
        (then if i else first).format(n=number_words(n, lang), p=p) for i, (n, p) in enumerate(values)
    )
    said = said + longer.format(p=per_card) if said else per_card
    return sentence.format(said=said, ace=_ACE[lang][combos.ace])


_FLUSH = {
    "en": {
        "any": "three or more of {some} and the turn-up",
        "held": "{every} (three or more), and 1 more if the turn-up matches",
        "all": "{every} and the turn-up",
        "held_five": "{every} (three or more), the turn-up joining only to make five with four",
        "three_of_four": ", or three of four",
        "lead": "Cards of one suit score 1 point a card: ",
        "play": "in the play, three or more laid one after another",
        "none": "Cards of one suit score nothing",
        "and": "; ",
    },
    "fr": {
        "any": "trois ou plus {some} et de la retournée",
        "held": "{every} (trois ou plus), et 1 de plus si la retournée est de leur couleur",
        "all": "{every} et la retournée",
        "held_five": "{every} (trois ou plus), la retournée ne s'y joignant que pour faire cinq avec quatre",
        "three_of_four": ", ou trois sur quatre",
        "lead": "Des cartes d'une même couleur marquent 1 point par carte : ",
        "play": "au jeu, trois ou plus posées l'une après l'autre",
        "none": "Des cartes d'une même couleur ne marquent rien",
        "and": " ; ",
    },
}
_FLUSH_WHERE = {
    "en": {
        "hand": ("in a hand, ", "the held cards", "every held card"),
        "crib": ("in the crib, ", "the crib's cards", "every card of the crib"),
    },
    "fr": {
        "hand": ("en main, ", "des cartes tenues", "toutes les cartes tenues"),
        "crib": ("au crib, ", "des cartes du crib", "toutes les cartes du crib"),
    },
}
"""Where a flush is counted, and how its cards are said there: some of them, every one."""


def flush(rules: Rules, lang: str) -> str:
    """Flushes: which cards make one in a hand and in the crib (the readings), and in the play."""
    words = _FLUSH[lang]

    def reading(where: str, value: str) -> str:
        lead, some, every = _FLUSH_WHERE[lang][where]
        said = lead + words[value].format(some=some, every=every)
        if value == "held_five" and rules.hand.flush_three_of_four:
            said += words["three_of_four"]
        return said

    parts = []
    if rules.hand.flush != "off":
        parts.append(reading("hand", rules.hand.flush))
    if rules.crib.kind != "none" and rules.crib.flush != "off":
        parts.append(reading("crib", rules.crib.flush))
    if rules.play.flush:
        parts.append(words["play"])
    if not parts:
        return f"{words['none']}."
    return f"{words['lead']}{words['and'].join(parts)}."


def knave(rules: Rules, lang: str) -> str:
    """The Knave held: its points, when it is pegged, and whether a Jack turned up is it too."""
    hand = rules.hand
    en = lang == "en"
    points = hand.knave
    if hand.knave_when == "in_play":
        return (
            f"Laying the Jack of the turn-up's suit in the play scores {points}."
            if en
            else f"Poser au jeu le valet de la couleur de la retournée marque {points}."
        )
    if hand.knave_when == "at_start":
        when = (
            "pegged at once, before any hand is counted"
            if en
            else "aussitôt, avant qu'aucune main ne soit comptée"
        )
    elif hand.when == "before_play":
        when = "in its holder's announcement" if en else "dans l'annonce de celui qui le tient"
    else:
        when = "with its holder's hand" if en else "avec la main de celui qui le tient"
    said = (
        f"Holding the Jack of the turn-up's suit scores {points}, {when}."
        if en
        else f"Tenir le valet de la couleur de la retournée marque {points}, {when}."
    )
    if rules.turnup.jack_also_in_hand:
        said += (
            " A Jack turned up also counts as this Knave in every hand."
            if en
            else " Un valet retourné compte aussi comme ce valet dans chaque main."
        )
    return said


def turned_jack(rules: Rules, lang: str) -> str:
    """A Jack turned up: its points, who receives them and when."""
    from noddy.words.phrases import jack_receiver_name  # the phrases import the calls, which import these

    turnup = rules.turnup
    who = jack_receiver_name(rules, lang)
    if lang == "en":
        at_turn = turnup.jack_when == "at_turn"
        when = "at once, when it is turned" if at_turn else "inside its receiver's own count"
        return f"A Jack turned up scores {turnup.jack_points} for {who}, {when}."
    when = "aussitôt retourné" if turnup.jack_when == "at_turn" else "dans le compte de celui qui le reçoit"
    return f"Un valet retourné marque {turnup.jack_points} pour {who}, {when}."


_SPECIAL_WHERE = {
    "en": {
        "hand": "when held in a hand",
        "play": "when laid in the play",
        "both": "in a hand and in the play",
    },
    "fr": {"hand": "tenues en main", "play": "posées au jeu", "both": "en main et au jeu"},
}


def special(rules: Rules, lang: str) -> str:
    """Named cards: each with its points, where they score, and whether a turned-up one counts."""
    from noddy.words.calls import card_name  # the calls import this module

    named = rules.special_cards
    cards = []
    for text, points in named.cards:
        card = parse_card(text)
        name = card_name(card, lang)
        shown = card_text(card, lang)
        cards.append(f"{name} ({shown}) {points}" if name != shown else f"{shown} {points}")
    where = _SPECIAL_WHERE[lang][named.scored_in]
    listed = ", ".join(cards)
    turnup = named.turnup_counts and named.scored_in != "play"
    if lang == "en":
        also = ", and a named card turned up scores in every hand" if turnup else ""
        return f"Some cards have names of their own and score on their own {where}: {listed}{also}."
    also = ", et une carte nommée retournée marque dans chaque main" if turnup else ""
    return f"Certaines cartes ont un nom à elles et marquent seules {where} : {listed}{also}."
