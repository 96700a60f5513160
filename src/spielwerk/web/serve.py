"""`spielwerk serve`: the server on uvicorn, a browser opened on it; with `play`, a game made at once
through the API and its link printed (what `make play` runs)."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
import webbrowser
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import httpx2
import uvicorn
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

import spielwerk
from spielwerk.web import i18n, speech
from spielwerk.web.addresses import reachable_at
from spielwerk.web.app import create_app
from spielwerk.web.connections import HEADER_TIMEOUT, PER_ADDRESS, guarded_protocol
from spielwerk.web.db import default_url, make_engine, migrate
from spielwerk.web.i18n import N_
from spielwerk.web.limits import MAX_BODY


@dataclass(frozen=True)
class NewGame:
    """The game made when the server is up: which game, how many players, who sits where."""

    game: str
    seats: Sequence[str]
    players: int | None = None


DEFAULT_PORT = 8000
"""The port where none is asked for (a free one where it is taken)."""


class ServeError(Exception):
    """The server cannot start: its port is taken, its database or Redis cannot be reached. The
    message says which and what to do (in the language asked for); no traceback."""


def serve(host: str = "127.0.0.1", port: int | None = None, db_url: str | None = None,
          open_browser: bool = True, bot_workers: int | None = None, play: NewGame | None = None,
          say: Callable[[str], None] | None = None, redis_url: str | None = None,
          quiet: bool = False, rate_limits: bool = True, forwarded_allow_ips: str | None = None,
          api_docs: bool = False, public_url: str | None = None, header_timeout: float = HEADER_TIMEOUT,
          per_address: int = PER_ADDRESS, language: str = i18n.DEFAULT) -> None:
    """Run the server until it is stopped (Ctrl-C stops it quietly). A `port` asked for is the one
    it listens on (bound with SO_REUSEADDR, so a restart finds it again at once), else `ServeError`;
    without one, 8000, or a free one where 8000 is taken. The database (migrated first, one process
    at a time) and Redis must answer before it listens, else `ServeError`. With `play`, the game is
    made and each person's link printed (and the first opened). With `redis_url`, one of several
    processes on one database (see `create_app`); `quiet`: no log line per request (under load),
    warnings only; `rate_limits` False: no 429s (a load benchmark); `forwarded_allow_ips`: the
    proxies (addresses, comma-separated, or "*") whose X-Forwarded-For names the client, as rate
    limits and logs see it (default: 127.0.0.1, a proxy on this machine); `api_docs`: FastAPI's
    /docs and /redoc (a CDN script); `public_url`: where the links it hands out point (default
    http://HOST:PORT); `header_timeout`: seconds a connection may take to send a request's headers;
    `per_address`: connections one address may hold at once (but the trusted proxies; 0, or
    `rate_limits` False: no cap); `language`: of the lines it prints and of its refusals to start."""
    say = say or _say
    url = db_url or default_url()
    check_database(url, language)
    if redis_url:
        check_redis(redis_url, language)
    listener = _listen(host, port, language)
    port = int(listener.getsockname()[1])
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else f"[{host}]" if ":" in host else host
    base = f"http://{shown}:{port}"
    others = reachable_at(host, port)  # listening on every interface: the links are for friends too
    app = create_app(url, bot_workers=bot_workers, redis_url=redis_url, rate_limits=rate_limits,
                     api_docs=api_docs, public_url=public_url or (others[0] if others else base),
                     settle_heap=True)
    proxies = forwarded_allow_ips or "127.0.0.1"
    trusted = frozenset() if proxies.strip() == "*" else frozenset(ip.strip() for ip in proxies.split(","))
    protocol = guarded_protocol(header_timeout, per_address if rate_limits else 0, trusted)
    config = uvicorn.Config(app, host=host, port=port, http=protocol, timeout_keep_alive=5,
                            ws_max_size=MAX_BODY, ws_per_message_deflate=False,
                            log_level="warning" if play or quiet else "info", access_log=not quiet,
                            proxy_headers=True, forwarded_allow_ips=proxies)
    server = uvicorn.Server(config)
    threading.Thread(target=_when_up, args=(server, base, play, open_browser, say, language, others),
                     daemon=True).start()
    with contextlib.suppress(KeyboardInterrupt), listener:
        server.run(sockets=[listener])


def check_database(url: str, language: str = i18n.DEFAULT) -> None:
    """Connect to the database at `url` and migrate it to the newest revision; `ServeError` (in
    `language`) where it cannot be reached or migrated."""
    engine = None
    try:
        engine = make_engine(url)
        migrate(engine)
    except (SQLAlchemyError, OSError, ImportError) as error:
        said = N_("the database {url} cannot be reached or migrated: {error}")
        raise ServeError(_said(language, said, url=_shown(url), error=_first_line(error))) from None
    finally:
        if engine is not None:
            engine.dispose()


def _shown(url: str) -> str:
    """`url` without its password."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "(an unreadable URL)"


def check_redis(url: str, language: str = i18n.DEFAULT) -> None:
    """Ping Redis at `url`; `ServeError` (in `language`) where it does not answer."""
    from redis import Redis, RedisError

    try:
        with Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5) as connection:
            connection.ping()
    except (RedisError, OSError, ValueError) as error:
        said = N_("Redis at {url} does not answer: {error}")
        raise ServeError(_said(language, said, url=url, error=_first_line(error))) from None


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def _said(language: str, msgid: str, **args: Any) -> str:
    """`msgid` in `language` with `args` put in."""
    return i18n.gettext(language, msgid).format(**args)


