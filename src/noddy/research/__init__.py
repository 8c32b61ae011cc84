"""Research: observation tensors and an action index (`noddy.research.tensors`), a PettingZoo
environment (`noddy.research.pettingzoo`) and an OpenSpiel game (`noddy.research.openspiel`).

The two frameworks are the optional extra ``research`` (``pip install noddy[research]``); only the
modules that need them import them, and nothing else in noddy imports this package.
"""
