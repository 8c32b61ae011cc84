"""Where the tests find the project's files, wherever in tests/ a test file sits: the repository's
root, the source, the docs and examples, and the tests' own data (golden records, vectors)."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
SRC = ROOT / "src"
DOCS = ROOT / "docs"
EXAMPLES = ROOT / "examples"
GOLDEN = TESTS / "golden"
VECTORS = TESTS / "vectors"
