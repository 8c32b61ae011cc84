"""``noddy play`` and ``noddy replay``: a game in the terminal, scripted games, records."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from noddy.cards import Card
from noddy.cli.common import (
    COMPUTERS,
    HUMAN,
    PartnersOption,
    PlayersOption,
    Quit,
    RulesOption,
    SetOption,
    ask_line,
    console,
    err_console,
    load,
    parse_seats,
    reporting_errors,
    rules_title,
    seats_help,
)
from noddy.cli.play_count import CountCoach, CountYourselfOption, glossary_help
from noddy.cli.play_record import check_record_path, save_record
from noddy.cli.play_undo import TerminalUndo, UndoAsked
from noddy.cli.render import board, cards_text, counted_text, event_text
from noddy.errors import IllegalActionError, NoddyError
from noddy.game import Action, ActionKind, EventKind, GameState, LegalActions, PlayerView, new_game
from noddy.players import Player, make_player, next_action
from noddy.record import GameRecord, Seat
from noddy.scoring import PLAY_LIMIT
from noddy.words import (
    Reason,
    cannot_play,
    card_typed,
    check_language,
    is_undo,
    phrase,
    read_cards,
    record_name,
    side_name,
    stake_line,
    terminal_phrase,
    undo_phrase,
    yes_or_no,
)

__all__ = ["play", "replay"]

LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang", metavar="LANG", help="Language: en or fr.", show_default="the rule set's own language"
    ),
]


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


def _ask(prompt: str, help_text: str) -> str:
    """A line typed at ``prompt`` (in bold): ``?`` shows ``help_text``, ``q`` raises `Quit`."""
    return ask_line(f"[bold]{prompt}[/] ", help_text)


class Terminal:
    """Prints a game from a seat's view and asks a human for actions at the prompt; with several
    people at one screen (hot-seat), clears it between two people's turns."""

    def __init__(
        self, names: list[str], watcher: int | None, hot_seat: bool = False, lang: str = "en"
    ) -> None:
        self.names = names
        self.watcher = watcher
        self.hot_seat = hot_seat
        self.lang = lang
        self.shown: dict[int | None, int] = {}
        self.scores_shown: tuple[int, ...] | None = None
        self.undo_offered = False
        self.coach: CountCoach | None = None

    def rewound(self, view: PlayerView) -> None:
        """After moves were taken back: ``view``'s events count as shown, the score is shown again."""
        self.shown[view.seat] = len(view.events)
        self.scores_shown = None

    def show_events(self, view: PlayerView, hands: Sequence[Sequence[Card]] = ()) -> None:
        """Print the events of ``view`` this seat has not been shown, with the board after each deal;
        ``hands`` (a finished game's replay: every seat's hand as dealt) under the deal's heading."""
        start = self.shown.get(view.seat, 0)
        for number, event in enumerate(view.events[start:], start=start + 1):
            line = event_text(event, self.names, view.rules, view.partners, self.lang)
            if line is not None:
                console.print(line)
            if event.kind == EventKind.DEAL and hands:
                console.print(f"[dim]{terminal_phrase('replay.dealt', self.lang)}[/]")
                for seat, hand in enumerate(hands):
                    name, cards = escape(self.names[seat]), cards_text(hand, self.lang)
                    said = terminal_phrase("replay.hand", self.lang, name=name, cards=cards)
                    console.print("  " + said)
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
        _ask(
            terminal_phrase("your_turn", self.lang, name=escape(name)),
            terminal_phrase("keys_help", self.lang),
        )
        self.watcher = seat
        self.scores_shown = None

    def ask(self, view: PlayerView) -> Action:
        lang = self.lang
        console.print()
        if view.scores != self.scores_shown:
            console.print(_score_line(view, self.names, lang))
            self.scores_shown = view.scores
        if view.rules.crib.kind == "dealer" and view.phase in ("discard", "play"):
            mine = view.dealer == view.seat
            owner = terminal_phrase(
                "crib.you" if mine else "crib.one", lang, name=escape(self.names[view.dealer])
            )
            console.print(f"[dim]{owner}[/]")
        counted = counted_text(view, self.names, lang)
        if counted is not None:
            console.print(counted)
            practised = self.coach.ask(view) if self.coach is not None else None
            if practised is not None:
                return practised
        elif view.phase != "muggins":
            if view.turnup is not None:
                cards = cards_text([view.turnup], lang)
                console.print(terminal_phrase("turnup", lang, cards=cards, count=f"[bold]{view.count}[/]"))
            if view.pile:
                pile = cards_text([c for _, c in view.pile], lang)
                console.print(terminal_phrase("pile", lang, cards=pile))
            hand = "  ".join(f"{i}) {cards_text([c], lang)}" for i, c in enumerate(view.hand, 1))
            console.print(terminal_phrase("hand", lang, cards=hand))
        prompt = _prompt(view, self.names, lang)
        while True:
            text = _ask(prompt, _help(view, lang, self.undo_offered))
            if is_undo(text, lang) and view.seat is not None:
                raise UndoAsked(view.seat)
            try:
                return _read(text, view, lang)
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


