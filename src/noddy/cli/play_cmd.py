"""``noddy play`` and ``noddy replay``: a game in the terminal, scripted games, records."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from noddy.analysis.winchance import readiness
from noddy.cli.common import (
    COMPUTERS,
    HUMAN,
    LangOption,
    PartnersOption,
    PlayersOption,
    Quit,
    RulesOption,
    SetOption,
    console,
    err_console,
    language,
    load,
    parse_seats,
    reporting_errors,
    rules_title,
    seats_help,
    usage_error,
)
from noddy.cli.play_count import CountCoach, CountYourselfOption
from noddy.cli.play_extras import deal_summary
from noddy.cli.play_record import check_record_path, save_record
from noddy.cli.play_resume import given_options, load_stopped, resumed_rng
from noddy.cli.play_show import PauseOption
from noddy.cli.play_turns import HumanSeat, Terminal, ask_prompt, deal_start
from noddy.cli.play_undo import TerminalUndo, UndoAsked
from noddy.cli.play_winchance import WinBar, WinChanceOption
from noddy.cli.render import board
from noddy.game import GameState, new_game
from noddy.players import Player, make_player, next_action
from noddy.record import GameRecord, Seat
from noddy.words import (
    command_phrase,
    phrase,
    prompt_phrase,
    record_name,
    side_name,
    sitting_phrase,
    stake_line,
    terminal_phrase,
    win_phrase,
)

__all__ = ["play", "replay"]


def _seats(spec: str | None, players: int | None, rules_counts: tuple[int, ...], lang: str) -> list[str]:
    """The seat kinds from ``--seats`` and ``--players`` (a human and greedy players by default),
    refused in ``lang``."""
    if spec is not None:
        kinds = parse_seats(spec, lang)
        if players is not None and len(kinds) != players:
            usage_error(command_phrase("seats.count", lang, seats=len(kinds), players=players))
    else:
        n = rules_counts[0] if players is None else players
        if n < 1:
            allowed = ", ".join(map(str, rules_counts))
            usage_error(command_phrase("players.none_allowed", lang, count=n, allowed=allowed))
        kinds = [HUMAN] + ["greedy"] * (n - 1)
    for kind in kinds:
        if kind != HUMAN and kind not in COMPUTERS:
            known = ", ".join([HUMAN, *COMPUTERS])
            usage_error(command_phrase("seats.unknown", lang, kind=repr(kind), kinds=known))
    return kinds


def _names(kinds: list[str], lang: str) -> list[str]:
    names = []
    humans = kinds.count(HUMAN)
    for i, kind in enumerate(kinds):
        if kind == HUMAN:
            names.append(phrase("you", lang) if humans == 1 else terminal_phrase("player", lang, n=i + 1))
        else:
            same = [k for k in kinds if k == kind]
            names.append(f"{kind.capitalize()}" + (f" {i + 1}" if len(same) > 1 else ""))
    return names


def play(
    ctx: typer.Context,
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
    lang: LangOption = None,
    count_yourself: CountYourselfOption = False,
    win_chance: WinChanceOption = None,
    pause: PauseOption = False,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            metavar="FILE",
            help="Play on a game stopped with q and saved with --record: its rules, seats and position"
            " (saved to the same file unless --record names another).",
        ),
    ] = None,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Let --record replace a file that is there already.")
    ] = False,
) -> None:
    """Play a game in the terminal against the computer (or watch computers play one).

    Name cards by their number in your hand (1 2) or as written (5h 10d J♠); press Enter to count
    your hand or to say Go. At any prompt ? shows help and q stops the game (Ctrl-D and Ctrl-C too); with
    --record the game so far is saved, and --resume plays it on. Alone against the computer, u takes
    back your last move and h at a lay-away shows the discard advisor's hint.
    """
    with reporting_errors():
        stopped = None
        if resume is not None:
            stopped, state = load_stopped(resume, given_options(ctx), lang)
            rules, kinds, n = stopped.rules, [s.kind for s in stopped.seats], stopped.players
            set_, seed, record = list(stopped.overrides), stopped.seed, record or resume
            rules_name = stopped.preset or ""
        else:
            rules = load(rules_name, set_)
            kinds = _seats(seats, players, rules.player_counts, language(lang, rules))
            n = len(kinds)
            state = new_game(rules, n, partners=partners)
        lang = language(lang or (stopped.language if stopped is not None else None), rules)
        if record is not None:
            same = resume is not None and record.resolve() == resume.resolve()
            check_record_path(record, lang, overwrite=overwrite or same)
    names = _names(kinds, lang)
    computers: dict[int, Player] = {i: make_player(k) for i, k in enumerate(kinds) if k != HUMAN}
    humans = [i for i, k in enumerate(kinds) if k == HUMAN]
    seed = seed if seed is not None or stopped is not None else random.randrange(1_000_000)
    rng = random.Random(seed) if stopped is None else resumed_rng(seed, len(state.history))
    watcher = humans[0] if len(humans) == 1 else None
    coach = CountCoach(rules, lang) if count_yourself and humans else None
    terminal = Terminal(names, watcher, hot_seat=len(humans) > 1, lang=lang)
    undo = TerminalUndo(names, humans, lang)
    terminal.undo_offered = undo.offered(state, watcher)
    terminal.hints = len(humans) == 1 and n > 1
    terminal.coach = coach
    terminal.pause = pause
    ready = readiness(rules, n, state.partners)
    if ready == "ready":
        terminal.winbar = WinBar(humans, names, lang, win_chance)
    title = rules_title(rules, set_, lang)
    names_text = ", ".join(escape(x) for x in names)
    console.print(
        terminal_phrase("title", lang, title=f"[bold]{escape(title)}[/]", names=names_text, seed=seed)
    )
    if state.partners:
        first, second = (escape(side_name(names, side, True)) for side in (0, 1))
        console.print(terminal_phrase("partners", lang, first=first, second=second))
    if humans:
        console.print(f"[dim]{escape(terminal_phrase('keys_help', lang))}[/]", soft_wrap=False)
    if ready != "ready" and (win_chance or (win_chance is None and len(humans) == 1)):
        console.print(f"[dim]{escape(win_phrase(f'bar.{ready}', lang))}[/]")
    if coach is not None:
        coach.start()
    if stopped is not None and resume is not None:
        undo.count = stopped.undos
        moves = len(state.history)
        console.print(sitting_phrase("resume.resumed", lang, path=escape(str(resume)), moves=moves))
        console.print(board(state.view(None), names))
        for seat in humans:
            terminal.shown[seat] = deal_start(state, seat)
    # The record keeps the person's and numbered players' names in English, as it keeps cards in
    # notation: a reader says them in its own language (`record_name`).
    seat_list = [Seat(name, kind) for name, kind in zip(_names(kinds, "en"), kinds, strict=True)]
    preset = rules_name if rules_name and not rules_name.endswith(".toml") else None

    def recorded(state: GameState) -> GameRecord:
        return GameRecord.start(
            state, seat_list, preset=preset, overrides=set_ or (), seed=seed, undos=undo.count, language=lang
        )

    try:
        seat_players = [computers.get(i) or HumanSeat(terminal) for i in range(n)]
        while not state.is_over:
            try:
                action = next_action(state, seat_players, rng)
            except UndoAsked as asked:
                state = undo.take_back(state, asked.seat)
                terminal.rewound(state.view(asked.seat))
                continue
            state = state.apply(action)
        terminal.finish(state)
    except (KeyboardInterrupt, EOFError, Quit) as stop:
        terminal.leave_private()
        err_console.print("\n" + terminal_phrase("stopped", lang))
        for line in coach.tally_lines(names) if coach is not None else ():
            err_console.print(escape(line))
        if record is None and humans:
            err_console.print(escape(prompt_phrase("stopped.unsaved", lang)))
        elif record is not None and save_record(recorded(state), record, None, lang):
            err_console.print(sitting_phrase("resume.saved", lang, path=escape(str(record))))
        raise typer.Exit(130 if isinstance(stop, KeyboardInterrupt) else 0) from None
    finally:
        terminal.leave_private()
    _show_end(state, names, lang)
    for line in coach.tally_lines(names) if coach is not None else ():
        console.print(escape(line))
    if record is not None and save_record(recorded(state), record, state, lang):
        console.print(terminal_phrase("saved", lang, path=escape(str(record))))
    elif record is not None:
        raise typer.Exit(1)


def replay(
    file: Annotated[Path, typer.Argument(metavar="RECORD", help="A game record (.json).")],
    to_end: Annotated[bool, typer.Option("--to-end", help="Print the whole game without stopping.")] = False,
    verify: Annotated[
        bool, typer.Option("--verify", help="Replay and check every state; exit 0 if sound.")
    ] = False,
    lang: LangOption = None,
) -> None:
    """Walk through a saved game step by step, or check that it replays."""
    with reporting_errors():
        rec = GameRecord.load(file)
        lang = language(lang or rec.language, rec.rules)
        final = rec.verify(kinds=(HUMAN, *COMPUTERS))
        if verify:
            result = terminal_phrase("verify.scores", lang, scores=list(final.scores))
            if final.is_over:
                end = terminal_phrase("verify.draw", lang) if final.winner is None else None
                result += ", " + (end or terminal_phrase("verify.won", lang, side=final.winner))
            sound = terminal_phrase("verify.sound", lang, file=escape(str(file)))
            detail = terminal_phrase("verify.detail", lang, n=len(rec.actions), result=result)
            console.print(f"[green]{sound}[/] {detail}")
            return
    names = [record_name(s.name, s.kind, lang) for s in rec.seats]
    terminal = Terminal(names, None, lang=lang)
    if not final.is_over:
        console.print(f"[dim]{terminal_phrase('replay.hidden', lang)}[/]")
    positions = final.replay() if final.is_over else ((state, None) for state in rec.states())
    previous: GameState | None = None
    for state, shown in positions:
        if previous is not None and not to_end and state.history[-1].seat is not None:
            try:
                ask_prompt(
                    f"[dim]{terminal_phrase('replay.next', lang)}[/]", terminal_phrase("replay.help", lang)
                )
            except EOFError:
                to_end = True
            except Quit:
                err_console.print("\n" + terminal_phrase("replay.stopped", lang))
                return
        terminal.show_events(state.view(None), shown.hands if shown is not None else ())
        previous = state
    if previous is not None:
        _show_end(previous, names, lang)


def _show_end(state: GameState, names: list[str], lang: str) -> None:
    """The points deal by deal, the board at the end, and the stake of a game won by a lurch or more
    (play and replay alike)."""
    for summary in deal_summary(state.view(None), names, lang):
        console.print(summary)
    console.print(board(state.view(None), names))
    line = stake_line(state.stake, lang) if state.winner is not None else None
    if line is not None:
        console.print(escape(line))
