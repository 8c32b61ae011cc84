"""Choosing what to lay away to the crib, by expected value computed exactly with numpy.

For each way to discard: the mean count of the kept hand over every possible turn-up, plus (for
one's own side's crib) or minus (for an opponent's) the mean count of the crib over every turn-up
and every set of cards the other players could add to it. Where the rules turn the card up before
the lay-away (``turnup.when = before_lay_away``) the view shows it, and it is the only turn-up
weighed. Where the compiled kernel is built and handles the rules, it computes these values
(`noddy.engine.lay_away_values`: exactly, in a couple of milliseconds); otherwise numpy does
(`numpy_discard_values`, the reference: the exact enumerator `noddy.scoring.score_deals` scores
every deal, and cases of more than `MAX_CRIB_ROWS` crib deals, such as 3- and 4-player cribbage,
are sampled there, where the kernel stays exact).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations
from math import comb
from typing import Protocol

import numpy as np
import numpy.typing as npt

from noddy.analysis import BoardTable
from noddy.cards import Card
from noddy.engine import kernel_refusal, lay_away_outcomes, lay_away_rollouts, lay_away_values
from noddy.game import Action, PlayerView
from noddy.players.means import turnups
from noddy.rules import Rules
from noddy.scoring import score_deals

__all__ = [
    "DOUBT",
    "DOUBT_Z",
    "TIE_BREAK",
    "WIN",
    "Draw",
    "WinTable",
    "deal_values",
    "discard_values",
    "hand_means",
    "in_doubt",
    "next_dealer",
    "numpy_discard_values",
    "race",
    "raced_values",
    "win_chances",
    "win_samples",
    "win_values",
    "won_chance",
]

WIN = 1000.0
"""A game won, in the points a player weighs: it outweighs any deal's points (a search's, a rollout's)."""

TIE_BREAK = 1e-6
"""A point's weight beside a chance of winning (0..1) in a value by the chance: enough to tell equal
chances apart by the points (a deal's points never reach 1,000), too little to move a chance."""


class WinTable(Protocol):
    """The chance of winning from the start of a deal (`noddy.analysis.board`): each side's, by the
    scores by side and the seat about to deal; a side at or past the target has won."""

    def chance(self, scores: Sequence[int], dealer: int) -> tuple[float, ...]: ...


def won_chance(winner: int | None, side: int, sides: int) -> float:
    """A finished game's chance of winning for ``side``: 1 won, 0 lost, an even share for no winner."""
    if winner is None:
        return 1.0 / sides
    return 1.0 if winner == side else 0.0


def next_dealer(rules: Rules, players: int, dealer: int) -> int:
    """The seat that deals after a deal by ``dealer`` (the rules' rotation)."""
    deal = rules.deal
    if deal.rotation_per != "deal":
        return dealer
    return (dealer + (1 if deal.rotation == "left" else -1)) % players


MAX_CRIB_ROWS = 200_000


def hand_means(
    view: PlayerView, kept: Sequence[tuple[Card, ...]], pool: Sequence[Card], *, crib: bool = False
) -> npt.NDArray[np.float64]:
    """The mean count of each kept hand (or own crib) over every turn-up drawn from ``pool``."""
    k = len(kept[0])
    turnups = np.array([c.index for c in pool], dtype=np.uint8)
    held = np.array([[c.index for c in hand] for hand in kept], dtype=np.uint8)
    rows = np.repeat(held, len(turnups), axis=0)
    ups = np.tile(turnups, len(kept))
    scores = score_deals(view.rules, rows.reshape(-1, k), ups, crib=crib).astype(np.float64)
    means: npt.NDArray[np.float64] = scores.reshape(len(kept), len(turnups)).mean(axis=1)
    return means


