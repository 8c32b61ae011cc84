"""What the server tells a connection: the table, and the game as one seat (or a spectator) may see it.

Everything about the game comes from ``state.view(seat)``: a message never reads another seat's
hand from the state. Events are put in words by `noddy.words`, as the terminal puts them: each event
carries its line's parts (words, and cards to draw), its plain text, and each item of its call with
the cards the seat may see, so the browser draws them without reading the text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from noddy.game import EVENT_FACTS, Event, EventKind, Phase, PlayerView, deal_points
from noddy.rules import Rules
from noddy.web.live import LiveTable
from noddy.web.undo import undo_fields
from noddy.web.winchance import winchance_fields
from noddy.words import (
    REASONS,
    cannot_play,
    declared_words,
    event_line,
    of_name,
    phrase,
    play_said,
    reason_name,
    record_name,
    rule_set_words,
    said_items,
    say_reason,
    side_name,
    stake_line,
    that_name,
)

__all__ = ["display_names", "event_json", "pegs", "showing", "state_message", "table_message", "table_title"]


def display_names(table: LiveTable, seat: int | None, lang: str = "en") -> list[str]:
    """Seat names as ``seat`` reads them: its own seat is "You" ("Vous"), and the names the lobby
    gives unnamed seats are said in ``lang`` ("Computer (medium)" is "Ordinateur (moyen)" to a French
    reader, whatever language the table was made in: `noddy.words.record_name`)."""
    said = [record_name(s.name, s.kind, lang) for s in table.seats]
    return [phrase("you", lang) if i == seat else name for i, name in enumerate(said)]


def table_title(table: LiveTable, lang: str = "en") -> str:
    """The table's rule set's title in ``lang``."""
    rules = table.rules
    return rule_set_words(table.preset, rules.title or rules.name, rules.summary, lang)[0]


def table_message(table: LiveTable, seat: int | None, lang: str = "en") -> dict[str, Any]:
    """Who sits where, who is connected, and the facts of the rules the table shows, in ``lang``."""
    rules = table.rules
    state = table.state
    names = display_names(table, seat, lang)
    return {
        "type": "table",
        "id": table.id,
        "lang": lang,
        "rules": table.preset,
        "title": table_title(table, lang),
        "players": state.players,
        "partners": state.partners,
        "you": seat,
        "status": table.status,
        "rematch": table.rematch,
        "end": rules.game.end,
        "target": rules.game.target,
        "crib": rules.crib.kind,
        "wrong_count": rules.hand.wrong_count,
        "sides": [side_name(names, s, state.partners) for s in range(state.sides)],
        "names": names,
        "of": [of_name(name, lang) for name in names],
        "that": [that_name(name, lang) for name in names],
        "seats": [
            {
                "name": s.name,
                "kind": s.kind,
                "claimed": s.claimed or not s.is_human,
                "connected": s.is_human and table.connected(i),
            }
            for i, s in enumerate(table.seats)
        ],
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
    """Each side's front and back peg (`PlayerView.pegs`), as the browser reads them."""
    return [[side.front, side.back] for side in view.pegs]


def deal_summaries(view: PlayerView) -> list[dict[str, Any]]:
    """For each deal so far, each side's points by where they came from (`noddy.game.deal_points`:
    show, play, knave...); the state message names each reason, in order, under ``reasons``. The deal
    that took a side past the game hole says under ``uncounted`` what each side pegged past it (not
    counted: the game is won at the hole), so the deals add up to the score as the win is said."""
    return [
        {
            "deal": deal.deal,
            "dealer": deal.dealer,
            "sides": [dict(side) for side in deal.sides],
            "uncounted": [deal.lost(side) for side in range(len(deal.sides))],
        }
        for deal in deal_points(view)
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


def _result_line(view: PlayerView, names: Sequence[str], lang: str) -> str | None:
    """How the game ended, as its last line says it ("You win the game."), once it has."""
    ended = next((e for e in reversed(view.events) if e.kind == EventKind.WIN), None)
    line = event_line(ended, names, view.rules, view.partners, lang) if ended is not None else None
    return line.text if line is not None else None


def state_message(
    table: LiveTable, seat: int | None, since: int = 0, lang: str = "en"
) -> tuple[dict[str, Any], int]:
    """The game as ``seat`` sees it, with the events from ``since`` on, worded in ``lang``; and the
    new event count."""
    state = table.state
    view = state.view(seat)
    names = display_names(table, seat, lang)
    data = replace(view, events=()).to_json()
    del data["events"]
    data["refusals"] = {str(card): say_reason(reason, lang) for card, reason in view.refusals}
    since = min(since, len(view.events))
    events = [event_json(e, names, view.rules, view.partners, lang) for e in view.events[since:]]
    message: dict[str, Any] = {
        "type": "state",
        "table": table.id,
        "seq": len(state.history),
        "view": data,
        "events_from": since,
        "events": events,
        "pegs": pegs(view),
        "deals": deal_summaries(view),
        "lang": lang,
        "reasons": [[key, reason_name(key, lang)] for key in REASONS["en"]],
        "discard": view.rules.deal.shape(view.players).discard,
        "cannot_play": cannot_play(lang),
        "result_line": _result_line(view, names, lang),
        "stake_line": stake_line(view.stake, lang) if view.winner is not None else None,
        "laid_away": table.laying.laid(seat),
        "lay_away_now": table.laying.may_lay_away(state, seat),
        "status": table.status,
        "undo": undo_fields(table, seat, names, lang),
        "showing": showing(view),
        "winchance": winchance_fields(table, seat),
    }
    return message, len(view.events)
