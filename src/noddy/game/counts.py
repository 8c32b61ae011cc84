"""What a count counts: the items a hand or crib announces, as the rules put them, and who scores a
Jack turned up. The flow pegs these (`noddy.game.flow`); search and inference read them too."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from noddy.cards import Card
from noddy.game.state import CountTask, GameState, TaskKind
from noddy.rules import Rules
from noddy.scoring import Kind, ScoreItem, score_hand, turned_jack_item

__all__ = ["announced_items", "count_items", "jack_receiver"]


def count_items(state: GameState, task: CountTask) -> tuple[ScoreItem, ...]:
    """The true count of a task, as the rules itemise it (with the turned Jack where K3 puts it)."""
    rules = state.rules
    assert state.turnup is not None
    cards = state.cribs[task.seat] if task.what == TaskKind.CRIB else state.held[task.seat]
    receiver = jack_receiver(rules, state.dealer, state.elder)
    return announced_items(
        rules, cards, state.turnup, crib=task.what == TaskKind.CRIB, receives_jack=task.seat == receiver
    )


def jack_receiver(rules: Rules, dealer: int, elder: int) -> int:
    """The seat that scores a Jack turned up (K1)."""
    return dealer if rules.turnup.jack_to == "dealer" else elder


def announced_items(
    rules: Rules, cards: Sequence[Card], turnup: Card, *, crib: bool = False, receives_jack: bool = False
) -> tuple[ScoreItem, ...]:
    """What a hand (or crib) announces: its count, less a Knave pegged at the start (K5), with the
    turned Jack where the rules put it inside its receiver's announcement (K3). Memoised: search
    counts the same hands at many leaves."""
    return _announced(rules, tuple(cards), turnup, crib, receives_jack)


@lru_cache(maxsize=100_000)
def _announced(
    rules: Rules, cards: tuple[Card, ...], turnup: Card, crib: bool, receives_jack: bool
) -> tuple[ScoreItem, ...]:
    items = score_hand(cards, turnup, rules, crib=crib)
    if rules.hand.knave_when == "at_start":
        items = tuple(i for i in items if i.kind is not Kind.KNAVE)
    jack = turned_jack_item(turnup, rules)
    if jack is not None and rules.turnup.jack_when == "in_announcement" and not crib and receives_jack:
        items = (jack, *items)
    return items
