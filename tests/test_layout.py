"""tests/README.md's map from each module of `src/noddy` to its tests stays true: every module has a
row, every file a row names is there, and every test file is in a row (so a module's tests are found
by reading one table, not by grep)."""

from __future__ import annotations

import re

import pytest

import paths

README = paths.TESTS / "README.md"
ROW = re.compile(r"^\| `(?P<module>[^`]+)`[^|]* \| (?P<tests>.+) \|$")
START, END = "<!-- map: module | test files -->", "<!-- end of map -->"
WHOLE = "*"
"""The row of the tests of the package as a whole."""


def read_map(text: str) -> dict[str, list[str]]:
    """The rows between the map's two markers: each module and the test files it names."""
    start, end = text.index(START), text.index(END)
    rows: dict[str, list[str]] = {}
    for line in text[start:end].splitlines():
        found = ROW.match(line)
        if found is None:
            continue
        module = found["module"]
        assert module not in rows, f"tests/README.md: {module} has two rows; give it one"
        rows[module] = re.findall(r"`([^`]+)`", found["tests"])
    return rows


def modules() -> set[str]:
    package = paths.SRC / "noddy"
    return {path.relative_to(package).as_posix() for path in package.rglob("*.py")}


def files_of_tests() -> set[str]:
    return {path.relative_to(paths.TESTS).as_posix() for path in paths.TESTS.rglob("test_*.py")}


MAP = read_map(README.read_text(encoding="utf-8"))


def test_every_module_has_a_row_in_the_map() -> None:
    missing = sorted(modules() - set(MAP))
    assert not missing, (
        f"tests/README.md's map has no row for {', '.join(missing)}: add one, naming the test files"
        " that hold each module (its own first)"
    )


def test_every_row_is_a_module_that_is_there() -> None:
    gone = sorted(set(MAP) - modules() - {WHOLE})
    assert not gone, (
        f"tests/README.md's map has rows for {', '.join(gone)}, not in src/noddy: remove or rename them"
    )


def test_every_file_a_row_names_is_there() -> None:
    there = files_of_tests()
    wrong = sorted(
        f"{name} (row {module})" for module, names in MAP.items() for name in names if name not in there
    )
    assert not wrong, f"tests/README.md's map names test files that are not there: {', '.join(wrong)}"


def test_every_test_file_is_in_a_row() -> None:
    named = {name for names in MAP.values() for name in names}
    loose = sorted(files_of_tests() - named)
    assert not loose, (
        f"{', '.join(loose)} in no row of tests/README.md's map: add it to the row of each module it tests"
    )


def test_every_row_names_a_test_file() -> None:
    empty = sorted(module for module, names in MAP.items() if not names)
    assert not empty, f"tests/README.md's map: {', '.join(empty)} name no test file"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (f"{START}\n| `a.py` | `x.py` |\n| `a.py` | `y.py` |\n{END}", "two rows"),
        ("| `a.py` | `x.py` |\n", "substring not found"),
    ],
)
def test_the_map_reader_refuses_a_module_twice_and_a_map_without_its_markers(text: str, problem: str) -> None:
    with pytest.raises((AssertionError, ValueError), match=problem):
        read_map(text)


def test_the_map_reader_reads_each_row_and_only_the_rows() -> None:
    text = (
        "| `outside.py` | `no.py` |\n<!-- map: module | test files -->\n| module | tests |\n| --- | --- |\n"
        "| `game/legal.py` | `game/test_legal.py`, `game/test_flow.py` |\n<!-- end of map -->\n"
    )
    assert read_map(text) == {"game/legal.py": ["game/test_legal.py", "game/test_flow.py"]}
