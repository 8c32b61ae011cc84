"""The terminal game in a real terminal (tmux, as a person's terminal would be): at a hot-seat table
nothing of one person's hand is left in the history the next person can scroll back through; with
``--pause`` the show waits for Enter between counts and after a deal's summary."""

from __future__ import annotations

import os
import re
import select
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from noddy.game import EventKind
from noddy.record import GameRecord

TMUX = shutil.which("tmux")
CARD = re.compile(r"\b(?:10|[2-9AJQK])[♣♦♥♠]")


@pytest.fixture
def tmux() -> str:
    """tmux's path; under CI its absence is a failure (``make test`` installs it), elsewhere a skip."""
    if TMUX is None:
        if os.environ.get("CI"):
            pytest.fail("tmux is not installed: make test installs it (apt-get install tmux)")
        pytest.skip("tmux is not installed: make test installs it (apt-get install tmux)")
    return TMUX


class Pane:
    """A command in a tmux pane of its own server (its socket in the test's folder): what it writes
    is read as it comes (through a pipe from ``pipe-pane``), keys are typed with ``send-keys``, and
    the pane's whole history is read with ``capture-pane -S -``."""

    def __init__(self, tmux: str, folder: Path, command: list[str]) -> None:
        self.tmux = tmux
        self.socket = str(folder / "tmux.sock")
        self.output = ""
        self.seen = 0
        fifo = folder / "pane.fifo"
        os.mkfifo(fifo)
        self.reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        self.keeper = os.open(fifo, os.O_WRONLY)
        env = {"PYTHONPATH": os.environ.get("PYTHONPATH", ""), "COLUMNS": "", "LINES": ""}
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        shell = f"read go; exec env {exports} {shlex.join(command)}"
        self.run("new-session", "-d", "-x", "100", "-y", "30", "-s", "game", "sh", "-c", shell)
        self.run("set-option", "-t", "game", "remain-on-exit", "on")
        self.run("pipe-pane", "-O", "-t", "game", f"cat >> {shlex.quote(str(fifo))}")
        self.keys("Enter")

    def run(self, *args: str) -> str:
        done = subprocess.run(
            [self.tmux, "-S", self.socket, "-f", "/dev/null", *args],
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        )
        return done.stdout

    def keys(self, *keys: str) -> None:
        self.run("send-keys", "-t", "game", *keys)

    def typed(self, text: str) -> None:
        """``text`` typed, then Enter."""
        self.run("send-keys", "-t", "game", "-l", text)
        self.keys("Enter")

    def wait_for(self, pattern: str, timeout: float = 60.0) -> re.Match[str]:
        """Read what the pane writes until ``pattern`` (a regular expression) matches after what
        was waited for before; fail if it has not within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while (found := re.compile(pattern).search(self.output, self.seen)) is None:
            left = deadline - time.monotonic()
            assert left > 0, f"{pattern!r} never came; the pane wrote:\n{self.output[-3000:]}"
            ready, _, _ = select.select([self.reader], [], [], left)
            if ready:
                self.output += os.read(self.reader, 65536).decode("utf-8", "replace")
        self.seen = found.end()
        return found

    def history(self) -> str:
        """Everything that can be scrolled back to, and the screen shown."""
        return self.run("capture-pane", "-p", "-S", "-", "-E", "-", "-t", "game")

    def screen(self) -> str:
        """The screen shown now (a person's private one while it is up)."""
        return self.run("capture-pane", "-p", "-t", "game")

    def close(self) -> None:
        subprocess.run([self.tmux, "-S", self.socket, "kill-server"], capture_output=True, timeout=30)
        os.close(self.reader)
        os.close(self.keeper)


@pytest.fixture
def hot_seat(tmux: str, tmp_path: Path) -> Iterator[Pane]:
    command = [sys.executable, "-m", "noddy", "play", "--rules", "cribbage", "--seed", "4"]
    command += ["--seats", "human,human", "--record", str(tmp_path / "game.json")]
    pane = Pane(tmux, tmp_path, command)
    yield pane
    pane.close()


def _hand(screen: str) -> set[str]:
    """The cards of the "Your hand" line last on ``screen``."""
    lines = [line for line in screen.splitlines() if "Your hand:" in line]
    assert lines, screen
    cards = set(CARD.findall(lines[-1]))
    assert cards, lines[-1]
    return cards


def test_hot_seat_leaves_no_hand_in_the_terminals_history(hot_seat: Pane) -> None:
    """Each person lays away, then plays, on a screen of their own; at every hand-over and after a
    stop the whole history holds none of the cards of either hand, which the test saw on screen."""
    pane = hot_seat
    seen: set[str] = set()
    people = []
    for laid in ("1 2", "3 4"):
        people.append(pane.wait_for(r"Player (\d), your turn").group(1))
        assert not CARD.findall(pane.history()), pane.history()
        pane.keys("Enter")
        pane.wait_for("Lay 2 cards away")
        hand = _hand(pane.screen())
        assert len(hand) == 6
        seen |= hand
        pane.typed(laid)
    assert sorted(people) == ["1", "2"]
    pane.wait_for("your turn")
    history = pane.history()
    assert history.count("your turn") == 3 and not seen & set(CARD.findall(history)), history
    pane.keys("Enter")
    pane.wait_for("Play a card")
    assert _hand(pane.screen()) <= seen
    pane.typed("1")
    pane.wait_for("your turn")
    assert not CARD.findall(pane.history()), pane.history()
    pane.keys("Enter")
    pane.wait_for("Play a card")
    pane.typed("q")
    pane.wait_for("plays it on")
    history = pane.history()
    assert "Game stopped." in history and not CARD.findall(history), history


@pytest.fixture
def paused(tmux: str, tmp_path: Path) -> Iterator[tuple[Pane, Path]]:
    record = tmp_path / "game.json"
    command = [sys.executable, "-m", "noddy", "play", "--rules", "cribbage", "--seed", "6", "--pause"]
    command += ["--record", str(record)]
    pane = Pane(tmux, tmp_path, command)
    yield pane, record
    pane.close()


PROMPT = r"(?P<lay>Lay 2 cards away)|(?P<play>Play a card \(number or card\):)|(?P<go>press Enter to say Go:)"
PROMPT += r"|(?P<count>Count your hand: press Enter)"


def test_pause_stops_the_show_for_enter_between_counts(paused: tuple[Pane, Path]) -> None:
    """The person is the pone: they lay away, play (trying their cards in turn) and count their
    hand; then the dealer's hand is laid out and the terminal waits (nothing of the crib written)
    until Enter, then the crib's count and the board, and waits again before the next deal. The
    counts on the screen come in the order of the saved game's events."""
    pane, record = paused
    tries = 0
    while (kind := pane.wait_for(PROMPT).lastgroup) != "count":
        if kind == "lay":
            pane.typed("1 2")
        elif kind == "play":
            pane.typed(str(tries % 4 + 1))
            tries += 1
        else:
            pane.keys("Enter")
    pane.keys("Enter")
    for shown, coming in (("Your hand", "Greedy's hand:"), ("Greedy's hand", "Greedy's crib is turned")):
        pane.wait_for(shown + r": “.*→ (You|Greedy): \d+")
        pane.wait_for(r"\(Enter for the next count\)")
        history = pane.history()
        assert coming not in history and history.rstrip().endswith("(Enter for the next count)"), history
        pane.keys("Enter")
    pane.wait_for(r"Greedy's crib: “.*→ Greedy: \d+")
    pane.wait_for(r"\(Enter for the next deal\)")
    history = pane.history()
    assert "You deal" not in history and history.rstrip().endswith("(Enter for the next deal)"), history
    pane.keys("Enter")
    pane.wait_for("You deal")
    pane.wait_for("Lay 2 cards away")
    pane.typed("q")
    pane.wait_for("plays it on")
    said = re.findall(
        r"^(Your hand|Greedy's hand|Greedy's crib): “.*→ (?:You|Greedy): \d+", pane.history(), re.M
    )
    events = GameRecord.load(record).verify().view(0).events
    counted = [(e.seat, e.subject) for e in events if e.kind in (EventKind.COUNT, EventKind.DECLARE)]
    names = {(0, "hand"): "Your hand", (1, "hand"): "Greedy's hand", (1, "crib"): "Greedy's crib"}
    assert said == [names[seat, str(subject)] for seat, subject in counted] and len(said) == 3
