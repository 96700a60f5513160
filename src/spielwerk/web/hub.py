"""The watchers of this process: who watches which game, and handing each its own payload after every
change. Changes made by other processes reach this hub through the fan-out (`fanout.py`)."""

from __future__ import annotations

import asyncio

from spielwerk.web.tables import Table


class Mailbox:
    """One watcher's latest payload (as JSON text, in the watcher's language): a slow watcher skips to
    the newest, never falls behind."""

    def __init__(self, game_id: str, seat: int | None, lang: str = "en") -> None:
        self.game_id = game_id
        self.seat = seat
        self.lang = lang
        self._latest: str | None = None
        self._ready = asyncio.Event()
        self.ply = -1
        """The ply of the newest payload put here."""

    def put(self, ply: int, text: str) -> None:
        """Replace what waits to be sent: the payload of `ply`, as JSON text."""
        self._latest = text
        self.ply = ply
        self._ready.set()

    async def get(self) -> str:
        """The newest payload, once there is one not yet taken."""
        await self._ready.wait()
        self._ready.clear()
        latest, self._latest = self._latest, None
        assert latest is not None
        return latest


class Hub:
    """The watchers of every game in this process."""

    def __init__(self) -> None:
        self._watchers: dict[str, set[Mailbox]] = {}

    def join(self, table: Table, seat: int | None, lang: str = "en") -> Mailbox:
        """A watcher of `table` as `seat` reading `lang`, with the present payload already waiting
        (call under the table's lock, so that no change falls between)."""
        box = Mailbox(table.id, seat, lang)
        self._watchers.setdefault(table.id, set()).add(box)
        box.put(len(table.state.history), table.text(seat, lang))
        return box

    def leave(self, box: Mailbox) -> None:
        """Stop handing payloads to `box`."""
        boxes = self._watchers.get(box.game_id)
        if boxes is not None:
            boxes.discard(box)
            if not boxes:
                del self._watchers[box.game_id]

    def watched(self, game_id: str) -> bool:
        """True where someone in this process watches `game_id`."""
        return game_id in self._watchers

    def publish(self, table: Table, everyone: bool = False) -> None:
        """Hand every watcher of `table` that has not seen its present ply its own payload (`everyone`:
        every watcher, for a change besides the log's rows: a name, a rematch)."""
        ply = len(table.state.history)
        for box in list(self._watchers.get(table.id, ())):
            if everyone or box.ply < ply:
                box.put(ply, table.text(box.seat, box.lang))
