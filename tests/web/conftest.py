"""The web tests' fixtures: an app on a temporary SQLite database, computer players without delay;
``database``, the URL of a fresh database in SQLite and in a throwaway PostgreSQL cluster, for the
tests of the store and of restarts. Every test on PostgreSQL is marked ``postgres`` (left out of
``make check``)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).parent))

from pg import Cluster, missing
from web_helpers import FAST, OPEN, db_url

from noddy.web import create_app


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "postgres: runs on a throwaway PostgreSQL cluster (not in make check)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        param = getattr(item, "callspec", None)
        if "postgres" in getattr(item, "fixturenames", ()) or (
            param is not None and param.params.get("database") == "postgresql"
        ):
            item.add_marker(pytest.mark.postgres)


@pytest.fixture(autouse=True)
def close_websockets() -> Iterator[None]:
    """Every seat a test opened is closed after it, and the list emptied (a seat on a client in a
    `with` is closed when the `with` ends: `Seat`)."""
    yield
    while OPEN:
        OPEN.pop().close()


@pytest.fixture
def client(tmp_path: Path, close_websockets: None) -> Iterator[TestClient]:
    with TestClient(create_app(db_url(tmp_path), bot_delay=0, limits=FAST)) as c:
        yield c


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """One PostgreSQL cluster for the whole session, stopped and deleted at its end. Where it cannot
    run its tests skip with the reason, except under CI (``CI`` set), where `make test` installed it."""
    why = missing()
    if why:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the PostgreSQL tests, but {why}")
        pytest.skip(why)
    cluster = Cluster()
    try:
        yield cluster
    finally:
        cluster.remove()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh empty database's SQLAlchemy URL, once in each kind the store is proved on."""
    if request.param == "sqlite":
        return db_url(tmp_path)
    cluster: Cluster = request.getfixturevalue("postgres")
    return cluster.database()
