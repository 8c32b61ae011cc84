"""The store, on SQLite and on a real PostgreSQL (a throwaway cluster): the same rows come back, the
same writes are refused, one of two servers claiming a seat at once wins, an older database is
brought up to date, and a database server that restarts under a running store is reconnected to."""

from __future__ import annotations

import random
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pg import Cluster
from sqlalchemy import create_engine, text
from sqlalchemy.exc import IntegrityError
from web_helpers import Seat, live, mine, new_table, play_to_end, served, wait_for

from noddy.errors import NoddyError
from noddy.game import Action, Phase
from noddy.record import format_action
from noddy.web import schema
from noddy.web.seats import hash_token
from noddy.web.store import Moved, MoveTaken, SeatRow, Store, StoreUnavailable
from noddy.words import Reason

NAMES = ("Zoë Ünterwäßer-Ō'Brïen♥", "李白", "x" * 24)
"""Names as the web allows them: up to 24 letters, any script."""


def seat_rows() -> tuple[SeatRow, ...]:
    return (
        SeatRow(0, "human", NAMES[0], None, True, hash_token("maker")),
        SeatRow(1, "human", NAMES[1], hash_token("link"), False),
        SeatRow(2, "medium", NAMES[2], None, False),
    )


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    opened = Store(database)
    yield opened
    opened.close()


def test_a_table_comes_back_as_it_was_stored(store: Store) -> None:
    before = time.time()
    overrides = ("hand.wrong_count=muggins", "play.go=1")
    store.create_table("t1", "four-card", overrides, 3, False, seat_rows(), hash_token("key"))
    store.create_table("t2", "cribbage", (), 4, True, seat_rows())
    row = store.table("t1")
    assert row is not None
    assert (row.id, row.preset, row.overrides, row.players) == ("t1", "four-card", overrides, 3)
    assert row.status == "playing"
    assert row.partners is False and store.table("t2").partners is True  # type: ignore[union-attr]
    assert isinstance(row.created, float) and before - 1 <= row.created <= time.time() + 1
    assert row.seats == seat_rows() and row.maker_hash == hash_token("key")
    assert all(type(s.claimed) is bool for s in row.seats)
    assert (row.result, row.rematch) == (None, None)
    assert store.table("nothing") is None


def test_actions_come_back_in_order_and_a_number_is_stored_once(store: Store) -> None:
    store.create_table("t1", "cribbage", (), 3, False, seat_rows())
    lines = [f"chance: shuffle {n}" for n in range(1, 12)]
    for number, line in reversed(list(enumerate(lines, start=1))):
        store.append_action("t1", number, line)
    assert store.actions("t1") == lines
    with pytest.raises(MoveTaken):
        store.append_action("t1", 3, "0: go")
    with pytest.raises(IntegrityError):
        store.append_action("no-such-table", 1, "0: go")
    assert store.actions("t1") == lines and store.actions("no-such-table") == []


