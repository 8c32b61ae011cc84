"""The rules printed to PDF (`noddy.sheet.pdf`) by Debian's Chromium: every rule set's handout is one
or two pages on A4 and on Letter, in English and French; a booklet's pages are the sum of its
handouts'; the text read back (pypdf) is the handout's, with neither the reference nor a control."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader

from noddy.rules import load_rules, preset_names
from noddy.sheet import Printer, rules_document, worked_hand
from noddy.words import announce, rule_set_words

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium (make chromium)"),
    pytest.mark.slow,
]

PAPERS = ("a4", "letter")


@pytest.fixture(scope="module")
def printer() -> Iterator[Printer]:
    with Printer() as printer:
        yield printer


def _read(pdf: bytes) -> tuple[int, str]:
    reader = PdfReader(BytesIO(pdf))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


def _squeezed(text: str) -> str:
    """Text without its white space and ligatures: a line a PDF breaks (a long address) reads whole,
    and "ﬁfteen" is "fifteen"."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def _starts(pages: list[str], titles: list[str]) -> list[int]:
    """The page each title's handout starts on: the first page that begins with it."""
    squeezed = [_squeezed(page) for page in pages]
    return [next(i for i, page in enumerate(squeezed) if page.startswith(_squeezed(t))) for t in titles]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_handout_is_one_or_two_pages_and_a_booklet_is_their_sum(
    printer: Printer, lang: str, paper: str
) -> None:
    """The booklet of every rule set: each handout starts a page of its own, in turn, and takes one
    or two; a handout printed alone takes as many pages as in the booklet."""
    every = [load_rules(name) for name in preset_names()]
    reader = PdfReader(BytesIO(printer.pdf(rules_document(every, lang, standalone=True), paper)))
    pages = [page.extract_text() for page in reader.pages]
    starts = _starts(pages, [rule_set_words(r.name, r.title, r.summary, lang)[0] for r in every])
    assert starts[0] == 0 and starts == sorted(set(starts))
    taken = [after - start for start, after in zip(starts, [*starts[1:], len(pages)], strict=True)]
    assert all(1 <= n <= 2 for n in taken), dict(zip(preset_names(), taken, strict=True))
    for at in (0, len(every) - 1):
        alone, _ = _read(printer.pdf(rules_document((every[at],), lang, standalone=True), paper))
        assert alone == taken[at], every[at].name
    assert len(pages) == sum(taken)


@pytest.mark.parametrize(
    ("lang", "words", "not_there"),
    [
        (
            "en",
            ("The game in plain words", "What scores", "A hand counted", "Sources", "In the play"),
            ("Every rule, one by one", "Print these rules", "Le jeu en mots simples"),
        ),
        (
            "fr",
            ("Le jeu en mots simples", "Ce qui marque", "Une main comptée", "Sources", "Au jeu"),
            ("Chaque règle, une à une", "Imprimer ces règles", "The game in plain words"),
        ),
    ],
)
def test_the_pdf_says_the_handout_in_its_language(
    printer: Printer, lang: str, words: tuple[str, ...], not_there: tuple[str, ...]
) -> None:
    for name in ("cribbage", "willughby"):
        rules = load_rules(name)
        _, text = _read(printer.pdf(rules_document((rules,), lang, standalone=True)))
        title, _ = rule_set_words(rules.name, rules.title, rules.summary, lang)
        for said in (title, *words):
            assert _squeezed(said) in _squeezed(text), (name, said)
        for said in not_there:
            assert _squeezed(said) not in _squeezed(text), (name, said)
        _, items = worked_hand(rules)
        assert _squeezed(announce(items, rules, lang)) in _squeezed(text), "the worked hand's call, whole"
        for source in rules.sources:
            assert _squeezed(source.name) in _squeezed(text) and _squeezed(source.url) in _squeezed(text)
