"""The transitions of a game: what each action leads to, per the rules (`noddy.game.legal` says which
actions are legal).

Every rule that varies is read from `Rules`: the cut (K31), compensation (K34), the deal and crib
(K43), the turn-up before or after laying away, the turned Jack (K1-K3), the Knave's timing (K5),
when hands and cribs count (K23, K24), declared counts and muggins (K26), the Go (K19-K21), one
series or resets (K22), the win (K27-K30), the deal's rotation and reshuffle (K32, K33, K39).
"""

from __future__ import annotations

from dataclasses import replace

from noddy.cards import Card, Rank
from noddy.game.actions import Action, ActionKind
from noddy.game.counts import count_items, jack_receiver
from noddy.game.events import Event, EventKind, Subject, current_deal, turnup_event
from noddy.game.state import CountTask, GameState, Phase, TaskKind
from noddy.scoring import (
    PLAY_LIMIT,
    Kind,
    ScoreItem,
    count_of,
    last_card_item,
    score_play,
    total,
    turned_jack_item,
)

__all__ = ["advance"]


def advance(state: GameState, action: Action) -> GameState:
    """The state after a legal ``action`` (checked by `GameState.apply`)."""
    state = state.evolve(history=(*state.history, action))
    if action.kind == ActionKind.CUT:
        return _cut(state, action)
    if action.kind == ActionKind.DEALER:
        return _first_dealer(state, action.number or 0, Event(EventKind.DEALER, action.number, text="drawn"))
    if action.kind == ActionKind.SHUFFLE:
        return _deal(state, action.cards)
    if action.kind == ActionKind.DISCARD:
        return _discard(state, action)
    if action.kind in (ActionKind.COUNT, ActionKind.DECLARE):
        return _count(state, action)
    if action.kind in (ActionKind.MUGGINS, ActionKind.PASS):
        return _muggins(state, action)
    if action.kind == ActionKind.PLAY:
        return _play(state, action.seat or 0, action.cards[0])
    if action.kind == ActionKind.GO:
        return _go(state, action.seat or 0)
    raise AssertionError(action)


# -- pegging and the win -------------------------------------------------------------------------


def _peg(state: GameState, event: Event, **changes: object) -> GameState:
    """Record ``event`` and peg its points, with any other ``changes`` to the state in the same copy;
    a side reaching the target may win at once (K28)."""
    if not event.points or event.seat is None:
        return state.evolve(events=(*state.events, event), **changes)
    side = state.side_of(event.seat)
    scores = list(state.scores)
    scores[side] += event.points
    state = state.evolve(events=(*state.events, event), scores=tuple(scores), **changes)
    game = state.rules.game
    if game.end == "target" and game.win_at_once and scores[side] >= game.target:
        return _finish(state, side)
    return state


def _finish(state: GameState, side: int | None) -> GameState:
    stake = ("draw", 0)
    if side is not None:
        losers = [s for i, s in enumerate(state.scores) if i != side]
        stake = state.rules.game.stake(max(losers)) if losers else ("game", 1)
    text = "a draw" if side is None else f"side {side} wins ({stake[0]}, {stake[1]})"
    event = Event(EventKind.WIN, side, text=text, scores=state.scores)
    return state.evolve(
        phase=Phase.OVER,
        to_act=None,
        winner=side,
        stake=stake,
        events=(*state.events, event),
    )


# -- the first dealer and the deal ---------------------------------------------------------------


def _cut(state: GameState, action: Action) -> GameState:
    ranks = [int(c.rank) for c in action.cards]
    best = min(ranks) if state.rules.deal.first_dealer == "low_cut" else max(ranks)
    event = Event(EventKind.CUT, None, cards=action.cards, text="cut for the first deal")
    if ranks.count(best) > 1:
        again = replace(event, kind=EventKind.CUT_AGAIN, text="equal cuts: cut again")
        return state.evolve(events=(*state.events, again))
    state = state.evolve(events=(*state.events, event))
    dealer = ranks.index(best)
    return _first_dealer(state, dealer, Event(EventKind.DEALER, dealer, text="cut the deal"))


def _first_dealer(state: GameState, dealer: int, event: Event) -> GameState:
    state = state.evolve(dealer=dealer, events=(*state.events, event), phase=Phase.SHUFFLE)
    points = state.rules.game.compensation
    if points:
        event = Event(EventKind.COMPENSATION, state.elder, points, text=f"{points} for the first crib")
        state = _peg(state, event)
    return state


