"""Running many games: seeds, seat rotation, chunks on an executor, and a summary of each game.

Game ``i`` of a tournament draws its chance from its own `random.Random` (see `game_rng`) and seats
the players rotated by ``i``, so a game's outcome depends only on the seed and its index: the results
are the same whether the games run in this process, on a pool of processes or on a dask cluster.
Games are played through `noddy.players.driver.run_game` (the Python engine), or, where the compiled
kernel knows every player (``random``, ``greedy``) and handles the rules, by the kernel
(`noddy.engine.choose`): a seed gives the same games on the same engine, and other games on the other.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

from noddy.engine import TALLIES, choose, play_game
from noddy.errors import NoddyError
from noddy.game import EVENT_FACTS, Event, EventKind, GameState, new_game, side_of
from noddy.players import MEASUREMENT, PLAYERS, make_player
from noddy.players.driver import run_game
from noddy.rules import Rules, dump_rules, loads_rules
from noddy.scoring import Kind, total
from noddy.sim.workers import executor_for, run_tasks, stopping
from noddy.words import Reason, sim_phrase

__all__ = [
    "AHEAD",
    "KERNEL_TALLIES",
    "KIND_SOURCES",
    "PLAY_KIND_SOURCES",
    "SOURCES",
    "DealSummary",
    "GameSummary",
    "check_tournament",
    "chunk_size",
    "executor_for",
    "game_rng",
    "iter_games",
    "kind_source",
    "play_chunk",
    "play_games",
    "run_tasks",
    "seating",
    "summarize_game",
]

SOURCES = ("hand", "crib", "play", "thirty_one", "last_card", "knave", "muggins", "compensation")
"""Where points come from, in the order of `GameSummary.points`."""

KIND_SOURCES: dict[Kind, str] = {
    Kind.KNAVE: "knave",
    Kind.TURNED_JACK: "knave",
    Kind.LAST_CARD: "last_card",
}
"""The kinds whose points count under a source of their own wherever they score (the Knave, held,
laid or turned up; the last card); every other kind counts with the hand, crib or play that
scored it, but for `PLAY_KIND_SOURCES` in the play."""

PLAY_KIND_SOURCES: dict[Kind, str] = {Kind.THIRTY_ONE: "thirty_one"}
"""The kinds whose points count under a source of their own when scored in the play (31 laid; a
31 in a hand counts with the hand)."""


def kind_source(kind: Kind, where: str) -> str:
    """Where the points of an item of ``kind`` count when scored in ``where`` (``hand``, ``crib``
    or ``play``).

    >>> kind_source(Kind.KNAVE, "hand"), kind_source(Kind.THIRTY_ONE, "play"), kind_source(Kind.RUN, "crib")
    ('knave', 'thirty_one', 'crib')
    """
    if kind in KIND_SOURCES:
        return KIND_SOURCES[kind]
    if where == "play" and kind in PLAY_KIND_SOURCES:
        return PLAY_KIND_SOURCES[kind]
    return where


def _event_source(kind: EventKind) -> str:
    source = EVENT_FACTS[kind].source
    assert source is not None, kind
    return source


KERNEL_TALLIES: dict[str, str] = {
    "hand": "hand",
    "crib": "crib",
    "play": _event_source(EventKind.PLAY),
    "thirty_one": kind_source(Kind.THIRTY_ONE, "play"),
    "last_card": _event_source(EventKind.LAST_CARD),
    "knave": kind_source(Kind.KNAVE, "hand"),
    "turned_jack": kind_source(Kind.TURNED_JACK, "hand"),
    "muggins": _event_source(EventKind.MUGGINS),
    "compensation": _event_source(EventKind.COMPENSATION),
}
"""Where each of the kernel's tallies (`noddy.engine.TALLIES`, in the engine's terms) counts, by the
same tables as the engine's events: a count of a hand or a crib, the play's events, the items the
kernel tallies apart (31 laid, the Knave held or laid, a Jack turned up) where their kind counts."""


def _kernel_sources(tallies: Sequence[int]) -> tuple[int, ...]:
    """A seat's points by `SOURCES`, from its points by the kernel's tallies."""
    points = [0] * len(SOURCES)
    for name, pts in zip(TALLIES, tallies, strict=True):
        points[SOURCES.index(KERNEL_TALLIES[name])] += pts
    return tuple(points)


_MAX_CHUNK = 200

AHEAD = 64
"""Tasks sent to an executor before the first has finished (`iter_games`); a caller that knows
how many games its executor runs at once may send a few for each."""


@dataclass(frozen=True, slots=True)
class DealSummary:
    """One deal: who dealt, and the points each side pegged in it."""

    dealer: int
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What the statistics need of one game, as plain data that pickles cheaply.

    ``seats[s]`` is the index (in the tournament's player list) of the player in seat ``s``;
    ``scores`` and ``winner`` are per side; ``points[s]`` are seat ``s``'s points by `SOURCES`.
    """

    index: int
    seats: tuple[int, ...]
    partners: bool
    scores: tuple[int, ...]
    winner: int | None
    stake: tuple[str, int]
    first_dealer: int
    deals: tuple[DealSummary, ...]
    points: tuple[tuple[int, ...], ...]
    actions: int

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.partners)

    def seat_of(self, player: int) -> int:
        return self.seats.index(player)


