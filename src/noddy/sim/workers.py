"""Where a tournament's tasks run: in this process, on local worker processes, or on a dask cluster,
and how a worker starts and stops (`noddy.sim.tournament` and `noddy.sim.batch` send the tasks)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from itertools import islice
from typing import Any, TypeVar

from noddy.errors import NoddyError

__all__ = ["executor_for", "run_tasks", "spans", "stopping"]

T = TypeVar("T")


def spans(first: int, games: int, chunk: int, workers: int = 1, least: int = 1) -> Iterator[tuple[int, int]]:
    """The runs of games ``first`` to ``games - 1`` a task each: ``chunk`` games, but toward the end
    no more than an even share of what is left among ``workers`` (nor fewer than ``least``), so that
    the workers finish together rather than one idling through another's last long task.

    >>> list(spans(0, 20, 6, workers=2, least=2))
    [(0, 6), (6, 12), (12, 16), (16, 18), (18, 20)]
    """
    start = first
    while start < games:
        size = min(chunk, max(least, -(-(games - start) // max(1, workers))))
        yield start, min(start + size, games)
        start += size


def run_tasks(
    executor: Executor,
    task: Callable[..., T],
    args: tuple[object, ...],
    games: int,
    chunk: int,
    engine: str,
    ahead: int,
    first: int = 0,
    least: int = 1,
) -> Iterator[T]:
    """``task(*args, start, stop, engine)`` for each run of games from game ``first`` (`spans`:
    ``chunk`` games, smaller toward the end, down to ``least``), sent to ``executor`` (at most
    ``ahead`` waiting at once, more sent as they finish), the results as they come.

    The executor is sent ``ahead`` for ``ahead // 4`` workers, and a worker is handed its next task
    as it begins one (a dask scheduler keeps one waiting on each single-thread worker; a local
    pool's queue does as much): the end is shared out as among twice the workers, so that the task
    a worker is handed last is no longer than what the others have left, and none idles at the end
    (an even share among the workers alone left one idle for most of a task: 1.1 s of 23 with
    3-second tasks)."""
    runs = spans(first, games, chunk, max(1, ahead // 2), least)
    pending: set[Future[T]] = set()
    while True:
        for start, stop in islice(runs, max(1, ahead) - len(pending)):
            pending.add(executor.submit(task, *args, start, stop, engine))
        if not pending:
            return
        finished, pending = wait(pending, return_when=FIRST_COMPLETED)
        for future in finished:
            yield future.result()


@contextmanager
def executor_for(
    workers: int | None, dask: str | None = None, meanwhile: Callable[[threading.Event], None] | None = None
) -> Iterator[tuple[Executor | None, int]]:
    """The executor to run on, and how many games it runs at once.

    ``dask`` (a scheduler address) wins; else ``workers`` local processes (default: one a CPU);
    one worker means no executor at all: the games run in this process. While dask loads and
    connects (half a CPU-second, in a thread), ``meanwhile`` runs here, until the event it is given
    is set (`noddy.sim.batch.HeadStart` plays the first games on the kernel in that time).
    """
    if dask is not None:
        with _connected(dask, meanwhile) as client:
            threads = sum(client.nthreads().values())
            yield client.get_executor(), max(1, threads)
        return
    count = workers if workers is not None else os.cpu_count() or 1
    if count < 1:
        raise NoddyError(f"the number of workers must be at least 1, not {count}")
    if count == 1:
        yield None, 1
        return
    before = set(multiprocessing.active_children())
    context = _start_method()
    with ProcessPoolExecutor(max_workers=count, mp_context=context, initializer=_worker_start) as pool:
        try:
            pool.submit(int).result()  # every worker started now, before the progress bar's thread
            yield pool, count
        except BaseException:
            # Stopped (an error, Ctrl+C, SIGTERM): the tasks not begun are dropped, and each worker,
            # told by SIGTERM, ends its task after the game under way. Killed outright (0.1-0.2 s
            # from Ctrl+C to the end, against 0.3-3.5 s under load), the broken pool's thread closed
            # its wake-up pipe while the interpreter's exit wrote to it, now and then ("Exception
            # ignored ... Bad file descriptor", CPython 3.11's concurrent.futures, in CI); and a
            # worker killed halfway through sending its games could leave the pool waiting for ever.
            pool.shutdown(wait=False, cancel_futures=True)
            for worker in set(multiprocessing.active_children()) - before:
                worker.terminate()
            raise


@contextmanager
def _connected(address: str, meanwhile: Callable[[threading.Event], None] | None) -> Iterator[Any]:
    """A dask client of the scheduler at ``address``, loaded and connected in a thread while
    ``meanwhile`` runs in this one, its workers warmed up (`noddy.sim.warm.WarmUp`) in that time."""
    made: list[Any] = []
    ready = threading.Event()

    def connect() -> None:
        try:
            from distributed import Client

            from noddy.sim.warm import WarmUp

            client = Client(address, timeout=10)  # type: ignore[no-untyped-call]
            try:
                client.register_plugin(WarmUp())  # the workers import noddy now, not with a first task
            except BaseException:
                client.close()  # type: ignore[no-untyped-call]
                raise
            made.append(client)
        except BaseException as exc:  # handed to the caller's thread below
            made.append(exc)
        finally:
            ready.set()

    thread = threading.Thread(target=connect, name="dask-connect", daemon=True)
    thread.start()
    if meanwhile is not None:
        meanwhile(ready)
    thread.join()
    if isinstance(made[0], OSError):
        raise NoddyError(f"cannot reach the dask scheduler at {address!r}: {made[0]}") from None
    if isinstance(made[0], BaseException):
        raise made[0]
    with made[0] as client:
        yield client


def _start_method() -> multiprocessing.context.BaseContext:
    """How workers start: forked from this process while it has one thread (a worker then starts
    in milliseconds, with the modules and rules already loaded here: no worker imports noddy
    again), else from a fork server, so that no worker inherits a thread's held locks."""
    if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("forkserver")


stopping = threading.Event()
"""Set in a worker told to stop (SIGTERM): its task ends after the game under way (`play_chunk`)."""


def _worker_start() -> None:
    """A worker's start. Ctrl+C at a terminal reaches every process of the command, and only the
    command decides what stops, so a worker ignores it; SIGTERM, which the command sends its
    workers when it stops (or a service stopped sends the whole group), makes the worker's task end
    after the game under way."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, lambda _signum, _frame: stopping.set())
