"""One site on several servers: real ``noddy serve`` processes on one real PostgreSQL database, a
load balancer sending each connection to any of them, people moving between servers, a server
killed with SIGKILL, computer players on a real dask LocalCluster; and the metrics endpoint."""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from pg import Cluster
from prometheus_client.parser import text_string_to_metric_families
from site_helpers import Balancer, Person, Server, free_port, new_table, record_of, start_all
from web_helpers import FAST, OPEN, Seat, choose, invite_token, live, mine, wait_for
from web_helpers import new_table as new_local_table

from noddy.game import new_game
from noddy.record import parse_action
from noddy.rules import load_rules
from noddy.web import create_app, follow
from noddy.web.store import MoveTaken, SeatRow, Store

pytestmark = pytest.mark.timeout(240)


@pytest.fixture
def site(postgres: Cluster, tmp_path: Path) -> Iterator[tuple[str, list[Server]]]:
    """The database's URL, and the servers a test starts on it (killed at its end)."""
    servers: list[Server] = []
    try:
        yield postgres.database(), servers
    finally:
        for server in servers:
            server.kill()


def _metric(text: str, name: str, **labels: str) -> float:
    """A sample's value in a Prometheus text exposition (0 if absent)."""
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == name and all(sample.labels.get(k) == v for k, v in labels.items()):
                return float(sample.value)
    return 0.0


@pytest.mark.slow
def test_two_people_on_two_servers_play_one_table_moving_between_servers(
    site: tuple[str, list[Server]], tmp_path: Path
) -> None:
    url, servers = site
    servers += start_all(url, tmp_path, 3, "--bot-delay", "0", "--bot-workers", "0")
    balancer = Balancer(servers)
    made = new_table(balancer.base, [{"kind": "me"}, {"kind": "friend"}])
    token = made["invites"][0]["link"].split("#")[1]
    # The friend takes the seat at another server than the maker's: the link works on any server.
    friend_secret = _claim(servers[1].base, made["id"], token)
    people = [
        Person([balancer.base], made["id"], made["secret"], 0, random.Random(1)),
        Person([s.base for s in servers], made["id"], friend_secret, 1, random.Random(2)),
    ]
    people[0].connect(servers[0].base)
    people[1].connect(servers[2].base)
    threads = [threading.Thread(target=p.play, kwargs={"hop": 0.3}) for p in people]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(200)
    assert all(p.state["status"] == "over" for p in people), [p.state.get("status") for p in people]
    assert sum(len(p.acknowledged) for p in people) > 20
    records = [record_of(s.base, made["id"]) for s in servers]
    assert all(r.actions == records[0].actions for r in records)  # every server serves the same game
    for person in people:
        person.check(records[0])
        assert person.state["view"]["scores"] == list(records[0].verify().scores)
    assert people[0].reconnects + people[1].reconnects == 0  # moved by choice, never dropped
    assert all(_metric(s.metrics(), "noddy_moves_total", by="person") > 0 for s in servers[:1])


def _claim(base: str, table: str, token: str) -> str:
    from websockets.sync.client import connect

    with connect(base.replace("http", "ws", 1) + f"/ws/{table}") as ws:
        import json

        ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            message = json.loads(ws.recv(timeout=30))
            if message["type"] == "welcome":
                return str(message["secret"])
            assert message["type"] != "error", message


@pytest.mark.slow
def test_a_server_killed_takes_no_table_with_it(site: tuple[str, list[Server]], tmp_path: Path) -> None:
    """Server 0 drives a table of a person and a computer and a table of computers only; it is
    killed with a move in flight. The person reconnects to the others; both tables go on there
    within seconds, every acknowledged move kept, none twice, and both games end and verify."""
    url, servers = site
    options = ("--bot-delay", "0.1", "--bot-workers", "0")
    servers += start_all(url, tmp_path, 3, *options)
    first, rest = servers[0], servers[1:]
    made = new_table(first.base, [{"kind": "me"}, {"kind": "computer", "level": "easy"}])
    robots = new_table(first.base, [{"kind": "computer", "level": "random"}] * 2)
    person = Person([s.base for s in rest], made["id"], made["secret"], 0, random.Random(3))
    person.connect(first.base)
    person.play(moves=6)
    while not person.act():  # a move sent, not yet answered, when server 0 dies
        person.read()
    first.kill()
    killed = time.monotonic()
    person.play(moves=1)  # reconnects to another server
    back = time.monotonic() - killed
    person.play()
    assert person.reconnects >= 1
    record = record_of(rest[0].base, made["id"])
    person.check(record)
    assert record.verify().scores == tuple(person.state["view"]["scores"])
    assert back < 15, f"the table came back after {back:.1f} s"
    store = Store(url)  # the computers' table goes on at another server
    try:
        moved = len(store.actions(robots["id"])) + 5
        end = time.monotonic() + 60
        while len(store.actions(robots["id"])) < moved and store.table(robots["id"]).status != "over":  # type: ignore[union-attr]
            assert time.monotonic() < end, "the computers' table was not taken over"
            time.sleep(0.2)
    finally:
        store.close()
    taken = sum(_metric(s.metrics(), "noddy_takeovers_total") for s in rest)
    assert taken >= 1


