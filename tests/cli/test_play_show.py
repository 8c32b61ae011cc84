"""The show in the terminal (`noddy.cli.play_show`): each count in the order the engine made it,
its cards face up with the turn-up, the call itemised on the engine's own items with the running
total, the side's score after it; a hand the rules keep unseen is not laid out, and the screen says
why; ``--pause`` stops for Enter between counts and after a deal's summary."""

from __future__ import annotations

import random
import re
from itertools import pairwise
from pathlib import Path

import pytest
from rich.text import Text
from typer.testing import CliRunner

from noddy.cards import Card
from noddy.cli.main import app
from noddy.cli.play_show import COUNTS, count_lines
from noddy.game import Event, EventKind, GameState, PlayerView, new_game, side_of
from noddy.players import GreedyPlayer
from noddy.players.driver import run_game
from noddy.record import GameRecord
from noddy.rules import load_rules
from noddy.words import call, card_text, terminal_phrase, unshown_note, whose

runner = CliRunner()
WIDE = {"COLUMNS": "400"}
"""A terminal wide enough that no count's line is wrapped."""
NAMES = ["You", "Greedy"]


def _plain(lines: list[str]) -> list[str]:
    return [Text.from_markup(line).plain for line in lines]


def _game(preset: str, seed: int, *overrides: str) -> GameState:
    rules = load_rules(preset, overrides)
    return run_game(new_game(rules, 2), [GreedyPlayer(), GreedyPlayer()], random.Random(seed))


def _counts(view: PlayerView) -> list[tuple[int, Event]]:
    return [(n, e) for n, e in enumerate(view.events, start=1) if e.kind in COUNTS]


def _names(cards: tuple[Card, ...]) -> list[str]:
    return [card_text(c, "en") for c in cards]


@pytest.mark.parametrize("preset", ["cribbage", "willughby", "crib-noddy-old", "early-cribbage"])
def test_each_count_is_itemised_on_the_engines_items_with_the_running_total(preset: str) -> None:
    """A line an item, in the engine's order: the item's cards in order (a sum written with its
    plus signs), then its call and the total so far; the count's own line then the side's score,
    which is every point the side pegged up to this count."""
    final = _game(preset, 3)
    view = final.view(0)
    counts = _counts(view)
    assert len(counts) >= 4
    for number, event in counts:
        lines = _plain(count_lines(view, number, NAMES, "en"))
        heading = 1 if event.cards or event.hidden else 0
        rows = lines[heading:-1]
        assert len(rows) == len(event.items), lines
        running = 0
        for row, item, part in zip(rows, event.items, call(event.items, view.rules, "en"), strict=True):
            running += item.points
            assert row.endswith(f"{part.name} {running}"), (row, item)
            shown = re.findall(r"(?:10|[2-9AJQK])[♣♦♥♠]", row)
            assert shown == _names(item.cards), (row, item)
        assert running == sum(i.points for i in event.items)
        side = side_of(event.seat or 0, view.partners)
        pegged = sum(
            e.points for e in view.events[:number] if e.seat is not None and side_of(e.seat, False) == side
        )
        assert lines[-1].endswith(f"→ {NAMES[side]}: {pegged}"), lines[-1]
        # The cards laid out in the heading are said once: the count's own line names none of them.
        if event.cards:
            assert not re.findall(r"(?:10|[2-9AJQK])[♣♦♥♠]", lines[-1]), lines
            assert lines[-1].startswith(whose(str(event.subject), NAMES[event.seat or 0], "en") + ": “")


def test_a_hand_shown_at_the_show_is_laid_out_face_up_with_the_turnup() -> None:
    final = _game("cribbage", 3)
    view = final.view(0)
    for number, event in _counts(view):
        turnup = next(e.cards[0] for e in reversed(view.events[:number]) if e.kind == EventKind.TURNUP)
        heading = _plain(count_lines(view, number, NAMES, "en"))[0]
        owner = whose(str(event.subject), NAMES[event.seat or 0], "en")
        cards = " ".join(_names(event.cards))
        assert heading == f"{owner}: {cards}, with {card_text(turnup, 'en')} turned up"
        assert len(event.cards) == 4


