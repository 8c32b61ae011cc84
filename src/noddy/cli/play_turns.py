"""A person's turn in ``noddy play``: the `Terminal` that shows a seat what happened and asks for
its action at the prompt (the prompt, its help, and reading what was typed), and `HumanSeat`, the
person as a `Player`."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rich.markup import escape

from noddy.cards import Card
from noddy.cli.common import HUMAN, ask_line, console
from noddy.cli.play_count import CountCoach, glossary_help
from noddy.cli.play_extras import laid_away_text, show_hint
from noddy.cli.play_show import COUNTS, STOPS, count_lines
from noddy.cli.play_undo import UndoAsked
from noddy.cli.play_winchance import WinBar
from noddy.cli.render import board, cards_text, counted_text, event_text
from noddy.errors import IllegalActionError, NoddyError
from noddy.game import Action, ActionKind, EventKind, GameState, LegalActions, Phase, PlayerView
from noddy.scoring import PLAY_LIMIT
from noddy.words import (
    Reason,
    cannot_play,
    card_typed,
    is_bar_key,
    is_hint,
    is_undo,
    prompt_phrase,
    read_cards,
    say_error,
    side_name,
    sitting_phrase,
    terminal_phrase,
    undo_phrase,
    win_phrase,
    yes_or_no,
)

__all__ = ["HumanSeat", "Terminal", "ask_prompt", "deal_start", "prompt_for", "read_action"]


def deal_start(state: GameState, seat: int | None) -> int:
    """Where the current deal starts in ``seat``'s events (0 before the first deal): what is shown
    of a game met part-way (played on from a record, or ended at a hot-seat table)."""
    events = state.view(seat).events
    return max((i for i, e in enumerate(events) if e.kind == EventKind.DEAL), default=0)


def ask_prompt(prompt: str, help_text: str) -> str:
    """A line typed at ``prompt`` (in bold): ``?`` shows ``help_text``, ``q`` raises `Quit`."""
    return ask_line(f"[bold]{prompt}[/] ", help_text)


class Terminal:
    """Prints a game from a seat's view and asks a human for actions at the prompt. With several
    people at one screen (hot-seat), each person's turn is shown on a private screen (the terminal's
    alternate screen, which keeps no scroll-back) that is left between two people's turns, so no
    hand can be scrolled back to; where the output is no terminal, the screen is cleared instead."""

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
        self.hints = False
        self.winbar: WinBar | None = None
        self.private = False
        self.confirmed: set[int] = set()
        self.pause = False
        self.unread = False

    def rewound(self, view: PlayerView) -> None:
        """After moves were taken back: ``view``'s events count as shown, the score is shown again."""
        self.shown[view.seat] = len(view.events)
        self.scores_shown = None

    def show_events(self, view: PlayerView, hands: Sequence[Sequence[Card]] = ()) -> None:
        """Print the events of ``view`` this seat has not been shown, with the board after each deal;
        ``hands`` (a finished game's replay: every seat's hand as dealt) under the deal's heading."""
        start = self.shown.get(view.seat, 0)
        for number, event in enumerate(view.events[start:], start=start + 1):
            if self.pause and self.unread and event.kind in STOPS:
                self._wait("pause.count")
            if event.kind in COUNTS:
                for said in count_lines(view, number, self.names, self.lang):
                    console.print(said)
                self.unread = True
                line = None
            elif event.kind == EventKind.DISCARD and view.seat is not None and event.seat == view.seat:
                line = self._own_lay_away(view)
            else:
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
                bar = self.winbar.after_deal(view, number) if self.winbar is not None else None
                if bar is not None:
                    console.print(bar)
                self.scores_shown = view.scores
                if self.pause and not self.hot_seat and number < len(view.events):
                    self._wait("pause.deal")
        self.shown[view.seat] = len(view.events)

    def _wait(self, key: str) -> None:
        """With ``--pause``: stop at the prompt ``key`` until Enter (``q`` stops the game, as at any
        prompt), so a count or a deal's summary is read before the next is shown."""
        keys = terminal_phrase("keys_help", self.lang)
        ask_prompt(
            f"[dim]{terminal_phrase(key, self.lang)}[/]", terminal_phrase("pause.help", self.lang, keys=keys)
        )
        self.unread = False

    def _own_lay_away(self, view: PlayerView) -> str | None:
        """The seat's own lay-away as its holder sees it: nothing if it was confirmed when it was
        typed, else (a game played on from a record) the cards laid away, said back."""
        if view.seat in self.confirmed:
            self.confirmed.discard(view.seat)
            return None
        return laid_away_text(view, view.discards, self.names, self.lang)

    def hand_over(self, seat: int) -> None:
        """Hot-seat: leave the last person's private screen, wait for ``seat``'s person on the shared
        one, then give them a private screen of their own, so nobody reads another's hand."""
        if self.watcher == seat:
            return
        if not self.leave_private() and self.watcher is not None:
            console.clear()
        name = self.names[seat]
        ask_prompt(
            terminal_phrase("your_turn", self.lang, name=escape(name)),
            terminal_phrase("keys_help", self.lang),
        )
        self.private = console.set_alt_screen(True)
        self.watcher = seat
        self.scores_shown = None

    def leave_private(self) -> bool:
        """Back from a person's private screen to the shared one, all that was shown there gone
        (the game's end, a stop, the next person's turn); whether there was one to leave."""
        if not self.private:
            return False
        console.set_alt_screen(False)
        self.private = False
        return True

    def finish(self, state: GameState) -> None:
        """The events of a finished game not yet shown: to the one person, from their seat; at a
        hot-seat table, the last deal's as everyone saw it, on the shared screen."""
        if not self.hot_seat:
            self.show_events(state.view(self.watcher))
            return
        self.leave_private()
        self.shown[None] = deal_start(state, None)
        self.show_events(state.view(None))

    def ask(self, view: PlayerView) -> Action:
        lang = self.lang
        self.unread = False
        console.print()
        if view.scores != self.scores_shown:
            console.print(_score_line(view, self.names, lang))
            self.scores_shown = view.scores
        if view.rules.crib.kind == "dealer" and view.phase in (Phase.DISCARD, Phase.PLAY):
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
        elif view.phase is not Phase.MUGGINS:
            if view.turnup is not None:
                cards = cards_text([view.turnup], lang)
                console.print(terminal_phrase("turnup", lang, cards=cards, count=f"[bold]{view.count}[/]"))
            if view.pile:
                pile = cards_text([c for _, c in view.pile], lang)
                console.print(terminal_phrase("pile", lang, cards=pile))
            hand = "  ".join(f"{i}) {cards_text([c], lang)}" for i, c in enumerate(view.hand, 1))
            console.print(terminal_phrase("hand", lang, cards=hand))
        prompt = prompt_for(view, self.names, lang)
        while True:
            helped = _help(view, lang, self.undo_offered, self.hints, self.winbar is not None)
            text = ask_prompt(prompt, helped)
            if is_undo(text, lang) and view.seat is not None:
                raise UndoAsked(view.seat)
            if self.winbar is not None and is_bar_key(text, lang) and view.seat is not None:
                console.print(f"[yellow]{escape(self.winbar.toggle(view.seat))}[/]")
                continue
            if self.hints and is_hint(text, lang):
                if ActionKind.DISCARD in view.legal.kinds:
                    show_hint(view, lang)
                else:
                    console.print(f"[yellow]{escape(prompt_phrase('hint.not_now', lang))}[/]")
                continue
            try:
                action = read_action(text, view, lang)
            except NoddyError as exc:
                console.print(f"[red]{escape(say_error(exc, lang))}[/]")
                continue
            if action.kind is ActionKind.DISCARD and view.seat is not None:
                console.print(laid_away_text(view, action.cards, self.names, lang))
                self.confirmed.add(view.seat)
            return action


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


