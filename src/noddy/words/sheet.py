"""The words of a rule set's handout (its rules page, printed, or ``noddy rules sheet``): its headings,
the table of scores (what each combination scores in a hand and in the play, said from the rule
set's values), and the worked hand's lines, in English and French.

>>> from noddy.rules import load_rules
>>> [(r.term, r.hand, r.play) for r in score_rows(load_rules("willughby"), ("run",))][1]
('run (sequence)', '3 cards 2, 4 cards 4, 5 cards 5, longer 1 a card', 'the same')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from noddy.cards import Card, parse_card
from noddy.rules import Points, Rules
from noddy.scoring import KINDS, Kind
from noddy.words.calls import card_name, check_language, fill_phrase, kind_term
from noddy.words.card_names import card_text, cards_text
from noddy.words.command_line import command_phrase
from noddy.words.phrases import jack_receiver_name

__all__ = ["SHEET", "ScoreRow", "score_rows", "sheet_phrase", "sheet_players", "worked_intro"]

SHEET: dict[str, dict[str, str]] = {
    "en": {
        "players": "For {players} players; {game}.",
        "scores": "What scores",
        "scores.what": "Combination",
        "scores.hand": "In a hand",
        "scores.play": "In the play",
        "scores.same": "the same",
        "scores.none": "—",
        "scores.per_card": "1 a card",
        "scores.run": "{n} cards {points}",
        "scores.longer": "longer 1 a card",
        "scores.turned": "{points} for {who}, when it is turned up",
        "scores.turned_counted": "{points} for {who}, in their own count",
        "scores.each_pair": "{points} for each pair",
        "worked": "A hand counted",
        "worked.intro": "{cards}, with the turn-up {turnup}, under these rules:",
        "worked.cards": "Cards",
        "worked.item": "Combination",
        "worked.points": "Points",
        "worked.total": "Running total",
        "worked.said": "Said aloud: “{call}”.",
        "sources": "Sources",
        "print": "Print these rules",
    },
    "fr": {
        "players": "À {players} joueurs ; {game}.",
        "scores": "Ce qui marque",
        "scores.what": "Combinaison",
        "scores.hand": "En main",
        "scores.play": "Au jeu",
        "scores.same": "de même",
        "scores.none": "—",
        "scores.per_card": "1 par carte",
        "scores.run": "{n} cartes {points}",
        "scores.longer": "plus longue 1 par carte",
        "scores.turned": "{points} pour {who}, quand il est retourné",
        "scores.turned_counted": "{points} pour {who}, dans son propre compte",
        "scores.each_pair": "{points} par paire",
        "worked": "Une main comptée",
        "worked.intro": "{cards}, avec la retournée {turnup}, selon ces règles :",
        "worked.cards": "Cartes",
        "worked.item": "Combinaison",
        "worked.points": "Points",
        "worked.total": "Total",
        "worked.said": "À voix haute : « {call} ».",
        "sources": "Sources",
        "print": "Imprimer ces règles",
    },
}
"""The handout's phrases, per language."""