def _deal(state: GameState, stock: tuple[Card, ...]) -> GameState:
    """Deal from ``stock`` one card at a time from the elder round to the dealer, then the turn-up."""
    shape = state.rules.deal.shape(state.players)
    order = state.order_from_elder()
    cards = list(stock)
    hands: list[list[Card]] = [[] for _ in range(state.players)]
    cribs: list[list[Card]] = [[] for _ in range(state.players)]
    for _ in range(shape.dealt):
        for seat in order:
            hands[seat].append(cards.pop(0))
    for _ in range(shape.crib_dealt):
        for seat in order:
            cribs[seat].append(cards.pop(0))
    for _ in range(shape.crib_from_pack):
        cribs[state.dealer].append(cards.pop(0))
    turnup = cards.pop(0)
    state = state.evolve(
        deal_number=state.deal_number + 1,
        stock=tuple(cards),
        hands=tuple(tuple(h) for h in hands),
        held=tuple(tuple(h) for h in hands),
        cribs=tuple(tuple(c) for c in cribs),
        discards=((),) * state.players,
        turnup=turnup,
        pile=(),
        played=(),
        gone=frozenset(),
        last_player=None,
        last_was_go=False,
        tasks=(),
    )
    text = f"deal {state.deal_number}: {shape.dealt} cards each"
    state = state.evolve(events=(*state.events, Event(EventKind.DEAL, state.dealer, text=text)))
    if not shape.discard:
        return _turn_up(state)
    if state.rules.turnup.when == "before_lay_away":
        state = _show_turnup(state)
        if state.is_over:
            return state
    return state.evolve(phase=Phase.DISCARD, to_act=state.elder)


def _discard(state: GameState, action: Action) -> GameState:
    seat = action.seat or 0
    hand = tuple(c for c in state.hands[seat] if c not in action.cards)
    owner = seat if state.rules.crib.kind == "own" else state.dealer
    cribs = list(state.cribs)
    cribs[owner] = (*cribs[owner], *action.cards)
    discards = list(state.discards)
    discards[seat] = action.cards
    hands = list(state.hands)
    hands[seat] = hand
    held = list(state.held)
    held[seat] = hand
    n = len(action.cards)
    state = state.evolve(
        hands=tuple(hands),
        held=tuple(held),
        cribs=tuple(cribs),
        discards=tuple(discards),
        events=(*state.events, Event(EventKind.DISCARD, seat, text=f"lays {n} card(s) away to the crib")),
    )
    following = state.next_seat(seat)
    if following != state.elder:
        return state.evolve(to_act=following)
    if state.rules.turnup.when == "before_lay_away":
        return _after_turnup(state.evolve(to_act=None))
    return _turn_up(state)


def _turn_up(state: GameState) -> GameState:
    """Show the turn-up, then count what comes before the play."""
    state = _show_turnup(state)
    if state.is_over:
        return state
    return _after_turnup(state)


def _show_turnup(state: GameState) -> GameState:
    """Turn the card up (every view shows it from now on); a Jack pays at once (K1, K3)."""
    turnup = state.turnup
    assert turnup is not None
    event = turnup_event(turnup)
    state = state.evolve(to_act=None, events=(*state.events, event))
    rules = state.rules
    jack = turned_jack_item(turnup, rules)
    if jack is not None and rules.turnup.jack_when == "at_turn":
        seat = jack_receiver(rules, state.dealer, state.elder)
        words = rules.words.turned_jack
        state = _peg(state, Event(EventKind.TURNED_JACK, seat, jack.points, (jack,), text=words))
    return state


def _after_turnup(state: GameState) -> GameState:
    """With the turn-up shown and every card laid away: the Knave in hand may peg first (K5), then
    the counts before the play."""
    rules = state.rules
    turnup = state.turnup
    assert turnup is not None
    if rules.hand.knave and rules.hand.knave_when == "at_start":
        for seat in state.order_from_elder():
            for card in state.held[seat]:
                if card.rank is Rank.JACK and card.suit == turnup.suit:
                    item = ScoreItem(Kind.KNAVE, (card,), rules.hand.knave)
                    knave = Event(EventKind.KNAVE, seat, item.points, (item,), text=rules.words.knave)
                    state = _peg(state, knave)
                    if state.is_over:
                        return state
    return _start_counting(state, "before_play")


def _tasks(state: GameState, when: str) -> tuple[CountTask, ...]:
    rules = state.rules
    order = state.order_from_elder()
    if rules.hand.order == "dealer_first":
        order = (state.dealer, *order[:-1])
    tasks: list[CountTask] = []
    if rules.hand.when == when:
        tasks += [CountTask(TaskKind.HAND, seat) for seat in order]
    if rules.crib.kind != "none" and rules.crib.when == when:
        owners = order if rules.crib.kind == "own" else (state.dealer,)
        if rules.crib.kind == "dealer" and rules.hand.when == when:
            at = next(i for i, t in enumerate(tasks) if t.seat == state.dealer) + 1
            tasks.insert(at, CountTask(TaskKind.CRIB, state.dealer))
        else:
            tasks += [CountTask(TaskKind.CRIB, seat) for seat in owners]
    return tuple(tasks)


