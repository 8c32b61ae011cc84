"""``make bench`` (web, the lobby): what one lobby request costs a server of a shared site (issue 26).

A throwaway PostgreSQL cluster (the tests' ``tests/web/pg.py``) holds ``--tables`` cribbage tables
in play, each some 40 to 120 moves into a random game, stored as the server stores them. The lobby's
list of tables in play is made two ways, in interleaved rounds in this one process, on a server
that holds none of the tables in memory (as when another server plays them): **replayed**, as the
lobby did before, each table rebuilt by replaying its stored moves (`TableManager.get`), then its
summary; **stored rows**, as now (`noddy.web.lobby.listing`): one query of the tables' rows and
seats. CPU seconds of this process (the server's side; PostgreSQL's is not counted) per request,
median over the rounds, and their ratio; the two lists are checked to be the same.

    .venv/bin/python bench/web_lobby.py [--tables 50] [--rounds 10]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "web"))
from pg import Cluster  # noqa: E402  (the tests' throwaway cluster)

from noddy.game import new_game  # noqa: E402
from noddy.record import format_action  # noqa: E402
from noddy.rules import load_rules  # noqa: E402
from noddy.web.store import Moved, SeatRow, Store  # noqa: E402
from noddy.web.tables import TableManager  # noqa: E402

RESULTS = HERE / "results" / "web_lobby.json"


def fill(store: Store, tables: int, rng: random.Random) -> None:
    """``tables`` tables of a person and a computer, each stored some 40 to 120 moves into a game."""
    rules = load_rules("cribbage")
    seats = (SeatRow(0, "human", "Ann", None, True, "x" * 64), SeatRow(1, "hard", "Computer", None, True))
    for number in range(tables):
        table_id = f"bench{number:05d}"
        state = new_game(rules, 2)
        store.create_table(table_id, "cribbage", (), 2, False, seats, None, False, state.scores, 0)
        for move in range(rng.randint(40, 120)):
            if state.is_over:
                break
            chance = state.chance()
            action = chance.sample(rng) if chance is not None else rng.choice(state.legal_actions())
            before, state = state, state.apply(action)
            changed = before.scores != state.scores or before.deal_number != state.deal_number
            moved = Moved(tuple(state.scores) if changed else None, state.deal_number)
            store.append_action(table_id, move + 1, format_action(action), moved=moved)


def replayed(manager: TableManager, limit: int) -> list[dict[str, Any]]:
    """The lobby's tables in play as it made them before: each table replayed from its moves."""
    manager.held.live.clear()
    found = (manager.get(row.id) for row in manager.store.tables(status="playing", limit=limit))
    return sorted((t.summary() for t in found if t is not None), key=lambda s: str(s["id"]))


def stored(manager: TableManager, limit: int) -> list[dict[str, Any]]:
    """The lobby's tables in play as it makes them now: from the stored rows."""
    listed = manager.listing(limit)
    return sorted(listed["open"] + listed["playing"], key=lambda s: str(s["id"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--results", type=Path, default=RESULTS)
    args = parser.parse_args()
    cluster = Cluster()
    try:
        store = Store(cluster.database())
        fill(store, args.tables, random.Random(26))
        manager = TableManager(store)
        assert manager.site.shared
        assert replayed(manager, args.tables) == stored(manager, args.tables), "the two lobbies differ"
        cpu: dict[str, list[float]] = {"replayed": [], "stored rows": []}
        for _ in range(args.rounds):
            for name, way in (("replayed", replayed), ("stored rows", stored)):
                began = time.process_time()
                way(manager, args.tables)
                cpu[name].append(time.process_time() - began)
        store.close()
    finally:
        cluster.remove()
    before, after = (statistics.median(cpu[k]) for k in ("replayed", "stored rows"))
    summary = {
        "tables": args.tables,
        "rounds": args.rounds,
        "replayed_cpu_ms": before * 1000,
        "stored_rows_cpu_ms": after * 1000,
        "ratio": before / after,
    }
    print(json.dumps(summary, indent=2))
    args.results.parent.mkdir(parents=True, exist_ok=True)
    args.results.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
