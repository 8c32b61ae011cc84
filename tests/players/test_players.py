"""Computer players: legal choices, constructed positions, and inference that never contradicts a call."""

from __future__ import annotations

import ast
import random
from itertools import combinations
from pathlib import Path

import pytest

import noddy
import noddy.game
from helpers import dealt, run, states_of
from noddy.cards import DECK, parse_card, parse_cards
from noddy.errors import NoddyError
from noddy.game import Action, Phase, announced_items, new_game
from noddy.game.setup import at_deal
from noddy.players import (
    LEVELS,
    PLAYERS,
    GreedyPlayer,
    Oracle,
    OraclePlayer,
    StrongPlayer,
    make_player,
    next_action,
)
from noddy.players.discard import hand_means
from noddy.players.driver import run_game
from noddy.players.inference import announced, announced_hands, candidate_hands, evidence, signature
from noddy.players.means import turnups
from noddy.players.search import Search
from noddy.players.worlds import sample_worlds, world
from noddy.rules import load_rules, preset_names
from noddy.scoring import score_hand, total


def test_every_named_player_exists_and_unknown_names_are_refused() -> None:
    for name in [*PLAYERS, "oracle"]:
        assert make_player(name).name == name
    assert set(LEVELS) <= set(PLAYERS)
    with pytest.raises(NoddyError, match="unknown computer player 'grandmaster'"):
        make_player("grandmaster")
    with pytest.raises(NoddyError, match="unknown opponent model 'psychic': use one of minimax, points"):
        Search(0, (0, 0), opponents="psychic")


def test_inference_pins_the_hand_and_the_strong_player_denies_the_31() -> None:
    """The elder announced three fives with a five turned (a double pair royal, 20): after laying
    two of them, the last is known. With the count at 16 the King would give him 31; the 3 does not.
    Greedy, which only fears what any unseen card could do, lays the King."""
    state = dealt("willughby", {0: "5h 5d 5s", 1: "Kh 6c 3d"}, "5c")
    state = run(state, ["count", "count", "play 5h", "play 6c", "play 5d"])
    assert state.count == 16 and state.to_act == 1
    view = state.view(1)
    ev = evidence(view, 0)
    assert ev.announcement is not None and sum(p for _, _, p in ev.announcement) == 20
    hands = candidate_hands(view, ev, view.unseen(), random.Random(0))
    assert [set(h) for h in hands] == [set(parse_cards("5h 5d 5s"))]
    assert StrongPlayer().choose(view, view.legal, random.Random(0)) == Action.play(1, parse_card("3d"))
    assert GreedyPlayer().choose(view, view.legal, random.Random(0)) == Action.play(1, parse_card("Kh"))


def test_strong_player_takes_the_only_card_that_reaches_the_target() -> None:
    """Dealer on 29 of 31 at a count of 23: the 8 makes 31 and the game; the 3 scores nothing."""
    state = dealt("willughby", {0: "6h 7d Qc", 1: "8c 3c Ks"}, "4s", scores=(20, 27))
    state = run(state, ["count", "count"])
    assert state.scores == (20, 29)
    state = run(state, ["play 6h", "play Ks", "play 7d"])
    assert state.count == 23 and state.to_act == 1
    view = state.view(1)
    choice = StrongPlayer().choose(view, view.legal, random.Random(0))
    assert choice == Action.play(1, parse_card("8c"))
    after = state.apply(choice)
    assert after.is_over and after.winner == 1


def test_search_avoids_giving_a_31_in_a_known_world() -> None:
    state = dealt("willughby", {0: "5h 5d 5s", 1: "Kh 6c 3d"}, "5c")
    state = run(state, ["count", "count", "play 5h", "play 6c", "play 5d"])
    search = Search(side=1, base=state.scores)
    king = search.value(state.apply(Action.play(1, parse_card("Kh"))))
    three = search.value(state.apply(Action.play(1, parse_card("3d"))))
    assert three > king


