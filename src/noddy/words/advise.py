"""The discard advisor's words, one table per language: its page (``/advise``), the hints at a table,
its refusals and what it says of a ranking by the chance of winning; the pages have them through
`noddy.words.page.page_phrases`, the terminal's ``noddy advise`` through `advise_phrase`."""

from __future__ import annotations

from noddy.words.calls import fill_phrase

__all__ = ["ADVISE_PAGE", "advise_phrase"]

ADVISE_PAGE: dict[str, dict[str, str]] = {
    "en": {
        "lobby.hints": "Hints: the discard advisor (only with you against computers)",
        "lobby.advise": "what to lay away",
        "advise.doc": "Noddy — what to lay away",
        "advise.tagline": "What to lay away: the discard advisor",
        "advise.title": "What to lay away",
        "advise.intro": (
            "Type the cards you were dealt. Each way to lay away is shown with the points you can expect in"
            " your hand, in the crib, and in all for your side, best first: every turn-up and every card"
            " the others could put in the crib is counted once."
        ),
        "advise.cards": "Your cards",
        "advise.help": "Rank then suit: A 2–10 J Q K and c d h s, e.g. 5h 10d Js.",
        "advise.dealer": "I deal (the crib is mine)",
        "advise.model": "The others' cards",
        "advise.submit": "Advise me",
        "advise.model_page": "The others' cards: {words}.",
        "advise.error.model": "unknown model {model}: use one of {models}",
        "advise.error.rules": "unknown rule set {rules}: choose one of {names}",
        "advise.error.no_lay_away": (
            "{rules} has no laying away with {players} players, so there is nothing to advise; rule sets"
            " that lay away: {presets}"
        ),
        "advise.error.size": (
            "{rules} with {players} players deals {dealt} cards to lay {discard} away from; {n} card{s} given"
            " ({cards})"
        ),
        "advise.error.greedy_players": (
            "the greedy model is for two players, not {players}; use --model uniform"
        ),
        "advise.model.uniform": (
            "the turn-up and the others' crib cards are any unseen cards, each case counted once"
        ),
        "advise.model.greedy": (
            "the opponent lays away by greedy's rule, from a sample of its possible hands"
        ),
        "advise.win.column": "to win",
        "advise.win.percent": "{n}%",
        "advise.score": "The score (optional)",
        "advise.score_help": (
            "Each side's points, yours first, e.g. 112-98: the lay-aways are then ranked by the chance of"
            " winning the game. Empty: by the points."
        ),
        "advise.win.now": (
            "At {score} ({dealing}) your side's chance of winning is {chance} before this deal."
        ),
        "advise.win.dealing.you": "you deal",
        "advise.win.dealing.them": "they deal",
        "advise.win.ranked": "Ranked by the chance of winning the game; the points beside it.",
        "advise.win.agree": "At {score} the most points is also the best chance of winning: {chance}.",
        "advise.win.close": (
            "At {score} none wins clearly more often than the most points ({chance}; the best {best},"
            " within what the deals sampled can tell): take the points."
        ),
        "advise.win.offence": (
            "Keep {keep}, not {other}: at {score} you need points now ({chance} to win, against"
            " {other_chance})."
        ),
        "advise.win.defence": (
            "Lay away {lay}, not {other_lay}: at {score} keeping the dealer's crib down matters more than"
            " your own points ({chance} to win, against {other_chance})."
        ),
        "advise.win.other": (
            "Keep {keep}, not {other}: at {score} it wins more often ({chance} against {other_chance}),"
            " though {other} makes more points on average."
        ),
        "advise.error.score": (
            "--score {score}: give each side's points from yours, one number a side, e.g. 112-98"
            " ({sides} sides, each from 0 to {top})"
        ),
        "advise.error.no_board": "the chance of winning needs the compiled kernel: {why}",
        "advise.hints_title": "Hints are on",
        "advise.hints_about": "This table allows the discard advisor: you play against computers only.",
        "advise.hints_ask": "What should I lay away?",
        "advise.crib_yours_note": "The crib is yours (+).",
        "advise.crib_theirs_note": "The crib is the dealer's (−).",
        "advise.keep": "keep",
        "advise.lay": "lay",
        "advise.hand": "hand",
        "advise.crib": "crib",
        "advise.total": "total",
    },
    "fr": {
        "lobby.hints": "Conseils : le conseiller d’écart (seulement vous contre l’ordinateur)",
        "lobby.advise": "que mettre au crib",
        "advise.doc": "Noddy — que mettre au crib",
        "advise.tagline": "Que mettre au crib : le conseiller d’écart",
        "advise.title": "Que mettre au crib",
        "advise.intro": (
            "Tapez les cartes reçues. Chaque écart possible est montré avec les points que vous pouvez"
            " espérer en main, au crib et en tout pour votre camp, le meilleur d’abord : chaque retournée et"
            " chaque carte que les autres pourraient mettre au crib est comptée une fois."
        ),
        "advise.cards": "Vos cartes",
        "advise.help": (
            "Le rang puis la couleur : As 2–10 V D R (ou A J Q K) et c d h s (trèfle, carreau, cœur, pique),"
            " par ex. 5h 10d Vs."
        ),
        "advise.dealer": "Je donne (le crib est à moi)",
        "advise.model": "Les cartes des autres",
        "advise.submit": "Conseillez-moi",
        "advise.model_page": "Les cartes des autres : {words}.",
        "advise.error.model": "modèle inconnu {model} : choisissez parmi {models}",
        "advise.error.rules": "règles inconnues {rules} : choisissez parmi {names}",
        "advise.error.no_lay_away": (
            "{rules} ne fait rien écarter à {players} joueurs : il n’y a rien à conseiller ; les jeux où"
            " l’on écarte : {presets}"
        ),
        "advise.error.size": (
            "{rules} à {players} joueurs donne {dealt} cartes, dont on écarte {discard} ; {n} donnée{s}"
            " ({cards})"
        ),
        "advise.error.greedy_players": (
            "le modèle greedy est pour deux joueurs, pas {players} ; prenez --model uniform"
        ),
        "advise.model.uniform": (
            "la retournée et les cartes des autres au crib sont des cartes inconnues quelconques, chaque"
            " cas compté une fois"
        ),
        "advise.model.greedy": (
            "l’adversaire écarte selon la règle de greedy, sur un échantillon de ses mains possibles"
        ),
        "advise.win.column": "pour gagner",
        "advise.win.percent": "{n}\u00a0%",
        "advise.score": "Le score (facultatif)",
        "advise.score_help": (
            "Les points de chaque camp, les vôtres d’abord, par ex. 112-98 : les écarts sont alors classés"
            " par la chance de gagner la partie. Vide : par les points."
        ),
        "advise.win.now": (
            "À {score} ({dealing}), votre camp a {chance} de chances de gagner avant cette donne."
        ),
        "advise.win.dealing.you": "vous donnez",
        "advise.win.dealing.them": "l’adversaire donne",
        "advise.win.ranked": "Classé par la chance de gagner la partie ; les points à côté.",
        "advise.win.agree": (
            "À {score}, le plus de points est aussi la meilleure chance de gagner : {chance}."
        ),
        "advise.win.close": (
            "À {score}, aucun écart ne gagne nettement plus souvent que le plus de points ({chance} ; le"
            " meilleur {best}, dans ce que les donnes tirées peuvent dire) : prenez les points."
        ),
        "advise.win.offence": (
            "Gardez {keep}, pas {other} : à {score}, il vous faut des points maintenant ({chance} de"
            " gagner, contre {other_chance})."
        ),
        "advise.win.defence": (
            "Écartez {lay}, pas {other_lay} : à {score}, tenir bas le crib du donneur compte plus que vos"
            " propres points ({chance} de gagner, contre {other_chance})."
        ),
        "advise.win.other": (
            "Gardez {keep}, pas {other} : à {score}, cela gagne plus souvent ({chance} contre"
            " {other_chance}), même si {other} fait plus de points en moyenne."
        ),
        "advise.error.score": (
            "--score {score} : donnez les points de chaque camp en commençant par le vôtre, un nombre par"
            " camp, par ex. 112-98 ({sides} camps, chacun de 0 à {top})"
        ),
        "advise.error.no_board": "la chance de gagner demande le noyau compilé : {why}",
        "advise.hints_title": "Conseils activés",
        "advise.hints_about": (
            "Cette table permet le conseiller d’écart : vous jouez seul contre l’ordinateur."
        ),
        "advise.hints_ask": "Que dois-je mettre au crib ?",
        "advise.crib_yours_note": "Le crib est à vous (+).",
        "advise.crib_theirs_note": "Le crib est au donneur (−).",
        "advise.keep": "garder",
        "advise.lay": "écart",
        "advise.hand": "main",
        "advise.crib": "crib",
        "advise.total": "total",
    },
}
"""Each phrase of the advisor, by language (the same keys in each)."""


def advise_phrase(key: str, lang: str = "en", **values: object) -> str:
    """An advisor's phrase in ``lang`` with its values filled in."""
    return fill_phrase(ADVISE_PAGE, key, lang, values)
