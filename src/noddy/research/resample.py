"""Information-set MCTS's resampling for the `python_noddy` OpenSpiel game (issue 28): a state the
player to act cannot tell from the one given, its hidden cards dealt again as its view allows.
Also given by `noddy.research.openspiel`, where OpenSpiel's users look for it. It reads a state
only through `Resampled`, what `noddy.research.openspiel.NoddyState` offers, and deals on the
positions of `noddy.research.trail`."""

from __future__ import annotations

import random
from typing import Protocol, Self, TypeVar, cast

from noddy.cards import DECK, Card
from noddy.errors import IllegalActionError
from noddy.game import Action, GameState
from noddy.players import sample_worlds
from noddy.research.trail import SpielPosition, advance

__all__ = ["Resampled", "Resampler", "resample_from_infostate"]


class Resampled(Protocol):
    """What the resampler reads of a ``python_noddy`` state: where it stands on the engine (a
    state put at a position steps on the engine from there), a clone, and its game's new state."""

    position: SpielPosition

    def clone(self) -> Self: ...

    def get_game(self) -> _Game: ...


class _Game(Protocol):
    def new_initial_state(self) -> Resampled: ...


S = TypeVar("S", bound=Resampled)


class Resampler:
    """Information-set MCTS's resampler (``bot.set_resampler(Resampler(rng))``): a state the player
    to act cannot tell from the one given. The other seats' cards of the current deal are dealt
    again from the hands its view allows (the strong player's inference: their counts, Go's and
    plays), and the deal replayed on them; every other card nobody has seen is shuffled.

    The hands allowed are found once for each position searched (up to ``worlds`` of them). Where
    none fits (rules that deal on from the stock, where earlier deals constrain the cards), the
    state itself is returned: the search then sees the true cards of that one position.

    Called with an ``rng`` of the caller's (the game's own hook, `noddy.research.openspiel.
    NoddyState.resample_from_infostate`), the draws come from it, and the hands allowed from a
    generator seeded by the player's information state alone: every call is then a function of
    what the player knows and of ``rng``, whoever called before.
    """

    def __init__(self, rng: random.Random | None = None, worlds: int = 64) -> None:
        self.rng = rng or random.Random()
        self.worlds = worlds
        self._key: tuple[int, str] | None = None
        self._found: list[GameState] = []

    def __call__(self, state: S, player: int, rng: random.Random | None = None) -> S:
        position = state.position
        true = position.state
        if true.chance() is not None or true.is_over or position.start is None:
            return state.clone()
        wanted = position.trail.text(player)
        if self._key != (player, wanted):
            self._key = (player, wanted)
            worlds = self.rng if rng is None else random.Random(f"{player}\n{wanted}")
            self._found = sample_worlds(true.view(player), worlds, self.worlds)
        draw = self.rng if rng is None else rng
        for _ in range(4):
            if not self._found:
                break
            dealt = _deal_again(position, player, draw.choice(self._found), draw)
            if dealt is not None and dealt.trail.text(player) == wanted:
                fresh = cast(S, state.get_game().new_initial_state())
                fresh.position = dealt
                return fresh
        return state.clone()


def resample_from_infostate(state: S, player: int, rng: random.Random | None = None) -> S:
    """One state ``player`` cannot tell from ``state`` (see `Resampler`)."""
    return Resampler(rng)(state, player)


def _deal_again(
    position: SpielPosition, player: int, world: GameState, rng: random.Random
) -> SpielPosition | None:
    """The current deal of ``position`` with its hidden cards moved so that every other seat holds
    its hand in ``world``, and its actions replayed; ``None`` if they no longer apply."""
    true = position.state
    start = position.start
    assert start is not None
    played = {c for _, c in true.played}
    mapping: dict[Card, Card] = {}
    for seat in range(true.players):
        if seat != player:
            old = [c for c in true.held[seat] if c not in played]
            new = [c for c in world.held[seat] if c not in played]
            if len(old) != len(new):
                return None
            mapping.update(zip(old, new, strict=True))
    unseen = set(true.view(player).unseen())
    taken = set(mapping.values())
    free_old = [c for c in DECK if c in unseen and c not in mapping]
    free_new = [c for c in DECK if c in unseen and c not in taken]
    rng.shuffle(free_new)
    mapping.update(zip(free_old, free_new, strict=True))
    again = start
    try:
        for move in true.history[len(start.state.history) :]:
            if move.seat != player:
                move = Action(move.kind, move.seat, tuple(mapping.get(c, c) for c in move.cards), move.number)
            again = advance(again, again.state.apply(move), move)
    except IllegalActionError:
        return None
    return again
