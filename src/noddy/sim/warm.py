"""Dask workers made ready for a tournament before its first task: a worker plugin (imported only
where ``--dask`` is given, so that no other command loads dask).

A worker that has not played before imports noddy with its first task (about half a CPU-second),
so without this every worker would start its share of the games that much after the others were
sent; registered as the command connects, the imports run while the command plays its first games
itself (`noddy.sim.batch.HeadStart`). The plugin stays with the scheduler: workers that join later
import noddy as they join, and a second command's registration changes nothing (it is idempotent).
"""

from __future__ import annotations

from importlib import import_module

from distributed import Worker, WorkerPlugin

__all__ = ["WARM_UP", "WarmUp"]

WARM_UP = "noddy-warm-up"
"""The plugin's name on the scheduler."""


class WarmUp(WorkerPlugin):
    """Import what a task runs (`noddy.sim.batch`: the kernel, the rules, the tallies) as a worker
    takes the plugin."""

    name = WARM_UP
    idempotent = True

    def setup(self, worker: Worker) -> None:
        import_module("noddy.sim.batch")
