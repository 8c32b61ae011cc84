"""The words of the board table (``noddy analyze board``): its heading, what it rests on, its
axes and its refusals, in English and French.

>>> board_phrase("axis.dealer", "fr")
'points du donneur'
"""

from __future__ import annotations

from noddy.words.calls import fill_phrase

__all__ = ["BOARD", "board_phrase"]

BOARD: dict[str, dict[str, str]] = {
    "en": {
        "building": "Building the board table of {title} ({table}) from {deals} deals...",
        "heading": (
            "[bold]{title}[/]: the chance of winning from every board position, {table}, game {target} up"
        ),
        "table.two": "2 players",
        "table.players": "{players} players each for himself",
        "table.partners": "{players} players in two partnerships",
        "rests_on": (
            "From {deals} deals played by the computer's greedy players, every point pegged in its order"
            " (the play, then each hand from the elder round to the dealer, then the crib): the first side"
            " to reach {target} wins. Sampling error ±{half} percentage points (95%; widest ±{largest})."
        ),
        "start": "From 0–0 the first dealer wins {dealer}% of games.",
        "start.many": "From {zeros} the first dealer wins {dealer}%, the elder {elder}%, the third {third}%.",
        "grid": (
            "The dealer's chance of winning (%) before the deal: the dealer's score down, the pone's across."
        ),
        "grid.three": (
            "The dealer's chance of winning (%) before the deal, the third player at 0: the dealer's score"
            " down, the elder's across."
        ),
        "axis.dealer": "dealer's points",
        "axis.pone": "pone's points",
        "axis.elder": "elder's points",
        "plot.title": "{title}: the dealer's chance of winning before the deal",
        "plot.title.three": "third player at {third}",
        "plot.colour": "dealer's chance of winning",
        "plot.even": "even chances",
        "plot.lurch": "{name} ({below})",
        "plot.written": "Heat map written to {path}",
        "single_deal": (
            "{rules} is played as a single deal: there is no board position to win from (noddy simulate"
            " measures the deal's winners)"
        ),
        "too_many": (
            "a board of {sides} sides has {positions} positions a dealer, too many to table (at most"
            " {most}): give --partners or fewer players"
        ),
        "deals": "--deals {deals}: give at least {fewest} deals (200,000 give about ±0.1 percentage points)",
        "plot.unwritable": (
            "cannot write the plot to {path}: {why}; give a writable path ending .png, .svg or .pdf"
        ),
    },
    "fr": {
        "building": "Construction de la table des positions de {title} ({table}) sur {deals} donnes...",
        "heading": (
            "[bold]{title}[/] : la chance de gagner depuis chaque position de la marque, {table},"
            " partie en {target}"
        ),
        "table.two": "2 joueurs",
        "table.players": "{players} joueurs chacun pour soi",
        "table.partners": "{players} joueurs en deux équipes",
        "rests_on": (
            "Sur {deals} donnes jouées par les joueurs gloutons de l'ordinateur, chaque point marqué à son"
            " tour (le jeu, puis chaque main de l'aîné au donneur, puis le crib) : le premier camp à"
            " atteindre {target} gagne. Erreur d'échantillonnage ±{half} points de pourcentage (95 % ;"
            " au plus ±{largest})."
        ),
        "start": "À 0–0, le premier donneur gagne {dealer} % des parties.",
        "start.many": (
            "À {zeros}, le premier donneur gagne {dealer} %, l'aîné {elder} %, le troisième {third} %."
        ),
        "grid": (
            "La chance du donneur de gagner (%) avant la donne : ses points en ligne, ceux de l'adversaire"
            " en colonne."
        ),
        "grid.three": (
            "La chance du donneur de gagner (%) avant la donne, le troisième joueur à 0 : ses points en"
            " ligne, ceux de l'aîné en colonne."
        ),
        "axis.dealer": "points du donneur",
        "axis.pone": "points de l'adversaire",
        "axis.elder": "points de l'aîné",
        "plot.title": "{title} : la chance du donneur de gagner avant la donne",
        "plot.title.three": "troisième joueur à {third}",
        "plot.colour": "chance du donneur de gagner",
        "plot.even": "chances égales",
        "plot.lurch": "{name} ({below})",
        "plot.written": "Carte de chaleur écrite dans {path}",
        "single_deal": (
            "{rules} se joue en une seule donne : il n'y a pas de position de marque d'où gagner (noddy"
            " simulate mesure les gagnants de la donne)"
        ),
        "too_many": (
            "une marque de {sides} camps a {positions} positions par donneur, trop pour une table (au"
            " plus {most}) : donnez --partners ou moins de joueurs"
        ),
        "deals": (
            "--deals {deals} : donnez au moins {fewest} donnes (200 000 donnent environ ±0,1 point de"
            " pourcentage)"
        ),
        "plot.unwritable": (
            "impossible d'écrire le graphique dans {path} : {why} ; donnez un chemin inscriptible"
            " finissant par .png, .svg ou .pdf"
        ),
    },
}


def board_phrase(key: str, lang: str = "en", **values: object) -> str:
    """A phrase of the board table in ``lang`` with its values filled in."""
    return fill_phrase(BOARD, key, lang, values)
