"""Computer players think in worker processes (`noddy.web.bots`): another process, a responsive
event loop, the same game as in-process, a killed worker recovered, no process left behind."""

from __future__ import annotations

import asyncio
import functools
import gc
import itertools
import json
import os
import pickle
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import FAST, OPEN, db_url, live, new_table, wait_for

import noddy
from noddy.game import Action, GameState, LegalActions, PlayerView, new_game
from noddy.players import EasyPlayer, GreedyPlayer, Player, StrongPlayer, make_player, next_action
from noddy.rules import load_rules
from noddy.web import create_app
from noddy.web.bots import PATIENCE, PEOPLE_FIRST, BotPool, PickledViews, budget_share, unpack_view


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
        # Written whole, then named: a reader waiting for "done" never finds it empty.
        part = Path(self.folder) / f"done.{os.getpid()}"
        part.write_text(repr(time.time()), encoding="utf-8")
        part.replace(Path(self.folder) / "done")
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


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


@dataclass
class FailingPlayer:
    """Raises a player's error in its worker."""

    name: str = "failing"

    def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action:
        raise ValueError(f"no move for {len(legal)} legal actions")


def test_a_players_error_in_its_worker_is_raised_to_the_table_and_the_worker_goes_on(
    pool: BotPool, tmp_path: Path
) -> None:
    """The error a player raises in its worker is the one its table's decision raises (the driver
    then plays at random), the table's generator untouched; the same worker makes the next decision."""
    state, seat = first_decision()
    view = state.view(seat)
    rng = random.Random(5)

    async def decisions() -> Action:
        with pytest.raises(ValueError, match=f"no move for {len(view.legal)} legal actions"):
            await pool.choose(FailingPlayer(), view, rng)
        return await pool.choose(PidPlayer(str(tmp_path / "pid")), view, rng)

    before = pool.pids()
    assert asyncio.run(decisions()) == view.legal[0]
    assert rng.getstate() == random.Random(5).getstate()
    assert int((tmp_path / "pid").read_text(encoding="utf-8")) in pool.pids()
    assert not before or pool.pids() == before


def test_a_worker_killed_between_decisions_is_replaced_at_the_next(tmp_path: Path) -> None:
    """A worker that died while it had no decision is replaced when the next decision comes, which
    the fresh worker makes."""
    bots = BotPool(1)
    state, seat = first_decision()
    path = tmp_path / "pid"

    async def decisions() -> tuple[int, int]:
        await bots.start()
        (first,) = bots.pids()
        os.kill(first, signal.SIGKILL)
        while first in bots.pids():  # the event loop sees its socket end
            await asyncio.sleep(0.01)
        await bots.choose(PidPlayer(str(path)), state.view(seat), random.Random(2))
        return first, int(path.read_text(encoding="utf-8"))

    try:
        first, made = asyncio.run(decisions())
    finally:
        pids = bots.pids()
        asyncio.run(bots.close())
    assert made != first and pids == [made]
    assert not running(first) and all(gone(pid) for pid in pids)


def test_a_game_is_the_same_in_workers_and_in_process(pool: BotPool) -> None:
    """The table's generator advances the same way whoever decides: the same seed, the same game."""
    players: list[Player] = [EasyPlayer(), StrongPlayer(worlds=2, nodes=200)]
    here = play(None, players, 11)
    assert play(pool, players, 11) == here
    assert play(BotPool(0), players, 11) == here


class Declarer:
    """Plays at random, and declares a count at random (often wrong) where it may: hands counted
    before the play are hidden from the other seats (`noddy.game.Event.seen_by`)."""

    name = "declarer"

    def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action:
        if legal.declare is not None:
            return Action.declare(legal.declare.seat, rng.randrange(12))
        return rng.choice(list(legal))


def _game(name: str, seed: int, start: GameState | None = None, moves: int = 10_000) -> list[GameState]:
    """The states of a game between `Declarer` seats, from ``start`` (else a new game) on."""
    states = [start or new_game(load_rules(name, []), 2)]
    rng = random.Random(seed)
    while not states[-1].is_over and len(states) <= moves:
        states.append(states[-1].apply(next_action(states[-1], [Declarer(), Declarer()], rng)))
    return states


