"""The board table (`noddy.analysis.board`): the backward pass worked by hand on tiny deals, the
pegging order, its symmetry and monotonicity, and a kernel-built table held to games played out."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from noddy.analysis import BoardError, BoardTable, board, board_why_not
from noddy.analysis.board import build_table
from noddy.kernel import compiled, kernel_config
from noddy.rules import load_rules

pytestmark = pytest.mark.requires_kernel


def hand_made(deals: list[list[tuple[int, int]]], target: int = 2) -> np.ndarray:
    """The table of 2-player Willughby to ``target`` over ``deals`` (seat 0 dealing), as
    [dealer, side 1's score, side 0's score, side]."""
    config = kernel_config(load_rules("willughby", (f"game.target={target}",)), 2, None)
    return np.frombuffer(compiled.board_pass(config, deals)).reshape(2, target, target, 2)


def side0(table: np.ndarray, dealer: int, a: int, b: int) -> float:
    return float(table[dealer, b, a, 0])


def test_the_backward_pass_on_two_deals_worked_by_hand() -> None:
    # deal A: the pone (seat 1) pegs 1, then the dealer 1; deal B: the dealer pegs 2. Target 2.
    table = hand_made([[(1, 1), (0, 1)], [(0, 2)]])
    expected = {  # (dealer, side 0's score, side 1's): side 0's chance, worked out by hand
        (0, 1, 1): Fraction(1, 2),  # A: the pone counts out first; B: the dealer does
        (1, 1, 1): Fraction(1, 2),
        (0, 1, 0): Fraction(1),  # side 0 deals at 1: A gives it the second peg, B the game
        (1, 1, 0): Fraction(1, 2),
        (0, 0, 1): Fraction(1, 2),
        (1, 0, 1): Fraction(0),
        (0, 0, 0): Fraction(3, 4),  # A leads to 1-1 with side 1 to deal (1/2), B wins
        (1, 0, 0): Fraction(1, 4),
    }
    for (dealer, a, b), chance in expected.items():
        assert side0(table, dealer, a, b) == pytest.approx(float(chance), abs=1e-12), (dealer, a, b)
    assert np.allclose(table.sum(axis=-1), 1.0)


def test_a_deal_that_pegs_nothing_passes_the_deal_on() -> None:
    # as above with a third deal that pegs nothing: 0-0 solves W0 = 1/2 + W1/3, W1 = 1/6 + W0/3
    table = hand_made([[(1, 1), (0, 1)], [(0, 2)], []])
    assert side0(table, 0, 0, 0) == pytest.approx(5 / 8, abs=1e-12)
    assert side0(table, 1, 0, 0) == pytest.approx(3 / 8, abs=1e-12)
    assert side0(table, 0, 1, 1) == pytest.approx(1 / 2, abs=1e-12)


def test_the_side_that_pegs_first_wins_a_race() -> None:
    # both sides reach 5 from 4-4 in every deal; who gets there first decides
    pone_first = hand_made([[(1, 3), (0, 3)]], target=5)
    dealer_first = hand_made([[(0, 3), (1, 3)]], target=5)
    assert side0(pone_first, 0, 4, 4) == 0.0
    assert side0(dealer_first, 0, 4, 4) == 1.0
    # pegs taken in turn, as in the play: from 3-3 the dealer's second point comes first; from 3-4
    # the pone's first point does
    turns = hand_made([[(0, 1), (1, 1), (0, 1), (1, 1)]], target=5)
    assert side0(turns, 0, 3, 3) == 1.0
    assert side0(turns, 0, 3, 4) == 0.0
    assert side0(turns, 0, 4, 4) == 1.0


@pytest.fixture(scope="module")
def willughby() -> BoardTable:
    return build_table(load_rules("willughby"), deals=20_000, batches=4, seed=7)


def test_the_table_is_the_same_from_either_seat(willughby: BoardTable) -> None:
    t = willughby.target
    for a, b in [(0, 0), (5, 20), (30, 29), (17, 3)]:
        first = willughby.chance((a, b), 0)
        second = willughby.chance((b, a), 1)
        assert first == pytest.approx(second[::-1], abs=1e-12)
    assert np.allclose(willughby.array.sum(axis=-1), 1.0)
    assert willughby.chance((t, 3), 1) == (1.0, 0.0)
    assert willughby.chance((2, t + 4), 0) == (0.0, 1.0)


@pytest.mark.parametrize("table", ["willughby", "strawberry-3", "cribbage-4p"])
def test_many_boards_read_at_once_are_read_as_one_by_one(willughby: BoardTable, table: str) -> None:
    """`BoardTable.chances` (every board of a lay-away's deals at once) reads what `chance` reads,
    board by board, to the bit: won boards (a side at or past the target, ties to the first side),
    every dealer, and three sides."""
    found = {
        "willughby": lambda: willughby,
        "strawberry-3": lambda: build_table(load_rules("strawberry"), 3, deals=2000, batches=2, seed=1),
        "cribbage-4p": lambda: board(load_rules("cribbage"), 4, True),
    }[table]()
    rng = np.random.default_rng(5)
    scores = rng.integers(0, found.target + 3, size=(400, found.sides))
    scores[:5] = found.target  # every side at the target at once: the first side has it
    dealers = rng.integers(0, found.players, size=400)
    one_by_one = [
        found.chance(tuple(row), int(dealer)) for row, dealer in zip(scores.tolist(), dealers, strict=True)
    ]
    assert found.chances(scores, dealers).tolist() == [list(row) for row in one_by_one]
    with pytest.raises(ValueError, match="0 or more"):
        found.chances(-scores[:3], dealers[:3])
    with pytest.raises(ValueError, match="the dealer is a seat"):
        found.chances(scores[:3], dealers[:3] + found.players)
    with pytest.raises(ValueError, match="a row of"):
        found.chances(scores[:, :1], dealers)


def test_more_points_never_lower_a_sides_chance(willughby: BoardTable) -> None:
    mine = willughby.array[..., 0]  # [dealer, side 1's score, side 0's score]
    assert (np.diff(mine, axis=2) >= -1e-12).all()
    assert (np.diff(mine, axis=1) <= 1e-12).all()


def test_the_table_states_its_error_and_what_it_rests_on(willughby: BoardTable) -> None:
    assert 0 < willughby.error.half_width <= willughby.error.largest < 0.05
    assert willughby.error.deals == 20_000 and willughby.error.batches == 4
    assert "greedy" in willughby.error.describe()


def test_the_kernel_table_agrees_with_games_played_out(willughby: BoardTable) -> None:
    config = kernel_config(load_rules("willughby"), 2, None)
    rng = random.Random(3)
    won, expected, variance = 0, 0.0, 0.0
    for i in range(60):
        scores = (rng.randrange(31), rng.randrange(31))
        dealer = rng.randrange(2)
        p = willughby.chance(scores, dealer)[0]
        games = 200
        won += compiled.board_games(config, scores, dealer, games, 1000 + i, compiled.GREEDY)[0]
        expected += games * p
        variance += games * p * (1 - p)
    assert abs(won - expected) < 4 * variance**0.5


def test_a_single_deal_has_no_board() -> None:
    french = load_rules("french")
    assert "single deal" in board_why_not(french)
    with pytest.raises(BoardError, match="single deal"):
        board(french)


def test_four_sides_to_61_or_121_are_too_many_to_table() -> None:
    with pytest.raises(BoardError, match="too many"):
        board(load_rules("four-card"), 4, partners=False)
    assert "13,845,841 positions" in board_why_not(load_rules("four-card"), 4, partners=False)
    assert "214,358,881 positions" in board_why_not(load_rules("cribbage"), 4, partners=False)


def test_three_players_to_121_are_tabled() -> None:
    assert board_why_not(load_rules("cribbage"), 3) == ""
    # where the target is checked only at the end of a deal, the slower pass keeps the old limit
    late = load_rules("cribbage", ("game.win_at_once=false",))
    assert "1,771,561 positions" in board_why_not(late, 3)


def by_recursion(deals: list[list[tuple[int, int]]], target: int, players: int) -> dict:
    """Each side's chance from every position and dealer, by plain recursion over ``deals`` (seat 0
    dealing; each pegs something): the first side to reach the target wins; the deal passes left."""
    memo: dict[tuple[tuple[int, ...], int], tuple[Fraction, ...]] = {}

    def chance(scores: tuple[int, ...], dealer: int) -> tuple[Fraction, ...]:
        if (scores, dealer) in memo:
            return memo[scores, dealer]
        total = [Fraction(0)] * players
        for pegs in deals:
            now = list(scores)
            for seat, points in pegs:
                side = (seat + dealer) % players
                now[side] += points
                if now[side] >= target:
                    total[side] += 1
                    break
            else:
                later = chance(tuple(now), (dealer + 1) % players)
                total = [t + p for t, p in zip(total, later, strict=True)]
        memo[scores, dealer] = tuple(t / len(deals) for t in total)
        return memo[scores, dealer]

    return {(s, d): chance(s, d) for s in np.ndindex(*(target,) * players) for d in range(players)}


@pytest.mark.parametrize("players", [3, 4])
def test_the_pass_of_three_and_four_sides_is_the_plain_recursion(players: int) -> None:
    # random hand-made deals, some moving one side alone, some several: every gain the row pass
    # adds a row at a time or a position at a time, held to the recursion
    rng = random.Random(players)
    target = 7 if players == 3 else 5
    deals = [[(players - 1, 1)], [(0, 2)], [(1, 1), (1, 2)]]
    for _ in range(12):
        deals.append([(rng.randrange(players), rng.randrange(1, 4)) for _ in range(rng.randrange(1, 5))])
    rules = load_rules("strawberry", (f"game.target={target}",))
    config = kernel_config(rules, players, False)
    shape = (players, *(target,) * players, players)
    table = np.frombuffer(compiled.board_pass(config, deals)).reshape(shape)
    for (scores, dealer), expected in by_recursion(deals, target, players).items():
        got = table[(dealer, *scores[::-1])]
        assert got == pytest.approx([float(e) for e in expected], abs=1e-12), (scores, dealer)


@pytest.mark.slow
def test_three_players_of_cribbage_agree_with_games_played_out() -> None:
    rules = load_rules("cribbage")
    table = build_table(rules, 3, deals=8_000, batches=2, seed=2)
    assert table.array.shape == (3, 121, 121, 121, 3)
    assert np.allclose(table.array[:, ::7, ::7, ::7].sum(axis=-1), 1.0)
    config = kernel_config(rules, 3, False)
    rng = random.Random(5)
    won, expected, variance = 0, 0.0, 0.0
    for i in range(40):
        scores = (rng.randrange(121), rng.randrange(121), rng.randrange(121))
        dealer = rng.randrange(3)
        p = table.chance(scores, dealer)[dealer]
        won += compiled.board_games(config, scores, dealer, 100, 77 + i, compiled.GREEDY)[dealer]
        expected += 100 * p
        variance += 100 * p * (1 - p)
    assert abs(won - expected) < 4 * variance**0.5 + 4_000 * table.error.half_width


def test_three_players_each_for_himself() -> None:
    table = build_table(load_rules("strawberry"), 3, deals=4000, batches=2, seed=1)
    assert table.sides == 3 and table.array.shape == (3, 31, 31, 31, 3)
    assert np.allclose(table.array.sum(axis=-1), 1.0)
    n = 3
    for scores in [(0, 0, 0), (3, 17, 25), (30, 2, 9)]:
        for dealer in range(n):
            # dealer d's deals are dealer 0's with every seat moved round by d
            turned = tuple(scores[(q + dealer) % n] for q in range(n))
            seat0 = table.chance(turned, 0)
            mine = table.chance(scores, dealer)
            assert mine == pytest.approx(tuple(seat0[(j - dealer) % n] for j in range(n)), abs=1e-12)


def test_every_preset_ships_its_two_player_and_partners_tables() -> None:
    from noddy.analysis import store
    from noddy.rules import preset_names

    for name in preset_names():
        rules = load_rules(name)
        for players, partners in [(2, False), (4, True)]:
            if board_why_not(rules, players, partners):
                continue
            assert store.read(rules, players, partners) is not None, (name, players)


def test_the_row_pass_and_the_pass_a_position_at_a_time_give_the_same_table() -> None:
    # the benchmark's baseline (rows=False) is the same table, or its ratio would mean nothing
    for name, players in [("strawberry", 3), ("willughby", 2), ("four-card", 2)]:
        config = kernel_config(load_rules(name), players, False)
        rows = np.frombuffer(compiled.board_table(config, 600, 11, compiled.GREEDY))
        one_by_one = np.frombuffer(compiled.board_table(config, 600, 11, compiled.GREEDY, False))
        assert np.abs(rows - one_by_one).max() < 1e-12, name


def test_the_deals_are_played_by_the_policy_passed_in_and_nothing_else_is_taken_for_one() -> None:
    # the board's C (analysis) plays with the policy it is given, the greedy player's from players'
    # C through the engine: it names no layer above it
    config = kernel_config(load_rules("cribbage"), 2, False)
    for call in (
        lambda policy: compiled.board_table(config, 10, 1, policy),
        lambda policy: compiled.board_games(config, (0, 0), 0, 1, 1, policy),
        lambda policy: compiled.State(config).choose(policy),
    ):
        with pytest.raises(TypeError, match=r"a policy is one of the kernel's .*, not str"):
            call("greedy")
    assert sum(compiled.board_games(config, (0, 0), 0, 10, 1, compiled.GREEDY)) == 10
