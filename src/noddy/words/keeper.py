"""The words of the pages for a game played with real cards: the scorer (``/score``: a hand tapped,
counted and laid out) and the board keeper (``/board``), in English and French. The calls, the
reasons points are pegged for and the rule sets' names are the words layer's own
(`noddy.offline.rule_set`, `noddy.offline.count`)."""

from __future__ import annotations

from noddy.words.calls import check_language

__all__ = ["KEEPER_PAGE", "keeper_page_phrases"]

KEEPER_PAGE: dict[str, dict[str, str]] = {
    "en": {
        "scorer.doc": "Count a hand — Noddy",
        "scorer.tagline": "at a table with real cards",
        "scorer.title": "Count a hand",
        "scorer.rules": "Rule set",
        "scorer.crib": "A crib",
        "scorer.house": "House rules: load a rules file (kept on this device)",
        "scorer.house_note": (
            "A house-rules file is a rule set written as noddy rules show writes it, with what your "
            "table changes."
        ),
        "scorer.tap": "Tap the cards",
        "scorer.hand": "Hand:",
        "scorer.turnup": "Turn-up:",
        "scorer.none": "none yet",
        "scorer.tap_what": "What a tap chooses",
        "scorer.tap_hand": "the hand",
        "scorer.tap_turnup": "the turn-up",
        "scorer.clear": "Clear",
        "scorer.deck": "The pack: tap a card to choose it, again to take it back",
        "scorer.yourself": "Count it yourself first",
        "scorer.your_total": "Your count",
        "scorer.check": "Check",
        "scorer.guess_number": "Type your count as a number: 0 or more.",
        "scorer.count": "The count",
        "scorer.right": "Right: {total}.",
        "scorer.missed": (
            "You counted {guess}; the count is {total}: {diff} missed. Go through it item by item."
        ),
        "scorer.over": (
            "You counted {guess}; the count is {total}: {diff} too many. Go through it item by item."
        ),
        "scorer.next_item": "Next item",
        "scorer.all_items": "Show every item",
        "scorer.say": "Say it aloud",
        "scorer.to_board": "Add this count to the board:",
        "scorer.add": "Add {points} to {name}",
        "scorer.added": "{points} added to {name}.",
        "scorer.see_board": "See the board",
        "scorer.on_server": "Counted by noddy's engine on the server.",
        "scorer.on_device": "Counted by noddy's engine on this device, without the network.",
        "scorer.starting": (
            "No network: starting noddy's engine on this device (this takes a while the first time)…"
        ),
        "scorer.no_engine": (
            "No network, and noddy's engine is not kept on this device yet: open this page once with a "
            "network."
        ),
        "scorer.unknown_rules": "There is no rule set {rules} here: counting by the first one listed.",
        "tally.doc": "Board keeper — Noddy",
        "tally.tagline": "the board of a game with real cards",
        "tally.title": "Board keeper",
        "tally.new": "New game",
        "tally.players": "Players",
        "tally.partners": "Partners (two sides)",
        "tally.names": "Names, in the order of play",
        "tally.player": "Player {n}",
        "tally.first_dealer": "First to deal",
        "tally.chance": "Show each side's chance of winning (the board table)",
        "tally.no_chance": "The chance of winning is not tabled for this rule set played this way.",
        "tally.start": "Start",
        "tally.deals": "Deal {deal}: {name} deals.",
        "tally.next_deal": "Next deal: {name} deals",
        "tally.chance_line": "Chance of winning from the start of deal {deal}: {chances}.",
        "tally.chance_side": "{name} {chance}%",
        "tally.who": "Who scores",
        "tally.reason": "For what",
        "tally.points": "Points",
        "tally.points_typed": "Other number of points",
        "tally.other": "other",
        "tally.peg": "Peg {points} to {name} ({reason})",
        "tally.peg_choose": "Choose what for and how many",
        "tally.undo": "Undo",
        "tally.to_scorer": "Count a hand",
        "tally.end": "End the game",
        "tally.end_sure": "End this game now and keep it among the finished games?",
        "tally.awake": "Keep the screen awake while the board is open",
        "tally.log": "Pegged so far",
        "tally.log_peg": "{name} +{points}: {reason}",
        "tally.log_deal": "New deal: {name} deals",
        "tally.won": "{name} wins with {score}.",
        "tally.drawn": "Nobody wins: the sides are level.",
        "tally.finished": "Finished games",
        "tally.none_finished": "None yet.",
        "tally.offline_rules": (
            "No network: only the house rules kept on this device can start a game until the page is "
            "opened once with a network."
        ),
    },
    "fr": {
        "scorer.doc": "Compter une main — Noddy",
        "scorer.tagline": "à table avec de vraies cartes",
        "scorer.title": "Compter une main",
        "scorer.rules": "Règles",
        "scorer.crib": "Un crib",
        "scorer.house": "Règles maison : charger un fichier de règles (gardé sur cet appareil)",
        "scorer.house_note": (
            "Un fichier de règles maison est un jeu de règles écrit comme noddy rules show l’écrit, "
            "avec ce que votre table change."
        ),
        "scorer.tap": "Touchez les cartes",
        "scorer.hand": "Main :",
        "scorer.turnup": "Retournée :",
        "scorer.none": "aucune encore",
        "scorer.tap_what": "Ce que choisit une touche",
        "scorer.tap_hand": "la main",
        "scorer.tap_turnup": "la retournée",
        "scorer.clear": "Effacer",
        "scorer.deck": "Le jeu : touchez une carte pour la choisir, encore pour la reprendre",
        "scorer.yourself": "Comptez d’abord vous-même",
        "scorer.your_total": "Votre compte",
        "scorer.check": "Vérifier",
        "scorer.guess_number": "Tapez votre compte en chiffres : 0 ou plus.",
        "scorer.count": "Le compte",
        "scorer.right": "Juste : {total}.",
        "scorer.missed": (
            "Vous avez compté {guess} ; le compte est {total} : {diff} oubliés. Voyez-le point par point."
        ),
        "scorer.over": (
            "Vous avez compté {guess} ; le compte est {total} : {diff} de trop. Voyez-le point par point."
        ),
        "scorer.next_item": "Point suivant",
        "scorer.all_items": "Montrer tous les points",
        "scorer.say": "Le dire à voix haute",
        "scorer.to_board": "Ajouter ce compte à la marque :",
        "scorer.add": "Ajouter {points} à {name}",
        "scorer.added": "{points} ajoutés à {name}.",
        "scorer.see_board": "Voir la marque",
        "scorer.on_server": "Compté par le moteur de noddy sur le serveur.",
        "scorer.on_device": "Compté par le moteur de noddy sur cet appareil, sans le réseau.",
        "scorer.starting": (
            "Pas de réseau : démarrage du moteur de noddy sur cet appareil (la première fois prend un "
            "moment)…"
        ),
        "scorer.no_engine": (
            "Pas de réseau, et le moteur de noddy n’est pas encore gardé sur cet appareil : ouvrez "
            "cette page une fois avec le réseau."
        ),
        "scorer.unknown_rules": (
            "Il n’y a pas de règles {rules} ici : compte selon les premières de la liste."
        ),
        "tally.doc": "Tenir la marque — Noddy",
        "tally.tagline": "la marque d’une partie avec de vraies cartes",
        "tally.title": "Tenir la marque",
        "tally.new": "Nouvelle partie",
        "tally.players": "Joueurs",
        "tally.partners": "En équipes (deux camps)",
        "tally.names": "Noms, dans l’ordre du jeu",
        "tally.player": "Joueur {n}",
        "tally.first_dealer": "Premier donneur",
        "tally.chance": "Montrer la chance de gagner de chaque camp (la table des positions)",
        "tally.no_chance": "La chance de gagner n’est pas calculée pour ces règles jouées ainsi.",
        "tally.start": "Commencer",
        "tally.deals": "Donne {deal} : {name} donne.",
        "tally.next_deal": "Donne suivante : {name} donne",
        "tally.chance_line": "Chance de gagner depuis le début de la donne {deal} : {chances}.",
        "tally.chance_side": "{name} {chance} %",
        "tally.who": "Qui marque",
        "tally.reason": "Pour quoi",
        "tally.points": "Points",
        "tally.points_typed": "Autre nombre de points",
        "tally.other": "autre",
        "tally.peg": "Marquer {points} à {name} ({reason})",
        "tally.peg_choose": "Choisissez pour quoi et combien",
        "tally.undo": "Annuler",
        "tally.to_scorer": "Compter une main",
        "tally.end": "Finir la partie",
        "tally.end_sure": "Finir cette partie maintenant et la garder parmi les parties finies ?",
        "tally.awake": "Garder l’écran allumé tant que la marque est ouverte",
        "tally.log": "Marqué jusqu’ici",
        "tally.log_peg": "{name} +{points} : {reason}",
        "tally.log_deal": "Nouvelle donne : {name} donne",
        "tally.won": "{name} gagne avec {score}.",
        "tally.drawn": "Personne ne gagne : les camps sont à égalité.",
        "tally.finished": "Parties finies",
        "tally.none_finished": "Aucune encore.",
        "tally.offline_rules": (
            "Pas de réseau : seules les règles maison gardées sur cet appareil peuvent commencer une "
            "partie tant que la page n’a pas été ouverte une fois avec le réseau."
        ),
    },
}
"""The scorer's and the board keeper's phrases, per language."""


def keeper_page_phrases(lang: str = "en") -> dict[str, str]:
    """The scorer's and the board keeper's phrases in ``lang``, for the page's phrase table."""
    check_language(lang)
    return dict(KEEPER_PAGE[lang])
