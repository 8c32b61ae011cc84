"""Checks that a `Rules` tree makes sense as a whole; every error names the field path."""

from __future__ import annotations

from typing import TYPE_CHECKING

from noddy.errors import RulesError

if TYPE_CHECKING:
    from noddy.rules.model import Rules

__all__ = ["validate"]


def _fail(path: str, message: str) -> RulesError:
    return RulesError(f"{path}: {message}")


def validate(rules: Rules) -> None:
    """Raise `RulesError` naming the first field path whose value does not fit."""
    from noddy.rules.model import FIELDS, LANGUAGES

    if not rules.name.strip():
        raise _fail("name", "a rule set needs a name")
    if rules.language not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise _fail("language", f"{rules.language!r} is not a language noddy speaks; write one of {known}")
    for spec in FIELDS:
        spec.codec.check(getattr(getattr(rules, spec.section), spec.name), spec.path)
    _validate_deal(rules)
    _validate_play(rules)
    _validate_game(rules)


def _validate_deal(rules: Rules) -> None:
    if not rules.deal.players:
        raise _fail("deal.players", "give the deal for at least one number of players, e.g. 2")
    for n, shape in rules.deal.players:
        path = f"deal.players.{n}"
        if shape.dealt < 1:
            raise _fail(f"{path}.dealt", "each player needs at least one card")
        if shape.held < 1:
            raise _fail(
                f"{path}.discard",
                f"discarding {shape.discard} of {shape.dealt} leaves no card to play",
            )
        used = rules.cards_per_deal(n)
        if used > 52:
            raise _fail(path, f"the deal needs {used} cards with the turn-up; a pack has 52")
        crib = rules.crib.kind
        if crib == "none" and (shape.discard or shape.crib_dealt or shape.crib_from_pack):
            raise _fail(path, "cards go to a crib but crib.kind is 'none'; set crib.kind or remove them")
        if crib == "dealer" and shape.discard * n + shape.crib_from_pack == 0:
            raise _fail(path, "crib.kind is 'dealer' but nobody discards to it; set discard")
        if crib == "dealer" and shape.crib_dealt:
            raise _fail(f"{path}.crib_dealt", "a dealer's crib is made of discards, not dealt")
        if crib == "own" and shape.discard + shape.crib_dealt == 0:
            raise _fail(path, "crib.kind is 'own' but no card goes to it; set crib_dealt or discard")
        if crib == "own" and shape.crib_from_pack:
            raise _fail(f"{path}.crib_from_pack", "own cribs take no card from the pack")


def _validate_play(rules: Rules) -> None:
    play = rules.play
    if play.thirty_one_extra and not play.thirty_one.enabled:
        raise _fail(
            "play.thirty_one_extra",
            f"{play.thirty_one_extra} point{'s' if play.thirty_one_extra > 1 else ''} on top of the 31's own"
            " score, but making 31 scores nothing"
            " (play.thirty_one is off); give play.thirty_one points, or set thirty_one_extra = 0",
        )


def _validate_game(rules: Rules) -> None:
    game = rules.game
    for i, lurch in enumerate(game.lurch):
        path = f"game.lurch[{i}]"
        if not 0 < lurch.below <= game.target:
            raise _fail(
                f"{path}.below",
                f"{lurch.below} is not between 1 and the target {game.target}; change game.lurch"
                " with the target (game.lurch=[] for none)",
            )
