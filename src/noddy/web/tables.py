"""Live tables: the one holder of each game's state, the referee of every action, the computer seats.

Every action goes through `TableManager.act` (a person) or the table's driver (chance and computer
players): it is checked by the engine, stored, and only then made the table's state and announced
to the listeners (the connections). On start the manager rebuilds each unfinished table from the
store by replaying its actions. Several servers may share one PostgreSQL store: each move number
is stored once, every server hears of the others' changes, and one server at a time drives a
table (`noddy.web.site`, `noddy.web.follow`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import Any

from noddy.errors import IllegalActionError, NoddyError, NotationError, quoted
from noddy.game import Action, ActionKind, GameState, Phase, new_game
from noddy.players import PLAYERS, make_player, take_back
from noddy.record import GameRecord, Seat, format_action, parse_action, result_of
from noddy.rules import load_rules
from noddy.web import follow, lobby
from noddy.web.bots import BotPool, Bots
from noddy.web.driver import drive, driven
from noddy.web.held import HeldTables
from noddy.web.live import LiveTable, NewTable, Refused
from noddy.web.metrics import Metrics
from noddy.web.seats import HUMAN, LiveSeat, SeatSpec, hash_token, name_refusal, new_key
from noddy.web.site import TAKEOVER_BATCH, Site
from noddy.web.store import Moved, MoveTaken, SeatRow, Store, StoreUnavailable
from noddy.words import Reason

__all__ = ["TableManager"]

log = logging.getLogger("noddy.web")


class TableManager:
    """Creates, restores and referees the tables; drives chance and the computer players. It is made
    of parts that each keep their own: the tables held in memory (`HeldTables`), the leases and
    notices of a shared store (`Site`), the computer players' workers (`Bots`), the metrics; each
    table keeps its seats, its discards laid away early, its undos and its people's choices."""

    def __init__(
        self, store: Store, *, bot_delay: float = 0.8, max_tables: int = 500, bots: Bots | None = None
    ) -> None:
        self.store = store
        self.site = Site(store)
        self.bots: Bots = bots or BotPool(0)
        self.metrics = Metrics(self)
        self.bot_delay = bot_delay
        self.held = HeldTables(max_tables)
        self.closing = False

    # -- start and stop ---------------------------------------------------------------------------

    async def start(self) -> int:
        """Hear the other servers of a shared store (`noddy.web.site`), then `restore`."""
        await self.site.start(
            lambda *notice: follow.changed(self, *notice),
            lambda: follow.missed(self),
            lambda: follow.sweep(self, TAKEOVER_BATCH),
        )
        return self.restore()

    def restore(self) -> int:
        """Rebuild every unfinished table from the store; return how many. On a shared store the
        tables are taken over as they need a driver (`noddy.web.follow.sweep`), not all at once."""
        if self.site.shared:
            follow.sweep(self)
            return len(self.held.playing())
        for row in self.store.tables(status="playing", limit=self.held.max_tables):
            try:
                table = self._rebuild(row.id)
            except Refused:
                continue
            if table is not None and not table.state.is_over:
                self.held.hold(table)
                self.kick(table)
        return len(self.held.playing())

    async def close(self) -> None:
        self.closing = True
        tasks = [t.driver for t in self.held.playing() if t.driver is not None and not t.driver.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.site.close()

    def _rebuild(self, table_id: str) -> LiveTable | None:
        """The table as the store keeps it, its actions replayed; `Refused` if they do not replay
        (the table is not served, so no new action is stored after the fault)."""
        row = self.store.table(table_id)
        if row is None:
            return None
        rules = load_rules(row.preset, row.overrides)
        try:
            actions = tuple(parse_action(text) for text in self.store.actions(table_id))
            record_seats = tuple(Seat(s.name, s.kind) for s in row.seats)
            state = GameRecord(rules, row.players, row.partners, record_seats, actions).final()
        except NoddyError as exc:
            log.error("table %s does not replay: %s", table_id, exc)
            raise Refused(Reason("not_restored", table=table_id, why=exc)) from None
        seats = [LiveSeat.stored(s) for s in row.seats]
        table = LiveTable(row.id, row.preset, row.overrides, rules, seats, state, row.rematch, row.maker_hash)
        table.hints = row.hints
        table.undo.count = row.undos
        table.bar.adopt(row.seats)
        table.bots = {i: make_player(s.kind) for i, s in enumerate(seats) if not s.is_human}
        self.adopt_laid(table)
        if state.is_over and row.status != "over":
            self.store.finish(table.id, result_of(state))
        return table

    # -- finding tables ---------------------------------------------------------------------------

    def get(self, table_id: str) -> LiveTable | None:
        """A live table, or a finished one loaded from the store."""
        table = self.held.find(table_id)
        if table is not None:
            return table
        if len(table_id) > 32:
            return None
        table = self._rebuild(table_id)
        if table is None:
            return None
        if table.state.is_over:
            self.held.keep_finished(table)
        else:
            self.held.hold(table)
            self.kick(table)
        return table

    def latest(self, table_id: str) -> LiveTable | None:
        """`get`, with a copy held here first brought to what the store holds on a shared store: a
        notice of another server's move may not have been heard yet, and a (re)connection is never
        shown a state older than a move acknowledged elsewhere. While the database cannot be
        reached the copy is served as it is (nothing can be stored meanwhile; every copy is read
        again once the database is back: `noddy.web.follow.missed`)."""
        held = self.held.find(table_id)
        table = self.get(table_id)
        if table is not None and table is held and self.site.shared:
            try:
                follow.catch_up(self, table)
            except StoreUnavailable:
                log.warning("table %s: a connection is served the copy held here (no database)", table_id)
        return table

    def listing(self, limit: int = 50) -> dict[str, list[dict[str, Any]]]:
        """What the lobby lists (`noddy.web.lobby`)."""
        return lobby.listing(self.store, self.held.playing(), shared=self.site.shared, limit=limit)

    # -- creating ---------------------------------------------------------------------------------

    def create(
        self,
        preset: str,
        overrides: Sequence[str],
        players: int,
        partners: bool | None,
        seats: Sequence[SeatSpec],
        *,
        claimed: Collection[int] = (),
        hints: bool = False,
    ) -> NewTable:
        """A new table, its maker's key, a single-use invite link for each person's seat but those
        ``claimed``, and the secrets of those ``claimed``, taken at once: the seats of the people at the
        maker's device (the maker's own, and the others' there, hot-seat). ``hints``: the
        discard advisor may be asked, which only a table of one person may allow (the others are
        computers: no hidden advantage)."""
        people = sum(spec.kind == HUMAN for spec in seats)
        if hints and people != 1:
            raise Refused(Reason("hints_alone", people=people))
        tokens: list[str | None] = []
        keys: dict[int, str] = {}
        rows = []
        for i, spec in enumerate(seats):
            token = secret_hash = None
            if spec.kind == HUMAN and i in claimed:
                keys[i] = new_key()
                secret_hash = hash_token(keys[i])
            elif spec.kind == HUMAN:
                token = new_key()
            tokens.append(token)
            token_hash = hash_token(token) if token is not None else None
            taken = spec.kind != HUMAN or i in claimed
            rows.append(SeatRow(i, spec.kind, spec.name, token_hash, taken, secret_hash))
        maker = new_key()
        table = self._start(preset, overrides, players, partners, rows, hash_token(maker), hints)
        return NewTable(table, tokens, keys, maker)

    def _start(
        self,
        preset: str,
        overrides: Sequence[str],
        players: int,
        partners: bool | None,
        rows: Sequence[SeatRow],
        maker_hash: str | None,
        hints: bool = False,
    ) -> LiveTable:
        """Store a new table with these seats and start it."""
        self.held.make_room()
        if len(rows) != players:
            raise Refused(Reason("seat_count", players=players, seats=len(rows)))
        for row in rows:
            if row.kind != HUMAN and row.kind not in PLAYERS:
                raise Refused(Reason("seat_kind", kind=quoted(row.kind), kinds=", ".join(PLAYERS)))
        try:
            rules = load_rules(preset, overrides)
            state = new_game(rules, players, partners=partners)
        except NoddyError as exc:
            raise Refused.of(exc) from None
        table_id = secrets.token_hex(5)
        kept = tuple(overrides)
        made = (table_id, preset, kept, players, state.partners, tuple(rows), maker_hash, hints)
        self.store.create_table(*made, state.scores, state.deal_number)
        live_seats = [LiveSeat.stored(r) for r in rows]
        table = LiveTable(
            table_id, preset, kept, rules, live_seats, state, maker_hash=maker_hash, hints=hints
        )
        table.bots = {i: make_player(s.kind) for i, s in enumerate(live_seats) if not s.is_human}
        table.bar.adopt(rows)
        self.held.hold(table)
        self.kick(table)
        return table

    async def rematch(self, table: LiveTable) -> LiveTable:
        """The next game at the same table: same rules, maker and seats; whoever took a seat keeps it
        with the same secret, and their choice to show the win-chance bar, and a seat nobody took
        keeps its single-use link."""
        async with table.lock:
            if not table.state.is_over:
                raise Refused(Reason("rematch_over"))
            if table.rematch is None and self.site.shared:
                follow.catch_up(self, table)  # another server may have started it
            found = self.get(table.rematch) if table.rematch is not None else None
            if found is not None:
                table.broadcast({"type": "rematch", "table": found.id})
                return found
            rows = [replace(seat.row(i), winchance=table.bar.on.get(i)) for i, seat in enumerate(table.seats)]
            players, partners = table.state.players, table.state.partners
            new = self._start(
                table.preset, table.overrides, players, partners, rows, table.maker_hash, table.hints
            )
            if not self.store.set_rematch(table.id, new.id):  # another server's came first: ours goes
                self.store.finish(new.id, {"scores": [], "winner": None, "spare": True})
                self.held.forget(new.id)
                follow.catch_up(self, table)
                return self.get(table.rematch or "") or new
            table.rematch = new.id
        table.broadcast({"type": "rematch", "table": new.id})
        table.announce(table=True)
        return new

    def claim(self, table: LiveTable, seat: int, name: str | None) -> str:
        """A person takes a seat through its open invite link (naming it, if ``name``): the link is
        spent, and the seat's new secret, returned, is theirs for reconnecting."""
        live = table.seats[seat]
        if table.state.is_over or not live.link_open:
            raise Refused(Reason("seat_taken"))
        if name is not None and name != live.name:
            _check_name(table, seat, name)
        secret = new_key()
        if not self.store.claim_seat(table.id, seat, name or live.name, hash_token(secret)):
            raise Refused(Reason("seat_taken"))
        live.take(hash_token(secret), name)
        return secret

    def rename(self, table: LiveTable, seat: int, name: str) -> None:
        """A player renames their seat, while the game is on: a finished game's names are its record's."""
        if name == table.seats[seat].name:
            return
        frozen = Reason("names_kept")
        if table.state.is_over:
            raise Refused(frozen)
        _check_name(table, seat, name)
        if not self.store.rename_seat(table.id, seat, name):
            raise Refused(frozen)
        table.seats[seat].name = name
        table.announce(table=True)

    def choose_bar(self, table: LiveTable, seat: int, on: bool) -> None:
        """A person shows the win-chance bar or hides it: the choice is stored with the seat (so
        that every server and a restart keep it), then made here and told to the table."""
        self.store.choose_bar(table.id, seat, on)
        table.bar.choose(seat, on)
        table.announce()

    def invite(self, table: LiveTable, seat: int) -> str:
        """A fresh invite link (its token) for a seat nobody took, or whose person has left: the
        seat's old link, and the old secret, stop working. The caller checks the maker's key."""
        if table.state.is_over:
            raise Refused(Reason("over_links"))
        if not 0 <= seat < len(table.seats) or not table.seats[seat].is_human:
            people = [i for i, s in enumerate(table.seats) if s.is_human]
            raise Refused(Reason("not_a_person", seat=seat, people=people))
        live = table.seats[seat]
        if table.connected(seat):
            raise Refused(Reason("seat_connected", name=live.name, seat=seat))
        token = new_key()
        if not self.store.invite_seat(table.id, seat, hash_token(token)):
            raise Refused(Reason("over_links"))
        live.new_link(hash_token(token))
        table.announce(table=True)
        return token

    # -- acting -----------------------------------------------------------------------------------

    async def act(
        self, table: LiveTable, seat: int, text: str, seq: int | None = None, *, again: bool = True
    ) -> None:
        """Seat ``seat`` takes the action written ``text``; raise `Refused`, changing nothing, if illegal.
        If another server stored a move first, this copy catches up and the action is judged again
        (``again``) on the game as it now stands."""
        began = time.perf_counter()
        try:
            action = Action.parse(text, seat)
        except NotationError as exc:
            raise Refused.of(exc) from None
        async with table.lock:
            state = table.state
            # A seat lays away whenever it still has to, whatever others did since it looked: its hand
            # is checked; a move number from the future is still refused.
            laying = action.kind is ActionKind.DISCARD and table.laying.may_lay_away(state, seat)
            stale_but_laying = laying and seq is not None and seq < len(state.history)
            if seq is not None and seq != len(state.history) and not stale_but_laying:
                raise Refused(Reason("moved_on", seen=seq, now=len(state.history)))
            if state.is_over:
                raise Refused(Reason("over_rematch"))
            early = action.kind is ActionKind.DISCARD and state.to_act != seat
            if early and (laying or seat in table.laying.waiting):
                taken = self._lay_away(table, action, again)
                if not taken:
                    return
            elif state.to_act != seat:
                raise Refused(_not_your_turn(table))
            else:
                taken = self._commit_person(table, action, state, again, began)
        if taken:
            await self.act(table, seat, text, seq, again=False)
            return
        self.kick(table)

    def _lay_away(self, table: LiveTable, action: Action, again: bool) -> bool:
        """Keep a discard laid away before its turn: stored, then held and shown to its seat; True if
        another server changed the table first (this copy caught up: the action is judged again)."""
        why = table.laying.refusal(table.state, action)
        if why:
            raise Refused(why)
        try:
            self.store.lay_away(table.id, action.seat or 0, format_action(action), table.undo.count)
        except MoveTaken:
            follow.catch_up(self, table)
            if not again:
                raise Refused(Reason("laid_away")) from None
            return True
        table.laying.hold(action)
        table.tell(action.seat or 0)
        return False

    def _commit_person(
        self, table: LiveTable, action: Action, state: GameState, again: bool, began: float
    ) -> bool:
        """A person's move at their turn; True if another server stored a move first (this copy
        caught up: the action is judged again)."""
        try:
            self.commit(table, action)
        except IllegalActionError as exc:
            raise Refused.of(exc) from None
        except MoveTaken:
            self.metrics.conflicts.inc()
            follow.catch_up(self, table)
            if not again:
                raise Refused(
                    Reason("moved_on", seen=len(state.history), now=len(table.state.history))
                ) from None
            return True
        self.metrics.acknowledged(time.perf_counter() - began)
        return False

    async def undo(self, table: LiveTable, seat: int | None) -> None:
        """``seat`` takes back its last move and the computers' replies (`noddy.players.take_back`);
        `Refused`, changing nothing, if it may not. A computer's reply still being thought is dropped:
        the driver commits a reply only onto the very state it was asked from."""
        async with table.lock:
            state = table.state
            try:
                earlier = take_back(state, seat, table.people)
            except IllegalActionError as exc:
                raise Refused.of(exc) from None
            assert seat is not None
            keep = len(earlier.history)
            self.store.take_back(table.id, keep, tuple(earlier.scores), earlier.deal_number)
            table.state = earlier
            table.undo.took_back(seat, len(state.history) - keep, keep)
            table.laying.clear()
            table.active = time.monotonic()
        table.announce()
        self.kick(table)

    def commit(self, table: LiveTable, action: Action) -> None:
        """Apply, store, then adopt and announce; a refused or unstored action changes nothing. A
        discard laid away early whose turn this move brings is applied next, here, or else by the
        table's driver (the store keeps it, and says the table is driven)."""
        before = table.state
        after = before.apply(action)
        moved = _moved(before, after, action)
        text = format_action(action)
        kept = self.store.append_action(
            table.id, len(after.history), text, driven(after, table), table.undo.count, moved=moved
        )
        self.metrics.moved(action, table)
        table.state = after
        table.active = time.monotonic()
        if moved.laying:
            self.adopt_laid(table, kept)
        if after.is_over:
            self.store.finish(table.id, result_of(after))
            self.held.finish(table)
        table.announce(table=after.is_over)
        due = table.laying.due(after)
        if due is not None:
            try:
                self.commit(table, due)
            except IllegalActionError:
                self.drop_laid(table, due.seat)
            except (StoreUnavailable, MoveTaken):
                log.warning("table %s: a discard laid away early waits to be stored", table.id)

    def kick(self, table: LiveTable) -> None:
        """Start the table's driver if chance or a computer player is to act."""
        if self.closing or (table.driver is not None and not table.driver.done()):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if driven(table.state, table) and self.site.take(table.id):
            table.driver = loop.create_task(drive(self, table), name=f"table-{table.id}")

    def drop_laid(self, table: LiveTable, seat: int | None) -> None:
        """A discard laid away early that does not fit the game (a bug) is forgotten: its seat is asked."""
        log.error("table %s: a discard laid away early does not fit; the seat is asked", table.id)
        if seat is not None:
            table.laying.drop(seat)
            self.store.drop_laid(table.id, seat)
            table.tell(seat)

    def adopt_laid(self, table: LiveTable, stored: dict[int, str] | None = None) -> None:
        """This copy's discards laid away early become those the store keeps (``stored``, else read)."""
        if table.state.phase is not Phase.DISCARD or table.state.is_over:
            table.laying.clear()
            return
        for seat in table.laying.adopt(table.state, self.store.laid(table.id) if stored is None else stored):
            self.drop_laid(table, seat)


def _moved(before: GameState, after: GameState, action: Action) -> Moved:
    """What a move changed beside the record, for the store (`noddy.web.store.Moved`)."""
    changed = after.scores != before.scores or after.deal_number != before.deal_number
    discarded = action.seat if action.kind is ActionKind.DISCARD else None
    asked = after.to_act if after.phase is Phase.DISCARD and not after.is_over else None
    return Moved(
        scores=tuple(after.scores) if changed else None,
        deal=after.deal_number,
        laying=discarded is not None or after.phase is Phase.DISCARD,
        discarded=discarded,
        asked=asked,
    )


def _check_name(table: LiveTable, seat: int, name: str) -> None:
    why = name_refusal(name, (s.name for i, s in enumerate(table.seats) if i != seat))
    if why:
        raise Refused(why)


def _not_your_turn(table: LiveTable) -> Reason:
    state = table.state
    if state.to_act is None:
        return Reason("not_turn_chance")
    return Reason("not_turn", who=table.seats[state.to_act].name, seat=state.to_act)
