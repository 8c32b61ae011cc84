"""The web pages' own words (lobby, table, replay), one table per language: the pages hold no
wording, they ask for this table and fill in its ``{fields}``. A key ending ``.one`` / ``.many``
is chosen by a count (one card, two cards); the rank and suit names come from `calls`."""

from __future__ import annotations

from noddy.rules import field_spec
from noddy.words.calls import RANKS, SUITS, check_language
from noddy.words.learn import LEARN_PAGE
from noddy.words.phrases import PHRASES, REASONS
from noddy.words.train import train_page_phrases

__all__ = ["COUNTING", "PAGE", "RULE_SETS", "counting_words", "page_phrases", "rule_set_words"]

PAGE: dict[str, dict[str, str]] = {
    "en": {
        "lang.name": "English",
        "brand.title": "Back to the lobby",
        "lobby.doc": "Noddy — the lobby",
        "lobby.tagline": "the Tudor card game (1589) and its family, to Cribbage",
        "lobby.start_title": "Start a table",
        "lobby.rules": "Rule set",
        "lobby.players": "Players",
        "lobby.partners": "Partners (seats 1 & 3 against 2 & 4)",
        "lobby.counting": "Counting the hands",
        "lobby.as_rules_say": "As the rules say",
        "lobby.declare_own": "Declare your own count: {words}",
        "lobby.seats": "Seats",
        "lobby.start": "Start the game",
        "lobby.mine": "Your games",
        "lobby.none_yet": "None yet.",
        "lobby.none": "None.",
        "lobby.open": "Waiting for players",
        "lobby.playing": "Games in progress",
        "lobby.finished": "Finished games",
        "lobby.game_to": "game {target} up",
        "lobby.single_deal": "a single deal",
        "lobby.facts": "{players} players · {game} · ",
        "lobby.full_rules": "the full rules in plain words",
        "lobby.sources": "sources",
        "lobby.me": "Me",
        "lobby.friend": "A friend (invite link)",
        "lobby.computer": "Computer",
        "lobby.seat": "Seat {n}",
        "lobby.seat_kind": "seat {n}",
        "lobby.seat_level": "level of seat {n}",
        "lobby.seat_name": "name at seat {n}",
        "lobby.your_name": "your name",
        "lobby.friends_name": "friend's name",
        "lobby.ready": "Table ready",
        "lobby.send_links": "Send each player their own link: it seats one person, the first to open it.",
        "lobby.watch_table": "Watch the table",
        "lobby.not_made": "The table could not be made: {error}",
        "lobby.draw": "a draw, {scores}",
        "lobby.won": "{winner} won, {scores}",
        "lobby.waiting.one": "waiting for {n} player",
        "lobby.waiting.many": "waiting for {n} players",
        "lobby.deal_now": "deal {deal}, {scores}",
        "lobby.replay": "Replay",
        "lobby.play": "Play",
        "lobby.watch": "Watch",
        "level.easy": "easy",
        "level.medium": "medium",
        "level.hard": "hard",
        "table.doc": "Noddy — at the table",
        "table.rules": "rules",
        "conn.connecting": "connecting…",
        "conn.reconnecting": "reconnecting…",
        "conn.connected": "connected",
        "conn.watching": "connected · watching",
        "conn.gone": "no such table",
        "conn.refused": "invite link not valid",
        "table.turnup": "Turn-up",
        "table.the_play": "The play",
        "table.count": "Count",
        "table.crib": "Crib",
        "table.your_crib": "Your crib",
        "table.crib_title": "{whose}: the dealer's",
        "table.change_name": "change name",
        "table.your_name": "your name",
        "table.save": "Save",
        "table.your_cards": "your cards",
        "table.keys": (
            "Keys: 1–6 choose a card · Enter lay away or count · G Go · D declare · M muggins · P pass"
        ),
        "table.invite_title": "Invite your friends",
        "table.invite_text": "Send each friend their own link: it seats one person, the first to open it.",
        "table.deals": "Deal by deal",
        "table.log": "The game",
        "table.rematch": "Rematch",
        "table.replay": "Replay the game",
        "table.lobby": "Lobby",
        "table.look": "Look at the table",
        "table.see_result": "See the result",
        "table.watching_as": "Watching",
        "table.you_are": "You ({name})",
        "table.to": "to {target}",
        "table.one_deal": "one deal",
        "tag.dealer": "dealer",
        "tag.dealer_title": "the dealer",
        "tag.partner": "partner",
        "tag.invited": "invited",
        "tag.away": "away",
        "status.dealing": "Shuffling and dealing…",
        "status.laid_wait": "You have laid away: waiting for {who} to lay away…",
        "status.counts_own.you": "{who} count {whose}…",
        "status.counts_own.one": "{who} counts {whose}…",
        "their.hand": "their hand",
        "their.crib": "their crib",
        "lobby.player_name": "Player {n}",
        "lobby.friend_name": "Friend",
        "lobby.friend_name_n": "Friend {n}",
        "lobby.computer_name": "Computer ({level})",
        "lobby.computer_name_n": "Computer {n} ({level})",
        "status.counts_other": "{who} counts {whose}…",
        "status.waiting.discard": "Waiting for {who} to lay cards away…",
        "status.waiting.play": "Waiting for {who} to play…",
        "status.waiting.count": "Waiting for {who} to count…",
        "status.waiting.muggins": "Waiting for {who} to answer the muggins call…",
        "status.waiting.other": "Waiting for {who} to act…",
        "status.lay_away.one": "Lay away {n} card to {crib}: choose, then “Lay away”.",
        "status.lay_away.many": "Lay away {n} cards to {crib}: choose, then “Lay away”.",
        "status.own_crib": "your own crib",
        "status.whose_crib.you": "your crib",
        "status.whose_crib.one": "{name}'s crib",
        "status.missed.one": "{who} missed {n} point: call Muggins to take it?",
        "status.missed.many": "{who} missed {n} points: call Muggins to take them?",
        "status.count_yours": "Count {whose}: let the engine count, or declare your points.",
        "status.play": "Your turn: play a card (count {count}).",
        "status.go": "{cannot}: say Go.",
        "status.your_turn": "Your turn.",
        "whose_what.hand.you": "your hand",
        "whose_what.hand.one": "{name}'s hand",
        "whose_what.crib.you": "your crib",
        "whose_what.crib.one": "{name}'s crib",
        "error.not_turn": "It is not your turn: waiting for {who}.",
        "error.not_turn_plain": "It is not your turn.",
        "error.lay_away_full.one": "Lay away {n} card: click a chosen card to put it back.",
        "error.lay_away_full.many": "Lay away {n} cards: click a chosen card to put it back.",
        "error.not_now": "Now is not the time to play a card: {status}",
        "error.choose.one": "Choose {n} card to lay away first.",
        "error.choose.many": "Choose {n} cards to lay away first.",
        "error.declare": "Declare a number of points from {min} to {max}, or press “Count for me”.",
        "error.not_connected": "not connected: reconnecting, try again in a moment",
        "error.may_not": "you may not play it now",
        "error.no_link": "No new link: {error}",
        "watch.new_link": "The table's maker gave your seat a new invite link: you are watching.",
        "watch.bad_link": (
            "This invite link is not valid (the table's maker may have made a new one): you are watching."
        ),
        "watch.taken": "This seat ({name}) is taken: you are watching.",
        "watch.hidden": "{why} The players' cards are hidden.",
        "watch.plain": "You are watching: the players' cards are hidden.",
        "button.lay_away": "Lay away {chosen}/{n}",
        "button.go": "Go",
        "button.count": "Count for me",
        "button.or_declare": "or declare",
        "button.points": "points",
        "button.declare": "Declare",
        "button.muggins": "Muggins!",
        "button.pass": "Let it go",
        "invite.link_for": "invite link for {name}",
        "invite.copy": "Copy",
        "invite.copied": "Copied",
        "invite.left": "has left the table",
        "invite.none": "no link kept here",
        "invite.new": "New link",
        "invite.new_title": (
            "A new link for this seat: whoever opens it first takes the seat; the old link stops working"
        ),
        "deal.end": "End of deal {deal}: {sides}",
        "deal.deal": "Deal",
        "deal.start": "start",
        "deal.total": "Total",
        "log.pegged_by": "pegged by {who}",
        "card.back": "a card",
        "card.name": "{rank} of {suit}",
        "board.label": "board of {target} holes: {sides}",
        "board.side": "side {side} at {hole}",
        "board.front": "front peg: {hole}",
        "board.back": "back peg: {hole}",
        "replay.doc": "Noddy — replay of {title}",
        "replay.title": "Replay:",
        "replay.step": "step {at} of {last}",
        "replay.before": "Before the first deal.",
        "replay.cannot": "This game cannot be replayed: {error}",
        "replay.first": "the start (Home)",
        "replay.prev_deal": "the previous deal (Page Up)",
        "replay.prev": "one step back (←)",
        "replay.next": "one step on (→)",
        "replay.next_deal": "the next deal (Page Down)",
        "replay.last": "the end (End)",
        "replay.slider": "step",
        "replay.keys": "Keys: ← → step · PgUp PgDn deal · Home End",
    },
    "fr": {
        "lang.name": "Français",
        "brand.title": "Retour au salon",
        "lobby.doc": "Noddy — le salon",
        "lobby.tagline": "le jeu de cartes des Tudor (1589) et sa famille, jusqu’au cribbage",
        "lobby.start_title": "Ouvrir une table",
        "lobby.rules": "Règles",
        "lobby.players": "Joueurs",
        "lobby.partners": "En équipes (places 1 et 3 contre 2 et 4)",
        "lobby.counting": "Le compte des mains",
        "lobby.as_rules_say": "Comme le disent les règles",
        "lobby.declare_own": "Chacun annonce son compte : {words}",
        "lobby.seats": "Places",
        "lobby.start": "Commencer la partie",
        "lobby.mine": "Vos parties",
        "lobby.none_yet": "Aucune pour l’instant.",
        "lobby.none": "Aucune.",
        "lobby.open": "En attente de joueurs",
        "lobby.playing": "Parties en cours",
        "lobby.finished": "Parties terminées",
        "lobby.game_to": "partie en {target} points",
        "lobby.single_deal": "une seule donne",
        "lobby.facts": "{players} joueurs · {game} · ",
        "lobby.full_rules": "toutes les règles en clair",
        "lobby.sources": "sources",
        "lobby.me": "Moi",
        "lobby.friend": "Un ami (lien d’invitation)",
        "lobby.computer": "L’ordinateur",
        "lobby.seat": "Place {n}",
        "lobby.seat_kind": "place {n}",
        "lobby.seat_level": "niveau de la place {n}",
        "lobby.seat_name": "nom à la place {n}",
        "lobby.your_name": "votre nom",
        "lobby.friends_name": "nom de l’ami",
        "lobby.ready": "La table est prête",
        "lobby.send_links": (
            "Envoyez à chaque joueur son lien : il donne la place à une seule personne, la première qui"
            " l’ouvre."
        ),
        "lobby.watch_table": "Regarder la table",
        "lobby.not_made": "La table n’a pas pu être ouverte : {error}",
        "lobby.draw": "égalité, {scores}",
        "lobby.won": "{winner} a gagné, {scores}",
        "lobby.waiting.one": "en attente d’un joueur",
        "lobby.waiting.many": "en attente de {n} joueurs",
        "lobby.deal_now": "donne {deal}, {scores}",
        "lobby.replay": "Revoir",
        "lobby.play": "Jouer",
        "lobby.watch": "Regarder",
        "level.easy": "facile",
        "level.medium": "moyen",
        "level.hard": "difficile",
        "table.doc": "Noddy — à la table",
        "table.rules": "règles",
        "conn.connecting": "connexion…",
        "conn.reconnecting": "reconnexion…",
        "conn.connected": "connecté",
        "conn.watching": "connecté · spectateur",
        "conn.gone": "cette table n’existe pas",
        "conn.refused": "lien d’invitation non valable",
        "table.turnup": "Retournée",
        "table.the_play": "Le jeu",
        "table.count": "Compte",
        "table.crib": "Crib",
        "table.your_crib": "Votre crib",
        "table.crib_title": "{whose} : celui du donneur",
        "table.change_name": "changer de nom",
        "table.your_name": "votre nom",
        "table.save": "Enregistrer",
        "table.your_cards": "vos cartes",
        "table.keys": (
            "Touches : 1–6 choisir une carte · Entrée écarter ou compter · G Go · D annoncer · M muggins ·"
            " P passer"
        ),
        "table.invite_title": "Invitez vos amis",
        "table.invite_text": (
            "Envoyez à chaque ami son lien : il donne la place à une seule personne, la première qui"
            " l’ouvre."
        ),
        "table.deals": "Donne par donne",
        "table.log": "La partie",
        "table.rematch": "Revanche",
        "table.replay": "Revoir la partie",
        "table.lobby": "Salon",
        "table.look": "Voir la table",
        "table.see_result": "Voir le résultat",
        "table.watching_as": "Spectateur",
        "table.you_are": "Vous ({name})",
        "table.to": "en {target}",
        "table.one_deal": "une donne",
        "tag.dealer": "donneur",
        "tag.dealer_title": "le donneur",
        "tag.partner": "partenaire",
        "tag.invited": "invité",
        "tag.away": "absent",
        "status.dealing": "On mélange et on distribue…",
        "status.laid_wait": "Vous avez écarté : on attend que {who} écarte…",
        "status.counts_own.you": "{who} comptez {whose}…",
        "status.counts_own.one": "{who} compte {whose}…",
        "their.hand": "sa main",
        "their.crib": "son crib",
        "lobby.player_name": "Joueur {n}",
        "lobby.friend_name": "Ami",
        "lobby.friend_name_n": "Ami {n}",
        "lobby.computer_name": "Ordinateur ({level})",
        "lobby.computer_name_n": "Ordinateur {n} ({level})",
        "status.counts_other": "{who} compte {whose}…",
        "status.waiting.discard": "On attend que {who} écarte…",
        "status.waiting.play": "On attend que {who} joue…",
        "status.waiting.count": "On attend que {who} compte…",
        "status.waiting.muggins": "On attend que {who} réponde au muggins…",
        "status.waiting.other": "On attend {who}…",
        "status.lay_away.one": "Écartez {n} carte pour {crib} : choisissez, puis « Écarter ».",
        "status.lay_away.many": "Écartez {n} cartes pour {crib} : choisissez, puis « Écarter ».",
        "status.own_crib": "votre propre crib",
        "status.whose_crib.you": "votre crib",
        "status.whose_crib.one": "le crib {of}",
        "status.missed.one": "{who} a oublié {n} point : criez muggins pour le prendre ?",
        "status.missed.many": "{who} a oublié {n} points : criez muggins pour les prendre ?",
        "status.count_yours": "Comptez {whose} : laissez compter le moteur, ou annoncez vos points.",
        "status.play": "À vous : jouez une carte (compte {count}).",
        "status.go": "{cannot} : dites Go.",
        "status.your_turn": "À vous.",
        "whose_what.hand.you": "votre main",
        "whose_what.hand.one": "la main {of}",
        "whose_what.crib.you": "votre crib",
        "whose_what.crib.one": "le crib {of}",
        "error.not_turn": "Ce n’est pas à vous : on attend {who}.",
        "error.not_turn_plain": "Ce n’est pas à vous.",
        "error.lay_away_full.one": "Écartez {n} carte : cliquez sur une carte choisie pour la reprendre.",
        "error.lay_away_full.many": "Écartez {n} cartes : cliquez sur une carte choisie pour la reprendre.",
        "error.not_now": "Ce n’est pas le moment de jouer une carte : {status}",
        "error.choose.one": "Choisissez d’abord {n} carte à écarter.",
        "error.choose.many": "Choisissez d’abord {n} cartes à écarter.",
        "error.declare": (
            "Annoncez un nombre de points de {min} à {max}, ou appuyez sur « Comptez pour moi »."
        ),
        "error.not_connected": "pas de connexion : reconnexion en cours, réessayez dans un instant",
        "error.may_not": "vous ne pouvez pas la jouer maintenant",
        "error.no_link": "Pas de nouveau lien : {error}",
        "watch.new_link": "Le créateur de la table a donné un nouveau lien pour votre place : vous regardez.",
        "watch.bad_link": (
            "Ce lien d’invitation n’est pas valable (le créateur de la table en a peut-être fait un"
            " nouveau) : vous regardez."
        ),
        "watch.taken": "Cette place ({name}) est prise : vous regardez.",
        "watch.hidden": "{why} Les cartes des joueurs sont cachées.",
        "watch.plain": "Vous regardez : les cartes des joueurs sont cachées.",
        "button.lay_away": "Écarter {chosen}/{n}",
        "button.go": "Go",
        "button.count": "Comptez pour moi",
        "button.or_declare": "ou annoncez",
        "button.points": "points",
        "button.declare": "Annoncer",
        "button.muggins": "Muggins !",
        "button.pass": "Laisser",
        "invite.link_for": "lien d’invitation pour {name}",
        "invite.copy": "Copier",
        "invite.copied": "Copié",
        "invite.left": "a quitté la table",
        "invite.none": "aucun lien gardé ici",
        "invite.new": "Nouveau lien",
        "invite.new_title": (
            "Un nouveau lien pour cette place : le premier qui l’ouvre prend la place ; l’ancien lien ne"
            " marche plus"
        ),
        "deal.end": "Fin de la donne {deal} : {sides}",
        "deal.deal": "Donne",
        "deal.start": "début",
        "deal.total": "Total",
        "log.pegged_by": "marqué par {who}",
        "card.back": "une carte",
        "card.name": "{rank} de {suit}",
        "board.label": "planchette de {target} trous : {sides}",
        "board.side": "camp {side} au trou {hole}",
        "board.front": "fiche de tête : {hole}",
        "board.back": "fiche arrière : {hole}",
        "replay.doc": "Noddy — {title}, revue",
        "replay.title": "Revoir :",
        "replay.step": "coup {at} sur {last}",
        "replay.before": "Avant la première donne.",
        "replay.cannot": "Cette partie ne peut pas être revue : {error}",
        "replay.first": "le début (Début)",
        "replay.prev_deal": "la donne précédente (Page préc.)",
        "replay.prev": "un coup en arrière (←)",
        "replay.next": "un coup en avant (→)",
        "replay.next_deal": "la donne suivante (Page suiv.)",
        "replay.last": "la fin (Fin)",
        "replay.slider": "coup",
        "replay.keys": "Touches : ← → coup · PgPréc PgSuiv donne · Début Fin",
    },
}
"""The pages' phrases, per language."""

