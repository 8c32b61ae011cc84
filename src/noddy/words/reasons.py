"""Why an action is refused, in words: a `Reason` is the English text every caller reads as a
string, and keeps its key and values so that a face can say it in the reader's language.

>>> from noddy.cards import Card
>>> why = Reason("over_limit", card=Card.parse("8c"), count=34, limit=31)
>>> why
'8c would make the count 34, over 31'
>>> why.say("fr")
'8♣ porterait le compte à 34, au-delà de 31'
"""

from __future__ import annotations

from typing import Any

from noddy.cards import Card, parse_cards
from noddy.errors import CardError, NoddyError
from noddy.words.calls import check_language
from noddy.words.card_names import card_text, cards_text
from noddy.words.reason_words import ReasonWords
from noddy.words.record_reasons import RECORD_REASON_WORDS

__all__ = ["PHASES", "REASON_WORDS", "REFUSALS", "STEPS", "Reason", "ReasonWords", "say_reason"]


REASON_WORDS: dict[str, ReasonWords] = {
    "over": ReasonWords("the game is over", "la partie est finie"),
    "chance": ReasonWords("chance must {kind} now", "le hasard doit d’abord agir ({kind})"),
    "chance_kind": ReasonWords(
        "chance must {kind} now, not {given}",
        "le hasard doit maintenant {kind}, pas {given}",
    ),
    "action_empty": ReasonWords(
        "empty action; write one of: {forms}",
        "action vide ; écrivez l’une de : {forms}",
    ),
    "action_word": ReasonWords(
        "cannot read action {text}: {word} is not one of: {forms}",
        "impossible de lire l’action {text} : {word} n’est pas l’une de : {forms}",
    ),
    "action_cards": ReasonWords(
        "cannot read action {text}: {word} needs cards, e.g. {example}",
        "impossible de lire l’action {text} : {word} demande des cartes, ainsi {example}",
    ),
    "action_number": ReasonWords(
        "cannot read action {text}: {word} needs a number, e.g. {example}",
        "impossible de lire l’action {text} : {word} demande un nombre, ainsi {example}",
    ),
    "action_extra": ReasonWords(
        "cannot read action {text}: {word} takes nothing after it",
        "impossible de lire l’action {text} : rien ne suit {word}",
    ),
    "deal_twice": ReasonWords(
        "a card is given twice in the arranged deal",
        "une carte est donnée deux fois dans la donne arrangée",
    ),
    "deal_many": ReasonWords(
        "seat {seat} is given {n} cards; the deal gives {dealt}",
        "le siège {seat} reçoit {n} cartes ; la donne en donne {dealt}",
    ),
    "partners_four": ReasonWords(
        "{rules}: partnerships need 4 players, not {n}; play without partners",
        "{rules} : jouer en équipes demande 4 joueurs, pas {n} ; jouez sans équipes",
    ),
    "partners_never": ReasonWords(
        "{rules}: table.partners is 'never' in these rules; play without partners",
        "{rules} : table.partners vaut 'never' dans ces règles ; jouez sans équipes",
    ),
    "partners_always": ReasonWords(
        "{rules}: table.partners is 'always' in these rules, so 4 players always play as partners; play"
        " with partners, or with fewer players",
        "{rules} : table.partners vaut 'always' dans ces règles, donc 4 joueurs jouent toujours en équipes"
        " ; jouez en équipes, ou à moins de joueurs",
    ),
    "replay_hidden": ReasonWords(
        "the cards are shown only once the game is over",
        "les cartes ne se montrent qu’une fois la partie finie",
    ),
    "shuffle_order": ReasonWords(
        "a shuffle must order all {cards} cards, each once",
        "un mélange doit ordonner les {cards} cartes, chacune une fois",
    ),
    "cut_cards": ReasonWords(
        "a cut for the deal needs {players} different cards, one a seat",
        "une coupe pour la donne demande {players} cartes différentes, une par siège",
    ),
    "dealer_seat": ReasonWords(
        "the dealer must be a seat from 0 to {last}",
        "le donneur doit être un siège de 0 à {last}",
    ),
    "turn_not_chance": ReasonWords(
        "it is seat {seat}'s turn, not chance's",
        "c’est au tour du siège {seat}, pas au hasard",
    ),
    "turn": ReasonWords("it is seat {seat}'s turn", "c’est au tour du siège {seat}"),
    "phase": ReasonWords(
        "in the {phase} you may: {allowed}",
        "à ce moment ({phase}) vous pouvez : {allowed}",
    ),
    "declare_range": ReasonWords(
        "a declared count is from {low} to {high} points, not {number}",
        "un compte annoncé va de {low} à {high} points, pas {number}",
    ),
    "discard_count": ReasonWords(
        "discard {need} different card(s) from your hand, not {given}",
        "écartez {need} carte(s) différente(s) de votre main, pas {given}",
    ),
    "discard_twice": ReasonWords(
        "discard {need} different card(s) from your hand: {card} is given twice",
        "écartez {need} carte(s) différente(s) de votre main : {card} est donnée deux fois",
    ),
    "discard_not_held": ReasonWords(
        "discard {need} different card(s) from your hand: not all of them are in it ({hand})",
        "écartez {need} carte(s) différente(s) de votre main : elles n’y sont pas toutes ({hand})",
    ),
    "one_card": ReasonWords("play one card at a time", "jouez une carte à la fois"),
    "not_held": ReasonWords(
        "{card} is not in your hand ({hand})",
        "{card} n’est pas dans votre main ({hand})",
    ),
    "over_limit": ReasonWords(
        "{card} would make the count {count}, over {limit}",
        "{card} porterait le compte à {count}, au-delà de {limit}",
    ),
    "must_play": ReasonWords(
        "you can lay a card within {limit}, and must",
        "vous pouvez poser une carte sans dépasser {limit}, et vous le devez",
    ),
    "go_at_zero": ReasonWords(
        "a Go needs a count to stop on: lay a card to begin the series",
        "un Go demande un compte où s’arrêter : posez une carte pour commencer la série",
    ),
    "early_not_discard": ReasonWords(
        "only a discard may be chosen before your turn, not {action}",
        "avant votre tour, vous ne pouvez qu’écarter, pas {action}",
    ),
    "laid_away": ReasonWords(
        "you have laid away already in this deal: wait for the others",
        "vous avez déjà écarté pour cette donne : attendez les autres",
    ),
    "seat_taken": ReasonWords(
        "this seat is taken: you can watch",
        "cette place est prise : vous pouvez regarder",
    ),
    "not_turn_chance": ReasonWords(
        "it is not your turn: the cards are being shuffled or cut",
        "ce n’est pas votre tour : les cartes sont mélangées ou coupées",
    ),
    "not_turn": ReasonWords(
        "it is not your turn: {who} (seat {seat}) is to act",
        "ce n’est pas votre tour : c’est à {who} (siège {seat}) de jouer",
    ),
    "moved_on": ReasonWords(
        "the game has moved on (you acted on move {seen}, it is now move {now}); look again and choose",
        "la partie a avancé (vous avez joué sur le coup {seen}, elle en est au coup {now}) ; regardez de"
        " nouveau et choisissez",
    ),
    "over_rematch": ReasonWords(
        "the game is over: start a rematch or go back to the lobby",
        "la partie est finie : lancez une revanche ou revenez au salon",
    ),
    "computer_tables": ReasonWords(
        "you have {n} tables of computer players only in play, the most one address may have: wait for one"
        " to end, or take a seat at the new table yourself",
        "vous avez {n} tables d’ordinateurs seuls en jeu, le plus qu’une adresse peut avoir : attendez"
        " qu’une finisse, ou prenez vous-même une place à la nouvelle table",
    ),
    "over_links": ReasonWords(
        "the game is over: make new links at its rematch",
        "la partie est finie : faites de nouveaux liens pour sa revanche",
    ),
    "names_kept": ReasonWords(
        "the game is over: the names in its record stay as they were",
        "la partie est finie : les noms de son compte rendu restent tels quels",
    ),
    "undo_people": ReasonWords(
        "undo is only for one person playing against computer players: {people} people play here, and an"
        " undo would take back another person's move",
        "on ne reprend un coup que seul contre l’ordinateur : {people} personnes jouent ici, et reprendre"
        " un coup reprendrait celui d’une autre",
    ),
    "undo_none": ReasonWords(
        "there is nothing of yours to take back in this deal: undo reaches back to your first move since"
        " the cards were shuffled, or since the turn-up was seen",
        "rien à reprendre de vous dans cette donne : on remonte au plus à votre premier coup depuis le"
        " mélange des cartes, ou depuis que la retournée est vue",
    ),
    "undo_over": ReasonWords(
        "the game is over: its result stands, and no move can be taken back",
        "la partie est finie : son résultat reste, aucun coup ne se reprend",
    ),
    "undo_watching": ReasonWords(
        "you are watching: only the person playing can take a move back",
        "vous regardez : seul le joueur peut reprendre un coup",
    ),
    "no_table": ReasonWords("there is no table {table}", "il n’y a pas de table {table}"),
    "control_text": ReasonWords(
        "the address holds a control character ({code}), which no table id, name or word has:"
        " check the link, or type the address again",
        "l’adresse contient un caractère de contrôle ({code}), qu’aucun numéro de table, nom ou mot"
        " ne contient : vérifiez le lien, ou retapez l’adresse",
    ),
    "body_too_large": ReasonWords(
        "request body too large: the limit is {limit} bytes",
        "corps de la requête trop long : la limite est de {limit} octets",
    ),
    "table_full": ReasonWords(
        "this table has {limit} connections, its limit: try again later",
        "cette table a {limit} connexions, sa limite : réessayez plus tard",
    ),
    "binary": ReasonWords(
        "send JSON text messages, not binary ones",
        "envoyez des messages JSON en texte, pas en binaire",
    ),
    "too_long": ReasonWords(
        "message too long: {length} characters, the limit is {limit}",
        "message trop long : {length} caractères, la limite est de {limit}",
    ),
    "not_json": ReasonWords(
        "not JSON ({why} at character {at}); send an object such as {example}",
        "ce n’est pas du JSON ({why} au caractère {at}) ; envoyez un objet comme {example}",
    ),
    "too_deep": ReasonWords(
        'JSON nested too deeply; send a flat object such as {{"type": "ping"}}',
        'JSON trop imbriqué ; envoyez un objet plat comme {{"type": "ping"}}',
    ),
    "no_type": ReasonWords(
        'send a JSON object with a "type": one of {types}',
        'envoyez un objet JSON avec un "type" : l’un de {types}',
    ),
    "hello_first": ReasonWords(
        'say {{"type": "hello"}} first (with your "secret" or "token", or neither to watch)',
        'dites d’abord {{"type": "hello"}} (avec votre "secret" ou "token", ou aucun des deux pour'
        " regarder)",
    ),
    "watcher_name": ReasonWords(
        "you are watching: only a player can name their seat",
        "vous regardez : seul un joueur peut nommer sa place",
    ),
    "watcher_rematch": ReasonWords(
        "only a player at the table can ask for a rematch",
        "seul un joueur de la table peut demander une revanche",
    ),
    "unknown_type": ReasonWords(
        "unknown message type {kind}; use one of: {types}",
        "type de message inconnu {kind} ; utilisez l’un de : {types}",
    ),
    "hello_twice": ReasonWords(
        "hello was already said on this connection",
        "hello a déjà été dit sur cette connexion",
    ),
    "secret_text": ReasonWords(
        '"secret" must be the seat secret the welcome gave you',
        '"secret" doit être la clé de place que l’accueil vous a donnée',
    ),
    "token_text": ReasonWords(
        '"token" must be the text after the # of your invite link',
        '"token" doit être le texte après le # de votre lien d’invitation',
    ),
    "link_not_here": ReasonWords(
        "this invite link is not for this table, or the table's maker has since made a new one for its"
        " seat: check that it was copied whole, or ask for a new link",
        "ce lien d’invitation n’est pas pour cette table, ou son créateur en a fait un nouveau pour cette"
        " place : vérifiez qu’il a été copié en entier, ou demandez un nouveau lien",
    ),
    "key_not_here": ReasonWords(
        "this seat key is not valid at this table: the table's maker may have given your seat a new invite"
        " link; you can watch, or ask for the link",
        "cette clé de place n’est pas valable à cette table : son créateur a peut-être donné un nouveau"
        " lien à votre place ; vous pouvez regarder, ou demander le lien",
    ),
    "watcher_act": ReasonWords(
        "you are watching: open your invite link to take a seat and play",
        "vous regardez : ouvrez votre lien d’invitation pour prendre une place et jouer",
    ),
    "other_seat": ReasonWords(
        "you sit in seat {seat}; a connection acts only for its own seat, not seat {other}",
        "vous êtes au siège {seat} ; une connexion n’agit que pour son propre siège, pas pour le siège"
        " {other}",
    ),
    "action_text": ReasonWords(
        '"action" must be text such as {examples}',
        '"action" doit être un texte comme {examples}',
    ),
    "seq_number": ReasonWords(
        '"seq" must be the move number of the state you saw',
        '"seq" doit être le numéro du coup de l’état que vous avez vu',
    ),
    "name_text": ReasonWords(
        '"name" must be a name of 1 to {most} letters',
        '"name" doit être un nom de 1 à {most} lettres',
    ),
    "lang_text": ReasonWords(
        '"lang" must be one of {languages}, not {lang}',
        '"lang" doit être l’une de {languages}, pas {lang}',
    ),
    "unknown_rules": ReasonWords(
        "unknown rule set {rules}; choose one of: {names}",
        "règles inconnues {rules} ; choisissez parmi : {names}",
    ),
    "no_board_table": ReasonWords(
        "the chance of winning is not tabled for {rules} played this way",
        "la chance de gagner n’est pas calculée pour {rules} joué ainsi",
    ),
    "one_me": ReasonWords(
        "only one seat can be yours ('me'); make the others 'here' (someone else at this device), friends"
        " or computer players",
        "une seule place peut être la vôtre ('me') ; mettez les autres à 'here' (quelqu’un d’autre sur cet"
        " appareil), à des amis ou à l’ordinateur",
    ),
    "unknown_level": ReasonWords(
        "unknown computer level {level}; choose one of: {levels}",
        "niveau d’ordinateur inconnu {level} ; choisissez parmi : {levels}",
    ),
    "seat_name": ReasonWords("seat {number}: {why}", "place {number} : {why}"),
    "too_fast": ReasonWords(
        "too many new tables: at most {per_minute} a minute, try again soon",
        "trop de nouvelles tables : au plus {per_minute} par minute, réessayez bientôt",
    ),
    "maker_only": ReasonWords(
        "only the table's maker can make a new invite link; that is not its key",
        "seul le créateur de la table peut faire un nouveau lien d’invitation ; ce n’est pas sa clé",
    ),
    "replay_over": ReasonWords(
        "a game can be replayed only when it is over; watch it at its table",
        "une partie ne se revoit qu’une fois finie ; regardez-la à sa table",
    ),
    "no_rule_set": ReasonWords("there is no rule set {name}", "il n’y a pas de règles {name}"),
    "not_on_lan": ReasonWords(
        "this server does not serve the local network: start it with noddy serve --lan",
        "ce serveur ne sert pas le réseau local : lancez-le par noddy serve --lan",
    ),
    "no_lan_address": ReasonWords(
        "this machine has no network address yet: turn on its hotspot or join a network",
        "cette machine n’a pas encore d’adresse réseau : activez son point d’accès ou rejoignez un réseau",
    ),
    "server_full": ReasonWords(
        "the server has {tables} tables in play, its limit: try again later",
        "le serveur a {tables} tables en jeu, sa limite : réessayez plus tard",
    ),
    "hints_alone": ReasonWords(
        "hints are only for a table of one person against computer players; this one has {people} people:"
        " switch hints off, or make the other seats computers",
        "les conseils ne sont que pour une table d’une personne contre l’ordinateur ; celle-ci compte"
        " {people} personnes : désactivez les conseils, ou mettez l’ordinateur aux autres places",
    ),
    "seat_count": ReasonWords(
        "{players} players need {players} seats, not {seats}",
        "{players} joueurs demandent {players} places, pas {seats}",
    ),
    "seat_kind": ReasonWords(
        "unknown seat kind {kind}; use human or one of: {kinds}",
        "type de place inconnu {kind} ; utilisez human ou l’un de : {kinds}",
    ),
    "rematch_over": ReasonWords(
        "a rematch can start only when the game is over",
        "une revanche ne commence qu’une fois la partie finie",
    ),
    "not_restored": ReasonWords(
        "table {table} cannot be restored: {why}",
        "la table {table} ne peut être rétablie : {why}",
    ),
    "either": ReasonWords("{first} or {last}", "{first} ou {last}"),
    "cards_given": ReasonWords("{n} cards given ({cards})", "{n} données ({cards})"),
    "cards_given_one": ReasonWords("1 card given ({cards})", "1 donnée ({cards})"),
    "cards_given_none": ReasonWords("no card given", "aucune donnée"),
    "score_hand_size": ReasonWords(
        "{rules} hands have {sizes} cards; {handed}", "les mains de {rules} ont {sizes} cartes ; {handed}"
    ),
    "score_crib_size": ReasonWords(
        "{rules} cribs have {sizes} cards; {handed}", "les cribs de {rules} ont {sizes} cartes ; {handed}"
    ),
    "no_crib": ReasonWords(
        "{rules} has no crib (crib.kind = 'none'); leave out --crib",
        "{rules} n’a pas de crib (crib.kind vaut 'none') ; retirez --crib",
    ),
    "offline_level": ReasonWords(
        "the computer level {level} does not play with no network; it plays at {levels}",
        "le niveau {level} de l’ordinateur ne joue pas sans réseau ; il joue au niveau {levels}",
    ),
    "offline_table": ReasonWords(
        "no game {table} here: a game with no network is named RULES-LEVEL-SEED, as cribbage-medium-7",
        "pas de partie {table} ici : une partie sans réseau se nomme RÈGLES-NIVEAU-GRAINE, comme"
        " cribbage-medium-7",
    ),
    "offline_api": ReasonWords(
        "{path} is not answered with no network; connect to use it",
        "{path} n’a pas de réponse sans réseau ; connectez-vous pour l’utiliser",
    ),
    "offline_points": ReasonWords(
        "points are a whole number from 0 to 999, not {points}",
        "les points sont un nombre entier de 0 à 999, pas {points}",
    ),
    "offline_seconds": ReasonWords(
        "a timed round lasts from 10 to 600 seconds, not {seconds}",
        "une manche chronométrée dure de 10 à 600 secondes, pas {seconds}",
    ),
    "player_unknown": ReasonWords(
        "unknown computer player {name}; known: {known}",
        "joueur de l’ordinateur inconnu {name} ; connus : {known}",
    ),
    "sim_games": ReasonWords(
        "the number of games must be at least 1, not {games}",
        "le nombre de parties est d’au moins 1, pas {games}",
    ),
    "score_request": ReasonWords(
        "expected a JSON object such as {example}", "il faut un objet JSON comme {example}"
    ),
    "score_keys": ReasonWords(
        "unknown keys {keys}; allowed: rules, held, turnup, crib, set, lang",
        "clés inconnues {keys} ; permises : rules, held, turnup, crib, set, lang",
    ),
    "score_required": ReasonWords(
        '"{field}" is required, as text such as {example}',
        '"{field}" est demandé, en texte comme {example}',
    ),
    "score_crib": ReasonWords(
        '"crib" must be true or false, not {crib}', '"crib" vaut true ou false, pas {crib}'
    ),
    "score_set": ReasonWords(
        '"set" must be a list of texts such as {example}', '"set" est une liste de textes comme {example}'
    ),
    "score_lang": ReasonWords(
        '"lang" must be one of {languages}, not {lang}', '"lang" est l’une de {languages}, pas {lang}'
    ),
    "score_not_utf8": ReasonWords(
        "not UTF-8 text (byte 0x{byte} at column {column})",
        "ce n’est pas du texte UTF-8 (octet 0x{byte} à la colonne {column})",
    ),
    "counting_unknown": ReasonWords(
        "counting must be one of: {known}", "la façon de compter (counting) est l’une de : {known}"
    ),
    "review_unweighed": ReasonWords(
        "move {number} ({move}) is not among the choices weighed",
        "le coup {number} ({move}) n’est pas parmi les choix pesés",
    ),
    "record_path_folder": ReasonWords(
        "--record {path} is a folder: give a file name, e.g. {example}",
        "--record {path} est un dossier : donnez un nom de fichier, par exemple {example}",
    ),
    "record_path_no_folder": ReasonWords(
        "--record {path}: the folder {folder} does not exist",
        "--record {path} : le dossier {folder} n’existe pas",
    ),
    "record_path_denied": ReasonWords(
        "--record {path}: you may not write there", "--record {path} : vous ne pouvez pas écrire là"
    ),
    "progress_unwritable": ReasonWords(
        "cannot write the progress file {path}: {why}",
        "impossible d’écrire le fichier de progrès {path} : {why}",
    ),
    "kernel_not_built": ReasonWords(
        "the compiled kernel is not built ({why}); build it with `pip install -e .` (it needs a C"
        " compiler, e.g. Debian's gcc) or `python setup.py build_ext --inplace`",
        "le noyau compilé n’est pas construit ({why}) ; construisez-le avec `pip install -e .` (il faut"
        " un compilateur C, comme gcc de Debian) ou `python setup.py build_ext --inplace`",
    ),
    "kernel_players_allowed": ReasonWords(
        "{players} players is not allowed by {rules}", "{players} joueurs ne sont pas permis par {rules}"
    ),
    "kernel_counted": ReasonWords(
        "the kernel counts up to {most} cards with the turn-up, not {counted}",
        "le noyau compilé compte jusqu’à {most} cartes avec la retournée, pas {counted}",
    ),
    "kernel_discards": ReasonWords(
        "the kernel lists up to {most} discards, not {listed}",
        "le noyau compilé énumère jusqu’à {most} écarts, pas {listed}",
    ),
    "progress_damaged": ReasonWords("damaged saved progress: {why}", "progrès enregistré abîmé : {why}"),
    "progress_version": ReasonWords(
        "expected saved progress of version 1 or {version}, found {found}",
        "il faut un progrès enregistré de version 1 ou {version}, pas {found}",
    ),
    "progress_missing": ReasonWords("{field} is missing", "{field} manque"),
    "progress_count": ReasonWords("expected a count, found {found}", "il faut un nombre, pas {found}"),
    "progress_seconds": ReasonWords("expected seconds, found {found}", "il faut des secondes, pas {found}"),
    "progress_stats": ReasonWords(
        "expected a kind's stats, found {found}", "il faut les chiffres d’une sorte, pas {found}"
    ),
    "progress_impossible": ReasonWords("impossible stats {found}", "chiffres impossibles {found}"),
    "progress_round": ReasonWords(
        "expected a timed round, found {found}", "il faut une manche chronométrée, pas {found}"
    ),
    "plot_format": ReasonWords(
        "cannot draw {path}: name a .png file (or one of: {formats})",
        "impossible de dessiner {path} : nommez un fichier .png (ou l’un de : {formats})",
    ),
    "plot_no_folder": ReasonWords(
        "cannot write {path}: there is no folder {folder}",
        "impossible d’écrire {path} : il n’y a pas de dossier {folder}",
    ),
    "plot_folder": ReasonWords(
        "cannot write {path}: it is a folder; name a .png file in it",
        "impossible d’écrire {path} : c’est un dossier ; nommez-y un fichier .png",
    ),
    "plot_denied": ReasonWords(
        "cannot write {path}: the folder {folder} is not writable",
        "impossible d’écrire {path} : on ne peut pas écrire dans le dossier {folder}",
    ),
    "sheet_no_browser": ReasonWords(
        "noddy rules sheet --pdf prints the rules page with Chromium (or Google Chrome), and found none"
        " ({why}): on Debian, apt-get install chromium; elsewhere, playwright install chromium. Without"
        " --pdf the command writes the page as HTML, which any browser prints",
        "noddy rules sheet --pdf imprime la page des règles avec Chromium (ou Google Chrome), et n’en a"
        " trouvé aucun ({why}) : sous Debian, apt-get install chromium ; ailleurs, playwright install"
        " chromium. Sans --pdf la commande écrit la page en HTML, que tout navigateur imprime",
    ),
    "sheet_unwritable": ReasonWords(
        "cannot write {path}: {why}; name a .pdf file in a folder you may write to",
        "impossible d’écrire {path} : {why} ; nommez un fichier .pdf dans un dossier où vous pouvez écrire",
    ),
    "waiting_here": ReasonWords(
        "too many connections from your address are waiting to say hello (at most {most}): say hello"
        " on those, or close them",
        "trop de connexions de votre adresse attendent de dire bonjour (au plus {most}) : dites bonjour"
        " sur celles-là, ou fermez-les",
    ),
    "waiting_all": ReasonWords(
        "the server has too many connections waiting to say hello: try again in a few seconds",
        "le serveur a trop de connexions qui attendent de dire bonjour : réessayez dans quelques secondes",
    ),
    "score_line": ReasonWords("line {number}: {why}", "ligne {number} : {why}"),
    "advise_watcher": ReasonWords(
        "a spectator lays nothing away: advice is for a seat",
        "qui regarde n’écarte rien : les conseils sont pour une place",
    ),
    "advise_nothing": ReasonWords(
        "this seat has nothing to lay away now", "cette place n’a rien à écarter maintenant"
    ),
    "round_seconds": ReasonWords(
        "a timed round lasts at least 1 second, not {seconds}",
        "une manche chronométrée dure au moins 1 seconde, pas {seconds}",
    ),
    "no_drill": ReasonWords(
        "{rules} has no drill of kind {kind}: its hands and play never score it; choose one of: {kinds}",
        "{rules} n’a pas d’exercice du genre {kind} : ses mains et son jeu ne le marquent jamais ;"
        " choisissez parmi : {kinds}",
    ),
    "no_question_found": ReasonWords(
        "no {kind} question found in {tries} deals of {rules}; try another kind",
        "aucune question du genre {kind} trouvée en {tries} donnes de {rules} ; essayez un autre genre",
    ),
    "offence_answer": ReasonWords(
        "answer {answer} is neither of the two ways: answer offence or defence",
        "la réponse {answer} n’est aucune des deux voies : répondez offence ou defence",
    ),
    "no_offence_drill": ReasonWords(
        "{rules} has no 'offence or defence?' drill: it needs a game to a target with a lay-away at two"
        " players, played by the kernel and covered by the board table",
        "{rules} n’a pas d’exercice « attaque ou défense ? » : il faut une partie à un but, avec un écart à"
        " deux joueurs, jouée par le noyau et couverte par la table du tableau",
    ),
    "no_offence_found": ReasonWords(
        "no position for 'offence or defence?' found in {games} games of {rules}",
        "aucune position pour « attaque ou défense ? » trouvée en {games} parties de {rules}",
    ),
    "store_down": ReasonWords(
        "the game's database cannot be reached just now: nothing was done; try again soon",
        "la base de la partie est injoignable pour l’instant : rien n’a été fait ; réessayez bientôt",
    ),
    "not_a_seat_key": ReasonWords(
        "that is not the key of a seat at this table",
        "ce n’est pas la clé d’une place à cette table",
    ),
    "no_hints": ReasonWords(
        "this table has no hints: they are switched on when a table is made",
        "cette table n’a pas de conseils : on les active quand on crée la table",
    ),
    "review_over": ReasonWords(
        "a game can be reviewed only when it is over",
        "une partie ne se revoit qu’une fois finie",
    ),
    "seat_not_here": ReasonWords(
        "seat {seat} is not at this table: choose a seat from 0 to {last}",
        "le siège {seat} n’est pas à cette table : choisissez un siège de 0 à {last}",
    ),
    "unknown_language": ReasonWords(
        "unknown language {lang}; known: {languages}",
        "langue inconnue {lang} ; connues : {languages}",
    ),
    "no_own_count": ReasonWords(
        "no count of your own hand or crib is being made now",
        "aucun compte de votre main ou de votre crib ne se fait maintenant",
    ),
    "no_question": ReasonWords(
        "no question {asked} is waiting for an answer: it was answered, expired or never asked",
        "aucune question {asked} n’attend de réponse : elle a reçu sa réponse, a expiré ou n’a jamais été"
        " posée",
    ),
    "no_position": ReasonWords(
        "no position {asked} is waiting for an answer: it was answered, expired or never asked",
        "aucune position {asked} n’attend de réponse : elle a reçu sa réponse, a expiré ou n’a jamais été"
        " posée",
    ),
    "not_a_person": ReasonWords(
        "seat {seat} is not a person's seat at this table; choose one of: {people}",
        "le siège {seat} n’est pas la place d’une personne à cette table ; choisissez parmi : {people}",
    ),
    "seat_connected": ReasonWords(
        "{name} is at the table (seat {seat}): a new link can be made only for a seat nobody took, or whose"
        " player has left",
        "{name} est à la table (siège {seat}) : un nouveau lien ne se fait que pour une place que personne"
        " n’a prise, ou dont le joueur est parti",
    ),
    "name_reserved": ReasonWords(
        "{name} cannot be a name: the table calls each player's own seat \"{word}\"; choose another",
        "{name} ne peut pas être un nom : la table appelle la place de chacun « {word} » ; choisissez-en un"
        " autre",
    ),
    "name_taken": ReasonWords(
        "{name} is already a seat's name at this table ({other}): give each seat its own name",
        "{name} est déjà le nom d’une place à cette table ({other}) : donnez à chaque place son propre nom",
    ),
    "engine_unknown": ReasonWords(
        "unknown engine {engine}; choose one of: {engines}",
        "moteur inconnu {engine} ; choisissez l’un de : {engines}",
    ),
    "kernel_cannot": ReasonWords(
        "the kernel cannot play this: {why}; use the engine 'python' (or 'auto')",
        "le noyau compilé ne peut pas jouer ceci : {why} ; prenez le moteur 'python' (ou 'auto')",
    ),
    "kernel_players": ReasonWords(
        "the kernel plays only {known} players, not {others}",
        "le noyau compilé ne joue que les joueurs {known}, pas {others}",
    ),
    "kernel_declare": ReasonWords(
        "the kernel counts every hand itself: it offers no declared counts (declare=True)",
        "le noyau compilé compte lui-même chaque main : il n’offre pas de comptes annoncés (declare=True)",
    ),
    "research_no_turn": ReasonWords(
        "no seat is to act now ({phase}): action {index} refused",
        "aucune place n’a la main maintenant ({phase}) : action {index} refusée",
    ),
    "research_declare_off": ReasonWords(
        "seat {seat} {action} is not offered: the engine makes every count (declare=False), so count"
        " is the action; env(..., declare=True) offers the declared counts",
        "place {seat} : {action} n’est pas proposé : le moteur fait chaque compte (declare=False), l’action"
        " est donc count ; env(..., declare=True) propose les comptes annoncés",
    ),
    "research_over": ReasonWords(
        "the game is over: reset() starts another",
        "la partie est finie : reset() en commence une autre",
    ),
    "research_not_legal": ReasonWords(
        "action {index} is not legal now; the legal ones are {legal}",
        "l’action {index} n’est pas permise maintenant ; les actions permises sont {legal}",
    ),
    "research_none": ReasonWords(
        "{agent} is to act: give an action index, not None",
        "{agent} a la main : donnez un indice d’action, pas None",
    ),
    **RECORD_REASON_WORDS,
}
"""The words of every reason an action or a request is refused for (the game's, the web's, the
commands' and, from `noddy.words.record_reasons`, a game record's), one record a key."""

