"""Review of a game: each decision of one seat set against the strong player's choice from the same
view, with what it cost, the biggest mistakes first.

Only what the seat knew is used: each position is the seat's own view of the replayed state
(`GameState.view`), never the other hands. A lay-away is weighed by the discard advisor (exact
expected points, hand and crib, `advise_view`); a card in the play (or a Go) by the strong player's
search over the worlds the view allows (`StrongPlayer.play_values`): points this deal for the seat's
side less the best other side's, where a game won counts ``WIN`` points and a game lost ``-WIN``,
so a loss of ``2 * WIN * p`` is a chance ``p`` of the game turned from won to lost. A count, a
declaration, a muggins claim or pass is weighed by the points it takes at once. The search's work
is bounded (`REVIEW_WORLDS` worlds, `REVIEW_NODES` positions a decision) and seeded by the move
number, so a review is the same each time.

Each decision is also weighed in the chance of winning the game (as chess programs give a move's
cost in percent), where the board table (`noddy.analysis.board`) covers the rules: a lay-away by the
strong player's own measure, `REVIEW_SAMPLES` deals played out by the kernel's greedy player and the
chance read from the board each leaves (`noddy.players.discard.win_values`); a card in the play by
the strong player's search playing for the game (``value="win"``); a count, a declaration or a
muggins claim by the chance from the board it leaves as if the deal ended there (the points still
to come this deal are the same whichever was chosen). The decisions that cost most, at least
`MATTERS`, are marked (`Review.marked`), and the game's curve is each side's chance from the start
of every deal (`noddy.analysis.winchance.curve`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from noddy import analysis
from noddy.advise import advise_view
from noddy.analysis.winchance import Point, curve
from noddy.cards import Card
from noddy.engine import kernel_refusal
from noddy.errors import NoddyError
from noddy.game import Action, ActionKind, EventKind, GameState, Phase, PlayerView, TaskKind
from noddy.players import WIN, StrongPlayer
from noddy.players.discard import WinTable, next_dealer, win_values, won_chance
from noddy.record import GameRecord
from noddy.words import Reason

__all__ = [
    "MARKED",
    "MATTERS",
    "MEASURES",
    "REVIEW_NODES",
    "REVIEW_SAMPLES",
    "REVIEW_WORLDS",
    "Decision",
    "Review",
    "by_cost",
    "review_game",
    "review_record",
]

REVIEW_WORLDS = 48
"""Worlds the search fills the hidden cards in for each decision in the play."""
REVIEW_NODES = 48_000
"""Positions the search may visit for each decision in the play, over all its worlds."""
MEASURES = ("expected", "search", "count")
"""What a decision's values are measured in (`Decision.measure`), in the order a review sums them."""
REVIEW_SAMPLES = 300
"""Deals played out to weigh each lay-away's chance of winning."""
MARKED = 3
"""How many of the decisions that cost most in the chance of winning a review marks."""
MATTERS = 0.01
"""The least chance of winning (one point in a hundred) a decision must cost to be marked."""
SHOWN = 6
"""How many of the best choices a review shows for each decision (the chosen one always too)."""
TIE = 1e-9


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: the position as it saw it, what it chose, the strong
    choice, and the value of each choice weighed (best first)."""

    move: int
    """The decision's number among the record's actions, from 1."""
    deal: int
    phase: Phase
    hand: tuple[Card, ...]
    """The cards the decision is about: the hand the seat holds, or at a count the cards counted
    (`counting`)."""
    turnup: Card | None
    pile: tuple[Card, ...]
    count: int
    scores: tuple[int, ...]
    crib: str | None
    """Whose crib this deal is: ``"yours"`` (the seat's side's, or each his own) or ``"theirs"``;
    ``None`` where the rules have no crib."""
    chosen: Action
    best: Action
    values: tuple[tuple[Action, float], ...]
    measure: str
    """What the values are: ``expected`` points (a lay-away, by the advisor), points by the play's
    ``search``, or the points a ``count`` takes at once."""
    counting: TaskKind | None = None
    """At a count, what ``hand`` holds: the seat's hand (as held after the play) or the crib it
    counts, or the count short of points it may claim (`TaskKind.MUGGINS`); ``None`` elsewhere."""
    chances: tuple[tuple[Action, float], ...] = ()
    """The seat's side's chance of winning after each choice weighed, best first; empty where the
    board table does not cover the rules."""

    @property
    def chance_loss(self) -> float | None:
        """What the choice cost in the chance of winning (0 when it was as good); ``None`` where
        the chances are not known."""
        if not self.chances:
            return None
        lost = self.chances[0][1] - dict(self.chances)[self.chosen]
        return 0.0 if lost < TIE else lost

    def chance_of(self, action: Action) -> float | None:
        """The chance of winning after ``action``, if weighed."""
        return dict(self.chances).get(action)

    @property
    def loss(self) -> float:
        """What the choice cost against the best choice (0 when it was as good)."""
        chosen = dict(self.values)[self.chosen]
        lost = self.values[0][1] - chosen
        return 0.0 if lost < TIE else lost

    @property
    def chosen_place(self) -> int:
        """Where the choice made stands among the choices weighed, best first (from 1)."""
        return next(place for place, (action, _) in enumerate(self.values, start=1) if action == self.chosen)

    def shown(self, best: int = SHOWN) -> tuple[tuple[int, Action, float], ...]:
        """The choices a review shows, each with its place (from 1): the ``best`` first, and the
        one chosen wherever it stands, so that the move made is always seen beside the better."""
        places = [*range(1, min(best, len(self.values)) + 1)]
        if self.chosen_place not in places:
            places.append(self.chosen_place)
        return tuple((place, *self.values[place - 1]) for place in places)

    def to_json(self) -> dict[str, Any]:
        return {
            "move": self.move,
            "deal": self.deal,
            "phase": self.phase.value,
            "hand": [str(c) for c in self.hand],
            "turnup": str(self.turnup) if self.turnup is not None else None,
            "pile": [str(c) for c in self.pile],
            "count": self.count,
            "scores": list(self.scores),
            "crib": self.crib,
            "chosen": str(self.chosen),
            "chosen_place": self.chosen_place,
            "best": str(self.best),
            "loss": round(self.loss, 4),
            "measure": self.measure,
            "counting": None if self.counting is None else self.counting.value,
            "values": [{"action": str(a), "value": round(v, 4)} for a, v in self.values],
            "chance_loss": None if self.chance_loss is None else round(self.chance_loss, 4),
            "chances": [{"action": str(a), "chance": round(v, 4)} for a, v in self.chances],
        }


@dataclass(frozen=True)
class Review:
    """Every reviewed decision of ``seat``, the biggest losses first, and who is on each side, so
    that each score can be said as whose it is (the seat's own side is ``side``)."""

    seat: int
    name: str
    decisions: tuple[Decision, ...]
    side: int = 0
    sides: tuple[tuple[str, ...], ...] = ()
    """The names of each side's seats, by side, but the reviewed seat's own: it is "you", and its
    side names only its partner, if any."""
    curve: tuple[Point, ...] = ()
    """Each side's chance of winning from the start of every deal, and the result
    (`noddy.analysis.winchance`); empty where the board table does not cover the rules."""

    @property
    def marked(self) -> tuple[Decision, ...]:
        """The few decisions that mattered most: up to `MARKED` that cost the most chance of winning,
        each at least `MATTERS`, the costliest first."""
        costly = [d for d in self.decisions if (d.chance_loss or 0.0) >= MATTERS]
        return tuple(sorted(costly, key=lambda d: (-(d.chance_loss or 0.0), d.move))[:MARKED])

    @property
    def chance_lost(self) -> float | None:
        """The chance of winning all the decisions cost, summed; ``None`` where it is not known."""
        if not self.decisions or any(d.chance_loss is None for d in self.decisions):
            return None
        return sum(d.chance_loss or 0.0 for d in self.decisions)

    @property
    def mistakes(self) -> tuple[Decision, ...]:
        """The decisions that lost something."""
        return tuple(d for d in self.decisions if d.loss > 0)

    @property
    def lost(self) -> float:
        """All the losses summed, whatever their measure (kept for the web's summary); say
        `lost_by_measure` to a reader, which sums only like with like."""
        return sum(d.loss for d in self.decisions)

    @property
    def lost_by_measure(self) -> dict[str, float]:
        """What the mistakes lost, summed by measure (`Decision.measure`): expected points, the
        search's values (a game counting ``WIN``) and points taken at counts are not added together.
        Only the measures with a mistake are given, in the order ``expected``, ``search``, ``count``."""
        lost = {measure: 0.0 for measure in MEASURES}
        for decision in self.mistakes:
            lost[decision.measure] += decision.loss
        return {measure: value for measure, value in lost.items() if value > 0}

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "side": self.side,
            "sides": [list(names) for names in self.sides],
            "decisions": len(self.decisions),
            "mistakes": len(self.mistakes),
            "lost": round(self.lost, 4),
            "lost_by_measure": {measure: round(value, 4) for measure, value in self.lost_by_measure.items()},
            "win": WIN,
            "worlds": REVIEW_WORLDS,
            "nodes": REVIEW_NODES,
            "reviewed": [d.to_json() for d in self.decisions],
            "chance_lost": None if self.chance_lost is None else round(self.chance_lost, 4),
            "marked": [d.move for d in self.marked],
            "curve": [p.to_json() for p in self.curve],
            "samples": REVIEW_SAMPLES,
        }


