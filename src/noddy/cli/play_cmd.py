"""``noddy play`` and ``noddy replay``: a game in the terminal, scripted games, records."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from noddy.cards import Card, parse_cards
from noddy.cli.common import (
    COMPUTERS,
    HUMAN,
    PartnersOption,
    PlayersOption,
    RulesOption,
    SetOption,
    console,
    err_console,
    load,
    parse_seats,
    reporting_errors,
    seats_help,
)
from noddy.cli.render import board, cards_text, counted_text, event_text
from noddy.errors import IllegalActionError, NoddyError
from noddy.game import Action, EventKind, GameState, LegalActions, PlayerView, new_game
from noddy.players import Player, make_player, next_action
from noddy.record import GameRecord, Seat
from noddy.scoring import PLAY_LIMIT
from noddy.words import cannot_play, side_name, stake_line

__all__ = ["play", "replay"]

CARDS_HELP = (
    "a card is its number in your hand (1, 2, ...) or written as a rank (A, 2-9, 10 or T, J, Q, K) and"
    " a suit (c, d, h, s or ♣ ♦ ♥ ♠), e.g. 5h, 10d, J♠"
)
KEYS_HELP = "At any prompt, ? shows help and q stops the game (saving the record if you gave --record)."


class Quit(Exception):
    """The person at the terminal typed q: stop the game, keeping what was played."""


def _seats(spec: str | None, players: int | None, rules_counts: tuple[int, ...]) -> list[str]:
    """The seat kinds from ``--seats`` and ``--players`` (a human and greedy players by default)."""
    if spec is not None:
        kinds = parse_seats(spec)
        if players is not None and len(kinds) != players:
            raise NoddyError(f"--seats names {len(kinds)} seat(s) but --players gives {players}")
    else:
        n = rules_counts[0] if players is None else players
        if n < 1:
            allowed = ", ".join(map(str, rules_counts))
            raise NoddyError(f"--players {n}: a game needs players; these rules allow {allowed}")
        kinds = [HUMAN] + ["greedy"] * (n - 1)
    for kind in kinds:
        if kind != HUMAN and kind not in COMPUTERS:
            raise NoddyError(f"unknown seat {kind!r}; use {HUMAN} or one of: {', '.join(COMPUTERS)}")
    return kinds


def _names(kinds: list[str]) -> list[str]:
    names = []
    humans = kinds.count(HUMAN)
    for i, kind in enumerate(kinds):
        if kind == HUMAN:
            names.append("You" if humans == 1 else f"Player {i + 1}")
        else:
            same = [k for k in kinds if k == kind]
            names.append(f"{kind.capitalize()}" + (f" {i + 1}" if len(same) > 1 else ""))
    return names


def _ask(prompt: str, help_text: str) -> str:
    """A line typed at ``prompt``: ``?`` shows ``help_text`` and asks again, ``q`` raises `Quit`."""
    while True:
        text = console.input(f"[bold]{prompt}[/] ").strip()
        if text == "?":
            console.print(f"[dim]{escape(help_text)}[/]", soft_wrap=False)
            continue
        if text.lower() in ("q", "quit"):
            raise Quit
        return text


class Terminal:
    """Prints a game from a seat's view and asks a human for actions at the prompt; with several
    people at one screen (hot-seat), clears it between two people's turns."""

    def __init__(self, names: list[str], watcher: int | None, hot_seat: bool = False) -> None:
        self.names = names
        self.watcher = watcher
        self.hot_seat = hot_seat
        self.shown: dict[int | None, int] = {}
        self.scores_shown: tuple[int, ...] | None = None

    def show_events(self, view: PlayerView) -> None:
        """Print the events of ``view`` this seat has not been shown, with the board after each deal."""
        start = self.shown.get(view.seat, 0)
        for number, event in enumerate(view.events[start:], start=start + 1):
            line = event_text(event, self.names, view.rules, view.partners)
            if line is not None:
                console.print(line)
            if event.kind == EventKind.DEAL_END:
                console.print(board(view, self.names, view.events[:number]))
                self.scores_shown = view.scores
        self.shown[view.seat] = len(view.events)

    def hand_over(self, seat: int) -> None:
        """Hot-seat: clear the screen and wait for ``seat``'s player, so nobody reads another's hand."""
        if self.watcher == seat:
            return
        if self.watcher is not None:
            console.clear()
        name = self.names[seat]
        _ask(f"{escape(name)}, your turn: press Enter when only you can see the screen.", KEYS_HELP)
        self.watcher = seat
        self.scores_shown = None

    def ask(self, view: PlayerView) -> Action:
        console.print()
        if view.scores != self.scores_shown:
            console.print(_score_line(view, self.names))
            self.scores_shown = view.scores
        if view.rules.crib.kind == "dealer" and view.phase in ("discard", "play"):
            owner = "yours" if view.dealer == view.seat else f"{escape(self.names[view.dealer])}'s"
            console.print(f"[dim]The crib is {owner}.[/]")
        counted = counted_text(view, self.names)
        if counted is not None:
            console.print(counted)
        elif view.phase != "muggins":
            if view.turnup is not None:
                console.print(f"Turned up: {cards_text([view.turnup])}   Count: [bold]{view.count}[/]")
            if view.pile:
                console.print("Pile: " + cards_text([c for _, c in view.pile]))
            console.print(
                "Your hand: " + "  ".join(f"{i}) {cards_text([c])}" for i, c in enumerate(view.hand, 1))
            )
        prompt = _prompt(view, self.names)
        while True:
            text = _ask(prompt, _help(view))
            try:
                return _read(text, view)
            except NoddyError as exc:
                console.print(f"[red]{escape(str(exc))}[/]")


