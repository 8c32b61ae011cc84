"""The learners' words (the discard advisor and the review), one table per language: the pages
have them through `noddy.words.page.page_phrases`, the terminal through `learn_phrase`."""

from __future__ import annotations

from collections.abc import Sequence

from noddy.cards import Card
from noddy.words.calls import fill_phrase
from noddy.words.card_names import cards_text

__all__ = ["LEARN_PAGE", "action_words", "learn_phrase", "number_text", "review_scores"]

LEARN_PAGE: dict[str, dict[str, str]] = {
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
        "learn.review_counted": "{name}: {decisions} decisions, {mistakes} could have been better.",
        "learn.review_lost": "Lost: {parts}.",
        "learn.lost_join": "; ",
        "learn.lost.expected": "{lost} expected points at the lay-aways",
        "learn.lost.search": "{lost} in the play by the search's measure",
        "learn.lost.count": "{lost} points at the counts",
        "learn.review_how": (
            "Lay-aways in expected points; the play by a search of {worlds} worlds (a game"
            " won counts {win}, a game lost −{win}); a count by the points it wins less those"
            " it lets the others take."
        ),
        "learn.no_mistakes": "No mistakes found: every choice was as good as the strong player's.",
        "learn.mistake": "Deal {deal}, move {move}: lost {loss}",
        "learn.of_game": " (about {percent}% of the game)",
        "learn.show": "show",
        "learn.position_hand": "hand {cards}",
        "learn.position_counted.hand": "hand counted {cards}",
        "learn.position_counted.crib": "crib counted {cards}",
        "learn.position_counted.muggins": "their short count of {cards}",
        "learn.position_turnup": "turn-up {card}",
        "learn.position_pile": "pile {cards}, count {count}",
        "learn.crib_is_yours": "the crib is yours",
        "learn.crib_is_theirs": "the crib is theirs",
        "learn.scores": "score: {scores}",
        "learn.score.you": "you {points}",
        "learn.score.you_with": "you and {names} {points}",
        "learn.score.side": "{names} {points}",
        "learn.decimal": ".",
        "learn.and": " and ",
        "learn.chosen": "Chosen: {chosen}; better: {best}.",
        "learn.chosen_mark": "← chosen",
        "learn.choice": "choice",
        "learn.measure.expected": "expected points",
        "learn.measure.search": "points (search)",
        "learn.measure.count": "points won less those given away",
        "learn.action.play": "play {cards}",
        "learn.action.go": "Go",
        "learn.action.discard": "lay away {cards}",
        "learn.action.count": "count (the true count)",
        "learn.action.declare": "declare {number}",
        "learn.action.muggins": "claim (muggins)",
        "learn.action.pass": "let them go",
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
        "learn.review_counted": "{name} : {decisions} décisions, {mistakes} auraient pu être meilleures.",
        "learn.review_lost": "Perdu : {parts}.",
        "learn.lost_join": " ; ",
        "learn.lost.expected": "{lost} points espérés aux écarts",
        "learn.lost.search": "{lost} dans le jeu, à la mesure de la recherche",
        "learn.lost.count": "{lost} points aux comptes",
        "learn.review_how": (
            "Écarts en points espérés ; le jeu par une recherche sur {worlds} mondes (une"
            " partie gagnée compte {win}, une partie perdue −{win}) ; un compte par les points"
            " qu’il gagne moins ceux qu’il laisse prendre aux autres."
        ),
        "learn.no_mistakes": "Aucune erreur : chaque choix valait celui du joueur fort.",
        "learn.mistake": "Donne {deal}, coup {move} : {loss} perdus",
        "learn.of_game": " (environ {percent} % de la partie)",
        "learn.show": "voir",
        "learn.position_hand": "main {cards}",
        "learn.position_counted.hand": "main comptée {cards}",
        "learn.position_counted.crib": "crib compté {cards}",
        "learn.position_counted.muggins": "leur compte trop court sur {cards}",
        "learn.position_turnup": "retournée {card}",
        "learn.position_pile": "pile {cards}, compte {count}",
        "learn.crib_is_yours": "le crib est à vous",
        "learn.crib_is_theirs": "le crib est à l’adversaire",
        "learn.scores": "score : {scores}",
        "learn.score.you": "vous {points}",
        "learn.score.you_with": "vous et {names} {points}",
        "learn.score.side": "{names} {points}",
        "learn.and": " et ",
        "learn.decimal": ",",
        "learn.chosen": "Choisi : {chosen} ; mieux : {best}.",
        "learn.chosen_mark": "← choisi",
        "learn.choice": "choix",
        "learn.measure.expected": "points espérés",
        "learn.measure.search": "points (recherche)",
        "learn.measure.count": "points gagnés moins ceux laissés",
        "learn.action.play": "jouer {cards}",
        "learn.action.go": "Go",
        "learn.action.discard": "écarter {cards}",
        "learn.action.count": "compter (le compte juste)",
        "learn.action.declare": "annoncer {number}",
        "learn.action.muggins": "les prendre (muggins)",
        "learn.action.pass": "les laisser",
    },
}
"""Each phrase of the learners' parts of the pages, by language (the same keys in each)."""


