"""The drill "offence or defence?": a real lay-away near the end of a game, two ways to lay away
(the one that makes the most points for the player's side, and the one that gives the others the
fewest), and the answer from the board table: the one with the better chance of winning the game.

A position is taken from a game the greedy players play (the engine's own rules, a seeded
generator) at a lay-away once a side is within `NEAR` holes of the game hole. Each way of laying
away is weighed over `SAMPLES` deals of the unseen cards played out by the kernel's greedy player
(`noddy.engine.lay_away_outcomes`: the same deals for every way): the points each side makes this
deal on average, and the chance of winning the game from where each deal leaves the board (the
strong player's own measure, `noddy.players.discard.win_values`, on the board table). A position
is asked only where the two ways differ and their chances differ by at least `MARGIN`, so that the
answer is the table's and not the sample's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from noddy.analysis import board
from noddy.analysis.winchance import readiness
from noddy.cards import Card
from noddy.engine import kernel_refusal, lay_away_outcomes
from noddy.errors import NoddyError
from noddy.game import Action, ActionKind, GameState, PlayerView, new_game
from noddy.players import make_player, next_action
from noddy.players.discard import next_dealer, win_values
from noddy.rules import Rules
from noddy.words import Reason

__all__ = ["MARGIN", "NEAR", "OFFENCE", "SAMPLES", "Choice", "Way", "draw_offence", "offence_offered"]

OFFENCE = "offence"
"""The drill's name among the trainer's drills (its progress is kept under it)."""
NEAR = 30
"""A position is near the end when a side is this many holes or fewer from the game hole."""
SAMPLES = 400
"""Deals played out to weigh the two ways' chances of winning (half as many find the two ways)."""
MARGIN = 0.02
"""The least difference in the chance of winning between the two ways for a position to be asked."""
_GAMES = 40
"""Games played to find a position before giving up."""

Side = Literal["offence", "defence"]


@dataclass(frozen=True)
class Way:
    """One way to lay away: the cards laid and kept, the points this deal on average for the
    player's side (``mine``) and for the best other side (``theirs``), and the chance of winning."""

    side: Side
    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    mine: float
    theirs: float
    chance: float

    def to_json(self, answered: bool = False) -> dict[str, Any]:
        shown: dict[str, Any] = {
            "side": self.side,
            "discard": [str(c) for c in self.discard],
            "keep": [str(c) for c in self.keep],
        }
        if answered:
            shown |= {"mine": round(self.mine, 2), "theirs": round(self.theirs, 2)}
            shown["chance"] = round(self.chance, 4)
        return shown


@dataclass(frozen=True)
class Choice:
    """A position of the drill: the rules, the board (``scores`` by side, the player's ``side``,
    the ``dealer`` of this deal, and who deals next), the hand (and the turn-up where the rules
    show it before the lay-away), and the two ways, offence first."""

    rules: Rules
    players: int
    partners: bool
    seat: int
    side: int
    dealer: int
    scores: tuple[int, ...]
    hand: tuple[Card, ...]
    turnup: Card | None
    ways: tuple[Way, Way]
    worth: tuple[float, float]
    """What one more point is worth in the chance of winning, from where the deal is likely to leave
    the board: a point of the player's side's, and a point of the others'."""

    view: PlayerView | None = field(default=None, repr=False, compare=False)
    """The seat's view the position was taken from (for weighing it again)."""
    kind: str = OFFENCE

    @property
    def answer(self) -> Side:
        """The way with the better chance of winning."""
        offence, defence = self.ways
        return "offence" if offence.chance >= defence.chance else "defence"

    @property
    def crib_mine(self) -> bool:
        return self.side == self.dealer_side

    @property
    def dealer_side(self) -> int:
        return self.dealer if not self.partners else self.dealer % 2

    @property
    def target(self) -> int:
        return self.rules.game.target

    def judge(self, answer: str) -> bool:
        """Whether ``answer`` (``offence`` or ``defence``) is the table's."""
        if answer not in ("offence", "defence"):
            raise NoddyError(Reason("offence_answer", answer=repr(answer)))
        return answer == self.answer

    def to_json(self, answered: bool = False) -> dict[str, Any]:
        """The position as the learner sees it; with ``answered``, the answer and the figures too."""
        shown: dict[str, Any] = {
            "rules": self.rules.name,
            "kind": self.kind,
            "what": OFFENCE,
            "target": self.target,
            "scores": list(self.scores),
            "side": self.side,
            "dealer": self.dealer == self.seat or (self.partners and self.crib_mine),
            "hand": [str(c) for c in self.hand],
            "turnup": None if self.turnup is None else str(self.turnup),
            "ways": [way.to_json(answered) for way in self.ways],
        }
        if answered:
            shown |= {"answer": self.answer, "worth": [round(w, 4) for w in self.worth]}
        return shown


