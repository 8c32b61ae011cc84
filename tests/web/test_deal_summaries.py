"""The web table's points deal by deal (the state message's ``deals``) come from the engine's one
account of them, `noddy.game.deal_points`, as the terminal's summary does."""

from __future__ import annotations

import random

import pytest
from web_helpers import greedy_states

from noddy.game import EventKind, GameState, new_game, side_pegs
from noddy.players import make_player, next_action
from noddy.rules import load_rules
from noddy.web.live import LiveTable
from noddy.web.messages import deal_summaries, pegs, state_message
from noddy.web.seats import LiveSeat
from noddy.web.store import SeatRow
from noddy.web.winchance import winchance_fields


def _played(rules: str, seed: int) -> GameState:
    state = new_game(load_rules(rules), 2)
    players = [make_player("greedy"), make_player("greedy")]
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(next_action(state, players, rng))
    return state


def _as_won(state: GameState) -> list[int]:
    """The final scores as the win is said: the winner's at the game hole."""
    target = state.rules.game.target
    return [min(s, target) if side == state.winner else s for side, s in enumerate(state.scores)]


def test_the_deals_are_numbered_from_one_after_points_pegged_before_the_first_deal() -> None:
    """Five-card cribbage pegs three for last before the first deal: that is deal 0, and the first
    deal is still deal 1 (it was numbered 2)."""
    state = _played("five-card-cribbage", 1)
    deals = deal_summaries(state.view(0))
    dealt = sum(event.kind == EventKind.DEAL for event in state.events)
    assert [deal["deal"] for deal in deals] == list(range(dealt + 1))
    assert [sum(side.values()) for side in deals[0]["sides"]] in ([3, 0], [0, 3])
    assert set(deals[0]["sides"][0]) | set(deals[0]["sides"][1]) == {"compensation"}
    for side, score in enumerate(_as_won(state)):
        assert sum(sum(deal["sides"][side].values()) for deal in deals) == score


def test_a_game_without_points_before_the_deal_starts_at_deal_one() -> None:
    state = _played("cribbage", 2)
    deals = deal_summaries(state.view(1))
    assert deals[0]["deal"] == 1 and deals[0]["dealer"] is not None
    assert [sum(sum(deal["sides"][side].values()) for deal in deals) for side in (0, 1)] == _as_won(state)
    past = [sum(deal["uncounted"][side] for deal in deals) for side in (0, 1)]
    assert [won + lost for won, lost in zip(_as_won(state), past, strict=True)] == list(state.scores)


@pytest.mark.parametrize(
    ("rules", "players"), [("cribbage", 2), ("five-card-cribbage", 2), ("noddy-rules", 2), ("cribbage", 4)]
)
def test_a_tables_messages_keep_the_deals_ended_and_match_the_whole_games(rules: str, players: int) -> None:
    """Each state message's deals (the deals ended kept from the seat's last message) are the
    summaries of the whole game so far, and its win-chance curve (the deals' starts kept) and its
    pegs (from the pegs kept as the deal was dealt) the whole game's, for every seat and a watcher,
    move after move, through a move taken back to the middle of a deal and played on another way,
    to the game won; and the game's whole message gives each shown event the pegs after it, and
    the result."""
    states = greedy_states(rules, players, 3)
    middle = next(i for i in range(len(states) // 2, len(states)) if states[i].deal_number > 1)
    other = greedy_states(rules, players, 4, states[middle])
    assert other[-1].events[: len(states[middle].events)] == states[middle].events
    seats = [LiveSeat.stored(SeatRow(i, "greedy", f"Seat {i}", None, True)) for i in range(players)]
    table = LiveTable("t1", rules, (), states[0].rules, seats, states[0])
    shown = 0
    for state in [*states, *other[1:]]:
        table.state = state
        for seat in (*range(players), None):
            message, _ = state_message(table, seat)
            assert message["deals"] == deal_summaries(state.view(seat))
            assert message["pegs"] == pegs(state.view(seat))
            assert message["winchance"] == winchance_fields(table, seat)
            shown += bool(message["winchance"]["points"])
    assert shown or rules != "cribbage"
    final = table.state.view(0)
    message, _ = state_message(table, 0)
    pegged = final.rules.game.pegged
    told = [(number, event["pegs"]) for number, event in enumerate(message["events"], 1) if "pegs" in event]
    assert len(told) > 3 and message["result_line"]
    for number, board in told:
        after = side_pegs(final.events[:number], len(final.scores), final.partners)
        assert board == [[pegged(side.front), pegged(side.back)] for side in after]
