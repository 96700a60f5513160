"""Bounds on connections, below HTTP: a client must send a request's headers within a deadline (a
connection opened and left half-written is closed, so a few hundred of them cannot hold the server),
and one address holds at most so many connections at once (a reverse proxy named trusted is exempt:
its connections carry many clients). uvicorn has neither, so its HTTP protocol is extended here."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any, cast

from uvicorn.protocols.http.auto import AutoHTTPProtocol

HEADER_TIMEOUT = 10.0
"""Seconds a connection may take to send a request's headers (from its opening, or from the end of
the previous answer on a kept-alive connection)."""
PER_ADDRESS = 100
"""Connections one client address may hold at once (pages, websockets and API calls together)."""


class _Guard:
    """The deadline and the count, mixed into uvicorn's HTTP protocol (`guarded_protocol`)."""

    header_timeout: float = HEADER_TIMEOUT
    per_address: int = PER_ADDRESS
    trusted: frozenset[str] = frozenset()
    open_by_address: Counter[str]
    cycle: Any
    client: tuple[str, int] | None
    transport: asyncio.Transport
    loop: asyncio.AbstractEventLoop
    _counted: str | None = None
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        address = self.client[0] if self.client else None
        if self.per_address and address and address not in self.trusted:
            if self.open_by_address[address] >= self.per_address:
                transport.close()  # past the cap: closed before anything is read
                return
            self.open_by_address[address] += 1
            self._counted = address
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        self._arm()

    def handle_websocket_upgrade(self, *event: Any) -> None:
        """The connection becomes a websocket (another protocol): no deadline any more, and the
        count is released when that protocol loses the connection."""
        super().handle_websocket_upgrade(*event)  # type: ignore[misc]
        became = self.transport.get_protocol()
        if became is cast(object, self):
            return  # refused, still HTTP
        self._disarm()
        address, self._counted = self._counted, None
        if address is not None:
            lose = became.connection_lost

            def lost(exc: Exception | None) -> None:
                _release(self.open_by_address, address)
                lose(exc)

            became.connection_lost = lost  # type: ignore[method-assign]

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._counted is not None:
            _release(self.open_by_address, self._counted)
            self._counted = None
        super().connection_lost(exc)  # type: ignore[misc]

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _arm(self) -> None:
        """Close the connection unless a new request's headers arrive within `header_timeout`."""
        self._disarm()
        if self.header_timeout > 0:
            self._deadline = self.loop.call_later(self.header_timeout, self._too_slow, self.cycle)

    def _too_slow(self, waiting: object) -> None:
        self._deadline = None
        if self.transport.is_closing() or self.transport.get_protocol() is not cast(object, self):
            return  # closed meanwhile, or become a websocket
        if self.cycle is waiting:  # no request's headers since the deadline was set
            self.transport.close()


def _release(counts: Counter[str], address: str) -> None:
    counts[address] -= 1
    if counts[address] <= 0:
        del counts[address]


def guarded_protocol(header_timeout: float = HEADER_TIMEOUT, per_address: int = PER_ADDRESS,
                     trusted: frozenset[str] = frozenset()) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (`http=` of its Config) with a header deadline of `header_timeout`
    seconds (0: none) and at most `per_address` connections per client address (0: no cap) but for
    the `trusted` addresses (the reverse proxies)."""
    settings = {"header_timeout": header_timeout, "per_address": per_address, "trusted": trusted,
                "open_by_address": Counter()}
    return type("GuardedHTTPProtocol", (_Guard, AutoHTTPProtocol), settings)