@pytest.mark.slow
@pytest.mark.parametrize("name", ["willughby", "noddy-rules", "four-card", "french"])
def test_inference_is_sound_and_complete_on_real_games(name: str) -> None:
    """At every decision of the play, each candidate hand makes exactly the announced call, holds
    the cards laid, and fits every Go; and the opponent's true hand is always among them."""
    rules = load_rules(name)
    checked = 0
    for seed in range(6):
        state = run_game(new_game(rules, 2), [GreedyPlayer(), GreedyPlayer()], random.Random(seed))
        states = [s for s in states_of(state) if s.phase is Phase.PLAY and s.to_act is not None]
        for s in states[:12]:
            me = s.to_act
            assert me is not None
            view = s.view(me)
            other = 1 - me
            ev = evidence(view, other)
            hands = candidate_hands(view, ev, view.unseen(), random.Random(seed))
            assert s.held[other] in {tuple(h) for h in hands} or any(
                sorted(h) == sorted(s.held[other]) for h in hands
            ), "the true hand is never excluded"
            for hand in random.Random(seed).sample(hands, min(len(hands), 150)):
                assert set(ev.played) <= set(hand)
                if ev.announcement is not None:
                    assert view.turnup is not None
                    called = announced_items(rules, hand, view.turnup, receives_jack=ev.receives_jack)
                    assert signature(called) == ev.announcement
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("name", sorted(preset_names()))
def test_announced_hands_are_every_hand_that_makes_the_call(name: str) -> None:
    """The announced hands (the deal tables' filter, then the itemised count of the survivors) are
    exactly the hands of the pool, in its order, whose own call is the one made: checked against
    every hand of a pool of 20 cards, for calls of hands drawn from it (of the preset's size)."""
    rules = load_rules(name)
    rng = random.Random(name)
    size = rules.held_size()
    for _ in range(6):
        cards = rng.sample(DECK, 21)
        turnup, pool = cards[0], tuple(sorted(cards[1:], key=lambda c: c.index))
        jack = rng.random() < 0.5
        call = announced(rules, rng.sample(pool, size), turnup, jack)
        every = [h for h in combinations(pool, size) if announced(rules, h, turnup, jack) == call]
        found = announced_hands(rules, turnup, jack, call, pool, size)
        assert list(found) == every


@pytest.mark.parametrize("name", sorted(preset_names()))
def test_announced_signature_equals_the_itemised_call(name: str) -> None:
    """The memoised signature (by ranks, and by which cards share a suit, are Jacks or are named)
    is exactly what the itemised count announces, for random hands and turn-ups."""
    rules = load_rules(name)
    rng = random.Random(name)
    size = rules.held_size(2)
    for _ in range(400):
        *hand, turnup = rng.sample(DECK, size + 1)
        for receives in (False, True):
            expected = signature(announced_items(rules, hand, turnup, receives_jack=receives))
            assert announced(rules, hand, turnup, receives) == expected, (hand, turnup)


def test_every_action_gets_its_own_share_of_the_search() -> None:
    """With a budget too small to play the deal out, an action's value does not depend on where it
    stands among the legal actions (each has its own share, not what the ones before it left)."""
    rng = random.Random(3)
    state = at_deal(new_game(load_rules("cribbage"), 2), 0)
    while state.phase is not Phase.PLAY:
        chance = state.chance()
        if chance is not None:
            state = state.apply(chance.sample(rng))
        else:
            assert state.to_act is not None
            view = state.view(state.to_act)
            state = state.apply(GreedyPlayer().choose(view, view.legal, rng))
    assert state.phase is Phase.PLAY and state.to_act is not None
    view = state.view(state.to_act)
    worlds = sample_worlds(view, random.Random(0), 4)
    player = StrongPlayer(nodes=80)
    forward = player.values(worlds, view.legal, view)
    backward = player.values(worlds, view.legal[::-1], view)
    assert len(forward) == 4 and forward == backward


@pytest.mark.parametrize(
    ("name", "overrides"),
    [("cribbage", ()), ("cribbage", ("play.go_round=next_only",)), ("willughby", ()), ("four-card", ())],
)
def test_a_world_with_the_true_cards_is_the_true_position(name: str, overrides: tuple[str, ...]) -> None:
    """Filled in with the cards everyone really holds, a world agrees with the game on everything
    the play depends on: who has said Go, who laid last, and whether the last call was a Go."""
    rules = load_rules(name, overrides)
    checked = 0
    for seed in range(4):
        final = run_game(new_game(rules, 2), [GreedyPlayer(), GreedyPlayer()], random.Random(seed))
        for s in states_of(final):
            if s.phase is not Phase.PLAY or s.to_act is None:
                continue
            view = s.view(s.to_act)
            cribs = {seat: crib for seat, crib in enumerate(s.cribs) if crib}
            w = world(view, dict(enumerate(s.held)), cribs)
            assert (w.gone, w.last_player, w.last_was_go) == (s.gone, s.last_player, s.last_was_go)
            assert w.hands == s.hands and w.legal_actions() == s.legal_actions()
            checked += 1
    assert checked > 30