def learn_phrase(key: str, lang: str = "en", **values: object) -> str:
    """A learners' phrase in ``lang`` with its values filled in."""
    return fill_phrase(LEARN_PAGE, key, lang, values)


def number_text(value: float, lang: str = "en", digits: int = 2) -> str:
    """A number with ``digits`` decimals as ``lang`` writes it: "169.2" in English, "169,2" in French
    (the decimal mark is ``learn.decimal``, which the pages have too).

    >>> number_text(-408.974, "fr"), number_text(169.25, "en", 1), number_text(100.0, "fr", 0)
    ('-408,97', '169.2', '100')
    """
    return f"{value:.{digits}f}".replace(".", learn_phrase("learn.decimal", lang))


def action_words(kind: str, cards: Sequence[Card] = (), number: int | None = None, lang: str = "en") -> str:
    """A seat's action in words, its cards with their suit signs as the rest of a review writes
    them: "lay away 8♦ 10♣", "declare 3", "count (the true count)"."""
    shown = cards_text(cards, lang)
    return learn_phrase(f"learn.action.{kind}", lang, cards=shown, number=number)


def review_scores(
    scores: Sequence[int],
    side: int,
    sides: Sequence[Sequence[str]],
    lang: str = "en",
    name: str | None = None,
) -> str:
    """The score of a reviewed position, each side's said as whose it is, the reviewed seat's side
    (``side``) first, as "you" (with its partner, if any): "score: you 111, greedy 106", or given
    the reviewed seat's ``name`` by that name ("score: Greedy 29, You 20" when a computer's seat is
    reviewed, so that no two sides are both "you"). ``sides`` names each side's seats but the
    reviewed seat's own (`noddy.review.Review.sides`).

    >>> review_scores([106, 111], 1, [["greedy"], []])
    'score: you 111, greedy 106'
    >>> review_scores([60, 59], 0, [["Carl"], ["Bob", "Dan"]], "fr")
    'score : vous et Carl 60, Bob et Dan 59'
    """
    joined = learn_phrase("learn.and", lang)
    partners = sides[side]
    if name is not None:
        own = learn_phrase(
            "learn.score.side", lang, names=joined.join([name, *partners]), points=scores[side]
        )
    elif partners:
        own = learn_phrase("learn.score.you_with", lang, names=joined.join(partners), points=scores[side])
    else:
        own = learn_phrase("learn.score.you", lang, points=scores[side])
    others = [
        learn_phrase("learn.score.side", lang, names=joined.join(names), points=scores[number])
        for number, names in enumerate(sides)
        if number != side
    ]
    return learn_phrase("learn.scores", lang, scores=", ".join([own, *others]))