def by_cost(decisions: Iterable[Decision]) -> tuple[Decision, ...]:
    """The decisions costliest first: in the chance of winning, then in points, then in the order
    played; by the figures as shown (to 4 places), so two costs a reader sees as equal are equal."""

    def as_shown(d: Decision) -> tuple[float, float, int]:
        return (-round(d.chance_loss or 0.0, 4), -round(d.loss, 4), d.move)

    return tuple(sorted(decisions, key=as_shown))


def review_record(record: GameRecord, seat: int, names: Sequence[str] | None = None) -> Review:
    """Review seat ``seat`` of a record (finished or not: only that seat's views are used). ``names``
    says each seat's name as the reader is to read it (by default the names the record stores)."""
    if not 0 <= seat < record.players:
        raise NoddyError(Reason("seat_not_here", seat=seat, last=record.players - 1))
    if names is None:
        names = (
            [s.name for s in record.seats] if record.seats else [f"seat {n}" for n in range(record.players)]
        )
    first = record.initial()
    sides = tuple(
        tuple(names[n] for n in range(record.players) if first.side_of(n) == side and n != seat)
        for side in range(first.sides)
    )
    return review_game(record.states(), seat, names[seat], sides)


def review_game(
    states: Iterable[GameState], seat: int, name: str = "", sides: Sequence[Sequence[str]] = ()
) -> Review:
    """Review every decision of ``seat`` along ``states`` (a game's states in order, each with its
    history): the position before each of the seat's actions as the seat saw it. ``sides`` names
    each side's seats but ``seat`` (`Review.sides`; by default each seat by its number)."""
    player = StrongPlayer(worlds=REVIEW_WORLDS, nodes=REVIEW_NODES, value="points")  # points, then chances
    found = []
    previous: GameState | None = None
    board: WinTable | None = None
    for state in states:
        if previous is None:
            board = _board(state)
        if previous is not None and previous.to_act == seat and previous.chance() is None:
            made = _decision(previous, state.history[-1], seat, player)
            if made is not None:
                decision, worlds = made
                found.append(_weighed(decision, previous, state.history[-1], seat, board, worlds))
        previous = state
    ordered = by_cost(found)
    if previous is None:
        return Review(seat, name or f"seat {seat}", ordered)
    if not sides:
        count = previous.sides
        sides = [
            [f"seat {n}" for n in range(previous.players) if previous.side_of(n) == s and n != seat]
            for s in range(count)
        ]
    named = tuple(tuple(names) for names in sides)
    shown = curve(previous.view(seat)) if board is not None else ()
    return Review(seat, name or f"seat {seat}", ordered, previous.side_of(seat), named, shown)