@pytest.mark.slow
@pytest.mark.parametrize("name", ["willughby", "cribbage", "crib-noddy-new", "early-cribbage"])
def test_strong_and_oracle_play_whole_games_legally(name: str) -> None:
    rules = load_rules(name)
    for seed, seats in enumerate([("strong", "greedy"), ("oracle", "strong")]):
        players = [make_player(s) for s in seats]
        state = run_game(new_game(rules, 2), players, random.Random(seed))
        assert state.winner is not None and state.scores[state.winner] >= rules.game.target, state.scores


def test_strong_player_discards_by_expected_value() -> None:
    """Cribbage, the opponent's crib: keeping 5-5-J-J (12 before the turn-up) beats anything else."""
    state = dealt("cribbage", {1: "5h 5d Jc Js 2c 9h"}, "4s", dealer=0)
    assert state.to_act == 1 and state.phase is Phase.DISCARD
    view = state.view(1)
    choice = StrongPlayer().choose(view, view.legal, random.Random(0))
    assert set(choice.cards) == set(parse_cards("2c 9h"))


SRC = Path(noddy.__file__).parent
BELOW_GAME = (
    "noddy.cards",
    "noddy.kinds",
    "noddy.errors",
    "noddy.rules",
    "noddy.scoring",
    "noddy.words",
    "noddy.game",
)


def _imports(package: str) -> list[tuple[str, ast.ImportFrom]]:
    found = []
    for path in sorted((SRC / package).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("noddy"):
                found.append((path.name, node))
    return found


def test_players_use_only_the_public_names_of_the_game() -> None:
    for name, node in _imports("players"):
        if node.module and node.module.startswith("noddy.game"):
            assert node.module == "noddy.game", f"players/{name} imports {node.module}"
            private = [a.name for a in node.names if a.name not in noddy.game.__all__]
            assert not private, f"players/{name} imports {private}, not in noddy.game.__all__"


def test_the_game_imports_nothing_above_it() -> None:
    for name, node in _imports("game"):
        assert node.module is not None and node.module.startswith(BELOW_GAME), f"game/{name}: {node.module}"


def test_the_driver_shows_the_true_state_to_an_oracle_only() -> None:
    oracle, greedy = OraclePlayer(), GreedyPlayer()
    assert isinstance(oracle, Oracle) and not isinstance(greedy, Oracle)
    state = new_game(load_rules("willughby"), 2)
    while state.to_act is None:
        state = state.apply(next_action(state, [oracle, greedy], random.Random(0)))
    action = next_action(state, [oracle, greedy] if state.to_act == 0 else [greedy, oracle], random.Random(0))
    assert oracle.state is state and action in state.legal_actions()


def test_a_discard_under_before_lay_away_weighs_the_turnup_shown() -> None:
    choices: dict[str, set[Action]] = {"greedy": set(), "strong": set()}
    for up in ("5c", "Jd", "4c"):
        state = dealt(
            "cribbage", {0: "2h 3d 7c 8s Kd Qc", 1: "As 2s 3s 4s 5s 6s"}, up, ["turnup.when=before_lay_away"]
        )
        view = state.view(0)
        assert state.phase is Phase.DISCARD and view.turnup == parse_card(up)
        assert turnups(view) == (view.turnup,)
        kept = parse_cards("7c 8s Kd Qc")
        exact = total(score_hand(kept, parse_card(up), state.rules))
        assert hand_means(view, [kept], turnups(view))[0] == exact
        choices["greedy"].add(GreedyPlayer().choose(view, view.legal, random.Random(0)))
        choices["strong"].add(StrongPlayer().choose(view, view.legal, random.Random(0)))
    assert len(choices["greedy"]) > 1 and len(choices["strong"]) > 1, choices