def _score_line(view: PlayerView, names: list[str], lang: str) -> str:
    """The score in one line: "Score: You: 12 · Greedy: 9 (game 31)"."""
    sides = " · ".join(
        terminal_phrase(
            "score.side", lang, name=escape(side_name(names, side, view.partners)), score=f"[bold]{score}[/]"
        )
        for side, score in enumerate(view.scores)
    )
    if view.rules.game.end == "target":
        return terminal_phrase("score_to", lang, sides=sides, target=view.rules.game.target)
    return terminal_phrase("score", lang, sides=sides)


def _prompt(view: PlayerView, names: list[str], lang: str = "en") -> str:
    kinds = view.legal.kinds
    if "discard" in kinds:
        n = len(view.legal[0].cards)
        example = " ".join(str(i) for i in range(1, n + 1))
        return terminal_phrase(
            "prompt.discard.one" if n == 1 else "prompt.discard.many", lang, n=n, example=example
        )
    if view.declare is not None:
        what = view.counting[0] if view.counting is not None else "hand"
        low, high = view.declare.start, view.declare.stop - 1
        return terminal_phrase(f"prompt.declare.{what}", lang, low=low, high=high)
    if "muggins" in kinds and view.muggins is not None:
        declarer, missed = view.muggins
        key = "prompt.muggins.one" if missed == 1 else "prompt.muggins.many"
        return terminal_phrase(key, lang, name=escape(names[declarer]), points=missed)
    if kinds == {"go"}:
        return terminal_phrase("prompt.go", lang, cannot=cannot_play(lang))
    return terminal_phrase("prompt.play_or_go" if "go" in kinds else "prompt.play", lang)


def _help(view: PlayerView, lang: str, undo: bool = False) -> str:
    """What may be typed at this seat's prompt now (``undo``: and ``u``, at a table that offers it)."""
    kinds = view.legal.kinds
    cards_help = terminal_phrase("cards_help", lang)
    if "discard" in kinds:
        what = terminal_phrase("help.discard", lang, cards_help=cards_help)
    elif view.declare is not None:
        what = terminal_phrase("help.declare", lang)
    elif "muggins" in kinds:
        what = terminal_phrase("help.muggins", lang)
    else:
        what = terminal_phrase("help.play", lang, cards_help=cards_help, limit=PLAY_LIMIT)
    undo_help = f"\n{undo_phrase('help', lang)}" if undo else ""
    return f"{what}{undo_help}\n{terminal_phrase('keys_help', lang)}\n{glossary_help(view.rules, lang)}"


def _number(word: str, what: str, lang: str) -> int:
    """``word`` as a number, refusing one too long to mean anything here."""
    if len(word) > 9:
        raise NoddyError(terminal_phrase("error.long_number", lang, start=word[:9], what=what))
    return int(word)


