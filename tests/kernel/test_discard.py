"""The lay-away's values in the kernel (discard.c) are the numpy path's, to the last bit.

`noddy.kernel.lay_away_values` groups the unseen cards by rank and by suit instead of scoring every
crib; these tests hold it to `noddy.players.discard.numpy_discard_values` (the reference) on random
views of every preset and table that lays away, house readings that make more items suit-dependent
(flushes, the Knave, named cards), a turn-up shown before the lay-away, and 3 and 4 players (where
numpy samples by default: here it enumerates every crib), and check strong's choices are unchanged.
"""

from __future__ import annotations

import random

import pytest

from helpers import lay_aways, sweep, tail, to_act_view
from noddy.kernel import lay_away_values, unsupported
from noddy.players import StrongPlayer, discard
from noddy.players.discard import numpy_discard_values
from noddy.rules import Rules, load_rules, preset_names

pytestmark = pytest.mark.requires_kernel

HOUSE = [
    (
        "cribbage",
        ("combinations.pairs_by=value", "combinations.ace=high_or_low", "hand.twenty_five=per_card"),
    ),
    ("cribbage", ("combinations.ace=around", "hand.thirty_one=2", "hand.flush=held_five", "crib.flush=any")),
    ("cribbage", ("special_cards.enabled=true", "special_cards.scored_in=both", "hand.knave=2")),
    (
        "cribbage",
        ("special_cards.enabled=true", "special_cards.turnup_counts=false", "turnup.jack_also_in_hand=true"),
    ),
    ("cribbage", ("turnup.when=before_lay_away", "crib.flush=held")),
    ("cribbage", ("hand.knave_when=in_play",)),
    ("crib-noddy-new", ("turnup.when=before_lay_away",)),
]
"""House readings no preset uses, so that every item the kernel splits by rank, suit or card is weighed."""


def _tables(rules: Rules) -> list[tuple[int, bool | None]]:
    out: list[tuple[int, bool | None]] = []
    for n in rules.player_counts:
        out += [(4, True), (4, False)] if n == 4 and rules.table.partners == "optional" else [(n, None)]
    return out


def _cases() -> list[tuple[str, tuple[str, ...], int, bool | None]]:
    out = []
    for name, overrides in [(name, ()) for name in preset_names()] + HOUSE:
        rules = load_rules(name, overrides)
        if rules.deal.shape(min(rules.player_counts)).discard == 0:
            continue
        out += [(name, overrides, n, partners) for n, partners in _tables(rules)]
    return out


def _case_id(case: tuple[str, tuple[str, ...], int, bool | None]) -> str:
    name, overrides, n, partners = case
    return f"{name}{'+' + ','.join(overrides) if overrides else ''}-{n}{'p' if partners else ''}"


@pytest.mark.parametrize("thirds", tail(range(1), range(1, 3)))
@pytest.mark.parametrize("case", sweep(_cases(), 2, single=True), ids=_case_id)
def test_the_kernel_weighs_every_discard_as_numpy(
    case: tuple[str, tuple[str, ...], int, bool | None], thirds: range, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first of every three positions in every run (4 of 12, or 1 of 2), the others in full."""
    name, overrides, n, partners = case
    rules = load_rules(name, overrides)
    assert not unsupported(rules, n)
    monkeypatch.setattr(discard, "MAX_CRIB_ROWS", 10**7)  # numpy enumerates every crib too
    many = n == 2 or rules.turnup.when == "before_lay_away" or rules.crib.kind != "dealer"
    states = lay_aways(rules, n, partners, seed=n, count=12 if many else 2)
    for state in [s for at, s in enumerate(states) if at % 3 in thirds]:
        view, legal = to_act_view(state)
        assert lay_away_values(view, legal) == numpy_discard_values(view, legal, random.Random(0))


@pytest.mark.slow
@pytest.mark.parametrize("positions", tail(range(8), range(8, 50)))
@pytest.mark.parametrize("case", [c for c in _cases() if c[2] == 2], ids=_case_id)
def test_the_kernel_weighs_many_discards_as_numpy(
    case: tuple[str, tuple[str, ...], int, bool | None], positions: range
) -> None:
    name, overrides, n, partners = case
    rules = load_rules(name, overrides)
    for state in lay_aways(rules, n, partners, seed=99, count=positions.stop)[positions.start :]:
        view, legal = to_act_view(state)
        assert lay_away_values(view, legal) == numpy_discard_values(view, legal, random.Random(0))


def test_discard_values_takes_the_kernel_where_it_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """Strong's lay-away is the same on both paths (where numpy enumerates); without the kernel,
    numpy's."""
    rules = load_rules("cribbage")
    states = lay_aways(rules, 2, None, seed=5, count=20)
    fast = [StrongPlayer(value="points").choose(*to_act_view(s), random.Random(0)) for s in states]
    monkeypatch.setattr(discard, "kernel_refusal", lambda *_: "switched off for the test")
    slow = [StrongPlayer(value="points").choose(*to_act_view(s), random.Random(0)) for s in states]
    assert fast == slow
    view, legal = to_act_view(states[0])
    assert discard.discard_values(view, legal, random.Random(0)) == numpy_discard_values(
        view, legal, random.Random(0)
    )


def test_a_bad_call_is_refused_with_what_is_wanted() -> None:
    from noddy.kernel import compiled, kernel_config

    config = kernel_config(load_rules("cribbage"), 2, None)
    with pytest.raises(ValueError, match="cards in the hand"):
        compiled.discard_values(config, 0b11, [0b100], 1 << 10, -1, 0, -1, 2)
    with pytest.raises(ValueError, match="a sign of 1 or -1"):
        compiled.discard_values(config, 0b11, [0b1], 1 << 10, -1, 0, 0, 2)
    with pytest.raises(ValueError, match="1 to"):
        compiled.discard_values(config, 0b11, [], 1 << 10, -1, 0, 1, 2)
