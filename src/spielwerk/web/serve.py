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

from spielwerk.web.app import create_app
from spielwerk.web.limits import MAX_BODY


@dataclass(frozen=True)
class NewGame:
    """The game made when the server is up: which game, how many players, who sits where."""

    game: str
    seats: Sequence[str]
    players: int | None = None


def serve(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None, open_browser: bool = True,
          bot_workers: int | None = None, play: NewGame | None = None,
          say: Callable[[str], None] | None = None, redis_url: str | None = None,
          quiet: bool = False, rate_limits: bool = True, forwarded_allow_ips: str | None = None) -> None:
    """Run the server until it is stopped (Ctrl-C stops it quietly). Where `port` is taken, a free
    one is used. With `play`, the game is made and each person's link printed (and the first opened).
    With `redis_url`, one of several processes on one database (see `create_app`); `quiet`: no log
    line per request (under load), warnings only; `rate_limits` False: no 429s (a load benchmark);
    `forwarded_allow_ips`: the proxies (addresses, comma-separated, or "*") whose X-Forwarded-For
    names the client, as rate limits and logs see it (default: 127.0.0.1, a proxy on this machine)."""
    say = say or _say
    app = create_app(db_url, bot_workers=bot_workers, redis_url=redis_url, rate_limits=rate_limits)
    port = port if _free(host, port) else _free_port(host)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    base = f"http://{shown}:{port}"
    config = uvicorn.Config(app, host=host, port=port, ws_max_size=MAX_BODY, ws_per_message_deflate=False,
                            log_level="warning" if play or quiet else "info", access_log=not quiet,
                            proxy_headers=True, forwarded_allow_ips=forwarded_allow_ips or "127.0.0.1")
    server = uvicorn.Server(config)
    threading.Thread(target=_when_up, args=(server, base, play, open_browser, say), daemon=True).start()
    with contextlib.suppress(KeyboardInterrupt):
        server.run()


def _when_up(server: uvicorn.Server, base: str, play: NewGame | None, open_browser: bool,
             say: Callable[[str], None]) -> None:
    """Once the server listens: make the game of `play` and tell its links; open a browser."""
    deadline = time.monotonic() + 60
    while not server.started:
        if server.should_exit or time.monotonic() > deadline:
            return
        time.sleep(0.05)
    link = f"{base}/"
    if play is not None:
        try:
            link = _make_game(base, play, say)
        except (httpx2.HTTPError, ValueError, KeyError) as error:
            say(f"The game could not be made: {error}")
            server.should_exit = True
            return
    else:
        say(f"spielwerk serves at {link} (Ctrl-C stops it)")
    if open_browser:
        with contextlib.suppress(Exception):  # no browser here: the link above is enough
            webbrowser.open(link)


def _make_game(base: str, play: NewGame, say: Callable[[str], None]) -> str:
    """POST the game; print every person's link and the spectators'; the first person's link."""
    body: dict[str, Any] = {"game": play.game, "seats": list(play.seats)}
    if play.players is not None:
        body["players"] = play.players
    response = httpx2.post(f"{base}/api/games", json=body, timeout=30)
    answer = response.json()
    if response.status_code != 201:
        raise ValueError(f"{answer.get('error')} ({answer.get('rule')})")
    people = [seat for seat in answer["seats"] if seat["url"]]
    for seat in answer["seats"]:
        say(f"{seat['name'].title()}: " + (seat["url"] if seat["url"] else seat["kind"]))
    say(f"Spectators: {answer['spectate']}")
    say("Open the link of your seat to play; Ctrl-C stops the server.")
    return str(people[0]["url"]) if people else str(answer["spectate"])


def _say(line: str) -> None:
    print(line, flush=True)


def _free(host: str, port: int) -> bool:
    """True where nothing listens on `port` yet."""
    with socket.socket() as probe:
        try:
            probe.bind((host, port))
        except OSError:
            return False
        return True


def _free_port(host: str) -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        port: int = probe.getsockname()[1]
        return port
