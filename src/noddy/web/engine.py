"""noddy's own engine for the browser (issue 36 item 3): the app serves Pyodide from its pinned npm
package and noddy's pure Python as a zip the page unpacks into Pyodide's file system
(`static/engine.js`), so what counts and plays offline is this engine, never a copy in JavaScript,
and nothing is fetched from elsewhere at run time.

- ``GET /pyodide/...``: the files of ``node_modules/pyodide`` (`pyodide_dir`), where ``make``
  installed them (`npm ci`); absent when it has not, and ``/engine`` then says why.
- ``GET /pyodide/noddy.zip``: `noddy_zip`, made once from the running package.
- ``GET /engine``: the engine's page (``static/engine.html``); ``GET /sw.js``: its service worker,
  which keeps the page, Pyodide's files and the zip for use with no network.
"""

from __future__ import annotations

import io
import mimetypes
import os
import zipfile
from functools import cache
from importlib.resources import files
from pathlib import Path

from fastapi import APIRouter, FastAPI, Response
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

__all__ = ["BROWSER_SKIPS", "mount_engine", "noddy_zip", "pyodide_dir"]

# The platform's tables may lack these (Python 3.11 reads /etc/mime.types): the browser compiles
# WebAssembly only when streamed as application/wasm, and loads a module only as JavaScript.
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".mjs")

BROWSER_SKIPS = ("cli", "web", "research")
"""noddy's packages left out of the browser's zip: the faces on the server and the research doors
import typer, FastAPI and the frameworks, which the page neither has nor needs (`noddy.offline`)."""
PACKAGE = Path(str(files("noddy")))


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


def mount_engine(app: FastAPI, static: Path) -> None:
    """Serve the engine's page, noddy's zip and Pyodide's files (when installed) on ``app``."""
    router = APIRouter()

    @router.get("/engine", include_in_schema=False)
    async def engine_page() -> FileResponse:
        return FileResponse(static / "engine.html")

    @router.get("/sw.js", include_in_schema=False)
    async def service_worker() -> FileResponse:
        """At the root, so that its scope is the whole app (``/engine`` among it)."""
        fresh = {"Cache-Control": "no-cache"}
        return FileResponse(static / "sw.js", media_type="text/javascript", headers=fresh)

    @router.get("/pyodide/noddy.zip", include_in_schema=False)
    async def package() -> Response:
        return Response(noddy_zip(), media_type="application/zip", headers={"Cache-Control": "no-cache"})

    app.include_router(router)
    found = pyodide_dir()
    if (found / "pyodide.mjs").is_file():
        app.mount("/pyodide", StaticFiles(directory=found), name="pyodide")
