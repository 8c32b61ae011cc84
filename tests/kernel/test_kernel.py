"""The compiled kernel against the readable engine: the same games, action by action.

The engine (`noddy.game`) is the reference. Random games of every preset, at every table it allows
(with and without partners where both are allowed), and of house readings no preset uses, are
played through both in lockstep: the Python driver draws chance and chooses among the engine's legal
actions (sometimes declaring a count, near the true one, to reach corrections and muggins), feeds
the same action to both, and after each one the kernel must list the same legal actions and show
the same scores, phase, seat to act and events (kind, seat, points). `make test` plays a few seeds
of each table and reading; `make test-full` plays the thousands (tests marked full).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import paths
from helpers import tail
from house import NOT_IN_A_GAME, configs, house_readings, tables, values, with_value
from lockstep import lockstep
from noddy import engine
from noddy.cards import DECK, Card
from noddy.errors import NoddyError, RulesError
from noddy.game import Action, Phase, new_game
from noddy.kernel import TALLIES, KernelState, compiled, kernel_config, play_game, unsupported
from noddy.players import GreedyPlayer
from noddy.rules import FIELDS, Rules, load_rules, preset_names
from noddy.rules.fields import FieldSpec
from noddy.scoring import score_hand, total
from noddy.sim import play_games

HOUSE, UNPLACED = house_readings()
"""House readings no preset uses, made from each field's values (tests/house.py), so that every
value the kernel reads is played."""


def greedy_lockstep(rules: Rules, players: int, partners: bool | None, seed: int) -> int:
    """Play one game of greedy players through both engines: the kernel's greedy choice must be
    the Python `GreedyPlayer`'s at every decision; return the number of decisions compared."""
    rng = random.Random(seed)
    state = new_game(rules, players, partners=partners)
    kernel = KernelState(rules, players, partners)
    greedy = GreedyPlayer()
    decisions = 0
    while not state.is_over:
        chance = state.chance()
        if chance is not None:
            action = chance.sample(rng)
        else:
            seat = state.to_act
            view = state.view(seat)
            action = greedy.choose(view, view.legal, rng)
            assert kernel.greedy_choice() == action, f"{rules.name} seed {seed} decision {decisions}"
            decisions += 1
        state = state.apply(action)
        kernel.apply(action)
    assert (kernel.scores, kernel.winner) == (state.scores, state.winner)
    return decisions


def cases() -> list[tuple[str, tuple[str, ...], int, bool | None]]:
    out = []
    for name in preset_names():
        for n, partners in tables(load_rules(name)):
            out.append((name, (), n, partners))
    for name, overrides in HOUSE:
        rules = load_rules(name, overrides)
        for n, partners in tables(rules):
            out.append((name, tuple(overrides), n, partners))
    return out


CASES = cases()


def _id(case: tuple[str, tuple[str, ...], int, bool | None]) -> str:
    name, overrides, n, partners = case
    return f"{name}{'+' + ','.join(overrides) if overrides else ''}-{n}{'p' if partners else ''}"


MARKED = """
import sys
sys.modules["noddy.kernel._ckernel"] = None  # as if the build had failed
import pytest

@pytest.mark.requires_kernel
def test_marked():
    pass
"""


@pytest.mark.parametrize(("required", "outcome", "code"), [("", "1 skipped", 0), ("1", "1 error", 1)])
def test_a_test_that_requires_the_kernel_skips_without_it_or_fails_where_make_test_requires_it(
    tmp_path: Path, required: str, outcome: str, code: int
) -> None:
    """``requires_kernel`` (tests/conftest.py) skips a test where the kernel is not built, saying why,
    and fails it instead where ``NODDY_REQUIRE_KERNEL`` is set, as ``make test`` sets it."""
    (tmp_path / "test_marked.py").write_text(MARKED)
    tests = paths.TESTS
    env = {**os.environ, "PYTHONPATH": f"{tests.parent / 'src'}:{tests}", "NODDY_REQUIRE_KERNEL": required}
    # The installed plugins (hypothesis, xdist, anyio, timeout) are not loaded: the marker is the
    # project's conftest alone, and importing them took 1.5 of the run's 1.8 s of CPU.
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    command = [sys.executable, "-m", "pytest", "-p", "conftest", "-rsf", "-p", "no:cacheprovider", "."]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path, check=False)
    assert (outcome in done.stdout, done.returncode) == (True, code), done.stdout + done.stderr
    assert "the compiled kernel is not built" in done.stdout


