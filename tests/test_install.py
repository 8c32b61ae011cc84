"""What each install brings: the core (``pip install noddy``) imports and runs with none of the extras'
stacks; a command that needs a missing extra says which in one line; `EXTRA_MODULES` agrees with
pyproject.toml; and the bare package, installed into a fresh environment, scores a hand."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import venv
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

import paths
from noddy.errors import MissingExtraError, NoddyError
from noddy.words import EXTRA_MODULES, ExtraFault, need_extra, say_error

GAME = paths.GOLDEN / "cribbage.json"

PARTS = {
    "plot": ("noddy.sim.plot", "noddy.analysis.plot", "noddy.cli.review_plot"),
    "dask": ("noddy.sim.warm",),
    "research": ("noddy.research",),
    "web": ("noddy.web",),
}
"""The modules that are an extra's own, with every module under them: only they may import its stack."""

HIDE = """
import sys
for name in {hidden!r}:
    sys.modules[name] = None  # as if not installed: importing it fails, find_spec finds nothing
"""

WALK = """
import importlib, json, pkgutil
import noddy
failed = {}
for found in pkgutil.walk_packages(noddy.__path__, "noddy."):
    try:
        importlib.import_module(found.name)
    except ImportError as exc:
        failed[found.name] = [type(exc).__name__, exc.name, str(exc)]
print(json.dumps(failed))
"""


def _every_stack() -> tuple[str, ...]:
    return tuple(module for modules in EXTRA_MODULES.values() for module in modules)


def _hidden(script: str, hidden: tuple[str, ...]) -> str:
    """The output of ``script`` run in a fresh interpreter where the ``hidden`` modules cannot be
    imported."""
    code = HIDE.format(hidden=hidden) + script
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout


def test_the_core_imports_with_every_extra_hidden() -> None:
    """Every module of noddy but the extras' own (`PARTS`) imports with none of the extras' stacks:
    the CLI, the game, the players and the simulator import no stack at their top. The extras' own
    fail on their own stack (so the hiding works); a research door says which extra it needs."""
    failed = json.loads(_hidden(WALK, _every_stack()).splitlines()[-1])
    assert {name: why for name, why in failed.items() if _part_of(name) is None} == {}
    for name, (kind, module, said) in failed.items():
        extra = _part_of(name)
        if extra == "research":
            assert kind == "MissingExtraError", (name, said)
            assert said.endswith(" needs the research extra: pip install 'noddy[research]'"), said
        else:
            assert kind == "ModuleNotFoundError" and module in EXTRA_MODULES[extra or ""], (name, said)
    doors = ("gym", "pettingzoo", "openspiel", "vector")
    assert {"noddy.sim.plot", "noddy.sim.warm", *(f"noddy.research.{door}" for door in doors)} <= set(failed)
    assert failed["noddy.research.gym"][2].startswith("noddy.research.gym needs the research extra")
    assert "noddy.research" not in failed and "noddy.research.tensors" not in failed


APP = """
from fastapi.testclient import TestClient
from noddy.web import create_app
with TestClient(create_app({url!r}, bot_workers=0)) as client:
    print(client.get("/").status_code, client.get("/api/rules").status_code)
"""


def test_the_web_app_needs_the_web_extra_alone(tmp_path: Path) -> None:
    """What `make run` installs is enough: with every other extra's stack hidden, every module of the
    web app imports, and the app serves its lobby."""
    others = tuple(module for extra, modules in EXTRA_MODULES.items() if extra != "web" for module in modules)
    failed = json.loads(_hidden(WALK, others).splitlines()[-1])
    assert [name for name in failed if _part_of(name) == "web"] == []
    served = _hidden(APP.format(url=f"sqlite:///{tmp_path / 'noddy.db'}"), others)
    assert served.split() == ["200", "200"]


def _part_of(module: str) -> str | None:
    """The extra ``module`` belongs to, if any."""
    for extra, parts in PARTS.items():
        if any(module == part or module.startswith(part + ".") for part in parts):
            return extra
    return None


COMMANDS = """
import json
from typer.testing import CliRunner
from noddy.cli.main import app
said = []
for args in {commands!r}:
    result = CliRunner().invoke(app, args)
    said.append([result.exit_code, result.stdout, result.stderr])
print(json.dumps(said))
"""


def _run_hidden(commands: list[list[str]], hidden: tuple[str, ...]) -> list[tuple[int, str, str]]:
    out = _hidden(COMMANDS.format(commands=commands), hidden)
    return [tuple(said) for said in json.loads(out.splitlines()[-1])]  # type: ignore[misc]


