"""The terminal's own words, per language: ``noddy play`` and ``noddy replay`` (prompts, help at the
prompt, the lines around the events) and what ``noddy advise`` and ``noddy review`` say that the
pages do not (the words both share are `noddy.words.advise`'s and `noddy.words.review`'s). The
terminal styles and fills in the ``{fields}``; the events themselves are said by
`noddy.words.lines`. A key ending ``.one`` / ``.many`` is chosen by a count (one card, two cards)."""

from __future__ import annotations

import re

from noddy.rules import Rules
from noddy.words.calls import LANGUAGES, fill_phrase
from noddy.words.phrases import PHRASES

__all__ = ["TERMINAL", "record_name", "terminal_phrase", "unshown_note", "yes_or_no"]

TERMINAL: dict[str, dict[str, str]] = {
    "en": {
        "cards_help": (
            "a card is its number in your hand (1, 2, ...) or written as a rank (A, 2-9, 10 or T, J, Q,"
            " K) and a suit (c, d, h, s or ♣ ♦ ♥ ♠), e.g. 5h, 10d, J♠"
        ),
        "keys_help": (
            "At any prompt, ? shows help and q stops the game (saving the record if you gave --record)."
        ),
        "player": "Player {n}",
        "title": "{title} — {names} (seed {seed})",
        "partners": "Partners: {first} against {second}",
        "your_turn": "{name}, your turn: press Enter when only you can see the screen.",
        "crib.you": "The crib is yours.",
        "crib.one": "The crib is {name}'s.",
        "turnup": "Turned up: {cards}   Count: {count}",
        "pile": "Pile: {cards}",
        "hand": "Your hand: {cards}",
        "being_counted": "{whose}, being counted: {cards}",
        "show.face_up": "{whose}: {cards}, with {turnup} turned up",
        "show.unseen.theirs.call": (
            "{whose} is not shown: under these rules the hands are counted before the play, unseen, and"
            " only the call is heard."
        ),
        "show.unseen.theirs.declared": (
            "{whose} is not shown: under these rules the hands are counted before the play, unseen, and"
            " only the number declared is heard."
        ),
        "show.unseen.yours.call": (
            "The others do not see your hand: under these rules the hands are counted before the play,"
            " unseen, and they hear only your call."
        ),
        "show.unseen.yours.declared": (
            "The others do not see your hand: under these rules the hands are counted before the play,"
            " unseen, and they hear only the number you declare."
        ),
        "show.unseen.muggins": "Each hand is shown after the play, when a short count may be claimed.",
        "show.total": "→ {name}: {score}",
        "pause.count": "(Enter for the next count)",
        "pause.deal": "(Enter for the next deal)",
        "pause.help": "Enter: go on. {keys}",
        "score": "Score: {sides}",
        "score.side": "{name}: {score}",
        "score_to": "Score: {sides} (game {target})",
        "prompt.discard.one": "Lay {n} card away to the crib (by number or name, e.g. '{example}'):",
        "prompt.discard.many": "Lay {n} cards away to the crib (by number or name, e.g. '{example}'):",
        "prompt.declare.hand": (
            "Count your hand: press Enter to count it, or type the points you declare ({low}-{high}):"
        ),
        "prompt.declare.crib": (
            "Count your crib: press Enter to count it, or type the points you declare ({low}-{high}):"
        ),
        "prompt.muggins.one": "{name} missed 1 point in the count: claim it (muggins)? (y/n):",
        "prompt.muggins.many": "{name} missed {points} points in the count: claim them (muggins)? (y/n):",
        "prompt.go": "{cannot}: press Enter to say Go:",
        "prompt.play": "Play a card (number or card):",
        "prompt.play_or_go": "Play a card (number or card or 'go'):",
        "help.discard": "Lay cards away to the crib, separated by spaces: {cards_help}.",
        "help.declare": (
            "Press Enter and your count is made for you, item by item; or type a number to declare your"
            " own count (what happens to a wrong one is the rule hand.wrong_count: noddy rules show)."
        ),
        "help.muggins": "y: take the points the count missed (muggins); n: let them go.",
        "help.play": (
            "Play one card: {cards_help}. Type go (or press Enter) to say Go when you cannot play"
            " within {limit}."
        ),
        "yes": "y",
        "no": "n",
        "error.long_number": "{start}... is too long a number: {what}",
        "error.numbered": "your cards are numbered 1 to {n}",
        "error.not_a_number": "{n} is not a card number; {numbered}",
        "error.declare_range": "declare {low} to {high}",
        "error.count": "{text}: press Enter to count, or type a number such as 6",
        "error.yes_no": "answer y (claim the points) or n",
        "error.discard_none": "type the {need} card(s) to lay away, by number or name",
        "error.discard_count.one": (
            "lay away {need} card, not {given}: type its number or name, e.g. '{example}'"
        ),
        "error.discard_count.many": (
            "lay away {need} cards, not {given}: type their numbers or names, e.g. '{example}'"
        ),
        "error.go": (
            "you cannot say Go now ({reason}): type the card to play, by its number (1 to {n}) or its"
            " name, e.g. {number} or {card}"
        ),
        "stopped": "Game stopped.",
        "saved": "Record saved to {path}",
        "not_saved": "cannot save the record to {path}: {why}",
        "replay.hidden": "The game is not over: the hands stay hidden.",
        "replay.next": "(Enter for the next step)",
        "replay.help": "Enter: the next step; q: stop the replay.",
        "replay.hand": "{name}: {cards}",
        "replay.dealt": "The hands dealt:",
        "replay.stopped": "Replay stopped.",
        "verify.sound": "{file}: the record is sound",
        "verify.detail": "({n} actions; {result})",
        "verify.scores": "scores {scores}",
        "verify.draw": "a draw",
        "verify.won": "side {side} won",
        "advise.heading.own": "{cards} under {rules}; the crib is your own.",
        "advise.heading.yours": "{cards} under {rules}; the crib is yours.",
        "advise.heading.theirs": "{cards} under {rules}; the crib is the dealer's.",
        "advise.plot": "keep {keep}, lay {lay}: {total}",
        "advise.plot_chance": "chance",
        "advise.plot_points": "points this deal (hand and crib for your side)",
        "plot_saved": "Plot saved to {path}",
        "review.seat": "{name} (seat {seat})",
        "rules_changed": "{title}, with house rules: {changes}",
    },
    "fr": {
        "cards_help": (
            "une carte est son numéro dans votre main (1, 2, ...) ou s’écrit d’un rang (As, 2-9, 10, V, D,"
            " R ; A, T, J, Q, K se lisent aussi) et d’une couleur (♣ ♦ ♥ ♠, ou c, d, h, s pour trèfle,"
            " carreau, cœur, pique), par exemple 5h, 10d, V♠, Ash"
        ),
        "keys_help": (
            "À chaque question, ? donne l’aide et q arrête la partie (en enregistrant le compte rendu si"
            " vous avez donné --record)."
        ),
        "player": "Joueur {n}",
        "title": "{title} — {names} (graine {seed})",
        "partners": "Partenaires : {first} contre {second}",
        "your_turn": "{name}, à vous : appuyez sur Entrée quand vous seul voyez l’écran.",
        "crib.you": "Le crib est à vous.",
        "crib.one": "Le crib est à {name}.",
        "turnup": "Retournée : {cards}   Compte : {count}",
        "pile": "Sur la table : {cards}",
        "hand": "Votre main : {cards}",
        "being_counted": "{whose}, qu’on compte : {cards}",
        "show.face_up": "{whose} : {cards}, avec la retournée {turnup}",
        "show.unseen.theirs.call": (
            "{whose} n’est pas montrée : selon ces règles, les mains se comptent avant le jeu, sans être"
            " vues, et l’on n’en entend que l’annonce."
        ),
        "show.unseen.theirs.declared": (
            "{whose} n’est pas montrée : selon ces règles, les mains se comptent avant le jeu, sans être"
            " vues, et l’on n’en entend que le nombre annoncé."
        ),
        "show.unseen.yours.call": (
            "Les autres ne voient pas votre main : selon ces règles, les mains se comptent avant le jeu,"
            " sans être vues, et ils n’entendent que votre annonce."
        ),
        "show.unseen.yours.declared": (
            "Les autres ne voient pas votre main : selon ces règles, les mains se comptent avant le jeu,"
            " sans être vues, et ils n’entendent que le nombre que vous annoncez."
        ),
        "show.unseen.muggins": (
            "Chaque main est montrée après le jeu, quand un compte trop court peut être réclamé."
        ),
        "show.total": "→ {name} : {score}",
        "pause.count": "(Entrée pour le compte suivant)",
        "pause.deal": "(Entrée pour la donne suivante)",
        "pause.help": "Entrée : continuer. {keys}",
        "score": "Score : {sides}",
        "score.side": "{name} : {score}",
        "score_to": "Score : {sides} (partie en {target})",
        "prompt.discard.one": (
            "Écartez {n} carte pour le crib (par numéro ou par nom, par exemple «\u00a0{example}\u00a0») :"
        ),
        "prompt.discard.many": (
            "Écartez {n} cartes pour le crib (par numéro ou par nom, par exemple «\u00a0{example}\u00a0») :"
        ),
        "prompt.declare.hand": (
            "Comptez votre main : Entrée pour la faire compter, ou tapez les points que vous annoncez"
            " ({low}-{high}) :"
        ),
        "prompt.declare.crib": (
            "Comptez votre crib : Entrée pour le faire compter, ou tapez les points que vous annoncez"
            " ({low}-{high}) :"
        ),
        "prompt.muggins.one": "{name} a oublié 1 point dans son compte : le prendre (muggins) ? (o/n) :",
        "prompt.muggins.many": (
            "{name} a oublié {points} points dans son compte : les prendre (muggins) ? (o/n) :"
        ),
        "prompt.go": "{cannot} : Entrée pour dire Go :",
        "prompt.play": "Jouez une carte (numéro ou carte) :",
        "prompt.play_or_go": "Jouez une carte (numéro ou carte, ou «\u00a0go\u00a0») :",
        "help.discard": "Écartez des cartes pour le crib, séparées par des espaces : {cards_help}.",
        "help.declare": (
            "Appuyez sur Entrée et votre compte est fait pour vous, point par point ; ou tapez un nombre"
            " pour annoncer votre compte vous-même (ce qu’il advient d’un compte faux est la règle"
            " hand.wrong_count : noddy rules show)."
        ),
        "help.muggins": "o : prendre les points oubliés (muggins) ; n : les laisser.",
        "help.play": (
            "Jouez une carte : {cards_help}. Tapez go (ou Entrée) pour dire Go quand vous ne pouvez pas"
            " jouer sans dépasser {limit}."
        ),
        "yes": "o",
        "no": "n",
        "error.long_number": "{start}... est un nombre trop long : {what}",
        "error.numbered": "vos cartes sont numérotées de 1 à {n}",
        "error.not_a_number": "{n} n’est pas un numéro de carte ; {numbered}",
        "error.declare_range": "annoncez de {low} à {high}",
        "error.count": "{text} : Entrée pour compter, ou tapez un nombre, par exemple 6",
        "error.yes_no": "répondez o (prendre les points) ou n",
        "error.discard_none": "tapez les {need} carte(s) à écarter, par numéro ou par nom",
        "error.discard_count.one": (
            "écartez {need} carte, pas {given} : tapez son numéro ou son nom, par exemple"
            " «\u00a0{example}\u00a0»"
        ),
        "error.discard_count.many": (
            "écartez {need} cartes, pas {given} : tapez leurs numéros ou leurs noms, par exemple"
            " «\u00a0{example}\u00a0»"
        ),
        "error.go": (
            "vous ne pouvez pas dire Go maintenant ({reason}) : tapez la carte à jouer, par son numéro"
            " (1 à {n}) ou son nom, par exemple {number} ou {card}"
        ),
        "stopped": "Partie arrêtée.",
        "saved": "Compte rendu enregistré dans {path}",
        "not_saved": "impossible d’enregistrer le compte rendu dans {path} : {why}",
        "replay.hidden": "La partie n’est pas finie : les mains restent cachées.",
        "replay.next": "(Entrée pour la suite)",
        "replay.help": "Entrée : la suite ; q : arrêter de revoir la partie.",
        "replay.hand": "{name} : {cards}",
        "replay.dealt": "Les mains données :",
        "replay.stopped": "Partie revue arrêtée.",
        "verify.sound": "{file} : le compte rendu est sain",
        "verify.detail": "({n} actions ; {result})",
        "verify.scores": "scores {scores}",
        "verify.draw": "partie nulle",
        "verify.won": "le camp {side} a gagné",
        "advise.heading.own": "{cards} selon {rules} ; le crib est le vôtre.",
        "advise.heading.yours": "{cards} selon {rules} ; le crib est à vous.",
        "advise.heading.theirs": "{cards} selon {rules} ; le crib est au donneur.",
        "advise.plot": "garder {keep}, écarter {lay} : {total}",
        "advise.plot_chance": "probabilité",
        "advise.plot_points": "points de la donne (main et crib pour votre camp)",
        "plot_saved": "Graphique enregistré dans {path}",
        "review.seat": "{name} (place {seat})",
        "rules_changed": "{title}, avec des règles maison : {changes}",
    },
}
"""Each phrase of the terminal game per language, with ``{fields}`` the terminal fills in (and may
style)."""


