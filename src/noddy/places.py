"""Where noddy keeps a user's files: one folder in the user's data directory, as each system has it
(the web's SQLite database, the trainer's progress)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["data_dir"]


def data_dir() -> Path:
    """noddy's folder in the user's data directory (``XDG_DATA_HOME`` on Linux), made if missing."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    folder = base / "noddy"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