def _start_counting(state: GameState, when: str) -> GameState:
    """Queue the counts made ``when`` (before or after the play) and open the first. After the play,
    under muggins, the hands counted before it are shown first and each short count among them may
    be claimed (the claims come first in the queue)."""
    tasks = _tasks(state, when)
    hand = state.rules.hand
    if when == "after_play" and hand.wrong_count == "muggins" and hand.when == "before_play":
        for seat in _counted(state):
            held = state.held[seat]
            shown = Event(EventKind.SHOW, seat, cards=held, text="shows the hand", subject=Subject.HAND)
            state = state.evolve(events=(*state.events, shown))
        claims = (CountTask(TaskKind.MUGGINS, seat) for seat in _counted(state) if _missed(state, seat))
        tasks = (*claims, *tasks)
    return _next_task(state.evolve(tasks=tasks))


def _counted(state: GameState) -> tuple[int, ...]:
    """The seats whose hands were counted this deal, in the order they counted."""
    return tuple(
        e.seat
        for e in current_deal(state.events)
        if e.kind in (EventKind.COUNT, EventKind.DECLARE) and e.subject == Subject.HAND and e.seat is not None
    )


def _missed(state: GameState, seat: int) -> int:
    """The points ``seat`` declared short on its hand this deal (0 if none)."""
    for event in current_deal(state.events):
        if event.kind == EventKind.DECLARE and event.subject == Subject.HAND and event.seat == seat:
            return max(0, total(event.items) - event.points)
    return 0


def _count(state: GameState, action: Action) -> GameState:
    """A hand or crib counted by the engine (``count``) or declared (``declare N``), K26.

    Nobody gains by declaring points the cards do not hold: an over-count is corrected under every
    reading, and everyone is told it was (HOYLE's laws: a player who scores more than he is entitled
    to is put back). An under-count is corrected (``corrected``), stands (``stands``: Hoyle's "others",
    where the player is only barred from scoring the points later) or may be claimed by an opponent
    (``muggins``: Hoyle's "some companies"); a claim on a hand counted before the play, unseen, waits
    until the hand is shown after the play."""
    task = state.tasks[0]
    seat = task.seat
    items = count_items(state, task)
    true = total(items)
    rules = state.rules
    hidden = task.what == TaskKind.HAND and rules.hand.when == "before_play"  # counted unseen (K23)
    cards = state.cribs[seat] if task.what == TaskKind.CRIB else state.held[seat]
    shown = () if hidden else cards
    claim = declared = None
    if action.kind == ActionKind.COUNT:
        kind, pegged, text = EventKind.COUNT, true, f"{task.what}: {true}"
    else:
        kind, declared = EventKind.DECLARE, action.number or 0
        short = declared < true and rules.hand.wrong_count != "corrected"
        pegged = declared if short else true
        if short and rules.hand.wrong_count == "muggins" and not hidden:
            claim = (seat, true - declared)
        text = f"{task.what}: declared {declared}; the true count is {true}"
        if declared == true:
            text = f"{task.what}: declared {declared}, correct"
        elif pegged != declared:
            text += f"; corrected to {pegged}"
    subject = Subject(task.what)
    event = Event(kind, seat, pegged, items, shown, hidden, text, declared=declared, subject=subject)
    state = _peg(state, event)
    if state.is_over:
        return state
    state = state.evolve(tasks=state.tasks[1:])
    if claim is not None:
        return _open_claim(state, *claim)
    return _next_task(state)


def _open_claim(state: GameState, declarer: int, missed: int) -> GameState:
    """The opponent after ``declarer`` may claim the ``missed`` points (muggins) or pass."""
    claimant = _next_opponent(state, declarer)
    return state.evolve(phase=Phase.MUGGINS, muggins=(declarer, missed), to_act=claimant)


def _next_opponent(state: GameState, seat: int) -> int:
    other = state.next_seat(seat)
    while state.side_of(other) == state.side_of(seat):
        other = state.next_seat(other)
    return other


def _muggins(state: GameState, action: Action) -> GameState:
    assert state.muggins is not None
    declarer, missed = state.muggins
    state = state.evolve(muggins=None)
    if action.kind == ActionKind.MUGGINS:
        text = f"muggins: claims the {missed} point(s) seat {declarer} missed"
        state = _peg(state, Event(EventKind.MUGGINS, action.seat, missed, text=text))
        if state.is_over:
            return state
    return _next_task(state)


