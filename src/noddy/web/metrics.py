"""The server's health in numbers, in the Prometheus text format (``GET /metrics``).

Each server of a site answers for itself (Prometheus labels each scrape with its ``instance``, and
``noddy_server_info`` names the server as its notices do): the tables it holds and drives, the
connections it serves, the moves it stored by kind, how long a person's move took to be stored
and told, how long a computer's decision took (its wait in the queue included), and the decisions
waiting for a worker. Kept in a registry of the app's own, so that two apps in one process (the
tests) count apart.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.registry import Collector

from noddy.game import Action

if TYPE_CHECKING:
    from noddy.web.live import LiveTable
    from noddy.web.tables import TableManager

__all__ = ["CONTENT_TYPE", "Metrics"]

CONTENT_TYPE = CONTENT_TYPE_LATEST
ACK_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
BOT_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)


class Metrics:
    """The counters, gauges and histograms of one server (one `TableManager`)."""

    def __init__(self, manager: TableManager) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        info = Gauge(
            "noddy_server_info",
            "This server, by the name it has among the site's servers.",
            ["server"],
            registry=r,
        )
        info.labels(manager.store.server).set(1)
        Gauge("noddy_tables_live", "Unfinished tables this server holds in memory.", registry=r).set_function(
            lambda: len(manager.held.playing())
        )
        Gauge(
            "noddy_tables_driven", "Tables whose chance and computer moves this server runs now.", registry=r
        ).set_function(
            lambda: sum(t.driver is not None and not t.driver.done() for t in manager.held.playing())
        )
        Gauge("noddy_connections", "Websockets open at this server's tables.", registry=r).set_function(
            lambda: sum(len(t.listeners) for t in manager.held.playing())
        )
        Gauge("noddy_bot_queue", "Computer decisions waiting for a worker.", registry=r).set_function(
            lambda: manager.bots.waiting
        )
        Gauge("noddy_bot_running", "Computer decisions being made now.", registry=r).set_function(
            lambda: manager.bots.running
        )
        self.moves = Counter("noddy_moves", "Moves this server stored, by who made them.", ["by"], registry=r)
        self.ack = Histogram(
            "noddy_ack_seconds",
            "From a person's move received to it stored and told.",
            buckets=ACK_BUCKETS,
            registry=r,
        )
        self.bot_wait = Histogram(
            "noddy_bot_wait_seconds",
            "A computer's decision asked of the pool, from asked to answered (its wait for a worker in it).",
            buckets=BOT_BUCKETS,
            registry=r,
        )
        r.register(_Fallbacks(manager))
        self.takeovers = Counter(
            "noddy_takeovers", "Tables this server took over from a server gone.", registry=r
        )
        self.conflicts = Counter(
            "noddy_move_conflicts",
            "Moves refused because another server stored"
            " that move number first (this server's copy was behind).",
            registry=r,
        )

    def moved(self, action: Action, table: LiveTable) -> None:
        seat = action.seat
        by = "chance" if seat is None else ("computer" if seat in table.bots else "person")
        self.moves.labels(by).inc()

    def acknowledged(self, seconds: float) -> None:
        self.ack.observe(seconds)

    def bot_waited(self, seconds: float) -> None:
        self.bot_wait.observe(seconds)

    def render(self) -> bytes:
        """Every metric, in the Prometheus text format."""
        return bytes(generate_latest(self.registry))


class _Fallbacks(Collector):
    """``noddy_bot_fallback_total``: decisions thought in the server's own processes because the
    dask cluster failed them (`noddy.web.cluster`), as the bots count them."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager

    def collect(self) -> Iterator[CounterMetricFamily]:
        yield CounterMetricFamily(
            "noddy_bot_fallback",
            "Computer decisions thought in this server's own processes because the dask cluster failed them.",
            value=self.manager.bots.fallbacks,
        )
