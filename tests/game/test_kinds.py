"""The engine's vocabulary: each closed set of kinds is an enum whose values are the words the
notation, records and messages carry, and each number an event carries has one meaning."""

from __future__ import annotations

import ast
import pickle
import random

import pytest

import paths
from noddy.game import (
    Action,
    ActionKind,
    EventKind,
    GameState,
    LegalActions,
    Phase,
    PlayerView,
    Subject,
    TaskKind,
    new_game,
)
from noddy.players import GreedyPlayer
from noddy.players.driver import run_game
from noddy.rules import load_rules
from noddy.scoring import Kind

GAMES = [
    ("cribbage", 2, (), 0),
    ("noddy-rules", 2, (), 1),
    ("crib-noddy-old", 2, ("hand.wrong_count=muggins",), 2),
    ("cribbage", 4, (), 3),
]


class _Declarer:
    """Plays at random, and declares a count at random (often wrong) where it may."""

    def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action:
        if legal.declare is not None:
            return Action.declare(legal.declare.seat, rng.randrange(12))
        return rng.choice(list(legal))


def _states(name: str, players: int, overrides: tuple[str, ...], seed: int) -> list[GameState]:
    """Every state of a seeded game between random players that declare their counts."""
    rules = load_rules(name, overrides)
    final = run_game(new_game(rules, players), [_Declarer()] * players, random.Random(seed))
    states = [new_game(rules, players)]
    for action in final.history:
        states.append(states[-1].apply(action))
    return states


@pytest.mark.parametrize(("name", "players", "overrides", "seed"), GAMES)
def test_every_kind_is_an_enum_whose_value_is_its_word(
    name: str, players: int, overrides: tuple[str, ...], seed: int
) -> None:
    """Actions, chance, count tasks, what a count is of and a view's phase are enum members, read
    back from their words unchanged (`Action.parse` of the notation gives the same member); a
    message carries the word."""
    states = _states(name, players, overrides, seed)
    final = states[-1]
    for action in final.history:
        assert type(action.kind) is ActionKind
        assert Action.parse(str(action), action.seat).kind is action.kind
    chances = [s.chance() for s in states]
    assert {type(c.kind) for c in chances if c is not None} == {ActionKind}
    assert {c.kind for c in chances if c is not None} >= {ActionKind.SHUFFLE}
    tasks = {task.what for s in states for task in s.tasks}
    assert all(type(what) is TaskKind for what in tasks) and tasks >= {TaskKind.HAND}
    subjects = {e.subject for e in final.events} - {None}
    assert all(type(s) is Subject for s in subjects) and subjects >= {Subject.HAND}
    for state in states:
        assert all(type(k) is ActionKind for k in state.legal_actions().kinds)
        view = state.view(state.to_act)
        assert type(view.phase) is Phase and view.phase is state.phase
        assert view.to_json()["phase"] == state.phase.value and type(view.to_json()["phase"]) is str
        if view.counting is not None:
            assert type(view.counting[0]) is TaskKind
            assert view.to_json()["counting"]["what"] == view.counting[0].value


@pytest.mark.parametrize(("name", "players", "overrides", "seed"), GAMES)
def test_each_number_of_an_event_has_one_meaning(
    name: str, players: int, overrides: tuple[str, ...], seed: int
) -> None:
    """The count of the play (a card laid, a Go), the points declared and the cards left unplayed
    are three fields; a message carries whichever an event has as its ``count``, as it always did."""
    events = _states(name, players, overrides, seed)[-1].events
    for event in events:
        numbers = {"count": event.count, "declared": event.declared, "unplayed": event.unplayed}
        meant = {
            EventKind.PLAY: "count",
            EventKind.GO: "count",
            EventKind.DECLARE: "declared",
            EventKind.PLAY_END: "unplayed",
        }.get(event.kind)
        assert {k for k, v in numbers.items() if v is not None} == ({meant} if meant else set())
        assert event.to_json().get("count") == (numbers[meant] if meant else None)
    plays = [e for e in events if e.kind == EventKind.PLAY]
    assert plays and all(e.count is not None and 0 < e.count <= 31 for e in plays)
    assert any(e.kind == EventKind.DECLARE for e in events)


