"""The discard advisor: every way to lay away, with the expected count of the kept hand, of the
crib, and of the two together for the player's side, best first.

Model ``uniform`` (the default): the turn-up is any card the player cannot see, and the cards the
others put in the crib (and any from the pack) are any of the unseen cards, each case equally
likely and every case counted (exact sums, means as fractions). The counts come from the deal
tables (`noddy.scoring.score_deals` and `score_sets`, proven equal to the itemised scorer): a
crib's cases are the sets of unseen cards that complete it with one of them turned up, so each set
is looked up once whichever of its cards is the turn-up.

Model ``greedy`` (two players): the opponent lays away by the ``greedy`` player's rule (the kept
hand's mean count, with or against its own discards' mean in the crib), from a hand of unseen
cards. Every hand cannot be enumerated in time (9.4 million at cribbage, each a decision), so
`GREEDY_HANDS` hands are drawn with a fixed seed, and each is counted with every turn-up it
leaves: the same answer every time, but a sample.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

import numpy as np
import numpy.typing as npt

from noddy.advise.advice import Advice, Option
from noddy.advise.win import WIN_SAMPLES, chances, check_scores, seat_view
from noddy.cards import DECK, Card, require_distinct
from noddy.errors import CardError, NoddyError, RulesError
from noddy.game import ActionKind, PlayerView
from noddy.rules import Rules, load_rules, preset_names
from noddy.scoring import score_deals, score_sets
from noddy.words import Reason, advise_phrase, cards_text, plural_s

__all__ = ["GREEDY_HANDS", "MODELS", "advise", "advise_view", "greedy_discards", "lay_away_presets"]

MODELS = {
    "uniform": "the turn-up and the others' crib cards are any unseen cards, each case counted once",
    "greedy": "the opponent lays away by greedy's rule, from a sample of its possible hands",
}
"""The models of what the unseen cards are, by name, with what each assumes."""
GREEDY_HANDS = 400
"""The opponent's hands drawn for the ``greedy`` model."""
GREEDY_SEED = 1589


def lay_away_presets() -> list[str]:
    """The presets in which players lay cards away (for error messages)."""
    found = []
    for name in preset_names():
        rules = load_rules(name)
        if any(rules.deal.shape(n).discard for n in rules.player_counts):
            found.append(name)
    return found


def advise(
    rules: Rules,
    hand: Sequence[Card],
    *,
    dealer: bool,
    players: int | None = None,
    model: str = "uniform",
    unseen: Sequence[Card] | None = None,
    turnup: Card | None = None,
    own_crib: Sequence[Card] = (),
    spread: bool = False,
    scores: Sequence[int] | None = None,
    lang: str = "en",
) -> Advice:
    """Advise on laying away from ``hand`` (the cards dealt) with ``players`` at the table; a
    request that cannot be advised is refused in ``lang``.

    ``dealer``: whether the crib is the player's side's. ``unseen``: the cards the player cannot
    see (every other card by default); ``turnup``: the turn-up, where the rules show it before the
    lay-away; ``own_crib``: the cards already in one's own crib. ``spread`` adds each option's
    distribution of totals. ``scores`` (each side's points, the player's side first) ranks the
    lay-aways by the chance of winning the game from that board (`chances`)."""
    n = players or rules.player_counts[0]
    shape = rules.deal.shape(n)
    hand = tuple(hand)
    _check(rules, hand, n, model, lang)
    if unseen is None:
        known = {*hand, *own_crib, *([turnup] if turnup is not None else [])}
        unseen = tuple(c for c in DECK if c not in known)
    pool = tuple(unseen)
    kind = rules.crib.kind
    sign = 0 if kind == "none" else 1 if kind == "own" or dealer else -1
    unknown = rules.crib_size(n) - len(own_crib) - shape.discard if kind != "none" else 0
    cases = None
    if model == "greedy" and kind == "dealer" and unknown:
        cases = _greedy_cases(rules, n, pool, turnup, their_crib=not dealer, lang=lang)
    deal = _Deal(rules, pool, turnup, sign, spread, _sets(pool, unknown + (turnup is None)), cases)
    options = []
    for discard in combinations(hand, shape.discard):
        keep = tuple(c for c in hand if c not in discard)
        options.append(_option(deal, keep, discard, (*own_crib, *discard)))
    options.sort(key=lambda o: -o.total)
    advice = Advice(rules, hand, dealer or kind == "own", model, tuple(options), sign)
    if scores is None:
        return advice
    check_scores(rules, n, scores, lang)
    view = seat_view(rules, n, hand, dealer=dealer, scores=scores, turnup=turnup, own_crib=own_crib)
    return advice if view is None else chances(advice, view)


