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
import time
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
FIRST_DELAY, MAX_DELAY = 0.1, 5.0
"""Seconds between tries while Redis is away: the first delay, doubled each try up to the last."""
POOL_SIZE = 16
"""Redis connections of one process at most (the subscription's and those publishing); a publisher
waits up to POOL_WAIT seconds for a free one rather than failing."""
POOL_WAIT = 10.0
TIMEOUT = 5.0
"""Seconds to connect to Redis or to wait for its answer."""
HEALTH_CHECK = 15
"""Seconds of quiet after which a connection is pinged before use (a vanished host is noticed)."""
MISSED = 10_000
"""Games whose announcements are kept at most while Redis is away."""


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


class Backoff:
    """The delays between tries while Redis is away: FIRST_DELAY, doubling up to MAX_DELAY."""

    def __init__(self, first: float = FIRST_DELAY, cap: float = MAX_DELAY) -> None:
        self.first, self.cap = first, cap
        self._next = first

    def next(self) -> float:
        """Seconds to wait before the next try (each longer than the last, up to the cap)."""
        delay, self._next = self._next, min(self.cap, self._next * 2)
        return delay

    def reset(self) -> None:
        """Redis answered: the next outage starts again from the first delay."""
        self._next = self.first


class RedisFanout:
    """Redis pub/sub: one channel per game, subscribed while this process has watchers of it. Where
    Redis goes away, the process goes on refereeing: announcements wait (each game's newest), the
    subscription is tried again with a growing delay, and once it is back every followed game is
    subscribed again and caught up from the log."""

    shared = True

    def __init__(self, url: str) -> None:
        self.url = url
        self._redis: Redis | None = None
        self._pubsub: PubSub | None = None
        self._followers: dict[str, int] = {}
        self._listener: asyncio.Task[None] | None = None
        self._handling: set[asyncio.Task[None]] = set()
        self._subscribing = asyncio.Lock()
        self._reconnected = False
        self._missed: dict[str, int | None] = {}
        self._publish_down_since: float | None = None
        self._republisher: asyncio.Task[None] | None = None

    async def start(self, changed: Changed) -> None:
        """Connect (fails at once where Redis is unreachable) and listen."""
        from redis.asyncio import BlockingConnectionPool, Redis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        pool = BlockingConnectionPool.from_url(
            self.url, max_connections=POOL_SIZE, timeout=POOL_WAIT, socket_connect_timeout=TIMEOUT,
            socket_timeout=TIMEOUT, socket_keepalive=True, health_check_interval=HEALTH_CHECK,
            retry=Retry(NoBackoff(), 0))  # no silent retries: this class reconnects, and knows it did
        self._redis = Redis.from_pool(pool)
        await self._redis.ping()
        await self._subscribe()
        self._listener = asyncio.create_task(self._listen(changed))

    async def follow(self, game_id: str) -> None:
        """Subscribe to the game's channel with its first watcher (while Redis is away: once back)."""
        count = self._followers.get(game_id, 0)
        self._followers[game_id] = count + 1
        if count > 0:
            return
        async with self._subscribing:
            if self._pubsub is None:
                return  # the listener subscribes every followed game when Redis is back
            try:
                await self._pubsub.subscribe(CHANNEL + game_id)
            except Exception:
                await self._drop_subscription()  # the listener subscribes afresh

    async def unfollow(self, game_id: str) -> None:
        """Unsubscribe with its last watcher."""
        count = self._followers.get(game_id, 0) - 1
        if count > 0:
            self._followers[game_id] = count
            return
        self._followers.pop(game_id, None)
        async with self._subscribing:
            if self._pubsub is not None:
                with contextlib.suppress(Exception):  # a lost connection unsubscribes by itself
                    await self._pubsub.unsubscribe(CHANNEL + game_id)

    async def announce(self, game_id: str, ply: int | None) -> None:
        """Publish `{"game", "ply"}` (ply null: load the game afresh). Where Redis fails the action
        stands (it is stored): the game's announcement waits and is sent once Redis answers again,
        and the other processes catch up every game they follow when their subscription is back."""
        if self._redis is None:
            return
        if self._publish_down_since is not None:
            self._miss(game_id, ply)  # `_republish` sends it once Redis answers
            return
        try:
            await self._publish(game_id, ply)
        except Exception as error:
            self._miss(game_id, ply)
            if self._publish_down_since is None:
                self._publish_down_since = time.monotonic()
                log.warning("Redis takes no announcements (%s): the games go on, their announcements "
                            "wait; trying again every %g s up to %g s", _first_line(error), FIRST_DELAY,
                            MAX_DELAY)
                self._republisher = asyncio.create_task(self._republish())

    async def close(self) -> None:
        """Stop listening and disconnect."""
        tasks = [task for task in (self._listener, self._republisher, *self._handling) if task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        await self._drop_subscription()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()
        self._listener, self._redis = None, None

    async def _publish(self, game_id: str, ply: int | None) -> None:
        """Publish once; where the pool's connection has gone stale (Redis restarted), once more on a
        new one."""
        assert self._redis is not None
        message = json.dumps({"game": game_id, "ply": ply})
        try:
            await self._redis.publish(CHANNEL + game_id, message)
        except Exception as error:
            if not _lost_connection(error):
                raise
            await self._redis.publish(CHANNEL + game_id, message)

    def _miss(self, game_id: str, ply: int | None) -> None:
        """Keep `game_id`'s announcement for when Redis is back (None, load afresh, covers any ply)."""
        if game_id in self._missed:
            kept = self._missed[game_id]
            self._missed[game_id] = None if kept is None or ply is None else max(kept, ply)
        elif len(self._missed) < MISSED:  # beyond: the others catch up on resubscribing anyway
            self._missed[game_id] = ply

    async def _republish(self) -> None:
        """While Redis takes no announcements: try again with a growing delay; once it answers, send
        the announcements kept meanwhile (those made while they go out, too)."""
        assert self._publish_down_since is not None
        backoff = Backoff()
        sent = 0
        while self._missed:
            await asyncio.sleep(backoff.next())
            while self._missed:
                game_id, ply = self._missed.popitem()
                try:
                    await self._publish(game_id, ply)
                except Exception:
                    self._miss(game_id, ply)  # merged with one made meanwhile
                    break
                sent += 1
        log.warning("Redis takes announcements again after %.1f s; sent the %d kept meanwhile",
                    time.monotonic() - self._publish_down_since, sent)
        self._publish_down_since = None

    async def _subscribe(self) -> None:
        """A subscription of its own to HELLO and every followed game's channel."""
        assert self._redis is not None
        async with self._subscribing:
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(HELLO, *(CHANNEL + game_id for game_id in self._followers))
                assert pubsub.connection is not None
                pubsub.connection.register_connect_callback(self._on_reconnect)
            except BaseException:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
                raise
            self._pubsub = pubsub

    async def _drop_subscription(self) -> None:
        pubsub, self._pubsub = self._pubsub, None
        if pubsub is not None:
            with contextlib.suppress(Exception):
                await pubsub.aclose()  # type: ignore[no-untyped-call]

    async def _on_reconnect(self, _connection: object) -> None:
        """redis-py connected the subscription again by itself (and resubscribed): what was announced
        meanwhile is lost, so the listener catches every followed game up."""
        self._reconnected = True

    async def _listen(self, changed: Changed) -> None:
        """Hand every message on; where the subscription is lost, subscribe afresh with a growing delay
        (one log line an outage), then catch every followed game up from the log."""
        backoff = Backoff()
        lost_at: float | None = None
        while True:
            try:
                if self._pubsub is None:
                    await self._subscribe()
                    if lost_at is not None:
                        log.warning("the Redis subscription is back after %.1f s; catching up %d games",
                                    time.monotonic() - lost_at, len(self._followers))
                        lost_at = None
                    backoff.reset()
                    self._catch_up(changed)
                pubsub = self._pubsub
                if pubsub is None:
                    continue
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                if lost_at is None:
                    lost_at = time.monotonic()
                    log.warning("the Redis subscription is lost (%s): the games go on; trying again "
                                "every %g s up to %g s", _first_line(error), FIRST_DELAY, MAX_DELAY)
                await self._drop_subscription()
                await asyncio.sleep(backoff.next())
                continue
            if self._reconnected:
                self._reconnected = False
                self._catch_up(changed)
            if message is not None and message.get("type") == "message":
                parsed = _parse(message.get("data"))
                if parsed is not None and parsed[0] in self._followers:
                    self._handle(changed, *parsed)

    def _catch_up(self, changed: Changed) -> None:
        """Every followed game may have changed while nothing was heard: check each in the log."""
        for game_id in list(self._followers):
            self._handle(changed, game_id, None)

    def _handle(self, changed: Changed, game_id: str, ply: int | None) -> None:
        task = asyncio.create_task(_guarded(changed, game_id, ply))
        self._handling.add(task)
        task.add_done_callback(self._handling.discard)


async def _guarded(changed: Changed, game_id: str, ply: int | None) -> None:
    try:
        await changed(game_id, ply)
    except Exception:
        log.exception("game %s: catching up with a change made elsewhere failed", game_id)


def _lost_connection(error: Exception) -> bool:
    """True for a connection Redis closed or refused (or a socket error), not a refused command."""
    from redis.exceptions import ConnectionError as RedisConnectionError

    return isinstance(error, (RedisConnectionError, OSError))


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


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
