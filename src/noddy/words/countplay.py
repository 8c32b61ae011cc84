"""The words of counting it yourself at a real game (the question, the miss, the tally) and of the
glossary of a table's terms, in English and French. The verdict and the steps are the trainer's
(`train_phrase`, `steps`): one place for each phrase.

>>> tally_line(7, 5, 1)
'You counted 5 of 7 counts right (1 skipped).'
>>> miss_line(8, 12)
'4 short: each item is below, so you can see which you missed.'
"""

from __future__ import annotations

from noddy.words.calls import check_language, fill_phrase

__all__ = [
    "COUNTPLAY_PHRASES",
    "GLOSSARY",
    "countplay_page_phrases",
    "countplay_phrase",
    "glossary_text",
    "miss_line",
    "tally_line",
]

COUNTPLAY_PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "ask.hand": "Count it yourself: how many points does your hand make? (a number; Enter to skip): ",
        "ask.crib": "Count it yourself: how many points does your crib make? (a number; Enter to skip): ",
        "ask.announcement": "Count it yourself: what does your hand announce? (a number; Enter to skip): ",
        "help": (
            "Type the whole count as a number (0 if nothing scores) and press Enter; Enter alone skips."
            " It is practice only: the true count is pegged whatever you answer."
        ),
        "skipped": "Skipped: here is the count.",
        "short": "{n} short: each item is below, so you can see which you missed.",
        "over": "{n} too many: each item is below, so you can see what does not score.",
        "tally": "You counted {right} of {asked} counts right.",
        "tally_skipped": "You counted {right} of {asked} counts right ({skipped} skipped).",
        "muggins_note": (
            "Count it yourself asks nothing extra here: these rules play muggins, so your own declared"
            " count is the check (type it at the prompt) and an opponent may claim what you miss."
        ),
        "glossary": "Words at this table",
        "glossary_heading": "Words at this table:",
        "glossary_entry": "{term}: {sentence}",
        "toggle": "Count it yourself",
        "toggle_note": (
            "Practice: you are asked your own counts before they are shown; the true count is pegged."
        ),
        "check": "Check",
        "skip": "Skip",
        "close": "Close",
        "not_number": "“{text}” is not a number of points: type a whole number such as 6, or Skip.",
    },
    "fr": {
        "ask.hand": (
            "Comptez vous-même : combien de points fait votre main ? (un nombre ; Entrée pour passer) : "
        ),
        "ask.crib": (
            "Comptez vous-même : combien de points fait votre crib ? (un nombre ; Entrée pour passer) : "
        ),
        "ask.announcement": "Comptez vous-même : qu'annonce votre main ? (un nombre ; Entrée pour passer) : ",
        "help": (
            "Tapez le compte entier en nombre (0 si rien ne marque) puis Entrée ; Entrée seule passe."
            " C'est un exercice : le vrai compte est marqué quelle que soit votre réponse."
        ),
        "skipped": "Passé : voici le compte.",
        "short": "{n} de moins : chaque combinaison est ci-dessous, pour voir laquelle vous avez oubliée.",
        "over": "{n} de trop : chaque combinaison est ci-dessous, pour voir ce qui ne marque pas.",
        "tally": "Vous avez compté juste {right} fois sur {asked}.",
        "tally_skipped": "Vous avez compté juste {right} fois sur {asked} ({skipped} passé(s)).",
        "muggins_note": (
            "Comptez vous-même ne demande rien de plus ici : ces règles jouent le muggins, votre compte"
            " annoncé est donc la vérification (tapez-le à l'invite) et un adversaire peut prendre ce que"
            " vous oubliez."
        ),
        "glossary": "Les mots de cette table",
        "glossary_heading": "Les mots de cette table :",
        "glossary_entry": "{term} : {sentence}",
        "toggle": "Comptez vous-même",
        "toggle_note": "Exercice : on vous demande vos propres comptes avant de les montrer ; le vrai compte"
        " est marqué.",
        "check": "Vérifier",
        "skip": "Passer",
        "close": "Fermer",
        "not_number": "« {text} » n'est pas un nombre de points : tapez un nombre entier comme 6, ou Passer.",
    },
}
"""Counting it yourself at a game: the question (by what is counted), the miss, the tally."""

