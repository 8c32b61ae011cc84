"""``noddy play`` and ``noddy replay``: a game in the terminal, scripted games, records."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from noddy.cards import Card, parse_cards
from noddy.cli.common import (
    PartnersOption,
    RulesOption,
    SetOption,
    console,
    err_console,
    load,
    reporting_errors,
)
from noddy.cli.render import board, cards_text, counted_text, event_text
from noddy.errors import IllegalActionError, NoddyError
from noddy.game import Action, EventKind, GameState, LegalActions, PlayerView, new_game
from noddy.players import PLAYERS, Player, make_player, next_action
from noddy.record import GameRecord, Seat
from noddy.words import side_name, stake_line

__all__ = ["play", "replay"]

HUMAN = "human"


def _seats(spec: str | None, players: int) -> list[str]:
    kinds = [k.strip() for k in spec.split(",")] if spec else [HUMAN] + ["greedy"] * (players - 1)
    if len(kinds) != players:
        raise NoddyError(f"--seats names {len(kinds)} seat(s) but the game has {players} players")
    for kind in kinds:
        if kind != HUMAN and kind not in PLAYERS:
            raise NoddyError(f"unknown seat {kind!r}; use human or one of: {', '.join(PLAYERS)}")
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


class Terminal:
    """Prints a game from one seat's view and asks a human for actions at the prompt."""

    def __init__(self, names: list[str], watcher: int | None) -> None:
        self.names = names
        self.watcher = watcher
        self.shown = 0
        self.scores: list[int] = []
        self.board_shown: tuple[int, ...] | None = None

    def show_events(self, view: PlayerView) -> None:
        """Print the events of ``view`` (the watcher's) not shown yet, with the board after each deal."""
        if not self.scores:
            self.scores = [0] * len(view.scores)
        for event in view.events[self.shown :]:
            if event.seat is not None and event.points:
                self.scores[view.side_of(event.seat)] += event.points
            line = event_text(event, self.names, view.rules, view.partners)
            if line is not None:
                console.print(line)
            if event.kind == EventKind.DEAL_END:
                console.print(board(view, self.names, self.scores))
        self.shown = len(view.events)

    def ask(self, view: PlayerView) -> Action:
        console.print()
        if view.scores != self.board_shown:
            console.print(board(view, self.names))
            self.board_shown = view.scores
        crib = view.rules.crib.kind
        if crib == "dealer":
            owner = "yours" if view.dealer == view.seat else f"{escape(self.names[view.dealer])}'s"
            console.print(f"[dim]The crib is {owner}.[/]")
        if view.turnup is not None:
            console.print(f"Turned up: {cards_text([view.turnup])}   Count: [bold]{view.count}[/]")
        if view.pile:
            console.print("Pile: " + cards_text([c for _, c in view.pile]))
        counted = counted_text(view, self.names)
        if counted is not None:
            console.print(counted)
        console.print(
            "Your hand: " + "  ".join(f"{i}) {cards_text([c])}" for i, c in enumerate(view.hand, 1))
        )
        prompt = _prompt(view)
        while True:
            text = console.input(f"[bold]{prompt}[/] ").strip()
            try:
                return _read(text, view)
            except NoddyError as exc:
                console.print(f"[red]{escape(str(exc))}[/]")


class HumanSeat:
    """A person at the terminal, as a `Player`: shown what happened, then asked for an action."""

    name = HUMAN

    def __init__(self, terminal: Terminal, hot_seat: bool) -> None:
        self.terminal = terminal
        self.hot_seat = hot_seat

    def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action:
        if self.hot_seat and view.seat is not None:
            self.terminal.watcher = view.seat
            console.print(f"[bold]{escape(self.terminal.names[view.seat])}[/], your turn (others look away).")
        self.terminal.show_events(view)
        return self.terminal.ask(view)


def _prompt(view: PlayerView) -> str:
    kinds = {a.kind for a in view.legal}
    if "discard" in kinds:
        n = len(view.legal[0].cards)
        return f"Lay {n} card(s) away to the crib (numbers or cards, e.g. '1 2'):"
    if view.declare is not None:
        low, high = view.declare.start, view.declare.stop - 1
        return f"Your count: press Enter to count it, or type the points you declare ({low}-{high}):"
    if "muggins" in kinds:
        return "Your opponent missed points: claim them? (y/n):"
    if kinds == {"go"}:
        return "You cannot play within 31: press Enter to say Go:"
    extra = " or 'go'" if "go" in kinds else ""
    return f"Play a card (number or card{extra}):"


