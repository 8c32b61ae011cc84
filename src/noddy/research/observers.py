"""OpenSpiel's observers of ``python_noddy``, one for each kind of observation OpenSpiel asks for
(``IIGObservationType``): what a seat sees (public and its own private information: the encoder's
tensor, `noddy.research.tensors`), what the table sees (public information only), what a seat
alone holds (private only), or what every seat holds (private information of all).

Public information is what every seat knows: the turn-up, the play (whose card, which), the
count, the scores, the phase, who deals and acts, hand sizes, the count being made and a muggins
open, and the cards every seat has seen (shown hands and cribs, cards named in calls). Its
tensor is the same for every player and counts seats and sides from seat 0 (side 0), so it cannot
tell one seat's hidden cards, nor who is looking. A seat's private information is its hand, what
it keeps, what it laid away and its own crib.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from noddy.words import need_extra

try:
    import pyspiel
except ImportError:
    need_extra("research", __name__)
    raise

from noddy.cards import format_cards
from noddy.errors import NoddyError
from noddy.game import PlayerView
from noddy.research.recall import Recall
from noddy.research.tensors import Encoder, Field

__all__ = ["PRIVATE", "Observed", "Observer", "make_observer", "public_fields"]

PRIVATE = ("hand", "held", "discards", "own_crib")
"""The encoder's fields that hold a seat's private information."""
_SEEN_BY_ALL = "the cards every seat has seen this deal: the turn-up, the play, shown hands and cribs, calls"


class Observed(Protocol):
    """What an observer reads of a state: a seat's view, and everything the seat has seen."""

    def view(self, seat: int) -> PlayerView: ...

    def information(self, seat: int) -> str: ...

    def observe_into(self, seat: int, out: npt.NDArray[np.float32]) -> None: ...

    def recall_into(self, seat: int, out: npt.NDArray[np.float32]) -> None: ...


def public_fields(encoder: Encoder) -> tuple[Field, ...]:
    """The fields of the public tensor: the encoder's but the private ones, packed from 0 on
    (``seen`` there means the cards every seat has seen)."""
    fields: list[Field] = []
    start = 0
    for f in encoder.fields:
        if f.name not in PRIVATE:
            meaning = _SEEN_BY_ALL if f.name == "seen" else f.meaning + " (seats and sides from seat 0)"
            fields.append(Field(f.name, start, f.size, meaning))
            start += f.size
    return tuple(fields)


def make_observer(
    encoder: Encoder, iig_obs_type: Any = None, params: Any = None, *, recall: Recall | None = None
) -> Observer:
    """The observer of ``iig_obs_type`` (``None``: a seat's own observation, as OpenSpiel's default;
    a seat's with perfect recall: its information state, ``recall``'s tensor where given)."""
    if params:
        raise NoddyError(f"python_noddy's observers take no parameters, not {params!r}")
    if iig_obs_type is None:
        return Observer(encoder, public=True, private="single", perfect_recall=False)
    kinds = {
        pyspiel.PrivateInfoType.NONE: "none",
        pyspiel.PrivateInfoType.SINGLE_PLAYER: "single",
        pyspiel.PrivateInfoType.ALL_PLAYERS: "all",
    }
    return Observer(
        encoder,
        public=bool(iig_obs_type.public_info),
        private=kinds[iig_obs_type.private_info],
        perfect_recall=bool(iig_obs_type.perfect_recall),
        recall=recall,
    )


