"""The learners' words on the web pages (the discard advisor and the review), one table per
language, joined to the pages' own table by `noddy.words.page.page_phrases`."""

from __future__ import annotations

__all__ = ["LEARN_PAGE"]

LEARN_PAGE: dict[str, dict[str, str]] = {
    "en": {
        "lobby.hints": "Hints: the discard advisor (only with you against computers)",
        "lobby.advise": "what to lay away",
        "learn.hints_title": "Hints are on",
        "learn.hints_about": "This table allows the discard advisor: you play against computers only.",
        "learn.hints_ask": "What should I lay away?",
        "learn.crib_yours_note": "The crib is yours (+).",
        "learn.crib_theirs_note": "The crib is the dealer's (−).",
        "learn.keep": "keep",
        "learn.lay": "lay",
        "learn.hand": "hand",
        "learn.crib": "crib",
        "learn.total": "total",
        "learn.review_title": "Review a seat",
        "learn.review": "Review",
        "learn.review_seat": "the seat to review",
        "learn.reviewing": "Reviewing every decision… (a few seconds)",
        "learn.review_summary": (
            "{name}: {decisions} decisions, {mistakes} could have been better, {lost} points lost in all."
        ),
        "learn.review_how": (
            "Lay-aways in expected points; the play by a search of {worlds} worlds (a game"
            " won counts {win}, a game lost −{win})."
        ),
        "learn.no_mistakes": "No mistakes found: every choice was as good as the strong player's.",
        "learn.mistake": "Deal {deal}, move {move}: lost {loss}",
        "learn.of_game": " (about {percent}% of the game)",
        "learn.show": "show",
        "learn.position_hand": "hand {cards}",
        "learn.position_turnup": "turn-up {card}",
        "learn.position_pile": "pile {cards}, count {count}",
        "learn.crib_is_yours": "the crib is yours",
        "learn.crib_is_theirs": "the crib is theirs",
        "learn.scores": "scores {scores}",
        "learn.chosen": "Chosen: {chosen}; better: {best}.",
        "learn.chosen_mark": "← chosen",
        "learn.choice": "choice",
        "learn.measure.expected": "expected points",
        "learn.measure.search": "points (search)",
        "learn.measure.count": "points",
    },
    "fr": {
        "lobby.hints": "Conseils : le conseiller d’écart (seulement vous contre l’ordinateur)",
        "lobby.advise": "que mettre au crib",
        "learn.hints_title": "Conseils activés",
        "learn.hints_about": (
            "Cette table permet le conseiller d’écart : vous jouez seul contre l’ordinateur."
        ),
        "learn.hints_ask": "Que dois-je mettre au crib ?",
        "learn.crib_yours_note": "Le crib est à vous (+).",
        "learn.crib_theirs_note": "Le crib est au donneur (−).",
        "learn.keep": "garder",
        "learn.lay": "écart",
        "learn.hand": "main",
        "learn.crib": "crib",
        "learn.total": "total",
        "learn.review_title": "Revoir une place",
        "learn.review": "Revoir",
        "learn.review_seat": "la place à revoir",
        "learn.reviewing": "Examen de chaque décision… (quelques secondes)",
        "learn.review_summary": (
            "{name} : {decisions} décisions, {mistakes} auraient pu être meilleures, {lost}"
            " points perdus en tout."
        ),
        "learn.review_how": (
            "Écarts en points espérés ; le jeu par une recherche sur {worlds} mondes (une"
            " partie gagnée compte {win}, une partie perdue −{win})."
        ),
        "learn.no_mistakes": "Aucune erreur : chaque choix valait celui du joueur fort.",
        "learn.mistake": "Donne {deal}, coup {move} : {loss} perdus",
        "learn.of_game": " (environ {percent} % de la partie)",
        "learn.show": "voir",
        "learn.position_hand": "main {cards}",
        "learn.position_turnup": "retournée {card}",
        "learn.position_pile": "pile {cards}, compte {count}",
        "learn.crib_is_yours": "le crib est à vous",
        "learn.crib_is_theirs": "le crib est à l’adversaire",
        "learn.scores": "scores {scores}",
        "learn.chosen": "Choisi : {chosen} ; mieux : {best}.",
        "learn.chosen_mark": "← choisi",
        "learn.choice": "choix",
        "learn.measure.expected": "points espérés",
        "learn.measure.search": "points (recherche)",
        "learn.measure.count": "points",
    },
}
"""Each phrase of the learners' parts of the pages, by language (the same keys in each)."""
