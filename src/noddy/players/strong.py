"""The ``strong`` player (search over the worlds its view allows) and the ``oracle`` (sees everything).

``strong`` plays to win the game: in the play it fills in the hidden cards in every way its view
allows (inference narrows them with the opponents' announcements, cards laid and Go calls), plays
each world out to the end of the deal with the engine's own rules, and picks the action with the
best average, where reaching the target (or stopping an opponent from reaching it) outweighs any
points. The worlds are all of them when few remain (three-card Noddy after the announcements),
a sample when not. Discards are chosen by exact expected value over every turn-up (or the one
shown, where the rules turn it up before the lay-away) and every set of crib cards the others could
add. Counting is always exact. A work budget (worlds and search
nodes, not seconds, so a game replays the same on any machine) bounds every decision; where a
world's search runs out of nodes it stands on the rest of the deal played out by greedy players in
every seat (``leaf="greedy"``, the default: measured better at 4-player partnership cribbage and no
worse anywhere, see docs/players.md) or on the points so far (``leaf="points"``). The search runs
on the compiled kernel where it is built and handles the rules (``engine="auto"``, the default;
``"kernel"`` insists), else on the engine (``engine="python"``), as `noddy.engine.choose` decides:
the decisions are the same either way, leaf and all.
``value="win"`` (the default since it was measured better, docs/players.md) weighs every decision
by the chance of winning the game instead of the points: a searched deal's end by the board table
(`noddy.analysis.board`) at the board it leaves, a lay-away by the deals played out after it,
raced (`noddy.players.discard.raced_values`: only the lay-aways still in doubt get more deals), the
points breaking ties. Where no table is at hand (a single
deal, four sides each for itself, or a table not built on this machine: three players, house rules,
until `noddy analyze board` builds it) the points are the value. ``value="points"`` is the player
above everywhere.

``oracle`` searches the one true world with everything in sight: it exists to measure how much
an honest player leaves on the table, and is never offered as an opponent.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from noddy.analysis import board_if_built
from noddy.engine import ENGINES, Position, choose, position
from noddy.errors import NoddyError
from noddy.game import (
    Action,
    ActionKind,
    CountTask,
    GameState,
    LegalActions,
    Phase,
    PlayerView,
    TaskKind,
    count_items,
)
from noddy.players.discard import (
    WinTable,
    deal_values,
    discard_values,
    next_dealer,
    raced_values,
    win_values,
)
from noddy.players.search import LEAVES, Search
from noddy.players.simple import GreedyPlayer
from noddy.players.worlds import HANDS, sample_worlds
from noddy.scoring import total

__all__ = ["FLOOR_NODES", "MIN_DEALS", "PARTNER_WORLDS", "VALUES", "WORLDS", "OraclePlayer", "StrongPlayer"]

LAY_AWAYS = ("exact", "deal", "crib")
VALUES = ("points", "win")
"""What the strong player plays for: the points of the deal, or the chance of winning the game."""
WORLDS = 16
"""The worlds a play decision weighs, unless the table is a partnership."""
PARTNER_WORLDS = 32
"""The worlds at a partnership table, the same node budget spread over them: three hands are hidden
there, and the partner is searched as a friend who sees each world, so one world's value varies
more; 32 won more games against greedy than 16 at 4-player partnership cribbage (docs/players.md)."""
FLOOR_NODES = 2_000
"""The fewest search positions a play decision is given however its budget is cut
(`StrongPlayer.thinking`): enough for a greedy playout of each card in each world, so the play still
weighs every card by the rest of the deal (measured against ``medium`` in docs/players.md)."""
MIN_DEALS = 50
"""The fewest deals a lay-away by the chance of winning is weighed in; with a budget cut below them
the lay-away is by exact expected value (the points' choice), a few milliseconds."""


def _one_of(what: str, value: str, choices: tuple[str, ...]) -> None:
    """Refuse a ``value`` of an option that is none of its ``choices``, naming them."""
    if value not in choices:
        raise NoddyError(f"unknown {what} {value!r}: use one of {', '.join(choices)}")


def _simple(legal: LegalActions) -> Action | None:
    """Decisions without a choice worth searching: count exactly, claim muggins, a lone action."""
    for kind in (ActionKind.COUNT, ActionKind.MUGGINS):
        for action in legal:
            if action.kind == kind:
                return action
    return legal[0] if len(legal) == 1 else None


def _best(values: dict[Action, float]) -> Action:
    return max(values, key=lambda a: (values[a], -a.cards[0].index if a.cards else 0))


@dataclass
class StrongPlayer:
    """Searches the worlds consistent with its view; see the module's description."""

    name: str = "strong"
    worlds: int | None = None
    """The worlds a play decision weighs: ``None`` for `WORLDS`, or `PARTNER_WORLDS` at a partnership."""
    nodes: int = 16_000
    opponents: str = "mean"
    leaf: str = "greedy"
    engine: str = "auto"
    lay_away: str = "exact"
    lay_candidates: int = 4
    lay_samples: int = 200
    value: str = "win"
    win_candidates: int = 6
    """The lay-aways weighed by the chance of winning, the best by points: 6 since issue 38 (the
    race drops the clearly worse at once; 4 before), measured in docs/players.md, "The lay-away raced"."""
    win_samples: int = 200
    win_more: int = 800
    """Deals played out more where the first ``win_samples`` leave the lay-away in doubt
    (`noddy.players.discard.in_doubt`): about a third of lay-aways in 2-player cribbage."""
    win_race: int = 100
    """The deals of a raced lay-away's first round (`noddy.players.discard.race`: each round only
    the lay-aways still in doubt, in twice the deals, up to ``win_samples + win_more`` in all);
    0 for ``win_samples`` deals, and ``win_more`` more for all where in doubt (hard before issue 38)."""
    world_hands: int = HANDS
    """The hands of each hidden seat drawn before a play's worlds are picked among them
    (`noddy.players.worlds.sample_worlds`): 400 (hard); as few as the worlds, each world's hands are
    drawn at once, each as uniformly, for less CPU, though where few hands fit the view (late in the
    play) a hand may then come twice, which 16 picked from 400 seldom do (docs/players.md, issue 38
    item 3)."""
    kept_weight: float = 0.0
    """How far the worlds of a play favour the hands the other seat would have kept at its lay-away,
    at two players (`noddy.players.worlds.kept_worlds`: weight ``exp(kept_weight * (points - best))``
    against its best lay-away of the same cards); 0, every hand the view allows alike (hard)."""
    board: WinTable | None = field(default=None, repr=False, compare=False)
    """The chance-of-winning table ``value="win"`` reads: unless one is given, that of the rules and
    table in play where it is shipped with the package or built and kept (`noddy.analysis.board_if_built`)."""

    def __post_init__(self) -> None:
        _one_of("engine", self.engine, ENGINES)
        _one_of("lay-away", self.lay_away, LAY_AWAYS)
        _one_of("leaf value", self.leaf, LEAVES)
        _one_of("value", self.value, VALUES)
        if self.world_hands < 1:
            raise NoddyError(
                f"world_hands is how many hands a hidden seat is drawn, 1 or more, not {self.world_hands!r}"
            )
        if not self.kept_weight >= 0:
            raise NoddyError(f"kept_weight is a weight a point, 0 or more, not {self.kept_weight!r}")

    def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action:
        simple = _simple(legal)
        if simple is not None:
            return simple
        if legal[0].kind == ActionKind.DISCARD:
            return _best(self.discard_values(view, legal, rng))
        values = self.play_values(view, legal, rng)
        if values is None:
            return GreedyPlayer().choose(view, legal, rng)
        return _best(values)

    def discard_values(
        self, view: PlayerView, legal: LegalActions, rng: random.Random
    ) -> dict[Action, float]:
        """The value of each discard `choose` weighs. With ``value="win"``: the chance of winning
        the game, the best ``win_candidates`` by points raced (`noddy.players.discard.raced_values`:
        ``win_race`` deals, then twice as many for those still in doubt, up to ``win_samples +
        win_more``), or with ``win_race=0`` weighed in ``win_samples`` deals and ``win_more`` more
        where those leave it in doubt (`noddy.players.discard.win_values`). With
        ``value="points"``: by exact expected value (``lay_away="exact"``), by the rest of the deal
        played out (``"deal"``: `noddy.players.discard.deal_values`), or by the kept hand and the
        crib as greedy others throw to it (``"crib"``: the same, no pegging)."""
        board = self._board(view) if self.value == "win" and self.win_samples else None
        if board is not None and self.win_race:
            return raced_values(
                view,
                legal,
                rng,
                board,
                candidates=self.win_candidates,
                first=min(self.win_race, self.win_samples + self.win_more),
                most=self.win_samples + self.win_more,
            )[0]
        if board is not None:
            return win_values(
                view,
                legal,
                rng,
                board,
                candidates=self.win_candidates,
                samples=self.win_samples,
                more=self.win_more,
            )
        if self.lay_away == "exact":
            return discard_values(view, legal, rng)
        return deal_values(
            view,
            legal,
            rng,
            candidates=self.lay_candidates,
            samples=self.lay_samples,
            pegging=self.lay_away == "deal",
        )

    def thinking(self, share: float) -> StrongPlayer:
        """This player with ``share`` (0 to 1) of its budget, never less than its floor: the play's
        search positions (never below `FLOOR_NODES`) and the lay-away's deals (below `MIN_DEALS`
        none: exact expected value) cut in proportion; the worlds, the leaf and the value stay.
        A site whose decisions queue asks each with a share (`noddy.web.bots.budget_share`)."""
        if not 0 < share <= 1:
            raise NoddyError(f"a share of the budget is more than 0 and at most 1, not {share!r}")
        if share == 1:
            return self
        first = int(self.win_samples * share)
        return replace(
            self,
            nodes=max(min(self.nodes, FLOOR_NODES), round(self.nodes * share)),
            win_samples=first if first >= MIN_DEALS else 0,
            win_more=round(self.win_more * share) if first >= MIN_DEALS else 0,
            win_race=min(self.win_race, first) if first >= MIN_DEALS else 0,
        )

    def play_values(
        self, view: PlayerView, legal: LegalActions, rng: random.Random
    ) -> dict[Action, float] | None:
        """The value of each legal action in the play as `choose` weighs it, over the worlds the view
        allows: with ``value="win"`` the seat's side's chance of winning the game (0..1, within a
        ten-thousandth: the points' tie-break), else its points this deal less the best other
        side's; ``None`` when no world fits the view."""
        worlds = self.sample(view, rng)
        return self.values(worlds, legal, view) if worlds else None

    def sample(self, view: PlayerView, rng: random.Random) -> list[GameState]:
        """The worlds `play_values` weighs for ``view`` (``worlds`` of them, or all where fewer fit),
        drawn from one number of ``rng``: kept, they weigh the same decision by another value
        (`noddy.review` weighs each card by the points and by the chance of winning on one draw)."""
        return sample_worlds(
            view, random.Random(rng.random()), self.worlds_for(view), self.kept_weight, self.world_hands
        )

    def worlds_for(self, view: PlayerView) -> int:
        """How many worlds a play decision at ``view``'s table weighs (``worlds``, else by the table)."""
        if self.worlds is not None:
            return self.worlds
        return PARTNER_WORLDS if view.partners else WORLDS

    def values(
        self, worlds: list[GameState], legal: Sequence[Action], view: PlayerView
    ) -> dict[Action, float]:
        """The mean value of each legal action over ``worlds`` for the view's side."""
        assert view.seat is not None
        side = view.side_of(view.seat)
        totals = dict.fromkeys(legal, 0.0)
        share = max(1, self.nodes // (len(worlds) * len(legal)))
        engine = choose(view.rules, view.players, self.engine)
        board = self._board(view) if self.value == "win" else None
        dealer = next_dealer(view.rules, view.players, view.dealer)
        for state in worlds:
            for action, child in zip(legal, _after(state, legal, engine), strict=True):
                search = Search(
                    side,
                    view.scores,
                    budget=share,
                    opponents=self.opponents,
                    leaf=self.leaf,
                    board=board,
                    dealer=dealer,
                )
                totals[action] += search.searched(child)
        return {a: v / len(worlds) for a, v in totals.items()}

    def _board(self, view: PlayerView) -> WinTable | None:
        """The chance-of-winning table of the view's rules and table (``board`` if given); ``None``
        where there is none (a single deal, more than three sides) or it is not built on this
        machine (`noddy analyze board` builds it: minutes, never inside a decision): the points
        are then the value."""
        if self.board is not None:
            return self.board
        return board_if_built(view.rules, view.players, view.partners)


def _after(state: GameState, legal: Sequence[Action], engine: str) -> list[Position]:
    """The positions after each legal action, on ``engine`` where the position can be placed
    there (`noddy.engine.position`: the kernel's in the play), else the engine's."""
    root = position(state, engine)
    return [root.child(action) for action in legal]


@dataclass
class OraclePlayer:
    """Sees every card (for measurement only): searches the true position, on the compiled kernel
    where it can (``engine="auto"``), else on the engine: the same search either way."""

    name: str = "oracle"
    nodes: int = 20_000
    engine: str = "auto"
    state: GameState | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        _one_of("engine", self.engine, ENGINES)

    def observe(self, state: GameState) -> None:
        """Called by the driver with the true state before each choice."""
        self.state = state

    def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action:
        simple = _simple(legal)
        if simple is not None:
            return simple
        state = self.state
        assert state is not None and view.seat is not None, "the oracle is driven by noddy.players.driver"
        side = state.side_of(view.seat)
        if legal[0].kind == ActionKind.DISCARD:
            return _best(self._discards(state, legal, side))
        search = Search(side, state.scores, budget=self.nodes)
        engine = choose(state.rules, state.players, self.engine)
        return _best(
            {a: search.value(child) for a, child in zip(legal, _after(state, legal, engine), strict=True)}
        )

    def _discards(self, state: GameState, legal: LegalActions, side: int) -> dict[Action, float]:
        """With every card in sight: each discard's hand and crib counts with the true turn-up, the
        others laying away as greedily as the cards they hold allow."""
        greedy = GreedyPlayer()
        seat = state.to_act
        assert seat is not None and state.turnup is not None
        values = {}
        for action in legal:
            after = state.apply(action)
            while after.to_act is not None and after.phase is Phase.DISCARD:
                view = after.view(after.to_act)
                after = after.apply(greedy.choose(view, view.legal, random.Random(0)))
            value = float(total(count_items(after, CountTask(TaskKind.HAND, seat))))
            for owner, crib in enumerate(after.cribs):
                if crib:
                    sign = 1.0 if after.side_of(owner) == side else -1.0
                    value += sign * total(count_items(after, CountTask(TaskKind.CRIB, owner)))
            values[action] = value
        return values
