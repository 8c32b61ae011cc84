"""`noddy.web.cluster.ClusterBots` without a cluster: a decision dask cancels because its scheduler
is lost is thought in the server's own pool, while this task's own cancelling goes on up."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from distributed.client import FutureCancelledError

from noddy.game import Action, PlayerView, new_game
from noddy.players import GreedyPlayer, Player, next_action
from noddy.rules import load_rules
from noddy.web.bots import PEOPLE_FIRST
from noddy.web.cluster import ClusterBots


class LocalPool:
    """The server's own pool, played in-process: the first legal action, each decision counted."""

    running = 0
    waiting = 0

    def __init__(self) -> None:
        self.decided = 0

    async def choose(
        self, player: Player, view: PlayerView, rng: random.Random, priority: int, since: float | None
    ) -> Action:
        self.decided += 1
        return view.legal[0]

    async def close(self) -> None:
        pass


class FailingClient:
    """A dask client still 'running' whose every task fails with ``error``."""

    status = "running"

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def submit(self, *args: Any, **kwargs: Any) -> Any:
        async def result() -> Any:
            raise self.error

        return result()


def _first_view() -> PlayerView:
    state = new_game(load_rules("cribbage", []), 2)
    rng = random.Random(7)
    while state.to_act is None:
        state = state.apply(next_action(state, [GreedyPlayer(), GreedyPlayer()], rng))
    return state.view(state.to_act)


def _choose(error: BaseException) -> tuple[ClusterBots, LocalPool, Action]:
    local = LocalPool()
    bots = ClusterBots("tcp://127.0.0.1:1", local)  # type: ignore[arg-type]
    bots.client = FailingClient(error)

    async def run() -> Action:
        try:
            return await bots.choose(GreedyPlayer(), _first_view(), random.Random(1), PEOPLE_FIRST)
        finally:
            if bots._reconnecting is not None:
                bots._reconnecting.cancel()

    return bots, local, asyncio.run(run())


@pytest.mark.parametrize(
    "error",
    [
        FutureCancelledError("decide-1", reason="scheduler-connection-lost"),
        OSError("connection refused"),
        TimeoutError(),
    ],
    ids=["cancelled-by-dask", "connection", "timeout"],
)
def test_a_decision_the_cluster_fails_is_thought_in_the_servers_own_pool(error: BaseException) -> None:
    bots, local, action = _choose(error)
    assert local.decided == 1
    assert bots.fallbacks == 1
    assert bots.down
    assert action == _first_view().legal[0]


def test_this_task_cancelled_is_not_an_outage() -> None:
    with pytest.raises(asyncio.CancelledError):
        _choose(asyncio.CancelledError())
