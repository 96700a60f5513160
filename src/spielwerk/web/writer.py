"""The log's writer: every append of this process goes through one queue, and what has gathered while the
previous commit was on its way is committed together (group commit: one transaction, one sync to disk,
for many games' actions). Each caller still returns only once its own actions are committed."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence

from spielwerk.web.db import RETRIES, disconnected
from spielwerk.web.store import Append, Logged, Store, Times

BATCH = 256
"""At most this many appends in one transaction."""


class Writer:
    """Appends to the store's log, many games' at a time, from one thread at a time."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._waiting: list[tuple[Append, asyncio.Future[None]]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def append(self, game_id: str, first_ply: int, actions: Sequence[Logged], over: bool,
                     times: Times | None = None) -> None:
        """Store `actions` of `game_id` from `first_ply` on (and the clock's `times`); returns once
        committed, raises where the store refused them (a ply already stored, a failed write)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((Append(game_id, first_ply, list(actions), over, times), done))
        self._wake.set()
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._write())
        await done

    async def close(self) -> None:
        """Stop writing (after what is under way)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task

    async def _write(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._waiting:
                batch, self._waiting = self._waiting[:BATCH], self._waiting[BATCH:]
                results = await self._append_many([item for item, _ in batch])
                for (_item, done), result in zip(batch, results, strict=True):
                    if done.done():
                        continue
                    if result is None:
                        done.set_result(None)
                    else:
                        done.set_exception(result)

    async def _append_many(self, items: list[Append]) -> list[Exception | None]:
        """The store's answer for each of `items`; those refused because the database ended the
        connection (a restart, `pg_terminate_backend`) are tried again, up to RETRIES times."""
        results: list[Exception | None] = [None] * len(items)
        again = list(range(len(items)))
        for _ in range(1 + RETRIES):
            try:
                answers = await asyncio.to_thread(self.store.append_many, [items[n] for n in again])
            except Exception as error:  # the whole transaction failed
                answers = [error] * len(again)
            for number, answer in zip(again, answers, strict=True):
                results[number] = answer
            again = [number for number, answer in zip(again, answers, strict=True)
                     if answer is not None and disconnected(answer)]
            if not again:
                break
        return results