@pytest.mark.slow
def test_a_discard_laid_away_early_survives_its_server_killed(
    site: tuple[str, list[Server]], tmp_path: Path
) -> None:
    """A person lays away before the computer (asked first) has discarded, at server A, and is told
    so; A is killed with the computer still thinking. Server B takes the table over: the computer
    discards, then the person's stored discard is applied at its turn; the person is never asked
    again, and the laid cards reach no other connection and no log."""
    url, servers = site
    servers += start_all(url, tmp_path, 2, "--bot-delay", "3", "--bot-workers", "0")
    first, second = servers
    for attempt in range(12):  # a table where the engine asks the computer first
        made = new_table(first.base, [{"kind": "me"}, {"kind": "computer", "level": "random"}], "cribbage")
        person = Person([second.base], made["id"], made["secret"], 0, random.Random(attempt))
        person.connect(first.base)
        while not (person.state["view"]["phase"] == "discard" and person.state["view"]["to_act"] is not None):
            person.read()
        if person.state["view"]["to_act"] == 1:
            break
        person.close()
    else:
        raise AssertionError("the person was asked first at every table")
    assert person.state["lay_away_now"] is True
    laid = person.state["view"]["hand"][:2]
    seq = person.state["seq"]
    assert person.ws is not None
    person.ws.send(json.dumps({"type": "act", "action": "discard " + " ".join(laid), "seq": seq}))
    while sorted(person.state.get("laid_away", [])) != sorted(laid):
        person.read()
    first.kill()  # the computer's discard is not made yet (its server waits 3 s before it thinks)
    watcher = Person([second.base], made["id"], "", 1, random.Random(0))
    watcher.connect()
    person.connect()
    seen = [person.state]
    while person.state["view"]["phase"] == "discard":
        seen.append(person.read(timeout=30))
    store = Store(url)
    try:
        stored = [parse_action(text) for text in store.actions(made["id"])]
        assert store.laid(made["id"]) == {}  # cleared when applied
    finally:
        store.close()
    discards = [a for a in stored if a.kind == "discard"]
    assert [a.seat for a in discards] == [1, 0]
    assert sorted(str(c) for c in discards[1].cards) == sorted(laid)
    assert all(not m["lay_away_now"] for m in seen), "the person was asked to lay away again"
    assert person.errors == []
    watched = [watcher.state]
    with contextlib.suppress(TimeoutError):
        while True:
            watched.append(watcher.read(timeout=1))
    assert all(m["laid_away"] == [] and m["view"]["hand"] == [] for m in watched), "shown to another"
    for server in servers:
        assert "discard " + " ".join(laid) not in server.log.read_text()


@pytest.mark.slow
def test_computer_players_think_on_a_dask_cluster(site: tuple[str, list[Server]], tmp_path: Path) -> None:
    from distributed import Client, LocalCluster

    url, servers = site
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        options = ("--bot-delay", "0", "--bot-cluster", cluster.scheduler_address)
        servers += start_all(url, tmp_path, 2, *options)
        made = new_table(servers[0].base, [{"kind": "me"}, {"kind": "computer", "level": "easy"}])
        person = Person([s.base for s in servers], made["id"], made["secret"], 0, random.Random(4))
        person.connect()
        person.play(moves=8, hop=0.3)
        person.close()
        store = Store(url)
        try:
            stored = store.actions(made["id"])
        finally:
            store.close()
        # A lone action (a go, the one card it may lay) is made at once, not asked of the pool.
        state, choices = new_game(load_rules("willughby"), 2), 0
        for text in stored:
            choices += text.startswith("1:") and len(state.legal_actions()) > 1
            state = state.apply(parse_action(text))
        with Client(cluster.scheduler_address) as client:  # type: ignore[no-untyped-call]
            counts = client.run_on_scheduler(  # type: ignore[no-untyped-call]
                lambda dask_scheduler: dict(dask_scheduler.task_prefixes["decide"].state_counts)
            )
        # Every computer choice was decided on the cluster (and the worker was warmed there).
        assert counts["memory"] >= choices > 0
        waits = sum(_metric(s.metrics(), "noddy_bot_wait_seconds_count") for s in servers)
        assert waits >= choices


