"""``noddy play --resume FILE``: a game stopped with q and saved with ``--record`` played on, with
its own rules, seats and position; the computers sit again as the same kinds of player, and the
people are shown the deal so far from their own seats only."""

from __future__ import annotations

import random
from pathlib import Path

import typer

from noddy.cli.common import COMPUTERS, HUMAN
from noddy.errors import NoddyError
from noddy.game import GameState
from noddy.record import GameRecord
from noddy.words import sitting_phrase

__all__ = ["GAME_OPTIONS", "given_options", "load_stopped", "resumed_rng"]

GAME_OPTIONS = {
    "rules_name": "--rules",
    "set_": "--set",
    "players": "--players",
    "partners": "--partners",
    "seats": "--seats",
    "seed": "--seed",
}
"""The options that make a new game, which a resumed game takes from its record instead."""


def given_options(ctx: typer.Context) -> list[str]:
    """The options of `GAME_OPTIONS` given on the command line (not left at their defaults)."""
    return [flag for name, flag in GAME_OPTIONS.items() if _given(ctx.get_parameter_source(name))]


def load_stopped(path: Path, given: list[str], lang: str | None) -> tuple[GameRecord, GameState]:
    """The record at ``path`` and its game's position, checked by replaying every move; refused if
    options that make a new game were given too, if the file is no sound record, or if its game is
    over."""
    if given:
        raise NoddyError(sitting_phrase("resume.options", lang or "en", options=", ".join(given)))
    try:
        record = GameRecord.load(path)
        state = record.verify(kinds=(HUMAN, *COMPUTERS))
    except NoddyError as exc:
        raise NoddyError(sitting_phrase("resume.bad", lang or "en", path=str(path), why=exc)) from None
    if state.is_over:
        raise NoddyError(
            sitting_phrase("resume.over", lang or record.language or record.rules.language, path=str(path))
        )
    return record, state


def resumed_rng(seed: int | None, moves: int) -> random.Random:
    """The chance of a game played on after ``moves`` moves: seeded from the game's seed and the
    moves made, so that playing the same file on again deals the same cards."""
    return random.Random(f"{seed}/{moves}")


def _given(source: object) -> bool:
    """Whether an option's source (click's ``ParameterSource``) is the command line or the
    environment, not a default."""
    return getattr(source, "name", "DEFAULT") not in ("DEFAULT", "DEFAULT_MAP")