class HumanSeat:
    """A person at the terminal, as a `Player`: shown what happened, then asked for an action."""

    name = HUMAN

    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal

    def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action:
        if self.terminal.hot_seat and view.seat is not None:
            self.terminal.hand_over(view.seat)
        self.terminal.show_events(view)
        return self.terminal.ask(view)


def _score_line(view: PlayerView, names: list[str]) -> str:
    """The score in one line: "Score: You: 12 · Greedy: 9 (game 31)"."""
    sides = " · ".join(
        f"{escape(side_name(names, side, view.partners))}: [bold]{score}[/]"
        for side, score in enumerate(view.scores)
    )
    goal = f" (game {view.rules.game.target})" if view.rules.game.end == "target" else ""
    return f"Score: {sides}{goal}"


def _prompt(view: PlayerView, names: list[str]) -> str:
    kinds = view.legal.kinds
    if "discard" in kinds:
        n = len(view.legal[0].cards)
        example = " ".join(str(i) for i in range(1, n + 1))
        return f"Lay {n} card{'s' if n != 1 else ''} away to the crib (by number or name, e.g. '{example}'):"
    if view.declare is not None:
        what = view.counting[0] if view.counting is not None else "hand"
        low, high = view.declare.start, view.declare.stop - 1
        return f"Count your {what}: press Enter to count it, or type the points you declare ({low}-{high}):"
    if "muggins" in kinds and view.muggins is not None:
        declarer, missed = view.muggins
        points = f"{missed} point{'s' if missed != 1 else ''}"
        return f"{escape(names[declarer])} missed {points} in the count: claim them (muggins)? (y/n):"
    if kinds == {"go"}:
        return f"{cannot_play()}: press Enter to say Go:"
    extra = " or 'go'" if "go" in kinds else ""
    return f"Play a card (number or card{extra}):"


def _help(view: PlayerView) -> str:
    """What may be typed at this seat's prompt now."""
    kinds = view.legal.kinds
    if "discard" in kinds:
        what = f"Lay cards away to the crib, separated by spaces: {CARDS_HELP}."
    elif view.declare is not None:
        what = (
            "Press Enter and your count is made for you, item by item; or type a number to declare your"
            " own count (what happens to a wrong one is the rule hand.wrong_count: noddy rules show)."
        )
    elif "muggins" in kinds:
        what = "y: take the points the count missed (muggins); n: let them go."
    else:
        what = (
            f"Play one card: {CARDS_HELP}. Type go (or press Enter) to say Go when you cannot play"
            f" within {PLAY_LIMIT}."
        )
    return f"{what}\n{KEYS_HELP}"


