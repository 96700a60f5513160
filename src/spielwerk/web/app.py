"""The app factory: storage migrated on start, the fan-out (this process alone, or Redis between
several), the referee, the routes, the error handlers."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from spielwerk.web import api, errors, heap, pages, sockets
from spielwerk.web.bots import BotPool
from spielwerk.web.db import default_url, make_engine, migrate
from spielwerk.web.fanout import make_fanout
from spielwerk.web.headers import SecurityHeaders
from spielwerk.web.limits import MAX_BODY, BodyLimit, JsonOnly, Limiter, RateLimit, Rates
from spielwerk.web.redact import keep_tokens_out_of_logs
from spielwerk.web.referee import Referee
from spielwerk.web.store import Store


def default_workers() -> int:
    """Processes for agents: one per core, at most two, so people's requests keep a core."""
    return max(1, min(2, (os.cpu_count() or 1) - 1))


def create_app(db_url: str | None = None, bot_workers: int | None = None,
               max_body: int = MAX_BODY, rates: Rates | None = None,
               redis_url: str | None = None, rate_limits: bool = True, api_docs: bool = False,
               public_url: str | None = None, settle_heap: bool = False) -> FastAPI:
    """The server as an ASGI app. `db_url`: a SQLAlchemy URL (default: SQLite in the user data folder);
    `bot_workers`: processes for agents (0: agents wait, the server only referees); `rates`: how many
    requests an address or a token may make; `redis_url` (redis://host:6379/0): several processes
    share the database and tell each other of every change through Redis pub/sub (without it: this
    process alone); `rate_limits` False: no `RateLimit` at all (a load benchmark from one address);
    `api_docs`: FastAPI's /docs and /redoc, pages that load their script from a CDN (off by default:
    no third-party script on the origin whose storage holds seat tokens; /openapi.json is always
    served); `public_url`: where the links in answers point (https://games.example.org; default: the
    address the server listens on, never the request's Host header); `settle_heap`: once started, set
    what the process holds aside from the cycle collector (`heap.settle`; a server process, not a
    test's)."""
    url = db_url or default_url()
    workers = default_workers() if bot_workers is None else bot_workers

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        keep_tokens_out_of_logs()  # after the server set its logging up
        engine = make_engine(url)
        migrate(engine)
        referee = Referee(Store(engine), BotPool(workers), make_fanout(redis_url))
        app.state.referee = referee
        await referee.start()
        if settle_heap:
            heap.settle()
        try:
            yield
        finally:
            await referee.close()
            engine.dispose()

    app = FastAPI(title="spielwerk", summary="Tabletop games from their rulebooks", lifespan=lifespan,
                  docs_url="/docs" if api_docs else None, redoc_url="/redoc" if api_docs else None)
    app.state.public_url = public_url
    app.add_middleware(BodyLimit, limit=max_body)
    app.add_middleware(JsonOnly)
    app.state.limiter = Limiter(rates) if rate_limits else None
    if app.state.limiter is not None:
        app.add_middleware(RateLimit, limiter=app.state.limiter)
    app.add_middleware(SecurityHeaders)
    errors.install(app)
    app.include_router(api.router)
    app.include_router(sockets.router)
    app.include_router(pages.router)
    app.mount("/static", pages.static_files(), name="static")
    return app
