"""The words of counting it yourself at a real game (the question, the miss, the tally), and the
glossary's headings (its terms are `noddy.words.glossary`'s), in English and French. The verdict and
the steps are the trainer's (`train_phrase`, `steps`): one place for each phrase.

>>> tally_line(7, 5, 1)
'You counted 5 of 7 counts right (1 skipped).'
>>> miss_line(8, 12)
'4 short: each item is below, so you can see which you missed.'
"""

from __future__ import annotations

from noddy.words.calls import check_language, fill_phrase

__all__ = [
    "COUNTPLAY_PHRASES",
    "countplay_page_phrases",
    "countplay_phrase",
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