def _number(word: str, what: str) -> int:
    """``word`` as a number, refusing one too long to mean anything here."""
    if len(word) > 9:
        raise NoddyError(f"{word[:9]}... is too long a number: {what}")
    return int(word)


def _pick(words: list[str], hand: tuple[Card, ...]) -> tuple[Card, ...]:
    if all(w.isascii() and w.isdecimal() for w in words):
        numbered = f"your cards are numbered 1 to {len(hand)}"
        picked = []
        for w in words:
            n = _number(w, numbered)
            if not 1 <= n <= len(hand):
                raise NoddyError(f"{n} is not a card number; {numbered}")
            picked.append(hand[n - 1])
        return tuple(picked)
    return parse_cards(" ".join(words))


def _read(text: str, view: PlayerView) -> Action:
    seat = view.seat
    assert seat is not None
    legal = view.legal
    kinds = legal.kinds
    words = text.replace(",", " ").split()
    if "count" in kinds:
        if not words:
            return Action.count(seat)
        if len(words) == 1 and words[0].isascii() and words[0].isdecimal():
            points = view.declare or range(0)
            return _allowed(
                Action.declare(seat, _number(words[0], f"declare {points.start} to {points.stop - 1}")), view
            )
        raise NoddyError(f"{text!r}: press Enter to count, or type a number such as 6")
    if "muggins" in kinds:
        answer = text.lower()[:1]
        if answer in ("y", "n"):
            return Action("muggins" if answer == "y" else "pass", seat)
        raise NoddyError("answer y (claim the points) or n")
    if "discard" in kinds:
        if not words:
            need = len(legal[0].cards)
            raise NoddyError(f"type the {need} card(s) to lay away, by number or name")
        return _allowed(Action.discard(seat, _pick(words, view.hand)), view)
    if not words or words[0].lower() == "go":
        return _allowed(Action.go(seat), view)
    cards = _pick(words, view.hand)
    if len(cards) != 1:
        raise NoddyError("play one card at a time")
    card = cards[0]
    if card not in view.hand:
        raise NoddyError(f"{card.pretty} is not in your hand")
    return _allowed(Action.play(seat, card), view)


def _allowed(action: Action, view: PlayerView) -> Action:
    """``action`` if the seat may take it now, else the engine's reason why not."""
    why = view.why_not(action)
    if why:
        raise IllegalActionError(why)
    return action


