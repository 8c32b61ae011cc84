"""Rule sets as data: presets load and cite sources, house rules extend them, errors are precise."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import typing
from dataclasses import fields
from pathlib import Path

import pytest

import paths
from noddy.errors import RulesError
from noddy.rules import (
    CITED,
    FIELDS,
    SECTIONS,
    Hand,
    Play,
    Points,
    Rules,
    dump_rules,
    field_spec,
    fields_markdown,
    load_rules,
    loads_rules,
    preset_names,
)
from noddy.rules.load import PRESETS as PRESETS_DIR
from noddy.words import cited

PRESETS = preset_names()
KNOBS = {f"K{i}" for i in range(1, 45)} - {"K14", "K42"}
"""Every knob of the rules reference is a field, but K14 (automatic) and K42 (the turn-up is never played)."""


def test_every_preset_file_is_listed_once() -> None:
    """`preset_names` lists each shipped TOML file once (a file left out of ``load.ORDER`` too), and
    each name loads as the rule set of that name."""
    files = sorted(path.stem for path in PRESETS_DIR.glob("*.toml"))
    assert sorted(PRESETS) == files and len(set(PRESETS)) == len(PRESETS)
    assert [load_rules(name).name for name in PRESETS] == list(PRESETS)


def test_the_rule_sets_are_listed_as_a_newcomer_meets_them() -> None:
    """Cribbage first, then Noddy as Willughby wrote it, and the modern variants last (issue 35,
    item 4: the lobby opened on Willughby with Cribbage last of eleven)."""
    assert PRESETS[:2] == ("cribbage", "willughby")
    assert PRESETS[-3:] == ("four-card", "crib-noddy-old", "crib-noddy-new")


@pytest.mark.parametrize("name", PRESETS)
def test_preset_cites_sources_and_notes_open_choices(name: str) -> None:
    rules = load_rules(name)
    assert rules.name == name and rules.title and rules.summary
    assert rules.sources, "every preset cites its source"
    assert all(s.file or s.page or s.url for s in rules.sources)
    assert rules.notes, "every preset notes the choices its source leaves open"


SOURCE_CODE = re.compile(r"\bS\d{3}\b")
ARCHIVE_FILE = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")


@pytest.mark.parametrize("name", PRESETS)
def test_players_see_each_source_by_its_name_never_its_code_or_archive_file(name: str) -> None:
    rules = load_rules(name)
    shown = [rules.title, rules.summary, *(s.describe() for s in rules.sources)]
    shown += [cited(note) for _, note in rules.notes]
    for text in shown:
        assert not SOURCE_CODE.search(text) and not ARCHIVE_FILE.search(text), text
        assert not re.match(r"K\d+", text), text
    for _, note in rules.notes:
        assert set(SOURCE_CODE.findall(note)) <= CITED.keys(), note
    for source in rules.sources:
        assert source.url in source.describe()


def test_a_historians_view_keeps_each_code_beside_its_name() -> None:
    note = load_rules("willughby").note("deal.players")
    assert "S002 reports" in note
    assert "Du Coeur (1996, S002) reports" in cited(note, codes=True)
    assert "Du Coeur (1996) reports" in cited(note) and cited(note).startswith("Willughby's paragraph")
    said = cited("S000's table and S001 (S003)")
    assert said == "Strawberry's table and the 'Noddy Rules' compilation (Jonny Groves)"


def test_rules_list_and_show_name_sources_and_show_no_archive_file() -> None:
    from typer.testing import CliRunner

    from noddy.cli.main import app

    listed = CliRunner().invoke(app, ["rules", "list"]).stdout
    assert not SOURCE_CODE.search(listed) and not ARCHIVE_FILE.search(listed)
    shown = CliRunner().invoke(app, ["rules", "show", "willughby"], env={"COLUMNS": "400"}).stdout
    assert not ARCHIVE_FILE.search(shown)
    assert "(http://jducoeur.org/game-hist/game-recon-noddy.html)" in shown
    assert "Du Coeur (1996, S002) reports" in shown
    assert not re.search(r"(?<!, )(?<!\()\bS\d{3}\b", shown), "a code is shown only beside its source's name"


@pytest.mark.parametrize("name", PRESETS)
def test_preset_round_trips_through_toml(name: str) -> None:
    rules = load_rules(name)
    assert loads_rules(dump_rules(rules)) == rules


def test_every_knob_of_the_reference_is_a_field() -> None:
    found = set()
    for cls in SECTIONS.values():
        for f in fields(cls):
            found.update(k.strip() for k in f.metadata["knob"].split(",") if k.strip())
    assert found >= KNOBS, sorted(KNOBS - found, key=lambda k: int(k[1:]))


def test_overrides_and_files_give_the_same_rules(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('extends = "willughby"\nname = "house"\n[hand]\ntwenty_five = 2\n')
    from_file = load_rules(path)
    from_set = load_rules("willughby", ["hand.twenty_five=2"])
    assert from_file.hand == from_set.hand
    assert from_file.play == from_set.play
    assert from_file.name == "house" and "willughby" in from_file.summary


@pytest.mark.parametrize(
    ("override", "expected"),
    [
        ("hand.flush=sometimes", "hand.flush: 'sometimes' is not allowed; allowed: any, held, all"),
        ("hand.fiften=2", "unknown field 'fiften'; did you mean 'fifteen'?"),
        ("hand.fifteen=-1", "hand.fifteen: -1 is not allowed"),
        ("hand.fifteen=per_kard", 'allowed: "off", a whole number of points up to 99, or "per_card"'),
        ("game.win_at_once=1", "game.win_at_once: 1 is not allowed; allowed: true or false"),
        ("hands.flush=any", "unknown section 'hands'; did you mean 'hand'?"),
        ("game.target=0", "game.target: 0 is not allowed; allowed: a whole number of points from 1 to 999"),
        ("flush", "write it as section.field=value"),
    ],
)
def test_bad_rules_name_the_field_path_value_and_allowed(override: str, expected: str) -> None:
    with pytest.raises(RulesError) as err:
        load_rules("willughby", [override])
    assert expected in str(err.value)


@pytest.mark.parametrize(
    ("override", "allowed"),
    [
        ("hand.knave=100000000000000000000", "a whole number of points from 0 to 99"),
        ("turnup.jack_points=100", "a whole number of points from 0 to 99"),
        ("play.last_card=1000", "a whole number of points from 0 to 99"),
        ("game.compensation=100", "a whole number of points from 0 to 99"),
        ("hand.fifteen=100", '"off", a whole number of points up to 99, or "per_card"'),
        ("combinations.pairs=[2,6,1200]", "three whole numbers of points up to 99"),
        ("combinations.run_values={3=100}", "a table of run length = points (up to 99)"),
        ("special_cards.cards={Ks=1000}", "a table of card = points (up to 99)"),
        ('game.lurch=[{name="x",below=10,games=100}]', "a whole number from 2 to 99"),
        ("game.target=1000", "a whole number of points from 1 to 999"),
    ],
)
def test_points_are_bounded_and_the_bound_is_in_the_fields_words(override: str, allowed: str) -> None:
    with pytest.raises(RulesError) as err:
        load_rules("cribbage", [override])
    assert f"is not allowed; allowed: {allowed}" in str(err.value)
    path = override.partition("=")[0]
    if "." in path and path in {spec.path for spec in FIELDS}:
        bound = re.findall(r"\d+", allowed)[-1]
        assert f" {bound}" in field_spec(path).allowed, "`rules show` says the bound the error says"


@pytest.mark.parametrize("target", [-1, 0])
def test_a_target_below_one_is_refused_with_the_words_of_the_check(target: int) -> None:
    """The message for -1 and for 0 is one: no "0 or more" followed by a refusal of 0."""
    with pytest.raises(RulesError) as err:
        load_rules("willughby", [f"game.target={target}"])
    assert str(err.value).endswith(
        f"game.target: {target} is not allowed; allowed: a whole number of points from 1 to 999"
    )


def test_unknown_preset_suggests_the_nearest() -> None:
    with pytest.raises(RulesError, match="did you mean 'willughby'"):
        load_rules("wilughby")


def test_house_file_errors_name_the_path(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('extends = "cribbage"\n[deal.players.2]\ndealt = 6\ndiscard = 6\n')
    with pytest.raises(RulesError, match=r"deal\.players\.2\.discard: discarding 6 of 6 leaves no card"):
        load_rules(path)
    path.write_text('extends = "nothing-like-this"\n')
    with pytest.raises(RulesError, match="unknown rule set 'nothing-like-this'"):
        load_rules(path)
    path.write_text("[hand\n")
    with pytest.raises(RulesError, match="not valid TOML"):
        load_rules(path)


def test_extends_keeps_the_parent_and_changes_only_what_differs(tmp_path: Path) -> None:
    path = tmp_path / "sixty-one.toml"
    path.write_text('extends = "cribbage"\nname = "sixty-one"\n[game]\ntarget = 61\nlurch = []\n')
    rules = load_rules(path)
    parent = load_rules("cribbage")
    assert rules.game.target == 61 and rules.game.lurch == ()
    assert rules.hand == parent.hand and rules.deal == parent.deal and rules.play == parent.play
    assert loads_rules(dump_rules(rules)) == rules


def test_house_rules_doc_lists_every_field() -> None:
    doc = (paths.DOCS / "house-rules.md").read_text(encoding="utf-8")
    for section, cls in SECTIONS.items():
        part = doc.split(f"### [{section}]")[1].split("###")[0]
        for f in fields(cls):
            assert f"`{f.name}`" in part, f"docs/house-rules.md lacks {section}.{f.name}"


def test_house_rules_doc_tables_are_the_fields_own_words() -> None:
    """The doc's field tables are written from the metadata (`noddy rules fields`), never by hand."""
    doc = (paths.DOCS / "house-rules.md").read_text(encoding="utf-8")
    assert fields_markdown() in doc, "run `noddy rules fields` and paste its output into docs/house-rules.md"


