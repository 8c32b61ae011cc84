"""The kernel's encoder of an engine view given as plain numbers (`noddy.engine.view_writer`): it
refuses numbers that are not a view of its table, saying which and what would do, and reads no
table larger than the kernel's. That it writes the Python encoder's numbers is
tests/research/test_tensors.py's."""

from __future__ import annotations

import numpy as np
import pytest

from noddy.engine import view_writer
from noddy.research.tensors import Encoder
from noddy.rules import load_rules

pytestmark = pytest.mark.requires_kernel


def _arguments(**changed: object) -> list[object]:
    """A two-player cribbage view's numbers in `ViewWriter.write`'s order, some changed."""
    view = {
        "seat": 0, "side": 0, "hand": 0b111111, "held": 0, "discards": 0, "own_crib": 0, "shown": 0,
        "pile": 0, "played": (0, 0), "turnup": -1, "count": 0, "place": 2, "dealer": 1, "to_act": 0,
        "scores": (0, 0), "sizes": (6, 6), "counting": -1, "counted_seat": -1, "declarer": -1, "missed": 0,
        "mask": None, "low": 0, "lay_away_from": 0,
    }  # fmt: skip
    view.update(changed)
    return list(view.values())


@pytest.fixture
def writer() -> object:
    made = view_writer(2, 2, Encoder(load_rules("cribbage"), 2, kernel=False).layout())
    assert made is not None
    return made


def test_a_view_is_written_whole(writer: object) -> None:
    out = np.full(491, 7.0, np.float32)
    writer.write(out, *_arguments())  # type: ignore[attr-defined]
    assert set(np.unique(out)) == {0.0, 1.0}
    assert out[:52].sum() == 6  # the hand


@pytest.mark.parametrize(
    ("changed", "said"),
    [
        ({"seat": 2}, "the seat is 2: give 0 to 1"),
        ({"hand": 1 << 52}, "the hand is not a set of cards"),
        ({"played": (0,)}, "the cards played by each seat: give a tuple of 2"),
        ({"scores": (0, -1)}, "scores (one a side): -1 (number 1) is not 0 to 1048575"),
        ({"turnup": 52}, "the turn-up is 52: give -1 to 51"),
        ({"place": 100}, "the phase's place 100 is none of the layout's"),
        (
            {"mask": np.zeros(171, np.int8), "lay_away_from": 1 << 6},
            "the cards laid away from are not all in the hand",
        ),
        ({"mask": np.zeros(170, np.int8)}, "mask must be 171 int8 numbers (or None)"),
        ({"mask": np.zeros(171, np.float32)}, "mask must be 171 int8 numbers (or None)"),
    ],
)
def test_numbers_that_are_no_view_of_the_table_are_refused_saying_which(
    writer: object, changed: dict[str, object], said: str
) -> None:
    with pytest.raises(ValueError, match=said.replace("(", r"\(").replace(")", r"\)")):
        writer.write(np.zeros(491, np.float32), *_arguments(**changed))  # type: ignore[attr-defined]


def test_the_mask_holds_the_actions_given_by_index_and_the_lay_aways_of_given_cards(writer: object) -> None:
    """Bits of ``low`` by index (a play of the card of that index, Go at 52...), and each lay-away
    (2 of the 6 cards, by their places in the hand sorted by card: the layout's) of cards among
    ``lay_away_from``: the 10 of the 5 lowest cards here, the 15 of the whole hand."""
    encoder = Encoder(load_rules("cribbage"), 2, kernel=False)
    mask = np.full(171, 7, np.int8)
    writer.write(np.zeros(491, np.float32), *_arguments(mask=mask, low=1 << 3 | 1 << 52))  # type: ignore[attr-defined]
    assert np.flatnonzero(mask).tolist() == [3, 52]
    hand = 0b1011111 << 10  # cards 10-14 and 16: card 16 at place 5
    without_16 = [56 + k for k, subset in enumerate(encoder.subsets) if 5 not in subset]
    for laid_from, expected in ((hand, list(range(56, 71))), (hand & ~(1 << 16), without_16)):
        writer.write(  # type: ignore[attr-defined]
            np.zeros(491, np.float32), *_arguments(hand=hand, mask=mask, lay_away_from=laid_from)
        )
        assert np.flatnonzero(mask).tolist() == expected
    assert len(without_16) == 10


def test_an_array_of_another_size_or_type_is_refused(writer: object) -> None:
    for out in (np.zeros(490, np.float32), np.zeros(491, np.float64)):
        with pytest.raises(ValueError, match="out must be 491 float32 numbers"):
            writer.write(out, *_arguments())  # type: ignore[attr-defined]


def test_no_writer_for_a_table_larger_than_the_kernels() -> None:
    layout = Encoder(load_rules("cribbage"), 2, kernel=False).layout()
    assert view_writer(5, 5, layout) is None
