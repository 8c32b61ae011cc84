"""The words of the trainer's "offence or defence?" drill (`noddy.train.offence`), per language: the
board of a position, its two ways to lay away, the prompt, and the answer with its figures and reason,
for the terminal and the page alike."""

from __future__ import annotations

from collections.abc import Sequence

from noddy.cards import Card
from noddy.words.calls import fill_phrase
from noddy.words.card_names import cards_text
from noddy.words.phrases import number_text
from noddy.words.winchance import percent_text, win_phrase

__all__ = ["OFFENCE", "drill_board", "drill_choice", "drill_lines", "drill_way", "offence_phrase"]

OFFENCE: dict[str, dict[str, str]] = {
    "en": {
        "drill.board": "The board: you {mine}, {them} {theirs} (game {target}); {deal}.",
        "drill.deal.mine": "you deal: the crib is yours",
        "drill.deal.theirs": "they deal: the crib is theirs",
        "drill.them": "them",
        "drill.not_offered": (
            "{rules} has no 'offence or defence?' drill: it needs a game to a target with a lay-away at two"
            " players, that the board table covers"
        ),
        "drill.not_timed": "the 'offence or defence?' drill is not timed: leave out --timed",
        "drill.hand": "Your hand",
        "drill.turnup": "Turned up",
        "drill.prompt": (
            "Near the end of the game: lay away for your own points (offence) or to give them the fewest"
            " (defence)? Which wins more games from here?"
        ),
        "drill.way.offence": "Offence: lay away {discard}, keep {keep}",
        "drill.way.defence": "Defence: lay away {discard}, keep {keep}",
        "drill.ask": "1 (offence) or 2 (defence)?",
        "drill.help": "Type 1 or o for offence, 2 or d for defence; q stops.",
        "drill.words.offence": "1 o offence",
        "drill.words.defence": "2 d defence",
        "drill.not_choice": "Type 1 (offence) or 2 (defence), not {text!r}.",
        "drill.right": "Right: {answer} wins more games here.",
        "drill.wrong": "Not here: {answer} wins more games.",
        "drill.name.offence": "Offence",
        "drill.name.defence": "Defence",
        "drill.the.offence": "offence",
        "drill.the.defence": "defence",
        "drill.figures": (
            "{name}: about {mine} points for you and {theirs} for them this deal; a {chance} chance of"
            " winning the game."
        ),
        "drill.reason": (
            "Offence makes you {more} more points, defence gives them {fewer} fewer. From where this deal"
            " is likely to leave the board, a point of yours is worth {worth_mine} of the game and a point"
            " of theirs {worth_theirs}: so {answer} wins {gain} more games in a hundred."
        ),
        "drill.how": (
            "Each way weighed over {samples} deals of the cards you cannot see, played out by the greedy"
            " player; the chance of winning read from the board table."
        ),
    },
    "fr": {
        "drill.board": "La planchette : vous {mine}, {them} {theirs} (partie en {target}) ; {deal}.",
        "drill.deal.mine": "vous donnez : le crib est à vous",
        "drill.deal.theirs": "ils donnent : le crib est à eux",
        "drill.them": "eux",
        "drill.not_offered": (
            "{rules} n’a pas d’exercice « attaque ou défense ? » : il faut une partie en un nombre de points"
            " avec un écart à deux joueurs, que la table des positions couvre"
        ),
        "drill.not_timed": "l’exercice « attaque ou défense ? » n’est pas chronométré : retirez --timed",
        "drill.hand": "Votre main",
        "drill.turnup": "Retournée",
        "drill.prompt": (
            "Vers la fin de la partie : écarter pour vos propres points (attaque) ou pour leur en donner le"
            " moins (défense) ? Laquelle gagne le plus de parties d’ici ?"
        ),
        "drill.way.offence": "Attaque : écarter {discard}, garder {keep}",
        "drill.way.defence": "Défense : écarter {discard}, garder {keep}",
        "drill.ask": "1 (attaque) ou 2 (défense) ?",
        "drill.help": "Tapez 1 ou a pour l’attaque, 2 ou d pour la défense ; q arrête.",
        "drill.words.offence": "1 a attaque o offence",
        "drill.words.defence": "2 d défense defense defence",
        "drill.not_choice": "Tapez 1 (attaque) ou 2 (défense), pas {text!r}.",
        "drill.right": "Juste : {answer} gagne plus de parties ici.",
        "drill.wrong": "Pas ici : {answer} gagne plus de parties.",
        "drill.name.offence": "Attaque",
        "drill.name.defence": "Défense",
        "drill.the.offence": "l’attaque",
        "drill.the.defence": "la défense",
        "drill.figures": (
            "{name} : environ {mine} points pour vous et {theirs} pour eux dans cette donne ; {chance} de"
            " chances de gagner la partie."
        ),
        "drill.reason": (
            "L’attaque vous fait {more} points de plus, la défense leur en donne {fewer} de moins. D’où"
            " cette donne laissera sans doute la planchette, un point à vous vaut {worth_mine} de la partie"
            " et un point à eux {worth_theirs} : {answer} gagne donc {gain} parties de plus sur cent."
        ),
        "drill.how": (
            "Chaque écart est pesé sur {samples} donnes des cartes que vous ne voyez pas, jouées par le"
            " joueur glouton ; la chance de gagner est lue dans la table des positions."
        ),
    },
}
"""Each phrase of the drill, by language (the same keys in each)."""