@pytest.mark.parametrize("name", ["noddy-rules", "cribbage"])
def test_each_view_crosses_whole_its_events_pickled_once_and_undone(name: str) -> None:
    """A view crosses to a worker with its rules and events pickled once and kept (`PickledViews`):
    every seat's view, each decision in turn, comes back equal, its own events included, though the
    seats see different copies of a hidden hand's count (noddy's declarations); and so does a game
    taken back to an earlier move and played on another way (the stretches of the moves taken back
    are not used). Where no seat sees a copy of its own, each event is pickled once, not once a
    decision."""
    states = _game(name, 4)
    middle = len(states) // 2
    other = _game(name, 5, states[middle], moves=40)
    assert other[1].events != states[middle + 1].events  # another way on from the same move
    if name == "noddy-rules":
        last = states[-1]
        assert any(last.view(seat).events != last.events for seat in (0, 1))
    packer = PickledViews()
    pickled: dict[int, bytes] = {}
    for state in [*states, *other]:
        for seat in (0, 1, None):
            view = state.view(seat)
            packed = packer.pack(view)
            assert unpack_view(pickle.loads(pickle.dumps(packed))) == view
            pickled.update((id(data), data) for data in (packed[1], *packed[2]))
    if name == "cribbage":
        each_time = sum(len(pickle.dumps((s.rules, s.events))) for s in [*states, *other]) * 3
        assert sum(map(len, pickled.values())) < each_time / 50


def test_a_worker_gets_the_view_the_server_holds(pool: BotPool, tmp_path: Path) -> None:
    """Through the pool's workers, each decision of a game is made on the very view the table
    holds, its events included (they cross pickled once and kept: `PickledViews`)."""
    path = tmp_path / "view"
    player = ViewPlayer(str(path))
    rules = load_rules("noddy-rules", [])
    rng = random.Random(5)
    state = new_game(rules, 2)

    async def game() -> int:
        nonlocal state
        asked = 0
        while not state.is_over:
            seat = state.to_act
            if seat is None:
                state = state.apply(next_action(state, [Declarer(), Declarer()], rng))
                continue
            view = state.view(seat)
            action = await pool.choose(player, view, rng)
            assert pickle.loads(path.read_bytes()) == view
            asked += 1
            state = state.apply(action)
        return asked

    assert asyncio.run(game()) > 20


@dataclass
class ViewPlayer:
    """Writes the view it chooses from (pickled), then declares or plays at random (`Declarer`)."""

    path: str
    name: str = "view"

    def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action:
        Path(self.path).write_bytes(pickle.dumps(view))
        return Declarer().choose(view, legal, rng)


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


def _answered_behind_a_busy_worker(asks: list[tuple[str, int, Callable[[], float | None]]]) -> list[str]:
    """The order in which a one-worker pool answers ``asks`` (a name, a priority and when its
    person's wait began, read as it is asked), asked one after another while the worker is busy
    with a slow decision ("busy")."""
    bots = BotPool(1)
    state, seat = first_decision()
    view = state.view(seat)
    done: list[str] = []

    async def queued() -> None:
        await bots.start()

        async def ask(name: str, player: Player, priority: int, since: float | None) -> None:
            await bots.choose(player, view, random.Random(1), priority, since)
            done.append(name)

        tasks = [asyncio.create_task(ask("busy", SleepyPlayer(0.5), PEOPLE_FIRST, None))]
        while not bots.running:
            await asyncio.sleep(0.01)
        for name, priority, since in asks:
            tasks.append(asyncio.create_task(ask(name, GreedyPlayer(), priority, since())))
            await asyncio.sleep(0.01)
        await asyncio.gather(*tasks)

    try:
        asyncio.run(queued())
    finally:
        asyncio.run(bots.close())
    return done


def test_a_persons_table_comes_before_tables_of_computers_only() -> None:
    """With the one worker busy, decisions queued by tables of computers only wait behind one asked
    later by a table where a person plays."""
    computers = [(f"computers {i}", PEOPLE_FIRST + 1, lambda: None) for i in range(3)]
    done = _answered_behind_a_busy_worker([*computers, ("person", PEOPLE_FIRST, lambda: None)])
    assert done == ["busy", "person", "computers 0", "computers 1", "computers 2"]


