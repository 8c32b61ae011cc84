"""The observation encoding and the action index (`noddy.research.tensors`): fixed sizes, a round
trip for every legal action, masks that are the legal actions, and the documented fields."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from helpers import sweep
from noddy.cards import Card, parse_cards
from noddy.errors import IllegalActionError
from noddy.game import DECLARE_RANGE, Action, GameState, PlayerView, new_game
from noddy.players import RandomPlayer, next_action
from noddy.research.tensors import Encoder
from noddy.rules import Rules, load_rules, preset_names

DOCS = Path(__file__).parents[2] / "docs" / "research.md"
TABLES = [(name, n) for name in preset_names() for n in load_rules(name).player_counts]


def random_game(name: str, players: int, seed: int) -> list[GameState]:
    """Every state of a random game (random players, the engine counting)."""
    state = new_game(load_rules(name), players)
    rng = random.Random(seed)
    seats = [RandomPlayer() for _ in range(players)]
    states = [state]
    while not state.is_over:
        state = state.apply(next_action(state, seats, rng))
        states.append(state)
    return states


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_every_legal_action_has_an_index_that_maps_back_and_the_mask_is_the_legal_actions(
    name: str, players: int
) -> None:
    encoder = Encoder(load_rules(name), players, declare=True)
    sizes = set()
    for state in random_game(name, players, seed=players):
        seat = state.to_act
        if seat is None or state.is_over:
            continue
        view = state.view(seat)
        observation = encoder.observe(view)
        sizes.add(observation.shape)
        assert observation.dtype == np.float32
        mask = encoder.mask(view)
        assert mask.shape == (encoder.num_actions,)
        legal = encoder.legal_indices(view)
        assert list(np.flatnonzero(mask)) == legal
        for index in legal:
            assert encoder.action(view, index) in view.legal
        for action in view.legal:
            assert encoder.action(view, encoder.action_index(view, action)) == action
        if view.legal.declare is not None:
            assert encoder.action(view, legal[-1]) == Action.declare(seat, 99)
    assert sizes == {(encoder.size,)}


def test_the_sizes_of_cribbage_for_two_players() -> None:
    encoder = Encoder(load_rules("cribbage"), 2, declare=True)
    # 52 plays, go, count, muggins, pass, the 15 ways to lay 2 of 6 away, declare 0-99.
    assert encoder.num_actions == 52 + 4 + 15 + 100
    assert encoder.size == 8 * 52 + 52 + 1 + 2 + 7 + 2 + 2 + 2 + 4 + 3
    without = Encoder(load_rules("cribbage"), 2, declare=False)
    assert without.num_actions == encoder.num_actions


def test_without_declarations_a_count_may_only_be_made_by_the_engine() -> None:
    encoder = Encoder(load_rules("willughby"), 2, declare=False)
    for state in random_game("willughby", 2, seed=3):
        if state.legal_actions().declare is not None:
            view = state.view(state.to_act)
            assert [encoder.action(view, i).kind for i in encoder.legal_indices(view)] == ["count"]
            break
    else:
        raise AssertionError("no count in a whole game")


def test_an_index_outside_the_space_is_refused_with_the_range() -> None:
    encoder = Encoder(load_rules("cribbage"), 2)
    view = random_game("cribbage", 2, seed=1)[3].view(0)
    with pytest.raises(ValueError, match=r"not one of 0-170"):
        encoder.action(view, 171)


def test_a_discard_is_named_by_the_positions_of_its_cards_in_the_sorted_hand() -> None:
    encoder = Encoder(load_rules("cribbage"), 2)
    state = next(
        s for s in random_game("cribbage", 2, seed=2) if s.legal_actions() and s.phase.value == "discard"
    )
    view = state.view(state.to_act)
    hand = sorted(view.hand, key=lambda card: card.index)
    first = encoder.action(view, encoder.declare_start - 15)
    assert first.cards == (hand[0], hand[1])
    assert encoder.action_names()[encoder.declare_start - 1] == "discard #4,5"


def test_the_docs_list_every_field_with_its_size() -> None:
    text = DOCS.read_text()
    encoder = Encoder(load_rules("cribbage"), 3)
    for field in encoder.fields:
        assert re.search(rf"^\| `{field.name}` \|", text, re.M), (
            f"docs/research.md does not list {field.name}"
        )


def test_seats_and_sides_are_counted_from_the_observer() -> None:
    encoder = Encoder(load_rules("cribbage"), 2)
    state = next(
        s for s in random_game("cribbage", 2, seed=5) if s.scores[0] != s.scores[1] and s.deal_number
    )
    fields = {f.name: f for f in encoder.fields}
    for seat in (0, 1):
        observed = encoder.observe(state.view(seat))
        scores = observed[fields["scores"].start : fields["scores"].stop] * 121
        assert list(np.rint(scores)) == [state.scores[seat], state.scores[1 - seat]]
        dealer = observed[fields["dealer"].start : fields["dealer"].stop]
        assert list(dealer) == ([1.0, 0.0] if state.dealer == seat else [0.0, 1.0])
        hand = observed[fields["hand"].start : fields["hand"].stop]
        assert {int(i) for i in np.flatnonzero(hand)} == {c.index for c in state.hands[seat]}


def test_a_discard_of_a_card_twice_or_not_in_the_hand_has_no_index() -> None:
    encoder = Encoder(load_rules("cribbage"), 2)
    hand = parse_cards("Ac 2c 3c 4c 5c 6c")
    assert encoder.index_in(hand, Action.discard(0, parse_cards("Ac 2c"))) == encoder.declare_start - 15
    for cards in ("2c 2c", "Ac Kd", "Ac 2c 3c"):
        with pytest.raises(IllegalActionError, match="has no index"):
            encoder.index_in(hand, Action.discard(0, parse_cards(cards, unique=False)))


@pytest.mark.parametrize(("name", "players"), sweep(TABLES))
def test_an_encoder_used_across_seats_branches_and_games_observes_as_a_fresh_one(
    name: str, players: int
) -> None:
    """The cards named in a deal's events are remembered per seat (`Encoder._named`): whatever was
    observed before (another seat, a branch that went another way, another game), an observation
    equals a new encoder's, and so does the legal actions' mask."""
    rules = load_rules(name)
    shared = Encoder(rules, players)
    rng = random.Random(7)
    for seed in range(2):
        for state in random_game(name, players, seed):
            if state.to_act is None:
                continue
            branches = [state]
            legal = list(state.legal_actions())
            if len(legal) > 1:
                branches.append(state.apply(rng.choice(legal[1:])))
            for branch in branches:
                for seat in rng.sample(range(players), players):
                    view = branch.view(seat)
                    fresh = Encoder(rules, players)
                    assert np.array_equal(shared.observe(view), fresh.observe(view))
                    assert np.array_equal(shared.mask(view), fresh.mask(view))


def states_with_declarations(rules: Rules, players: int, seed: int) -> list[GameState]:
    """Every state of a game of random action indices, declared counts included (so short counts
    and muggins come up where the rules have them)."""
    encoder = Encoder(rules, players, declare=True)
    state = new_game(rules, players)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        chance = state.chance()
        if chance is not None:
            state = state.apply(chance.sample(rng))
        else:
            view = state.view(state.to_act)
            state = state.apply(encoder.action(view, rng.choice(encoder.legal_indices(view))))
        states.append(state)
    return states


def with_new_cards(view: PlayerView) -> PlayerView:
    """The same view with every card of its own a new `Card` object (not the deck's)."""

    def fresh(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(Card(c.rank, c.suit) for c in cards)

    return replace(
        view,
        hand=fresh(view.hand),
        held=fresh(view.held),
        played=tuple((seat, Card(c.rank, c.suit)) for seat, c in view.played),
        turnup=None if view.turnup is None else Card(view.turnup.rank, view.turnup.suit),
    )


MUGGINS = ("hand.wrong_count=muggins",)


@pytest.mark.requires_kernel
@pytest.mark.parametrize(
    ("name", "players", "overrides"),
    sweep(
        [(name, n, ()) for name, n in TABLES]
        + [("cribbage", 2, MUGGINS), ("cribbage", 4, MUGGINS), ("four-card", 3, MUGGINS)]
    ),
)
def test_the_kernels_observations_are_the_python_encoders_for_every_seat_of_every_state(
    name: str, players: int, overrides: tuple[str, ...]
) -> None:
    """The kernel writes the observations and lists the legal actions by index (`Encoder` with
    ``kernel``); the Python encoder is the reference: the same numbers for every seat at every
    state of random games with declared counts, whatever each encoder observed before, and for
    cards that are not the deck's objects; the same actions (the engine's own objects) by index."""
    rules = load_rules(name, overrides)
    compiled, reference = (
        Encoder(rules, players, declare=True),
        Encoder(rules, players, declare=True, kernel=False),
    )
    assert compiled.in_kernel and not reference.in_kernel
    fields = {f.name: f for f in compiled.fields}
    seen = set()
    for seed in range(3):
        for state in states_with_declarations(rules, players, seed):
            for seat in range(players):
                view = state.view(seat)
                observed, mask = compiled.encode(view)
                expected = reference.encode(view)
                listed = compiled.legal_by_index(view)
                assert np.array_equal(observed, expected[0]), (name, players, seed, seat)
                assert np.array_equal(mask, expected[1])
                assert listed == reference.legal_by_index(view)
                declared = set(view.legal.declare.points) if view.legal.declare is not None else set()
                offered = {compiled.declare_start - DECLARE_RANGE.start + n for n in declared}
                assert set(np.flatnonzero(mask)) == set(listed) | offered
                assert all(action is view.legal[i] for i, action in enumerate(listed.values()))
                if seat == state.to_act:
                    assert np.array_equal(compiled.observe(with_new_cards(view)), observed)
                    assert np.array_equal(compiled.mask(view), mask)
                    assert compiled.legal_by_index(with_new_cards(view)).keys() == listed.keys()
                seen.update(f for f, field in fields.items() if observed[field.start : field.stop].any())
    assert seen >= set(fields) - {"own_crib", "muggins", "discards"}
    assert ("discards" in seen) == bool(compiled.lay_away)
    assert ("own_crib" in seen) == (rules.crib.kind == "own")
    assert ("muggins" in seen) == (rules.hand.wrong_count == "muggins")
