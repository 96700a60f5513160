"""Bounds before any route runs: on request bodies, on what a request that changes something must
be (JSON), and on how many requests one address or one token makes."""

from __future__ import annotations

import contextlib
import json
import math
import time
from dataclasses import dataclass
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from spielwerk.web import i18n
from spielwerk.web.auth import bearer
from spielwerk.web.errors import BODY_RULE, JSON_RULE, RATE_RULE, body_of

MAX_BODY = 64 * 1024
"""The largest request body read (bytes); also the largest websocket message."""


class BodyTooLarge(Exception):
    """A body went past the bound while it was read."""


class BodyLimit:
    """ASGI middleware: 413 for a body over `limit` bytes, by its Content-Length or as it arrives."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await self._refuse(scope, send)
                return
        seen = 0
        started = False
        refused = False

        async def bounded() -> Message:
            nonlocal seen, refused, started
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    if not started:  # answered here: the route's body parser would make it a 400
                        refused = started = True
                        await self._refuse(scope, send)
                    raise BodyTooLarge
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if refused:
                return  # the 413 is sent; whatever the route made of the broken read is dropped
            started = started or message["type"] == "http.response.start"
            await send(message)

        with contextlib.suppress(BodyTooLarge):
            await self.app(scope, bounded, watched)

    async def _refuse(self, scope: Scope, send: Send) -> None:
        too_large = f"the request body is too large (at most {self.limit} bytes)"
        await _refuse(scope, send, 413, too_large, BODY_RULE)


CHANGING = {"POST", "PUT", "PATCH", "DELETE"}


class JsonOnly:
    """ASGI middleware: a request that changes something under /api must be JSON (415 otherwise).

    The API takes its token in a header or the query, never from a cookie, so a page of another site
    can make a browser send nothing the API trusts; and no HTML form can send `application/json`
    (a page that tries with `fetch` needs CORS, which the server never grants): cross-site forms
    cannot post to it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in CHANGING and scope["path"].startswith("/api/"):
            kind = _header(scope, b"content-type").split(";")[0].strip().lower()
            if kind != "application/json":
                await _refuse(scope, send, 415, "a request that changes something sends application/json",
                              JSON_RULE)
                return
        await self.app(scope, receive, send)


@dataclass(frozen=True)
class Rates:
    """How many requests the server takes (per second, and the burst a bucket holds)."""

    requests: tuple[float, float] = (50.0, 200.0)
    """Per address: every API request and websocket."""
    changes: tuple[float, float] = (20.0, 40.0)
    """Per token: every request that changes something (actions, resignations, names…)."""
    address_changes: tuple[float, float] = (40.0, 80.0)
    """Per address: the same, for all its tokens (and none) together."""
    games: tuple[float, float] = (10 / 60, 10.0)
    """Per address: new games and rematches (10 a minute)."""


MAX_KEYS = 10_000
"""Buckets kept at most; past it, the full ones (idle long enough) are dropped."""


class Buckets:
    """Token buckets by key: each holds up to `burst` and fills at `rate` per second."""

    def __init__(self) -> None:
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str, rate: float, burst: float, at: float) -> float:
        """Take one from `key`'s bucket: 0 where there was one, else the seconds until there is."""
        level, then = self._buckets.get(key, (burst, at))
        level = min(burst, level + (at - then) * rate)
        if level < 1:
            self._buckets[key] = (level, at)
            return (1 - level) / rate
        if key not in self._buckets and len(self._buckets) >= MAX_KEYS:
            self._prune(at)
        self._buckets[key] = (level - 1, at)
        return 0.0

    def _prune(self, at: float) -> None:
        self._buckets = {key: (level, then) for key, (level, then) in self._buckets.items() if at - then < 60}
        if len(self._buckets) >= MAX_KEYS:
            self._buckets.clear()


class Limiter:
    """The `Rates` and the buckets that every request (`RateLimit`) and every action sent on a
    websocket take from: one allowance per address and per token, whichever way a change comes."""

    def __init__(self, rates: Rates | None = None) -> None:
        self.rates = rates or Rates()
        self.buckets = Buckets()

    def wait(self, checks: list[tuple[str, tuple[float, float]]]) -> float:
        """Take one from each bucket of `checks` (key, (rate, burst)) in turn: 0 where every one had
        one, else the seconds until the first that had none will."""
        at = time.monotonic()
        for key, (rate, burst) in checks:
            wait = self.buckets.take(key, rate, burst, at)
            if wait:
                return wait
        return 0.0

    def request(self, address: str) -> float:
        """A frame received on a websocket from `address`: one of the address's requests."""
        return self.wait([(f"ip:{address}", self.rates.requests)])

    def change(self, address: str, token: str) -> float:
        """A change made on a websocket by `token` from `address`: a change of both."""
        rates = self.rates
        return self.wait([(f"change-ip:{address}", rates.address_changes),
                          (f"change-token:{token[:200]}", rates.changes)])


class RateLimit:
    """ASGI middleware: 429 `web.rate` (with Retry-After) past the `Rates`, per client address and
    per seat token; a websocket past them is closed (4429). The address is the connection's, or,
    behind a trusted proxy (`serve --forwarded-allow-ips`), the client its X-Forwarded-For names."""

    def __init__(self, app: ASGIApp, limiter: Limiter | None = None) -> None:
        self.app = app
        self.limiter = limiter or Limiter()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] not in ("http", "websocket") or not path.startswith(("/api/", "/ws/")):
            await self.app(scope, receive, send)
            return
        wait = self._take(scope, path)
        if wait:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 4429, "reason": "too many requests"})
            else:
                await _refuse(scope, send, 429, "too many requests: try again in a moment", RATE_RULE,
                              [(b"retry-after", str(max(1, math.ceil(wait))).encode())])
            return
        await self.app(scope, receive, send)

    def _take(self, scope: Scope, path: str) -> float:
        client = scope.get("client")
        address = f"ip:{client[0] if client else '?'}"
        rates = self.limiter.rates
        checks = [(address, rates.requests)]
        if scope["type"] == "http" and scope["method"] in CHANGING:
            checks.append((f"change-{address}", rates.address_changes))
            token = bearer(_header(scope, b"authorization") or None) or _query_token(scope)
            if token:
                checks.append((f"change-token:{token[:200]}", rates.changes))
            if path == "/api/games" or path.endswith("/rematch"):
                checks.append((f"games-{address}", rates.games))
        return self.limiter.wait(checks)


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope.get("headers", []):
        if key == name:
            return str(value.decode("latin-1"))
    return ""


def _query_token(scope: Scope) -> str | None:
    return _query(scope, "token")


def _query(scope: Scope, name: str) -> str | None:
    found = parse_qs(scope.get("query_string", b"").decode("latin-1")).get(name)
    return found[0] if found else None


async def _refuse(scope: Scope, send: Send, status: int, message: str, rule: str,
                  headers: list[tuple[bytes, bytes]] | None = None) -> None:
    lang = i18n.spoken(_query(scope, i18n.COOKIE), _header(scope, b"accept-language"))
    body = json.dumps(body_of(message, rule, lang)).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *(headers or [])]})
    await send({"type": "http.response.body", "body": body})
