"""The counting trainer: every question's answer is the itemised scorer's count of the cards it
shows, a drill of a kind holds that kind, weak kinds come back more often, and progress keeps."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from helpers import tail
from noddy.cards import parse_card, parse_cards
from noddy.errors import NoddyError
from noddy.game import announced_items
from noddy.rules import Rules, load_rules, preset_names
from noddy.scoring import KINDS, PLAY_LIMIT, count_of, score_play, total
from noddy.scoring.hand import score_hand_reference
from noddy.train import (
    BOXES,
    MIXED,
    SLOW,
    WHATS,
    Progress,
    ProgressError,
    Question,
    draw,
    drill_kinds,
    judge,
    next_question,
    whats,
)
from noddy.words import (
    KIND_WORDS,
    LANGUAGES,
    TRAIN_PHRASES,
    drill_name,
    page_phrases,
    steps,
    train_page_phrases,
)

PRESETS = preset_names()


def recount(rules: Rules, shown: dict[str, object]) -> int:
    """The count of a question as the player sees it (its JSON), by the reference scorer: the cards
    on show decide the answer, nothing hidden."""
    turnup = parse_card(str(shown["turnup"]))
    if shown["what"] == "play":
        pile = (*parse_cards(shown["pile"]), parse_card(str(shown["card"])))  # type: ignore[arg-type]
        assert count_of(pile) <= PLAY_LIMIT and len(pile) >= 2
        return total(score_play(pile, rules, turnup=turnup))
    held = parse_cards(shown["held"])  # type: ignore[arg-type]
    assert turnup not in held
    if shown["what"] == "announcement":
        receives = (rules.turnup.jack_to == "dealer") == shown["dealer"]
        return total(announced_items(rules, held, turnup, receives_jack=receives))
    sizes = {rules.crib_size(n) if shown["crib"] else rules.held_size(n) for n in rules.player_counts}
    assert len(held) in sizes
    return total(score_hand_reference(held, turnup, rules, crib=bool(shown["crib"])))


def check_questions(name: str, count: int, seed: int) -> None:
    rules = load_rules(name)
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    for _ in range(count):
        question = draw(rules, None, rng)
        shown = question.to_json()
        answer = question.total
        assert recount(rules, shown) == answer, shown
        assert answer == total(question.items) == sum(s.part.points for s in steps(question.items, rules))
        assert judge(question, answer).correct and not judge(question, answer + 1).correct
        seen[question.what] += 1
    assert set(seen) == set(whats(rules))


@pytest.mark.parametrize("name", PRESETS)
def test_every_answer_is_the_scorers_count_of_the_cards_shown(name: str) -> None:
    check_questions(name, 300, seed=15)


@pytest.mark.slow
@pytest.mark.parametrize("deals", tail(range(1_000), range(1_000, 5_000)))
@pytest.mark.parametrize("name", PRESETS)
def test_every_answer_is_the_scorers_count_many_deals(name: str, deals: range) -> None:
    check_questions(name, len(deals), seed=1589 + deals.start)


@pytest.mark.parametrize("name", PRESETS)
def test_a_question_drawn_for_a_kind_holds_that_kind(name: str) -> None:
    rules = load_rules(name)
    rng = random.Random(2)
    for kind in drill_kinds(rules):
        for _ in range(12):
            question = draw(rules, kind, rng)
            assert question.kind == kind
            assert kind == MIXED or kind in question.kinds or question.what == kind


def test_the_drills_are_the_scorers_kinds_and_what_each_rule_set_scores() -> None:
    for name in PRESETS:
        assert set(drill_kinds(load_rules(name))) <= {*KINDS, *WHATS, MIXED}
    cribbage, french = load_rules("cribbage"), load_rules("french")
    assert "twenty_five" not in drill_kinds(cribbage) and "twenty_five" in drill_kinds(french)
    assert "knave" in drill_kinds(cribbage) and "knave" not in drill_kinds(load_rules("strawberry"))
    assert whats(cribbage) == ("hand", "crib", "play")
    assert whats(french) == ("announcement", "play")


def test_a_house_rule_brings_its_kinds_into_the_drills() -> None:
    assert "special" in drill_kinds(load_rules("noddy-rules", ("special_cards.enabled=true",)))
    assert "special" not in drill_kinds(load_rules("noddy-rules"))
    assert "pairs" in drill_kinds(load_rules("cribbage", ("combinations.pairs_by=value",)))
    assert "twenty_five" in drill_kinds(load_rules("cribbage", ("hand.twenty_five=2",)))


@pytest.mark.slow
@pytest.mark.parametrize("deals", tail(range(2_000), range(2_000, 10_000)))
@pytest.mark.parametrize("name", PRESETS)
def test_the_drills_are_every_kind_found_in_many_more_deals(name: str, deals: range) -> None:
    rules = load_rules(name)
    rng = random.Random(99 + deals.start)
    found = {MIXED}
    for _ in deals:
        found |= draw(rules, MIXED, rng).kinds
    assert found <= set(drill_kinds(rules))


def test_a_kind_the_rules_never_score_is_refused_naming_the_drills() -> None:
    with pytest.raises(NoddyError, match=r"cribbage has no drill of kind 'twenty_five'.*fifteen"):
        draw(load_rules("cribbage"), "twenty_five", random.Random(0))


def test_the_announcement_leaves_out_a_knave_pegged_at_the_start() -> None:
    rules = load_rules("strawberry")
    question = Question(rules, "announcement", MIXED, parse_cards("Jh 4d 5d"), parse_card("6h"))
    assert question.total == 10  # two fifteens, a run of three and 25; the Knave pegged at the start
    assert total(score_hand_reference(question.held, question.turnup, rules)) == 11


def test_the_question_message_never_holds_the_answer() -> None:
    question = draw(load_rules("cribbage"), "run", random.Random(4))
    shown = question.to_json()
    assert not {"total", "items", "points", "answer"} & set(shown)


def test_the_words_say_each_step_with_its_cards() -> None:
    rules = load_rules("cribbage")
    question = Question(rules, "hand", MIXED, parse_cards("Jh 4d 5d 6s"), parse_card("5h"))
    texts = [s.text for s in steps(question.items, rules)]
    assert texts[0] == "J♥ + 5♦ = 15 → 2"
    assert "a pair: 5♦ 5♥ → 2" in texts and "a run of three: 4♦ 5♦ 6♠ → 3" in texts
    assert "une paire : 5♦ 5♥ → 2" in [s.text for s in steps(question.items, rules, "fr")]
    for lang in LANGUAGES:
        for name in PRESETS:
            for kind in drill_kinds(load_rules(name)):
                assert drill_name(kind, lang) != kind.replace("_", " "), (lang, kind)
        assert drill_name("fifteen", lang) != "fifteen"


def test_every_trainer_phrase_is_in_every_language_with_the_same_fields() -> None:
    fields = re.compile(r"\{(\w+)\}")
    drills = {lang: {str(k): w.drills[lang] for k, w in KIND_WORDS.items()} for lang in LANGUAGES}
    for table in (TRAIN_PHRASES, drills):
        for lang in LANGUAGES:
            assert set(table[lang]) == set(table["en"]), lang
            for key, text in table[lang].items():
                assert text and set(fields.findall(text)) == set(fields.findall(table["en"][key])), key
    assert train_page_phrases("fr")["train.check"] == "Vérifier"
    assert set(train_page_phrases("en")) <= set(page_phrases("en"))


def test_a_right_answer_moves_its_kind_up_a_box_and_a_wrong_one_back_to_the_first() -> None:
    progress = Progress()
    for _ in range(BOXES + 2):
        progress.record("run", correct=True, seconds=3.0)
    assert progress.stats["run"].box == BOXES - 1
    progress.record("run", correct=True, seconds=SLOW + 1)
    assert progress.stats["run"].box == BOXES - 1
    progress.record("run", correct=False, seconds=2.0)
    stats = progress.stats["run"]
    assert (stats.box, stats.asked, stats.right) == (0, BOXES + 4, BOXES + 3)
    assert stats.mean_seconds == pytest.approx((3.0 * (BOXES + 2) + SLOW + 1 + 2.0) / (BOXES + 4))
    progress.record("pair", correct=True, seconds=SLOW + 5)
    assert progress.stats["pair"].box == 0


def test_spaced_repetition_draws_weak_kinds_more_often() -> None:
    progress = Progress()
    for _ in range(BOXES):
        progress.record("fifteen", correct=True, seconds=1.0)
    progress.record("run", correct=False, seconds=1.0)
    progress.record("pair", correct=True, seconds=1.0)
    rng = random.Random(1589)
    drawn = Counter(progress.choose(["fifteen", "run", "pair", "flush"], rng) for _ in range(6_000))
    assert drawn["run"] > 1.6 * drawn["pair"] > 1.6 * 4 * drawn["fifteen"]
    assert drawn["flush"] == pytest.approx(drawn["run"], rel=0.15)  # never asked: as weak as can be
    questions = Counter(next_question(load_rules("cribbage"), None, progress, rng).kind for _ in range(600))
    assert questions["run"] > 4 * questions["fifteen"]
    assert next_question(load_rules("cribbage"), "pair", progress, rng).kind == "pair"


def test_a_timed_round_counts_answers_in_time_and_keeps_the_best() -> None:
    progress = Progress()
    progress.start_round("cribbage", 60, now=1000.0)
    progress.record("run", correct=True, seconds=5, now=1010.0)
    progress.record("run", correct=False, seconds=5, now=1020.0)
    progress.record("run", correct=True, seconds=5, now=1061.0)
    assert progress.round is not None and progress.round.left(1030.0) == 30.0
    first = progress.finish_round()
    assert first is not None and (first.answered, first.right, first.best, first.new_best) == (2, 1, 1, True)
    assert progress.round is None and progress.finish_round() is None
    progress.start_round("cribbage", 60, now=2000.0)
    second = progress.finish_round()
    assert second is not None and (second.right, second.best, second.new_best) == (0, 1, False)
    assert progress.stats["run"].asked == 2  # the late answer counts nowhere, as its words say
    with pytest.raises(NoddyError, match="at least 1 second"):
        progress.start_round("cribbage", 0, now=0.0)


def test_progress_round_trips_through_json() -> None:
    progress = Progress()
    progress.record("run", correct=True, seconds=2.5)
    progress.record("fifteen", correct=False, seconds=9.0)
    progress.start_round("willughby", 30, now=5.0)
    progress.record("run", correct=True, seconds=1.0, now=6.0)
    again = Progress.from_json(progress.to_json())
    assert again == progress


@pytest.mark.parametrize(
    ("data", "why"),
    [
        ([], "version 1"),
        ({"version": 9}, "version 1"),
        ({"version": 1, "kinds": {"run": {"asked": 1, "right": 2, "seconds": 0, "box": 0}}}, "impossible"),
        ({"version": 1, "kinds": {"run": {"asked": -1, "right": 0, "seconds": 0, "box": 0}}}, "a count"),
        ({"version": 1, "kinds": {"run": {"asked": 1}}}, "'right' is missing"),
        ({"version": 1, "kinds": {"run": 3}}, "a kind's stats"),
        ({"version": 1, "best": {"x/60": "many"}}, "a count"),
        ({"version": 1, "round": {"rules": 3}}, "a timed round"),
    ],
)
def test_damaged_progress_is_refused_saying_what_is_wrong(data: object, why: str) -> None:
    with pytest.raises(ProgressError, match=why):
        Progress.from_json(data)
