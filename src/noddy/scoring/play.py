"""Scoring the play: what the last card laid scores, given the pile since the last reset.

>>> from noddy.rules import load_rules
>>> from noddy.cards import parse_cards
>>> [(str(i.kind), i.points) for i in score_play(parse_cards("5h 5d 5c"), load_rules("cribbage"))]
[('fifteen', 2), ('pair_royal', 6)]
"""

from __future__ import annotations

from collections.abc import Sequence

from noddy.cards import Card, Rank
from noddy.errors import IllegalActionError
from noddy.rules import Rules
from noddy.scoring.combos import is_run, pair_key, pair_kind
from noddy.scoring.faults import ScoringFault
from noddy.scoring.items import ScoreItem
from noddy.scoring.kinds import SUMS, Kind

__all__ = ["PLAY_LIMIT", "count_of", "last_card_item", "score_play"]

PLAY_LIMIT = 31
"""The count of the play never passes it: a card that would is not laid, and a seat with none
that fits says Go."""


def count_of(pile: Sequence[Card]) -> int:
    """The running count: the sum of the counting values of the cards laid since the last reset."""
    return sum(c.value for c in pile)


def score_play(pile: Sequence[Card], rules: Rules, *, turnup: Card | None = None) -> tuple[ScoreItem, ...]:
    """The items scored by the last card of ``pile`` (all cards laid since the last reset).

    ``turnup`` is needed only where the Knave or named cards score in the play. Where only the best
    combination scores (``play.combinations = "best"``) the Knave and a named card score besides it:
    they are the card's own points, not combinations. The last-card point is not included: the
    series' end decides it (see `last_card_item`).
    """
    pile = tuple(pile)
    if not pile:
        return ()
    count = count_of(pile)
    if count > PLAY_LIMIT:
        raise IllegalActionError(ScoringFault.OVER_LIMIT, pile=pile, count=count, limit=PLAY_LIMIT)
    play = rules.play
    items: list[ScoreItem] = []
    for facts in SUMS:
        assert facts.play_points is not None
        points = facts.play_points(rules)
        if count == facts.target and points.enabled:
            extra = play.thirty_one_extra if facts.kind is Kind.THIRTY_ONE else 0
            items.append(ScoreItem(facts.kind, pile, points.score(len(pile)) + extra))
    items += _top_pairs(pile, rules)
    items += _top_run(pile, rules)
    if play.flush:
        items += _top_flush(pile)
    if play.combinations == "best" and len(items) > 1:
        items = [max(items, key=lambda item: item.points)]
    last = pile[-1]
    if (
        rules.hand.knave
        and rules.hand.knave_when == "in_play"
        and turnup is not None
        and last.rank is Rank.JACK
        and last.suit == turnup.suit
    ):
        items.append(ScoreItem(Kind.KNAVE, (last,), rules.hand.knave))
    special = rules.special_cards
    if special.enabled and special.scored_in != "hand" and str(last) in dict(special.cards):
        items.append(ScoreItem(Kind.SPECIAL, (last,), dict(special.cards)[str(last)]))
    return tuple(items)


def _top_pairs(pile: tuple[Card, ...], rules: Rules) -> list[ScoreItem]:
    key = pair_key(pile[-1], rules.combinations)
    n = 1
    while n < len(pile) and pair_key(pile[-1 - n], rules.combinations) == key:
        n += 1
    if n < 2:
        return []
    kind, points = pair_kind(n, rules.combinations)
    return [ScoreItem(kind, pile[-n:], points)]


def _top_run(pile: tuple[Card, ...], rules: Rules) -> list[ScoreItem]:
    combos = rules.combinations
    for k in range(len(pile), 2, -1):
        top = pile[-k:]
        if is_run([int(c.rank) for c in top], combos.ace):
            return [ScoreItem(Kind.RUN, top, combos.run_points(k))]
    return []


def _top_flush(pile: tuple[Card, ...]) -> list[ScoreItem]:
    suit = pile[-1].suit
    k = 1
    while k < len(pile) and pile[-1 - k].suit == suit:
        k += 1
    return [ScoreItem(Kind.FLUSH, pile[-k:], k)] if k >= 3 else []


def last_card_item(card: Card, rules: Rules) -> ScoreItem | None:
    """The point for the last card of a series that did not reach 31 ("one for last", "go")."""
    return ScoreItem(Kind.LAST_CARD, (card,), rules.play.last_card) if rules.play.last_card else None
