"""The server's state message alone: the CPU of a person's seat's message and its JSON, as a
connection's sender makes them (the events since its last message, English), over fixed games.

``--games`` greedy cribbage games (seeds 0, 1, ...) are played first; then a table (a person at seat
0 against a computer) is taken through every state of each game, its state message built and
written (`noddy.web.connection.message_json`) at each, in ``--repeat`` passes. Reported: the
messages and the CPU microseconds a message (``time.process_time``), the best and the median pass.
Compare two trees in interleaved runs, each with its own ``.venv`` or ``PYTHONPATH`` (the bench
follows its tree's server); the games are the same in each (greedy play, seeded chance).

    .venv/bin/python bench/web_message.py [--games 4] [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import random
import time

from noddy.game import GameState, new_game
from noddy.players import make_player, next_action
from noddy.rules import load_rules
from noddy.web.connection import message_json
from noddy.web.live import LiveTable
from noddy.web.messages import state_message
from noddy.web.seats import LiveSeat
from noddy.web.store import SeatRow


def game(seed: int) -> list[GameState]:
    """Every state of a greedy two-player cribbage game."""
    states = [new_game(load_rules("cribbage"), 2)]
    players = [make_player("greedy"), make_player("greedy")]
    rng = random.Random(seed)
    while not states[-1].is_over:
        states.append(states[-1].apply(next_action(states[-1], players, rng)))
    return states


def one_pass(games: list[list[GameState]]) -> None:
    """Each game's table taken through its states, seat 0's message made and written at each."""
    for states in games:
        seats = [
            LiveSeat.stored(SeatRow(0, "human", "Ann", None, True)),
            LiveSeat.stored(SeatRow(1, "hard", "Computer (hard)", None, True)),
        ]
        table = LiveTable("t1", "cribbage", (), states[0].rules, seats, states[0])
        since = 0
        for state in states:
            table.state = state
            message, since = state_message(table, 0, since)
            message_json(message)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    games = [game(seed) for seed in range(args.games)]
    messages = sum(len(states) for states in games)
    one_pass(games)
    passes = []
    for _ in range(args.repeat):
        started = time.process_time()
        one_pass(games)
        passes.append((time.process_time() - started) / messages * 1e6)
    passes.sort()
    print(json.dumps({"messages": messages, "best_us": passes[0], "median_us": passes[len(passes) // 2]}))


if __name__ == "__main__":
    main()
