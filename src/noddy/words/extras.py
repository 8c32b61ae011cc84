"""The optional extras (``pip install 'noddy[EXTRA]'``): the modules each brings, and the one line a
part of noddy that needs a missing one says, which extra to install.

>>> EXTRA_MODULES["plot"]
('matplotlib',)
"""

from __future__ import annotations

from importlib.util import find_spec

from noddy.errors import MissingExtraError
from noddy.words.command_line import command_phrase

__all__ = ["EXTRA_MODULES", "need_extra"]

EXTRA_MODULES: dict[str, tuple[str, ...]] = {
    "web": ("fastapi", "uvicorn", "sqlalchemy", "prometheus_client", "confusable_homoglyphs"),
    "dask": ("dask", "distributed"),
    "plot": ("matplotlib",),
    "postgres": ("psycopg",),
    "research": ("pettingzoo", "gymnasium", "pyspiel"),
}
"""The modules each extra of ``pyproject.toml`` brings that noddy imports (the core install, typer,
rich, numpy and tomli-w, needs none of them)."""


def need_extra(extra: str, needs: str, lang: str = "en") -> None:
    """Raise `MissingExtraError`, saying in ``lang`` that ``needs`` (``noddy serve``,
    ``noddy.research.gym``) needs ``extra`` and how to install it, unless every module it brings
    can be imported."""
    if not all(_importable(module) for module in EXTRA_MODULES[extra]):
        raise MissingExtraError(command_phrase("extra.missing", lang, needs=needs, extra=extra), extra)


def _importable(module: str) -> bool:
    """Whether ``module`` can be imported, found without importing it."""
    try:
        return find_spec(module) is not None
    except ImportError:
        return False
