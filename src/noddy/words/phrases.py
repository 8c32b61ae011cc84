"""The fixed phrases of the faces, per language: the score command's headings and its turned-Jack
line, who receives a turned Jack, the end of the play, and the lines that end a game (its stake)."""

from __future__ import annotations

from noddy.rules import Rules
from noddy.scoring import PLAY_LIMIT, ScoreItem
from noddy.words.calls import check_language, fill_phrase, item_name

__all__ = [
    "PHRASES",
    "REASONS",
    "agree",
    "cannot_play",
    "count_heading",
    "jack_receiver_name",
    "number_text",
    "of_name",
    "person",
    "phrase",
    "play_end_line",
    "reason_name",
    "stake_line",
    "that_name",
    "turned_jack_line",
    "whose",
]

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "hand": "Hand",
        "crib": "Crib",
        "heading": "{what} {cards} with {turnup} turned up, under {rules}",
        "combination": "combination",
        "cards": "cards",
        "points": "points",
        "total": "total",
        "count_total": "Total: {total}",
        "dealer": "the dealer",
        "elder": "the elder hand (the non-dealer)",
        "turned_jack": "A Jack turned up: {points} to {who} for {name}, pegged apart from this count.",
        "stake": "A {stake}: it counts {games} games.",
        "cannot_play": "You cannot play within {limit}",
        "play_end": "The play ends.",
        "play_end_unplayed": "The play ends; {unplayed} card(s) not played.",
        "you": "You",
        "decimal": ".",
        "of.vowel": "{name}",
        "of.other": "{name}",
        "that.vowel": "{name}",
        "that.other": "{name}",
        "whose.hand.you": "Your hand",
        "whose.hand.one": "{name}'s hand",
        "whose.crib.you": "Your crib",
        "whose.crib.one": "{name}'s crib",
        "line.cut": "Cut for the deal: ",
        "line.cut_again": " (equal: cut again)",
        "line.dealer": "First dealer: {who}.",
        "line.compensation.one": "{who} pegs {points} before the first deal, for the dealer's first crib.",
        "line.compensation.many": "{who} peg {points} before the first deal, for the dealer's first crib.",
        "line.compensation.you": "{who} peg {points} before the first deal, for the dealer's first crib.",
        "line.deal.one": "{who} deals",
        "line.deal.many": "{who} deal",
        "line.deal.you": "{who} deal",
        "line.discard.one": "{who} lays cards away to the crib.",
        "line.discard.many": "{who} lay cards away to the crib.",
        "line.discard.you": "{who} lay cards away to the crib.",
        "line.turnup": "Turned up: ",
        "line.knave": "{who}: {words} {points}",
        "line.said": ": “{said}”",
        "line.declared": " — declared {count}",
        "line.corrected": ", corrected to {points}",
        "line.true_count": ", the true count is {true}; pegged {points}",
        "line.show.hand": "{whose} is shown: ",
        "line.show.crib": "{whose} is turned face up: ",
        "line.muggins.one": "{who} calls muggins and takes the {taken} missed.",
        "line.muggins.many": "{who} call muggins and take the {taken} missed.",
        "line.muggins.you": "{who} call muggins and take the {taken} missed.",
        "points.one": "{n} point",
        "points.many": "{n} points",
        "line.play.one": "{who} plays ",
        "line.play.many": "{who} play ",
        "line.play.you": "{who} play ",
        "line.count_now": ", count {count}",
        "line.play_call": " — {said}",
        "line.go": "{who}: Go",
        "line.last_card": "{who}: {name}",
        "line.reset": "The count goes back to 0.",
        "line.draw": "The game is a draw.",
        "line.win.one": "{who} wins the game.",
        "line.win.many": "{who} win the game.",
        "line.win.you": "{who} win the game.",
        "line.win_by.one": "{who} wins the game by {by}: {score}.",
        "line.win_by.many": "{who} win the game by {by}: {score}.",
        "line.win_by.you": "{who} win the game by {by}: {score}.",
        "holes.one": "{n} hole",
        "holes.many": "{n} holes",
        "by_points.one": "{n} point",
        "by_points.many": "{n} points",
        "score_to": "{won} to {lost}",
        "and": " and ",
    },
    "fr": {
        "hand": "Main",
        "crib": "Crib",
        "heading": "{what} {cards} avec {turnup} retournée, selon {rules}",
        "combination": "combinaison",
        "cards": "cartes",
        "points": "points",
        "total": "total",
        "count_total": "Total : {total}",
        "dealer": "le donneur",
        "elder": "le premier en main (celui qui ne donne pas)",
        "turned_jack": "Un valet retourné : {points} pour {who} ({name}), marqués à part de ce compte.",
        "stake": "Un {stake} : la partie compte pour {games}.",
        "cannot_play": "Vous ne pouvez pas jouer sans dépasser {limit}",
        "play_end": "Le jeu est fini.",
        "play_end_unplayed": "Le jeu est fini ; {unplayed} carte(s) non jouée(s).",
        "you": "Vous",
        "decimal": ",",
        "of.vowel": "d’{name}",
        "of.other": "de {name}",
        "that.vowel": "qu’{name}",
        "that.other": "que {name}",
        "whose.hand.you": "Votre main",
        "whose.hand.one": "La main {of}",
        "whose.crib.you": "Votre crib",
        "whose.crib.one": "Le crib {of}",
        "line.cut": "Coupe pour la donne : ",
        "line.cut_again": " (égalité : on recoupe)",
        "line.dealer": "Premier donneur : {who}.",
        "line.compensation.one": "{who} marque {points} avant la première donne, pour le crib du donneur.",
        "line.compensation.many": "{who} marquent {points} avant la première donne, pour le crib du donneur.",
        "line.compensation.you": "{who} marquez {points} avant la première donne, pour le crib du donneur.",
        "line.deal.one": "{who} donne",
        "line.deal.many": "{who} donnent",
        "line.deal.you": "{who} donnez",
        "line.discard.one": "{who} écarte des cartes pour le crib.",
        "line.discard.many": "{who} écartent des cartes pour le crib.",
        "line.discard.you": "{who} écartez des cartes pour le crib.",
        "line.turnup": "Carte retournée : ",
        "line.knave": "{who} : {words} {points}",
        "line.said": " : «\u00a0{said}\u00a0»",
        "line.declared": " — annoncé {count}",
        "line.corrected": ", corrigé à {points}",
        "line.true_count": ", le vrai compte est {true} ; marqué {points}",
        "line.show.hand": "{whose} est montrée : ",
        "line.show.crib": "{whose} est retourné : ",
        "line.muggins.one": "{who} crie muggins et prend {taken}.",
        "line.muggins.many": "{who} crient muggins et prennent {taken}.",
        "line.muggins.you": "{who} criez muggins et prenez {taken}.",
        "points.one": "le point oublié",
        "points.many": "les {n} points oubliés",
        "line.play.one": "{who} joue ",
        "line.play.many": "{who} jouent ",
        "line.play.you": "{who} jouez ",
        "line.count_now": ", compte {count}",
        "line.play_call": " — {said}",
        "line.go": "{who} : Go",
        "line.last_card": "{who} : {name}",
        "line.reset": "Le compte repart de 0.",
        "line.draw": "La partie est nulle.",
        "line.win.one": "{who} gagne la partie.",
        "line.win.many": "{who} gagnent la partie.",
        "line.win.you": "{who} gagnez la partie.",
        "line.win_by.one": "{who} gagne la partie de {by} : {score}.",
        "line.win_by.many": "{who} gagnent la partie de {by} : {score}.",
        "line.win_by.you": "{who} gagnez la partie de {by} : {score}.",
        "holes.one": "{n} trou",
        "holes.many": "{n} trous",
        "by_points.one": "{n} point",
        "by_points.many": "{n} points",
        "score_to": "{won} à {lost}",
        "and": " et ",
    },
}
"""Each phrase per language, with ``{fields}`` a face fills in (and may style)."""


