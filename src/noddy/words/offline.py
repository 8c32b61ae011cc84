"""The words of the pages that work with no network (noddy's engine in the browser,
`noddy.offline`): the offline home, which starts a game against the computer, says which levels play
there and why ``hard`` does not, and links the trainer and the rules kept for use offline."""

from __future__ import annotations

from noddy.words.calls import check_language

__all__ = ["OFFLINE_PAGE", "offline_page_phrases"]

OFFLINE_PAGE: dict[str, dict[str, str]] = {
    "en": {
        "offline.title": "Noddy with no network",
        "offline.intro": (
            "This page, a game against the computer, the trainer and the rules work after one visit with a"
            " network: the engine runs in this browser."
        ),
        "offline.starting": "Starting the engine in this browser…",
        "offline.ready": "The engine is ready.",
        "offline.failed": "The engine did not start in this browser: {why}",
        "offline.play": "Play against the computer",
        "offline.rules": "Rule set",
        "offline.level": "Computer",
        "offline.start": "Start the game",
        "offline.levels": (
            "With no network the computer plays at {levels}. It does not play at {hard} here: that level"
            " samples the hidden cards and searches with numpy, and weighs its choices by the board tables,"
            " which this browser's Python does not have."
        ),
        "offline.trainer": "The counting trainer",
        "offline.rules_pages": "The rules of each rule set",
        "offline.and": "and",
    },
    "fr": {
        "offline.title": "Noddy sans réseau",
        "offline.intro": (
            "Cette page, une partie contre l’ordinateur, l’entraîneur et les règles marchent après une visite"
            " avec un réseau : le moteur tourne dans ce navigateur."
        ),
        "offline.starting": "Démarrage du moteur dans ce navigateur…",
        "offline.ready": "Le moteur est prêt.",
        "offline.failed": "Le moteur n’a pas démarré dans ce navigateur : {why}",
        "offline.play": "Jouer contre l’ordinateur",
        "offline.rules": "Règles",
        "offline.level": "Ordinateur",
        "offline.start": "Commencer la partie",
        "offline.levels": (
            "Sans réseau, l’ordinateur joue aux niveaux {levels}. Il ne joue pas au niveau {hard} ici : ce"
            " niveau tire les cartes cachées et cherche avec numpy, et pèse ses choix par les tables du"
            " tableau de marque, que le Python de ce navigateur n’a pas."
        ),
        "offline.trainer": "L’entraîneur au compte",
        "offline.rules_pages": "Les règles de chaque jeu",
        "offline.and": "et",
    },
}
"""The offline pages' phrases, per language."""


def offline_page_phrases(lang: str = "en") -> dict[str, str]:
    """The offline pages' phrases in ``lang``."""
    check_language(lang)
    return dict(OFFLINE_PAGE[lang])