def game_rng(seed: int, index: int) -> random.Random:
    """The chance of game ``index``: its own generator, so no game depends on another."""
    return random.Random(seed * 1_000_003 + index)


def seating(players: int, index: int) -> tuple[int, ...]:
    """Who sits where in game ``index``: the player list rotated by ``index`` seats.

    >>> seating(3, 0), seating(3, 1)
    ((0, 1, 2), (1, 2, 0))
    """
    return tuple((seat + index) % players for seat in range(players))


def _sources(event: Event) -> list[tuple[str, int]]:
    """Split the points of one event by source (see ``docs/simulate.md`` for the choices): each item
    where its kind counts (`kind_source`), the rest where the event counts (a count's
    subject, `EventFacts.source`); a count pegged other than its items counts whole."""
    where = event.subject or EVENT_FACTS[event.kind].source
    if where is None:
        raise NoddyError(f"the simulator does not know where {event.kind!r} events' points come from")
    if not event.items or event.points != total(event.items):
        return [(where, event.points)]
    return [(kind_source(item.kind, where), item.points) for item in event.items]


def summarize_game(state: GameState, seats: Sequence[int], index: int) -> GameSummary:
    """Summarise a finished game from its events: points by source per seat, and per deal."""
    points = [[0] * len(SOURCES) for _ in range(state.players)]
    deals: list[tuple[int, list[int]]] = []
    first_dealer = 0
    for event in state.events:
        if event.kind is EventKind.DEALER and event.seat is not None:
            first_dealer = event.seat
        elif event.kind is EventKind.DEAL and event.seat is not None:
            deals.append((event.seat, [0] * state.sides))
        if not event.points or event.seat is None:
            continue
        for source, pts in _sources(event):
            points[event.seat][SOURCES.index(source)] += pts
        if deals:
            deals[-1][1][state.side_of(event.seat)] += event.points
    return GameSummary(
        index=index,
        seats=tuple(seats),
        partners=state.partners,
        scores=state.scores,
        winner=state.winner,
        stake=state.stake,
        first_dealer=first_dealer,
        deals=tuple(DealSummary(dealer, tuple(pts)) for dealer, pts in deals),
        points=tuple(tuple(row) for row in points),
        actions=sum(1 for action in state.history if action.seat is not None),
    )


def _play_game(
    rules: Rules, names: Sequence[str], partners: bool | None, seed: int, index: int
) -> GameSummary:
    seats = seating(len(names), index)
    players = [make_player(names[p]) for p in seats]
    state = new_game(rules, len(names), partners=partners)
    return summarize_game(run_game(state, players, game_rng(seed, index)), seats, index)


def _kernel_game(rules: Rules, names: Sequence[str], partners: bool, seed: int, index: int) -> GameSummary:
    """Game ``index`` played by the kernel, seated and seeded as the Python engine's game would be."""
    seats = seating(len(names), index)
    result = play_game(rules, [names[p] for p in seats], partners, seed * 1_000_003 + index)
    return GameSummary(
        index=index,
        seats=seats,
        partners=partners,
        scores=result.scores,
        winner=result.winner,
        stake=result.stake,
        first_dealer=result.first_dealer,
        deals=tuple(DealSummary(dealer, points) for dealer, points in result.deals),
        points=tuple(_kernel_sources(row) for row in result.points),
        actions=result.actions,
    )


def _play_games(
    rules: Rules, names: Sequence[str], partners: bool | None, seed: int, indexes: range, engine: str
) -> Iterator[GameSummary]:
    """Games ``indexes`` by ``engine`` (`noddy.engine.ENGINES`), one by one."""
    if choose(rules, len(names), engine, seated=names) == "kernel":
        together = new_game(rules, len(names), partners=partners).partners
        for index in indexes:
            yield _kernel_game(rules, names, together, seed, index)
    else:
        for index in indexes:
            yield _play_game(rules, names, partners, seed, index)