def _board(state: GameState) -> WinTable | None:
    """The board table of the game's rules and table, or ``None`` where it does not cover them."""
    try:
        return analysis.board(state.rules, state.players, state.partners)
    except NoddyError:
        return None


def _weighed(
    decision: Decision,
    state: GameState,
    chosen: Action,
    seat: int,
    board: WinTable | None,
    worlds: list[GameState],
) -> Decision:
    """``decision`` with each of its choices' chance of winning, where ``board`` covers the rules: a
    card in the play on the ``worlds`` its points were weighed on (drawn once for both)."""
    if board is None:
        return decision
    view = state.view(seat)
    rng = random.Random(len(state.history))
    choices = [action for action, _ in decision.values]
    if decision.measure == "expected":
        if kernel_refusal(view.rules, view.players):
            return decision
        weighed = win_values(view, choices, rng, board, candidates=len(choices), samples=REVIEW_SAMPLES)
    elif decision.measure == "search":
        player = StrongPlayer(worlds=REVIEW_WORLDS, nodes=REVIEW_NODES, value="win", board=board)
        weighed = player.values(worlds, view.legal, view)
    else:
        weighed = {action: _chance_now(state, action, seat, board) for action in choices}
    if chosen not in weighed:
        return decision
    ordered = tuple(sorted(weighed.items(), key=lambda av: -av[1]))
    return replace(decision, chances=ordered)