def _pick(words: list[str], hand: tuple[Card, ...]) -> tuple[Card, ...]:
    if all(w.isdigit() for w in words):
        picked = []
        for w in words:
            n = int(w)
            if not 1 <= n <= len(hand):
                raise NoddyError(f"{n} is not a card number; your cards are numbered 1 to {len(hand)}")
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
        if len(words) == 1 and words[0].isdigit():
            return _allowed(Action.declare(seat, int(words[0])), view)
        raise NoddyError(f"{text!r}: press Enter to count, or type a number such as 6")
    if "muggins" in kinds:
        answer = text.lower()[:1]
        if answer in ("y", "n"):
            return Action("muggins" if answer == "y" else "pass", seat)
        raise NoddyError("answer y (claim the points) or n")
    if "discard" in kinds:
        cards = _pick(words, view.hand)
        action = Action.discard(seat, cards)
        if action not in legal:
            need = len(legal[0].cards)
            raise NoddyError(f"lay away {need} different card(s) from your hand, e.g. '1 2'")
        return action
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


def play(
    rules_name: RulesOption = "willughby",
    set_: SetOption = None,
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="2, 3 or 4 (as the rules allow).")
    ] = None,
    partners: PartnersOption = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats", help="Who sits where, e.g. human,greedy (kinds: human, " + ", ".join(PLAYERS) + ")."
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for a repeatable game.")] = None,
    record: Annotated[
        Path | None, typer.Option("--record", help="Save the game record to this file.")
    ] = None,
) -> None:
    """Play a game in the terminal against the computer (or watch computers play one)."""
    with reporting_errors():
        rules = load(rules_name, set_)
        n = players or (len(seats.split(",")) if seats else rules.player_counts[0])
        kinds = _seats(seats, n)
        state = new_game(rules, n, partners=partners)
    names = _names(kinds)
    computers: dict[int, Player] = {i: make_player(k) for i, k in enumerate(kinds) if k != HUMAN}
    humans = [i for i, k in enumerate(kinds) if k == HUMAN]
    seed = seed if seed is not None else random.randrange(1_000_000)
    rng = random.Random(seed)
    terminal = Terminal(names, humans[0] if len(humans) == 1 else None)
    title = rules.title or rules.name
    console.print(f"[bold]{escape(title)}[/] — {', '.join(escape(x) for x in names)} (seed {seed})")
    if state.partners:
        console.print(
            f"Partners: {escape(side_name(names, 0, True))} against {escape(side_name(names, 1, True))}"
        )
    seat_list = [Seat(name, kind) for name, kind in zip(names, kinds, strict=True)]
    preset = rules_name if not rules_name.endswith(".toml") else None
    try:
        seat_players = [computers.get(i) or HumanSeat(terminal, len(humans) > 1) for i in range(n)]
        while not state.is_over:
            state = state.apply(next_action(state, seat_players, rng))
        terminal.show_events(state.view(terminal.watcher))
    except (KeyboardInterrupt, EOFError):
        err_console.print("\nGame stopped.")
        if record is not None:
            GameRecord.start(state, seat_list, preset=preset, overrides=set_ or (), seed=seed).save(record)
            err_console.print(f"The game so far is saved in {record}.")
        raise typer.Exit(130) from None
    _show_end(state, names)
    if record is not None:
        GameRecord.start(state, seat_list, preset=preset, overrides=set_ or (), seed=seed).save(record, state)
        console.print(f"Record saved to {record}")


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
            final = rec.verify()
            result = f"scores {list(final.scores)}"
            if final.is_over:
                result += ", " + ("a draw" if final.winner is None else f"side {final.winner} won")
            console.print(f"[green]{file}: the record is sound[/] ({len(rec.actions)} actions; {result})")
            return
    names = [s.name for s in rec.seats]
    terminal = Terminal(names, None)
    final = rec.final()
    if not final.is_over:
        console.print("[dim]The game is not over: the hands stay hidden.[/]")
    positions = final.replay() if final.is_over else ((state, None) for state in rec.states())
    previous: GameState | None = None
    for state, shown in positions:
        if previous is not None and not to_end and state.history[-1].seat is not None:
            try:
                console.input("[dim](Enter for the next step)[/]")
            except EOFError:
                to_end = True
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
