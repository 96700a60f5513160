"""The tables: one in-memory game per running game id, rebuilt from the stored log on first use and
brought up to date with it (the rows another process appended) whenever it is opened."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import spielwerk
from spielwerk.core.errors import SpielwerkError
from spielwerk.core.state import State
from spielwerk.web.auth import matches
from spielwerk.web.errors import NO_GAME_RULE, TOKEN_RULE, WebError
from spielwerk.web.payload import payload
from spielwerk.web.store import Store, StoredSeat

HUMAN = "human"


@dataclass(frozen=True)
class Seat:
    """A seat at a table: its number, name, and "human" or an agent spec."""

    index: int
    name: str
    kind: str
    token_hash: str | None

    @property
    def is_bot(self) -> bool:
        """True where an agent plays this seat."""
        return self.kind != HUMAN

    @classmethod
    def of(cls, stored: StoredSeat) -> Seat:
        """A seat from its stored row."""
        return cls(stored.seat, stored.name, stored.kind, stored.token_hash)


class Table:
    """A running game: its state, its seats, and the lock every change of the state is made under."""

    def __init__(self, game_id: str, state: State, seats: list[Seat]) -> None:
        self.id = game_id
        self.state = state
        self.seats = seats
        self.lock = asyncio.Lock()
        self.stale = False
        """True once the state may differ from the log (a failed write): the table is loaded afresh."""
        self._built: dict[int | None, dict[str, Any]] = {}
        self._built_at = -1

    def seat_for(self, token: str | None) -> int | None:
        """The seat whose token this is; None (a spectator) without a token; 403 for a wrong one."""
        if token is None:
            return None
        for seat in self.seats:
            if matches(token, seat.token_hash):
                return seat.index
        raise WebError(403, "this token belongs to no seat of this game", TOKEN_RULE)

    def payload(self, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) is sent now; built once per seat and ply (the answer to an
        action, every push and every read of that ply share it; nobody changes it)."""
        ply = len(self.state.history)
        if ply != self._built_at:
            self._built, self._built_at = {}, ply
        built = self._built.get(seat)
        if built is None:
            built = self._built[seat] = payload(self.state, seat)
        return built

    def bot_to_move(self) -> Seat | None:
        """The agent's seat whose turn it is, if it is an agent's."""
        state = self.state
        if state.is_over or state.is_chance:
            return None
        seat = self.seats[state.to_move]
        return seat if seat.is_bot else None


class Tables:
    """Every table in memory, loaded from the store when first asked for."""

    def __init__(self, store: Store, shared: bool = True) -> None:
        self.store = store
        self.shared = shared
        """True where other processes append to the same logs; False: this process is the only writer
        (a table is then up to date by itself, and `catch_up` spares the query)."""
        self._tables: dict[str, Table] = {}
        self._loading = asyncio.Lock()

    def add(self, table: Table) -> None:
        """Keep a table just made."""
        self._tables[table.id] = table

    def forget(self, table: Table) -> None:
        """Drop a table whose state may differ from the log; the next `open` replays the log."""
        table.stale = True
        if self._tables.get(table.id) is table:
            del self._tables[table.id]

    def cached(self, game_id: str) -> Table | None:
        """The table of `game_id` where it is in memory."""
        return self._tables.get(game_id)

    async def open(self, game_id: str) -> Table:
        """The table of `game_id`, up to date with the log (404 where there is no such game)."""
        while True:
            table = self._tables.get(game_id)
            if table is None:
                async with self._loading:
                    table = self._tables.get(game_id)
                    if table is None:
                        table = await asyncio.to_thread(self._load, game_id)
                        self._tables[game_id] = table
                        return table
            async with table.lock:
                await self.catch_up(table)
            if not table.stale:
                return table

    async def catch_up(self, table: Table) -> int:
        """Apply the log rows stored after the table's state (another process's actions); the number
        applied. Call under the table's lock. Where a row does not apply, the table is forgotten."""
        if table.stale or not self.shared:
            return 0
        rows = await asyncio.to_thread(self.store.actions_from, table.id, len(table.state.history))
        try:
            for row in rows:
                table.state.apply(row.text)
        except SpielwerkError:
            self.forget(table)
            return 0
        return len(rows)

    def _load(self, game_id: str) -> Table:
        stored = self.store.load(game_id) if len(game_id) <= 64 else None
        if stored is None:
            raise WebError(404, "there is no game with this id", NO_GAME_RULE)
        state = spielwerk.replay(stored.record())
        return Table(stored.id, state, [Seat.of(seat) for seat in stored.seats])
