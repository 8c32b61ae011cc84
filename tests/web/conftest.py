"""The web tests' fixtures: an app on a temporary SQLite database, computer players without delay."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).parent))

from web_helpers import FAST, OPEN, db_url

from noddy.web import create_app


@pytest.fixture(autouse=True)
def close_websockets() -> Iterator[None]:
    yield
    while OPEN:
        OPEN.pop().close()


@pytest.fixture
def client(tmp_path: Path, close_websockets: None) -> Iterator[TestClient]:
    with TestClient(create_app(db_url(tmp_path), bot_delay=0, limits=FAST)) as c:
        yield c
        while OPEN:
            OPEN.pop().close()