def test_a_decision_of_a_person_waiting_past_the_patience_goes_before_those_asked_since() -> None:
    """With the one worker busy, a computer's second move in a person's wait that began more than
    `PATIENCE` ago goes before decisions asked since; one in a wait younger than that, like one
    given no ``since``, takes its turn as asked."""
    done = _answered_behind_a_busy_worker(
        [
            ("new wait", PEOPLE_FIRST, time.monotonic),
            ("no since", PEOPLE_FIRST, lambda: None),
            ("young wait", PEOPLE_FIRST, lambda: time.monotonic() - PATIENCE / 2),
            ("long wait", PEOPLE_FIRST, lambda: time.monotonic() - 2 * PATIENCE),
        ]
    )
    assert done == ["busy", "long wait", "new wait", "no since", "young wait"]


@dataclass
class ShareRecorder:
    """A player with a budget (`noddy.players.Budgeted`) that writes down the share of it each of
    its decisions was asked with, then plays the first legal action."""

    path: str
    share: float = 1.0
    name: str = "share"

    def thinking(self, share: float) -> ShareRecorder:
        return replace(self, share=share)

    def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action:
        with open(self.path, "a", encoding="utf-8") as out:
            out.write(f"{self.share!r}\n")
        return legal[0]


def test_a_decisions_budget_shrinks_as_the_queue_behind_it_grows_and_comes_back_as_it_empties(
    tmp_path: Path,
) -> None:
    """With the one worker busy, five decisions queue; each is handed to the worker with the share
    of its budget `budget_share` gives for the queue behind it then: the first (hard's) a quarter,
    four waiting behind it, then a third, a half, and all of it once at most one waits. Hard's
    decision under the queue is the one its cut budget makes in this process
    (`StrongPlayer.thinking`); with no queue, the one its whole budget makes."""
    bots = BotPool(1)
    state, seat = first_decision()
    view = state.view(seat)
    path = tmp_path / "shares"
    hard = make_player("hard")
    assert isinstance(hard, StrongPlayer)
    chosen: list[Action] = []

    async def queued() -> None:
        await bots.start()
        busy = asyncio.create_task(bots.choose(SleepyPlayer(0.5), view, random.Random(1)))
        while not bots.running:
            await asyncio.sleep(0.01)
        asked = [asyncio.create_task(bots.choose(hard, view, random.Random(7)))]
        asked += [
            asyncio.create_task(bots.choose(ShareRecorder(str(path)), view, random.Random(1)))
            for _ in range(4)
        ]
        await asyncio.sleep(0)
        assert bots.waiting == 5
        await asyncio.gather(busy, *asked)
        chosen.append(asked[0].result())
        assert bots.waiting == 0
        chosen.append(await bots.choose(hard, view, random.Random(7)))

    try:
        asyncio.run(queued())
    finally:
        asyncio.run(bots.close())
    shares = [float(line) for line in path.read_text(encoding="utf-8").split()]
    assert shares == [budget_share(n, 1) for n in (3, 2, 1, 0)] == [1 / 3, 1 / 2, 1.0, 1.0]
    assert chosen[0] == hard.thinking(1 / 4).choose(view, view.legal, random.Random(7))
    assert chosen[1] == hard.choose(view, view.legal, random.Random(7))


def test_the_share_of_the_budget_falls_with_the_queue_and_is_whole_without_one() -> None:
    """`budget_share` is all of the budget while at most one decision a worker waits, then falls
    with the queue, never to nothing; a server without workers thinks fully."""
    for workers in (1, 2, 4):
        shares = [budget_share(waiting, workers) for waiting in range(200)]
        assert shares[: workers + 1] == [1.0] * (workers + 1)
        assert all(a >= b > 0 for a, b in itertools.pairwise(shares))
        assert shares[-1] < shares[workers + 1] < 1
    assert budget_share(50, 0) == 1.0


