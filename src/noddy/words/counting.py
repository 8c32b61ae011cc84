"""A hand or crib as a player types it, read and counted: the one reading shared by ``noddy score``
and the count the browser makes offline (`noddy.offline`), so both refuse the same hands in the
same words."""

from __future__ import annotations

from collections.abc import Iterable

from noddy.cards import Card
from noddy.errors import CardError, RulesError
from noddy.rules import Rules
from noddy.scoring import ScoreItem, score_hand
from noddy.words.card_names import read_card, read_cards
from noddy.words.reasons import Reason

__all__ = ["check_size", "read_count"]


def check_size(rules: Rules, held: tuple[Card, ...], crib: bool) -> None:
    """Refuse a hand or crib of a size the rule set never deals, saying which sizes it deals."""
    counts = rules.player_counts
    sizes = sorted({rules.crib_size(n) if crib else rules.held_size(n) for n in counts} - {0})
    if crib and not sizes:
        raise RulesError(Reason("no_crib", rules=rules.name))
    if len(held) not in sizes:
        listed: object = str(sizes[0])
        if len(sizes) > 1:
            listed = Reason("either", first=", ".join(map(str, sizes[:-1])), last=sizes[-1])
        n = len(held)
        given = Reason(
            "cards_given_none" if n == 0 else "cards_given_one" if n == 1 else "cards_given", n=n, cards=held
        )
        raise CardError(
            Reason(
                "score_crib_size" if crib else "score_hand_size", rules=rules.name, sizes=listed, handed=given
            )
        )


def read_count(
    held_text: str | Iterable[str],
    turnup_text: str,
    rules: Rules,
    crib: bool,
    lang: str = "en",
    *,
    notation: bool = False,
) -> tuple[tuple[Card, ...], Card, tuple[ScoreItem, ...]]:
    """The cards as typed (French letters read as well as English, ``lang``'s alone first), and
    their count under ``rules``. With ``notation`` the cards are read as records write them
    ("As" is the Ace of spades whatever the language), as a batch's machine-made lines are."""
    reading = "en" if notation else lang
    held = read_cards(held_text if isinstance(held_text, str) else list(held_text), reading)
    turnup = read_card(turnup_text, reading)
    check_size(rules, held, crib)
    return held, turnup, score_hand(held, turnup, rules, crib=crib)
