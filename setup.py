"""The compiled game kernel (`noddy.kernel._ckernel`), built by ``pip install -e .`` where a C
compiler is found; optional, so noddy installs without one and plays with the Python engine."""

from setuptools import Extension, setup

try:
    import numpy
except ImportError:  # no NumPy headers: the research observer's arrays are made in Python instead
    numpy = None

setup(
    ext_modules=[
        Extension(
            "noddy.kernel._ckernel",
            sources=[
                "src/noddy/kernel/module.c",
                "src/noddy/kernel/state.c",
                "src/noddy/kernel/flow.c",
                "src/noddy/kernel/score.c",
                "src/noddy/kernel/greedy.c",
                "src/noddy/kernel/discard.c",
                "src/noddy/kernel/rollout.c",
                "src/noddy/kernel/batch.c",
                "src/noddy/kernel/observe.c",
                "src/noddy/kernel/vecenv.c",
                "src/noddy/kernel/spiel.c",
                "src/noddy/kernel/layout.c",
                "src/noddy/kernel/table.c",
                "src/noddy/kernel/board.c",
            ],
            depends=["src/noddy/kernel/kernel.h", "src/noddy/kernel/pyface.h"],
            include_dirs=[numpy.get_include()] if numpy else [],
            define_macros=[("NODDY_NUMPY", "1")] if numpy else [],
            extra_compile_args=["-O2", "-std=c11"],
            optional=True,
        )
    ]
)
