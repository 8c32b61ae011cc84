"""The counting trainer: questions drawn from real deals of any rule set, and their judging.

A question is a hand, a crib, an announcement (where the rules count the hands before the play, as
in Noddy) or a card laid in the play. Its answer key is the itemised scorer (`score_hand`,
`score_play`, and the game's `announced_items`, built on `score_hand`), never a count made here.

>>> import random
>>> from noddy.rules import load_rules
>>> q = draw(load_rules("cribbage"), "fifteen", random.Random(3))
>>> "fifteen" in q.kinds and judge(q, q.total).correct
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from noddy.cards import DECK, Card
from noddy.errors import NoddyError
from noddy.game import announced_items, jack_receiver
from noddy.rules import Rules
from noddy.scoring import KINDS, PLAY_LIMIT, Kind, ScoreItem, count_of, score_hand, score_play, total
from noddy.train.progress import Progress
from noddy.words import Reason, aside_line, question_prompt

__all__ = [
    "MIXED",
    "WHATS",
    "Judgement",
    "Question",
    "What",
    "draw",
    "drill_kinds",
    "judge",
    "next_question",
    "pegged_apart",
    "whats",
]

What = Literal["hand", "crib", "announcement", "play"]
WHATS: tuple[What, ...] = ("hand", "crib", "announcement", "play")
"""What a question asks to count: a hand shown after the play, a crib, a hand announced before
the play (the Noddy sets), or what the last card laid in the play pegs."""

MIXED = "mixed"
"""The drill of any deal, whatever it holds (nothing at all included)."""

_TRIES = 20_000
_SURVEY = 1_500


@dataclass(frozen=True, slots=True)
class Question:
    """One drill: the cards to count and what to count them as; ``kind`` is what it was drawn for.

    For the play, ``pile`` holds the cards laid since the count was last reset and ``card`` the one
    just laid; ``held`` is empty. ``dealer`` says whether the player deals (it decides who has a
    turned Jack inside an announcement)."""

    rules: Rules
    what: What
    kind: str
    held: tuple[Card, ...]
    turnup: Card
    pile: tuple[Card, ...] = ()
    card: Card | None = None
    dealer: bool = False

    @property
    def items(self) -> tuple[ScoreItem, ...]:
        """The answer key, itemised by the scorer."""
        rules = self.rules
        if self.what == "play":
            assert self.card is not None
            return score_play((*self.pile, self.card), rules, turnup=self.turnup)
        if self.what == "announcement":
            dealer, elder = (0, 1) if self.dealer else (1, 0)
            receives = jack_receiver(rules, dealer, elder) == 0
            return announced_items(rules, self.held, self.turnup, receives_jack=receives)
        return score_hand(self.held, self.turnup, rules, crib=self.what == "crib")

    @property
    def aside(self) -> tuple[ScoreItem, ...]:
        """What the hand scores that its announcement leaves out: the Knave its holder pegged at the
        start, before announcing (``hand.knave_when = "at_start"``)."""
        if self.what != "announcement":
            return ()
        kept = self.items
        return tuple(
            i
            for i in score_hand(self.held, self.turnup, self.rules)
            if i.kind is Kind.KNAVE and i not in kept
        )

    @property
    def total(self) -> int:
        """The right answer: the sum of the items."""
        return total(self.items)

    @property
    def count(self) -> int:
        """The running count of the play before the card is laid (0 outside the play)."""
        return count_of(self.pile)

    def prompt(self, lang: str = "en") -> str:
        """What the question asks, in words: for a drill of one kind, the whole count all the same."""
        kind = None if self.kind == MIXED or self.kind in WHATS else self.kind
        card, count = self.card, self.count
        asked = question_prompt(self.what, lang, dealer=self.dealer, count=count, card=card, kind=kind)
        aside = aside_line(self.aside, self.rules, lang)
        return f"{asked} {aside}" if aside else asked

    @property
    def kinds(self) -> frozenset[str]:
        """The kinds of item the answer holds."""
        return frozenset(str(item.kind) for item in self.items)

    def to_json(self) -> dict[str, Any]:
        """The question as the player sees it: the cards, never the answer."""
        return {
            "rules": self.rules.name,
            "what": self.what,
            "kind": self.kind,
            "held": [str(c) for c in self.held],
            "turnup": str(self.turnup),
            "crib": self.what == "crib",
            "dealer": self.dealer,
            "pile": [str(c) for c in self.pile],
            "card": None if self.card is None else str(self.card),
            "count": self.count if self.what == "play" else None,
        }


@dataclass(frozen=True, slots=True)
class Judgement:
    """An answer judged: whether it was right, the points given, and the count's items."""

    question: Question
    given: int
    items: tuple[ScoreItem, ...]

    @property
    def total(self) -> int:
        return total(self.items)

    @property
    def correct(self) -> bool:
        return self.given == self.total

    def aside(self, lang: str = "en") -> str:
        """What the answer says of a Knave pegged before the announcement ("" if none was)."""
        return aside_line(self.question.aside, self.question.rules, lang, answer=True)


def judge(question: Question, points: int) -> Judgement:
    """Judge ``points`` against the scorer's count of ``question``."""
    return Judgement(question, points, question.items)


