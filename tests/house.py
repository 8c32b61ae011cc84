"""The rules fields as the kernel's tests try them: each field's values, read from its knob metadata
(every choice, both flags, ...); the few fields that cannot change a game; and house readings made
from those values so that every value the kernel reads is played in lockstep with the engine.

A field added to `noddy.rules` is tried here without a word written for it: its values come from
its codec, and the readings are made again from them.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from functools import cache
from types import ModuleType
from typing import Any

from noddy.errors import RulesError
from noddy.kernel import compiled, unsupported
from noddy.kernel.config import config_values
from noddy.rules import FIELDS, Points, Rules, load_rules, preset_names
from noddy.rules.fields import MAX_POINTS, CardPoints, FieldSpec, Flag, PointsValue, Triple, Whole

NOT_IN_A_GAME = {
    "turnup.cut_by": "who cuts before the turn-up is said in words only: the card turned up is chance's"
    " draw whoever cuts (the engine reads it nowhere either)",
    "words.knave": "a name called: the engine's events carry it as their text; what happens (kind, seat,"
    " points) is the same whatever the Knave is called",
    "words.turned_jack": "a name called, as words.knave",
    "game.lurch": "what a win counts is reckoned from the final scores once the game is over"
    " (`Game.stake`, in Python for the kernel's games too), never during it",
}
"""The fields the kernel's configuration does not read, and why none of them can change a game."""

BASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("cribbage", ()),
    ("cribbage", ("special_cards.enabled=true", "hand.flush=held_five")),
    ("strawberry", ()),
    ("willughby", ()),
    ("french", ()),
    ("crib-noddy-new", ()),
)
"""What the house readings start from: presets, and cribbage with the two fields switched on that
others only matter under (the named cards' fields, and flush_three_of_four)."""

LIMIT = 6
"""Overrides in one house reading at most: enough to meet each other, few enough to read."""
TIMES = 2
"""How many readings play each value (each time among other values)."""


def preset_values(spec: FieldSpec) -> list[Any]:
    """The values the presets give a field, in the presets' order."""
    return [getattr(getattr(load_rules(name), spec.section), spec.name) for name in preset_names()]


def values(spec: FieldSpec) -> list[Any]:
    """The values of a field to try, by its codec: every choice; both flags; for points off, 1 and 1
    a card; for a number of points its two lowest; a smaller pair scale and one named card fewer;
    and always the default and the values the presets give (all a target or a deal's shapes get)."""
    codec = spec.codec
    out: list[Any] = []
    if spec.choices:
        out += list(spec.choices)
    elif isinstance(codec, Flag):
        out += [False, True]
    elif isinstance(codec, PointsValue):
        out += [Points(), Points(1), Points(per_card=True)]
    elif isinstance(codec, Whole) and codec.high <= MAX_POINTS:
        out += [codec.low, codec.low + 1]
    elif isinstance(codec, Triple):
        out.append(tuple(points // 2 for points in spec.default))
    elif isinstance(codec, CardPoints):
        out.append(spec.default[:-1])
    unique: list[Any] = []
    for value in [*out, spec.default, *preset_values(spec)]:
        if value not in unique:
            unique.append(value)
    return unique


def with_value(rules: Rules, spec: FieldSpec, value: Any) -> Rules:
    """``rules`` with one field changed (`RulesError` when the rule set would not be valid)."""
    section = replace(getattr(rules, spec.section), **{spec.name: value})
    return replace(rules, **{spec.section: section})


def setting(spec: FieldSpec, value: Any) -> str:
    """The field set to ``value`` as ``--set`` writes it: ``play.flush=true``."""
    return f"{spec.path}={_toml(spec.codec.write(value))}"


def _toml(data: Any) -> str:
    if isinstance(data, bool):
        return str(data).lower()
    if isinstance(data, int):
        return str(data)
    if isinstance(data, str):
        return data if re.fullmatch(r"[a-z_]+", data) and data not in ("true", "false") else json.dumps(data)
    if isinstance(data, list):
        return "[" + ", ".join(_toml(item) for item in data) + "]"
    assert isinstance(data, dict), data
    return "{" + ", ".join(f"{key} = {_toml(item)}" for key, item in data.items()) + "}"


def tables(rules: Rules) -> list[tuple[int, bool | None]]:
    """Every table of ``rules``: each player count, and both seatings where partners are optional."""
    out: list[tuple[int, bool | None]] = []
    for n in rules.player_counts:
        if n == 4 and rules.table.partners == "optional":
            out += [(4, True), (4, False)]
        else:
            out.append((n, None))
    return out


def configs(module: ModuleType, rules: Rules) -> list[list[int]]:
    """The kernel's configuration of ``rules`` at each of its tables."""
    return [config_values(module, rules, n, partners) for n, partners in tables(rules)]


def _played(spec: FieldSpec, value: Any) -> bool:
    return value in preset_values(spec)


def _fits(
    module: ModuleType, base: tuple[str, tuple[str, ...]], chosen: list[str], spec: FieldSpec, value: Any
) -> bool:
    """Whether ``spec = value`` joins the reading: the rule set is valid, the kernel plays it at every
    table, and the value matters there (another value of the field changes the configuration)."""
    try:
        rules = load_rules(base[0], [*base[1], *chosen, setting(spec, value)])
    except RulesError:
        return False
    if any(unsupported(rules, n) for n in rules.player_counts):
        return False
    mine = configs(module, rules)
    for other in values(spec):
        try:
            if other != value and configs(module, with_value(rules, spec, other)) != mine:
                return True
        except RulesError:
            continue
    return False


@cache
def house_readings() -> tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[str, ...]]:
    """House readings that between them give every field the kernel reads each of its `values` no
    preset gives it, where that value matters, `TIMES` times over; and the settings no reading could
    take (none, or the test that reads this fails). Without the kernel built, none (its tests skip)."""
    if compiled is None:
        return (), ()
    wanted = [
        (spec, value)
        for spec in FIELDS
        if spec.path not in NOT_IN_A_GAME
        for value in values(spec)
        if not _played(spec, value)
    ]
    left = []
    for seed in range(TIMES):  # shuffled, so that a reading mixes the sections
        left += random.Random(seed).sample(wanted, len(wanted))
    readings: list[tuple[str, tuple[str, ...]]] = []
    idle = 0
    while left and idle < len(BASES):
        base = BASES[(len(readings) + idle) % len(BASES)]
        chosen: list[str] = []
        paths: set[str] = set()
        for spec, value in list(left):
            if len(chosen) == LIMIT:
                break
            if spec.path not in paths and _fits(compiled, base, chosen, spec, value):
                chosen.append(setting(spec, value))
                paths.add(spec.path)
                left.remove((spec, value))
        if chosen:
            readings.append((base[0], (*base[1], *chosen)))
            idle = 0
        else:
            idle += 1
    return tuple(readings), tuple(setting(spec, value) for spec, value in left)