def _when_up(server: uvicorn.Server, base: str, play: NewGame | None, open_browser: bool,
             say: Callable[[str], None], language: str, others: Sequence[str] = ()) -> None:
    """Once the server listens: make the game of `play` and tell its links, and the addresses
    `others` on the network reach it at; open a browser, or say how to where none opens."""
    deadline = time.monotonic() + 60
    while not server.started:
        if server.should_exit or time.monotonic() > deadline:
            return
        time.sleep(0.05)
    link = f"{base}/"
    if play is not None:
        try:
            link = _make_game(base, play, say, language)
        except (httpx2.HTTPError, ValueError, KeyError) as error:
            say(_said(language, N_("The game could not be made: {error}"), error=error))
            server.should_exit = True
            return
    else:
        say(_said(language, N_("spielwerk serves at {link} (Ctrl-C stops it)"), link=link))
    if others:
        said = N_("Others on your network reach the lobby at: {links}")
        say(_said(language, said, links=", ".join(f"{other}/" for other in others)))
    if open_browser:
        opened = False
        with contextlib.suppress(Exception):
            opened = webbrowser.open(link)
        if not opened:
            said = N_("No browser opens here: open {link} in a browser (the lobby is {lobby}).")
            say(_said(language, said, link=link, lobby=f"{base}/"))


def _make_game(base: str, play: NewGame, say: Callable[[str], None], language: str = i18n.DEFAULT) -> str:
    """POST the game; print every person's link and the spectators' (seats named in `language`);
    the first person's link."""
    body: dict[str, Any] = {"game": play.game, "seats": list(play.seats)}
    if play.players is not None:
        body["players"] = play.players
    response = httpx2.post(f"{base}/api/games", json=body, timeout=30,
                           headers={"Accept-Language": language})
    answer = response.json()
    if response.status_code != 201:
        raise ValueError(f"{answer.get('error')} ({answer.get('rule')})")
    people = [seat for seat in answer["seats"] if seat["url"]]
    names = speech.seat_names(spielwerk.game(play.game), len(answer["seats"]), language)
    for seat, name in zip(answer["seats"], names, strict=True):
        say(f"{name}: " + (seat["url"] if seat["url"] else seat["kind"]))
    say(_said(language, N_("Spectators: {link}"), link=answer["spectate"]))
    say(_said(language, N_("Open the link of your seat to play; Ctrl-C stops the server.")))
    return str(people[0]["url"]) if people else str(answer["spectate"])


def _say(line: str) -> None:
    print(line, flush=True)


def _listen(host: str, port: int | None, language: str = i18n.DEFAULT) -> socket.socket:
    """A socket listening on `host`:`port` (SO_REUSEADDR: connections of a process just stopped, in
    TIME_WAIT, do not hold the port); `ServeError` (in `language`) where it is taken. Without `port`:
    8000, else any free port."""
    try:
        return _bound(host, DEFAULT_PORT if port is None else port)
    except OSError as error:
        if port is None:
            return _bound(host, 0)
        said = N_("cannot listen on {address} ({error}): another program listens there; stop it or "
                  "choose another --port")
        why = error.strerror or error
        raise ServeError(_said(language, said, address=f"{host}:{port}", error=why)) from None


def _bound(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(2048)
    except OSError:
        listener.close()
        raise
    listener.set_inheritable(True)
    return listener