@pytest.mark.requires_kernel
@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_the_kernel_plays_every_rule_set_as_the_engine_does(
    case: tuple[str, tuple[str, ...], int, bool | None],
) -> None:
    name, overrides, n, partners = case
    rules = load_rules(name, overrides)
    assert unsupported(rules, n) == ""
    for seed in range(2):
        lockstep(rules, n, partners, seed)


@pytest.mark.requires_kernel
@pytest.mark.slow
@pytest.mark.parametrize("seeds", tail(range(100, 104), range(104, 160)))
@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_the_kernel_plays_thousands_of_games_as_the_engine_does(
    case: tuple[str, tuple[str, ...], int, bool | None], seeds: range
) -> None:
    name, overrides, n, partners = case
    rules = load_rules(name, overrides)
    for seed in seeds:
        lockstep(rules, n, partners, seed)


PRESET_CASES = [case for case in CASES if not case[1]]


@pytest.mark.requires_kernel
@pytest.mark.parametrize("case", PRESET_CASES, ids=[_id(c) for c in PRESET_CASES])
def test_the_kernel_greedy_player_chooses_as_the_python_one(
    case: tuple[str, tuple[str, ...], int, bool | None],
) -> None:
    name, overrides, n, partners = case
    assert greedy_lockstep(load_rules(name, overrides), n, partners, 0) > 0


@pytest.mark.requires_kernel
@pytest.mark.slow
@pytest.mark.parametrize("seeds", tail(range(1, 2), range(2, 11)))
@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_the_kernel_greedy_player_chooses_as_the_python_one_in_many_games(
    case: tuple[str, tuple[str, ...], int, bool | None], seeds: range
) -> None:
    name, overrides, n, partners = case
    rules = load_rules(name, overrides)
    for seed in seeds:
        greedy_lockstep(rules, n, partners, seed)


@pytest.mark.requires_kernel
@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_whole_kernel_games_add_up_and_repeat_for_a_seed(
    case: tuple[str, tuple[str, ...], int, bool | None],
) -> None:
    name, overrides, n, partners = case
    rules = load_rules(name, overrides)
    game = rules.game
    for seed in range(20):
        kinds = [("random", "greedy")[(seed + seat) % 2] for seat in range(n)] if seed % 3 else ["random"] * n
        result = play_game(rules, kinds, partners, seed)
        assert play_game(rules, kinds, partners, seed) == result
        together = new_game(rules, n, partners=partners).partners
        by_side = [0] * len(result.scores)
        for seat, points in enumerate(result.points):
            assert len(points) == len(TALLIES) and min(points) >= 0
            by_side[seat % 2 if together else seat] += sum(points)
        assert tuple(by_side) == result.scores
        in_deals = [sum(points[side] for _, points in result.deals) for side in range(len(result.scores))]
        compensation = game.compensation if result.first_dealer is not None else 0
        assert sum(in_deals) + compensation == sum(result.scores)
        assert result.deals and result.deals[0][0] == result.first_dealer
        assert result.actions > 0
        best = max(result.scores)
        if result.winner is None:
            assert result.stake == ("draw", 0) and result.scores.count(best) > 1
        else:
            assert result.scores[result.winner] == best or game.win_at_once
            if game.end == "target":
                assert result.scores[result.winner] >= game.target
            losers = [s for i, s in enumerate(result.scores) if i != result.winner]
            assert result.stake == game.stake(max(losers))
    assert len({play_game(rules, ["random"] * n, partners, seed) for seed in range(20)}) > 1


def check_counts(case: tuple[str, tuple[str, ...], int, bool | None], sizes: tuple[int, ...]) -> None:
    """Every turn-up with random hands of these sizes, counted one by one and all at once."""
    name, overrides, n, partners = case
    rules = load_rules(name, overrides)
    config = kernel_config(rules, n, partners)
    rng = random.Random(name + str(overrides) + str(sizes))
    for size in sizes:
        cards = rng.sample(DECK, size)
        crib = size % 2 == 0
        one_by_one, at_once = compiled.count_hands(config, [c.index for c in cards], crib)
        expected = [0 if up in cards else total(score_hand(cards, up, rules, crib=crib)) for up in DECK]
        assert list(one_by_one) == expected and list(at_once) == expected, (cards, crib)


