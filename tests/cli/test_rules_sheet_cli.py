"""``noddy rules sheet``: a rule set's handout (the rules page, printed) as HTML on standard output or
as a PDF, several rule sets as a booklet, a house-rules file too, in English and French; bad input
said in words."""

from __future__ import annotations

import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from noddy.cli.main import app
from noddy.rules import preset_names

runner = CliRunner()
CHROMIUM = Path("/usr/bin/chromium")
KNOWN = ", ".join(preset_names())


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_without_pdf_the_handout_s_html_goes_to_standard_output() -> None:
    """No browser needed: the page, its style written in, for any browser to print."""
    code, out, _ = run("rules", "sheet", "cribbage")
    assert code == 0 and out.startswith("<!doctype html>") and '<html lang="en">' in out
    assert "@media print" in out and "<script" not in out
    assert "<h2>What scores</h2>" in out and "and his nobs 17" in out
    code, out, _ = run("rules", "sheet", "cribbage", "willughby", "--lang", "fr")
    assert code == 0 and '<html lang="fr">' in out and out.count("<article class=rules-sheet>") == 2
    assert "<h2>Ce qui marque</h2>" in out and "et sa caboche 17" in out


def test_a_house_rules_file_makes_its_own_handout(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        'extends = "cribbage"\nname = "house"\ntitle = "Our Tuesday cribbage"\n'
        "[game]\ntarget = 61\nlurch = []\n"
    )
    code, out, _ = run("rules", "sheet", str(house))
    assert code == 0
    assert "<h1>Our Tuesday cribbage</h1>" in out and "For 2, 3, 4 players; game 61 up." in out


def test_an_unknown_rule_set_is_named_with_the_known_ones() -> None:
    code, out, err = run("rules", "sheet", "cribbage", "nosuch")
    assert (code, out) == (1, "")
    assert f"error: unknown rule set 'nosuch'. Known: {KNOWN} (or give a .toml file)" in err
    code, _, err = run("rules", "sheet", "nosuch", "--lang", "fr")
    assert code == 1 and f"erreur : règles inconnues 'nosuch'. Connues : {KNOWN}" in err


def test_an_unknown_paper_is_refused_with_the_papers() -> None:
    code, _, err = run("rules", "sheet", "cribbage", "--paper", "legal")
    assert code == 2 and "--paper legal: give one of a4, letter" in err


def _text(pdf: Path) -> tuple[int, str]:
    reader = PdfReader(pdf)
    text = "\n".join(page.extract_text() for page in reader.pages)
    return len(reader.pages), " ".join(unicodedata.normalize("NFKC", text).split())


@pytest.mark.slow
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium (make chromium)")
def test_pdf_makes_the_handout_and_a_booklet_their_sum(tmp_path: Path) -> None:
    alone = {}
    for name in ("cribbage", "willughby"):
        code, out, _ = run("rules", "sheet", name, "--pdf", str(tmp_path / f"{name}.pdf"))
        assert code == 0 and out.startswith(f"{tmp_path / name}.pdf: ")
        alone[name], text = _text(tmp_path / f"{name}.pdf")
        assert 1 <= alone[name] <= 2 and "What scores" in text and "A hand counted" in text
    booklet = tmp_path / "booklet.pdf"
    code, out, _ = run("rules", "sheet", "cribbage", "willughby", "--pdf", str(booklet))
    titles = "Cribbage (modern six-card game), Willughby's Noddy (c.1665-70)"
    assert code == 0 and out.strip() == f"{booklet}: {titles}, the rules to print"
    pages, text = _text(booklet)
    assert pages == sum(alone.values()), "each handout from a page of its own"
    assert text.index("Cribbage (modern six-card game)") < text.index("Willughby's Noddy (c.1665-70)")
    french = tmp_path / "regles.pdf"
    code, out, _ = run("rules", "sheet", "willughby", "--pdf", str(french), "--lang=fr", "--paper=letter")
    assert code == 0 and out.startswith(f"{french} : Le Noddy de Willughby")
    pages, text = _text(french)
    assert 1 <= pages <= 2 and "Ce qui marque" in text and "What scores" not in text
    code, _, err = run("rules", "sheet", "cribbage", "--pdf", str(tmp_path / "no" / "such.pdf"))
    assert code == 1 and f"cannot write {tmp_path / 'no' / 'such.pdf'}: No such file or directory" in err


@pytest.mark.slow
def test_with_no_browser_the_error_says_what_to_install(tmp_path: Path) -> None:
    """Neither a Chromium on the PATH nor Playwright's own browser: one line saying what to install,
    and that without --pdf no browser is needed; no file written."""
    env = {**os.environ, "PATH": str(tmp_path), "PLAYWRIGHT_BROWSERS_PATH": str(tmp_path)}
    pdf = tmp_path / "cribbage.pdf"
    for lang, start in (
        ("en", "error: noddy rules sheet --pdf prints the rules page with Chromium (or Google Chrome)"),
        ("fr", "erreur : noddy rules sheet --pdf imprime la page des règles avec Chromium"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "noddy", "rules", "sheet", "cribbage", "--pdf", str(pdf), "--lang", lang],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        assert done.returncode == 1 and done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
        assert done.stderr.startswith(start) and "apt-get install chromium" in done.stderr
        assert "playwright install chromium" in done.stderr and "Traceback" not in done.stderr
    assert not pdf.exists()
