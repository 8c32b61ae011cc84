"""Computer players think in worker processes (`noddy.web.bots`): another process, a responsive
event loop, the same game as in-process, a killed worker recovered, no process left behind."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from web_helpers import FAST, OPEN, db_url, live, new_table, wait_for

from noddy.game import Action, GameState, LegalActions, PlayerView, new_game
from noddy.players import EasyPlayer, GreedyPlayer, Player, StrongPlayer, next_action
from noddy.rules import load_rules
from noddy.web import create_app
from noddy.web.bots import BotPool


@dataclass
class PidPlayer:
    """Writes the id of the process it chooses in, then plays the first legal action."""

    path: str
    name: str = "pid"

    def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action:
        Path(self.path).write_text(str(os.getpid()), encoding="utf-8")
        return legal[0]


@dataclass
class BusyPlayer:
    """Writes when it starts, holds the CPU (and the GIL) for a while, writes when it finished, then
    plays at random."""

    folder: str
    spin: int = 40_000_000
    name: str = "busy"

    def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action:
        (Path(self.folder) / "started").touch()
        sum(range(self.spin))
        (Path(self.folder) / "done").write_text(repr(time.time()), encoding="utf-8")
        return rng.choice(legal)


@dataclass
class SleepyPlayer:
    """Says it began (a file made at ``started``), sleeps a while (time to kill its worker), then
    plays at random."""

    seconds: float = 1.0
    name: str = "sleepy"
    started: str = ""

    def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action:
        if self.started:
            Path(self.started).touch()
        time.sleep(self.seconds)
        return rng.choice(legal)


@pytest.fixture(scope="module")
def pool() -> Iterator[BotPool]:
    bots = BotPool(1)
    yield bots
    asyncio.run(bots.close())


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def first_decision() -> tuple[GameState, int]:
    """A cribbage game dealt, at its first decision, and the seat to decide."""
    state = new_game(load_rules("cribbage", []), 2)
    rng = random.Random(1)
    while state.to_act is None:
        state = state.apply(next_action(state, [GreedyPlayer(), GreedyPlayer()], rng))
    return state, state.to_act


def play(bots: BotPool | None, players: list[Player], seed: int) -> list[Action]:
    """A game's actions: chance here, each decision through ``bots`` (None: `next_action`)."""
    state = new_game(load_rules("noddy-rules", []), 2)
    rng = random.Random(seed)
    actions = []

    async def game() -> None:
        nonlocal state
        while not state.is_over:
            seat = state.to_act
            if bots is None or seat is None:
                action = next_action(state, players, rng)
            else:
                action = await bots.choose(players[seat], state.view(seat), rng)
            actions.append(action)
            state = state.apply(action)

    asyncio.run(game())
    return actions


def test_a_decision_happens_in_a_worker_process(pool: BotPool, tmp_path: Path) -> None:
    path = tmp_path / "pid"
    state, seat = first_decision()
    action = asyncio.run(pool.choose(PidPlayer(str(path)), state.view(seat), random.Random(2)))
    assert action in state.legal_actions()
    pid = int(path.read_text(encoding="utf-8"))
    assert pid != os.getpid() and pid in pool.pids()


def test_a_game_is_the_same_in_workers_and_in_process(pool: BotPool) -> None:
    """The table's generator advances the same way whoever decides: the same seed, the same game."""
    players: list[Player] = [EasyPlayer(), StrongPlayer(worlds=2, nodes=200)]
    here = play(None, players, 11)
    assert play(pool, players, 11) == here
    assert play(BotPool(0), players, 11) == here


def test_a_killed_worker_is_replaced_and_the_decision_asked_again(tmp_path: Path) -> None:
    bots = BotPool(1)
    state, seat = first_decision()
    expected = random.Random(3)
    want = SleepyPlayer(0).choose(state.view(seat), state.view(seat).legal, expected)

    async def killed() -> tuple[Action, list[int]]:
        rng = random.Random(3)
        started = tmp_path / "started"
        sleepy = SleepyPlayer(1.0, started=str(started))
        task = asyncio.create_task(bots.choose(sleepy, state.view(seat), rng))
        deadline = time.monotonic() + 60
        while not started.exists():  # until the worker is inside the decision
            assert time.monotonic() < deadline, "the worker never began the decision"
            await asyncio.sleep(0.01)
        first = bots.pids()
        os.kill(first[0], signal.SIGKILL)
        action = await task
        assert rng.getstate() == expected.getstate()
        return action, first

    try:
        action, first = asyncio.run(killed())
        assert action == want
        assert bots.pids() and not set(bots.pids()) & set(first)
    finally:
        pids = bots.pids()
        asyncio.run(bots.close())
    assert all(gone(pid) for pid in pids)


def test_the_server_answers_while_a_computer_thinks_and_leaves_no_worker_behind(tmp_path: Path) -> None:
    """A hello is welcomed while a computer holds a CPU in its worker; the app's end ends the pool."""
    done = tmp_path / "done"
    app = create_app(db_url(tmp_path), bot_delay=0.5, limits=FAST, bot_workers=1)
    with TestClient(app) as client:
        made = new_table(client, seats=[{"kind": "computer", "level": "random"}] * 2)
        table = live(client, made["id"])
        table.bots = {0: BusyPlayer(str(tmp_path)), 1: BusyPlayer(str(tmp_path))}
        wait_for((tmp_path / "started").exists, timeout=30)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_text(json.dumps({"type": "hello"}))
            assert json.loads(ws.receive_text())["type"] == "welcome"
            welcomed = time.time()
        wait_for(done.exists, timeout=30)
        assert welcomed < float(done.read_text(encoding="utf-8")) - 0.2
        pids = app.state.manager.bots.pids()
        while OPEN:
            OPEN.pop().close()
    assert pids and all(gone(pid) for pid in pids)
