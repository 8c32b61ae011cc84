"""Layers point down only (the design's layer list): every import of ``noddy.X`` in the package
is of a layer at or below the importing module's own, every top-level module is on the list, and the
README's layer list says the same.

The list is data here, the project's own copy of the design's; a new top-level module goes on it, in
its layer, in the same change. Names on one number may import each other (a package's circle is its
own business); a lower number never imports a higher one. Imports are read wherever they are in a
file (inside a function, under ``TYPE_CHECKING``), relative ones resolved, and a literal
``import_module("noddy....")`` counted as an import.
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import pytest

import paths

SOURCE = paths.SRC / "noddy"

# Bottom to top, as the design's table reads from the top down.
LAYERS = {
    "errors": 0,
    "places": 0,
    "cards": 1,
    "kinds": 1,
    "textdata": 1,
    "rules": 2,
    "scoring": 3,
    "words": 4,
    "enumeration": 4,
    "game": 5,
    "engine": 6,
    "kernel": 6,
    "record": 6,
    "analysis": 7,
    "players": 8,
    "sim": 9,
    "research": 9,
    "train": 10,
    "advise": 10,
    "review": 11,
    "cli": 12,
    "web": 12,
    "offline": 12,
    "sheet": 12,
    "__main__": 13,
    "__init__": 13,
}


def _imported(tree: ast.Module, package: tuple[str, ...]) -> list[tuple[int, str]]:
    """Each module name ``tree`` imports, with its line: ``package`` is the dotted path of the
    package the file is in (to resolve relative imports)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                found.append((node.lineno, ".".join([*base, *([node.module] if node.module else [])])))
            elif node.module:
                found.append((node.lineno, node.module))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name | ast.Attribute)
            and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append((node.lineno, node.args[0].value))
    return found


def layer_faults(root: Path, layers: dict[str, int]) -> tuple[list[str], list[str]]:
    """The imports under ``root`` (a ``noddy`` directory) that run up the ``layers``, one line each
    (file, line, who imports whom), and the top-level modules the list does not place."""
    up, unplaced = [], set()
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        me = rel.parts[0].removesuffix(".py")
        if me not in layers:
            unplaced.add(me)
            continue
        package = ("noddy", *rel.parent.parts)
        for line, name in _imported(ast.parse(path.read_text(encoding="utf-8")), package):
            named = name.split(".")
            if named[0] != "noddy" or len(named) < 2:
                continue
            other = named[1]
            if other in layers and layers[other] > layers[me]:
                up.append(f"{rel}:{line} ({me}, layer {layers[me]}) imports {name} (layer {layers[other]})")
    return up, sorted(unplaced)


def test_every_import_points_down_the_layers() -> None:
    up, _ = layer_faults(SOURCE, LAYERS)
    assert not up, "imports that run up the layers:\n" + "\n".join(up)


def test_every_top_level_module_is_on_the_layer_list() -> None:
    """The package root holds the base modules and packages of the list, nothing else."""
    _, unplaced = layer_faults(SOURCE, LAYERS)
    assert not unplaced, f"top-level modules on no layer (put them on the list, in their layer): {unplaced}"


def readme_faults(text: str) -> list[str]:
    """What the README's layer list (the block under "How it is built", one row a layer or a few,
    the bottom first) says otherwise than the list: a name missing, unknown or twice, or a row not
    wholly below the next."""
    block = text.split("## How it is built", 1)[1].split("```", 2)[1]
    rows = []
    for line in block.splitlines():
        found = re.match(r"^([a-z_]+(?: [a-z_]+)*)(?:  |$)", line)
        if found:
            rows.append(found[1].split())
    named = [name for row in rows for name in row]
    wanted = [name for name in LAYERS if not name.startswith("__")]
    faults = [f"{name} is on no row" for name in wanted if name not in named]
    faults += [f"{name} is on no layer" for name in named if name not in LAYERS]
    faults += [f"{name} is named twice" for name in set(named) if named.count(name) > 1]
    for lower, upper in itertools.pairwise(rows):
        if max(LAYERS.get(n, -1) for n in lower) >= min(LAYERS.get(n, 99) for n in upper):
            faults.append(f"{' '.join(lower)} is not below {' '.join(upper)}")
    return faults


def test_the_readme_lists_the_layers_as_they_are() -> None:
    """The README's layer list names every layer of the list, each once, and reads from the bottom
    up as the design's does: every name on a row is below every name on the rows after it."""
    assert not readme_faults((paths.ROOT / "README.md").read_text(encoding="utf-8"))


ROWS = [
    "errors places",
    "cards kinds textdata",
    "rules",
    "scoring",
    "words enumeration",
    "game",
    "engine kernel record",
    "analysis",
    "players",
    "sim research",
    "train advise review",
    "cli web offline sheet",
]