@pytest.mark.requires_kernel
@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_the_kernel_counts_hands_and_cribs_as_score_hand(
    case: tuple[str, tuple[str, ...], int, bool | None],
) -> None:
    check_counts(case, (1, 2, 3, 4, 5, 6, 7))


@pytest.mark.requires_kernel
@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_the_kernel_counts_the_largest_hands_as_score_hand(
    case: tuple[str, tuple[str, ...], int, bool | None],
) -> None:
    check_counts(case, (8, 10, 12))


@pytest.mark.requires_kernel
def test_the_step_state_refuses_what_is_not_legal_and_copies_apart() -> None:
    rules = load_rules("cribbage")
    state = KernelState(rules, 2)
    with pytest.raises(ValueError, match="it is seat None's turn"):
        state.apply(Action.go(0))
    with pytest.raises(ValueError, match="different cards"):
        state.apply(Action("cut", None, (Card.parse("5h"), Card.parse("5h"))))
    state.apply(Action("cut", None, (Card.parse("2h"), Card.parse("9s"))))
    assert state.phase is Phase.SHUFFLE and [e[0] for e in state.events()] == ["cut", "dealer"]
    copy = state.copy()
    copy.apply(Action("shuffle", None, DECK))
    assert state.phase is Phase.SHUFFLE and copy.phase is Phase.DISCARD and copy.to_act == 1
    with pytest.raises(ValueError, match="not legal"):
        copy.apply(Action.go(1))
    with pytest.raises(ValueError, match="configuration has"):
        compiled.Config([2, 0])
    assert kernel_config(rules, 2, None) is kernel_config(rules, 2, None)


@pytest.mark.requires_kernel
def test_rules_beyond_the_kernel_are_named_and_played_by_python() -> None:
    big = load_rules("willughby", ["deal.players.2.dealt=13"])
    assert unsupported(big, 2) == "the kernel counts up to 13 cards with the turn-up, not 14"
    assert unsupported(load_rules("cribbage"), 3) == ""
    assert engine.choose(big, 2, seated=["random", "random"]) == "python"
    assert engine.choose(load_rules("cribbage"), 2, seated=["random", "strong"]) == "python"
    assert engine.choose(load_rules("cribbage"), 2, "python", seated=["random", "random"]) == "python"
    with pytest.raises(NoddyError, match="counts up to 13 cards"):
        engine.choose(big, 2, "kernel", seated=["random", "random"])
    with pytest.raises(NoddyError, match="unknown engine 'fast'"):
        engine.choose(big, 2, "fast", seated=["random", "random"])


def _reaches(spec: FieldSpec) -> bool:
    """Whether some value of ``spec`` changes the kernel's configuration of some preset (or of one
    with the named cards on) at some table."""
    bases = [load_rules(name) for name in preset_names()]
    bases.append(load_rules("cribbage", ["special_cards.enabled=true"]))
    for rules in bases:
        mine = configs(compiled, rules)
        for value in values(spec):
            try:
                changed = with_value(rules, spec, value)
            except RulesError:
                continue
            if any(unsupported(changed, n) for n in changed.player_counts):
                continue
            if configs(compiled, changed) != mine:
                return True
    return False


@pytest.mark.requires_kernel
def test_every_field_reaches_the_kernel() -> None:
    """Every rules field is read by the kernel's configuration (some value of it changes what the
    kernel is told), or is one of the few that cannot change a game (`house.NOT_IN_A_GAME`, each
    with its reason); and none of those few is read after all."""
    missed = [spec.path for spec in FIELDS if spec.path not in NOT_IN_A_GAME and not _reaches(spec)]
    assert not missed, f"the kernel reads nothing of {missed}: read them in kernel/config.py"
    assert set(NOT_IN_A_GAME) <= {spec.path for spec in FIELDS}
    read = [spec.path for spec in FIELDS if spec.path in NOT_IN_A_GAME and _reaches(spec)]
    assert not read, f"{read} change the kernel's configuration: take them off NOT_IN_A_GAME"