def _pick(words: list[str], hand: tuple[Card, ...], lang: str) -> tuple[Card, ...]:
    if all(w.isascii() and w.isdecimal() for w in words):
        numbered = terminal_phrase("error.numbered", lang, n=len(hand))
        picked = []
        for w in words:
            n = _number(w, numbered, lang)
            if not 1 <= n <= len(hand):
                raise NoddyError(terminal_phrase("error.not_a_number", lang, n=n, numbered=numbered))
            picked.append(hand[n - 1])
        return tuple(picked)
    return read_cards(" ".join(words), lang)


def _read(text: str, view: PlayerView, lang: str = "en") -> Action:
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
            what = terminal_phrase("error.declare_range", lang, low=points.start, high=points.stop - 1)
            return _allowed(Action.declare(seat, _number(words[0], what, lang)), view, lang)
        raise NoddyError(terminal_phrase("error.count", lang, text=repr(text)))
    if "muggins" in kinds:
        claim = yes_or_no(text, lang)
        if claim is not None:
            return Action(ActionKind.MUGGINS if claim else ActionKind.PASS, seat)
        raise NoddyError(terminal_phrase("error.yes_no", lang))
    if "discard" in kinds:
        need = len(legal[0].cards)
        if not words:
            raise NoddyError(terminal_phrase("error.discard_none", lang, need=need))
        cards = _pick(words, view.hand, lang)
        if len(cards) != need:
            key = "error.discard_count.one" if need == 1 else "error.discard_count.many"
            example = " ".join(str(i) for i in range(1, need + 1))
            raise IllegalActionError(terminal_phrase(key, lang, need=need, given=len(cards), example=example))
        return _allowed(Action.discard(seat, cards), view, lang)
    if not words or words[0].lower() == "go":
        return _go(view, lang)
    cards = _pick(words, view.hand, lang)
    if len(cards) != 1:
        raise NoddyError(Reason("one_card").say(lang))
    card = cards[0]
    if card not in view.hand:
        raise NoddyError(Reason("not_held", card=card, hand=view.hand).say(lang))
    return _allowed(Action.play(seat, card), view, lang)


def _go(view: PlayerView, lang: str) -> Action:
    """A Go (typed, or Enter), if the seat may say it; else the engine's reason, and what to type
    instead: a card that fits, by its number or its name."""
    seat = view.seat
    assert seat is not None
    go = Action.go(seat)
    playable = [a.card for a in view.legal if a.kind == "play"]
    if go in view.legal or not playable:
        return _allowed(go, view, lang)
    number = view.hand.index(playable[0]) + 1
    raise IllegalActionError(
        terminal_phrase(
            "error.go",
            lang,
            reason=_said(view.why_not(go), lang),
            n=len(view.hand),
            number=number,
            card=card_typed(playable[0], lang),
        )
    )


def _allowed(action: Action, view: PlayerView, lang: str) -> Action:
    """``action`` if the seat may take it now, else the engine's reason why not, in ``lang`` (its
    cards as written, as they are typed)."""
    why = view.why_not(action)
    if why:
        raise IllegalActionError(_said(why, lang))
    return action