def _check_record_path(path: Path) -> None:
    """Refuse, before the game starts, a record path that cannot be written, so no game is lost."""
    if path.is_dir():
        raise NoddyError(
            f"--record {str(path)!r} is a folder: give a file name, e.g. {str(path / 'game.json')!r}"
        )
    folder = path.parent
    if not folder.is_dir():
        raise NoddyError(f"--record {str(path)!r}: the folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise NoddyError(f"--record {str(path)!r}: you may not write there")


def _save(record: GameRecord, path: Path, final: GameState | None = None) -> bool:
    """Write the record; say so on stderr (keeping the game on screen) if it cannot be written."""
    try:
        record.save(path, final)
    except OSError as exc:
        err_console.print(
            f"[bold red]error:[/] cannot save the record to {escape(str(path))}: {exc.strerror}"
        )
        return False
    return True


def play(
    rules_name: RulesOption = "willughby",
    set_: SetOption = None,
    players: PlayersOption = None,
    partners: PartnersOption = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            metavar="KINDS",
            help=seats_help("human,greedy", human=True),
            show_default="human, then greedy for each other player",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", metavar="N", help="Seed for a repeatable game.", show_default="random"),
    ] = None,
    record: Annotated[
        Path | None, typer.Option("--record", metavar="FILE", help="Save the game record to this file.")
    ] = None,
) -> None:
    """Play a game in the terminal against the computer (or watch computers play one).

    Name cards by their number in your hand (1 2) or as written (5h 10d J♠); press Enter to count
    your hand or to say Go. At any prompt ? shows help and q stops the game (Ctrl-C too); with
    --record the game so far is saved.
    """
    with reporting_errors():
        rules = load(rules_name, set_)
        kinds = _seats(seats, players, rules.player_counts)
        n = len(kinds)
        state = new_game(rules, n, partners=partners)
        if record is not None:
            _check_record_path(record)
    names = _names(kinds)
    computers: dict[int, Player] = {i: make_player(k) for i, k in enumerate(kinds) if k != HUMAN}
    humans = [i for i, k in enumerate(kinds) if k == HUMAN]
    seed = seed if seed is not None else random.randrange(1_000_000)
    rng = random.Random(seed)
    terminal = Terminal(names, humans[0] if len(humans) == 1 else None, hot_seat=len(humans) > 1)
    title = rules.title or rules.name
    console.print(f"[bold]{escape(title)}[/] — {', '.join(escape(x) for x in names)} (seed {seed})")
    if state.partners:
        console.print(
            f"Partners: {escape(side_name(names, 0, True))} against {escape(side_name(names, 1, True))}"
        )
    if humans:
        console.print(f"[dim]{escape(KEYS_HELP)}[/]", soft_wrap=False)
    seat_list = [Seat(name, kind) for name, kind in zip(names, kinds, strict=True)]
    preset = rules_name if not rules_name.endswith(".toml") else None

    def recorded(state: GameState) -> GameRecord:
        return GameRecord.start(state, seat_list, preset=preset, overrides=set_ or (), seed=seed)

    try:
        seat_players = [computers.get(i) or HumanSeat(terminal) for i in range(n)]
        while not state.is_over:
            state = state.apply(next_action(state, seat_players, rng))
        terminal.show_events(state.view(terminal.watcher))
    except (KeyboardInterrupt, EOFError, Quit) as stop:
        err_console.print("\nGame stopped.")
        if record is not None and _save(recorded(state), record):
            err_console.print(f"The game so far is saved in {escape(str(record))}.")
        raise typer.Exit(0 if isinstance(stop, Quit) else 130) from None
    _show_end(state, names)
    if record is not None and _save(recorded(state), record, state):
        console.print(f"Record saved to {escape(str(record))}")
    elif record is not None:
        raise typer.Exit(1)


def replay(
    file: Annotated[Path, typer.Argument(help="A game record (.json).")],
    to_end: Annotated[bool, typer.Option("--to-end", help="Print the whole game without stopping.")] = False,
    verify: Annotated[
        bool, typer.Option("--verify", help="Replay and check every state; exit 0 if sound.")
    ] = False,
) -> None:
    """Walk through a saved game step by step, or check that it replays."""
    with reporting_errors():
        rec = GameRecord.load(file)
        if verify:
            final = rec.verify(kinds=(HUMAN, *COMPUTERS))
            result = f"scores {list(final.scores)}"
            if final.is_over:
                result += ", " + ("a draw" if final.winner is None else f"side {final.winner} won")
            console.print(f"[green]{file}: the record is sound[/] ({len(rec.actions)} actions; {result})")
            return
        final = rec.final()
    names = [s.name for s in rec.seats]
    terminal = Terminal(names, None)
    if not final.is_over:
        console.print("[dim]The game is not over: the hands stay hidden.[/]")
    positions = final.replay() if final.is_over else ((state, None) for state in rec.states())
    previous: GameState | None = None
    for state, shown in positions:
        if previous is not None and not to_end and state.history[-1].seat is not None:
            try:
                _ask("[dim](Enter for the next step)[/]", "Enter: the next step; q: stop the replay.")
            except EOFError:
                to_end = True
            except Quit:
                return
        if shown is not None and previous is not None and state.deal_number != previous.deal_number:
            for seat, hand in enumerate(shown.hands):
                console.print(f"  {escape(names[seat])}: {cards_text(hand)}")
        terminal.show_events(state.view(None))
        previous = state
    if previous is not None:
        _show_end(previous, names)


def _show_end(state: GameState, names: list[str]) -> None:
    """The board at the end, and the stake of a game won by a lurch or more (play and replay alike)."""
    console.print(board(state.view(None), names))
    line = stake_line(state.stake) if state.winner is not None else None
    if line is not None:
        console.print(escape(line))