def whats(rules: Rules) -> tuple[What, ...]:
    """What the rules give to count: the hand (announced before the play, or shown after it), the
    crib where there is one, and the play."""
    hand: What = "announcement" if rules.hand.when == "before_play" else "hand"
    has_crib = any(rules.crib_size(n) for n in rules.player_counts)
    return (hand, "crib", "play") if has_crib else (hand, "play")


def drill_kinds(rules: Rules) -> tuple[str, ...]:
    """The drills of ``rules``: each kind some question of these rules holds (in the scorer's
    order), each sort of question they give to count (`whats`: the play, the crib, the hand or its
    announcement), then `MIXED`."""
    found = set().union(*_reach(rules).values())
    return (*(str(k) for k in KINDS if k in found), *whats(rules), MIXED)


def pegged_apart(rules: Rules) -> tuple[str, ...]:
    """The kinds ``rules`` score but peg apart from every count a question asks, so that no drill
    can be of them: the Knave of the turn-up's suit held in hand where it is pegged at the start,
    before the announcement (``hand.knave_when = "at_start"``; a question holding it says to leave
    it out)."""
    held_apart = rules.hand.knave > 0 and rules.hand.knave_when == "at_start"
    return (Kind.KNAVE,) if held_apart and Kind.KNAVE not in drill_kinds(rules) else ()


def draw(rules: Rules, kind: str | None, rng: random.Random) -> Question:
    """A question of ``kind`` (one whose count holds that kind), of one sort (a `What`: any deal's
    play, crib, hand or announcement), `MIXED` (any deal), or of a drill chosen at random (``None``)."""
    kinds = drill_kinds(rules)
    if kind is None:
        kind = rng.choice(kinds)
    if kind not in kinds:
        raise NoddyError(Reason("no_drill", rules=rules.name, kind=repr(kind), kinds=", ".join(kinds)))
    if kind == MIXED:
        return _propose(rules, rng.choice(whats(rules)), kind, rng, rich=False)
    if kind in WHATS:
        return _propose(rules, kind, kind, rng, rich=False)
    reach = _reach(rules)
    able = [w for w in whats(rules) if kind in reach[w]]
    for _ in range(_TRIES):
        question = _propose(rules, rng.choice(able), kind, rng, rich=rng.random() < 0.75)
        if kind in question.kinds:
            return question
    raise NoddyError(Reason("no_question_found", kind=kind, tries=_TRIES, rules=rules.name))


def next_question(rules: Rules, kind: str | None, progress: Progress, rng: random.Random) -> Question:
    """The next question of a drill: of ``kind``, or, left to the trainer (``None``), of a kind
    the learner's progress under these rules says is weak more often than of one it says is known."""
    return draw(rules, kind or progress.choose(drill_kinds(rules), rng, rules.name), rng)


@lru_cache(maxsize=64)
def _reach(rules: Rules) -> dict[What, frozenset[str]]:
    """The kinds seen in a fixed sample of each sort of question: what each can hold."""
    rng = random.Random(0)
    return {
        what: frozenset().union(*(_propose(rules, what, "", rng, rich=True).kinds for _ in range(_SURVEY)))
        for what in whats(rules)
    }


def _pool(rng: random.Random, size: int, rich: bool) -> list[Card]:
    """The cards to deal from: the whole pack, or, for a rich deal (to find rarer kinds), a few
    neighbouring ranks in every suit (at least as many cards as the deal needs) or one suit alone."""
    if not rich:
        return list(DECK)
    if rng.random() < 0.3:
        suit = rng.choice(DECK).suit
        return [c for c in DECK if c.suit is suit]
    width = rng.randint(2, max(3, (size + 3) // 2))
    low = rng.randint(1, 14 - width)
    return [c for c in DECK if low <= int(c.rank) < low + width]


def _propose(rules: Rules, what: What, kind: str, rng: random.Random, *, rich: bool) -> Question:
    players = rng.choice(rules.player_counts)
    dealer = rng.random() < 0.5
    if what == "play":
        pile, turnup = _series(rng, _pool(rng, 8, rich))
        return Question(rules, what, kind, (), turnup, pile[:-1], pile[-1], dealer)
    size = rules.crib_size(players) if what == "crib" else rules.held_size(players)
    pool = _pool(rng, size + 1, rich)
    cards = rng.sample(pool, size + 1)
    return Question(rules, what, kind, tuple(cards[:-1]), cards[-1], dealer=dealer)


def _series(rng: random.Random, pool: Sequence[Card]) -> tuple[tuple[Card, ...], Card]:
    """Cards laid in a series since the last reset (2 to 6 within the play's limit: any two cards
    fit, so a pool of two or more always gives two), and a turn-up that is none of them."""
    length = rng.randint(2, 6)
    pile: list[Card] = []
    count = 0
    for card in rng.sample(pool, len(pool)):
        if count + card.value <= PLAY_LIMIT:
            pile.append(card)
            count += card.value
            if len(pile) == length:
                break
    turnup = rng.choice(DECK)
    while turnup in pile:
        turnup = rng.choice(DECK)
    return tuple(pile), turnup