def prompt_for(view: PlayerView, names: list[str], lang: str = "en") -> str:
    kinds = view.legal.kinds
    if ActionKind.DISCARD in kinds:
        n = len(view.legal[0].cards)
        example = " ".join(str(i) for i in range(1, n + 1))
        return terminal_phrase(
            "prompt.discard.one" if n == 1 else "prompt.discard.many", lang, n=n, example=example
        )
    if view.declare is not None:
        what = view.counting[0] if view.counting is not None else "hand"
        low, high = view.declare.start, view.declare.stop - 1
        return terminal_phrase(f"prompt.declare.{what}", lang, low=low, high=high)
    if ActionKind.MUGGINS in kinds and view.muggins is not None:
        declarer, missed = view.muggins
        key = "prompt.muggins.one" if missed == 1 else "prompt.muggins.many"
        return terminal_phrase(key, lang, name=escape(names[declarer]), points=missed)
    if kinds == {ActionKind.GO}:
        return terminal_phrase("prompt.go", lang, cannot=cannot_play(lang))
    return terminal_phrase("prompt.play_or_go" if ActionKind.GO in kinds else "prompt.play", lang)


def _help(view: PlayerView, lang: str, undo: bool = False, hints: bool = False, bar: bool = False) -> str:
    """What may be typed at this seat's prompt now (``undo``: and ``u``, at a table that offers it;
    ``hints``: and ``h`` at a lay-away, at a table that offers the advisor; ``bar``: and ``w``, where
    the chance of winning can be shown)."""
    kinds = view.legal.kinds
    cards_help = terminal_phrase("cards_help", lang)
    if ActionKind.DISCARD in kinds:
        what = terminal_phrase("help.discard", lang, cards_help=cards_help)
        what += f"\n{sitting_phrase('hint.help', lang)}" if hints else ""
    elif view.declare is not None:
        what = terminal_phrase("help.declare", lang)
    elif ActionKind.MUGGINS in kinds:
        what = terminal_phrase("help.muggins", lang)
    else:
        what = terminal_phrase("help.play", lang, cards_help=cards_help, limit=PLAY_LIMIT)
    undo_help = f"\n{undo_phrase('help', lang)}" if undo else ""
    undo_help += f"\n{win_phrase('bar.help', lang)}" if bar else ""
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