@dataclass
class CountingPlayer:
    """Plays as the player of ``level``, and writes down the work its decision did that a warm
    worker did before (the modules it imported, and each of noddy's caches' misses: the tables it
    built or read, the kernel's configuration), with the id of its process."""

    level: str
    path: str
    name: str = "counting"

    def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action:
        modules, misses = set(sys.modules), _cache_misses()
        action = make_player(self.level).choose(view, legal, rng)
        after = _cache_misses()
        built = {name: n - misses.get(name, 0) for name, n in after.items() if n > misses.get(name, 0)}
        work = {"pid": os.getpid(), "imported": sorted(set(sys.modules) - modules), "built": built}
        Path(self.path).write_text(json.dumps(work), encoding="utf-8")
        return action


def _cache_misses() -> dict[str, int]:
    """The misses of each of noddy's functions kept by `functools.lru_cache` in this process."""
    return {
        f"{found.__module__}.{found.__qualname__}": found.cache_info().misses
        for found in gc.get_objects()
        if isinstance(found, functools._lru_cache_wrapper) and found.__module__.startswith("noddy")
    }


def _first_decisions(bots: BotPool, tmp_path: Path, *, start: bool) -> list[dict[str, Any]]:
    """What the first decision of each level did in ``bots`` (started first, or not)."""
    state, seat = first_decision()
    view = state.view(seat)

    async def decide() -> list[dict[str, Any]]:
        if start:
            await bots.start()
        done = []
        for level in ("hard", "medium", "easy"):
            path = tmp_path / f"{level}.json"
            await bots.choose(CountingPlayer(level, str(path)), view, random.Random(4))
            done.append(json.loads(path.read_text(encoding="utf-8")))
        return done

    try:
        return asyncio.run(decide())
    finally:
        asyncio.run(bots.close())


def test_start_warms_every_worker_so_the_first_computer_move_builds_nothing(tmp_path: Path) -> None:
    """`BotPool.start` returns once each worker has warmed (`warm`, one a worker): the first
    decision of each level then imports no module and builds no table. A pool not started does
    that work in its first decision (what kept the first move after a start waiting)."""
    bots = BotPool(2)
    first = _first_decisions(bots, tmp_path, start=True)
    assert len(bots.warmed) == 2 and {work["pid"] for work in first} <= bots.warmed
    assert [(work["imported"], work["built"]) for work in first] == [([], {})] * 3, first
    cold = _first_decisions(BotPool(1), tmp_path, start=False)
    assert cold[0]["built"], cold  # the counting sees the work a cold worker does


def test_each_worker_of_a_pool_is_warmed_once() -> None:
    """The workers' warmings wait for one another: no worker takes two while another takes none."""
    bots = BotPool(3)

    async def started() -> list[int]:
        await bots.start()
        return bots.pids()

    try:
        running = asyncio.run(started())
    finally:
        asyncio.run(bots.close())
    assert sorted(bots.warmed) == sorted(running) and len(running) == 3


def server_children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (its workers and the resource tracker)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text(encoding="utf-8")
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie, dead but not reaped, is not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table in /proc")
def test_the_workers_end_with_a_server_killed_with_sigkill(tmp_path: Path) -> None:
    """A real ``noddy serve`` with two workers, killed with SIGKILL once it answers: its workers and
    its resource tracker end too (they lived on before)."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(Path(noddy.__file__).parent.parent)}
    command = [sys.executable, "-m", "noddy", "serve", "--port", str(port), "--data-dir", str(tmp_path)]
    server = subprocess.Popen(
        [*command, "--bot-workers", "2"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 120
        while True:
            assert server.poll() is None, "the server ended"
            assert time.monotonic() < deadline, "the server did not answer"
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rules", timeout=2) as answer:
                    assert answer.status == 200
                    break
            except OSError:
                time.sleep(0.1)
        children = server_children(server.pid)
        assert len(children) >= 3, "two workers and the resource tracker"
    finally:
        server.kill()
        server.wait(10)
    deadline = time.monotonic() + 30
    try:
        while any(running(pid) for pid in children):
            assert time.monotonic() < deadline, f"left running: {[p for p in children if running(p)]}"
            time.sleep(0.05)
    finally:
        for pid in children:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
