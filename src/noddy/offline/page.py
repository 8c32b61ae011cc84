"""The table page's messages, made from a view: what the page (``static/table.js``) is told of a game
as one seat (or a spectator) may see it, by whichever engine plays it: the server's
(`noddy.web.messages` adds the table's seats, links, undo and win-chance bar) or the page's own, in
the browser with no network (`noddy.offline.OfflineTable`). One builder, so that the page reads the
same message from both; it lives here, with what the browser runs, because the browser cannot import
the web app (FastAPI).

Everything about the game comes from the view: a message never reads another seat's hand. Events are
put in words by `noddy.words`, as the terminal puts them: each event carries its line's parts (words,
and cards to draw), its plain text, and each item of its call with the cards the seat may see, so the
page draws them without reading the text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from noddy.game import (
    EVENT_FACTS,
    Event,
    EventKind,
    GameState,
    Pegs,
    Phase,
    PlayerView,
    Subject,
    deal_points,
    side_pegs,
)
from noddy.rules import Rules
from noddy.words import (
    REASONS,
    cannot_play,
    declared_words,
    event_line,
    of_name,
    play_said,
    reason_name,
    rule_set_words,
    said_items,
    say_reason,
    side_name,
    stake_line,
    that_name,
    unshown_note,
    whose,
)

__all__ = [
    "deal_summaries",
    "event_json",
    "pegs",
    "result_line",
    "rules_title",
    "showing",
    "table_fields",
    "view_fields",
]


def rules_title(preset: str, rules: Rules, lang: str = "en") -> str:
    """The title of the rule set ``preset`` (``rules``) in ``lang``."""
    return rule_set_words(preset, rules.title or rules.name, rules.summary, lang)[0]


def table_fields(preset: str, state: GameState, names: Sequence[str], lang: str = "en") -> dict[str, Any]:
    """The facts of the rules and the sides a table message carries, for a reader whose seat names
    are ``names`` (its own seat "You"), in ``lang``."""
    rules = state.rules
    return {
        "lang": lang,
        "rules": preset,
        "title": rules_title(preset, rules, lang),
        "players": state.players,
        "partners": state.partners,
        "end": rules.game.end,
        "target": rules.game.target,
        "crib": rules.crib.kind,
        "wrong_count": rules.hand.wrong_count,
        "sides": [side_name(names, s, state.partners) for s in range(state.sides)],
        "names": list(names),
        "of": [of_name(name, lang) for name in names],
        "that": [that_name(name, lang) for name in names],
    }


def event_json(
    event: Event, names: Sequence[str], rules: Rules, partners: bool, lang: str = "en"
) -> dict[str, Any]:
    """One event for the browser: its words in ``lang``, and each scoring item with the cards it may show."""
    data = event.to_json()
    line = event_line(event, names, rules, partners, lang)
    if line is not None:
        data.update(line.to_json())
    if EVENT_FACTS[event.kind].called:
        data["called"] = True
    if line is not None and line.call:
        data["items"] = [part.to_json() for part in line.call]
    if line is not None and event.kind in (EventKind.COUNT, EventKind.DECLARE):
        # The call said item by item, for the show's presentation and for speaking it; a hand
        # declared without showing has no call to say, only its number.
        if event.kind == EventKind.COUNT or line.call or event.cards:
            said = said_items(line.call, lang)
            data["said"] = list(said)
            for item, words in zip(data.get("items", ()), said, strict=False):
                item["said"] = words
        if event.kind == EventKind.DECLARE:
            data["declared_words"] = "".join(declared_words(event, lang)).lstrip(" —,")
    if line is not None and event.kind == EventKind.PLAY and event.count is not None:
        data["said"] = [play_said(event.count, line.call, lang)]
    return data


def pegs(view: PlayerView) -> list[list[int]]:
    """Each side's front and back peg (`PlayerView.pegs`) in the hole the board shows it in, as the
    browser draws them (`_pegs`)."""
    return _pegs(view.pegs, view.rules)


def _pegs(sides: Sequence[Pegs], rules: Rules) -> list[list[int]]:
    """The pegs as the board shows them: a peg going out past the game hole stops there
    (`noddy.rules.Game.pegged`)."""
    pegged = rules.game.pegged
    return [[pegged(side.front), pegged(side.back)] for side in sides]


SHOWN = frozenset({EventKind.COUNT, EventKind.DECLARE, EventKind.MUGGINS, EventKind.DEAL_END})
"""The events the table's show presents one by one (`static/show.js`); each carries the pegs after
it, so the board moves as each count is shown, ahead of the message's last state."""


