"""What a view is told of undo against the computer: whether its seat may take a move back, and the
last undo, said until the game moves on. The server decides (`noddy.players.undo_refusal`); the page
only shows the button it is told it may."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from noddy.players import offers_undo, undo_refusal
from noddy.web.live import LiveTable
from noddy.words import undo_phrase

__all__ = ["undo_fields"]


def undo_fields(table: LiveTable, seat: int | None, names: Sequence[str], lang: str) -> dict[str, Any]:
    """``offered``: the table offers ``seat`` undo (one person, the rest computers, the game on);
    ``ready``: there is a move of its own to take back in this deal; ``why``: if not, why not in
    ``lang`` (nothing since the shuffle or the turn-up...), which the page says when Undo is pressed;
    ``undone``: the last undo in words, while the game stands where it left it; ``undos``: how many
    there were."""
    why = undo_refusal(table.state, seat, table.people)
    done = table.undo.last
    line = None
    if done is not None and done.seq == len(table.state.history):
        key = ("undone_you" if done.seat == seat else "undone") + (".one" if done.moves == 1 else ".many")
        line = undo_phrase(key, lang, name=names[done.seat], n=done.moves)
    return {
        "offered": offers_undo(why),
        "ready": why is None,
        "why": None if why is None else why.say(lang),
        "undone": line,
        "undos": table.undo.count,
    }
