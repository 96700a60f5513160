"""Agents thinking in a pool of processes, so that a search never stalls the server."""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import spielwerk
from spielwerk import agents


def choose(record: dict[str, Any], spec: str, seed: int) -> str:
    """In a worker: the text of the action the agent `spec` chooses in the game `record` ends in."""
    state = spielwerk.replay(record)
    return str(agents.from_spec(spec, seed=seed).choose(state))


def bot_seed(game_seed: int, seat: int, ply: int) -> int:
    """Each decision's agent seed, from the game's (which stays on the server), its seat and ply."""
    return (game_seed * 31 + (seat + 1) * 1_000_003 + ply) % (1 << 32)


class BotPool:
    """A process pool for agents; with no workers, agents wait (a server that only referees)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    @property
    def active(self) -> bool:
        """True where agents may play."""
        return self.workers > 0

    async def think(self, record: dict[str, Any], spec: str, seed: int) -> str:
        """The action text `spec` chooses for the game `record` ends in, chosen in a worker."""
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            if self._pool is None:
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
            try:
                return await loop.run_in_executor(self._pool, choose, record, spec, seed)
            except BrokenProcessPool:
                self.close()  # a worker died (killed, out of memory): once more with fresh workers
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Stop the workers (a search under way is abandoned)."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list(getattr(pool, "_processes", None) or {})
        workers = [pool._processes[pid] for pid in processes] if processes else []
        pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.terminate()
            worker.join(timeout=5)