REFUSALS: dict[str, dict[str, str]] = {
    lang: {key: getattr(words, lang) for key, words in REASON_WORDS.items()} for lang in ("en", "fr")
}
"""The same sentences per language, as the tables of phrases are read."""


_ENGLISH = REFUSALS["en"]

STEPS = {
    "fr": {
        "cut": "couper",
        "shuffle": "mélanger",
        "discard": "écarter",
        "count": "compter",
        "muggins": "muggins",
        "play": "jouer",
        "over": "fin",
        "go": "Go",
        "declare": "annoncer",
        "pass": "laisser",
        "dealer": "choisir le donneur",
        "deal": "donner",
        "turnup": "retourner",
    },
}
"""The kinds of action (and of chance's), as a refusal names them in French ("vous pouvez : Go,
jouer"); English says the notation's own words."""
PHASES = {
    "fr": {
        "cut": "la coupe",
        "shuffle": "le mélange",
        "discard": "l’écart",
        "count": "le compte",
        "muggins": "muggins",
        "play": "le jeu",
        "over": "la fin",
    },
}
"""The phases of a deal as a refusal names them in French ("à ce moment (le jeu) vous pouvez…")."""
_STEP_KEYS = frozenset({"allowed", "kind", "given"})


def _step(value: object, lang: str, table: dict[str, dict[str, str]] = STEPS) -> object:
    """A kind of action or a list of kinds (", ") in ``lang`` (a phase, from ``table`` `PHASES`)."""
    words = table.get(lang, {})
    if not isinstance(value, str):
        return value
    return ", ".join(words.get(part, part) for part in value.split(", "))


