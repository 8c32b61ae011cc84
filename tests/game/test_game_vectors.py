"""The play vectors (P.., E07, E12, E15-E20) and game vectors (G.., E13) replayed through the engine.

Each play sequence is dealt as written (an arranged shuffle), the hands are counted, and then every
card, Go and last-card point of the vector must be what the engine does and scores. Sequences whose
hands are shorter than the rule set deals (a vector that gives only the cards laid) are checked by
the play scorer alone, in test_vectors.
"""

from __future__ import annotations

import random
import tomllib
from dataclasses import replace
from typing import Any

import pytest

import paths
from noddy.cards import DECK, Card, parse_card, parse_cards
from noddy.game import Action, Event, GameState, Phase, count_items, new_game
from noddy.game.setup import arranged_shuffle, at_deal
from noddy.players import GreedyPlayer
from noddy.players.driver import run_game
from noddy.rules import load_rules
from noddy.scoring import total

VECTORS = paths.VECTORS
SEQUENCES = tomllib.loads((VECTORS / "play.toml").read_text(encoding="utf-8"))["sequence"]
GAMES = {g["id"]: g for g in tomllib.loads((VECTORS / "games.toml").read_text(encoding="utf-8"))["game"]}


def _dealt_as_written(seq: dict[str, Any]) -> bool:
    rules = load_rules(seq["rules"], seq.get("set", []))
    n = len(seq["players"])
    if n not in rules.player_counts:
        return False
    held = rules.held_size(n)
    return all(len(parse_cards(seq["hands"][p])) == held for p in seq["players"])


PLAYABLE = [s for s in SEQUENCES if _dealt_as_written(s)]


def _deal(
    rules_name: str,
    overrides: list[str],
    players: list[str],
    hands: dict[str, str],
    turnup: Card | None,
    scores: tuple[int, ...] | None = None,
) -> GameState:
    """Seat i is players[i]; the last deals, the first is the elder. Discards come from spare cards."""
    rules = load_rules(rules_name, overrides)
    n = len(players)
    state = new_game(rules, n)
    state = at_deal(state, n - 1, scores)
    given = {i: list(parse_cards(hands[p])) for i, p in enumerate(players) if p in hands}
    used = {c for cards in given.values() for c in cards}
    if turnup is None:
        turnup = next(c for c in DECK if c not in used and c.value < 10 and c.value != 5)
    shape = rules.deal.shape(n)
    spare = [c for c in reversed(DECK) if c not in used and c != turnup]
    keep = {seat: list(cards) for seat, cards in given.items()}
    for cards in given.values():
        while len(cards) < shape.dealt and shape.discard:
            cards.append(spare.pop(0))
    state = state.apply(arranged_shuffle(state, given, turnup))
    while state.phase is Phase.DISCARD:
        seat = state.to_act
        assert seat is not None
        away = tuple(c for c in state.hands[seat] if c not in keep.get(seat, ()))[: shape.discard]
        if len(away) < shape.discard:
            away = state.hands[seat][: shape.discard]
        state = state.apply(Action.discard(seat, away))
    return state


def _count_until(state: GameState, phase: Phase) -> GameState:
    while state.phase is Phase.COUNT:
        assert state.to_act is not None
        state = state.apply(Action.count(state.to_act))
    assert state.phase is phase or state.is_over
    return state


@pytest.mark.parametrize("seq", PLAYABLE, ids=[s["id"] for s in PLAYABLE])
def test_play_sequence_through_the_engine(seq: dict[str, Any]) -> None:
    players = seq["players"]
    seat_of = {p: i for i, p in enumerate(players)}
    turnup = parse_card(seq["turnup"]) if "turnup" in seq else None
    # a high target, so that the hands counted before the play cannot end the game first
    overrides = [*seq.get("set", []), "game.target=999"]
    state = _deal(seq["rules"], overrides, players, seq["hands"], turnup)
    state = _count_until(state, Phase.PLAY)
    first_play_event = len(state.events)
    for step in seq["steps"]:
        if "card" in step:
            seat = seat_of[step["player"]]
            assert state.to_act == seat, f"{seq['id']}: engine expects seat {state.to_act} to play"
            state = state.apply(Action.play(seat, parse_card(step["card"])))
            event = state.events[-1] if state.events[-1].kind == "play" else _last(state, "play")
            assert event.points == step["points"], f"{seq['id']}: {step} scored {event.items}"
            assert state.count == step["count"], f"{seq['id']}: the count after {step}"
        elif "go" in step:
            seat = seat_of[step["player"]]
            assert state.phase is Phase.PLAY and state.to_act == seat, (
                f"{seq['id']}: the vector has {step['player']} say Go; the engine is in {state.phase}"
                f" with seat {state.to_act} to act"
            )
            assert state.hands[seat], f"{seq['id']}: {step['player']} says Go with no cards left"
            assert Action.go(seat) in state.legal_actions(), f"{seq['id']}: {step['player']} may not Go"
            state = state.apply(Action.go(seat))
    play_events = [e for e in state.events[first_play_event:] if e.kind in ("play", "last_card")]
    assert state.phase is not Phase.PLAY, f"{seq['id']}: the play should be over"
    team_of = {p: team for team, members in seq.get("teams", {}).items() for p in members}
    got: dict[str, int] = {}
    for event in play_events:
        assert event.seat is not None
        who = team_of.get(players[event.seat], players[event.seat])
        got[who] = got.get(who, 0) + event.points
    for who, expected in seq["totals"].items():
        assert got.get(who, 0) == expected, f"{seq['id']}: {who} scored {got.get(who, 0)} in the play"
    lasts = [s for s in seq["steps"] if "last" in s]
    engine_lasts = [e for e in play_events if e.kind == "last_card"]
    assert [(players[e.seat or 0], e.points) for e in engine_lasts] == [
        (s["last"], s["points"]) for s in lasts
    ]
    if seq.get("unplayed"):
        left = {c for hand in state.hands for c in hand}
        assert set(parse_cards(seq["unplayed"])) <= left