def read_action(text: str, view: PlayerView, lang: str = "en") -> Action:
    seat = view.seat
    assert seat is not None
    legal = view.legal
    kinds = legal.kinds
    words = text.replace(",", " ").split()
    if ActionKind.COUNT in kinds:
        if not words:
            return Action.count(seat)
        if len(words) == 1 and words[0].isascii() and words[0].isdecimal():
            points = view.declare or range(0)
            what = terminal_phrase("error.declare_range", lang, low=points.start, high=points.stop - 1)
            return _allowed(Action.declare(seat, _number(words[0], what, lang)), view, lang)
        raise NoddyError(terminal_phrase("error.count", lang, text=repr(text)))
    if ActionKind.MUGGINS in kinds:
        claim = yes_or_no(text, lang)
        if claim is not None:
            return Action(ActionKind.MUGGINS if claim else ActionKind.PASS, seat)
        raise NoddyError(terminal_phrase("error.yes_no", lang))
    if ActionKind.DISCARD in kinds:
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
    playable = [a.card for a in view.legal if a.kind is ActionKind.PLAY]
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
    cards as the player sees them)."""
    why = view.why_not(action)
    if why:
        raise IllegalActionError(_said(why, lang))
    return action


def _said(why: str, lang: str) -> str:
    """The engine's reason in ``lang``, its cards as the player sees them ("V♣")."""
    return why.say(lang) if isinstance(why, Reason) else why