def offence_phrase(key: str, lang: str = "en", **values: object) -> str:
    """A phrase of the drill in ``lang`` with its values filled in."""
    return fill_phrase(OFFENCE, key, lang, values)


def drill_board(mine: int, theirs: int, target: int, crib_mine: bool, lang: str = "en") -> str:
    """The board of an "offence or defence?" position: both scores, the game hole, whose crib."""
    them = offence_phrase("drill.them", lang)
    deal = offence_phrase("drill.deal.mine" if crib_mine else "drill.deal.theirs", lang, them=them)
    return offence_phrase("drill.board", lang, mine=mine, theirs=theirs, them=them, target=target, deal=deal)


def drill_way(side: str, discard: Sequence[Card], keep: Sequence[Card], lang: str = "en") -> str:
    """One way to lay away, named as the drill's choice ("Offence: lay away 5♥ 5♦, keep ...")."""
    laid, kept = cards_text(discard, lang), cards_text(keep, lang)
    return offence_phrase(f"drill.way.{side}", lang, discard=laid, keep=kept)


def drill_choice(text: str, lang: str = "en") -> str | None:
    """The way ``text`` (typed at the drill's prompt) chooses: ``offence``, ``defence`` or ``None``.

    >>> drill_choice("2"), drill_choice("A", "fr"), drill_choice("x")
    ('defence', 'offence', None)
    """
    word = text.strip().lower()
    for side in ("offence", "defence"):
        if word in offence_phrase(f"drill.words.{side}", lang).split():
            return side
    return None


def drill_lines(
    ways: Sequence[tuple[str, float, float, float]],
    worth: tuple[float, float],
    answer: str,
    correct: bool,
    samples: int,
    lang: str = "en",
) -> list[str]:
    """The answer of a position in words: the verdict, each way's points this deal (``ways``: its
    side, the points for you and for them, its chance of winning), the reason, and how it was weighed."""
    the = offence_phrase(f"drill.the.{answer}", lang)
    lines = [offence_phrase("drill.right" if correct else "drill.wrong", lang, answer=the)]
    for side, mine, theirs, chance in ways:
        name = offence_phrase(f"drill.name.{side}", lang)
        lines.append(
            offence_phrase(
                "drill.figures",
                lang,
                name=name,
                mine=number_text(mine, lang, 1),
                theirs=number_text(theirs, lang, 1),
                chance=percent_text(chance, lang),
            )
        )
    (_, mine_o, theirs_o, chance_o), (_, mine_d, theirs_d, chance_d) = ways
    lines.append(
        offence_phrase(
            "drill.reason",
            lang,
            more=number_text(mine_o - mine_d, lang, 1),
            fewer=number_text(theirs_o - theirs_d, lang, 1),
            worth_mine=win_phrase("percent", lang, n=number_text(100 * worth[0], lang, 1)),
            worth_theirs=win_phrase("percent", lang, n=number_text(100 * worth[1], lang, 1)),
            answer=the,
            gain=number_text(100 * abs(chance_o - chance_d), lang, 0),
        )
    )
    lines.append(offence_phrase("drill.how", lang, samples=samples))
    return lines