def _last(state: GameState, kind: str) -> Event:
    return next(e for e in reversed(state.events) if e.kind == kind)


def _scores(game: dict[str, Any], teams: bool) -> tuple[int, ...]:
    players = game["players"]
    before = game["scores_before"]
    if teams:
        side_names = _side_names(game)
        return tuple(before[name] for name in side_names)
    return tuple(before[p] for p in players)


def _side_names(game: dict[str, Any]) -> list[str]:
    players = game["players"]
    names = []
    for side in (0, 1):
        members = {players[side], players[side + 2]}
        names.append(next(t for t, m in game["teams"].items() if set(m) == members))
    return names


@pytest.mark.parametrize("game_id", ["G01", "G02-DCN", "G02-FCN", "G02-C6", "G02-FR", "G05"])
def test_game_vector(game_id: str) -> None:
    game = GAMES[game_id]
    teams = "teams" in game
    players = game["players"]
    turnup = parse_card(game["turnup"])
    state = _deal(game["rules"], game["set"], players, game.get("hands", {}), turnup, _scores(game, teams))
    for event in game["events"]:
        seat = players.index(event["player"])
        if event["kind"] == "turned_jack":
            jacks = [(e.seat, e.points) for e in state.events if e.kind == "turned_jack"]
            assert jacks == [(seat, event["points"])], f"{game_id}: the turned Jack's points"
        elif event["kind"] == "announce":
            assert not state.is_over, f"{game_id}: the game ended before {event['player']}'s announcement"
            assert state.phase is Phase.COUNT and state.to_act == seat
            before = len(state.events)
            state = state.apply(Action.count(seat))
            counts = [(e.seat, e.points) for e in state.events[before:] if e.kind == "count"]
            assert counts == [(seat, event["points"])], f"{game_id}: {event['player']}'s announcement"
    names = _side_names(game) if teams else players
    expected = game["expected"]
    assert dict(zip(names, state.scores, strict=True)) == expected["scores"]
    if expected["winner"]:
        assert state.is_over and state.winner is not None and names[state.winner] == expected["winner"]
    else:
        assert not state.is_over


def test_e13_first_show_wins_and_the_dealer_never_counts() -> None:
    """C5 (CASSELL): both on 56; the non-dealer's show of 6 reaches 62 and wins at once."""
    game = GAMES["E13"]
    rules = load_rules(game["rules"])
    rng = random.Random(13)
    while True:
        cards = rng.sample(DECK, 7)
        nd, d, up = cards[:3], cards[3:6], cards[6]
        state = new_game(rules, 2)
        state = at_deal(state, 1, (56, 56))
        state = state.apply(
            arranged_shuffle(state, {0: [*nd, *_fill(cards, 2, 0)], 1: [*d, *_fill(cards, 2, 1)]}, up)
        )
        state = state.apply(Action.discard(0, state.hands[0][3:]))
        state = state.apply(Action.discard(1, state.hands[1][3:]))
        if state.is_over or state.phase is not Phase.PLAY:
            continue
        values = [total(count_items(state, t)) for t in _show_tasks(state)]
        if values[:2] == [6, 8]:
            break
    show = replace(
        state,
        phase=Phase.COUNT,
        tasks=_show_tasks(state),
        to_act=0,
        events=(*state.events, Event("play_end")),
    )
    after = show.apply(Action.count(0))
    assert after.is_over and after.winner == 0 and after.scores == (62, 56)
    assert not any(e.kind == "count" and e.seat == 1 for e in after.events)


def _fill(avoid: list[Card], n: int, salt: int) -> list[Card]:
    spare = [c for c in DECK if c not in avoid]
    return spare[salt * n : salt * n + n]


def _show_tasks(state: GameState) -> tuple[Any, ...]:
    from noddy.game.flow import _tasks

    return _tasks(state, "after_play")


def test_g03_single_deal_goes_to_the_side_with_more_points() -> None:
    rules = load_rules("french")
    for seed in range(30):
        state = run_game(new_game(rules, 2), [GreedyPlayer(), GreedyPlayer()], random.Random(seed))
        assert state.deal_number == 1
        a, b = state.scores
        assert state.winner == (None if a == b else (0 if a > b else 1))
