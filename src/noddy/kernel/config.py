"""The kernel's configuration: a `Rules` and a table as the flat integers the C kernel reads.

This is the one place the kernel learns the rules: every field it reads is set here from `Rules`
(never from a preset's name), by the names and codes the compiled module declares; a configuration
name missing on either side fails at once. That every `Rules` field reaches this configuration (or
cannot change a game) is held by `tests/kernel/test_kernel.py`'s `test_every_field_reaches_the_kernel`,
and that the kernel then plays each field's values as the engine does, by its lockstep games.
`unsupported` names what the kernel does not handle; callers then play with the Python engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import comb
from types import ModuleType

from noddy.cards import DECK
from noddy.rules import Points, Rules
from noddy.scoring.combos import pair_kind
from noddy.words import Reason

__all__ = ["config_values", "layout_values", "unsupported"]


def _points(points: Points) -> int:
    """A sum's points as the kernel codes them: -1 for 1 a card, 0 for off, else the flat points."""
    return -1 if points.per_card else points.flat


def _partners(rules: Rules, players: int, partners: bool | None) -> bool:
    """Whether the table plays as partners, as `noddy.game.new_game` decides it."""
    if partners is None:
        return players == 4 and rules.table.partners in ("always", "optional")
    return partners


def config_values(module: ModuleType, rules: Rules, players: int, partners: bool | None) -> list[int]:
    """The configuration of ``rules`` at a table of ``players`` (partners as `new_game` reads
    ``partners``), in the order of ``module.CONFIG_FIELDS``."""
    shape = rules.deal.shape(players)
    deal, turnup, hand, crib, play = rules.deal, rules.turnup, rules.hand, rules.crib, rules.play
    combos, special, game = rules.combinations, rules.special_cards, rules.game
    together = _partners(rules, players, partners)
    named = dict(special.cards) if special.enabled else {}
    fields: dict[str, int | list[int]] = {
        "players": players,
        "partners": int(together),
        "sides": 2 if together else players,
        "dealt": shape.dealt,
        "discard": shape.discard,
        "crib_dealt": shape.crib_dealt,
        "crib_from_pack": shape.crib_from_pack,
        "first_dealer": module.FIRST_DEALERS.index(deal.first_dealer),
        "rotation": 1 if deal.rotation == "left" else -1,
        "rotation_per_deal": int(deal.rotation_per == "deal"),
        "reshuffle": int(deal.reshuffle),
        "direction": 1 if rules.table.direction == "left" else -1,
        "jack_to_elder": int(turnup.jack_to == "elder"),
        "jack_points": turnup.jack_points,
        "jack_in_announcement": int(turnup.jack_when == "in_announcement"),
        "jack_also_in_hand": int(turnup.jack_also_in_hand),
        "turnup_before": int(turnup.when == "before_lay_away"),
        "hand_15": _points(hand.fifteen),
        "hand_25": _points(hand.twenty_five),
        "hand_31": _points(hand.thirty_one),
        "hand_flush": module.FLUSH_READINGS.index(hand.flush),
        "crib_flush": module.FLUSH_READINGS.index(crib.flush),
        "flush_three_of_four": int(hand.flush_three_of_four),
        "knave": hand.knave,
        "knave_when": module.KNAVE_WHEN.index(hand.knave_when),
        "hand_after_play": int(hand.when == "after_play"),
        "dealer_first": int(hand.order == "dealer_first"),
        "wrong_count": module.WRONG_COUNTS.index(hand.wrong_count),
        "crib_kind": module.CRIB_KINDS.index(crib.kind),
        "crib_after_play": int(crib.when == "after_play"),
        "play_15": _points(play.fifteen),
        "play_25": _points(play.twenty_five),
        "play_31": _points(play.thirty_one),
        "thirty_one_extra": play.thirty_one_extra,
        "last_card": play.last_card,
        "play_flush": int(play.flush),
        "best_only": int(play.combinations == "best"),
        "go_ends": int(play.after_go == "end"),
        "must_play": int(play.must_play),
        "next_only": int(play.go_round == "next_only"),
        "series_reset": int(play.series == "reset"),
        "pair_points": [pair_kind(n, combos)[1] if n >= 2 else 0 for n in range(16)],
        "pairs_by_value": int(combos.pairs_by == "value"),
        "run_points": [combos.run_points(n) if n >= 3 else 0 for n in range(16)],
        "ace": module.ACES.index(combos.ace),
        "special": [named.get(str(card), 0) for card in DECK],
        "special_in_hand": int(special.enabled and special.scored_in != "play"),
        "special_in_play": int(special.enabled and special.scored_in != "hand"),
        "special_turnup": int(special.turnup_counts),
        "single_deal": int(game.end == "single_deal"),
        "target": game.target,
        "win_at_once": int(game.win_at_once),
        "compensation": game.compensation,
    }
    values: list[int] = []
    for name, length in module.CONFIG_FIELDS:
        value = fields.pop(name)
        items = value if isinstance(value, list) else [value]
        if len(items) != length:
            raise AssertionError(f"the kernel reads {length} value(s) of {name}, not {len(items)}")
        values += items
    if fields:
        raise AssertionError(f"the kernel reads no field {sorted(fields)}")
    return values


def unsupported(rules: Rules, players: int, *, max_counted: int = 13, max_actions: int = 1024) -> str:
    """What the kernel does not handle of ``rules`` at a table of ``players``, a `Reason` (said in
    French too), or ``""`` when it handles everything (callers then may use it; otherwise they use
    the Python engine)."""
    if players not in rules.player_counts:
        return Reason("kernel_players_allowed", players=players, rules=rules.name)
    shape = rules.deal.shape(players)
    counted = max(shape.held, rules.crib_size(players)) + 1
    if counted > max_counted:
        return Reason("kernel_counted", most=max_counted, counted=counted)
    if comb(shape.dealt, shape.discard) > max_actions:
        return Reason("kernel_discards", most=max_actions, listed=comb(shape.dealt, shape.discard))
    return ""


def layout_values(
    module: ModuleType,
    starts: Iterable[tuple[str, int]],
    size: int,
    num_actions: int,
    firsts: Iterable[tuple[str, int]],
    subsets: tuple[int, ...],
    phases: Iterable[tuple[str, int]],
    dealt: int,
    holes: int,
) -> tuple[tuple[int, ...], int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]:
    """An observation's layout, described by research in its own names (each field's start, each
    action kind's first index, each phase's place, as (name, number) pairs), as the numbers the
    kernel's encoder reads in its order (`OBS_FIELDS`, `ACTION_KINDS`, `PHASES` of the module;
    research/layout.c). A name the kernel writes and the description lacks fails at once; an
    action kind without a first index is -1 (none listed)."""
    at, first, place = dict(starts), dict(firsts), dict(phases)
    missing = [name for name in module.OBS_FIELDS if name not in at]
    missing += [name for name in module.PHASES if name not in place]
    if missing:
        raise RuntimeError(f"the observation's layout gives no place for {', '.join(missing)}")
    return (
        tuple(at[name] for name in module.OBS_FIELDS),
        size,
        num_actions,
        tuple(first.get(kind, -1) for kind in module.ACTION_KINDS),
        subsets,
        tuple(place[name] for name in module.PHASES),
        dealt,
        holes,
    )