def _said(why: str, lang: str) -> str:
    """The engine's reason in ``lang``, its cards as written (as they are typed)."""
    return why.say(lang, pretty=False) if isinstance(why, Reason) else why


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
    lang: LangOption = None,
    count_yourself: CountYourselfOption = False,
) -> None:
    """Play a game in the terminal against the computer (or watch computers play one).

    Name cards by their number in your hand (1 2) or as written (5h 10d J♠); press Enter to count
    your hand or to say Go. At any prompt ? shows help and q stops the game (Ctrl-C too); with
    --record the game so far is saved. Alone against the computer, u takes back your last move.
    """
    with reporting_errors():
        rules = load(rules_name, set_)
        kinds = _seats(seats, players, rules.player_counts)
        n = len(kinds)
        state = new_game(rules, n, partners=partners)
        if record is not None:
            check_record_path(record)
        lang = lang or rules.language
        check_language(lang)
    names = _names(kinds, lang)
    computers: dict[int, Player] = {i: make_player(k) for i, k in enumerate(kinds) if k != HUMAN}
    humans = [i for i, k in enumerate(kinds) if k == HUMAN]
    seed = seed if seed is not None else random.randrange(1_000_000)
    rng = random.Random(seed)
    watcher = humans[0] if len(humans) == 1 else None
    coach = CountCoach(rules, lang) if count_yourself and humans else None
    terminal = Terminal(names, watcher, hot_seat=len(humans) > 1, lang=lang)
    undo = TerminalUndo(names, humans, lang)
    terminal.undo_offered = undo.offered(state, watcher)
    terminal.coach = coach
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
    if coach is not None:
        coach.start()
    # The record keeps the person's and numbered players' names in English, as it keeps cards in
    # notation: a reader says them in its own language (`record_name`).
    seat_list = [Seat(name, kind) for name, kind in zip(_names(kinds, "en"), kinds, strict=True)]
    preset = rules_name if not rules_name.endswith(".toml") else None

    def recorded(state: GameState) -> GameRecord:
        return GameRecord.start(
            state, seat_list, preset=preset, overrides=set_ or (), seed=seed, undos=undo.count
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
        terminal.show_events(state.view(terminal.watcher))
    except (KeyboardInterrupt, EOFError, Quit) as stop:
        err_console.print("\n" + terminal_phrase("stopped", lang))
        for line in coach.tally_lines(names) if coach is not None else ():
            err_console.print(escape(line))
        if record is not None and save_record(recorded(state), record, None, lang):
            err_console.print(terminal_phrase("saved_so_far", lang, path=escape(str(record))))
        raise typer.Exit(0 if isinstance(stop, Quit) else 130) from None
    _show_end(state, names, lang)
    for line in coach.tally_lines(names) if coach is not None else ():
        console.print(escape(line))
    if record is not None and save_record(recorded(state), record, state, lang):
        console.print(terminal_phrase("saved", lang, path=escape(str(record))))
    elif record is not None:
        raise typer.Exit(1)


def replay(
    file: Annotated[Path, typer.Argument(help="A game record (.json).")],
    to_end: Annotated[bool, typer.Option("--to-end", help="Print the whole game without stopping.")] = False,
    verify: Annotated[
        bool, typer.Option("--verify", help="Replay and check every state; exit 0 if sound.")
    ] = False,
    lang: LangOption = None,
) -> None:
    """Walk through a saved game step by step, or check that it replays."""
    with reporting_errors():
        rec = GameRecord.load(file)
        lang = lang or rec.rules.language
        check_language(lang)
        if verify:
            final = rec.verify(kinds=(HUMAN, *COMPUTERS))
            result = terminal_phrase("verify.scores", lang, scores=list(final.scores))
            if final.is_over:
                end = terminal_phrase("verify.draw", lang) if final.winner is None else None
                result += ", " + (end or terminal_phrase("verify.won", lang, side=final.winner))
            sound = terminal_phrase("verify.sound", lang, file=escape(str(file)))
            detail = terminal_phrase("verify.detail", lang, n=len(rec.actions), result=result)
            console.print(f"[green]{sound}[/] {detail}")
            return
        final = rec.final()
    names = [record_name(s.name, s.kind, lang) for s in rec.seats]
    terminal = Terminal(names, None, lang=lang)
    if not final.is_over:
        console.print(f"[dim]{terminal_phrase('replay.hidden', lang)}[/]")
    positions = final.replay() if final.is_over else ((state, None) for state in rec.states())
    previous: GameState | None = None
    for state, shown in positions:
        if previous is not None and not to_end and state.history[-1].seat is not None:
            try:
                _ask(f"[dim]{terminal_phrase('replay.next', lang)}[/]", terminal_phrase("replay.help", lang))
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
    """The board at the end, and the stake of a game won by a lurch or more (play and replay alike)."""
    console.print(board(state.view(None), names))
    line = stake_line(state.stake, lang) if state.winner is not None else None
    if line is not None:
        console.print(escape(line))