def _readme(rows: list[str]) -> str:
    return (
        "## How it is built\n\n```\n" + "".join(f"{row}   what it is\n      more\n" for row in rows) + "```\n"
    )


def test_a_readme_list_that_drifts_is_caught() -> None:
    assert readme_faults(_readme(ROWS)) == []
    assert readme_faults(_readme([r for r in ROWS if r != "game"])) == ["game is on no row"]
    assert readme_faults(_readme([r.replace("analysis", "analysis winchance") for r in ROWS])) == [
        "winchance is on no layer"
    ]
    swapped = [{"analysis": "players", "players": "analysis"}.get(r, r) for r in ROWS]
    assert readme_faults(_readme(swapped)) == ["players is not below analysis"]


def test_the_layers_run_up_from_zero_without_a_gap() -> None:
    """The list runs from the bottom (0) up without a gap, so a number is a layer."""
    assert sorted(set(LAYERS.values())) == list(range(max(LAYERS.values()) + 1))


@pytest.mark.parametrize(
    ("where", "text", "caught"),
    [
        (
            "cards.py",
            "from noddy.game import new_game\n",
            "cards.py:1 (cards, layer 1) imports noddy.game (layer 5)",
        ),
        (
            "game/flow.py",
            "def f():\n    import noddy.players\n",
            "game/flow.py:2 (game, layer 5) imports noddy.players",
        ),
        ("players/x.py", "from ..web import app\n", "players/x.py:1 (players, layer 8) imports noddy.web"),
        (
            "rules/__init__.py",
            "from ..sim import run\n",
            "rules/__init__.py:1 (rules, layer 2) imports noddy.sim",
        ),
        (
            "scoring/fast.py",
            "from importlib import import_module\nimport_module('noddy.train.countplay')\n",
            "scoring/fast.py:2 (scoring, layer 3) imports noddy.train.countplay",
        ),
        (
            "words/x.py",
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from noddy.game import GameState\n",
            "words/x.py:3 (words, layer 4) imports noddy.game",
        ),
    ],
)
def test_a_planted_upward_import_is_caught(tmp_path: Path, where: str, text: str, caught: str) -> None:
    """An upward import planted in a copy of the layout is found, however it is written; the same
    file importing downwards is not."""
    root = tmp_path / "noddy"
    path = root / where
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    up, unplaced = layer_faults(root, LAYERS)
    assert len(up) == 1 and up[0].startswith(caught), up
    assert not unplaced
    path.write_text("from noddy.errors import NoddyError\nfrom . import x\n", encoding="utf-8")
    assert layer_faults(root, LAYERS) == ([], [])


def test_a_loose_module_at_the_root_is_caught(tmp_path: Path) -> None:
    root = tmp_path / "noddy"
    root.mkdir()
    (root / "cards.py").write_text("", encoding="utf-8")
    (root / "helpers.py").write_text("from noddy.cards import Card\n", encoding="utf-8")
    assert layer_faults(root, LAYERS) == ([], ["helpers"])


SEAM = ("engine", "kernel")
"""The packages that may import the compiled kernel (`noddy.kernel`): the engine seam, which alone
chooses the engine and hands out its positions and services, and the kernel itself."""


def kernel_importers(root: Path) -> list[str]:
    """The imports of `noddy.kernel` under ``root`` (a ``noddy`` directory) from outside the seam,
    one line each (file, line, what is imported)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[0].removesuffix(".py") in SEAM:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = _imported(tree, ("noddy", *rel.parent.parts))
        names += [
            (node.lineno, f"noddy.{alias.name}")
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module == "noddy" and not node.level
            for alias in node.names
        ]
        found += [
            f"{rel}:{line} imports {name}"
            for line, name in names
            if name.split(".")[:2] == ["noddy", "kernel"]
        ]
    return found


def test_only_the_engine_seam_imports_the_kernel() -> None:
    """Every layer above the seam takes its positions and the kernel's services from `noddy.engine`
    and never imports the kernel (nor asks it whether it can)."""
    beyond = kernel_importers(SOURCE)
    assert not beyond, "imports of the kernel outside noddy.engine:\n" + "\n".join(beyond)


@pytest.mark.parametrize(
    "text",
    [
        "from noddy.kernel import compiled\n",
        "import noddy.kernel.step\n",
        "from noddy import kernel\n",
        "from ..kernel.lay import lay_away_values\n",
        "def f():\n    from importlib import import_module\n    return import_module('noddy.kernel')\n",
    ],
)
def test_a_planted_kernel_import_is_caught_outside_the_seam_only(tmp_path: Path, text: str) -> None:
    root = tmp_path / "noddy"
    for where in ("players/x.py", "engine/x.py", "kernel/x.py"):
        (root / where).parent.mkdir(parents=True)
        (root / where).write_text(text, encoding="utf-8")
    assert [line.split(":")[0] for line in kernel_importers(root)] == ["players/x.py"]