def _next_task(state: GameState) -> GameState:
    """Open the next queued count or claim: a crib is turned face up to all as it is counted, as at
    a table (its owner did not see every card of it); with nothing left, play or end the deal."""
    if not state.tasks:
        return _end_deal(state) if _play_done(state) else _start_play(state)
    task = state.tasks[0]
    if task.what == TaskKind.MUGGINS:
        return _open_claim(state.evolve(tasks=state.tasks[1:]), task.seat, _missed(state, task.seat))
    if task.what == TaskKind.CRIB:
        crib = state.cribs[task.seat]
        text = "turns the crib face up"
        event = Event(EventKind.SHOW, task.seat, cards=crib, text=text, subject=Subject.CRIB)
        state = state.evolve(events=(*state.events, event))
    return state.evolve(phase=Phase.COUNT, to_act=task.seat)


def _play_done(state: GameState) -> bool:
    return any(e.kind == EventKind.PLAY_END for e in current_deal(state.events))


# -- the play -----------------------------------------------------------------------------------


def _start_play(state: GameState) -> GameState:
    return state.evolve(phase=Phase.PLAY, tasks=(), pile=(), gone=frozenset(), to_act=state.elder)


def _play(state: GameState, seat: int, card: Card) -> GameState:
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    pile = (*state.pile, (seat, card))
    cards = [c for _, c in pile]
    items = score_play(cards, state.rules, turnup=state.turnup)
    count = count_of(cards)
    text = f"{card} makes {count}"
    event = Event(EventKind.PLAY, seat, total(items), items, (card,), text=text, count=count)
    state = _peg(
        state,
        event,
        hands=tuple(hands),
        pile=pile,
        played=(*state.played, (seat, card)),
        last_player=seat,
        last_was_go=False,
    )
    if state.is_over:
        return state
    if count == PLAY_LIMIT:
        return _end_series(state, thirty_one=True)
    return _next_to_play(state, seat)


def _go(state: GameState, seat: int) -> GameState:
    rules = state.rules.play
    event = Event(EventKind.GO, seat, text="Go", count=state.count)
    follows_go = state.last_was_go
    state = state.evolve(gone=state.gone | {seat}, last_was_go=True, events=(*state.events, event))
    if rules.after_go == "end" or (rules.go_round == "next_only" and follows_go):
        return _end_series(state, thirty_one=False)
    return _next_to_play(state, seat)


def _next_to_play(state: GameState, seat: int) -> GameState:
    """The next seat in turn that has cards and has not said Go; the series ends if there is none."""
    candidate = seat
    for _ in range(state.players):
        candidate = state.next_seat(candidate)
        if candidate not in state.gone and state.hands[candidate]:
            return state.evolve(to_act=candidate)
    return _end_series(state, thirty_one=False)


def _end_series(state: GameState, *, thirty_one: bool) -> GameState:
    """31 or nobody can play: the last card scores (unless it made 31); reset or end the play."""
    last = state.last_player
    if not thirty_one and state.pile and last is not None:
        item = last_card_item(state.pile[-1][1], state.rules)
        if item is not None:
            state = _peg(state, Event(EventKind.LAST_CARD, last, item.points, (item,), text="one for last"))
            if state.is_over:
                return state
    cards_left = any(state.hands)
    if state.rules.play.series == "reset" and cards_left:
        leader = last if last is not None else state.elder
        state = state.evolve(pile=(), gone=frozenset(), last_was_go=False)
        reset = Event(EventKind.RESET, None, text="the count goes back to 0")
        state = state.evolve(events=(*state.events, reset))
        return _next_to_play(state, leader)
    unplayed = sum(len(hand) for hand in state.hands)
    ended = Event(EventKind.PLAY_END, None, text="the play ends", unplayed=unplayed)
    state = state.evolve(to_act=None, events=(*state.events, ended))
    return _start_counting(state, "after_play")


# -- the end of a deal ----------------------------------------------------------------------------


def _end_deal(state: GameState) -> GameState:
    state = state.evolve(phase=Phase.SHUFFLE, to_act=None, tasks=())
    ended = Event(EventKind.DEAL_END, state.dealer, text="end of the deal")
    state = state.evolve(events=(*state.events, ended))
    game = state.rules.game
    if game.end == "single_deal":
        best = max(state.scores)
        leaders = [side for side, s in enumerate(state.scores) if s == best]
        return _finish(state, leaders[0] if len(leaders) == 1 else None)
    reached = [side for side, s in enumerate(state.scores) if s >= game.target]
    if reached:
        best = max(state.scores[s] for s in reached)
        leaders = [s for s in reached if state.scores[s] == best]
        return _finish(state, leaders[0] if len(leaders) == 1 else None)
    deal = state.rules.deal
    dealer = state.dealer
    if deal.rotation_per == "deal":
        dealer = (dealer + (1 if deal.rotation == "left" else -1)) % state.players
    state = state.evolve(dealer=dealer)
    need = state.rules.cards_per_deal(state.players)
    if not deal.reshuffle and len(state.stock) >= need:
        return _deal(state, state.stock)
    return state