def _action(value: object, lang: str) -> object:
    """An action written in notation ("play Jh", "declare 3") as the player reads it in ``lang``."""
    if not isinstance(value, str):
        return value
    kind, _, rest = value.partition(" ")
    try:
        shown = cards_text(parse_cards(rest), lang) if rest and not rest.isdigit() else rest
    except CardError:
        shown = rest
    return " ".join(part for part in (str(_step(kind, lang)), shown) if part)


def _value(value: object, lang: str) -> object:
    if isinstance(value, Reason):
        return value.say(lang)
    if isinstance(value, NoddyError):
        from noddy.words.faults import say_error  # faults imports this module: imported when said

        return say_error(value, lang)
    if isinstance(value, Card):
        return card_text(value, lang)
    if isinstance(value, tuple) and all(isinstance(v, Card) for v in value):
        return cards_text(value, lang)
    return value


class Reason(str):
    """A refusal: reads as its English text, says itself in any language with `say`."""

    key: str
    values: dict[str, object]

    def __new__(cls, key: str, **values: object) -> Reason:
        # The engine makes a reason for every card it refuses while it searches: kept cheap.
        english = {k: " ".join(map(str, v)) if type(v) is tuple else v for k, v in values.items()}
        made = super().__new__(cls, _ENGLISH[key].format_map(english))
        made.key = key
        made.values = values
        return made

    def __getnewargs_ex__(self) -> tuple[tuple[Any, ...], dict[str, Any]]:
        return (self.key,), dict(self.values)

    def say(self, lang: str = "en") -> str:
        """The reason in ``lang`` as a player reads it, its cards as the player sees them ("8♣")."""
        check_language(lang)
        said = {k: _step(v, lang) if k in _STEP_KEYS else _value(v, lang) for k, v in self.values.items()}
        if "phase" in said:
            said["phase"] = _step(self.values["phase"], lang, PHASES)
        if "action" in said:
            said["action"] = _action(self.values["action"], lang)
        return REFUSALS[lang][self.key].format(**said)


def say_reason(reason: str, lang: str = "en") -> str:
    """A refusal said for a page in ``lang`` (cards with suit signs); text that is no `Reason` as it is."""
    return reason.say(lang) if isinstance(reason, Reason) else reason