def test_every_field_is_described_once_in_its_metadata() -> None:
    """Each field has plain words, a codec that writes what it reads, and (for a choice) each reading."""
    for spec in FIELDS:
        assert spec.doc and spec.allowed, spec.path
        value = spec.default
        assert spec.codec.read(spec.codec.write(value), spec.path) == value, spec.path
        assert spec.codec.plain(value), spec.path
        if spec.choices:
            assert all(spec.choices.values()) and value in spec.choices, spec.path


@pytest.mark.parametrize(
    ("override", "expected"),
    [
        ("combinations.run_values={x=2}", "run_values: {'x': 2} is not allowed (a run has 3 cards"),
        ("combinations.run_values={2=2}", "a run has 3 cards or more, not '2'"),
        ('combinations.run_values={"\u00b2"=2}', "a run has 3 cards or more, not '\u00b2'"),
        ("special_cards.cards={Zz=2}", "cards: {'Zz': 2} is not allowed (cannot read card 'Zz'"),
        ("deal.players={5={dealt=3}}", "'5' players is not supported; give 2, 3 or 4"),
        ("deal.players={2={dealt=3,spare=1}}", "deal.players.2: {'dealt': 3, 'spare': 1} is not allowed"),
        ("deal.players={2={dealt=true}}", "deal.players.2.dealt: True is not allowed"),
        ('game.lurch=[{name="x",below=10,games=1}]', "lurch[0].games: 1 is not allowed (a lurch counts 2"),
        ('game.lurch=[{name="x"}]', "game.lurch[0]: {'name': 'x'} is not allowed (each lurch needs"),
        ("combinations.pairs=[2,6]", "pairs: [2, 6] is not allowed; allowed: three whole"),
        ("turnup.when=never", "turnup.when: 'never' is not allowed; allowed: after_lay_away, before"),
    ],
)
def test_bad_structured_values_name_the_path_and_quote_the_value(override: str, expected: str) -> None:
    with pytest.raises(RulesError) as err:
        load_rules("cribbage", [override])
    assert expected in str(err.value)