GLOSSARY: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "fifteen": ("fifteen", "Cards whose values add up to 15 (court cards count 10, the Ace 1) score."),
        "twenty_five": ("twenty-five", "Cards whose values add up to 25 score."),
        "thirty_one": (
            "thirty-one",
            "In the play the count never goes past 31; the card that makes exactly"
            " 31 scores, and the count starts again.",
        ),
        "thirty_one_hand": ("thirty-one in the hand", "Cards of the hand whose values add up to 31 score."),
        "pair": ("pair", "Two cards of the same rank (two 7s) score."),
        "pair_royal": ("pair royal", "Three cards of the same rank: three pairs."),
        "double_pair_royal": ("double pair royal", "Four cards of the same rank: six pairs."),
        "pairs": ("five alike", "Five or more cards of the same rank (with a turn-up of that rank too)."),
        "run": (
            "run (sequence)",
            "Three or more cards in rank order (4 5 6), whatever their suits: a point a card.",
        ),
        "flush": ("flush", "Every card of the hand in one suit: a point a card."),
        "knave": ("{knave}", "Holding the Jack of the turn-up's suit scores."),
        "turned_jack": ("{turned_jack}", "A Jack turned up scores for {receiver}."),
        "special": ("named cards", "Some cards have names of their own and score when held."),
        "go": ("go", "Said when you cannot lay a card without passing 31; the last card laid scores 1."),
        "crib.dealer": (
            "crib",
            "The cards everyone lays away make an extra hand that scores for the dealer.",
        ),
        "crib.own": (
            "crib",
            "The cards you lay away make an extra hand of your own, counted with the turn-up.",
        ),
        "turnup": ("turn-up (starter)", "The card turned face up from the pack: it counts with every hand."),
        "show": ("the show", "After the play each hand is laid face up and counted with the turn-up."),
        "announcement": (
            "announcement",
            "Before the play each player says what the hand scores, keeping the cards hidden.",
        ),
        "muggins": (
            "muggins",
            "When someone counts too few points, an opponent may call muggins and take the points missed.",
        ),
    },
    "fr": {
        "fifteen": ("quinze", "Des cartes dont les valeurs font 15 (figures 10, l'as 1) marquent."),
        "twenty_five": ("vingt-cinq", "Des cartes dont les valeurs font 25 marquent."),
        "thirty_one": (
            "trente-et-un",
            "Pendant le jeu le compte ne dépasse jamais 31 ; la carte qui fait"
            " 31 juste marque, et le compte repart.",
        ),
        "thirty_one_hand": (
            "trente-et-un en main",
            "Des cartes de la main dont les valeurs font 31 marquent.",
        ),
        "pair": ("paire", "Deux cartes de même rang (deux 7) marquent."),
        "pair_royal": ("paire royale", "Trois cartes de même rang : trois paires."),
        "double_pair_royal": ("double paire royale", "Quatre cartes de même rang : six paires."),
        "pairs": ("cinq pareilles", "Cinq cartes ou plus de même rang (avec une retournée de ce rang)."),
        "run": (
            "suite (séquence)",
            "Trois cartes ou plus qui se suivent (4 5 6), quelle que soit leur couleur : un point par carte.",
        ),
        "flush": ("couleur", "Toutes les cartes de la main dans une même couleur : un point par carte."),
        "knave": ("{knave}", "Tenir le valet de la couleur de la retournée marque."),
        "turned_jack": ("{turned_jack}", "Un valet retourné marque pour {receiver}."),
        "special": ("cartes nommées", "Certaines cartes ont un nom à elles et marquent quand on les tient."),
        "go": (
            "go",
            "Se dit quand on ne peut poser aucune carte sans dépasser 31 ; la dernière carte posée marque 1.",
        ),
        "crib.dealer": (
            "crib",
            "Les cartes écartées par tous font une main de plus, qui marque pour le donneur.",
        ),
        "crib.own": (
            "crib",
            "Les cartes que vous écartez font une main de plus à vous, comptée avec la retournée.",
        ),
        "turnup": ("retournée", "La carte retournée du paquet : elle compte avec chaque main."),
        "show": (
            "l'étalage",
            "Après le jeu chaque main est posée face visible et comptée avec la retournée.",
        ),
        "announcement": (
            "annonce",
            "Avant le jeu chacun dit ce que sa main marque, sans montrer ses cartes.",
        ),
        "muggins": (
            "muggins",
            "Quand quelqu'un compte trop peu, un adversaire peut dire muggins et prendre les points oubliés.",
        ),
    },
}
"""One plain sentence a term, per language; which terms a table shows is found from its rules
(`noddy.learn.glossary`). ``{knave}`` and ``{turned_jack}`` are the rule set's own names,
``{receiver}`` who a turned Jack scores for (`jack_receiver_name`)."""


def countplay_page_phrases(lang: str = "en") -> dict[str, str]:
    """The table page's words for counting it yourself and its glossary, as the pages' phrase table
    holds them (``countplay.check``)."""
    check_language(lang)
    return {f"countplay.{key}": text for key, text in COUNTPLAY_PHRASES[lang].items()}


def countplay_phrase(key: str, lang: str = "en", **values: object) -> str:
    """A phrase of counting it yourself in ``lang`` with its values filled in."""
    return fill_phrase(COUNTPLAY_PHRASES, key, lang, values)


def miss_line(given: int, total: int, lang: str = "en") -> str:
    """What a wrong count was off by, in words ("4 short: ..."), or ``""`` for a right one."""
    if given == total:
        return ""
    key = "short" if given < total else "over"
    return countplay_phrase(key, lang, n=abs(total - given))


def tally_line(asked: int, right: int, skipped: int, lang: str = "en") -> str:
    """The tally at a game's end: "You counted 5 of 7 counts right (1 skipped)."."""
    key = "tally_skipped" if skipped else "tally"
    return countplay_phrase(key, lang, asked=asked, right=right, skipped=skipped)


def glossary_text(term: str, lang: str = "en", **names: str) -> tuple[str, str]:
    """A glossary entry (the term, its sentence) in ``lang``, the rule set's own names filled in."""
    check_language(lang)
    name, sentence = GLOSSARY[lang][term]
    return name.format(**names), sentence.format(**names)