def test_commands_that_need_a_missing_extra_say_which_in_one_line(tmp_path: Path) -> None:
    """With no extra installed, the core commands work, and each that needs an extra names it and how
    to install it: one line on stderr, exit status 1, no traceback, in the command's language."""
    plot, pdf = str(tmp_path / "plot.png"), str(tmp_path / "rules.pdf")
    cases = [
        (["serve"], "noddy serve needs the web extra: pip install 'noddy[web]'"),
        (["serve", "--lang", "fr"], "erreur : noddy serve a besoin de l’extra web : pip install"),
        (["simulate", "-g", "2", "--dask", "tcp://127.0.0.1:1"], "noddy simulate --dask needs the dask"),
        (["simulate", "-g", "2", "--plot", plot], "noddy simulate --plot needs the plot extra"),
        (["analyze", "board", "-r", "cribbage", "--plot", plot], "noddy analyze board --plot needs the plot"),
        (["advise", "5h 5d 5c Js Qh 2c", "-r", "cribbage", "--dealer", "--plot", plot], "needs the plot"),
        (["review", str(GAME), "--plot", plot], "noddy review --plot needs the plot extra"),
        (["rules", "sheet", "cribbage", "--pdf", pdf], "noddy rules sheet --pdf needs the pdf extra"),
    ]
    working = [["score", "5h 5d 5c Js", "-t", "5s", "-r", "cribbage"], ["simulate", "-g", "4", "-w", "1"]]
    said = _run_hidden([args for args, _ in cases] + working, _every_stack())
    for (args, line), (code, out, err) in zip(cases, said, strict=False):
        assert (code, out) == (1, ""), args
        assert line in err and err.count("\n") == 1 and "Traceback" not in err, (args, err)
        extra = re.search(r"noddy\[(\w+)\]", err)
        assert extra is not None and err.rstrip().endswith(f"pip install 'noddy[{extra[1]}]'"), err
    (score, _, _), (simulate, played, _) = said[len(cases) :]
    assert score == 0 and said[len(cases)][1].rstrip().endswith("Total: 29")
    assert simulate == 0 and "4 games" in played
    assert not (tmp_path / "plot.png").exists() and not (tmp_path / "rules.pdf").exists()


def test_serve_names_the_dask_and_postgres_extras(tmp_path: Path) -> None:
    """With the web extra alone, a dask cluster or a PostgreSQL database names its own extra."""
    cases = [
        ["serve", "--bot-cluster", "tcp://127.0.0.1:1", "--data-dir", str(tmp_path)],
        ["serve", "--db", "postgresql://noddy@127.0.0.1:1/noddy", "--bot-workers", "0"],
    ]
    (cluster, postgres) = _run_hidden(cases, (*EXTRA_MODULES["dask"], *EXTRA_MODULES["postgres"]))
    assert cluster[0] == 1 and "noddy serve --bot-cluster needs the dask extra" in cluster[2]
    assert postgres[0] == 1
    assert "error: 'postgresql://noddy@127.0.0.1:1/noddy' needs the postgres extra" in postgres[2]
    assert postgres[2].rstrip().endswith("pip install 'noddy[postgres]'")


def test_need_extra_raises_an_error_both_a_noddy_error_and_an_import_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    need_extra("web", "this test")  # installed: nothing to say
    monkeypatch.setitem(EXTRA_MODULES, "nothing", ("json", "no_such_module_anywhere"))
    with pytest.raises(MissingExtraError) as raised:
        need_extra("nothing", "noddy thing")
    error = raised.value
    assert isinstance(error, NoddyError) and isinstance(error, ImportError)
    assert (error.fault, error.values) == (ExtraFault.MISSING, {"needs": "noddy thing", "extra": "nothing"})
    assert str(error) == "noddy thing needs the nothing extra: pip install 'noddy[nothing]'"
    assert say_error(error, "fr") == "noddy thing a besoin de l’extra nothing : pip install 'noddy[nothing]'"