def advise_view(
    view: PlayerView,
    model: str = "uniform",
    *,
    spread: bool = False,
    win: bool = False,
    samples: int = WIN_SAMPLES,
) -> Advice:
    """Advise the seat of ``view`` on its lay-away, from what that view shows and nothing else:
    with ``win``, ranked by the chance of winning the game from the view's board (`chances`)."""
    if view.seat is None:
        raise NoddyError(Reason("advise_watcher"))
    if not any(a.kind is ActionKind.DISCARD for a in view.legal):
        raise NoddyError(Reason("advise_nothing"))
    mine = view.side_of(view.dealer) == view.side_of(view.seat)
    advice = advise(
        view.rules,
        view.hand,
        dealer=mine,
        players=view.players,
        model=model,
        unseen=view.unseen(),
        turnup=view.turnup,
        own_crib=view.own_crib,
        spread=spread,
    )
    return chances(advice, view, samples) if win else advice


def _check(rules: Rules, hand: tuple[Card, ...], players: int, model: str, lang: str) -> None:
    """Refuse a rule set with no laying away, a hand of the wrong size, a card twice, a model
    that is not known, each saying in ``lang`` what would be right."""
    if model not in MODELS:
        known = ", ".join(MODELS)
        raise NoddyError(advise_phrase("advise.error.model", lang, model=repr(model), models=known))
    shape = rules.deal.shape(players)
    if not shape.discard:
        raise RulesError(
            advise_phrase(
                "advise.error.no_lay_away",
                lang,
                rules=rules.name,
                players=players,
                presets=", ".join(lay_away_presets()),
            )
        )
    require_distinct(hand)
    if len(hand) != shape.dealt:
        raise CardError(
            advise_phrase(
                "advise.error.size",
                lang,
                rules=rules.name,
                players=players,
                dealt=shape.dealt,
                discard=shape.discard,
                n=len(hand),
                s=plural_s(len(hand), lang),
                cards=cards_text(hand, lang),
            )
        )


def _indices(cards: Sequence[Card]) -> npt.NDArray[np.uint8]:
    return np.array([c.index for c in cards], dtype=np.uint8)


@dataclass(frozen=True)
class _Deal:
    """What every lay-away of one hand is weighed against: the unseen cards, the turn-up if shown,
    the crib's sign, and the crib's completions: ``rests``, every set of unseen cards that
    completes it (with one more to turn up when the turn-up is not shown), or ``cases``, the
    completions and turn-ups of the greedy model."""

    rules: Rules
    pool: tuple[Card, ...]
    turnup: Card | None
    sign: int
    spread: bool
    rests: npt.NDArray[np.uint8]
    cases: tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]] | None


def _option(deal: _Deal, keep: tuple[Card, ...], discard: tuple[Card, ...], crib: tuple[Card, ...]) -> Option:
    """One lay-away's expected counts, summed exactly over every case of the model."""
    rules, turnup, sign, spread = deal.rules, deal.turnup, deal.sign, deal.spread
    ups = _indices([turnup] if turnup is not None else deal.pool)
    held = np.broadcast_to(_indices(keep), (len(ups), len(keep)))
    by_turnup = np.zeros(52, dtype=np.int64)
    by_turnup[ups] = score_deals(rules, np.ascontiguousarray(held), ups)
    hand_mean = Fraction(int(by_turnup[ups].sum()), len(ups))
    if sign == 0:
        totals = by_turnup[ups]
        return Option(keep, discard, hand_mean, Fraction(0), hand_mean, _spread(totals) if spread else ())
    if deal.cases is None:
        crib_scores, crib_ups = _crib_cases(rules, crib, deal.rests, turnup)
    else:
        rests, crib_ups = deal.cases
        own = np.broadcast_to(_indices(crib), (len(rests), len(crib)))
        crib_scores = score_deals(rules, np.concatenate([own, rests], axis=1), crib_ups, crib=True)
    crib_mean = Fraction(int(crib_scores.sum(dtype=np.int64)), len(crib_scores))
    total = hand_mean + sign * crib_mean
    shown = _spread(by_turnup[crib_ups] + sign * crib_scores.astype(np.int64)) if spread else ()
    return Option(keep, discard, hand_mean, crib_mean, total, shown)