def _dask(*args: str) -> subprocess.Popen[bytes]:
    """A dask scheduler or worker in a process of its own (so that a test can kill it)."""
    command = [str(Path(sys.executable).parent / "dask"), *args]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _against_a_computer(server: Server, person: Person | None) -> Person:
    """``person``, or a person at a new table against an ``easy`` computer once their game is over."""
    if person is not None and person.state.get("status") != "over":
        return person
    made = new_table(server.base, [{"kind": "me"}, {"kind": "computer", "level": "easy"}], "cribbage")
    fresh = Person([server.base], made["id"], made["secret"], 0, random.Random(made["id"]))
    fresh.connect()
    return fresh


def _decided_on(address: str) -> int:
    """How many decisions the scheduler at ``address`` has had made."""
    from distributed import Client

    with Client(address, timeout=30) as client:  # type: ignore[no-untyped-call]
        counts = client.run_on_scheduler(  # type: ignore[no-untyped-call]
            lambda dask_scheduler: (
                dict(dask_scheduler.task_prefixes["decide"].state_counts)
                if "decide" in dask_scheduler.task_prefixes
                else {}
            )
        )
    return sum(counts.values())


@pytest.mark.slow
def test_while_the_dask_scheduler_is_down_the_computer_thinks_in_the_servers_own_processes(
    tmp_path: Path,
) -> None:
    """The scheduler is killed mid-game: the computer's decisions are thought in the server's own
    pool (counted, the outage logged once), never a random move; the scheduler started again, the
    decisions go back to the cluster."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    dask: list[subprocess.Popen[bytes]] = []
    server = Server(f"sqlite:///{tmp_path / 'noddy.db'}", tmp_path, "--bot-delay", "0", "--bot-workers", "1")
    server.options = (*server.options, "--bot-cluster", address)
    try:
        dask.append(_dask("scheduler", "--port", str(port), "--no-dashboard"))
        dask.append(_dask("worker", address, "--nthreads", "1", "--no-dashboard", "--no-nanny"))
        server.start()
        person = _against_a_computer(server, None)
        person.play(moves=3)
        assert _decided_on(address) > 0
        dask[0].kill()
        dask[0].wait()
        for _ in range(8):
            person = _against_a_computer(server, person)
            person.play(moves=1)
        fallbacks = _metric(server.metrics(), "noddy_bot_fallback_total")
        assert fallbacks >= 1
        log = server.log.read_text()
        assert log.count("computer players think in this server's own processes") == 1
        assert "a random legal action instead" not in log
        dask[0] = _dask("scheduler", "--port", str(port), "--no-dashboard")
        dask.append(_dask("worker", address, "--nthreads", "1", "--no-dashboard", "--no-nanny"))
        end = time.monotonic() + 90
        while "is back" not in server.log.read_text():
            assert time.monotonic() < end, "the server did not go back to the cluster"
            person = _against_a_computer(server, person)
            person.play(moves=1)
        for _ in range(4):
            person = _against_a_computer(server, person)
            person.play(moves=1)
        assert _decided_on(address) > 0  # decisions made on the new scheduler
        assert "a random legal action instead" not in server.log.read_text()
    finally:
        server.kill()
        for process in dask:
            process.kill()
            process.wait()


def test_the_lobby_is_read_from_the_stored_rows_without_replaying_a_game(postgres: Cluster) -> None:
    """Server B lists the tables server A plays as A sees them (scores and deal included, kept in the
    tables' rows by each move's transaction), and loads none of them into its memory to do it."""
    url = postgres.database()
    with (
        TestClient(create_app(url, bot_delay=0, limits=FAST)) as a,
        TestClient(create_app(url, bot_delay=0, limits=FAST)) as b,
    ):
        try:
            _lobby_of_another_server(a, b)
        finally:
            while OPEN:
                OPEN.pop().close()


def _lobby_of_another_server(a: TestClient, b: TestClient) -> None:
    computer = {"kind": "computer", "level": "random"}
    played = new_local_table(a, "cribbage", [{"kind": "me"}, computer])
    waiting = new_local_table(a, "cribbage", [{"kind": "me"}, {"kind": "friend"}, computer])
    seat, table = mine(a, played), live(a, played["id"])
    rng = random.Random(8)
    while not (any(table.state.scores) and table.state.to_act == 0):
        wait_for(lambda: table.state.to_act == 0 and not table.state.chance())
        seen = seat.state_at(len(table.state.history))
        seat.send(type="act", action=choose(seen, rng), seq=seen["seq"])
        wait_for(lambda seen=seen: len(table.state.history) > seen["seq"])
    other = live(a, waiting["id"])
    wait_for(lambda: other.state.to_act in (0, 1) and not other.state.chance())
    manager = b.app.state.manager  # type: ignore[attr-defined]
    rebuilt: list[str] = []  # B may take a table over while A plays (a lease free a moment): not the lobby
    rebuild = manager._rebuild
    manager._rebuild = lambda table_id: rebuilt.append(table_id) or rebuild(table_id)
    listed = b.get("/api/tables").json()
    assert rebuilt == [], "the lobby replayed the tables"
    assert listed["playing"] == [table.summary()], (listed["playing"], table.summary())
    assert listed["open"] == [other.summary()], (listed["open"], other.summary())
    assert listed["playing"][0]["scores"] == list(table.state.scores) != [0, 0]
    assert a.get("/api/tables").json() == listed


def test_the_metrics_say_the_servers_health_in_the_prometheus_format(client: TestClient) -> None:
    before = client.get("/metrics")
    assert before.status_code == 200 and before.headers["content-type"].startswith("text/plain")
    assert _metric(before.text, "noddy_moves_total", by="person") == 0
    made = new_local_table(client, "cribbage", [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    seat = mine(client, made)
    state = seat.until("state", lambda m: m["view"]["to_act"] == 0)
    hand = state["view"]["hand"]
    seat.send(type="act", action="discard " + " ".join(hand[:2]), seq=state["seq"])
    seat.until("state", lambda m: m["seq"] > state["seq"])
    text = client.get("/metrics").text
    assert _metric(text, "noddy_moves_total", by="person") == 1
    assert _metric(text, "noddy_moves_total", by="chance") >= 1
    assert _metric(text, "noddy_ack_seconds_count") == 1
    assert _metric(text, "noddy_tables_live") == 1
    assert _metric(text, "noddy_connections") == 1
    assert _metric(text, "noddy_bot_queue") == 0
    assert any(f.name == "noddy_server_info" for f in text_string_to_metric_families(text))


def test_a_move_onto_moves_taken_back_is_refused_and_each_number_is_taken_once(database: str) -> None:
    """What keeps two servers from storing a move twice, or a move onto an undo another server made."""
    store = Store(database)
    try:
        seats = (SeatRow(0, "human", "Ann", None, True), SeatRow(1, "random", "Bot", None, True))
        store.create_table("t1", "willughby", (), 2, False, seats)
        for number in (1, 2, 3):
            store.append_action("t1", number, f"chance: cut {number}", driven=True, undos=0)
        with pytest.raises(MoveTaken):  # another server stored move 3 first
            store.append_action("t1", 3, "chance: cut 9", undos=0)
        store.take_back("t1", 1)
        with pytest.raises(MoveTaken):  # written by a server that had not seen the undo
            store.append_action("t1", 2, "chance: cut 9", undos=0)
        store.append_action("t1", 2, "chance: cut 8", undos=1)
        assert store.actions("t1") == ["chance: cut 1", "chance: cut 8"]
        assert store.unattended() == []  # the last move says a person is to act (driven unknown)
        store.append_action("t1", 3, "chance: cut 7", driven=True, undos=1)
        assert store.unattended() == ["t1"]
        store.create_table("t2", "willughby", (), 2, False, seats)  # no move yet: the shuffle is due
        for number in range(1, 6):
            store.append_action("t2", number, f"chance: cut {number}", driven=number == 5)
        assert sorted(store.unattended()) == ["t1", "t2"]
        store.append_action("t2", 6, "0: go", driven=False)
        assert store.unattended() == ["t1"]
    finally:
        store.close()


@pytest.mark.slow
def test_the_win_chance_choice_is_the_tables_on_every_server(
    site: tuple[str, list[Server]], tmp_path: Path
) -> None:
    """Hidden through server A, the bar is hidden through server B (to a connection made before the
    choice and to one made after), after a move through B and after A restarts; between two people,
    one turning it on at A and the other at B, it is shown at both."""
    url, servers = site
    servers += start_all(url, tmp_path, 2, "--bot-delay", "0", "--bot-workers", "0")
    a, b = servers
    made = new_table(a.base, [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    person = Person([b.base], made["id"], made["secret"], 0, random.Random(4))
    person.connect(b.base)  # B holds the table: it hears of A's change
    assert person.state["winchance"]["on"] is True
    _choose(a.base, made["id"], made["secret"], on=False)
    while person.state["winchance"]["on"] is not False:
        person.read()
    assert not person.state["winchance"]["shown"]
    person.play(moves=1)
    assert person.state["winchance"]["on"] is False and not person.state["winchance"]["shown"]
    a.kill()
    servers.append(Server(url, tmp_path, "--bot-delay", "0", "--bot-workers", "0").start())
    person.connect(servers[-1].base)
    bar = person.state["winchance"]
    assert bar["on"] is False and not bar["shown"] and bar["points"] == []
    person.close()

    two = new_table(b.base, [{"kind": "me"}, {"kind": "friend"}])
    friend = _claim(servers[-1].base, two["id"], two["invites"][0]["link"].split("#")[1])
    assert not _choose(servers[-1].base, two["id"], two["secret"], on=True)["shown"]
    assert _choose(b.base, two["id"], friend, on=True)["shown"]
    for server in (b, servers[-1]):
        watcher = Person([server.base], two["id"], two["secret"], 0, random.Random(5))
        watcher.connect(server.base)
        bar = watcher.state["winchance"]
        assert bar["shown"] and (bar["agreed"], bar["people"]) == (2, 2), (server.base, bar)
        watcher.close()


def _choose(base: str, table: str, secret: str, *, on: bool) -> dict[str, Any]:
    answer = httpx.post(f"{base}/api/tables/{table}/winchance", json={"secret": secret, "on": on}, timeout=30)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def test_a_reconnection_gets_a_move_acknowledged_at_another_server_before_this_one_hears_of_it(
    postgres: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person's move is acknowledged by server B; server A, where the table is held (the other
    person looks at it there), has not heard B's notice yet (held back here, as a busy listener
    or a slow network would); the person reconnects to A: A's first state is the stored one, with
    the move, never its copy one move older."""
    url = postgres.database()
    with (
        TestClient(create_app(url, bot_delay=0, limits=FAST)) as a,
        TestClient(create_app(url, bot_delay=0, limits=FAST)) as b,
    ):
        try:
            _reconnect_before_the_notice(a, b, monkeypatch)
        finally:
            while OPEN:
                OPEN.pop().close()