COUNTING: dict[str, dict[str, str]] = {
    "fr": {
        "corrected": (
            "l’arbitre marque le vrai compte, qu’on en ait annoncé trop ou trop peu, et dit qu’il l’a"
            " corrigé"
        ),
        "stands": (
            "un compte trop bas reste (les points oubliés sont perdus) ; un compte trop haut est ramené au"
            " vrai compte"
        ),
        "muggins": (
            "un compte trop bas reste et un adversaire peut prendre les points oubliés (muggins) quand la"
            " main est montrée, après le jeu pour les mains comptées avant ; un compte trop haut est corrigé"
        ),
    },
}
"""What each counting option (``hand.wrong_count``) does, in words other than the rules' own English."""

RULE_SETS: dict[str, dict[str, tuple[str, str]]] = {
    "fr": {
        "willughby": (
            "Le Noddy de Willughby (vers 1665-70)",
            "La liste de points de Willughby, l’un des rares textes de règles conservés : 3 cartes chacun"
            " et une retournée, partie en 31, suite de trois 2, couleurs 1 par carte, sans le 25 régional ;"
            " le jeu tel que le lit du Coeur",
        ),
        "strawberry": (
            "Nodde, selon Lady Mwynwen Ysginidd (« Strawberry »)",
            "Une reconstitution de la SCA d’après Willughby pour 2 à 4 joueurs : le 25 vaut 4, les suites"
            " de 3/4/5 valent 2/4/6, et les deux points du valet se marquent avant tout le reste",
        ),
        "noddy-rules": (
            "Noddy Rules (compilé de sources en ligne)",
            "Une compilation moderne à la manière du cribbage : 25 et couleurs 1 par carte en main et au"
            " jeu, 31 au jeu seulement, la donne passe à droite ; les cartes nommées de « quelques"
            " références » en option",
        ),
        "du-coeur": (
            "Noddy, reconstitué par Justin du Coeur (1996)",
            "La reconstitution de du Coeur d’après Willughby, la liste de points perdue refaite : suites et"
            " couleurs 1 par carte, pas de 25, les mains comptées avant le jeu, et le jeu s’arrête au"
            " premier Go",
        ),
        "early-cribbage": (
            "Cribbage ancien, reconstitué par Justin du Coeur (1996)",
            "Le Noddy de du Coeur avec un crib : 5 cartes, 2 chacun au crib du donneur, le non-donneur part"
            " de 3, partie en 61 avec lurch sous 45",
        ),
        "four-card": (
            "Noddy à quatre cartes (Jonny Groves)",
            "Une variante moderne pour 2 à 4 : 4 cartes chacun, partie en 61, quinzes 1 par carte, 25 et 31"
            " (1 par carte) au jeu seulement, et la retournée n’aide une couleur que pour en faire cinq",
        ),
        "crib-noddy-old": (
            "Crib Noddy, ancienne version (Jonny Groves, variante moderne)",
            "Une variante moderne de Jonny Groves (pas le « Cribbidge-Noddy » de Holme, 1688) : le Noddy à"
            " quatre cartes où chacun reçoit aussi 3 cartes de son propre crib, compté avec la retournée"
            " après le jeu",
        ),
        "crib-noddy-new": (
            "Crib Noddy, nouvelle version (Jonny Groves, variante moderne)",
            "Une variante moderne de Jonny Groves (pas le « Cribbidge-Noddy » de Holme, 1688) : Crib Noddy"
            " avec un choix : 6 cartes, chacun en garde 3 et en pose 3 face cachée comme son propre crib",
        ),
        "french": (
            "Noddy (page web française)",
            "Le jeu à 2 d’une page française : un valet retourné rapporte au non-donneur, 25 et 31 («"
            " Hitter ») valent 1 par carte en main, et après une seule donne le plus haut score gagne",
        ),
        "five-card-cribbage": (
            "Cribbage à cinq cartes (XVIIe-XIXe siècle)",
            "L’ancien cribbage à 2 : 5 cartes, 2 au crib du donneur, une seule série au jeu, le compte"
            " après le jeu, le non-donneur part de 3, partie en 61 avec lurch",
        ),
        "cribbage": (
            "Cribbage (le jeu moderne à six cartes)",
            "Le jeu moderne : 6 cartes et 2 au crib du donneur (à 3 : 5 chacun et une carte du talon ; à 4"
            " : en équipes), le compte repart après un Go ou 31, le compte des mains après le jeu, partie"
            " en 121 avec skunks",
        ),
    },
}
"""Each preset's title and summary in words other than its file's English."""


def counting_words(value: str, lang: str = "en") -> str:
    """What a counting option does, in ``lang`` (the rules field's own words in English)."""
    check_language(lang)
    return COUNTING.get(lang, {}).get(value) or field_spec("hand.wrong_count").choices[value]


def rule_set_words(name: str, title: str, summary: str, lang: str = "en") -> tuple[str, str]:
    """A rule set's title and summary in ``lang``; its own (English) ones where none is written."""
    check_language(lang)
    return RULE_SETS.get(lang, {}).get(name, (title, summary))


def page_phrases(lang: str = "en") -> dict[str, str]:
    """Every phrase a page may show in ``lang``: its own, the card names, the reasons points count
    under, the shared phrases the pages use ("you"), and the trainer page's."""
    check_language(lang)
    table = PAGE[lang] | LEARN_PAGE[lang]
    for rank, (letter, name) in RANKS[lang].items():
        table[f"rank.{rank}"] = name
        table[f"rank_letter.{rank}"] = letter
    for suit, name in SUITS[lang].items():
        table[f"suit.{suit}"] = name
    for reason, words in REASONS[lang].items():
        table[f"reason.{reason}"] = words
    table["you"] = PHRASES[lang]["you"]
    table.update(train_page_phrases(lang))
    return table