def offence_offered(rules: Rules) -> bool:
    """Whether the drill has positions under ``rules``: a game to a target, with a lay-away, that
    the kernel plays and the board table serves now (built), at two players."""
    if rules.game.end != "target" or 2 not in rules.player_counts:
        return False
    if not rules.deal.shape(2).discard or kernel_refusal(rules, 2):
        return False
    return readiness(rules, 2, False) == "ready"


def draw_offence(rules: Rules, rng: random.Random, samples: int = SAMPLES) -> Choice:
    """A position of the drill from games the greedy players play from ``rng``'s seeds."""
    if not offence_offered(rules):
        raise NoddyError(Reason("no_offence_drill", rules=rules.name))
    for _ in range(_GAMES):
        view = _near_the_end(rules, random.Random(rng.getrandbits(63)))
        if view is not None:
            found = _choice(view, rng, samples)
            if found is not None:
                return found
    raise NoddyError(Reason("no_offence_found", games=_GAMES, rules=rules.name))


def _near_the_end(rules: Rules, rng: random.Random) -> PlayerView | None:
    """A lay-away of a game between greedy players once a side is `NEAR` the game hole (the seat
    to lay away's view), or ``None`` if the game ends first."""
    state: GameState = new_game(rules, 2)
    players = [make_player("greedy"), make_player("greedy")]
    target = rules.game.target
    while not state.is_over:
        near = min(target - s for s in state.scores) <= NEAR
        if near and state.to_act is not None and ActionKind.DISCARD in state.legal_actions().kinds:
            return state.view(state.to_act)
        state = state.apply(next_action(state, players, rng))
    return None


def _choice(view: PlayerView, rng: random.Random, samples: int) -> Choice | None:
    """The position at ``view`` with its two ways, or ``None`` where they are one way, or where their
    chances are too close to tell."""
    seat = view.seat
    assert seat is not None
    legal = [a for a in view.legal if a.kind is ActionKind.DISCARD]
    side = view.side_of(seat)
    sides = len(view.scores)
    outcomes = lay_away_outcomes(view, legal, max(1, samples // 2), rng.getrandbits(63))
    gained = outcomes[:, :, :sides].astype(np.float64) - np.array(view.scores, dtype=np.float64)
    mine = gained[:, :, side].mean(axis=1)
    theirs = np.max(np.delete(gained, side, axis=2), axis=2).mean(axis=1)
    offence, defence = legal[int(np.argmax(mine))], legal[int(np.argmin(theirs))]
    if offence == defence:
        return None
    table = board(view.rules, view.players, view.partners)
    chances = win_values(view, [offence, defence], rng, table, candidates=2, samples=samples)
    if abs(chances[offence] - chances[defence]) < MARGIN:
        return None
    index = {a: i for i, a in enumerate(legal)}
    pairs: tuple[tuple[Side, Action], ...] = (("offence", offence), ("defence", defence))
    ways = tuple(
        Way(
            name,
            action.cards,
            tuple(c for c in view.hand if c not in action.cards),
            float(mine[index[action]]),
            float(theirs[index[action]]),
            chances[action],
        )
        for name, action in pairs
    )
    assert len(ways) == 2
    expected = [float(mine[index[offence]] + mine[index[defence]]) / 2, 0.0]
    expected[1] = float(theirs[index[offence]] + theirs[index[defence]]) / 2
    return Choice(
        rules=view.rules,
        players=view.players,
        partners=view.partners,
        seat=seat,
        side=side,
        dealer=view.dealer,
        scores=view.scores,
        hand=view.hand,
        turnup=view.turnup,
        ways=(ways[0], ways[1]),
        worth=_worth(view, side, expected, table),
        view=view,
    )


def _worth(view: PlayerView, side: int, expected: list[float], board: Any) -> tuple[float, float]:
    """What one more point of the player's side, and one fewer of the others', is worth in its
    chance of winning at the board the deal is likely to leave (each side's expected points added)."""
    other = 1 - side
    dealer = next_dealer(view.rules, view.players, view.dealer)
    ends = [0, 0]
    ends[side] = round(view.scores[side] + expected[0])
    ends[other] = round(view.scores[other] + expected[1])

    def chance(mine: int, theirs: int) -> float:
        scores = [0, 0]
        scores[side], scores[other] = mine, theirs
        return float(board.chance(tuple(scores), dealer)[side])

    here = chance(ends[side], ends[other])
    return chance(ends[side] + 1, ends[other]) - here, here - chance(ends[side], ends[other] + 1)