def _events(
    view: PlayerView,
    names: Sequence[str],
    since: int,
    lang: str,
    pegged: tuple[int, Sequence[Pegs]] | None = None,
) -> list[dict[str, Any]]:
    """The events of ``view`` from ``since`` on (`event_json`), a shown one with the pegs after it
    (from ``pegged``, the pegs after the view's first events, where they come before ``since``), and
    a hand counted without showing with why its cards are not laid out (`unshown_note`, from the
    rules, said to this reader: to the holder, the others do not see it)."""
    events = []
    upto, pegs = pegged if pegged is not None and pegged[0] <= since else (0, None)
    for number, event in enumerate(view.events[since:], start=since + 1):
        data = event_json(event, names, view.rules, view.partners, lang)
        if event.kind in SHOWN:
            pegs = side_pegs(view.events[upto:number], len(view.scores), view.partners, pegs)
            upto = number
            data["pegs"] = _pegs(pegs, view.rules)
        if event.hidden and event.seat is not None and event.kind in (EventKind.COUNT, EventKind.DECLARE):
            owner = whose(event.subject or Subject.HAND, names[event.seat], lang)
            declared = event.kind == EventKind.DECLARE
            data["unshown"] = unshown_note(view.rules, owner, event.seat == view.seat, declared, lang)
        events.append(data)
    return events


def deal_summaries(
    view: PlayerView, events: Sequence[Event] | None = None, first: int = 1
) -> list[dict[str, Any]]:
    """For each deal so far, each side's points by where they came from (`noddy.game.deal_points`:
    show, play, knave...); the state message names each reason, in order, under ``reasons``. The deal
    that took a side past the game hole says under ``uncounted`` what each side pegged past it (not
    counted: the game is won at the hole), so the deals add up to the score as the win is said.
    ``events`` and ``first``: only the deals of the view's last events, from a deal event on,
    numbered from ``first`` (`noddy.game.deal_points`)."""
    return [
        {
            "deal": deal.deal,
            "dealer": deal.dealer,
            "sides": [dict(side) for side in deal.sides],
            "uncounted": [deal.lost(side) for side in range(len(deal.sides))],
        }
        for deal in deal_points(view, events, first)
    ]


def showing(view: PlayerView) -> dict[str, Any] | None:
    """The count the table shows face up where the hand is, for this view: the hand or crib being
    counted now (`PlayerView.counted`, where this seat may see it), or the count an opponent may claim
    muggins on (as its declaration, or the hand's showing after the play, turned it face up);
    ``None`` when there is none this seat may see. A player counts, or judges, the cards in view."""
    if view.counting is not None and view.counted:
        what, seat = view.counting
        return {"what": what, "seat": seat, "cards": [str(c) for c in view.counted]}
    if view.phase is Phase.MUGGINS and view.muggins is not None:
        declarer = view.muggins[0]
        for event in reversed(view.events):
            shown = event.kind in (EventKind.DECLARE, EventKind.SHOW) and event.cards
            if event.seat == declarer and shown:
                return {"what": event.subject, "seat": declarer, "cards": [str(c) for c in event.cards]}
    return None


def result_line(view: PlayerView, names: Sequence[str], lang: str) -> str | None:
    """How the game ended, as its last line says it ("You win the game."), once it has."""
    if view.phase is not Phase.OVER:  # the win's event ends the game: no need to look for it
        return None
    ended = next((e for e in reversed(view.events) if e.kind == EventKind.WIN), None)
    line = event_line(ended, names, view.rules, view.partners, lang) if ended is not None else None
    return line.text if line is not None else None


def view_fields(
    view: PlayerView,
    names: Sequence[str],
    since: int = 0,
    lang: str = "en",
    deals: list[dict[str, Any]] | None = None,
    pegged: tuple[int, Sequence[Pegs]] | None = None,
) -> dict[str, Any]:
    """The game as ``view`` shows it, with its events from ``since`` on, worded in ``lang`` for a
    reader whose seat names are ``names``: the part of a state message that the view alone makes.
    ``deals``: its `deal_summaries`, where the caller kept those of the deals ended; ``pegged``: the
    pegs after the view's first events (how many, and each side's pegs), where the caller kept them,
    from which its pegs (`PlayerView.pegs`) go on."""
    data = view.to_json(events=False)
    del data["events"]
    data["refusals"] = {str(card): say_reason(reason, lang) for card, reason in view.refusals}
    since = min(since, len(view.events))
    if pegged is None:
        pegs_now = view.pegs
    else:
        pegs_now = side_pegs(view.events[pegged[0] :], len(view.scores), view.partners, pegged[1])
    return {
        "view": data,
        "events_from": since,
        "events": _events(view, names, since, lang, pegged),
        "pegs": _pegs(pegs_now, view.rules),
        "deals": deal_summaries(view) if deals is None else deals,
        "lang": lang,
        "reasons": [[key, reason_name(key, lang)] for key in REASONS["en"]],
        "discard": view.rules.deal.shape(view.players).discard,
        "cannot_play": cannot_play(lang),
        "result_line": result_line(view, names, lang),
        "stake_line": stake_line(view.stake, lang) if view.winner is not None else None,
        "showing": showing(view),
    }