def terminal_phrase(key: str, lang: str = "en", **values: object) -> str:
    """A phrase of the terminal in ``lang`` with its values filled in."""
    return fill_phrase(TERMINAL, key, lang, values)


def unshown_note(rules: Rules, whose: str, yours: bool, declared: bool, lang: str = "en") -> str:
    """Why a hand's count is heard but its cards are not laid face up: the rules count the hands
    before the play, unseen (``hand.when``), so the others hear only the call, or only the number
    ``declared``; under muggins (``hand.wrong_count``) each is shown after the play. ``yours``: said
    to the hand's holder."""
    who = "yours" if yours else "theirs"
    said = "declared" if declared else "call"
    note = terminal_phrase(f"show.unseen.{who}.{said}", lang, whose=whose)
    if rules.hand.wrong_count == "muggins":
        note += " " + terminal_phrase("show.unseen.muggins", lang)
    return note


def record_name(name: str, kind: str, lang: str = "en") -> str:
    """A seat's name as a record stores it (`Seat.name`) said in ``lang``: the terminal's person
    ("You", "Vous") and its numbered players ("Player 2", "Joueur 2"), and the names the web's lobby
    gives unnamed seats ("Computer (medium)", "Ordinateur 2 (moyen)", "Friend", "Ami 2"), written in
    any language, are said in ``lang``; any other name (a computer's own, a name a player chose) as
    it is written (a face writes out its control characters where it shows it: the terminal's
    console, `noddy.cli.common`)."""
    if kind == "human":
        if name in {PHRASES[other]["you"] for other in LANGUAGES}:
            return PHRASES[lang]["you"]
        for other in LANGUAGES:
            numbered = re.fullmatch(re.escape(TERMINAL[other]["player"]).replace(r"\{n\}", r"(\d+)"), name)
            if numbered:
                return terminal_phrase("player", lang, n=int(numbered.group(1)))
    return _lobby_name(name, kind, lang)


