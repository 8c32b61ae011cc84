"""The lay-away's expected values computed in the kernel (discard.c): the same values as
`noddy.players.discard.discard_values`, hundreds of times faster, and exact where that samples."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from noddy.cards import card_mask
from noddy.game import Action, PlayerView
from noddy.kernel import compiled, kernel_config

__all__ = ["lay_away_outcomes", "lay_away_rollouts", "lay_away_values"]


def lay_away_values(view: PlayerView, legal: Sequence[Action]) -> dict[Action, float]:
    """The expected value of every legal discard for the seat's side: the kept hand's mean count
    over every turn-up (the shown one where the rules turn it up first), plus its own side's crib's
    or minus an opponent's, over every turn-up and every set of cards the others could add (all of
    them, never a sample). `RuntimeError` when the kernel is not built or does not handle the rules."""
    rules = view.rules
    config = kernel_config(rules, view.players, view.partners)
    mine = view.seat is not None and view.side_of(view.dealer) == view.side_of(view.seat)
    unknown = rules.crib_size(view.players) - len(legal[0].cards) if rules.crib.kind == "dealer" else 0
    values = compiled.discard_values(
        config,
        card_mask(view.hand),
        [card_mask(a.cards) for a in legal],
        card_mask(view.unseen()),
        view.turnup.index if view.turnup is not None else -1,
        card_mask(view.own_crib),
        1 if mine else -1,
        unknown,
    )
    return dict(zip(legal, values, strict=True))


def lay_away_rollouts(
    view: PlayerView, legal: Sequence[Action], samples: int, seed: int, win: float
) -> list[tuple[float, float, float]]:
    """For each discard in ``legal``: the mean worth of the rest of the deal for the seat's side (its
    points less the best other side's, ``win`` or ``-win`` where the game ends), the mean count of
    its kept hand and of the crib (less where it is another side's), over ``samples`` deals of the
    unseen cards (the same deals for every discard, drawn from ``seed``) played out by the greedy
    player in every other decision (rollout.c)."""
    values, hands, cribs = _rollouts(view, legal, samples, seed, win, None)
    return list(zip(values, hands, cribs, strict=True))


def lay_away_outcomes(
    view: PlayerView, legal: Sequence[Action], samples: int, seed: int
) -> npt.NDArray[np.int16]:
    """Where the deal ends after each discard in ``legal``, sample by sample, in the same deals as
    `lay_away_rollouts`: an array of shape (discards, samples, sides + 4), each row each side's
    score, the winning side (-1: the game is over without one; -2: it goes on), the count of the
    seat's kept hand with the turn-up (whether or not the game lasted until it was counted), the
    crib's as pegged (less where it is another side's), and the seat to deal next. The
    distribution of the deal's outcomes, where a mean is not enough (the chance of winning)."""
    sides = len(view.scores)
    out = np.zeros((len(legal), samples, sides + 4), dtype=np.int16)
    buffer = bytearray(out.nbytes)
    _rollouts(view, legal, samples, seed, 0.0, buffer)
    out[...] = np.frombuffer(buffer, dtype=np.int16).reshape(out.shape)
    return out


def _rollouts(
    view: PlayerView,
    legal: Sequence[Action],
    samples: int,
    seed: int,
    win: float,
    outcomes: bytearray | None,
) -> tuple[list[float], list[float], list[float]]:
    """`compiled.deal_rollouts` for the view's seat (``outcomes``: each sample's end, if given)."""
    assert view.seat is not None
    return compiled.deal_rollouts(
        kernel_config(view.rules, view.players, view.partners),
        view.seat,
        view.dealer,
        view.deal_number,
        view.turnup.index if view.turnup is not None else -1,
        view.scores,
        [c.index for c in view.hand],
        [c.index for c in view.own_crib],
        card_mask(view.unseen()),
        [card_mask(a.cards) for a in legal],
        samples,
        seed,
        win,
        outcomes,
    )