def test_no_bare_value_error_from_points_or_rules_built_in_python() -> None:
    with pytest.raises(RulesError, match=r"hand.fifteen: 'lots' is not allowed; allowed: \"off\""):
        Points.parse("lots", "hand.fifteen")
    with pytest.raises(RulesError, match=r"hand.flush: 'mostly' is not allowed; allowed: any, held"):
        Rules(name="x", hand=Hand(flush="mostly"))
    with pytest.raises(RulesError, match=r"hand.fifteen: 2 is not allowed; allowed: \"off\""):
        Rules(name="x", hand=Hand(fifteen=2))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"play.last_card: -1 is not allowed"):
        Rules(name="x", play=Play(last_card=-1))
    with pytest.raises(RulesError, match=r"'hand\.flsh' is not a rules field"):
        field_spec("hand.flsh")


@pytest.mark.parametrize(
    "override",
    ["combinations.pairs=[-2,6,12]", "special_cards.cards={Ks=-5}", "deal.players={2={dealt=6,discard=-1}}"],
)
def test_negative_numbers_inside_tables_are_refused(override: str) -> None:
    with pytest.raises(RulesError, match="is not allowed"):
        load_rules("cribbage", [override])


def test_rules_show_lists_every_fields_allowed_values() -> None:
    """docs/cli.md's promise: `noddy rules show NAME` lists each field's allowed values."""
    from typer.testing import CliRunner

    from noddy.cli.main import app

    result = CliRunner().invoke(app, ["rules", "show", "willughby"], env={"COLUMNS": "400"})
    assert result.exit_code == 0
    out = result.stdout
    assert out.count("allowed:") >= len(FIELDS)
    for spec in FIELDS:
        assert spec.path in out
        for value, words in spec.choices.items():
            assert f"{value}: {words}" in out, spec.path
    assert '"off", a whole number of points up to 99, or "per_card"' in out
    fields_out = CliRunner().invoke(app, ["rules", "fields"]).stdout
    assert fields_markdown().strip() in fields_out


