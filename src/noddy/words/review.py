"""The review's words, one table per language: the review of a seat's decisions on the replay page
and in ``noddy review``, each position, choice and score said as whose it is; the pages have them
through `noddy.words.page.page_phrases`, the terminal through `review_phrase`."""

from __future__ import annotations

from collections.abc import Sequence

from noddy.cards import Card
from noddy.words.calls import fill_phrase
from noddy.words.card_names import cards_text

__all__ = ["REVIEW_PAGE", "action_words", "review_phrase", "review_scores"]

REVIEW_PAGE: dict[str, dict[str, str]] = {
    "en": {
        "review.title": "Review a seat",
        "review.start": "Review",
        "review.seat_label": "the seat to review",
        "review.working": "Reviewing every decision… (a few seconds)",
        "review.summary": (
            "{name}: {decisions} decisions, {mistakes} could have been better, {lost} points lost in all."
        ),
        "review.counted": "{name}: {decisions} decisions, {mistakes} could have been better.",
        "review.lost": "Lost: {parts}.",
        "review.lost_join": "; ",
        "review.lost.expected": "{lost} expected points at the lay-aways",
        "review.lost.search": "{lost} in the play by the search's measure",
        "review.lost.count": "{lost} points at the counts",
        "review.how": (
            "Lay-aways in expected points; the play by a search of {worlds} worlds (a game"
            " won counts {win}, a game lost −{win}); a count by the points it wins less those"
            " it lets the others take."
        ),
        "review.no_mistakes": "No mistakes found: every choice was as good as the strong player's.",
        "review.mistake": "Deal {deal}, move {move}: lost {loss}",
        "review.of_game": " (about {percent}% of the game)",
        "review.show": "show",
        "review.position_hand": "hand {cards}",
        "review.position_counted.hand": "hand counted {cards}",
        "review.position_counted.crib": "crib counted {cards}",
        "review.position_counted.muggins": "their short count of {cards}",
        "review.position_turnup": "turn-up {card}",
        "review.position_pile": "pile {cards}, count {count}",
        "review.crib_is_yours": "the crib is yours",
        "review.crib_is_theirs": "the crib is theirs",
        "review.scores": "score: {scores}",
        "review.score.you": "you {points}",
        "review.score.you_with": "you and {names} {points}",
        "review.score.side": "{names} {points}",
        "review.and": " and ",
        "review.chosen": "Chosen: {chosen}; better: {best}.",
        "review.chosen_mark": "← chosen",
        "review.choice": "choice",
        "review.measure.expected": "expected points",
        "review.measure.search": "points (search)",
        "review.measure.count": "points won less those given away",
        "review.action.play": "play {cards}",
        "review.action.go": "Go",
        "review.action.discard": "lay away {cards}",
        "review.action.count": "count (the true count)",
        "review.action.declare": "declare {number}",
        "review.action.muggins": "claim (muggins)",
        "review.action.pass": "let them go",
    },
    "fr": {
        "review.title": "Revoir une place",
        "review.start": "Revoir",
        "review.seat_label": "la place à revoir",
        "review.working": "Examen de chaque décision… (quelques secondes)",
        "review.summary": (
            "{name} : {decisions} décisions, {mistakes} auraient pu être meilleures, {lost}"
            " points perdus en tout."
        ),
        "review.counted": "{name} : {decisions} décisions, {mistakes} auraient pu être meilleures.",
        "review.lost": "Perdu : {parts}.",
        "review.lost_join": " ; ",
        "review.lost.expected": "{lost} points espérés aux écarts",
        "review.lost.search": "{lost} dans le jeu, à la mesure de la recherche",
        "review.lost.count": "{lost} points aux comptes",
        "review.how": (
            "Écarts en points espérés ; le jeu par une recherche sur {worlds} mondes (une"
            " partie gagnée compte {win}, une partie perdue −{win}) ; un compte par les points"
            " qu’il gagne moins ceux qu’il laisse prendre aux autres."
        ),
        "review.no_mistakes": "Aucune erreur : chaque choix valait celui du joueur fort.",
        "review.mistake": "Donne {deal}, coup {move} : {loss} perdus",
        "review.of_game": " (environ {percent} % de la partie)",
        "review.show": "voir",
        "review.position_hand": "main {cards}",
        "review.position_counted.hand": "main comptée {cards}",
        "review.position_counted.crib": "crib compté {cards}",
        "review.position_counted.muggins": "leur compte trop court sur {cards}",
        "review.position_turnup": "retournée {card}",
        "review.position_pile": "pile {cards}, compte {count}",
        "review.crib_is_yours": "le crib est à vous",
        "review.crib_is_theirs": "le crib est à l’adversaire",
        "review.scores": "score : {scores}",
        "review.score.you": "vous {points}",
        "review.score.you_with": "vous et {names} {points}",
        "review.score.side": "{names} {points}",
        "review.and": " et ",
        "review.chosen": "Choisi : {chosen} ; mieux : {best}.",
        "review.chosen_mark": "← choisi",
        "review.choice": "choix",
        "review.measure.expected": "points espérés",
        "review.measure.search": "points (recherche)",
        "review.measure.count": "points gagnés moins ceux laissés",
        "review.action.play": "jouer {cards}",
        "review.action.go": "Go",
        "review.action.discard": "écarter {cards}",
        "review.action.count": "compter (le compte juste)",
        "review.action.declare": "annoncer {number}",
        "review.action.muggins": "les prendre (muggins)",
        "review.action.pass": "les laisser",
    },
}
"""Each phrase of the review, by language (the same keys in each)."""


def review_phrase(key: str, lang: str = "en", **values: object) -> str:
    """A review's phrase in ``lang`` with its values filled in."""
    return fill_phrase(REVIEW_PAGE, key, lang, values)


def action_words(kind: str, cards: Sequence[Card] = (), number: int | None = None, lang: str = "en") -> str:
    """A seat's action in words, its cards with their suit signs as the rest of a review writes
    them: "lay away 8♦ 10♣", "declare 3", "count (the true count)"."""
    shown = cards_text(cards, lang)
    return review_phrase(f"review.action.{kind}", lang, cards=shown, number=number)


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
    joined = review_phrase("review.and", lang)
    partners = sides[side]
    if name is not None:
        own = review_phrase(
            "review.score.side", lang, names=joined.join([name, *partners]), points=scores[side]
        )
    elif partners:
        own = review_phrase("review.score.you_with", lang, names=joined.join(partners), points=scores[side])
    else:
        own = review_phrase("review.score.you", lang, points=scores[side])
    others = [
        review_phrase("review.score.side", lang, names=joined.join(names), points=scores[number])
        for number, names in enumerate(sides)
        if number != side
    ]
    return review_phrase("review.scores", lang, scores=", ".join([own, *others]))