def _held_when_counted(final: GameState) -> dict[int, tuple[Card, ...]]:
    """Each count's hand as the holder held it, keyed by the count's number among the events."""
    held: dict[int, tuple[Card, ...]] = {}
    for state, _ in final.replay():
        number = len(state.events)
        for n in range(number, 0, -1):
            event = state.events[n - 1]
            if event.kind in COUNTS and event.subject == "hand" and n not in held and event.seat is not None:
                held[n] = state.held[event.seat]
    return held


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hand_counted_unseen_is_not_laid_out_and_the_screen_says_why(lang: str) -> None:
    """Willughby counts the hands before the play, unseen: another's count shows its call alone,
    with the rules' reason, and none of its cards but a card its call names (Knave Noddy); the
    holder sees their own items' cards and is told the others do not. Planted: the same lines
    from the unhidden events show the cards, and the check catches them."""
    final = _game("willughby", 4)
    held = _held_when_counted(final)
    mine = final.view(0)
    leaked = 0
    for number, event in _counts(mine):
        if event.seat == 0:
            lines = _plain(count_lines(mine, number, NAMES, lang))
            assert lines[0] == unshown_note(mine.rules, whose("hand", NAMES[0], lang), True, False, lang)
            continue
        lines = _plain(count_lines(mine, number, NAMES, lang))
        owner = whose("hand", NAMES[1], lang)
        assert lines[0] == unshown_note(mine.rules, owner, False, False, lang)
        named = {c for item in event.items for c in item.cards}
        body = " ".join(lines)
        assert not [c for c in held[number] if c not in named and card_text(c, lang) in body], lines
        open_lines = " ".join(_plain(count_lines(final.view(1), number, NAMES, lang)))
        leaked += any(card_text(c, lang) in open_lines for c in held[number] if c not in named)
    assert leaked, "the holder's own lines show the cards: the check above would catch a leak"


def test_the_unseen_note_follows_the_rules() -> None:
    rules = load_rules("willughby")
    muggins = load_rules("willughby", ["hand.wrong_count=muggins"])
    for lang in ("en", "fr"):
        plain = unshown_note(rules, "X", False, True, lang)
        claimed = unshown_note(muggins, "X", False, True, lang)
        assert claimed.startswith(plain) and claimed != plain
        assert terminal_phrase("show.unseen.muggins", lang) in claimed


def _printed_counts(out: str) -> list[str]:
    """The count lines the terminal printed, each ending with the side's score after it."""
    return [line for line in out.splitlines() if re.search(r"→ [^:→]+: \d+$", line)]


@pytest.mark.parametrize("preset", ["cribbage", "crib-noddy-old", "early-cribbage"])
def test_the_terminal_prints_the_counts_in_the_engines_order(preset: str, tmp_path: Path) -> None:
    """Two computers played to the end: the counts come in the order of the game's events, each
    said as the engine's line says it; in cribbage (K25) the pone's hand, the dealer's, the crib."""
    record = tmp_path / "game.json"
    args = ["play", "--rules", preset, "--seats", "greedy,greedy", "--seed", "2", "--record", str(record)]
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 0, result.stdout[-2000:]
    final = GameRecord.load(record).verify()
    view = final.view(None)
    names = ["Greedy 1", "Greedy 2"]
    expected = [_plain(count_lines(view, n, names, "en"))[-1] for n, _ in _counts(view)]
    assert _printed_counts(result.stdout) == expected
    if preset == "cribbage":
        dealer = None
        order: list[tuple[int | None, str]] = []
        for event in view.events:
            if event.kind == EventKind.DEAL:
                dealer = event.seat
            if event.kind in COUNTS:
                order.append((event.seat == dealer, str(event.subject)))
        deals = [order[i : i + 3] for i in range(0, len(order) - len(order) % 3, 3)]
        assert deals and all(deal == [(False, "hand"), (True, "hand"), (True, "crib")] for deal in deals)


TOKENS = re.compile(
    r"(?P<count>→ \S+: \d+$)|(?P<stop>\(Enter for the next count\))|(?P<deal>\(Enter for the next deal\))"
    r"|(?P<own>Count your (?:hand|crib):)|(?P<heading>── (?:You deal|Greedy deals) ──)",
    re.MULTILINE,
)


def _tokens(out: str) -> list[str]:
    return [m.lastgroup or "" for m in TOKENS.finditer(out)]


def test_pause_stops_between_counts_and_after_the_deals_summary() -> None:
    """With --pause, between two counts there is one stop for Enter, unless the person's own count
    prompt stops there already; a stop comes only after a count or a deal's summary (the board),
    and every deal but the first starts after one; without --pause, no stop at all."""
    args = ["play", "--rules", "cribbage", "--seed", "6", "--pause"]
    tries = "1 2\n1\n2\n3\ngo\n\n"
    out = runner.invoke(app, args, input=tries * 40, env=WIDE).stdout
    tokens = _tokens(out)
    assert tokens.count("count") >= 6 and tokens.count("deal") >= 2, out[-3000:]
    for before, after in pairwise(tokens):
        if after == "stop":
            assert before == "count", tokens
        if before == "count":
            assert after != "count", tokens
        if after == "heading" and before != "heading":
            assert before == "deal", tokens
    assert tokens[0] == "heading" and "deal" not in tokens[: tokens.index("count")]
    assert tokens.count("deal") == tokens.count("heading") - 1
    plain = _tokens(runner.invoke(app, args[:-1], input=tries * 40, env=WIDE).stdout)
    assert "stop" not in plain and "deal" not in plain and plain.count("count") >= 6