@pytest.mark.parametrize("name", PRESETS)
def test_values_no_source_gives_are_noted(name: str) -> None:
    """Pairs by rank, the table's direction with 4 players, and the turn-up before or after laying
    away (where anyone lays away) are choices each preset states and explains."""
    rules = load_rules(name)
    assert rules.note("combinations.pairs_by"), name
    if 4 in rules.player_counts:
        assert rules.note("table.direction"), name
    lays_away = any(shape.discard for _, shape in rules.deal.players)
    assert bool(rules.note("turnup.when")) == lays_away, name
    if name in ("du-coeur", "four-card", "willughby"):
        assert rules.note("combinations.ace"), name


def test_a_choice_field_allows_exactly_the_values_its_type_names() -> None:
    checked = 0
    for name, section in SECTIONS.items():
        for field_name, hint in typing.get_type_hints(section).items():
            if typing.get_origin(hint) is typing.Literal:
                assert set(typing.get_args(hint)) == set(field_spec(f"{name}.{field_name}").choices)
                checked += 1
    assert checked > 20


def test_a_rule_set_pickled_in_another_process_hashes_as_this_process_hashes_it() -> None:
    """A computer player's worker gets the rules pickled by the server: equal to the worker's own,
    it must hash alike, or every cache keyed by the rules misses it (str hashes differ between
    processes: here, two fixed hash seeds)."""
    pickled = subprocess.run(
        [sys.executable, "-c", "import pickle, sys; from noddy.rules import load_rules;"
         " sys.stdout.buffer.write(pickle.dumps(load_rules('cribbage')))"],
        capture_output=True, check=True, env={**os.environ, "PYTHONHASHSEED": "1"},
    ).stdout
    check = (
        "import pickle, sys; from noddy.rules import load_rules;"
        " copy = pickle.loads(sys.stdin.buffer.read()); own = load_rules('cribbage');"
        " print(copy == own, hash(copy) == hash(own), len({copy, own}))"
    )
    seen = subprocess.run(
        [sys.executable, "-c", check], input=pickled, capture_output=True, check=True,
        env={**os.environ, "PYTHONHASHSEED": "2"},
    ).stdout.decode()
    assert seen.split() == ["True", "True", "1"]
