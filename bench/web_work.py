"""``make bench`` (web, the server's own work): the CPU a person's move costs the server itself,
in one process, with nothing else in the measure.

A `TableManager` on a temporary SQLite store plays ``--games`` cribbage games, each a person
(random legal moves) against a computer seat whose decision is a random legal move, taken after the
view is packed, pickled and unpickled as the bot pool sends it to a worker (the thinking itself is
the workers' and is left out). A listener at the person's seat builds the seat's state message and
its JSON (`noddy.web.connection.message_json`) each time it is told the table moved, as a
connection's sender does; the websocket and the HTTP server are left out (`bench/web_computers.py`
has them). Reported: the person's moves and the CPU milliseconds a move (``time.process_time``),
which a loaded machine inflates far less than the site's waits. Compare two trees in interleaved
rounds, each running its own copy of this bench with its own ``.venv`` (the bench follows its
tree's server: how it packs a view, how it writes JSON).

    .venv/bin/python bench/web_work.py [--games 10]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import pickle
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from noddy.game import Action, PlayerView
from noddy.players import Player
from noddy.web.bots import PickledViews, unpack_view
from noddy.web.connection import message_json
from noddy.web.live import LiveTable
from noddy.web.messages import state_message
from noddy.web.seats import SeatSpec
from noddy.web.store import Store
from noddy.web.tables import TableManager


class PickledBots:
    """A computer seat's decision as the pool sends it (the view packed as `PickledViews` packs it,
    pickled there and back, and unpacked as a worker does), then a random legal move in place of
    the thinking."""

    running = waiting = fallbacks = 0

    async def start(self) -> None:
        return

    async def close(self) -> None:
        return

    def __init__(self) -> None:
        self.views = PickledViews()

    async def choose(
        self,
        player: Player,
        view: PlayerView,
        rng: random.Random,
        priority: int = 0,
        since: float | None = None,
    ) -> Action:
        sent = pickle.loads(pickle.dumps((player, self.views.pack(view), rng.getstate())))
        unpack_view(sent[1])
        return rng.choice(list(view.legal))


class Sender:
    """A connection at one seat: the state message and its JSON, built once a notice."""

    def __init__(self, table: LiveTable, seat: int) -> None:
        self.table, self.seat, self.events, self.dirty = table, seat, 0, False

    def notify(self, *, table: bool = False) -> None:
        self.dirty = True

    def send(self, message: dict[str, Any]) -> None:
        return

    def flush(self) -> None:
        if self.dirty:
            self.dirty = False
            message, self.events = state_message(self.table, self.seat, self.events)
            message_json(message)


async def play(games: int, seed: int) -> dict[str, float]:
    """``games`` games against the computer; the person's moves and the CPU they took."""
    folder = tempfile.mkdtemp()
    store = Store(f"sqlite:///{Path(folder) / 'work.db'}")
    manager = TableManager(store, bot_delay=0, max_tables=10_000, bots=PickledBots())
    rng = random.Random(seed)
    moves = 0
    started = time.process_time()
    for _ in range(games):
        seats = [SeatSpec("human", "Ann"), SeatSpec("hard", "Computer (hard)")]
        table = manager.create("cribbage", (), 2, None, seats, claimed={0}).table
        sender = Sender(table, 0)
        table.listeners.add(sender)
        while not table.state.is_over:
            while table.driver is not None and not table.driver.done():
                await asyncio.sleep(0)
                sender.flush()
            sender.flush()
            if table.state.is_over:
                break
            action = rng.choice(list(table.state.legal_actions()))
            await manager.act(table, 0, str(action), len(table.state.history))
            sender.flush()
            moves += 1
    cpu = time.process_time() - started
    store.close()
    return {"games": games, "moves": moves, "cpu_s": cpu, "cpu_ms_a_move": cpu / moves * 1000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(play(args.games, args.seed))))


if __name__ == "__main__":
    main()