def sheet_phrase(key: str, lang: str = "en", **values: object) -> str:
    """The handout's phrase ``key`` in ``lang``, its ``{fields}`` filled from ``values``."""
    return fill_phrase(SHEET, key, lang, values)


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One row of the table of scores: the combination's term, and what it scores in a hand and in
    the play (``play`` "the same" when both are alike; the dash where it scores nothing). A row that
    is neither (a Jack turned up) has its words in ``hand`` and ``play`` empty."""

    term: str
    hand: str
    play: str


def _points(points: Points, lang: str) -> str:
    if not points.enabled:
        return sheet_phrase("scores.none", lang)
    return sheet_phrase("scores.per_card", lang) if points.per_card else str(points.flat)


def _runs(rules: Rules, lang: str) -> str:
    values = sorted(rules.combinations.run_values)
    if not values:
        return sheet_phrase("scores.per_card", lang)
    said = [sheet_phrase("scores.run", lang, n=n, points=p) for n, p in values]
    return ", ".join([*said, sheet_phrase("scores.longer", lang)])


def _thirty_one(rules: Rules, lang: str) -> str:
    play = rules.play
    said = _points(play.thirty_one, lang)
    if play.thirty_one.enabled and play.thirty_one_extra:
        said = f"{said} + {play.thirty_one_extra}"
    return said


def _cells(kind: Kind, rules: Rules, lang: str) -> tuple[str, str]:
    """What ``kind`` scores in a hand and in the play under ``rules``."""
    none = sheet_phrase("scores.none", lang)
    hand, play = rules.hand, rules.play
    pairs = rules.combinations.pairs
    if kind == Kind.FIFTEEN:
        return _points(hand.fifteen, lang), _points(play.fifteen, lang)
    if kind == Kind.TWENTY_FIVE:
        return _points(hand.twenty_five, lang), _points(play.twenty_five, lang)
    if kind == Kind.THIRTY_ONE:
        return _points(hand.thirty_one, lang), _thirty_one(rules, lang)
    if kind in (Kind.PAIR, Kind.PAIR_ROYAL, Kind.DOUBLE_PAIR_ROYAL):
        points = str(pairs[(Kind.PAIR, Kind.PAIR_ROYAL, Kind.DOUBLE_PAIR_ROYAL).index(kind)])
        return points, points
    if kind == Kind.PAIRS:
        return (sheet_phrase("scores.each_pair", lang, points=pairs[0]),) * 2
    if kind == Kind.RUN:
        return _runs(rules, lang), _runs(rules, lang)
    if kind == Kind.FLUSH:
        per_card = sheet_phrase("scores.per_card", lang)
        return (per_card if hand.flush != "off" else none), (per_card if play.flush else none)
    if kind == Kind.KNAVE:
        return (none, str(hand.knave)) if hand.knave_when == "in_play" else (str(hand.knave), none)
    if kind == Kind.SPECIAL:
        named = ", ".join(f"{card_name(parse_card(text), lang)} {p}" for text, p in rules.special_cards.cards)
        where = rules.special_cards.scored_in
        return (named if where != "play" else none), (named if where != "hand" else none)
    if kind == Kind.LAST_CARD:
        return none, str(play.last_card) if play.last_card else none
    return none, none


def score_rows(rules: Rules, kinds: Iterable[str], lang: str = "en") -> tuple[ScoreRow, ...]:
    """The table of scores under ``rules``: a row for each of ``kinds`` (the score kinds its hands
    and play can make, as the glossary finds them) and for the play's go and 31, in the scorer's
    order, then the Jack turned up where it scores; each cell said from the rules' values."""
    check_language(lang)
    found = {*kinds, Kind.LAST_CARD, Kind.THIRTY_ONE}
    rows = []
    for kind in KINDS:
        if kind not in found or kind == Kind.TURNED_JACK:
            continue
        hand, play = _cells(kind, rules, lang)
        if play == hand and hand != sheet_phrase("scores.none", lang):
            play = sheet_phrase("scores.same", lang)
        rows.append(ScoreRow(kind_term(kind, rules, lang), hand, play))
    if Kind.TURNED_JACK in found and rules.turnup.jack_points:
        who = jack_receiver_name(rules, lang)
        when = "scores.turned" if rules.turnup.jack_when == "at_turn" else "scores.turned_counted"
        turned = sheet_phrase(when, lang, points=rules.turnup.jack_points, who=who)
        rows.append(ScoreRow(kind_term(Kind.TURNED_JACK, rules, lang), turned, ""))
    return tuple(rows)


def sheet_players(rules: Rules, lang: str = "en") -> str:
    """Who plays and to what: "For 2, 3, 4 players; game 121 up."."""
    single = rules.game.end == "single_deal"
    game = command_phrase("list.single_deal" if single else "list.target", lang, target=rules.game.target)
    players = ", ".join(str(n) for n in rules.player_counts)
    return sheet_phrase("players", lang, players=players, game=game)


def worked_intro(held: Sequence[Card], turnup: Card, lang: str = "en") -> str:
    """The worked hand's opening line: its cards and the turn-up."""
    return sheet_phrase("worked.intro", lang, cards=cards_text(held, lang), turnup=card_text(turnup, lang))