def _lobby_name(name: str, kind: str, lang: str) -> str:
    """A name the lobby gives an unnamed seat of ``kind`` (`lobby.computer_name` with its level's
    word, `lobby.friend_name`), in any language, said in ``lang``; any other name as it is written."""
    from noddy.words.page import PAGE  # the lobby's words; loaded only when a seat is named

    keys = ("friend_name", "friend_name_n") if kind == "human" else ("computer_name", "computer_name_n")
    for other in LANGUAGES:
        said_levels = ((key, words) for key, words in PAGE[other].items() if key.startswith("level."))
        levels = {words: key[len("level.") :] for key, words in said_levels}
        for key in keys:
            pattern = re.escape(PAGE[other][f"lobby.{key}"]).replace(r"\{level\}", "(?P<level>.+)")
            found = re.fullmatch(pattern.replace(r"\{n\}", r"(?P<n>\d+)"), name)
            level = found.groupdict().get("level") if found else None
            if found and (level is None or level in levels):
                said = PAGE[lang][f"level.{levels[level]}"] if level is not None else ""
                return PAGE[lang][f"lobby.{key}"].format(level=said, n=found.groupdict().get("n"))
    return name


def yes_or_no(answer: str, lang: str = "en") -> bool | None:
    """``True`` for a yes in ``lang`` (or the English ``y``), ``False`` for a no, else ``None``:
    the first letter of the answer is read."""
    letter = answer.strip().lower()[:1]
    if letter in (TERMINAL[lang]["yes"], TERMINAL["en"]["yes"]):
        return True
    if letter == TERMINAL[lang]["no"]:
        return False
    return None
