"""The strong player weighs more worlds at a partnership table (three hands hidden, the partner
searched as a friend who sees each world), the same node budget spread over them; with
``kept_weight`` its worlds at two players favour the hands the other seat would have kept."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import numpy.typing as npt
import pytest

from noddy.errors import NoddyError
from noddy.game import Action, ActionKind, GameState, Phase, PlayerView, new_game
from noddy.players import GreedyPlayer, StrongPlayer, make_player
from noddy.players.inference import candidate_hands, evidence, fits
from noddy.players.strong import PARTNER_WORLDS, WORLDS
from noddy.players.worlds import HANDS, kept_values, sample_worlds
from noddy.rules import load_rules


def _first_play(players: int) -> GameState:
    """The first play decision with a choice of a seeded cribbage game of greedy players."""
    return _play_with_cards_laid(players, 0, seed=3)


@pytest.mark.parametrize(("players", "worlds"), [(2, WORLDS), (3, WORLDS), (4, PARTNER_WORLDS)])
def test_hard_weighs_more_worlds_at_partners(players: int, worlds: int) -> None:
    state = _first_play(players)
    assert state.to_act is not None
    view = state.view(state.to_act)
    assert view.partners == (players == 4)
    hard = make_player("hard")
    assert isinstance(hard, StrongPlayer)
    assert len(hard.sample(view, random.Random(1))) == worlds


def test_worlds_given_are_weighed_at_any_table() -> None:
    state = _first_play(4)
    assert state.to_act is not None
    view = state.view(state.to_act)
    assert len(StrongPlayer(worlds=WORLDS).sample(view, random.Random(1))) == WORLDS
    assert WORLDS < PARTNER_WORLDS


def _play_with_cards_laid(players: int, laid: int, seed: int = 5) -> GameState:
    """A play decision with a choice of a seeded cribbage game of greedy players, once ``laid``
    cards have been laid this deal."""
    state = new_game(load_rules("cribbage"), players)
    return _greedy_until(
        state,
        random.Random(seed),
        lambda s: (
            s.phase is Phase.PLAY
            and s.to_act is not None
            and len(s.played) >= laid
            and len(s.legal_actions()) > 1
        ),
    )


def _greedy_until(
    state: GameState,
    rng: random.Random,
    done: Callable[[GameState], bool],
    seen: Callable[[PlayerView, Action], None] = lambda view, action: None,
) -> GameState:
    """``state`` played on by greedy players (chance from ``rng``) until ``done``; ``seen`` is
    shown each choice with the view it was made from."""
    while not done(state):
        chance = state.chance()
        if chance is not None:
            state = state.apply(chance.sample(rng))
            continue
        assert state.to_act is not None
        view = state.view(state.to_act)
        action = GreedyPlayer().choose(view, view.legal, rng)
        seen(view, action)
        state = state.apply(action)
    return state


def _splits(view: PlayerView, worlds: list[GameState]) -> npt.NDArray[np.float64]:
    """Each world's other seat's cards before its lay-away valued by `kept_values`, its own
    lay-away in the last column."""
    assert view.seat is not None
    other = 1 - view.seat
    rows = [
        [c.index for c in (*w.held[other], *(c for c in w.cribs[view.dealer] if c not in view.discards))]
        for w in worlds
    ]
    return kept_values(view.rules, np.array(rows, np.int64), 2, 1.0 if view.dealer == other else -1.0)


def test_hard_weighs_every_hand_the_view_allows_alike() -> None:
    hard = make_player("hard")
    assert isinstance(hard, StrongPlayer)
    assert hard.kept_weight == 0
    with pytest.raises(NoddyError, match="kept_weight"):
        StrongPlayer(kept_weight=-1)


@pytest.mark.parametrize("laid", [0, 3])
def test_kept_weight_draws_the_hands_a_seat_would_keep(laid: int) -> None:
    state = _play_with_cards_laid(2, laid)
    assert state.to_act is not None
    view = state.view(state.to_act)
    other = 1 - state.to_act
    alike = StrongPlayer().sample(view, random.Random(1))
    kept = StrongPlayer(kept_weight=1000).sample(view, random.Random(1))
    assert len(kept) == len(alike) == WORLDS
    best = _splits(view, kept)
    assert (best[:, -1] >= best.max(axis=1) - 1e-9).all()  # every world: the other's best lay-away
    uniform = _splits(view, alike)
    assert (uniform[:, -1] < uniform.max(axis=1) - 1e-9).sum() >= WORLDS // 2
    laid_by_other = {c for seat, c in view.played if seat == other}
    mine = {*view.hand, *view.held, *view.discards, *(c for _, c in view.played)}
    for w in kept:
        hand, crib = w.held[other], w.cribs[view.dealer]
        assert laid_by_other <= set(hand)
        assert set(view.discards) <= set(crib) and len(crib) == 4
        assert len({*hand, *crib, *w.held[view.seat], view.turnup}) == 13  # no card twice
        hidden = (set(hand) - laid_by_other) | (set(crib) - set(view.discards))
        assert not hidden & mine


def test_kept_weight_is_a_soft_prior() -> None:
    state = _play_with_cards_laid(2, 0)
    assert state.to_act is not None
    view = state.view(state.to_act)
    gaps = {
        weight: float(
            np.mean(
                [
                    (v.max(axis=1) - v[:, -1]).mean()
                    for seed in range(8)
                    for v in [
                        _splits(view, StrongPlayer(kept_weight=weight).sample(view, random.Random(seed)))
                    ]
                ]
            )
        )
        for weight in (0.0, 0.5, 2.0)
    }
    assert gaps[0.0] > gaps[0.5] > gaps[2.0] > 0


def test_kept_values_rank_greedys_lay_away_first_mostly() -> None:
    """By ranks alone (suits: no flush, the Knave at its mean), the value greedy's own lay-away
    (medium's) is most often the best of every split of its six cards."""
    rules = load_rules("cribbage")
    best = chosen = 0

    def seen(view: PlayerView, action: Action) -> None:
        nonlocal best, chosen
        if action.kind is ActionKind.DISCARD:
            kept = [c for c in view.hand if c not in action.cards]
            row = np.array([[c.index for c in (*kept, *action.cards)]], np.int64)
            values = kept_values(rules, row, 2, 1.0 if view.dealer == view.seat else -1.0)
            best += bool(values[0, -1] >= values.max() - 1e-9)
            chosen += 1

    for seed in range(20):
        _greedy_until(new_game(rules, 2), random.Random(seed), lambda s: s.phase is Phase.PLAY, seen)
    assert chosen == 40
    assert best >= 0.8 * chosen


@pytest.mark.parametrize("players", [3, 4])
def test_kept_weight_weighs_nothing_beyond_two_players(players: int) -> None:
    state = _play_with_cards_laid(players, 0)
    assert state.to_act is not None
    view = state.view(state.to_act)
    kept = StrongPlayer(kept_weight=2).sample(view, random.Random(1))
    alike = StrongPlayer().sample(view, random.Random(1))
    assert [w.held for w in kept] == [w.held for w in alike]
    assert [w.cribs for w in kept] == [w.cribs for w in alike]


def test_hard_draws_400_hands_a_seat() -> None:
    hard = make_player("hard")
    assert isinstance(hard, StrongPlayer)
    assert hard.world_hands == HANDS == 400
    with pytest.raises(NoddyError, match="world_hands"):
        StrongPlayer(world_hands=0)


@pytest.mark.parametrize("laid", [0, 3])
def test_as_few_hands_as_worlds_makes_each_hand_drawn_a_world(laid: int) -> None:
    state = _play_with_cards_laid(2, laid)
    assert state.to_act is not None
    view = state.view(state.to_act)
    other = 1 - state.to_act
    worlds = sample_worlds(view, random.Random(7), WORLDS, hands=WORLDS)
    seen = evidence(view, other)
    drawn = candidate_hands(view, seen, list(view.unseen()), random.Random(7), sample=WORLDS)
    assert [w.held[other] for w in worlds] == [tuple(hand) for hand in drawn]
    assert len(worlds) == WORLDS
    assert all(fits(view, seen, w.held[other]) for w in worlds)
    many = sample_worlds(view, random.Random(7), WORLDS)
    assert [w.held[other] for w in many] != [w.held[other] for w in worlds]  # 400 drawn, 16 picked
