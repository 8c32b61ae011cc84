"""The shipped presets' TOML, parsed once and kept as Python keeps bytecode: beside the file in a
``__pycache__`` folder (or under ``sys.pycache_prefix``), stamped with the file's size and time and
used only while they match, so an edited preset is read afresh. A one-command start (``noddy
score``) then skips importing and running the TOML parser (about 4 ms of its 90).

Nothing here decides a rule: the TOML files stay the one source; this only remembers what the
parser made of them. A cache that cannot be read, is stale or corrupt is ignored, one that cannot
be written is not written (``sys.dont_write_bytecode`` too), and the parse goes on as before.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
from pathlib import Path
from typing import Any

__all__ = ["cache_path", "parsed_toml"]

FORMAT = 1
"""Bumped when the stamp's layout changes, so that older caches are read as stale."""


def cache_path(path: Path) -> Path:
    """Where the parse of ``path`` is kept: ``__pycache__`` beside it, or its mirror under
    ``sys.pycache_prefix`` when one is set (as Python places bytecode)."""
    name = f"{path.name}.marshal"
    prefix = sys.pycache_prefix
    if prefix:
        return Path(prefix, *path.resolve().parent.parts[1:], name)
    return path.parent / "__pycache__" / name


def parsed_toml(path: Path) -> dict[str, Any]:
    """The TOML data of ``path``: from the cache when its stamp matches the file, else parsed (and
    the cache written for the next process)."""
    status = path.stat()
    stamp = (FORMAT, status.st_mtime_ns, status.st_size)
    where = cache_path(path)
    try:
        kept = marshal.loads(where.read_bytes())
        if isinstance(kept, tuple) and len(kept) == 2 and kept[0] == stamp and isinstance(kept[1], dict):
            return kept[1]
    except (OSError, ValueError, EOFError, TypeError):
        pass
    import tomllib

    data = tomllib.loads(path.read_text(encoding="utf-8"))
    if not sys.dont_write_bytecode:
        with contextlib.suppress(ValueError):
            _write(where, marshal.dumps((stamp, data)))
    return data


def _write(where: Path, payload: bytes) -> None:
    """Write ``payload`` whole or not at all (a temporary file renamed over), quietly giving up
    where the folder cannot be written."""
    temporary = where.with_name(f"{where.name}.{os.getpid()}.tmp")
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(payload)
        os.replace(temporary, where)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
