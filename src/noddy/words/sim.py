"""The simulator's words (``noddy simulate``): its report's headings, tables, lines and plot, and how
partners and their sides are named and said, in English and French."""

from __future__ import annotations

from collections.abc import Sequence

from noddy.words.calls import fill_phrase

__all__ = ["SIM", "partners_line", "side_label", "sides_heading", "sim_phrase", "source_label"]

SIM: dict[str, dict[str, str]] = {
    "en": {
        "seats": "seats {seats}",
        "and": " and ",
        "side": "{names} ({seats})",
        "versus": " v ",
        "partners": (
            "Partners: {sides}. Partners sit opposite and stay together in every game (the seats"
            " rotate), so a player wins when its side wins."
        ),
        "sides.title": "Sides",
        "sides.side": "side",
        "sides.wins": "{side} wins",
        "stopped": "Stopped after {played} of {games} games, as asked: no report.",
        "error.players": "{rules} is played by {allowed} players, not {n} ({seats})",
        "heading": "{title}: {facing}, {games} games (seed {seed}, seats rotated)",
        "heading.compare": "{facing}, {games} games under each rule set (seed {seed})",
        "heading.plot": "{title}: {facing}, {games} games (seed {seed})",
        "plot.won": "games won (95% interval)",
        "plot.win_rate": "Win rate  (dashed: fair share)",
        "plot.points": "points per deal",
        "engine.kernel": "the compiled kernel",
        "engine.python": "the Python engine",
        "played_by": "Played by {engines}.",
        "players": "Players",
        "player": "player",
        "wins": "wins",
        "draws": "draws",
        "win_rate": "win rate",
        "interval": "95% interval",
        "points_a_deal": "points a deal",
        "by_source": "Points a deal, by source",
        "stakes": "Wins counting more than one game (won / suffered)",
        "rule_set": "The rule set",
        "statistic": "statistic",
        "value": "value",
        "dealer_edge": "dealer's advantage",
        "dealer_edge.value": "{edge} points a deal (±{ci})",
        "first_dealer": "first dealer wins",
        "fair_share": "fair share",
        "deals_per_game": "deals per game",
        "margin": "winning margin",
        "margin.value": "{mean} points (sd {sd})",
        "sd": "sd",
        "actions_per_game": "actions per game",
        "player_wins": "{name} wins",
        "player_points": "{name} points a deal",
        "all_points": "all points a deal",
        "played_in": "{rules}: {games} games played in {seconds} s",
        "left": "left:",
        "plot_saved": "Plot saved to {path}",
        "source.hand": "hand",
        "source.crib": "crib",
        "source.play": "play",
        "source.thirty_one": "31",
        "source.last_card": "last card",
        "source.knave": "Knave",
        "source.muggins": "muggins",
        "source.compensation": "compensation",
    },
    "fr": {
        "seats": "places {seats}",
        "and": " et ",
        "side": "{names} ({seats})",
        "versus": " contre ",
        "partners": (
            "Partenaires : {sides}. Les partenaires sont assis face à face et restent ensemble à chaque"
            " partie (les places tournent) : un joueur gagne quand son camp gagne."
        ),
        "sides.title": "Camps",
        "sides.side": "camp",
        "sides.wins": "{side} gagne",
        "error.players": "{rules} se joue à {allowed} joueurs, pas {n} ({seats})",
        "stopped": "Arrêté après {played} parties sur {games}, comme demandé : pas de rapport.",
        "heading": "{title} : {facing}, {games} parties (graine {seed}, places tournantes)",
        "heading.compare": "{facing}, {games} parties pour chaque jeu de règles (graine {seed})",
        "heading.plot": "{title} : {facing}, {games} parties (graine {seed})",
        "plot.won": "parties gagnées (intervalle à 95 %)",
        "plot.win_rate": "Taux de victoire  (tirets : part égale)",
        "plot.points": "points par donne",
        "engine.kernel": "le noyau compilé",
        "engine.python": "le moteur Python",
        "played_by": "Joué par {engines}.",
        "players": "Joueurs",
        "player": "joueur",
        "wins": "victoires",
        "draws": "nulles",
        "win_rate": "taux de victoire",
        "interval": "intervalle à 95 %",
        "points_a_deal": "points par donne",
        "by_source": "Points par donne, par source",
        "stakes": "Victoires comptant plus d’une partie (gagnées / subies)",
        "rule_set": "Le jeu de règles",
        "statistic": "statistique",
        "value": "valeur",
        "dealer_edge": "avantage du donneur",
        "dealer_edge.value": "{edge} points par donne (±{ci})",
        "first_dealer": "le premier donneur gagne",
        "fair_share": "part égale",
        "deals_per_game": "donnes par partie",
        "margin": "écart à la victoire",
        "margin.value": "{mean} points (écart type {sd})",
        "sd": "écart type",
        "actions_per_game": "actions par partie",
        "player_wins": "{name} gagne",
        "player_points": "{name} : points par donne",
        "all_points": "tous les points par donne",
        "played_in": "{rules} : {games} parties jouées en {seconds} s",
        "left": "reste :",
        "plot_saved": "Graphique enregistré dans {path}",
        "source.hand": "main",
        "source.crib": "crib",
        "source.play": "jeu",
        "source.thirty_one": "31",
        "source.last_card": "dernière carte",
        "source.knave": "valet",
        "source.muggins": "muggins",
        "source.compensation": "compensation",
    },
}
"""Each phrase of the simulator's report, per language."""


def sim_phrase(key: str, lang: str = "en", **values: object) -> str:
    """A phrase of the simulator's report in ``lang`` with its values filled in."""
    return fill_phrase(SIM, key, lang, values)


def source_label(source: str, lang: str = "en") -> str:
    """A source of points (`noddy.sim.SOURCES`) as the report's tables name it in ``lang``."""
    return sim_phrase(f"source.{source}", lang)


def side_label(players: Sequence[int], names: Sequence[str], lang: str = "en") -> str:
    """A side named by its players and their places in ``--seats`` (counted from 0).

    >>> side_label((0, 2), ("greedy", "greedy#2"))
    'greedy & greedy#2 (seats 0 and 2)'
    >>> side_label((0, 2), ("greedy", "greedy#2"), "fr")
    'greedy & greedy#2 (places 0 et 2)'
    """
    seats = sim_phrase("seats", lang, seats=sim_phrase("and", lang).join(str(p) for p in players))
    return sim_phrase("side", lang, names=" & ".join(names), seats=seats)


def sides_heading(sides: Sequence[Sequence[str]], lang: str = "en") -> str:
    """The players as they face each other, side by side: "greedy & greedy#2 v random & random#2".

    >>> sides_heading([("greedy", "greedy#2"), ("random", "random#2")])
    'greedy & greedy#2 v random & random#2'
    """
    return sim_phrase("versus", lang).join(" & ".join(names) for names in sides)


def partners_line(sides: Sequence[tuple[Sequence[int], Sequence[str]]], lang: str = "en") -> str:
    """Who plays with whom, each side with its places in ``--seats``.

    >>> partners_line([((0, 2), ("greedy", "greedy#2")), ((1, 3), ("random", "random#2"))]).split(". ")[0]
    'Partners: greedy & greedy#2 (seats 0 and 2) v random & random#2 (seats 1 and 3)'
    """
    said = sim_phrase("versus", lang).join(side_label(players, names, lang) for players, names in sides)
    return sim_phrase("partners", lang, sides=said)