REASONS: dict[str, dict[str, str]] = {
    "en": {
        "compensation": "before the first deal",
        "turnup": "turn-up",
        "knave": "Knave",
        "play": "play",
        "show": "show",
        "crib": "crib",
        "muggins": "muggins",
    },
    "fr": {
        "compensation": "avant la première donne",
        "turnup": "retournée",
        "knave": "valet",
        "play": "jeu",
        "show": "compte",
        "crib": "crib",
        "muggins": "muggins",
    },
}
"""What a deal's points count under (`EventFacts.reason`), per language, in the order a deal's
summary lists them."""


def reason_name(reason: str, lang: str = "en") -> str:
    """The words for what points count under in a deal's summary ("show", "crib")."""
    check_language(lang)
    return REASONS[lang][reason]


def phrase(key: str, lang: str = "en", **values: object) -> str:
    """A phrase in ``lang`` with its values filled in."""
    return fill_phrase(PHRASES, key, lang, values)


def number_text(value: float, lang: str = "en", digits: int = 2) -> str:
    """A number with ``digits`` decimals as ``lang`` writes it: "169.2" in English, "169,2" in French
    (the decimal mark is the phrase ``decimal``, which the pages have too).

    >>> number_text(-408.974, "fr"), number_text(169.25, "en", 1), number_text(100.0, "fr", 0)
    ('-408,97', '169.2', '100')
    """
    return f"{value:.{digits}f}".replace(".", phrase("decimal", lang))


