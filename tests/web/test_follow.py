"""A server taking over many tables at once (their server died) reads them a few at a time, so that
the people reconnecting to it are answered between them (`noddy.web.follow.sweep`'s limit)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from noddy.web import follow, site
from noddy.web.held import HeldTables


class _Site:
    """A shared site's leases, as `noddy.web.site.Site` keeps them: nobody holds the dead server's."""

    def __init__(self) -> None:
        self.held: set[str] = set()

    def free(self, table_ids: list[str]) -> list[str]:
        return [i for i in table_ids if i not in self.held]

    def take(self, table_id: str) -> bool:
        self.held.add(table_id)
        return True

    def release(self, table_id: str) -> None:
        self.held.discard(table_id)


def _manager(tables: int) -> Any:
    """A manager whose store says `tables` tables need a driver; each read gives a driven table."""
    ids = [f"t{i}" for i in range(tables)]
    reads: list[str] = []
    running = SimpleNamespace(done=lambda: False)

    def get(table_id: str) -> Any:
        reads.append(table_id)
        return SimpleNamespace(driver=running)

    return SimpleNamespace(
        closing=False,
        site=_Site(),
        held=HeldTables(),
        store=SimpleNamespace(unattended=lambda: list(ids)),
        get=get,
        reads=reads,
        metrics=SimpleNamespace(takeovers=SimpleNamespace(inc=lambda: None)),
    )


def test_a_sweep_with_a_limit_takes_that_many_tables_and_says_more_are_left() -> None:
    manager = _manager(10)
    assert follow.sweep(manager, 4) is True
    assert manager.reads == ["t0", "t1", "t2", "t3"]
    assert follow.sweep(manager, 4) is True
    assert follow.sweep(manager, 4) is False  # the last two
    assert sorted(manager.site.held) == sorted(f"t{i}" for i in range(10))
    assert len(manager.reads) == 10  # each read once
    assert follow.sweep(manager, 4) is False


def test_without_a_limit_a_sweep_takes_every_table() -> None:
    manager = _manager(10)
    assert follow.sweep(manager) is False
    assert len(manager.reads) == 10


def test_the_sweeper_comes_back_soon_while_tables_are_left() -> None:
    """Ten tables at four a go are all taken within a `SWEEP` and a few `SWEEP_MORE`s, not three
    `SWEEP`s: the looks after the first come at once while tables are left."""
    manager = _manager(10)
    looks: list[float] = []

    async def run() -> None:
        loop = asyncio.get_running_loop()
        start = loop.time()

        def sweep() -> bool:
            looks.append(loop.time() - start)
            return follow.sweep(manager, site.TAKEOVER_BATCH)

        task = asyncio.create_task(site.sweep_every(sweep))
        await asyncio.sleep(site.SWEEP + 10 * site.SWEEP_MORE)
        task.cancel()

    asyncio.run(run())
    assert len(manager.reads) == 10
    assert looks[2] - looks[0] < site.SWEEP / 2  # the second and third looks came soon after
