"""The app serves noddy's engine for the browser: its page, noddy's pure Python as a zip that is all
the page needs, and Pyodide's files from npm with the types a browser requires."""

from __future__ import annotations

import io
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from noddy.web.engine import BROWSER_SKIPS, noddy_zip, pyodide_dir, shell, shell_version
from offline.test_offline import NOT_IN_THE_BROWSER, PLAY_THROUGH


def test_the_zip_holds_noddys_python_and_presets_and_no_kernel_binary() -> None:
    names = zipfile.ZipFile(io.BytesIO(noddy_zip())).namelist()
    assert "noddy/offline/__init__.py" in names and "noddy/rules/presets/cribbage.toml" in names
    assert "noddy/kernel/__init__.py" in names
    assert not [n for n in names if not n.endswith((".py", ".toml"))]
    assert not [n for n in names if n.split("/")[1] in BROWSER_SKIPS]


def test_the_zip_alone_counts_and_plays_without_what_the_browser_lacks(tmp_path: Path) -> None:
    """From the zip alone, unpacked as the page unpacks it (no source tree, no installed noddy),
    where numpy, the kernel, typer, rich and FastAPI cannot be imported, as in the page."""
    zipped = tmp_path / "unpacked"
    zipfile.ZipFile(io.BytesIO(noddy_zip())).extractall(zipped)
    script = NOT_IN_THE_BROWSER + (
        f"sys.path[:] = [{str(zipped)!r}]"
        " + [p for p in sys.path if 'site-packages' not in p and 'src' not in p]\n"
        "import noddy.offline\n"
        f"assert noddy.offline.__file__.startswith({str(zipped)!r}), noddy.offline.__file__\n"
        "print(noddy.offline.count('cribbage', '5h 5d 5c Js', '5s')['total'])\n"
        + PLAY_THROUGH
        + "last, _ = play_through(noddy.offline.Table('cribbage', 'medium', seed=2))\n"
        "print(max(last['view']['scores']))\n"
    )
    done = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    total, top = map(int, done.stdout.split())
    assert total == 29 and top >= 121


def test_the_page_and_the_zip_are_served(client: TestClient) -> None:
    page = client.get("/engine")
    assert page.status_code == 200 and 'src="/static/engine-page.js"' in page.text
    assert "'wasm-unsafe-eval'" in page.headers["content-security-policy"]
    zipped = client.get("/pyodide/noddy.zip")
    assert zipped.status_code == 200 and zipped.headers["content-type"] == "application/zip"
    assert zipped.content == noddy_zip()
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker.headers["content-type"].startswith("text/javascript")
    assert '"/pyodide/pyodide.asm.wasm"' in worker.text and '"/pyodide/noddy.zip"' in worker.text
    assert client.get("/static/manifest.webmanifest").json()["start_url"] == "/engine"


def test_a_game_in_the_browser_is_the_table_page_and_the_worker_keeps_every_offline_page(
    client: TestClient,
) -> None:
    played = client.get("/play/cribbage-medium-3")
    assert played.status_code == 200 and 'src="/static/table.js"' in played.text
    worker = client.get("/sw.js").text
    assert worker.startswith(f'const CACHE = "noddy-{shell_version()}";')
    for kept in ("/engine", "/play/", "/api/words/fr", "/static/engine-worker.js", "/rules/french?lang=fr"):
        assert f'"{kept}"' in worker, kept
    assert client.get("/play/").status_code == 200
    assert all(client.get(path).status_code == 200 for path in shell() if not path.startswith("/pyodide/"))


@pytest.mark.skipif(not (pyodide_dir() / "pyodide.mjs").is_file(), reason="needs Pyodide (make node)")
def test_pyodide_is_served_from_npm_with_its_types(client: TestClient) -> None:
    wasm = client.get("/pyodide/pyodide.asm.wasm")
    assert wasm.status_code == 200 and wasm.headers["content-type"] == "application/wasm"
    assert wasm.content == (pyodide_dir() / "pyodide.asm.wasm").read_bytes()
    module = client.get("/pyodide/pyodide.mjs")
    assert module.headers["content-type"].startswith("text/javascript")
    assert client.get("/pyodide/pyodide-lock.json").json()["info"]["python"].startswith("3.")


@pytest.mark.skipif(not (pyodide_dir() / "pyodide.mjs").is_file(), reason="needs Pyodide (make node)")
def test_pyodide_is_sent_gzipped_to_a_browser_that_takes_it(client: TestClient) -> None:
    """The wasm and the modules cross gzipped (less than half), the zip of the standard library as
    it is (already compressed); a browser that takes no gzip gets the file as it is."""
    raw = (pyodide_dir() / "pyodide.asm.wasm").read_bytes()
    packed = client.get("/pyodide/pyodide.asm.wasm", headers={"Accept-Encoding": "gzip"})
    assert packed.headers["content-encoding"] == "gzip"
    assert packed.headers["content-type"] == "application/wasm"
    assert packed.content == raw and packed.num_bytes_downloaded < len(raw) / 2
    plain = client.get("/pyodide/pyodide.asm.wasm", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.content == raw
    again = client.get("/pyodide/pyodide.asm.wasm", headers={"If-None-Match": packed.headers["etag"]})
    assert again.status_code == 304
    assert client.get("/pyodide/pyodide.asm.mjs").headers["content-encoding"] == "gzip"
    stdlib = client.get("/pyodide/python_stdlib.zip", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in stdlib.headers
    assert stdlib.content == (pyodide_dir() / "python_stdlib.zip").read_bytes()
