"""The deal's shape: how many cards each player gets, lays away and has dealt to a crib, for each
number of players (the ``deal.players`` field and its codec)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from noddy.errors import RulesError
from noddy.rules.faults import RulesFault
from noddy.rules.fields import Codec, refuse, whole

__all__ = ["SHAPE_KEYS", "DealShape", "DealShapes", "describe_shape"]


@dataclass(frozen=True, slots=True)
class DealShape:
    """How many cards each player gets for one number of players."""

    dealt: int
    discard: int = 0
    crib_dealt: int = 0
    crib_from_pack: int = 0

    @property
    def held(self) -> int:
        """Cards each player keeps for the hand and the play."""
        return self.dealt - self.discard


SHAPE_KEYS = ("dealt", "discard", "crib_dealt", "crib_from_pack")


class DealShapes(Codec):
    """The deal for each number of players."""

    allowed = (
        "a table per number of players (2-4), e.g. [deal.players.2] dealt = 6, discard = 2"
        " (also crib_dealt, crib_from_pack)"
    )

    def read(self, data: object, path: str) -> tuple[tuple[int, DealShape], ...]:
        if not isinstance(data, Mapping) or not data:
            raise refuse(path, data, self.allowed)
        out = []
        for key, shape in data.items():
            where = f"{path}.{key}"
            if str(key) not in ("2", "3", "4"):
                why = RulesError(RulesFault.SHAPE_PLAYERS, key=repr(key))
                raise refuse(path, data, self.allowed, why)
            if not isinstance(shape, Mapping) or "dealt" not in shape:
                raise refuse(where, shape, self.allowed, RulesError(RulesFault.SHAPE_DEALT, where=where))
            extra = sorted(set(shape) - set(SHAPE_KEYS))
            if extra:
                raise refuse(where, shape, self.allowed, RulesError(RulesFault.SHAPE_KEYS, keys=extra))
            counts = {k: whole(v, f"{where}.{k}", "a whole number, 0 or more") for k, v in shape.items()}
            out.append((int(key), DealShape(**counts)))
        return tuple(sorted(out))

    def write(self, value: Any) -> dict[str, dict[str, int]]:
        return {str(n): {k: getattr(s, k) for k in SHAPE_KEYS} for n, s in value}

    def plain(self, value: Any) -> str:
        return "; ".join(describe_shape(n, s) for n, s in value)

    def kind(self) -> type:
        return tuple


def describe_shape(n: int, shape: DealShape) -> str:
    parts = [f"{shape.dealt} dealt each"]
    if shape.discard:
        parts.append(f"{shape.discard} discarded to the crib")
    if shape.crib_dealt:
        parts.append(f"{shape.crib_dealt} dealt to an own crib")
    if shape.crib_from_pack:
        parts.append(f"{shape.crib_from_pack} from the pack to the crib")
    return f"{n} players: " + ", ".join(parts)