def test_a_move_stored_while_sqlite_is_locked_is_refused_as_unavailable_and_written_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move is written through the driver's own cursor: a SQLite file another process holds
    locked past the busy timeout is said to be unavailable (nothing written), and the move is
    stored once the lock is gone; a number stored already is still `MoveTaken`."""
    monkeypatch.setattr(schema, "BUSY_TIMEOUT_MS", 50)
    path = tmp_path / "locked.db"
    store = Store(f"sqlite:///{path}")
    store.create_table("t1", "cribbage", (), 2, False, seat_rows()[:2])
    store.append_action("t1", 1, "chance: shuffle 1", undos=0)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    with pytest.raises(StoreUnavailable):
        store.append_action("t1", 2, "chance: shuffle 2", undos=0, moved=Moved(scores=(2, 0), deal=1))
    other.execute("ROLLBACK")
    other.close()
    assert store.actions("t1") == ["chance: shuffle 1"]
    store.append_action("t1", 2, "chance: shuffle 2", undos=0, moved=Moved(scores=(2, 0), deal=1))
    with pytest.raises(MoveTaken):
        store.append_action("t1", 2, "0: go", undos=0)
    assert store.actions("t1") == ["chance: shuffle 1", "chance: shuffle 2"]
    assert store.table("t1").scores == (2, 0)
    store.close()


def test_a_discard_laid_away_early_is_kept_until_its_seat_discards_or_an_undo(store: Store) -> None:
    store.create_table("t1", "cribbage", (), 3, False, seat_rows())
    store.lay_away("t1", 1, "1: discard AS", undos=0)
    assert store.laid("t1") == {1: "1: discard AS"}
    with pytest.raises(MoveTaken):  # one a seat (laid away at another server first)
        store.lay_away("t1", 1, "1: discard KS", undos=0)
    with pytest.raises(MoveTaken):  # written by a server that had not seen an undo
        store.lay_away("t1", 2, "2: discard KS", undos=1)
    asked = Moved(laying=True, discarded=0, asked=1)
    waiting = store.append_action("t1", 1, "0: discard 2H", driven=False, undos=0, moved=asked)
    assert waiting == {1: "1: discard AS"}
    assert store.unattended() == ["t1"]  # the seat asked has a discard waiting: a server applies it
    applied = Moved(scores=(0, 0, 2), deal=1, laying=True, discarded=1, asked=2)
    assert store.append_action("t1", 2, "1: discard AS", driven=False, undos=0, moved=applied) == {}
    assert store.laid("t1") == {}  # cleared by the move that applied it
    row = store.table("t1")
    assert row is not None and row.scores == (0, 0, 2) and row.deal == 1
    store.lay_away("t1", 2, "2: discard KS", undos=0)
    store.take_back("t1", 1, (0, 0, 0), 1)
    assert store.laid("t1") == {}  # dropped with an undo
    row = store.table("t1")
    assert row is not None and row.scores == (0, 0, 0) and row.undos == 1


def test_a_finished_table_keeps_its_result_and_its_names(store: Store) -> None:
    for n in range(3):
        store.create_table(f"t{n}", "cribbage", (), 3, False, seat_rows())
    result = {"scores": [121, 97, 64], "winner": 0, "names": list(NAMES), "line": "Zoë gagne ♥"}
    store.finish("t1", result)
    store.set_rematch("t1", "t2")
    assert [t.id for t in store.tables(status="over")] == ["t1"]
    assert [t.id for t in store.tables()] == ["t2", "t1", "t0"]
    assert [t.id for t in store.tables(limit=2)] == ["t2", "t1"]
    over = store.table("t1")
    assert over is not None and over.status == "over" and over.result == result and over.rematch == "t2"
    assert not store.rename_seat("t1", 0, "Eve")
    assert not store.invite_seat("t1", 1, hash_token("new"))
    assert not store.claim_seat("t1", 1, "Eve", hash_token("s"))
    assert store.table("t1").seats == seat_rows()  # type: ignore[union-attr]


def test_a_seat_is_claimed_once_and_a_new_link_frees_it(store: Store) -> None:
    store.create_table("t1", "cribbage", (), 3, False, seat_rows())
    assert store.claim_seat("t1", 1, "Bob", hash_token("bob"))
    assert not store.claim_seat("t1", 1, "Eve", hash_token("eve"))
    assert store.rename_seat("t1", 1, NAMES[0])
    seat = store.table("t1").seats[1]  # type: ignore[union-attr]
    assert (seat.name, seat.claimed, seat.secret_hash) == (NAMES[0], True, hash_token("bob"))
    assert store.invite_seat("t1", 1, hash_token("fresh"))
    seat = store.table("t1").seats[1]  # type: ignore[union-attr]
    assert (seat.token_hash, seat.claimed, seat.secret_hash) == (hash_token("fresh"), False, None)
    assert store.claim_seat("t1", 1, "Eve", hash_token("eve"))


def test_two_servers_claiming_one_seat_at_once_seat_exactly_one(database: str) -> None:
    """Two stores on one database (two servers), eight seats claimed by both at the same moment:
    each seat goes to exactly one of them, and to the one whose secret is stored."""
    stores = [Store(database), Store(database)]
    rows = tuple(SeatRow(i, "human", f"P{i}", hash_token(f"link{i}"), False) for i in range(8))
    for n in range(4):
        stores[0].create_table(f"t{n}", "cribbage", (), 8, False, rows)
    won: dict[tuple[str, int, int], bool] = {}
    start = threading.Barrier(2)

    def claim(who: int) -> None:
        start.wait()
        for n in range(4):
            for seat in range(8):
                secret = hash_token(f"s{who}")
                won[f"t{n}", seat, who] = stores[who].claim_seat(f"t{n}", seat, f"S{who}", secret)

    threads = [threading.Thread(target=claim, args=(who,)) for who in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for n in range(4):
        for seat in stores[1].table(f"t{n}").seats:  # type: ignore[union-attr]
            winners = [who for who in (0, 1) if won[f"t{n}", seat.seat, who]]
            assert len(winners) == 1, (n, seat)
            assert seat.secret_hash == hash_token(f"s{winners[0]}") and seat.name == f"S{winners[0]}"
    for opened in stores:
        opened.close()


def test_servers_opening_a_new_database_at_once_all_open_it(database: str) -> None:
    """Servers started together on an empty database each make or find its tables."""
    opened: list[Store] = []
    failed: list[BaseException] = []
    start = threading.Barrier(4)

    def open_it() -> None:
        start.wait()
        try:
            opened.append(Store(database))
        except BaseException as exc:
            failed.append(exc)

    threads = [threading.Thread(target=open_it) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failed
    opened[0].create_table("t1", "cribbage", (), 3, False, seat_rows())
    assert all(s.table("t1") is not None for s in opened)
    for s in opened:
        s.close()


OLD_SCHEMA = (
    "CREATE TABLE noddy_tables (id VARCHAR(32) NOT NULL, created FLOAT NOT NULL,"
    " preset VARCHAR(64) NOT NULL, overrides TEXT NOT NULL, players INTEGER NOT NULL,"
    " partners BOOLEAN NOT NULL, status VARCHAR(16) NOT NULL, result TEXT, rematch VARCHAR(32),"
    " finished FLOAT, PRIMARY KEY (id))",
    "CREATE TABLE noddy_seats (table_id VARCHAR(32) NOT NULL, seat INTEGER NOT NULL,"
    " kind VARCHAR(32) NOT NULL, name VARCHAR(64) NOT NULL, token_hash VARCHAR(64),"
    " claimed BOOLEAN NOT NULL, PRIMARY KEY (table_id, seat),"
    " FOREIGN KEY(table_id) REFERENCES noddy_tables (id))",
    "CREATE INDEX ix_noddy_seats_token_hash ON noddy_seats (token_hash)",
    "CREATE TABLE noddy_actions (table_id VARCHAR(32) NOT NULL, number INTEGER NOT NULL, text TEXT NOT NULL,"
    " at FLOAT NOT NULL, PRIMARY KEY (table_id, number), FOREIGN KEY(table_id) REFERENCES noddy_tables (id))",
)
"""The schema of the version before seat secrets and maker keys (as `test_seats` has it for SQLite)."""


def test_a_database_made_before_seat_secrets_is_brought_up_to_date(database: str) -> None:
    engine = create_engine(database)
    with engine.begin() as conn:
        for statement in OLD_SCHEMA:
            conn.execute(text(statement))
        row = "'old', 1.5, 'cribbage', '[]', 2, :no, 'playing', NULL, NULL, NULL"
        conn.execute(text(f"INSERT INTO noddy_tables VALUES ({row})"), {"no": False})
        conn.execute(
            text("INSERT INTO noddy_seats VALUES ('old', :seat, 'human', :name, :token, :claimed)"),
            [
                {"seat": 0, "name": "Ann", "token": hash_token("ann"), "claimed": True},
                {"seat": 1, "name": "Bob", "token": hash_token("bob"), "claimed": False},
            ],
        )
        conn.execute(text("INSERT INTO noddy_actions VALUES ('old', 1, 'chance: shuffle', 2.5)"))
    engine.dispose()
    store = Store(database)
    row = store.table("old")
    assert row is not None and row.maker_hash is None and row.created == 1.5
    seats = [(s.name, s.claimed, s.secret_hash) for s in row.seats]
    assert seats == [("Ann", True, None), ("Bob", False, None)]
    assert store.claim_seat("old", 0, "Ann", hash_token("ann secret"))
    assert [s.winchance for s in row.seats] == [None, None]  # nobody chose: the default holds
    store.choose_bar("old", 1, False)
    assert store.actions("old") == ["chance: shuffle"]
    store.close()
    again = Store(database)
    assert again.table("old").seats[0].secret_hash == hash_token("ann secret")  # type: ignore[union-attr]
    assert [s.winchance for s in again.table("old").seats] == [None, False]  # type: ignore[union-attr]
    again.close()


def test_a_restarted_database_server_is_reconnected_to_with_nothing_lost(postgres: Cluster) -> None:
    """PostgreSQL restarts under a running game: the next move is stored on a new connection (the
    pool's old ones are dead) and the game plays on to its end."""
    url = postgres.database()
    with served(url) as client:
        made = new_table(client, "cribbage")
        me = mine(client, made)
        table = live(client, made["id"])
        wait_for(lambda: table.state.to_act == 0)
        postgres.stop()
        postgres.start()
        seen = me.state_at(len(table.state.history))
        me.send(type="act", action="discard " + " ".join(seen["view"]["hand"][:2]), seq=seen["seq"])
        wait_for(lambda: len(table.state.history) > seen["seq"])
        play_to_end(client, made["id"], {0: me}, random.Random(7))
        stored = client.app.state.store.actions(made["id"])  # type: ignore[attr-defined]
        assert len(stored) == len(table.state.history) and table.state.is_over
        me.close()


def test_a_move_made_while_the_database_is_down_is_refused_and_can_be_made_again(postgres: Cluster) -> None:
    """The player is told the database cannot be reached and nothing was done (no trace of its host);
    the connection stays, and once the database is back the same move is made."""
    with served(postgres.database()) as client:
        made = new_table(client, "cribbage")
        me = mine(client, made)
        table = live(client, made["id"])
        wait_for(lambda: table.state.to_act == 0)
        seen = me.state_at(len(table.state.history))
        discard = "discard " + " ".join(seen["view"]["hand"][:2])
        postgres.stop()
        try:
            me.send(type="act", action=discard, seq=seen["seq"])
            error = me.error()
        finally:
            postgres.start()
        assert error == "the game's database cannot be reached just now: nothing was done; try again soon"
        assert len(table.state.history) == seen["seq"]
        me.send(type="act", action=discard, seq=seen["seq"])
        wait_for(lambda: len(table.state.history) > seen["seq"])
        stored = client.app.state.store.actions(made["id"])  # type: ignore[attr-defined]
        assert stored[seen["seq"]] == format_action(Action.parse(discard, 0))
        me.close()


def test_a_connection_made_while_the_database_is_down_is_served_the_table_held(postgres: Cluster) -> None:
    """A hello brings the copy held up to date from the database first (a notice of another
    server's move may be late); with the database down it is served the copy as it is."""
    with served(postgres.database()) as client:
        made = new_table(client, "cribbage")
        table = live(client, made["id"])
        wait_for(lambda: table.state.to_act == 0)
        postgres.stop()
        try:
            me = mine(client, made)
            assert me.until("welcome")["seat"] == 0
            assert me.until("state")["seq"] == len(table.state.history)
        finally:
            postgres.start()
        me.close()


def test_while_the_database_is_down_each_request_is_answered_503_in_the_readers_language(
    postgres: Cluster,
) -> None:
    """The lobby, a new table, a win-chance choice, the trainer's progress: each is told the
    database cannot be reached (503, to try again), never a 500; once it is back they are served."""
    with served(postgres.database()) as client:
        made = new_table(client, "cribbage")
        choice = {"secret": made["secret"], "on": False}
        asked = [
            ("GET", "/api/tables", None),
            ("POST", "/api/tables", {"rules": "cribbage", "seats": [{"kind": "me"}, {"kind": "computer"}]}),
            ("POST", f"/api/tables/{made['id']}/winchance", choice),
            ("GET", "/api/train/progress", None),
        ]
        postgres.stop()
        try:
            answers = [
                (client.request(method, url, json=body, headers={"accept-language": lang}), lang)
                for method, url, body in asked
                for lang in ("en", "fr")
            ]
        finally:
            postgres.start()
        for answer, lang in answers:
            assert answer.status_code == 503, (answer.request.url, answer.text)
            assert answer.json() == {"detail": Reason("store_down").say(lang)}
            assert answer.headers["retry-after"] == "5"
        for method, url, body in asked:
            assert client.request(method, url, json=body).status_code in (200, 201), url


class Held:
    """A computer player that tells the test when it is asked, and chooses only when let go."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self.name = player.name
        self.asked = threading.Event()
        self.go = threading.Event()

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        self.asked.set()
        assert self.go.wait(30)
        return self.player.choose(view, legal, rng)


def test_a_computer_move_waits_for_a_database_that_is_down_and_the_game_goes_on(
    postgres: Cluster, caplog: pytest.LogCaptureFixture, request: pytest.FixtureRequest
) -> None:
    """The database goes down while a computer player thinks: its move is not made, it tries again,
    and when the database is back the table goes on by itself and plays to its end."""
    with served(postgres.database()) as client:
        made = new_table(client, "cribbage")
        me = mine(client, made)
        table = live(client, made["id"])
        held = Held(table.bots[1])
        table.bots[1] = held  # type: ignore[assignment]
        request.addfinalizer(held.go.set)
        rng = random.Random(3)
        while not held.asked.is_set():
            wait_for(lambda: held.asked.is_set() or table.state.to_act == 0)
            if not held.asked.is_set():
                seen = me.state_at(len(table.state.history))
                me.send(type="act", action=rng.choice(seen["view"]["legal"]), seq=seen["seq"])
                wait_for(lambda seen=seen: len(table.state.history) > seen["seq"] or held.asked.is_set())
        before = len(table.state.history)
        postgres.stop()
        try:
            held.go.set()
            wait_for(lambda: "cannot be used" in caplog.text)
            assert len(table.state.history) == before and table.state.to_act == 1
        finally:
            postgres.start()
        wait_for(lambda: len(table.state.history) > before)
        play_to_end(client, made["id"], {0: me}, rng)
        assert table.state.is_over
        stored = client.app.state.store.actions(made["id"])  # type: ignore[attr-defined]
        assert len(stored) == len(table.state.history)
        me.close()


def test_a_database_that_cannot_be_reached_is_named_without_its_password(tmp_path: Path) -> None:
    pytest.importorskip("psycopg")
    url = f"postgresql+psycopg://ann:sesame@/noddy?host={tmp_path}"
    with pytest.raises(NoddyError) as caught:
        Store(url)
    message = str(caught.value)
    assert message.startswith("cannot open the database 'postgresql+psycopg://ann:***@/noddy?host=")
    assert "sesame" not in message and "\n" not in message


@pytest.mark.parametrize("scheme", ["postgresql://", "postgres://"])
def test_a_plain_postgresql_url_uses_the_driver_the_extra_installs(postgres: Cluster, scheme: str) -> None:
    """``postgresql://`` (and libpq's ``postgres://``) without a driver name use psycopg 3, the
    driver `pip install 'noddy[postgres]'` installs."""
    store = Store(postgres.database().replace("postgresql+psycopg://", scheme))
    assert store.engine.dialect.driver == "psycopg"
    store.create_table("t1", "cribbage", (), 3, False, seat_rows())
    assert store.table("t1") is not None
    store.close()


def test_a_discard_laid_away_early_that_cannot_be_applied_yet_is_applied_once_the_database_is_back(
    client: TestClient,
) -> None:
    """Both lay away at once; the database fails between the first's discard and the second's waiting
    one: the first is told of no fault (theirs is stored), the second is not asked again (theirs was
    acknowledged, and is kept): it is applied when the database answers again, and the game goes on."""
    made = new_table(client, "cribbage", [{"kind": "me"}, {"kind": "friend"}])
    token = made["invites"][0]["link"].split("#")[1]
    people = {0: mine(client, made), 1: Seat(client, made["id"], token, 1)}
    table = live(client, made["id"])
    wait_for(lambda: table.state.phase is Phase.DISCARD and table.state.to_act is not None)
    first = table.state.to_act
    assert first is not None
    second = 1 - first
    before = len(table.state.history)
    laid = people[second].state_at(before)["view"]["hand"][:2]
    people[second].send(type="act", action="discard " + " ".join(laid), seq=before - 1)
    people[second].until("state", lambda m: m["laid_away"])
    store = client.app.state.store  # type: ignore[attr-defined]
    stored_first = store.append_action

    def down_after_one(*args: Any, **kwargs: Any) -> dict[int, str]:
        store.append_action = unavailable
        return stored_first(*args, **kwargs)  # type: ignore[no-any-return]

    def unavailable(*args: Any, **kwargs: Any) -> dict[int, str]:
        raise StoreUnavailable

    store.append_action = down_after_one
    hand = people[first].state_at(before)["view"]["hand"]
    people[first].send(type="act", action="discard " + " ".join(hand[:2]), seq=before)
    waiting = people[second].state_at(before + 1)
    assert table.state.to_act == second and waiting["lay_away_now"] is False
    assert sorted(waiting["laid_away"]) == sorted(laid)
    people[first].send(type="ping")
    people[first].until("pong")
    assert not [m for m in people[first].messages if m["type"] == "error"]
    store.append_action = stored_first  # the database is back: the driver applies it
    wait_for(lambda: table.state.phase is not Phase.DISCARD, timeout=10)
    discards = [a for a in table.state.history if a.kind == "discard"]
    assert [a.seat for a in discards] == [first, second]
    assert sorted(str(c) for c in discards[1].cards) == sorted(laid)
    assert store.actions(made["id"]) == [format_action(a) for a in table.state.history]
    assert store.laid(made["id"]) == {} and table.laying.waiting == {}
    play_to_end(client, made["id"], people, random.Random(5))
