"""The discard advisor at a score: each lay-away's chance of winning the game (what a teacher says
when it ranks them otherwise than the points do is `noddy.advise.advice.win_lines`).

A lay-away is weighed by the rest of the deal played out after it (the kernel's greedy players in
every other decision, `WIN_SAMPLES` deals, the same for every lay-away), each deal worth 1 or 0
where the game ends in it, else the chance of winning from the board it leaves with the next
dealer to deal (`noddy.analysis.board`, read as `noddy.players.discard.win_chances` does). The
board comes from the view at a table, or from a score given (`read_score`, `seat_view`: the player
sits at seat 0, the dealer is seat 0 or the seat after it).
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from noddy.advise.advice import Advice, Board
from noddy.analysis import board_if_built
from noddy.cards import DECK, Card
from noddy.engine import kernel_refusal
from noddy.errors import NoddyError
from noddy.game import ActionKind, PlayerView, new_game
from noddy.game.setup import arranged_shuffle, at_deal
from noddy.players.discard import win_samples
from noddy.rules import Rules
from noddy.words import advise_phrase

__all__ = [
    "MARGIN",
    "WIN_SAMPLES",
    "WIN_SEED",
    "chances",
    "check_scores",
    "read_score",
    "seat_view",
]

WIN_SAMPLES = 400
"""Deals played out after each lay-away to weigh its chance of winning."""
WIN_SEED = 1589
"""The seed of those deals: the same advice every time for the same cards and board."""
MARGIN = 0.01
"""How much more often a lay-away must win than the one with the most points to be put first,
beyond the sampling's 95% interval of the difference."""
Z95 = 1.959964


def chances(advice: Advice, view: PlayerView, samples: int = WIN_SAMPLES) -> Advice:
    """``advice`` (every lay-away of the view's hand) with each lay-away's chance of winning from
    the view's board, ranked by it (the points break ties), but the lay-away with the most points
    first unless the best by the chance beats it by `MARGIN` and more than the 95% interval of the
    difference on the same deals (a difference the sampling cannot tell from none is none);
    unchanged where the kernel cannot play the rules out, the game is a single deal (its points
    are then all there is) or its table is not built on this machine (never built here: minutes
    for three players; `noddy analyze board` builds it)."""
    rules = view.rules
    if view.seat is None or rules.game.end == "single_deal":
        return advice
    if kernel_refusal(rules, view.players):
        return advice
    board = board_if_built(rules, view.players, view.partners)
    if board is None:
        return advice
    legal = [a for a in view.legal if a.kind == ActionKind.DISCARD]
    sampled = win_samples(view, legal, random.Random(WIN_SEED), board, samples=samples)
    row = {frozenset(a.cards): i for i, a in enumerate(legal)}
    means = np.clip(sampled.mean(axis=1), 0.0, 1.0)
    options = sorted(
        (replace(o, win=float(means[row[frozenset(o.discard)]])) for o in advice.options),
        key=lambda o: (-(o.win or 0.0), -o.total),
    )
    most = max(options, key=lambda o: o.total)
    first, other = sampled[row[frozenset(options[0].discard)]], sampled[row[frozenset(most.discard)]]
    sure = MARGIN + Z95 * float(np.std(first - other, ddof=1)) / math.sqrt(len(first))
    if (options[0].win or 0.0) - (most.win or 0.0) < sure:
        options.remove(most)
        options.insert(0, most)
    side = view.side_of(view.seat)
    order = [side, *(s for s in range(len(view.scores)) if s != side)]
    now = board.chance(view.scores, view.dealer)[side]
    where = Board(tuple(view.scores[s] for s in order), view.side_of(view.dealer) == side, now)
    return replace(advice, options=tuple(options), board=where)


SCORE = re.compile(r"^\s*\d+(\s*[-–/:]\s*\d+)*\s*$")


def read_score(
    text: str, rules: Rules, players: int, partners: bool | None = None, lang: str = "en"
) -> tuple[int, ...]:
    """Each side's points from ``text`` such as "112-98" (the player's side first), checked
    against the rules' target and the sides at this table."""
    sides = _sides(rules, players, partners)
    if not SCORE.match(text):
        raise NoddyError(_score_error(text, sides, rules, lang))
    scores = tuple(int(x) for x in re.split(r"[-–/:]", text))
    check_scores(rules, players, scores, lang, partners, text)
    return scores


def check_scores(
    rules: Rules,
    players: int,
    scores: Sequence[int],
    lang: str = "en",
    partners: bool | None = None,
    text: str | None = None,
) -> None:
    """Refuse scores that are not one a side, each from 0 to below the target."""
    sides = _sides(rules, players, partners)
    if len(scores) != sides or any(not 0 <= s < rules.game.target for s in scores):
        shown = text if text is not None else "-".join(str(s) for s in scores)
        raise NoddyError(_score_error(shown, sides, rules, lang))


def _sides(rules: Rules, players: int, partners: bool | None) -> int:
    return len(new_game(rules, players, partners=partners).scores)


def _score_error(text: str, sides: int, rules: Rules, lang: str) -> str:
    return advise_phrase("advise.error.score", lang, score=repr(text), sides=sides, top=rules.game.target - 1)


def seat_view(
    rules: Rules,
    players: int,
    hand: Sequence[Card],
    *,
    dealer: bool,
    scores: Sequence[int],
    turnup: Card | None = None,
    own_crib: Sequence[Card] = (),
) -> PlayerView | None:
    """The view of seat 0 holding ``hand`` at the lay-away, with ``scores`` by side (seat 0's side
    first), dealt by seat 0 (``dealer``) or the seat after it: the board a score given to the
    advisor stands for. ``None`` where the rules show the turn-up before the lay-away and none is
    given (the advice cannot know it)."""
    if turnup is None and rules.turnup.when == "before_lay_away":
        return None
    state = at_deal(new_game(rules, players), 0 if dealer else 1, scores)
    if turnup is None:
        turnup = next(c for c in reversed(DECK) if c not in hand and c not in own_crib)
    cribs = {0: list(own_crib)} if own_crib else None
    state = state.apply(arranged_shuffle(state, {0: list(hand)}, turnup, cribs=cribs))
    if state.to_act != 0:
        state = state.evolve(to_act=0)
    return state.view(0)