def _crib_cases(
    rules: Rules, crib: tuple[Card, ...], rests: npt.NDArray[np.uint8], turnup: Card | None
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.uint8]]:
    """The crib's count in every case (the turn-up shown with each of ``rests``, or each card of
    each of ``rests`` turned up with the others completing the crib), and each case's turn-up."""
    own = _indices(crib)
    if turnup is not None:
        sets = np.concatenate(
            [np.broadcast_to(own, (len(rests), len(own))), rests, _up_column(turnup, rests)], 1
        )
        return score_sets(rules, sets, crib=True)[:, -1], sets[:, -1]
    sets = np.concatenate([np.broadcast_to(own, (len(rests), len(own))), rests], axis=1)
    scores = score_sets(rules, sets, crib=True)[:, len(own) :]
    return scores.ravel(), rests.ravel()


def _up_column(turnup: Card, rests: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    return np.full((len(rests), 1), turnup.index, dtype=np.uint8)


def _sets(pool: tuple[Card, ...], size: int) -> npt.NDArray[np.uint8]:
    """Every set of ``size`` cards from ``pool``, one row each."""
    index = [c.index for c in pool]
    found = np.array(list(combinations(index, size)), dtype=np.uint8)
    return found.reshape(-1, size)


def _spread(totals: npt.NDArray[np.int64]) -> tuple[tuple[int, Fraction], ...]:
    points, counts = np.unique(totals, return_counts=True)
    n = len(totals)
    return tuple((int(p), Fraction(int(k), n)) for p, k in zip(points, counts, strict=True))


def _greedy_cases(
    rules: Rules,
    players: int,
    pool: tuple[Card, ...],
    turnup: Card | None,
    *,
    their_crib: bool,
    lang: str = "en",
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """The crib's cases under the ``greedy`` model: for each of `GREEDY_HANDS` hands of the
    opponent, drawn from ``pool``, the cards greedy lays away with every turn-up the hand leaves."""
    if players != 2:
        raise NoddyError(advise_phrase("advise.error.greedy_players", lang, players=players))
    shape = rules.deal.shape(players)
    rng = np.random.default_rng(GREEDY_SEED)
    index = _indices(pool)
    order = np.argsort(rng.random((GREEDY_HANDS, len(pool))), axis=1)
    hands = index[order[:, : shape.dealt]]
    laid = greedy_discards(rules, hands, shape.discard, their_crib, turnup)
    if turnup is not None:
        return laid, np.full(len(laid), turnup.index, dtype=np.uint8)
    left = index[order[:, shape.dealt :]]
    rests = np.repeat(laid, left.shape[1], axis=0)
    return rests, left.ravel()


def greedy_discards(
    rules: Rules, hands: npt.NDArray[np.uint8], discard: int, own_crib: bool, turnup: Card | None
) -> npt.NDArray[np.uint8]:
    """What greedy lays away from each hand (rows of card indices), as `noddy.players.GreedyPlayer`
    would, for many hands at once: the most for the kept hand over every turn-up it cannot see,
    with (``own_crib``) or against the mean of its discards with the turn-up; the first such
    lay-away on a tie (tests check it against the player itself)."""
    n, size = hands.shape
    if turnup is not None:
        ups = np.full((n, 1), turnup.index, dtype=np.uint8)
    else:
        seen = np.zeros((n, 52), dtype=bool)
        seen[np.arange(n)[:, None], hands] = True
        ups = np.nonzero(~seen)[1].astype(np.uint8).reshape(n, 52 - size)
    count = ups.shape[1]
    flat = ups.ravel()
    choices = list(combinations(range(size), discard))
    values = np.empty((n, len(choices)))
    for j, laid in enumerate(choices):
        kept = [i for i in range(size) if i not in laid]
        held = np.repeat(hands[:, kept], count, axis=0)
        values[:, j] = score_deals(rules, held, flat).reshape(n, count).mean(axis=1)
        if discard >= 2:
            crib = score_deals(rules, np.repeat(hands[:, laid], count, axis=0), flat, crib=True)
            mean = crib.reshape(n, count).mean(axis=1)
            values[:, j] += mean if own_crib else -mean
    best = np.array(choices)[np.round(values, 9).argmax(axis=1)]  # greedy's own rounding of ties
    picked: npt.NDArray[np.uint8] = np.take_along_axis(hands, best, axis=1)
    return picked