def _reconnect_before_the_notice(a: TestClient, b: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    made = new_local_table(a, "cribbage", [{"kind": "me"}, {"kind": "friend"}])
    Seat(a, made["id"], None, 0, secret=made["secret"])  # A holds the table: someone looks at it there
    friend = Seat(b, made["id"], invite_token(made, 1), 1)
    secrets = {0: made["secret"], 1: friend.until("welcome")["secret"]}
    at_a, at_b = live(a, made["id"]), live(b, made["id"])
    wait_for(lambda: at_b.state.to_act in (0, 1) and not at_b.state.chance())
    wait_for(lambda: at_a.state.history == at_b.state.history)
    held: list[tuple[str, ...]] = []
    heard = follow.changed
    manager_a = a.app.state.manager  # type: ignore[attr-defined]

    def hold_a(manager: Any, *notice: Any) -> None:
        if manager is manager_a:
            held.append(notice)
        else:
            heard(manager, *notice)

    monkeypatch.setattr(follow, "changed", hold_a)
    seat = at_b.state.to_act
    assert seat is not None
    mover = Seat(b, made["id"], None, seat, secret=secrets[seat])
    seen = mover.until("state")
    mover.send(type="act", action=choose(seen, random.Random(9)), seq=seen["seq"])
    acknowledged = mover.until("state", lambda m: m["seq"] > seen["seq"])["seq"]
    wait_for(lambda: len(held) > 0)  # B's notice reached A, and waits there
    assert len(at_a.state.history) == seen["seq"]  # A's copy is one move behind
    back = Seat(a, made["id"], None, seat, secret=secrets[seat]).until("state")
    assert back["seq"] == acknowledged, "a reconnection got a state older than an acknowledged move"
    monkeypatch.setattr(follow, "changed", heard)
    a.portal.call(lambda: [heard(manager_a, *notice) for notice in held])  # type: ignore[union-attr]
    assert len(at_a.state.history) == acknowledged