def person(name: str, lang: str = "en") -> str:
    """Which form a verb takes after ``name``: ``you`` (the reader, alone or with a partner),
    ``many`` (two partners) or ``one``."""
    you = phrase("you", lang)
    if you in name.split(" & "):
        return "you"
    return "many" if " & " in name else "one"


def agree(key: str, who: str, lang: str = "en", **values: object) -> str:
    """The phrase ``key`` with its verb agreed with ``who``: "Ann plays", "You play", "Vous jouez"."""
    return phrase(f"{key}.{person(who, lang)}", lang, who=who, **values)


_VOWELS = frozenset("AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜaeiouyàâäéèêëîïôöùûü")


def of_name(name: str, lang: str = "en") -> str:
    """``name`` after "of" where the language says it so ("d’Ann", "de Bob"); in English the name."""
    return phrase("of.vowel" if name[:1] in _VOWELS else "of.other", lang, name=name)


def that_name(name: str, lang: str = "en") -> str:
    """``name`` after "that" where the language says it so ("qu’Ordinateur", "que Bob"): a French
    sentence "On attend que …" elides before a vowel; in English the name."""
    return phrase("that.vowel" if name[:1] in _VOWELS else "that.other", lang, name=name)


def whose(subject: str, name: str, lang: str = "en") -> str:
    """Whose hand or crib, at the start of a sentence: "Your hand", "Ann's crib", "La main d’Ann"."""
    form = "you" if name == phrase("you", lang) else "one"
    return phrase(f"whose.{subject}.{form}", lang, name=name, of=of_name(name, lang))


def cannot_play(lang: str = "en") -> str:
    """Why a seat must say Go: no card of its hand can be laid within the play's limit."""
    return phrase("cannot_play", lang, limit=PLAY_LIMIT)


def count_heading(what: str, cards: str, turnup: str, rules: str, lang: str = "en") -> str:
    """The heading of a count: "Hand 5♥ 5♦ 5♣ J♠ with 5♠ turned up, under Cribbage"."""
    return phrase("heading", lang, what=phrase(what, lang), cards=cards, turnup=turnup, rules=rules)


def jack_receiver_name(rules: Rules, lang: str = "en") -> str:
    """Who the rules give a turned Jack to, in words."""
    return phrase(rules.turnup.jack_to, lang)


def turned_jack_line(jack: ScoreItem, rules: Rules, lang: str = "en") -> str:
    """The score command's line for a Jack turned up, which its count leaves out."""
    name = item_name(jack, rules, lang)
    who = jack_receiver_name(rules, lang)
    return phrase("turned_jack", lang, points=jack.points, who=who, name=name)


def play_end_line(unplayed: int, lang: str = "en") -> str:
    """The line for the end of the play, with the cards left in hand (under a single series)."""
    return phrase("play_end_unplayed", lang, unplayed=unplayed) if unplayed else phrase("play_end", lang)


def stake_line(stake: tuple[str, int], lang: str = "en") -> str | None:
    """The line for a win worth more than one game ("A lurch: it counts 2 games."), else ``None``."""
    name, games = stake
    return phrase("stake", lang, stake=name, games=games) if games > 1 else None
