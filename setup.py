"""The compiled game kernel (`noddy.kernel._ckernel`), built by ``pip install -e .`` where a C
compiler is found; optional, so noddy installs without one and plays with the Python engine."""

from glob import glob

from setuptools import Extension, setup

SOURCES = (
    "module",
    "core/state",
    "core/flow",
    "core/score",
    "core/chance",
    "players/greedy",
    "players/discard",
    "players/rollout",
    "players/face",
    "players/search",
    "sim/batch",
    "analysis/board",
    "research/layout",
    "research/table",
    "research/vecenv",
    "research/spiel",
)

try:
    import numpy
except ImportError:  # no NumPy headers: the research observer's arrays are made in Python instead
    numpy = None

setup(
    ext_modules=[
        Extension(
            "noddy.kernel._ckernel",
            # The kernel by layer: core/ mirrors `noddy.game` and `noddy.scoring`; players/, sim/,
            # analysis/ and research/ each speed up that layer; module.c assembles them.
            sources=[f"src/noddy/kernel/{name}.c" for name in SOURCES],
            depends=glob("src/noddy/kernel/*/*.h"),
            include_dirs=["src/noddy/kernel"] + ([numpy.get_include()] if numpy else []),
            define_macros=[("NODDY_NUMPY", "1")] if numpy else [],
            extra_compile_args=["-O2", "-std=c11"],
            optional=True,
        )
    ]
)
