"""Fan-out between server processes: after a commit, every process that watches the game hears of it.

One small interface, two implementations chosen by configuration (`make_fanout`):
- `LocalFanout`: one process; its own watchers were already handed their payloads (the hub), so there
  is nobody else to tell.
- `RedisFanout`: several processes behind one address share the database; a commit is announced on the
  game's Redis channel as `{"game": id, "ply": n}` (never a payload, a token or the seed), and every
  process that follows the game brings its table up to date from the log (the one truth) and pushes
  each of its own watchers their own payload.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from redis.asyncio import Redis
    from redis.asyncio.client import PubSub

log = logging.getLogger("spielwerk.web")

Changed = Callable[[str, int | None], Awaitable[None]]
"""Told `(game id, ply)` when a game changed elsewhere; ply None: it may have (check the log)."""

CHANNEL = "spielwerk:game:"
"""Each game's channel is CHANNEL + its id."""
HELLO = "spielwerk:hello"
"""A channel every process follows, so that the listener always has a subscription to wait on."""


class Fanout(Protocol):
    """How a process tells the others of a change, and hears of theirs."""

    shared: bool
    """True where other processes write the same games (tables catch up from the log when opened)."""

    async def start(self, changed: Changed) -> None:
        """Begin listening; `changed` is called for every change announced by any process."""

    async def follow(self, game_id: str) -> None:
        """This process has a watcher of `game_id` (call once per watcher)."""

    async def unfollow(self, game_id: str) -> None:
        """One watcher of `game_id` fewer (call once per watcher that leaves)."""

    async def announce(self, game_id: str, ply: int | None) -> None:
        """`game_id`'s log now has `ply` actions (call after the commit); None: something besides its
        log changed (a name, a rematch), so the others load the game afresh."""

    async def close(self) -> None:
        """Stop listening."""


class LocalFanout:
    """One process: nothing to tell, nothing to hear."""

    shared = False

    async def start(self, changed: Changed) -> None:
        """Nothing to listen to."""

    async def follow(self, game_id: str) -> None:
        """Nothing to subscribe to."""

    async def unfollow(self, game_id: str) -> None:
        """Nothing to unsubscribe from."""

    async def announce(self, game_id: str, ply: int | None) -> None:
        """The hub of this process has already told every watcher."""

    async def close(self) -> None:
        """Nothing to stop."""


class RedisFanout:
    """Redis pub/sub: one channel per game, subscribed while this process has watchers of it."""

    shared = True

    def __init__(self, url: str) -> None:
        self.url = url
        self._redis: Redis | None = None
        self._pubsub: PubSub | None = None
        self._followers: dict[str, int] = {}
        self._listener: asyncio.Task[None] | None = None
        self._handling: set[asyncio.Task[None]] = set()

    async def start(self, changed: Changed) -> None:
        """Connect (fails at once where Redis is unreachable) and listen."""
        from redis.asyncio import Redis

        self._redis = Redis.from_url(self.url)
        await self._redis.ping()
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(HELLO)
        self._listener = asyncio.create_task(self._listen(changed))

    async def follow(self, game_id: str) -> None:
        """Subscribe to the game's channel with its first watcher."""
        count = self._followers.get(game_id, 0)
        self._followers[game_id] = count + 1
        if count == 0 and self._pubsub is not None:
            await self._pubsub.subscribe(CHANNEL + game_id)

    async def unfollow(self, game_id: str) -> None:
        """Unsubscribe with its last watcher."""
        count = self._followers.get(game_id, 0) - 1
        if count > 0:
            self._followers[game_id] = count
            return
        self._followers.pop(game_id, None)
        if self._pubsub is not None:
            with contextlib.suppress(Exception):  # a lost connection unsubscribes by itself
                await self._pubsub.unsubscribe(CHANNEL + game_id)

    async def announce(self, game_id: str, ply: int | None) -> None:
        """Publish `{"game", "ply"}` (ply null: load the game afresh); where Redis fails the action
        stands (it is stored) and the other processes' watchers hear of it with the next change."""
        if self._redis is None:
            return
        try:
            await self._redis.publish(CHANNEL + game_id, json.dumps({"game": game_id, "ply": ply}))
        except Exception:
            log.exception("game %s: announcing ply %s on Redis failed", game_id, ply)

    async def close(self) -> None:
        """Stop listening and disconnect."""
        tasks = [task for task in (self._listener, *self._handling) if task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()  # type: ignore[no-untyped-call]
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()
        self._listener, self._pubsub, self._redis = None, None, None

    async def _listen(self, changed: Changed) -> None:
        """Hand every message on; after a lost connection, check every followed game in the log."""
        assert self._pubsub is not None
        lost = False
        while True:
            try:
                message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                if not lost:
                    log.exception("the Redis subscription failed; retrying")
                lost = True
                await asyncio.sleep(0.5)
                continue
            if lost:
                lost = False
                for game_id in list(self._followers):
                    self._handle(changed, game_id, None)
            if message is not None and message.get("type") == "message":
                parsed = _parse(message.get("data"))
                if parsed is not None and parsed[0] in self._followers:
                    self._handle(changed, *parsed)

    def _handle(self, changed: Changed, game_id: str, ply: int | None) -> None:
        task = asyncio.create_task(_guarded(changed, game_id, ply))
        self._handling.add(task)
        task.add_done_callback(self._handling.discard)


async def _guarded(changed: Changed, game_id: str, ply: int | None) -> None:
    try:
        await changed(game_id, ply)
    except Exception:
        log.exception("game %s: catching up with a change made elsewhere failed", game_id)


def _parse(data: Any) -> tuple[str, int | None] | None:
    """`(game id, ply)` of a message (ply None: load afresh), or None for anything else."""
    try:
        body = json.loads(data)
        game_id, ply = body["game"], body["ply"]
    except (ValueError, TypeError, KeyError):
        return None
    if isinstance(game_id, str) and (ply is None or type(ply) is int) and len(game_id) <= 64:
        return game_id, ply
    return None


def make_fanout(redis_url: str | None) -> Fanout:
    """Redis pub/sub where a URL is given (several processes), else this process alone."""
    return RedisFanout(redis_url) if redis_url else LocalFanout()
