"""``noddy play --record``: the record's path checked before the game, and the record saved after it
(or when the game is stopped), so that no game is lost without a word."""

from __future__ import annotations

import os
from pathlib import Path

from rich.markup import escape

from noddy.cli.common import err_console
from noddy.errors import NoddyError
from noddy.game import GameState
from noddy.record import GameRecord
from noddy.words import Reason, prompt_phrase, terminal_phrase

__all__ = ["check_record_path", "save_record"]


def check_record_path(path: Path, lang: str, *, overwrite: bool = False) -> None:
    """Refuse, before the game starts, a record path that cannot be written, so no game is lost,
    and a file that is there already unless ``overwrite`` (``--overwrite``), so no game is lost by
    writing over it."""
    if path.is_dir():
        example = repr(str(path / "game.json"))
        raise NoddyError(Reason("record_path_folder", path=repr(str(path)), example=example))
    folder = path.parent
    if not folder.is_dir():
        raise NoddyError(Reason("record_path_no_folder", path=repr(str(path)), folder=repr(str(folder))))
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise NoddyError(Reason("record_path_denied", path=repr(str(path))))
    if path.exists() and not overwrite:
        raise NoddyError(prompt_phrase("record.exists", lang, path=str(path)))


def save_record(record: GameRecord, path: Path, final: GameState | None, lang: str) -> bool:
    """Write the record; say so on stderr (keeping the game on screen) if it cannot be written."""
    try:
        record.save(path, final)
    except OSError as exc:
        why = terminal_phrase("not_saved", lang, path=escape(str(path)), why=exc.strerror)
        err_console.print(f"[bold red]error:[/] {why}")
        return False
    return True
