"""noddy's own engine for the browser (issue 36 item 3): the app serves Pyodide from its pinned npm
package and noddy's pure Python as a zip the page unpacks into Pyodide's file system
(`static/engine.js`), so what counts and plays offline is this engine, never a copy in JavaScript,
and nothing is fetched from elsewhere at run time.

- ``GET /pyodide/...``: the files of ``node_modules/pyodide`` (`pyodide_dir`), where ``make``
  installed them (`npm ci`); absent when it has not, and ``/engine`` then says why.
- ``GET /pyodide/noddy.zip``: `noddy_zip`, made once from the running package.
- ``GET /engine``: the page that works with no network (``static/engine.html``): a game against the
  computer, the trainer and the rules from there.
- ``GET /play/RULES-LEVEL-SEED``: the table page (``static/table.html``) playing a game against the
  computer on the engine in the browser (``static/engine-socket.js`` stands in for the websocket).
- ``GET /sw.js``: the service worker (``static/sw.js``), its cache named by a hash of what it keeps
  (`shell_version`) and its list of what to keep (`shell`) put before it, so that a new Pyodide or
  a new noddy replaces the old cache whole.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import mimetypes
import os
import zipfile
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request, Response
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

__all__ = [
    "BROWSER_SKIPS",
    "PYODIDE_FILES",
    "gzipped",
    "mount_engine",
    "noddy_zip",
    "pyodide_dir",
    "shell",
    "shell_version",
]

# The platform's tables may lack these (Python 3.11 reads /etc/mime.types): the browser compiles
# WebAssembly only when streamed as application/wasm, and loads a module only as JavaScript.
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".mjs")

BROWSER_SKIPS = ("cli", "web", "research")
"""noddy's packages left out of the browser's zip: the faces on the server and the research doors
import typer, FastAPI and the frameworks, which the page neither has nor needs (`noddy.offline`)."""
PACKAGE = Path(str(files("noddy")))
STATIC = PACKAGE / "web" / "static"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The files of Pyodide's package a page loads to start it (the lock names the packages it could add)."""
PAGES = ("/engine", "/play/", "/train", "/score", "/board")
"""The pages the service worker keeps for use with no network (``/play/`` stands for every game)."""


def pyodide_dir() -> Path:
    """Where Pyodide's files are: ``NODDY_PYODIDE`` if set, else ``node_modules/pyodide`` at the root
    of the source tree noddy runs from (``make`` installs it there)."""
    given = os.environ.get("NODDY_PYODIDE")
    return Path(given) if given else PACKAGE.parents[1] / "node_modules" / "pyodide"


@cache
def noddy_zip() -> bytes:
    """noddy's Python for the browser: every module but `BROWSER_SKIPS`' and the rule presets, no
    compiled kernel (the engine seam plays Python where it is not built)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(PACKAGE.rglob("*")):
            inside = path.relative_to(PACKAGE)
            if inside.parts[0] in BROWSER_SKIPS or "__pycache__" in inside.parts:
                continue
            if path.suffix == ".py" or (path.suffix == ".toml" and inside.parts[:2] == ("rules", "presets")):
                archive.write(path, str(Path("noddy") / inside))
    return buffer.getvalue()


def shell(languages: tuple[str, ...] = ("en", "fr")) -> list[str]:
    """What the service worker keeps at its install: the pages, every static file, each language's
    words, each rule set's rules page in each language, Pyodide's files and noddy's zip."""
    from noddy.rules import preset_names

    statics = [f"/static/{path.name}" for path in sorted(STATIC.iterdir()) if path.is_file()]
    words = [f"/api/{what}/{lang}" for lang in languages for what in ("words",)]
    words += [f"/api/rules?lang={lang}" for lang in languages]
    words.append("/api/keeper/rules")
    rules = [f"/rules/{name}?lang={lang}" for name in preset_names() for lang in languages]
    pyodide = [f"/pyodide/{name}" for name in PYODIDE_FILES]
    return [*PAGES, *statics, *words, *rules, *pyodide, "/pyodide/noddy.zip"]


@cache
def gzipped(path: Path) -> bytes | None:
    """``path``'s bytes gzipped once (level 6), or None where that saves less than a tenth (a zip)."""
    raw = path.read_bytes()
    packed = gzip.compress(raw, compresslevel=6, mtime=0)
    return packed if len(packed) < 0.9 * len(raw) else None


@cache
def shell_version() -> str:
    """A hash of what the service worker keeps that can change under it: Pyodide's pinned version,
    noddy's zip and the static files (the pages and words are made by the same noddy)."""
    digest = hashlib.sha256()
    package = pyodide_dir() / "package.json"
    digest.update(package.read_bytes() if package.is_file() else b"no pyodide")
    digest.update(noddy_zip())
    for path in sorted(STATIC.iterdir()):
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _compressed(path: Path) -> Any:
    """A route serving ``path`` gzipped to a browser that takes it (the wasm goes from 9.6 MB to 3.6:
    a phone's first visit less than half), else as it is; its ETag the pinned version's."""

    def serve(request: Request) -> Response:
        tag = f'"{shell_version()}-{path.name}"'
        if request.headers.get("if-none-match") == tag:
            return Response(status_code=304, headers={"ETag": tag})
        headers = {"Cache-Control": "no-cache", "ETag": tag, "Vary": "Accept-Encoding"}
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        packed = gzipped(path) if "gzip" in request.headers.get("accept-encoding", "") else None
        if packed is None:
            return FileResponse(path, media_type=kind, headers=headers)
        return Response(packed, media_type=kind, headers={**headers, "Content-Encoding": "gzip"})

    return serve


def mount_engine(app: FastAPI, static: Path) -> None:
    """Serve the engine's page, noddy's zip and Pyodide's files (when installed) on ``app``."""
    router = APIRouter()

    @router.get("/engine", include_in_schema=False)
    async def engine_page() -> FileResponse:
        return FileResponse(static / "engine.html")

    @router.get("/play/{table:path}", include_in_schema=False)
    async def play_page(table: str) -> FileResponse:
        return FileResponse(static / "table.html")

    @router.get("/sw.js", include_in_schema=False)
    async def service_worker() -> Response:
        """At the root, so that its scope is the whole app (``/engine`` among it)."""
        head = (
            f"const CACHE = {json.dumps('noddy-' + shell_version())};\nconst SHELL = {json.dumps(shell())};\n"
        )
        body = head + (static / "sw.js").read_text(encoding="utf-8")
        return Response(body, media_type="text/javascript", headers={"Cache-Control": "no-cache"})

    @router.get("/pyodide/noddy.zip", include_in_schema=False)
    async def package() -> Response:
        return Response(noddy_zip(), media_type="application/zip", headers={"Cache-Control": "no-cache"})

    found = pyodide_dir()
    installed = (found / "pyodide.mjs").is_file()
    for name in PYODIDE_FILES if installed else ():
        router.add_api_route(f"/pyodide/{name}", _compressed(found / name), include_in_schema=False)
    app.include_router(router)
    if installed:
        app.mount("/pyodide", StaticFiles(directory=found), name="pyodide")