def _crib_rows(
    pool: Sequence[Card], unknown: int, rng: random.Random, turnup: Card | None
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Every turn-up (``turnup`` if it is shown) with every set of ``unknown`` other crib cards
    from ``pool`` (or a sample)."""
    index = [c.index for c in pool]
    if turnup is not None:
        if comb(len(pool), unknown) <= MAX_CRIB_ROWS:
            rests = list(combinations(index, unknown))
        else:
            rests = [tuple(rng.sample(index, unknown)) for _ in range(MAX_CRIB_ROWS)]
        ups = [turnup.index] * len(rests)
    elif len(pool) * comb(len(pool) - 1, unknown) <= MAX_CRIB_ROWS:
        ups, rests = [], []
        for i, up in enumerate(index):
            others = index[:i] + index[i + 1 :]
            for rest in combinations(others, unknown):
                ups.append(up)
                rests.append(rest)
    else:
        picks = [rng.sample(index, unknown + 1) for _ in range(MAX_CRIB_ROWS)]
        ups = [p[0] for p in picks]
        rests = [tuple(p[1:]) for p in picks]
    return np.array(ups, dtype=np.uint8), np.array(rests, dtype=np.uint8).reshape(len(ups), unknown)


def discard_values(view: PlayerView, legal: Sequence[Action], rng: random.Random) -> dict[Action, float]:
    """The expected value of every legal discard for the seat's side: in the kernel where it is built
    and handles the rules (``rng`` unused), else with numpy."""
    if not kernel_refusal(view.rules, view.players):
        return lay_away_values(view, legal)
    return numpy_discard_values(view, legal, rng)


def numpy_discard_values(
    view: PlayerView, legal: Sequence[Action], rng: random.Random
) -> dict[Action, float]:
    """`discard_values` with numpy (the reference): ``rng`` samples the crib's cards where they are
    too many to enumerate."""
    ups_seen = turnups(view)
    kept = [tuple(c for c in view.hand if c not in a.cards) for a in legal]
    rules = view.rules
    values = {a: float(v) for a, v in zip(legal, hand_means(view, kept, ups_seen), strict=True)}
    if rules.crib.kind == "none":
        return values
    if rules.crib.kind == "own":
        laid = [view.own_crib + a.cards for a in legal]
        for action, mean in zip(legal, hand_means(view, laid, ups_seen, crib=True), strict=True):
            values[action] += float(mean)
        return values
    mine = view.seat is not None and view.side_of(view.dealer) == view.side_of(view.seat)
    sign = 1.0 if mine else -1.0
    unknown = rules.crib_size(view.players) - len(legal[0].cards)
    ups, rests = _crib_rows(view.unseen(), unknown, rng, view.turnup)
    for action in legal:
        own = np.array([c.index for c in action.cards], dtype=np.uint8)
        held = np.concatenate([np.broadcast_to(own, (len(ups), len(own))), rests], axis=1)
        values[action] += sign * float(score_deals(rules, held, ups, crib=True).mean())
    return values


def deal_values(
    view: PlayerView,
    legal: Sequence[Action],
    rng: random.Random,
    *,
    candidates: int,
    samples: int,
    pegging: bool = True,
) -> dict[Action, float]:
    """The worth of the rest of the deal for the seat's side after each of the ``candidates`` best
    discards by `discard_values` (only those are weighed): the exact mean of the kept hand, plus the
    rest of the deal played out by the greedy player in ``samples`` deals of the unseen cards, the
    same for every discard (`noddy.engine.lay_away_rollouts`): the others lay away as greedy does,
    so the crib is what sensible players throw, and the play's pegging counts, on both sides. Near
    the target a deal that wins or loses the game outweighs any points (pone counts first). Without
    ``pegging``: the kept hand's exact mean and the crib's mean in those deals alone. Where the
    kernel is not built or does not handle the rules, `discard_values`."""
    exact = discard_values(view, legal, rng)
    if kernel_refusal(view.rules, view.players) or view.seat is None:
        return exact
    ranked = sorted(legal, key=lambda a: -exact[a])[:candidates]
    kept = [tuple(c for c in view.hand if c not in a.cards) for a in ranked]
    hands = hand_means(view, kept, turnups(view))
    rollouts = lay_away_rollouts(view, ranked, samples, rng.getrandbits(63), WIN)
    return {
        a: (value - counted if pegging else crib) + float(hand)
        for a, (value, counted, crib), hand in zip(ranked, rollouts, hands, strict=True)
    }


def win_values(
    view: PlayerView,
    legal: Sequence[Action],
    rng: random.Random,
    board: WinTable,
    *,
    candidates: int,
    samples: int,
    more: int = 0,
) -> dict[Action, float]:
    """The chance of winning the game for the seat's side after each of the ``candidates`` best
    discards by `discard_values` (only those are weighed), the expected points breaking ties: the
    rest of the deal played out as `deal_values` plays it, in ``samples`` deals (the same for every
    discard), each worth 1 or 0 where the game ends in it, else ``board``'s chance from the board
    it leaves with the next dealer to deal. The kept hand's count, known exactly, steadies the mean
    (a control variate: each mean moved by the pooled slope of the chance on the hand's count times
    the sample's error in that count). Where those deals leave the choice `in_doubt`, ``more`` deals
    are played out and weighed with them. Where the kernel is not built or does not handle the
    rules, `discard_values` (points, not chances)."""
    exact = discard_values(view, legal, rng)
    if kernel_refusal(view.rules, view.players) or view.seat is None:
        return exact
    ranked = sorted(exact, key=lambda a: -exact[a])[:candidates]
    hands = _kept_means(view, ranked)
    sampled = win_samples(view, ranked, rng, board, samples=samples, hands=hands)
    if more and in_doubt(sampled):
        extra = win_samples(view, ranked, rng, board, samples=more, hands=hands)
        sampled = np.concatenate([sampled, extra], axis=1)
    means = np.clip(sampled.mean(axis=1), 0.0, 1.0)
    return {a: float(chance) + TIE_BREAK * exact[a] for a, chance in zip(ranked, means, strict=True)}


DOUBT = 0.004
"""How much better than the leading lay-away another may plausibly be (by `DOUBT_Z` standard errors)
before `win_values` plays out more deals: 0.4 points of win rate, about a third of a point early."""

DOUBT_Z = 2.0
"""Standard errors of a paired difference that make a lead plausible (`in_doubt`)."""


def in_doubt(sampled: npt.NDArray[np.float64], margin: float = DOUBT, z: float = DOUBT_Z) -> bool:
    """Whether the sampled deals leave the choice in doubt (rows: choices, columns: the same deals
    for each): whether some choice's chance may be higher than the leader's (the highest mean) by
    more than ``margin``, its mean difference from the leader, paired deal by deal, plus ``z``
    standard errors of it. Two choices as good as each other (a suit for a suit) leave no doubt:
    the difference is then the same, deal by deal, and its error nothing."""
    n = sampled.shape[1]
    if n < 2:
        return True
    means = sampled.mean(axis=1)
    leader = int(np.argmax(means))
    differences = sampled - sampled[leader]
    upper = means - means[leader] + z * differences.std(axis=1, ddof=1) / np.sqrt(n)
    upper[leader] = -np.inf
    return bool(upper.max() > margin)


def raced_values(
    view: PlayerView,
    legal: Sequence[Action],
    rng: random.Random,
    board: WinTable,
    *,
    candidates: int,
    first: int,
    most: int,
) -> tuple[dict[Action, float], int]:
    """`win_values` raced (`race`): the ``candidates`` best discards by points played out in
    ``first`` deals, then in twice as many, and so on up to ``most``, each round only for those
    still in doubt against the leader; and the playouts it took (a discard in a deal). Where the
    kernel is not built or does not handle the rules, `discard_values` and no playouts."""
    exact = discard_values(view, legal, rng)
    if kernel_refusal(view.rules, view.players) or view.seat is None:
        return exact, 0
    ranked = sorted(exact, key=lambda a: -exact[a])[:candidates]
    hands = _kept_means(view, ranked)

    def draw(rows: Sequence[int], deals: int) -> npt.NDArray[np.float64]:
        return win_samples(
            view, [ranked[i] for i in rows], rng, board, samples=deals, hands=hands[list(rows)]
        )

    means, playouts = race(draw, len(ranked), first=first, most=most)
    chances = np.clip(means, 0.0, 1.0)
    return {a: float(c) + TIE_BREAK * exact[a] for a, c in zip(ranked, chances, strict=True)}, playouts


Draw = Callable[[Sequence[int], int], npt.NDArray[np.float64]]
"""Fresh deals for some of the choices: given the rows (choices) and a number of deals, each row's
value in each of those deals, the same deals for every row."""


def race(
    draw: Draw, rows: int, *, first: int, most: int, margin: float = DOUBT, z: float = DOUBT_Z
) -> tuple[npt.NDArray[np.float64], int]:
    """Each choice's mean value, the deals spent where the choice is in doubt: every choice is
    drawn in ``first`` deals; a choice that cannot be better than the leader by more than ``margin``
    (its paired difference from it plus ``z`` standard errors, as `in_doubt` judges) is dropped, and
    the others drawn in as many deals again as they have had (never past ``most`` in all), until
    one is left or ``most`` are drawn. A flat board (every choice worth the same, deal by deal) or a
    wide lead ends it at the first round. A dropped choice's mean is the leader's final mean plus
    its paired difference from the leader when dropped, so that it ranks where the deals it had
    put it. Returns the means by row and the playouts spent (rows times deals, summed)."""
    alive = list(range(rows))
    chunks: list[list[npt.NDArray[np.float64]]] = [[] for _ in range(rows)]
    dropped: list[tuple[int, int, float]] = []
    dealt = playouts = 0
    deals = first
    while True:
        drawn = draw(alive, deals)
        for row, values in zip(alive, drawn, strict=True):
            chunks[row].append(values)
        dealt += deals
        playouts += deals * len(alive)
        sampled = np.stack([np.concatenate(chunks[row]) for row in alive])
        means = sampled.mean(axis=1)
        leader = int(np.argmax(means))
        spread = (sampled - sampled[leader]).std(axis=1, ddof=1) if dealt > 1 else np.full(len(alive), np.inf)
        upper = means - means[leader] + z * spread / np.sqrt(dealt)
        behind = [k for k in range(len(alive)) if k != leader and upper[k] <= margin]
        dropped.extend((alive[k], alive[leader], float(means[k] - means[leader])) for k in behind)
        alive = [row for k, row in enumerate(alive) if k not in behind]
        if len(alive) == 1 or dealt >= most:
            break
        deals = min(dealt, most - dealt)
    result = np.empty(rows, dtype=np.float64)
    for row in alive:
        result[row] = float(np.concatenate(chunks[row]).mean())
    for row, leader_row, difference in reversed(dropped):
        result[row] = result[leader_row] + difference
    return result, playouts


def win_chances(
    view: PlayerView, legal: Sequence[Action], rng: random.Random, board: WinTable, *, samples: int
) -> dict[Action, float]:
    """The chance of winning the game for the seat's side after each discard in ``legal``, as
    `win_values` weighs it (without the tie-break); the kernel is needed (`RuntimeError` without)."""
    sampled = win_samples(view, legal, rng, board, samples=samples)
    means = np.clip(sampled.mean(axis=1), 0.0, 1.0)
    return {a: float(v) for a, v in zip(legal, means, strict=True)}


def win_samples(
    view: PlayerView,
    legal: Sequence[Action],
    rng: random.Random,
    board: WinTable,
    *,
    samples: int,
    hands: npt.NDArray[np.float64] | None = None,
) -> npt.NDArray[np.float64]:
    """Each sampled deal's chance of winning after each discard in ``legal`` (rows: discards,
    columns: the same deals for each), steadied by the kept hand's count: the sample's chance less
    the pooled slope of the chance on the hand's count times the sample's count less its exact
    mean (``hands``: those means where they are worked out already). Their means are
    `win_chances`; their spread says how sure each is."""
    assert view.seat is not None
    if hands is None:
        hands = _kept_means(view, legal)
    outcomes = lay_away_outcomes(view, legal, samples, rng.getrandbits(63))
    chances = _chances(outcomes, board, view.side_of(view.seat), len(view.scores))
    counted = outcomes[:, :, len(view.scores) + 1].astype(np.float64)
    spread = counted - counted.mean(axis=1, keepdims=True)
    variance = float((spread * spread).sum())
    centred = chances - chances.mean(axis=1, keepdims=True)
    slope = float((spread * centred).sum()) / variance if variance > 0 else 0.0
    steadied: npt.NDArray[np.float64] = chances - slope * (counted - hands[:, None])
    return steadied


def _kept_means(view: PlayerView, legal: Sequence[Action]) -> npt.NDArray[np.float64]:
    """The exact mean count of the hand each discard in ``legal`` keeps, over the turn-ups."""
    return hand_means(view, [tuple(c for c in view.hand if c not in a.cards) for a in legal], turnups(view))


def _chances(
    outcomes: npt.NDArray[np.int16], board: WinTable, side: int, sides: int
) -> npt.NDArray[np.float64]:
    """Each sample's chance of winning for ``side`` (`noddy.engine.lay_away_outcomes`' rows): 1 or 0
    where the game ended, an even share where it ended without a winner, else the board's chance
    from where the deal left it: a `BoardTable` read for every sample at once, another table board
    by board."""
    n, samples, _ = outcomes.shape
    rows = outcomes.reshape(n * samples, -1).astype(np.int64)
    winner = rows[:, sides]
    chances = np.where(winner == side, 1.0, np.where(winner == -1, 1.0 / sides, 0.0))
    going = winner < -1
    scores, dealers = rows[going, :sides], rows[going, sides + 3]
    if isinstance(board, BoardTable):
        chances[going] = board.chances(scores, dealers)[:, side]
    else:
        found: dict[tuple[int, ...], float] = {}
        read = []
        for row, dealer in zip(scores.tolist(), dealers.tolist(), strict=True):
            key = (*row, dealer)
            if key not in found:
                found[key] = board.chance(row, dealer)[side]
            read.append(found[key])
        chances[going] = read
    return chances.reshape(n, samples)