@pytest.mark.requires_kernel
def test_the_house_readings_play_every_value_of_every_field_the_kernel_reads() -> None:
    """Each value of each field the kernel reads that no preset gives is played in some house
    reading (tests/house.py makes them), and the kernel handles each reading at every table."""
    assert not UNPLACED, f"no house reading could play {list(UNPLACED)}"
    assert len(HOUSE) >= 2
    for name, overrides in HOUSE:
        rules = load_rules(name, overrides)
        assert all(unsupported(rules, n) == "" for n in rules.player_counts), (name, overrides)


@pytest.mark.requires_kernel
def test_players_beyond_the_kernel_are_named() -> None:
    with pytest.raises(NoddyError, match="only random, greedy players, not strong"):
        engine.choose(load_rules("cribbage"), 2, "kernel", seated=["random", "strong"])


@pytest.mark.requires_kernel
def test_random_and_greedy_tournaments_take_the_kernel_and_repeat_for_a_seed() -> None:
    rules = load_rules("cribbage")
    assert engine.choose(rules, 2, seated=["random", "random"]) == "kernel"
    assert engine.choose(rules, 2, seated=["greedy", "random"]) == "kernel"
    mixed = play_games(rules, ["greedy", "random"], 6, seed=2)
    assert mixed == play_games(rules, ["greedy", "random"], 6, seed=2, engine="kernel")
    assert [g.seats for g in mixed] == [(0, 1), (1, 0)] * 3
    games = play_games(rules, ["random", "random"], 10, seed=4)
    assert games == play_games(rules, ["random", "random"], 10, seed=4, engine="kernel")
    assert [g.seats for g in games] == [(0, 1), (1, 0)] * 5
    assert games != play_games(rules, ["random", "random"], 10, seed=4, engine="python")
    assert all(max(g.scores) >= 121 and g.winner == g.scores.index(max(g.scores)) for g in games)


def test_without_the_extension_auto_plays_python_and_kernel_says_why() -> None:
    """Where the extension did not build, ``auto`` falls back to the Python engine silently and
    ``--engine kernel`` is an error saying why."""
    script = """
import sys
sys.modules["noddy.kernel._ckernel"] = None  # as if the build had failed
from noddy.errors import NoddyError
from noddy.kernel import unavailable
from noddy.rules import load_rules
from noddy.sim import play_games
from noddy.engine import choose
rules = load_rules("willughby")
assert "not built" in unavailable()
assert choose(rules, 2, seated=["random", "random"]) == "python"
assert len(play_games(rules, ["random", "random"], 2, seed=1)) == 2
try:
    choose(rules, 2, "kernel", seated=["random", "random"])
except NoddyError as exc:
    print(exc)
"""
    src = str(paths.SRC)
    env = {**os.environ, "PYTHONPATH": src}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    assert "the kernel cannot play this: the compiled kernel is not built" in done.stdout


@pytest.mark.requires_kernel
def test_the_observations_layout_reaches_the_kernel_by_name_and_a_missing_name_fails() -> None:
    """The research doors describe the tensor by their own names; the kernel's encoder takes its
    fields' starts, each action kind's first index and each phase's place in its own order
    (OBS_FIELDS, ACTION_KINDS, PHASES), whatever order the description gives them in; a field the
    kernel writes and the description lacks is refused, naming it."""
    from noddy.kernel import kernel_layout

    fields = tuple((name, 10 * at) for at, name in enumerate(reversed(compiled.OBS_FIELDS)))
    phases = tuple((name, at) for at, name in enumerate(compiled.PHASES))
    firsts = (("go", 52), ("play", 0), ("discard", 56))
    starts, size, actions, kinds, subsets, places, dealt, holes = kernel_layout(
        fields, 491, 171, firsts, (3, 5), phases, 6, 121
    )
    assert starts == tuple(10 * at for at in reversed(range(len(compiled.OBS_FIELDS))))
    assert dict(zip(compiled.ACTION_KINDS, kinds, strict=True)) == {
        "play": 0, "go": 52, "discard": 56, "count": -1, "declare": -1, "muggins": -1, "pass": -1
    }
    assert (size, actions, subsets, places, dealt, holes) == (491, 171, (3, 5), tuple(range(7)), 6, 121)
    with pytest.raises(RuntimeError, match="no place for muggins"):
        kernel_layout(fields[1:], 491, 171, firsts, (3, 5), phases, 6, 121)
