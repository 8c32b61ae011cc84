"""Cards: notation, values, rank order, and clear errors for bad text."""

from __future__ import annotations

import enum
import importlib
import pickle
import pkgutil
from collections.abc import Callable

import pytest

import noddy.cards
from noddy.cards import DECK, Card, Rank, Suit, format_cards, parse_card, parse_cards
from noddy.errors import CardError, NoddyError
from noddy.rules import load_rules
from noddy.scoring import Kind, ScoreItem, score_hand


def test_deck_has_52_distinct_cards_in_index_order() -> None:
    assert len(set(DECK)) == 52
    assert all(card.index == i and Card.from_index(i) == card for i, card in enumerate(DECK))


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("Jh", "Jh"), ("10d", "10d"), ("Td", "10d"), ("t♥", "10h"), ("a♠", "As"), ("KC", "Kc"), ("q♦", "Qd")],
)
def test_notation_is_case_insensitive_and_canonical_on_output(text: str, canonical: str) -> None:
    assert str(parse_card(text)) == canonical
    assert Card.parse(str(parse_card(text))) == parse_card(text)


def test_a_card_pickles_back_as_the_decks_own_card() -> None:
    """A card pickles as its index (`Card.__reduce__`) and comes back as the deck's card itself."""
    for card in DECK:
        back = pickle.loads(pickle.dumps(card))
        assert back is card and back.index == card.index and back == card


def test_values_and_ranks_follow_the_common_model() -> None:
    """Ace low (1), court cards count 10 but rank 11-13 (rules reference §1)."""
    assert [Card(r, Suit.HEARTS).value for r in Rank] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert int(Rank.ACE) == 1 and int(Rank.KING) == 13


@pytest.mark.parametrize("token", ["1x", "11h", "Jx", "", "h", "10", "♥", "Zz"])
def test_bad_card_text_is_quoted_with_the_accepted_forms(token: str) -> None:
    with pytest.raises(CardError) as err:
        parse_card(token)
    message = str(err.value)
    assert repr(token) in message
    assert "rank" in message and "suit" in message
    assert isinstance(err.value, NoddyError) and isinstance(err.value, ValueError)


def test_parse_cards_reads_lists_and_refuses_duplicates() -> None:
    assert format_cards(parse_cards("Jh, 4d 5d")) == "Jh 4d 5d"
    assert format_cards(parse_cards("Jh 4d 5d"), pretty=True) == "J♥ 4♦ 5♦"
    with pytest.raises(CardError, match="Jh appears twice"):
        parse_cards("Jh 4d jh")
    assert len(parse_cards("Jh Jh", unique=False)) == 2


def test_repr_evaluates_to_the_same_card_with_the_names_noddy_cards_exports() -> None:
    names = {name: getattr(noddy.cards, name) for name in noddy.cards.__all__}
    for card in DECK:
        assert eval(repr(card), names) == card
    for rank in Rank:
        assert eval(repr(rank), names) is rank
    for suit in Suit:
        assert eval(repr(suit), names) is suit
    assert repr(parse_cards("Jh 10d")) == "(Card.parse('Jh'), Card.parse('10d'))"


def test_every_public_enum_of_noddy_has_a_repr_that_evaluates() -> None:
    modules = [importlib.import_module(m.name) for m in pkgutil.walk_packages(noddy.__path__, "noddy.")]
    names = {name: getattr(module, name) for module in modules for name in getattr(module, "__all__", ())}
    enums = [value for value in names.values() if isinstance(value, type) and issubclass(value, enum.Enum)]
    assert {"Phase", "Kind", "EventKind", "Rank", "Suit"} <= {e.__name__ for e in enums}
    for member in (member for kind in enums for member in kind):
        assert eval(repr(member), names) is member, repr(member)


def test_a_score_item_repr_evaluates() -> None:
    names = {name: getattr(noddy.cards, name) for name in noddy.cards.__all__}
    names |= {"ScoreItem": ScoreItem, "Kind": Kind}
    items = score_hand(parse_cards("5h 5d Jc"), parse_card("5s"), load_rules("cribbage"))
    assert items and all(eval(repr(item), names) == item for item in items)


@pytest.mark.parametrize(
    ("make", "quoted"),
    [
        (lambda: Rank(14), "14 is not a rank"),
        (lambda: Rank(0), "0 is not a rank"),
        (lambda: Suit("x"), "'x' is not a suit"),
        (lambda: Card(11, "h"), "Card(11, 'h') is not a card"),  # type: ignore[arg-type]
        (lambda: Card.from_index(52), "52 is not a card index"),
        (lambda: Card.from_index(-1), "-1 is not a card index"),
        (lambda: parse_card(None), "cannot read card None"),  # type: ignore[arg-type]
        (lambda: parse_cards(5), "cannot read cards 5"),  # type: ignore[arg-type]
        (lambda: parse_cards(["Jh", 7]), "cannot read card 7"),  # type: ignore[list-item]
    ],
)
def test_bad_values_are_card_errors_not_python_errors(make: Callable[[], object], quoted: str) -> None:
    with pytest.raises(CardError) as err:
        make()
    assert quoted in str(err.value)
