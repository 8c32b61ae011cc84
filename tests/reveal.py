"""What the rules let each seat know, worked out from the states of a game alone, never from the
cards its views or events show, so that a check of the views and messages against it cannot agree
with a leak.

A seat knows its own cards (dealt, held, laid away, its own crib), the cards cut for the deal, the
turn-up once turned, every card laid in the play, a crib from the moment it is counted (it is turned
face up), a hand counted after the play from the moment it is counted (the show), the hands counted
before the play once the play has ended under muggins (they are shown for the claims), and a card a
call names ("Knave Noddy").
"""

from __future__ import annotations

from collections.abc import Sequence

from noddy.cards import Card
from noddy.game import GameState, Phase
from noddy.game.events import current_deal
from noddy.scoring import FACTS

__all__ = ["known_at", "known_until"]

_NAMING = ("count", "knave")
"""Events whose call may name a card out loud (a count announced, the Knave pegged first)."""


def known_at(states: Sequence[GameState], seat: int | None) -> list[frozenset[Card]]:
    """For each state of a game (after 0, 1, 2... actions): the cards ``seat`` may know then."""
    out: list[frozenset[Card]] = []
    cut: set[Card] = set()
    opened: set[tuple[str, int]] = set()
    deal = 0
    for state in states:
        if state.deal_number != deal:
            deal, opened = state.deal_number, set()
        if state.history and state.history[-1].kind == "cut":
            cut |= set(state.history[-1].cards)
        known = set(cut)
        if deal:
            rules = state.rules
            if state.phase is Phase.COUNT and state.tasks:
                opened.add((state.tasks[0].what, state.tasks[0].seat))
            turned = rules.turnup.when == "before_lay_away" or state.phase is not Phase.DISCARD
            if turned and state.turnup is not None:
                known.add(state.turnup)
            known |= {card for _, card in state.played}
            for what, owner in opened:
                if what == "crib":
                    known |= set(state.cribs[owner])
                elif rules.hand.when == "after_play":
                    known |= set(state.held[owner])
            events = current_deal(state.events)
            shown = rules.hand.wrong_count == "muggins" and rules.hand.when == "before_play"
            if shown and any(e.kind == "play_end" for e in events):
                known |= {card for held in state.held for card in held}
            for event in events:
                if event.kind in _NAMING:
                    known |= {c for i in event.items if FACTS[i.kind].call == "card" for c in i.cards}
            if seat is not None:
                known |= {*state.hands[seat], *state.held[seat], *state.discards[seat]}
                if rules.crib.kind == "own":
                    known |= set(state.cribs[seat])
        out.append(frozenset(known))
    return out


def known_until(states: Sequence[GameState], seat: int | None) -> list[frozenset[Card]]:
    """For each state: every card ``seat`` has known at some point so far (a message may repeat the
    events of earlier deals, and a text scan cannot tell one deal's card from another's)."""
    out: list[frozenset[Card]] = []
    so_far: frozenset[Card] = frozenset()
    for known in known_at(states, seat):
        so_far |= known
        out.append(so_far)
    return out
