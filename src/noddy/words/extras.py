"""The optional extras (``pip install 'noddy[EXTRA]'``): the modules each brings, and the error a
part of noddy that needs a missing one raises, saying which extra to install.

>>> EXTRA_MODULES["plot"]
('matplotlib',)
>>> str(MissingExtraError(ExtraFault.MISSING, needs="noddy serve", extra="web"))
"noddy serve needs the web extra: pip install 'noddy[web]'"
"""

from __future__ import annotations

from importlib.util import find_spec

from noddy.errors import Fault, MissingExtraError

__all__ = ["EXTRA_MODULES", "ExtraFault", "need_extra"]

EXTRA_MODULES: dict[str, tuple[str, ...]] = {
    "web": (
        "fastapi",
        "uvicorn",
        "sqlalchemy",
        "prometheus_client",
        "confusable_homoglyphs",
        "psutil",
        "segno",
    ),
    "dask": ("dask", "distributed"),
    "plot": ("matplotlib",),
    "postgres": ("psycopg",),
    "research": ("pettingzoo", "gymnasium", "pyspiel"),
    "pdf": ("playwright",),
}
"""The modules each extra of ``pyproject.toml`` brings that noddy imports (the core install, typer,
rich, numpy and tomli-w, needs none of them)."""


class ExtraFault(Fault):
    """The key of the error a part that needs a missing extra raises."""

    MISSING = "{needs} needs the {extra} extra: pip install 'noddy[{extra}]'"


def need_extra(extra: str, needs: str) -> None:
    """Raise `MissingExtraError` (`ExtraFault.MISSING`), saying that ``needs`` (``noddy serve``,
    ``noddy.research.gym``) needs ``extra`` and how to install it, unless every module the extra
    brings can be imported. Called where an import failed, it stands in for that import's error."""
    if not all(_importable(module) for module in EXTRA_MODULES[extra]):
        raise MissingExtraError(ExtraFault.MISSING, needs=needs, extra=extra) from None


def _importable(module: str) -> bool:
    """Whether ``module`` can be imported, found without importing it."""
    try:
        return find_spec(module) is not None
    except ImportError:
        return False