def play_chunk(
    rules_toml: str,
    names: tuple[str, ...],
    partners: bool | None,
    seed: int,
    start: int,
    stop: int,
    engine: str = "auto",
) -> list[GameSummary]:
    """Play games ``start`` to ``stop - 1``: the task sent to a worker, all in plain data. A worker
    told to stop (`noddy.sim.workers.stopping`) ends the task after the game under way, with the
    games played."""
    rules = loads_rules(rules_toml)
    played = []
    for summary in _play_games(rules, names, partners, seed, range(start, stop), engine):
        played.append(summary)
        if stopping.is_set():
            break
    return played


def chunk_size(games: int, workers: int) -> int:
    """Games per task: about eight tasks a worker (for an even finish and a moving progress bar)."""
    return max(1, min(_MAX_CHUNK, math.ceil(games / (8 * max(1, workers)))))


def check_tournament(
    rules: Rules, names: Sequence[str], partners: bool | None, games: int, lang: str = "en"
) -> None:
    """Refuse, before any game is played, a tournament that cannot run: say what would be right
    (a number of players the rules do not take, in ``lang``)."""
    if games < 1:
        raise NoddyError(Reason("sim_games", games=games))
    for name in names:
        if name not in PLAYERS and name not in MEASUREMENT:
            make_player(name)  # refused, naming the players there are
    if len(names) not in rules.player_counts:
        allowed = ", ".join(map(str, rules.player_counts))
        said = {"rules": rules.name, "allowed": allowed, "n": len(names), "seats": ", ".join(names)}
        raise NoddyError(sim_phrase("error.players", lang, **said))
    new_game(rules, len(names), partners=partners)


def play_games(
    rules: Rules,
    names: Sequence[str],
    games: int,
    seed: int,
    *,
    partners: bool | None = None,
    executor: Executor | None = None,
    chunk: int = 50,
    on_progress: Callable[[int], None] | None = None,
    engine: str = "auto",
    ahead: int = AHEAD,
) -> list[GameSummary]:
    """Play ``games`` games and return their summaries in game order (see `iter_games`)."""
    summaries = iter_games(
        rules,
        names,
        games,
        seed,
        partners=partners,
        executor=executor,
        chunk=chunk,
        on_progress=on_progress,
        engine=engine,
        ahead=ahead,
    )
    return sorted(summaries, key=lambda summary: summary.index)


def iter_games(
    rules: Rules,
    names: Sequence[str],
    games: int,
    seed: int,
    *,
    partners: bool | None = None,
    executor: Executor | None = None,
    chunk: int = 50,
    on_progress: Callable[[int], None] | None = None,
    engine: str = "auto",
    ahead: int = AHEAD,
) -> Iterator[GameSummary]:
    """Play ``games`` games and yield each summary as its game (or its task) finishes, keeping none,
    so that statistics can be streamed (`noddy.sim.stats.Tally`) over any number of games.

    With no ``executor`` the games run here, one by one, in game order; otherwise in tasks of
    ``chunk`` games, yielded as the tasks finish. ``on_progress`` hears how many games have just
    finished. ``engine`` (`noddy.engine.ENGINES`) says which engine plays (`noddy.engine.choose`). At most
    ``ahead`` tasks wait on the executor at once, more sent as they finish, so that any number of
    games runs in bounded memory and stops at once when asked. The tournament is checked before
    any game is played.
    """
    check_tournament(rules, names, partners, games)
    chosen = choose(rules, len(names), engine, seated=names)
    return _iter_games(rules, names, games, seed, partners, executor, chunk, on_progress, chosen, ahead)


def _iter_games(
    rules: Rules,
    names: Sequence[str],
    games: int,
    seed: int,
    partners: bool | None,
    executor: Executor | None,
    chunk: int,
    on_progress: Callable[[int], None] | None,
    engine: str,
    ahead: int,
) -> Iterator[GameSummary]:
    if executor is None:
        for summary in _play_games(rules, names, partners, seed, range(games), engine):
            yield summary
            if on_progress is not None:
                on_progress(1)
        return
    args = (dump_rules(rules), tuple(names), partners, seed)
    for done in run_tasks(executor, play_chunk, args, games, chunk, engine, ahead):
        yield from done
        if on_progress is not None:
            on_progress(len(done))
