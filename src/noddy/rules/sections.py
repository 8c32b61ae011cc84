"""The sections of a rule set: one frozen dataclass per part of the game (deal, table, turn-up, hand,
crib, play, combinations, special cards, game end, words).

Every point on which the sources disagree is a field made with `knob`: its knob id from the rules
reference (K1-K44), its plain words, its allowed values and how it is read and written, in one place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from noddy.errors import RulesError
from noddy.rules.faults import RulesFault
from noddy.rules.fields import (
    MAX_POINTS,
    MAX_TARGET,
    CardPoints,
    Codec,
    Points,
    RunValues,
    Triple,
    Whole,
    knob,
    refuse,
    whole,
)
from noddy.rules.shapes import DealShape, DealShapes

__all__ = [
    "FLUSH_CHOICES",
    "Combinations",
    "Crib",
    "Deal",
    "DealShape",
    "Game",
    "Hand",
    "Lurch",
    "Play",
    "SpecialCards",
    "Table",
    "Turnup",
    "Words",
]


@dataclass(frozen=True, slots=True)
class Combinations:
    """Values shared by the count of hands and cribs and by the play."""

    pairs: tuple[int, int, int] = knob(
        (2, 6, 12),
        "points for a pair, a pair royal (three alike) and a double pair royal (four)",
        codec=Triple(),
    )
    pairs_by: Literal["rank", "value"] = knob(
        "rank",
        "what makes a pair",
        k="K18",
        choices={
            "rank": "cards of the same rank (a King and a Queen are no pair)",
            "value": "cards of the same counting value (a King pairs a Queen)",
        },
    )
    run_values: tuple[tuple[int, int], ...] = knob(
        (),
        "points for a run of a given length; lengths not listed score 1 point per card",
        k="K13",
        codec=RunValues(),
    )
    ace: Literal["low", "high_or_low", "around"] = knob(
        "low",
        "where the ace stands in runs",
        k="K37",
        choices={
            "low": "ace low only: A-2-3 is a run, Q-K-A and K-A-2 are not",
            "high_or_low": "ace low or high: A-2-3 and Q-K-A are runs, K-A-2 is not",
            "around": "runs may turn the corner: K-A-2 is a run",
        },
    )

    def run_points(self, length: int) -> int:
        return dict(self.run_values).get(length, length)


FLUSH_CHOICES = {
    "any": "any 3 or more cards of one suit among the cards and the turn-up, 1 point a card",
    "held": "every held card of one suit (3 or more), 1 a card, and 1 more if the turn-up matches",
    "all": "every card including the turn-up of one suit, 1 a card",
    "held_five": (
        "held cards only (3 or more of one suit), 1 a card; the turn-up joins only to make a five-card"
        " flush with 4 held cards"
    ),
    "off": "flushes are not counted",
}


@dataclass(frozen=True, slots=True)
class Turnup:
    """The card turned up (trump, starter): when it is turned, who cuts, and the Knave turned up."""

    jack_to: Literal["dealer", "elder"] = knob(
        "dealer",
        "who scores a Jack turned up",
        k="K1",
        choices={"dealer": "the dealer", "elder": "the elder hand (the non-dealer)"},
    )
    jack_points: int = knob(2, "points for a Jack turned up")
    jack_when: Literal["at_turn", "in_announcement"] = knob(
        "at_turn",
        "when the Jack turned up is scored",
        k="K3",
        choices={
            "at_turn": "at once, when it is turned, before any hand is counted",
            "in_announcement": "inside its receiver's own announcement",
        },
    )
    jack_also_in_hand: bool = knob(
        False, "whether a Jack turned up also counts as the Knave held in hand", k="K2"
    )
    cut_by: Literal["dealer", "next_dealer", "pone"] = knob(
        "dealer",
        "who cuts the pack before the turn-up",
        k="K44",
        choices={
            "dealer": "nobody: the dealer turns the top card of the stock",
            "next_dealer": "the player due to deal next cuts, the dealer turns",
            "pone": "the dealer's opponent (in 3-hand cribbage the player on the dealer's left) cuts",
        },
    )
    when: Literal["after_lay_away", "before_lay_away"] = knob(
        "after_lay_away",
        "where there is a crib: whether the card is turned up before or after the cards are laid away",
        choices={
            "after_lay_away": "after every player has laid his cards away to the crib",
            "before_lay_away": (
                "straight after the deal, so players see it (and a Jack turned up is scored) before"
                " they lay cards away"
            ),
        },
    )


@dataclass(frozen=True, slots=True)
class Hand:
    """How a hand (held cards plus the turn-up) is counted, and when."""

    fifteen: Points = knob(Points(2), "each group of cards totalling 15", k="K6")
    twenty_five: Points = knob(Points(), "each group of 3 or more cards totalling 25", k="K8")
    thirty_one: Points = knob(Points(), "each group of 4 or more cards totalling 31", k="K10")
    flush: str = knob("any", "which cards may make a flush in a hand", k="K15, K40", choices=FLUSH_CHOICES)
    flush_three_of_four: bool = knob(
        True,
        "with flush = held_five: whether 3 held cards of one suit out of 4 count 3",
        k="K41",
    )
    knave: int = knob(1, "points for holding the Jack of the turn-up's suit (0 = not counted)", k="K4")
    knave_when: Literal["at_start", "in_announcement", "in_play"] = knob(
        "in_announcement",
        "when the Knave held in hand is scored",
        k="K5",
        choices={
            "at_start": "at the start, with the Jack turned up, before any announcement",
            "in_announcement": "inside its holder's announcement",
            "in_play": "only when it is laid in the play",
        },
    )
    when: Literal["before_play", "after_play"] = knob(
        "before_play",
        "when the hands are counted",
        k="K23",
        choices={"before_play": "before the play", "after_play": "after the play (the show)"},
    )
    order: Literal["elder_first", "dealer_first"] = knob(
        "elder_first",
        "the order of the announcements",
        k="K25, K36",
        choices={
            "elder_first": "from the elder hand round to the dealer, who counts last",
            "dealer_first": "the dealer first, then round the table",
        },
    )
    wrong_count: Literal["corrected", "stands", "muggins"] = knob(
        "corrected",
        "what happens when a player declares a count the cards do not hold; under every reading an"
        " over-count is corrected and everyone is told, and a hand counted before the play stays"
        " hidden: the others hear only the number declared",
        k="K26",
        choices={
            "corrected": "the referee pegs the true count, whether too many or too few were declared,"
            " and says it corrected the count",
            "stands": "a count too low stands (the points missed are lost); a count too high is"
            " corrected to the true count",
            "muggins": "a count too low stands and an opponent may claim the points missed (muggins),"
            " once the hand is shown: after the play for hands counted before it; a count too high"
            " is corrected",
        },
    )


@dataclass(frozen=True, slots=True)
class Crib:
    """The crib: none, the dealer's common crib, or each player's own crib."""

    kind: Literal["none", "dealer", "own"] = knob(
        "none",
        "whether there is a crib and whose it is",
        choices={
            "none": "no crib",
            "dealer": "one crib of everyone's discards, counted for the dealer",
            "own": "each player has a crib of his own",
        },
    )
    flush: str = knob("all", "which cards may make a flush in a crib", k="K15", choices=FLUSH_CHOICES)
    when: Literal["before_play", "after_play"] = knob(
        "after_play",
        "when the crib is counted (after the dealer's hand, or each own crib in playing order)",
        k="K24",
        choices={"before_play": "before the play", "after_play": "after the play"},
    )


@dataclass(frozen=True, slots=True)
class Play:
    """The play (pegging): laying cards one by one towards 31."""

    fifteen: Points = knob(Points(2), "making the count exactly 15", k="K7")
    twenty_five: Points = knob(Points(), "making the count exactly 25", k="K9")
    thirty_one: Points = knob(
        Points(2), "making the count exactly 31 (instead of the last-card point)", k="K11"
    )
    thirty_one_extra: int = knob(
        0,
        "points added on top of the 31's own score (French 'deux points supplémentaires'); only where"
        " making 31 scores (play.thirty_one not off)",
        k="K12",
    )
    last_card: int = knob(1, "points for the last card when 31 is not reached")
    flush: bool = knob(False, "whether 3 or more cards of one suit in a row score in the play", k="K16")
    combinations: Literal["all", "best"] = knob(
        "all",
        "what a card scores when it makes several combinations at once",
        k="K17",
        choices={
            "all": "every combination it makes",
            "best": "only the best one (a Knave or a named card scored in the play scores besides,"
            " on its own)",
        },
    )
    after_go: Literal["continue", "end"] = knob(
        "continue",
        "what happens after a player says Go",
        k="K19",
        choices={
            "continue": "the others go on laying cards while they can",
            "end": "the play ends at once; the last card laid scores",
        },
    )
    must_play: bool = knob(
        True,
        "whether a player who can lay a card must do so; one who need not may say Go instead, but never"
        " at a count of 0 (a count starts with a card)",
        k="K20",
    )
    go_round: Literal["pass_round", "next_only"] = knob(
        "pass_round",
        "with 3 or more players: how a Go passes",
        k="K21",
        choices={
            "pass_round": "the turn passes round until nobody can play",
            "next_only": "if the player after the Go cannot play either, the series ends",
        },
    )
    series: Literal["single", "reset"] = knob(
        "single",
        "what happens when 31 is reached or nobody can play",
        k="K22",
        choices={
            "single": "the play ends; cards left are not played",
            "reset": "the count goes back to 0 and play goes on until every card is laid",
        },
    )


@dataclass(frozen=True, slots=True)
class SpecialCards:
    """Named cards of 'a few references' (S001): off in every preset, an option for house rules."""

    enabled: bool = knob(False, "whether named cards score on their own", k="K38")
    cards: tuple[tuple[str, int], ...] = knob(
        (("Jh", 5), ("Ks", 6), ("Qh", 4)),
        "the named cards and their points (Flat Back K♠, Countenance Q♥, Roger J♥)",
        k="K38",
        codec=CardPoints(),
    )
    scored_in: Literal["hand", "play", "both"] = knob(
        "hand",
        "where a named card scores",
        k="K38",
        choices={"hand": "in the hand's count", "play": "when laid in the play", "both": "both"},
    )
    turnup_counts: bool = knob(True, "whether a named card turned up scores in every hand it joins", k="K38")


@dataclass(frozen=True, slots=True)
class Deal:
    """The deal: who deals first and next, and how many cards for each number of players."""

    players: tuple[tuple[int, DealShape], ...] = knob(
        ((2, DealShape(3)),),
        "for each number of players allowed: cards dealt to each, discarded to the crib, dealt"
        " face down to an own crib, and taken from the pack into the crib",
        k="K43",
        codec=DealShapes(),
    )
    first_dealer: Literal["low_cut", "high_cut", "any"] = knob(
        "low_cut",
        "who deals first",
        k="K31",
        choices={
            "low_cut": "the player cutting the lowest card",
            "high_cut": "the player cutting the highest card",
            "any": "anyone (drawn at random)",
        },
    )
    rotation: Literal["left", "right"] = knob(
        "left",
        "which way the deal passes",
        k="K32",
        choices={"left": "to the dealer's left (clockwise)", "right": "to the dealer's right"},
    )
    rotation_per: Literal["deal", "game"] = knob(
        "deal",
        "how often the deal passes",
        k="K39",
        choices={"deal": "after every deal", "game": "after every game"},
    )
    reshuffle: bool = knob(
        True, "whether the pack is shuffled before every deal (or dealt on until it runs out)", k="K33"
    )

    def shape(self, players: int) -> DealShape:
        for n, shape in self.players:
            if n == players:
                return shape
        allowed = ", ".join(str(n) for n, _ in self.players)
        raise RulesError(RulesFault.PLAYERS, players=players, allowed=allowed)

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(n for n, _ in self.players)


@dataclass(frozen=True, slots=True)
class Table:
    """Who sits at the table."""

    partners: Literal["always", "optional", "never"] = knob(
        "always",
        "with 4 players: whether partners sit opposite and score as one side",
        k="K35",
        choices={
            "always": "4 players play as two partnerships",
            "optional": "4 players may play as partners or each alone",
            "never": "everyone plays alone",
        },
    )
    direction: Literal["left", "right"] = knob(
        "left",
        "which way turns pass in the announcement and the play",
        k="K25",
        choices={"left": "to the left (clockwise)", "right": "to the right (counter-clockwise)"},
    )


@dataclass(frozen=True, slots=True)
class Lurch:
    """A win by a wide margin: the loser below ``below`` points loses ``games`` games."""

    name: str
    below: int
    games: int


class Lurches(Codec):
    """Wins by a wide margin."""

    allowed = f'a list of {{ name = "skunk", below = 91, games = 2 }} (games from 2 to {MAX_POINTS})'

    def read(self, data: object, path: str) -> tuple[Lurch, ...]:
        if not isinstance(data, (list, tuple)):
            raise refuse(path, data, self.allowed)
        out = []
        for i, item in enumerate(data):
            where = f"{path}[{i}]"
            if not isinstance(item, Mapping) or set(item) != {"name", "below", "games"}:
                raise refuse(where, item, self.allowed, RulesError(RulesFault.LURCH_KEYS))
            games_allowed = f"a whole number from 2 to {MAX_POINTS}"
            games = whole(item["games"], f"{where}.games", games_allowed, high=MAX_POINTS)
            if games < 2:
                raise refuse(f"{where}.games", games, games_allowed, RulesError(RulesFault.LURCH_GAMES))
            below = whole(item["below"], f"{where}.below", "a whole number from 1 to the target", 1)
            out.append(Lurch(str(item["name"]), below, games))
        return tuple(out)

    def write(self, value: Any) -> list[dict[str, Any]]:
        return [{"name": x.name, "below": x.below, "games": x.games} for x in value]

    def plain(self, value: Any) -> str:
        return (
            "; ".join(f"{x.name}: the loser below {x.below} loses {x.games} games" for x in value) or "none"
        )

    def kind(self) -> type:
        return tuple


@dataclass(frozen=True, slots=True)
class Game:
    """How a game is won."""

    end: Literal["target", "single_deal"] = knob(
        "target",
        "what ends the game",
        k="K27",
        choices={
            "target": "the first side to reach the target wins",
            "single_deal": "one deal only; the side with more points wins",
        },
    )
    target: int = knob(
        31, "points to win (31, 61 or 121 holes on the board)", k="K27", codec=Whole(1, MAX_TARGET)
    )
    win_at_once: bool = knob(
        True, "whether reaching the target wins at once, even in the middle of a deal", k="K28"
    )
    compensation: int = knob(0, "points the non-dealer pegs before the first deal of a game", k="K34")
    lurch: tuple[Lurch, ...] = knob(
        (), "wins by a wide margin that count more than one game", k="K29, K30", codec=Lurches()
    )

    def stake(self, loser_score: int) -> tuple[str, int]:
        """What a win counts given the loser's score: ``("game", 1)``, ``("lurch", 2)``, ...

        >>> Game(target=121, lurch=(Lurch("skunk", 91, 2), Lurch("double skunk", 61, 4))).stake(60)
        ('double skunk', 4)
        """
        hits = [x for x in self.lurch if loser_score < x.below]
        best = max(hits, key=lambda x: x.games, default=None)
        return (best.name, best.games) if best else ("game", 1)

    def pegged(self, score: int) -> int:
        """A side's score as the board shows it: in a game to a hole, a peg going out past the game hole
        stops there (the engine keeps the whole total, which the stake and the records read).

        >>> Game(target=121).pegged(122), Game(end="single_deal").pegged(14)
        (121, 14)
        """
        return min(score, self.target) if self.end == "target" else score


@dataclass(frozen=True, slots=True)
class Words:
    """What the announcements call the Knave (English; the French words are the French page's)."""

    knave: str = knob("Knave Noddy", "the name called for the Knave held in hand")
    turned_jack: str = knob("Knave Noddy turned up", "the name called for a Jack turned up")
