"""Where board tables are kept: shipped in the package (the presets' usual tables) and in a user
cache (any other rules, built on first use).

A table is found by a digest of what the kernel plays (its configuration of the rules at that
table), the players it was measured from and the format, never by a rule set's name: a house rule
that changes nothing the kernel plays shares its preset's table, and a preset whose rules change
no longer finds its old one. A file is an ``.npz`` of the chances quantised to 1/65535 and the
table's facts as JSON.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import numpy as np

from noddy.analysis.board import PLAYERS, BoardTable, SamplingError
from noddy.engine import kernel_values
from noddy.rules import Rules

__all__ = ["FORMAT", "cache_dir", "digest", "read", "shipped_dir", "write", "write_cache"]

FORMAT = 1
"""The table files' format; a new one leaves old files unread."""

_LEVELS = 65535


def digest(rules: Rules, players: int, partners: bool) -> str:
    """The key of a table: what the kernel plays at this table, the players, the format."""
    values = kernel_values(rules, players, partners)
    text = json.dumps([FORMAT, PLAYERS, players, partners, values])
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def shipped_dir() -> Path:
    """The package's folder of shipped tables."""
    return Path(__file__).with_name("tables")


def cache_dir() -> Path:
    """The user's folder of built tables: ``$NODDY_CACHE/board``, else the XDG cache's."""
    root = os.environ.get("NODDY_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache"), "noddy"
    )
    return Path(root) / "board"


def write(path: Path, rules: Rules, table: BoardTable) -> Path:
    """Write ``table`` to ``path`` (made atomically: a reader never sees half a file)."""
    facts = {
        "format": FORMAT,
        "rules": table.rules_name,
        "target": table.target,
        "players": table.players,
        "partners": table.partners,
        "digest": digest(rules, table.players, table.partners),
        "error": {
            "half_width": table.error.half_width,
            "largest": table.error.largest,
            "deals": table.error.deals,
            "batches": table.error.batches,
            "players": table.error.players,
        },
    }
    quantised = np.rint(np.clip(table.array, 0.0, 1.0) * _LEVELS).astype(np.uint16)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.part")
    with partial.open("wb") as out:
        np.savez_compressed(out, chance=quantised, facts=np.frombuffer(json.dumps(facts).encode(), np.uint8))
    partial.replace(path)
    return path


def write_cache(rules: Rules, table: BoardTable) -> Path | None:
    """Keep a built table in the user cache; ``None`` where the cache cannot be written."""
    try:
        return write(cache_dir() / f"{digest(rules, table.players, table.partners)}.npz", rules, table)
    except OSError:
        return None


def load(path: Path) -> BoardTable:
    """The table in a file written by `write`."""
    with np.load(path, allow_pickle=False) as data:
        facts = json.loads(bytes(data["facts"]).decode())
        chance = data["chance"].astype(np.float64) / _LEVELS
    error = SamplingError(**facts["error"])
    return BoardTable(facts["rules"], facts["target"], facts["players"], facts["partners"], chance, error)


def read(rules: Rules, players: int, partners: bool) -> BoardTable | None:
    """The shipped or cached table of ``rules`` at this table, or ``None``."""
    name = f"{digest(rules, players, partners)}.npz"
    for folder in (shipped_dir(), cache_dir()):
        path = folder / name
        if path.is_file():
            try:
                found = load(path)
            except (OSError, ValueError, KeyError, TypeError):
                continue
            if found.rules_name != rules.name:
                found = BoardTable(
                    rules.name, found.target, found.players, found.partners, found.array, found.error
                )
            return found
    return None
