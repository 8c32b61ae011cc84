"""Research: observation tensors and an action index (`noddy.research.tensors`), a PettingZoo
environment (`noddy.research.pettingzoo`), an OpenSpiel game (`noddy.research.openspiel`) and a
single-agent Gymnasium environment (`noddy.research.gym`), whose ids (``noddy/cribbage-v0``, one a
preset) this import registers with Gymnasium.

The frameworks are the optional extra ``research`` (``pip install noddy[research]``); only the
modules that need them import them (the registration only where Gymnasium is installed), and
nothing else in noddy imports this package.
"""

from importlib.util import find_spec

if find_spec("gymnasium") is not None:
    from noddy.research.gym import register as _register

    _register()
