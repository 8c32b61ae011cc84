"""House rules where a field's words and the engines once disagreed (issue 24, item 17): each field
now says what both engines do, or the rule set is refused with an error saying why. The reasons are
in docs/rule-decisions.md ("House rules: a field's words and the engines")."""

from __future__ import annotations

import random

import pytest

from lockstep import lockstep
from noddy.cards import parse_cards
from noddy.errors import RulesError
from noddy.game import ActionKind, Phase, new_game
from noddy.rules import field_spec, load_rules
from noddy.scoring import score_play
from noddy.words import glossary_entry


def test_where_a_player_need_not_lay_a_card_a_go_is_never_offered_at_0_and_the_field_says_so() -> None:
    rules = load_rules("cribbage", ["play.must_play=false"])
    assert "never at a count of 0" in field_spec("play.must_play").doc
    assert "never at 0" in glossary_entry("last_card", rules, "en")[1]
    assert "jamais à 0" in glossary_entry("last_card", rules, "fr")[1]
    rng = random.Random(1)
    seen = {True: 0, False: 0}
    for _ in range(3):
        state = new_game(rules, 2)
        while not state.is_over:
            chance = state.chance()
            if chance is not None:
                state = state.apply(chance.sample(rng))
                continue
            legal = state.legal_actions()
            if state.phase is Phase.PLAY:
                go = any(a.kind is ActionKind.GO for a in legal)
                playable = any(a.kind is ActionKind.PLAY for a in legal)
                if playable:
                    assert go == bool(state.pile), (state.count, list(legal))
                    seen[bool(state.pile)] += 1
            state = state.apply(rng.choice(legal))
    assert seen[True] and seen[False]


def test_an_extra_for_31_where_making_31_scores_nothing_is_refused_saying_why() -> None:
    with pytest.raises(
        RulesError, match=r"play.thirty_one_extra: 2 points on top of the 31's own score, but"
    ):
        load_rules("cribbage", ["play.thirty_one=off", "play.thirty_one_extra=2"])
    assert load_rules("cribbage", ["play.thirty_one=off"]).play.thirty_one_extra == 0
    assert "only where making 31 scores" in field_spec("play.thirty_one_extra").doc


BEST = ["play.combinations=best", "special_cards.enabled=true", "special_cards.scored_in=play"]


@pytest.mark.parametrize(
    ("pile", "extra", "expected"),
    [
        ("5d Ks", [], [("fifteen", 2), ("special", 6)]),
        ("Kd Ks", [], [("pair", 2), ("special", 6)]),
        ("4d 5c 6h", [], [("run", 3)]),
        ("5d Jh", ["hand.knave_when=in_play"], [("fifteen", 2), ("special", 5)]),
        ("5d Jc", ["hand.knave_when=in_play"], [("fifteen", 2), ("knave", 1)]),
    ],
)
def test_with_only_the_best_combination_the_knave_and_a_named_card_laid_score_besides(
    pile: str, extra: list[str], expected: list[tuple[str, int]]
) -> None:
    """``play.combinations = best`` keeps the best of the combinations a card makes; the Knave of the
    turn-up's suit and a named card are the card's own points, which score besides, as they say."""
    rules = load_rules("cribbage", BEST + extra)
    items = score_play(parse_cards(pile), rules, turnup=parse_cards("2c")[0])
    assert [(str(i.kind), i.points) for i in items] == expected
    assert "scores besides" in field_spec("play.combinations").choices["best"]


@pytest.mark.requires_kernel
def test_the_kernel_scores_the_knave_and_named_cards_besides_the_best_combination_as_the_engine() -> None:
    rules = load_rules("cribbage", [*BEST, "hand.knave_when=in_play", "special_cards.cards={Jc = 3, 5h = 4}"])
    for seed in range(12):
        assert lockstep(rules, 2, None, seed) > 0