def _chance_now(state: GameState, action: Action, seat: int, board: WinTable) -> float:
    """The seat's side's chance of winning from the board ``action`` leaves (with the muggins the
    others then claim on it), as if the deal ended there."""
    after = state.apply(action)
    while after.phase is Phase.MUGGINS and after.to_act is not None and after.to_act != seat:
        after = after.apply(Action(ActionKind.MUGGINS, after.to_act))
    side = state.side_of(seat)
    if after.is_over:
        return won_chance(after.winner, side, after.sides)
    return float(board.chance(after.scores, next_dealer(state.rules, state.players, state.dealer))[side])


def _decision(
    state: GameState, chosen: Action, seat: int, player: StrongPlayer
) -> tuple[Decision, list[GameState]] | None:
    """The review of one decision and, for a card in the play, the worlds its search weighed (none
    elsewhere); ``None`` when there was nothing to choose."""
    view = state.view(seat)
    legal = view.legal
    if len(legal) <= 1 and legal.declare is None:
        return None
    rng = random.Random(len(state.history))
    if chosen.kind is ActionKind.DISCARD:
        advice = advise_view(view)
        values = [(Action.discard(seat, o.discard), float(o.total)) for o in advice.options]
        return _made(state, view, chosen, values, "expected"), []
    if chosen.kind in (ActionKind.PLAY, ActionKind.GO):
        worlds = player.sample(view, rng)
        if not worlds:
            return None
        weighed = player.values(worlds, legal, view)
        return _made(state, view, chosen, list(weighed.items()), "search"), worlds
    candidates = list(dict.fromkeys([*legal, chosen]))
    values = [(a, _points_now(state, a, seat)) for a in candidates]
    return _made(state, view, chosen, values, "count"), []


def _points_now(state: GameState, action: Action, seat: int) -> float:
    """What ``action`` takes at once for the seat's side, less what it gives the others: the count
    made, and the muggins the others then claim on it."""
    after = state.apply(action)
    while after.phase is Phase.MUGGINS and after.to_act is not None and after.to_act != seat:
        after = after.apply(Action(ActionKind.MUGGINS, after.to_act))
    side = state.side_of(seat)
    gains = [a - b for a, b in zip(after.scores, state.scores, strict=True)]
    return float(gains[side] - max((g for i, g in enumerate(gains) if i != side), default=0))


def _made(
    state: GameState, view: PlayerView, chosen: Action, values: Sequence[tuple[Action, float]], measure: str
) -> Decision:
    ordered = tuple(sorted(values, key=lambda av: -av[1]))
    if chosen not in dict(ordered):
        raise NoddyError(Reason("review_unweighed", number=len(state.history) + 1, move=str(chosen)))
    best = ordered[0][0]
    if dict(ordered)[chosen] >= ordered[0][1] - TIE:
        best = chosen
    seat = view.seat
    assert seat is not None
    cards, counting = _cards_counted(view)
    return Decision(
        move=len(state.history) + 1,
        deal=view.deal_number,
        phase=view.phase,
        hand=cards,
        turnup=view.turnup,
        pile=tuple(c for _, c in view.pile),
        count=view.count,
        scores=view.scores,
        crib=_whose_crib(view, seat),
        chosen=chosen,
        best=best,
        values=ordered,
        measure=measure,
        counting=counting,
    )


def _cards_counted(view: PlayerView) -> tuple[tuple[Card, ...], TaskKind | None]:
    """The cards a decision is about, and what they are (`Decision.counting`): at a count the hand
    or crib counted (its cards all laid by then), at a muggins claim the short count as declared."""
    if view.counting is not None and view.counting[0] in (TaskKind.HAND, TaskKind.CRIB) and view.counted:
        return view.counted, view.counting[0]
    if view.muggins is not None:
        declarer = view.muggins[0]
        for event in reversed(view.events):
            if event.kind == EventKind.DECLARE and event.seat == declarer and event.cards:
                return event.cards, TaskKind.MUGGINS
    return view.hand, None


def _whose_crib(view: PlayerView, seat: int) -> str | None:
    kind = view.rules.crib.kind
    if kind == "none":
        return None
    return "yours" if kind == "own" or view.side_of(view.dealer) == view.side_of(seat) else "theirs"