class Observer:
    """An OpenSpiel observer (``tensor``, ``dict``, ``set_from``, ``string_from``) of one kind.

    A seat's observation (public and its own private) is the encoder's tensor; its string the
    view in short. With perfect recall (its information state) the string is everything the seat
    has seen, action by action, and the tensor the same story in numbers where a ``recall`` is
    given (`noddy.research.recall`; its one field is ``info_state``). The
    public tensor is `public_fields`; a private tensor is the seat's `PRIVATE` fields (all private:
    each seat's in turn, seat 0 first).
    """

    def __init__(
        self,
        encoder: Encoder,
        *,
        public: bool,
        private: str,
        perfect_recall: bool,
        recall: Recall | None = None,
    ) -> None:
        self.encoder = encoder
        self.public = public
        self.private = private
        self.perfect_recall = perfect_recall
        self.recall = recall if perfect_recall and public and private == "single" else None
        by_name = {f.name: f for f in encoder.fields}
        pieces: list[tuple[str, int]] = []
        if self.recall is not None:
            pieces = [("info_state", self.recall.size)]
        elif public and private == "single":
            pieces = [(f.name, f.size) for f in encoder.fields]
        else:
            if public:
                pieces += [(f.name, f.size) for f in public_fields(encoder)]
            if private == "single":
                pieces += [(name, by_name[name].size) for name in PRIVATE]
            elif private == "all":
                seats = range(encoder.players)
                pieces += [(f"{name}_{seat}", by_name[name].size) for seat in seats for name in PRIVATE]
        self.tensor: npt.NDArray[np.float32] = np.zeros(sum(size for _, size in pieces), np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        start = 0
        for name, size in pieces:
            self.dict[name] = self.tensor[start : start + size]
            start += size
        self._whole = np.zeros(encoder.size, np.float32)
        self._at = {f.name: f for f in encoder.fields}

    def set_from(self, state: Observed, player: int) -> None:
        """Write the tensor of ``player``'s observation of ``state``."""
        self.tensor.fill(0.0)
        if self.recall is not None:
            state.recall_into(player, self.tensor)
            return
        if self.public and self.private == "single":
            state.observe_into(player, self.tensor)
            return
        if self.public:
            self._public_into(state)
        if self.private == "single":
            self._private_into(state, player, "")
        elif self.private == "all":
            for seat in range(self.encoder.players):
                self._private_into(state, seat, f"_{seat}")

    def _seat_tensor(self, state: Observed, seat: int) -> npt.NDArray[np.float32]:
        whole = self._whole
        whole.fill(0.0)
        self.encoder.observe_into(state.view(seat), whole)
        return whole

    def _block(self, tensor: npt.NDArray[np.float32], name: str) -> npt.NDArray[np.float32]:
        f = self._at[name]
        return tensor[f.start : f.stop]

    def _public_into(self, state: Observed) -> None:
        seen = np.ones(self._at["seen"].size, np.float32)
        for seat in range(self.encoder.players):
            np.minimum(seen, self._block(self._seat_tensor(state, seat), "seen"), out=seen)
        first = self._seat_tensor(state, 0)
        for f in public_fields(self.encoder):
            self.dict[f.name][:] = seen if f.name == "seen" else self._block(first, f.name)

    def _private_into(self, state: Observed, seat: int, suffix: str) -> None:
        whole = self._seat_tensor(state, seat)
        for name in PRIVATE:
            self.dict[name + suffix][:] = self._block(whole, name)

    def string_from(self, state: Observed, player: int) -> str:
        """The observation of ``player`` as text (see the class)."""
        if self.perfect_recall and self.private == "single":
            return state.information(player)
        parts = []
        if self.public:
            view = state.view(player if self.private == "single" else 0)
            turnup = str(view.turnup) if view.turnup is not None else "-"
            parts.append(
                f"{view.phase} dealer {view.dealer} to act {view.to_act} | turn-up {turnup}"
                f" | pile {format_cards(c for _, c in view.pile)} ({view.count})"
                f" | played {' '.join(f'{s}:{c}' for s, c in view.played)}"
                f" | scores {' '.join(map(str, view.scores))}"
            )
        seats = {"single": [player], "all": list(range(self.encoder.players))}.get(self.private, [])
        for seat in seats:
            view = state.view(seat)
            parts.append(
                f"seat {seat} hand {format_cards(view.hand)} | held {format_cards(view.held)}"
                f" | laid away {format_cards(view.discards)} | own crib {format_cards(view.own_crib)}"
            )
        return " | ".join(parts)
