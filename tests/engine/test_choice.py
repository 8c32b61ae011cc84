"""Which engine plays (`noddy.engine.choose`) and why not the kernel (`kernel_refusal`), in words:
the kernel where it can under ``auto``, a clear refusal where ``kernel`` is asked and it cannot."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import paths
from noddy.engine import ENGINES, choose, kernel_refusal
from noddy.errors import NoddyError
from noddy.rules import load_rules
from noddy.words import say_reason
from noddy.words.faults import say_error

BEYOND = load_rules("willughby", ["deal.players.2.dealt=13"])
"""A house rule the kernel does not handle: thirteen cards dealt, fourteen counted with the turn-up."""


@pytest.mark.requires_kernel
def test_auto_takes_the_kernel_where_it_plays_the_rules() -> None:
    cribbage = load_rules("cribbage")
    assert kernel_refusal(cribbage, 2) == ""
    assert choose(cribbage, 2) == choose(cribbage, 2, "auto") == choose(cribbage, 2, "kernel") == "kernel"
    assert choose(cribbage, 4, seated=["greedy", "random", "greedy", "random"]) == "kernel"


def test_python_is_always_there() -> None:
    assert choose(load_rules("cribbage"), 2, "python") == "python"
    assert choose(BEYOND, 2, "python") == "python"
    assert ENGINES == ("auto", "kernel", "python")


@pytest.mark.requires_kernel
def test_house_rules_beyond_the_kernel_are_named_and_auto_plays_python() -> None:
    assert kernel_refusal(BEYOND, 2) == "the kernel counts up to 13 cards with the turn-up, not 14"
    assert say_reason(kernel_refusal(BEYOND, 2), "fr") == (
        "le noyau compilé compte jusqu’à 13 cartes avec la retournée, pas 14"
    )
    assert choose(BEYOND, 2) == "python"
    with pytest.raises(NoddyError, match="the kernel cannot play this: the kernel counts up to 13 cards"):
        choose(BEYOND, 2, "kernel")


@pytest.mark.requires_kernel
def test_players_the_kernel_does_not_play_and_declared_counts_are_named() -> None:
    cribbage = load_rules("cribbage")
    assert kernel_refusal(cribbage, 2, seated=["random", "strong"]) == (
        "the kernel plays only random, greedy players, not strong"
    )
    assert choose(cribbage, 2, seated=["strong", "random"]) == "python"
    with pytest.raises(NoddyError, match="plays only random, greedy players, not strong"):
        choose(cribbage, 2, "kernel", seated=["random", "strong"])
    assert "offers no declared counts" in kernel_refusal(load_rules("willughby"), 2, declare=True)
    with pytest.raises(NoddyError, match="offers no declared counts"):
        choose(load_rules("willughby"), 2, "kernel", declare=True)


def test_an_unknown_engine_is_refused_naming_the_engines() -> None:
    with pytest.raises(NoddyError, match="unknown engine 'fast'; choose one of: auto, kernel, python"):
        choose(load_rules("cribbage"), 2, "fast")


def test_without_the_extension_auto_plays_python_and_kernel_says_why() -> None:
    script = """
import sys
sys.modules["noddy.kernel._ckernel"] = None  # as if the build had failed
from noddy.engine import choose, kernel_refusal
from noddy.errors import NoddyError
from noddy.rules import Rules, load_rules
rules = load_rules("cribbage")
assert "not built" in kernel_refusal(rules, 2)
assert choose(rules, 2) == "python"
try:
    choose(rules, 2, "kernel")
except NoddyError as exc:
    print(exc)
"""
    env = {**os.environ, "PYTHONPATH": str(paths.SRC)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    assert "the kernel cannot play this: the compiled kernel is not built" in done.stdout


@pytest.mark.requires_kernel
def test_a_refusal_the_seam_says_is_said_in_french_too() -> None:
    with pytest.raises(NoddyError) as caught:
        choose(load_rules("cribbage"), 2, "kernel", seated=["strong", "random"])
    assert say_error(caught.value, "fr") == (
        "le noyau compilé ne peut pas jouer ceci : le noyau compilé ne joue que les joueurs random, greedy,"
        " pas strong ; prenez le moteur 'python' (ou 'auto')"
    )
    assert str(caught.value) == (
        "the kernel cannot play this: the kernel plays only random, greedy players, not strong;"
        " use the engine 'python' (or 'auto')"
    )
    with pytest.raises(NoddyError) as caught:
        choose(load_rules("cribbage"), 2, "fast")
    said = say_error(caught.value, "fr")
    assert said == "moteur inconnu 'fast' ; choisissez l’un de : auto, kernel, python"
