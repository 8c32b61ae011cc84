"""The review in the chance of winning: each decision's cost in percent of the game, the few that
mattered most marked, and the game's curve (each side's chance from the start of every deal, read
from the board table), in the terminal as text and as a picture, in English and French."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from noddy.analysis import board
from noddy.cli.main import app
from noddy.game import Action, ActionKind, GameState, Phase, PlayerView, new_game
from noddy.players import StrongPlayer, make_player, run_game, strong
from noddy.record import GameRecord, Seat
from noddy.review import MARKED, MATTERS, REVIEW_NODES, REVIEW_WORLDS, Review, review_record
from noddy.rules import load_rules

pytestmark = pytest.mark.requires_kernel
runner = CliRunner()
RULES = "five-card-cribbage"


def _record(tmp_path: Path, rules: str = RULES) -> Path:
    state = run_game(
        new_game(load_rules(rules), 2), [make_player("greedy"), make_player("random")], random.Random(2)
    )
    path = tmp_path / f"{rules}.json"
    GameRecord.start(state, [Seat("Greedy", "greedy"), Seat("Random", "random")], preset=rules).save(path)
    return path


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory: pytest.TempPathFactory) -> tuple[GameRecord, Review]:
    game = GameRecord.load(_record(tmp_path_factory.mktemp("review")))
    return game, review_record(game, 0)


def test_the_curve_is_the_tables_chance_at_every_deal_start_then_the_result(
    reviewed: tuple[GameRecord, Review],
) -> None:
    game, found = reviewed
    final = game.final()
    table = board(final.rules, players=2, partners=False)
    starts = [s for s in game.states() if s.events and s.events[-1].kind == "deal"]
    assert len(found.curve) == len(starts) + 1
    for point, state in zip(found.curve, starts, strict=False):
        assert point.dealer == state.dealer and point.scores == state.scores
        assert point.chances == tuple(table.chance(point.scores, state.dealer))
    end = found.curve[-1]
    assert end.dealer is None and end.chances[final.winner] == 1.0 and sum(end.chances) == 1.0


def test_each_decision_costs_what_its_choice_lost_and_the_costliest_are_marked(
    reviewed: tuple[GameRecord, Review],
) -> None:
    game, found = reviewed
    table = board(game.final().rules, players=2, partners=False)
    measures = {d.measure for d in found.decisions if d.chances}
    assert measures == {"expected", "search", "count"}
    states = {len(s.history): s for s in game.states()}
    for d in found.decisions:
        assert d.chances, d
        chances = dict(d.chances)
        assert d.chance_loss == pytest.approx(max(0.0, max(chances.values()) - chances[d.chosen]), abs=1e-9)
        if d.measure == "expected":
            assert set(chances) == {a for a, _ in d.values}  # every lay-away weighed
        if d.measure == "count":  # the board it leaves, as if the deal ended there
            before = states[d.move - 1]
            for action, chance in chances.items():
                after = before.apply(action)
                while after.phase is Phase.MUGGINS and after.to_act not in (None, 0):
                    after = after.apply(Action(ActionKind.MUGGINS, after.to_act))
                if not after.is_over:
                    dealer = (before.dealer + 1) % 2
                    assert chance == pytest.approx(table.chance(after.scores, dealer)[0])
    marked = found.marked
    assert len(marked) <= MARKED and all((d.chance_loss or 0) >= MATTERS for d in marked)
    others = [d.chance_loss or 0 for d in found.decisions if d not in marked]
    assert all((m.chance_loss or 0) >= max(others, default=0) for m in marked)
    assert found.to_json()["marked"] == [d.move for d in marked]


@pytest.mark.slow
def test_the_terminal_review_says_the_costs_marks_them_and_draws_the_curve(tmp_path: Path) -> None:
    path = _record(tmp_path)
    picture = tmp_path / "curve.png"
    result = runner.invoke(app, ["review", str(path), "--seat", "0", "--top", "40", "--plot", str(picture)])
    out = result.stdout
    assert result.exit_code == 0, out
    assert "In the chance of winning the game, these decisions cost " in out
    assert "Chance of winning deal by deal: " in out and " → 100%" in out
    assert "Cost: " in out and "chance of winning" in out and "★ " in out
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and picture.stat().st_size > 10_000
    assert f"drawn in {picture}" in out


@pytest.mark.slow
def test_in_french_and_where_the_table_does_not_cover_the_rules(tmp_path: Path) -> None:
    path = _record(tmp_path)
    french = runner.invoke(app, ["review", str(path), "--seat", "0", "--top", "40", "--lang", "fr"])
    assert "En chance de gagner la partie, ces décisions ont coûté " in french.stdout
    assert "Coût : " in french.stdout and "\u00a0%" in french.stdout
    single = runner.invoke(app, ["review", str(_record(tmp_path, "french")), "--lang", "en"])
    assert single.exit_code == 0 and "No chance of winning here" in single.stdout


def test_a_card_is_weighed_by_the_points_and_the_chance_on_one_draw_of_the_worlds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The review draws the worlds of a card in the play once and searches them for the points and
    for the chance of winning; both figures are what each search gives on its own draw (the same
    seed: the figures the review gave when it drew twice)."""
    game = GameRecord.load(_record(tmp_path))
    draws: list[int] = []
    real = strong.sample_worlds

    def counted(view: PlayerView, rng: random.Random, count: int, *rest: float) -> list[GameState]:
        draws.append(count)
        return real(view, rng, count, *rest)

    monkeypatch.setattr(strong, "sample_worlds", counted)
    found = review_record(game, 0)
    cards = [d for d in found.decisions if d.measure == "search"]
    assert cards and len(draws) == len(cards)
    monkeypatch.setattr(strong, "sample_worlds", real)
    table = board(game.final().rules, players=2, partners=False)
    states = {len(s.history): s for s in game.states()}
    for d in cards[:4]:
        view = states[d.move - 1].view(0)
        points = StrongPlayer(worlds=REVIEW_WORLDS, nodes=REVIEW_NODES, value="points")
        chance = StrongPlayer(worlds=REVIEW_WORLDS, nodes=REVIEW_NODES, value="win", board=table)
        assert dict(d.values) == points.play_values(view, view.legal, random.Random(d.move - 1))
        assert dict(d.chances) == chance.play_values(view, view.legal, random.Random(d.move - 1))