def test_a_greedy_game_lists_no_kind_as_a_bare_string() -> None:
    """The engine itself never makes an action, a task or a chance of a bare string."""
    rules = load_rules("crib-noddy-old", ("hand.wrong_count=muggins",))
    final = run_game(new_game(rules, 3), [GreedyPlayer()] * 3, random.Random(5))
    assert final.is_over
    assert all(type(a.kind) is ActionKind for a in final.history)


_NAMED = {"kind", "phase", "subject", "kinds", "counting"}
_WORDS = {member.value for enum in (ActionKind, EventKind, Phase, TaskKind, Subject, Kind) for member in enum}
_BELOW_THE_KINDS = ("cards.py", "rules/", "scoring/")
"""The layers that do not see the game's kinds (`noddy.kinds` is beside the cards; the words and
everything above compare its members)."""


def _kind_compared_with_its_word(node: ast.AST) -> bool:
    """A comparison of a kind (``x.kind``, ``x.phase``, ``x.subject``, ``x.kinds``, ``x.counting[0]``,
    never a rules field such as ``rules.crib.kind``) with a word that is some kind's value."""
    if not isinstance(node, ast.Compare):
        return False
    sides = [node.left, *node.comparators]
    words: list[object] = []
    for side in sides:
        if isinstance(side, ast.Constant):
            words.append(side.value)
        elif isinstance(side, ast.Tuple | ast.Set | ast.List):
            words += [e.value for e in side.elts if isinstance(e, ast.Constant)]
    if not any(isinstance(w, str) and w in _WORDS for w in words):
        return False
    for side in sides:
        inner = side.value if isinstance(side, ast.Subscript) else side
        if isinstance(inner, ast.Attribute) and inner.attr in _NAMED and "rules" not in ast.unparse(inner):
            return True
    return False


def test_no_module_from_the_words_up_compares_a_kind_with_its_word() -> None:
    """Kinds are compared as enum members (`ActionKind.DISCARD`, `Phase.MUGGINS`): a word compared
    with a kind (``action.kind == "discard"``) stays true of a misspelt word, silently."""
    found = []
    for path in sorted((paths.SRC / "noddy").rglob("*.py")):
        where = path.relative_to(paths.SRC / "noddy").as_posix()
        if where.startswith(_BELOW_THE_KINDS):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{where}:{n.lineno}" for n in ast.walk(tree) if _kind_compared_with_its_word(n)]
    assert not found, f"kinds compared with their words: {', '.join(found)}"


def test_the_check_of_kinds_finds_a_kind_compared_with_its_word() -> None:
    """The check above catches each shape of comparison it looks for, and leaves a rules field be."""
    planted = [
        'action.kind == "discard"',
        'view.phase in ("discard", "play")',
        'event.subject != "crib"',
        '"go" in view.legal.kinds',
        'view.counting[0] in ("hand", "crib")',
    ]
    assert all(_kind_compared_with_its_word(ast.parse(code, mode="eval").body) for code in planted)
    kept = ['rules.crib.kind == "dealer"', "action.kind is ActionKind.DISCARD", 'seat.kind == "computer"']
    assert not any(_kind_compared_with_its_word(ast.parse(code, mode="eval").body) for code in kept)


@pytest.mark.parametrize(("name", "players", "overrides", "seed"), GAMES)
def test_every_event_and_view_pickles_back_equal(
    name: str, players: int, overrides: tuple[str, ...], seed: int
) -> None:
    """A computer player's worker gets its seat's view pickled by the server (`noddy.web.bots`):
    each event (`Event.__reduce__`, its fields in order; its items too, `ScoreItem.__reduce__`) and
    every seat's view at every position comes back equal, hidden items still hidden, the events'
    card masks the same; and every action played and every legal action (`Action.__reduce__`)."""
    states = _states(name, players, overrides, seed)
    for event in states[-1].events:
        back = pickle.loads(pickle.dumps(event))
        assert back == event and back.named == event.named and back.hidden == event.hidden
    for state in states[::7]:
        for seat in (None, *range(players)):
            view = state.view(seat)
            assert pickle.loads(pickle.dumps(view)) == view
    for state in states:
        for action in (
            *state.history[-1:],
            *(state.view(state.to_act).legal if state.to_act is not None else ()),
        ):
            back = pickle.loads(pickle.dumps(action))
            assert back == action and back.cards == action.cards and type(back.cards) is tuple