def _distribution(requirement: str) -> str:
    """A requirement's distribution, as packages_distributions names it (``dask[distributed]==1``:
    ``dask``)."""
    name = re.split(r"[\[=<>;~! ]", requirement, maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", name).lower()


def test_extra_modules_are_what_pyproject_s_extras_bring() -> None:
    """Each module `need_extra` checks comes from a distribution its extra names in pyproject.toml, and
    none from the core's; every extra but the tools' (dev, bench) is known to `need_extra`."""
    project = tomllib.loads((paths.ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    core = {_distribution(r) for r in project["dependencies"]}
    sources = {m: {_distribution(d) for d in ds} for m, ds in packages_distributions().items()}
    assert set(EXTRA_MODULES) == set(extras) - {"dev", "bench"}
    for extra, modules in EXTRA_MODULES.items():
        named = {_distribution(r) for r in extras[extra]}
        for module in modules:
            assert sources[module] & named, f"{module} is from {sources[module]}, not {extra}'s {named}"
            assert not sources[module] & core, f"{module} is in the core install"


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_bare_package_installs_and_scores_a_hand(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``pip install noddy`` with no extra, into a fresh environment: ``noddy score`` counts a hand,
    none of the extras' stacks is installed, and ``noddy serve`` names the web extra. Built from a copy
    of the sources, so the build leaves nothing in the worktree. 17-18 s of CPU with the pip cache
    warm, most of it the wheel's build with its C kernel (150-550 s under loads of 9-13: a longer
    timeout)."""
    source = tmp_path / "noddy"
    built = shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info")
    shutil.copytree(paths.ROOT / "src", source / "src", ignore=built)
    for part in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(paths.ROOT / part, source / part)
    env = tmp_path / "env"
    # No bytecode compiled at any install here (the build's environment, noddy's): the installed code
    # runs three times, and compiling all of it cost more (the test 43.7 CPU s, then 29.6).
    monkeypatch.setenv("PIP_NO_COMPILE", "1")
    # The new environment gets no pip of its own: this environment's pip installs into it (--python),
    # as `make test`'s pinned pip, not the one Python bundles (its ensurepip and its slower resolver).
    venv.create(env, with_pip=False)
    bin_ = env / "bin"
    pip = [sys.executable, "-m", "pip", "--python", str(bin_ / "python")]
    quiet = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    subprocess.run([*pip, "install", "--quiet", str(source)], check=True, env=quiet)
    score = subprocess.run(
        [bin_ / "noddy", "score", "5h 5d 5c Js", "-t", "5s", "-r", "cribbage"], capture_output=True, text=True
    )
    assert score.returncode == 0 and score.stdout.rstrip().endswith("Total: 29"), score.stderr
    listed = subprocess.run([*pip, "list", "--format", "json"], capture_output=True, text=True, check=True)
    installed = {_distribution(d["name"]) for d in json.loads(listed.stdout)}
    stacks = {"fastapi", "uvicorn", "sqlalchemy", "dask", "distributed", "matplotlib", "prometheus-client"}
    assert "noddy" in installed and not installed & {*stacks, "psycopg", "psycopg-binary"}, installed
    serve = subprocess.run([bin_ / "noddy", "serve"], capture_output=True, text=True)
    assert serve.returncode == 1 and serve.stdout == ""
    assert serve.stderr == "error: noddy serve needs the web extra: pip install 'noddy[web]'\n"


LISTED = """
import json
from distutils.core import run_setup
dist = run_setup("setup.py", stop_after="init")
print(json.dumps([name for ext in dist.ext_modules for name in [*ext.sources, *ext.depends]]))
"""


def test_the_source_distribution_carries_every_file_the_kernel_is_built_from(tmp_path: Path) -> None:
    """An sdist holds every .c and .h the kernel's extension lists (its sources and the headers it
    depends on): without a header, a pip install from the sdist fails to compile the kernel and, the
    kernel being optional, silently plays Python. Built from a copy of the sources (about a second)."""
    source = tmp_path / "noddy"
    built = shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info")
    shutil.copytree(paths.ROOT / "src", source / "src", ignore=built)
    for part in ("pyproject.toml", "setup.py", "README.md", "MANIFEST.in"):
        shutil.copy(paths.ROOT / part, source / part)
    listed = subprocess.run(
        [sys.executable, "-c", LISTED], cwd=source, capture_output=True, text=True, check=True
    ).stdout
    files = json.loads(listed.splitlines()[-1])
    assert any(f.endswith(".c") for f in files) and any(f.endswith(".h") for f in files), files
    subprocess.run(
        [sys.executable, "setup.py", "-q", "sdist", "-d", str(tmp_path / "dist")],
        cwd=source,
        capture_output=True,
        check=True,
    )
    (sdist,) = (tmp_path / "dist").glob("*.tar.gz")
    with tarfile.open(sdist) as tar:
        carried = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    assert not set(files) - carried, sorted(set(files) - carried)
