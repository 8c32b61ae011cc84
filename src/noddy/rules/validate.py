"""Checks that a `Rules` tree makes sense as a whole; every error names the field path."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from noddy.errors import RulesError
from noddy.rules.faults import RulesFault, at

if TYPE_CHECKING:
    from noddy.rules.model import Rules

__all__ = ["validate"]


def _fail(path: str, fault: RulesFault, **values: Any) -> RulesError:
    return at(path, RulesError(fault, **values))


def validate(rules: Rules) -> None:
    """Raise `RulesError` naming the first field path whose value does not fit."""
    from noddy.rules.model import FIELDS, LANGUAGES

    if not rules.name.strip():
        raise _fail("name", RulesFault.NEEDS_NAME)
    if rules.language not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise _fail("language", RulesFault.NOT_A_LANGUAGE, language=repr(rules.language), known=known)
    for spec in FIELDS:
        spec.codec.check(getattr(getattr(rules, spec.section), spec.name), spec.path)
    _validate_deal(rules)
    _validate_play(rules)
    _validate_game(rules)


def _validate_deal(rules: Rules) -> None:
    if not rules.deal.players:
        raise _fail("deal.players", RulesFault.NO_DEAL)
    for n, shape in rules.deal.players:
        path = f"deal.players.{n}"
        if shape.dealt < 1:
            raise _fail(f"{path}.dealt", RulesFault.NO_CARD_DEALT)
        if shape.held < 1:
            raise _fail(f"{path}.discard", RulesFault.NO_CARD_LEFT, discard=shape.discard, dealt=shape.dealt)
        used = rules.cards_per_deal(n)
        if used > 52:
            raise _fail(path, RulesFault.PACK_TOO_SMALL, used=used)
        crib = rules.crib.kind
        if crib == "none" and (shape.discard or shape.crib_dealt or shape.crib_from_pack):
            raise _fail(path, RulesFault.NO_CRIB)
        if crib == "dealer" and shape.discard * n + shape.crib_from_pack == 0:
            raise _fail(path, RulesFault.NOBODY_DISCARDS)
        if crib == "dealer" and shape.crib_dealt:
            raise _fail(f"{path}.crib_dealt", RulesFault.DEALER_CRIB_DEALT)
        if crib == "own" and shape.discard + shape.crib_dealt == 0:
            raise _fail(path, RulesFault.OWN_CRIB_EMPTY)
        if crib == "own" and shape.crib_from_pack:
            raise _fail(f"{path}.crib_from_pack", RulesFault.OWN_CRIB_FROM_PACK)


def _validate_play(rules: Rules) -> None:
    play = rules.play
    extra = play.thirty_one_extra
    if extra and not play.thirty_one.enabled:
        fault = RulesFault.THIRTY_ONE_EXTRA_ONE if extra == 1 else RulesFault.THIRTY_ONE_EXTRA
        raise _fail("play.thirty_one_extra", fault, extra=extra)


def _validate_game(rules: Rules) -> None:
    game = rules.game
    for i, lurch in enumerate(game.lurch):
        path = f"game.lurch[{i}]"
        if not 0 < lurch.below <= game.target:
            raise _fail(f"{path}.below", RulesFault.LURCH_BELOW, below=lurch.below, target=game.target)
