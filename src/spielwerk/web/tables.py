"""The tables: one in-memory game per running game id, rebuilt from the stored log on first use and
brought up to date with it (the rows another process appended, and the rematch, names and claimed
seats it stored) whenever it is opened. The log holds
every change of the state, the referee's endings (`resign 1`, `timeout 0`) included."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from itertools import islice
from typing import Any

import spielwerk
from spielwerk.core.errors import SpielwerkError
from spielwerk.core.state import State
from spielwerk.web import clock as clocks
from spielwerk.web.auth import matches
from spielwerk.web.clock import Clock, ClockSpec
from spielwerk.web.db import retried
from spielwerk.web.errors import NO_GAME_RULE, TOKEN_RULE, WebError
from spielwerk.web.payload import encode, payload
from spielwerk.web.store import Store, StoredSeat, Times

HUMAN = "human"


@dataclass(frozen=True)
class Seat:
    """A seat at a table: its number, name, and "human" or an agent spec."""

    index: int
    name: str
    kind: str
    token_hash: str | None
    display: str | None = None
    opened: bool = True
    """True once the seat's person opened their link (an agent's: always)."""

    @property
    def is_bot(self) -> bool:
        """True where an agent plays this seat."""
        return self.kind != HUMAN

    @classmethod
    def of(cls, stored: StoredSeat) -> Seat:
        """A seat from its stored row."""
        return cls(stored.seat, stored.name, stored.kind, stored.token_hash, stored.display, stored.opened)


class Table:
    """A running game: its state, its seats, and the lock every change of the state is made under."""

    def __init__(self, game_id: str, state: State, seats: list[Seat], clock: Clock | None = None) -> None:
        self.id = game_id
        self.state = state
        self.seats = seats
        self.lock = asyncio.Lock()
        self.stale = False
        """True once the state may differ from the log (a failed write): the table is loaded afresh."""
        self.clock = clock
        self.rematch: str | None = None
        self.rematch_of: str | None = None
        self._built: dict[tuple[int | None, str], dict[str, Any]] = {}
        self._texts: dict[tuple[int | None, str], str] = {}
        self._built_at = -1
        self._lines: dict[tuple[int | None, str], list[str]] = {}
        """Each reader's narration so far (by seat and language), told once a line."""

    @property
    def is_over(self) -> bool:
        """True once the game ended (by the rules, or by a resignation or a time-out in its log)."""
        return self.state.is_over

    def running(self) -> int | None:
        """The seat whose clock runs now (None: no clock, a clock waiting for the people to arrive, no
        person to move, or the game is over)."""
        state = self.state
        if self.clock is None or self.clock.waiting or self.is_over or state.is_chance:
            return None
        return state.to_move if self.clock.left[state.to_move] is not None else None

    def everyone_here(self) -> bool:
        """True once every person has opened their seat's link."""
        return all(seat.opened or seat.is_bot for seat in self.seats)

    def times(self) -> Times | None:
        """The clock as it is stored."""
        return None if self.clock is None else Times(list(self.clock.left), self.clock.since)

    def seat_for(self, token: str | None) -> int | None:
        """The seat whose token this is; None (a spectator) without a token; 403 for a wrong one."""
        if token is None:
            return None
        for seat in self.seats:
            if matches(token, seat.token_hash):
                return seat.index
        raise WebError(403, "this token belongs to no seat of this game", TOKEN_RULE)

    def payload(self, seat: int | None, lang: str = "en", at: datetime | None = None) -> dict[str, Any]:
        """What `seat` (None: a spectator) is sent now in `lang`: the contract's keys, and `clock` in
        a game with a clock."""
        answer = self._engine_payload(seat, lang)
        if self.clock is None:
            return answer
        answer = dict(answer)  # the engine's part is shared: add to a copy
        answer["clock"] = self.clock.show(self.running(), at or clocks.now())
        return answer

    def text(self, seat: int | None, lang: str = "en") -> str:
        """`seat`'s payload now in `lang` as JSON text; encoded once per reader and ply where it is the
        engine's part alone (no clock), so the answer to an action and every push of that ply send
        the same text."""
        if self.clock is not None:
            return encode(self.payload(seat, lang))
        answer = self._engine_payload(seat, lang)
        text = self._texts.get((seat, lang))
        if text is None:
            text = self._texts[(seat, lang)] = encode(answer)
        return text

    def _engine_payload(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The engine's part of `seat`'s payload in `lang`, built once per reader and ply (the answer
        to an action, every push and every read of that ply share it; nobody changes it)."""
        ply = len(self.state.history)
        if ply != self._built_at:
            self._built, self._texts, self._built_at = {}, {}, ply
        built = self._built.get((seat, lang))
        if built is None:
            built = self._built[(seat, lang)] = payload(self.state, seat, lang, self.narration(seat, lang))
        return built

    def narration(self, seat: int | None, lang: str) -> list[str]:
        """`seat`'s narration in `lang` (`state.narration`), the lines told before kept: each new
        action renders one line per reader."""
        lines = self._lines.setdefault((seat, lang), [])
        tellings = self.state.tellings()
        if len(lines) > len(tellings):
            lines.clear()
        lines += [told.to(seat).render(lang) for told in tellings[len(lines):]]
        return list(lines)

    def bot_to_move(self) -> Seat | None:
        """The agent's seat whose turn it is, if it is an agent's."""
        state = self.state
        if self.is_over or state.is_chance:
            return None
        seat = self.seats[state.to_move]
        return seat if seat.is_bot else None


KEPT = 1000
"""Tables kept in memory at most, beside those in use: the least recently asked for are let go (and
loaded from the log again when asked for)."""


class Tables:
    """The tables in memory, loaded from the store when first asked for, the least recently used let go
    beyond `kept` unless `busy`."""

    def __init__(self, store: Store, shared: bool = True, kept: int = KEPT) -> None:
        self.store = store
        self.shared = shared
        """True where other processes append to the same logs; False: this process is the only writer
        (a table is then up to date by itself, and `catch_up` spares the query)."""
        self.kept = kept
        self.busy: Callable[[Table], bool] = lambda table: False
        """True for a table in use beyond its lock (watched, an agent thinking, a clock running): never
        let go (the referee says)."""
        self._tables: dict[str, Table] = {}
        """By game id, the least recently used first."""
        self._loading = asyncio.Lock()

    def add(self, table: Table) -> None:
        """Keep a table just made."""
        self._tables[table.id] = table
        self._let_go()

    def _let_go(self) -> None:
        """Forget the least recently used tables beyond `kept` that nobody uses now, never the one just
        added (a bounded look: the busy ones are passed over, and let go later)."""
        excess = len(self._tables) - self.kept
        if excess <= 0:
            return
        for table in list(islice(self._tables.values(), min(4 * excess + 8, len(self._tables) - 1))):
            if excess <= 0:
                return
            if not table.lock.locked() and not self.busy(table):
                self.forget(table)  # anyone still holding it finds it stale and opens it again
                excess -= 1

    def forget(self, table: Table) -> None:
        """Drop a table whose state may differ from the log; the next `open` replays the log."""
        table.stale = True
        if self._tables.get(table.id) is table:
            del self._tables[table.id]

    def cached(self, game_id: str) -> Table | None:
        """The table of `game_id` where it is in memory."""
        return self._tables.get(game_id)

    async def open(self, game_id: str, names: bool = False) -> Table:
        """The table of `game_id`, up to date with the log (404 where there is no such game); `names`:
        with the names its seats' people chose as stored now, too (see `catch_up`)."""
        while True:
            table = self._tables.get(game_id)
            if table is None:
                async with self._loading:
                    table = self._tables.get(game_id)
                    if table is None:
                        table = await asyncio.to_thread(self._load, game_id)
                        self.add(table)
                        return table
            else:
                self._tables[game_id] = self._tables.pop(game_id)  # the most recently used now
            async with table.lock:
                await self.catch_up(table, names)
            if not table.stale:
                return table

    async def catch_up(self, table: Table, names: bool = False) -> int:
        """Apply the log rows stored after the table's state (another process's actions, chance and
        endings) with the clock's times they were stored with, and take from the store what another
        process may have changed besides the log: the rematch of a finished game that has none yet,
        the token hashes of seats not yet claimed (a rematch's), and with `names` every seat's chosen
        name; the number of rows applied. Call under the table's lock. Where a row does not apply,
        the table is forgotten."""
        if table.stale or not self.shared:
            return 0
        unclaimed = any(not seat.is_bot and seat.token_hash is None for seat in table.seats)
        waiting = table.clock is not None and table.clock.waiting
        with_seats = names or unclaimed or waiting
        with_rematch = table.is_over and table.rematch is None
        caught = await asyncio.to_thread(retried, self.store.catch_up, table.id, len(table.state.history),
                                         with_seats, with_rematch, table.clock is not None)
        try:
            for row in caught.actions:
                table.state.apply(row.text)
        except SpielwerkError:
            self.forget(table)
            return 0
        if table.clock is not None and caught.times is not None:  # as the process that moved set it
            table.clock.left, table.clock.since = list(caught.times.left), caught.times.since
        rematch = caught.rematch
        if rematch is None and caught.actions and table.is_over and table.rematch is None:
            rematch = await asyncio.to_thread(retried, self.store.rematch_of, table.id)  # over elsewhere now
        if rematch is not None:
            table.rematch = rematch
        for seat, (display, token_hash, opened) in zip(table.seats, caught.seats or [], strict=False):
            if (display, token_hash, opened) != (seat.display, seat.token_hash, seat.opened):
                table.seats[seat.index] = replace(seat, display=display, token_hash=token_hash, opened=opened)
        if waiting and table.clock is not None and table.everyone_here() and caught.times is not None:
            table.clock.waiting = False  # started by another process, with the times taken above
        return len(caught.actions)

    def _load(self, game_id: str) -> Table:
        stored = retried(self.store.load, game_id) if len(game_id) <= 64 else None
        if stored is None:
            raise WebError(404, "there is no game with this id", NO_GAME_RULE)
        state = spielwerk.replay(stored.record())
        clock = None
        if stored.clock is not None and stored.times is not None:
            clock = Clock(ClockSpec.parse(stored.clock), list(stored.times.left), stored.times.since)
        table = Table(stored.id, state, [Seat.of(seat) for seat in stored.seats], clock)
        if clock is not None:
            clock.waiting = not table.everyone_here()
        table.rematch, table.rematch_of = stored.rematch, stored.rematch_of
        return table

    def loaded(self) -> list[Table]:
        """Every table in memory now."""
        return list(self._tables.values())
