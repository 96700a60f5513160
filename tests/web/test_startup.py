"""Starting and restarting cleanly (issue 25): `--port` is exactly the port listened on, or the server
exits saying it is taken; a restart on the same port finds it again at once; several processes
started together migrate a fresh SQLite file one at a time; a database or Redis that does not answer
is a clear message and an exit code, never a traceback."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from sqlalchemy import inspect
from websockets.sync.client import connect

from spielwerk.web.addresses import own_addresses
from spielwerk.web.db import make_engine, migrate
from tests.web.helpers import free_port

ROOT = Path(__file__).resolve().parents[2]
SERVE = [sys.executable, "-c", "from spielwerk.cli.main import main; main()", "serve", "--no-browser",
         "--bot-workers", "0", "--lang", "en"]  # a later --lang wins


def _start(*options: str) -> subprocess.Popen[str]:
    return subprocess.Popen([*SERVE, *options], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def _stop(process: subprocess.Popen[str]) -> str:
    """Ctrl-C; what it wrote (stdout, where the access log goes, then stderr) from now on."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
    try:
        out, errors = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        out, errors = process.communicate()
    return (out or "") + (errors or "")


def _refused(*options: str) -> str:
    """Run serve where it cannot start: its stderr, once it exited 1 without a traceback."""
    process = _start(*options)
    try:
        _out, errors = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 1 and "Traceback" not in errors, errors
    return errors


def test_a_restart_on_the_same_port_listens_there_again(tmp_path: Path) -> None:
    port = free_port()
    database = f"sqlite:///{tmp_path / 'games.db'}"
    for _restart in range(3):
        process = _start("--port", str(port), "--db", database)
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            assert line.startswith(f"spielwerk serves at http://127.0.0.1:{port}/"), line
            with httpx2.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as client:
                for _ in range(3):  # kept alive: the server closes them as it stops (TIME_WAIT here)
                    assert client.get("/").status_code == 200
                errors = _stop(process)
        finally:
            _stop(process)
        assert process.returncode == 0 and "Traceback" not in errors, errors


def test_a_port_asked_for_and_taken_is_a_clear_error(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        errors = _refused("--port", str(port), "--db", f"sqlite:///{tmp_path / 'games.db'}")
    assert f"cannot listen on 127.0.0.1:{port}" in errors and "--port" in errors, errors


def test_the_start_speaks_the_language_asked_for(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        errors = _refused("--port", str(port), "--db", f"sqlite:///{tmp_path / 'games.db'}", "--lang", "fr")
    assert f"impossible d’écouter sur 127.0.0.1:{port}" in errors and "--port" in errors, errors
    process = _start("--port", str(free_port()), "--db", f"sqlite:///{tmp_path / 'games.db'}", "--lang", "de")
    try:
        assert process.stdout is not None
        assert process.stdout.readline().startswith("spielwerk läuft unter http://127.0.0.1:")
    finally:
        _stop(process)


def test_a_database_or_redis_that_does_not_answer_is_a_clear_error(tmp_path: Path) -> None:
    nowhere = free_port()
    errors = _refused("--port", str(free_port()), "--db", f"postgresql+psycopg://nobody@127.0.0.1:{nowhere}/x")
    assert "the database postgresql+psycopg://nobody@127.0.0.1" in errors and "cannot be reached" in errors
    errors = _refused("--port", str(free_port()), "--db", f"sqlite:///{tmp_path / 'games.db'}",
                      "--redis", f"redis://127.0.0.1:{nowhere}/0")
    assert f"Redis at redis://127.0.0.1:{nowhere}/0 does not answer" in errors, errors


def _migrate(url: str, ready: Any, told: Any) -> None:
    ready.wait()
    try:
        migrate(make_engine(url))
        told.put("migrated")
    except Exception as error:  # what failed is the test's answer
        told.put(f"{type(error).__name__}: {str(error)[:200]}")


def test_processes_started_together_migrate_a_fresh_sqlite_file_one_at_a_time(tmp_path: Path) -> None:
    processes = 6
    context: Any = multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")
    for attempt in range(3):  # without the lock, most attempts fail ("table games already exists")
        url = f"sqlite:///{tmp_path / f'games-{attempt}.db'}"
        ready, told = context.Barrier(processes), context.Queue()
        started = [context.Process(target=_migrate, args=(url, ready, told)) for _ in range(processes)]
        for process in started:
            process.start()
        answers = [told.get(timeout=60) for _ in started]
        for process in started:
            process.join(timeout=30)
        assert answers == ["migrated"] * processes, answers
        engine = make_engine(url)
        assert "games" in inspect(engine).get_table_names()
        engine.dispose()


@contextlib.contextmanager
def _serving(tmp_path: Path, *options: str) -> Iterator[int]:
    """`spielwerk serve` on a free port with `options`, up; its port."""
    port = free_port()
    process = _start("--port", str(port), "--db", f"sqlite:///{tmp_path / 'games.db'}", "--quiet", *options)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert f":{port}/" in line, line + _stop(process)
        yield port
    finally:
        errors = _stop(process)
    assert "Traceback" not in errors, errors


def _closed_within(connection: socket.socket, seconds: float) -> bool:
    """True where the server closes `connection` within `seconds` (sending nothing)."""
    connection.settimeout(seconds)
    try:
        return connection.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_links_point_at_the_public_url_never_at_the_host_header(tmp_path: Path) -> None:
    body = {"game": "gyges", "seats": ["human", "human"]}
    with _serving(tmp_path) as port:
        made = httpx2.post(f"http://127.0.0.1:{port}/api/games", json=body, headers={"host": "evil.example"},
                           timeout=10).json()
        assert made["spectate"] == f"http://127.0.0.1:{port}/play/{made['id']}", made
    with _serving(tmp_path, "--public-url", "https://games.example.org/") as port:
        made = httpx2.post(f"http://127.0.0.1:{port}/api/games", json=body, headers={"host": "evil.example"},
                           timeout=10).json()
        assert made["spectate"] == f"https://games.example.org/play/{made['id']}", made
        assert all(seat["url"].startswith("https://games.example.org/play/") for seat in made["seats"])


def test_a_connection_that_sends_no_headers_in_time_is_closed(tmp_path: Path) -> None:
    options = ("--header-timeout", "1", "--forwarded-allow-ips", "10.0.0.1")
    with _serving(tmp_path, *options) as port:
        silent = socket.create_connection(("127.0.0.1", port))
        halfway = socket.create_connection(("127.0.0.1", port))
        halfway.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        with silent, halfway:
            assert _closed_within(silent, 5) and _closed_within(halfway, 5)
        made = httpx2.post(f"http://127.0.0.1:{port}/api/games", timeout=10,
                           json={"game": "gyges", "seats": ["human", "human"]})
        game_id = made.json()["id"]
        with connect(f"ws://127.0.0.1:{port}/ws/games/{game_id}", open_timeout=10) as watcher:
            assert json.loads(watcher.recv(timeout=10))["ply"] == 0
            time.sleep(2)  # a websocket outlives the deadline of headers
            watcher.ping().wait(timeout=5)


def test_one_address_holds_at_most_so_many_connections(tmp_path: Path) -> None:
    options = ("--max-connections-per-address", "3", "--forwarded-allow-ips", "10.0.0.1")
    with _serving(tmp_path, *options) as port:
        held = [socket.create_connection(("127.0.0.1", port)) for _ in range(3)]
        extra = socket.create_connection(("127.0.0.1", port))
        with extra:
            assert _closed_within(extra, 5)
        for connection in held:
            connection.close()
        deadline = time.monotonic() + 5
        while True:  # the count goes down as the server sees them closed
            try:
                assert httpx2.get(f"http://127.0.0.1:{port}/", timeout=5).status_code == 200
                break
            except httpx2.TransportError:
                assert time.monotonic() < deadline
                time.sleep(0.1)


def test_the_log_never_prints_a_seat_token(tmp_path: Path) -> None:
    port = free_port()
    process = _start("--port", str(port), "--db", f"sqlite:///{tmp_path / 'games.db'}")
    base = f"http://127.0.0.1:{port}"
    try:
        assert process.stdout is not None
        assert f":{port}/" in process.stdout.readline()
        made = httpx2.post(f"{base}/api/games", json={"game": "gyges", "seats": ["human", "human"]},
                           timeout=10).json()
        game_id, token = made["id"], made["seats"][0]["token"]
        assert httpx2.get(made["seats"][0]["url"], timeout=10).status_code == 200
        for query in ({"token": token}, {"lang": "de", "token": token}):
            assert httpx2.get(f"{base}/api/games/{game_id}", params=query, timeout=10).status_code == 200
        with connect(f"ws://127.0.0.1:{port}/ws/games/{game_id}?token={token}", open_timeout=10) as watcher:
            assert json.loads(watcher.recv(timeout=10))["ply"] == 0
    finally:
        errors = _stop(process)
    assert f"/play/{game_id}?token=" in errors and "WebSocket" in errors, errors  # the lines are there
    assert token not in errors and "Traceback" not in errors, errors


def test_listening_on_every_interface_prints_where_friends_reach_it_and_links_there(tmp_path: Path) -> None:
    friends = own_addresses()
    if not friends:
        pytest.skip("this machine has no network address besides loopback")
    port = free_port()
    process = _start("--host", "0.0.0.0", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'g.db'}")
    try:
        assert process.stdout is not None
        assert process.stdout.readline().startswith(f"spielwerk serves at http://127.0.0.1:{port}/")
        others = process.stdout.readline()
        assert others.strip() == "Others on your network reach the lobby at: " + ", ".join(
            f"http://{address}:{port}/" for address in friends), others
        with httpx2.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as client:
            made = client.post("/api/games", json={"game": "gyges", "seats": ["human", "human"]}).json()
        assert made["seats"][0]["url"].startswith(f"http://{friends[0]}:{port}/play/")
    finally:
        _stop(process)


def test_where_no_browser_opens_the_link_and_the_lobby_are_printed(tmp_path: Path) -> None:
    port = free_port()
    command = [arg for arg in SERVE if arg != "--no-browser"]
    process = subprocess.Popen([*command, "--port", str(port), "--db", f"sqlite:///{tmp_path / 'g.db'}"],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "BROWSER": "false"})  # a browser that fails to open
    try:
        assert process.stdout is not None
        assert process.stdout.readline().startswith("spielwerk serves at")
        told = process.stdout.readline()
        assert told.strip() == (f"No browser opens here: open http://127.0.0.1:{port}/ in a browser "
                                f"(the lobby is http://127.0.0.1:{port}/)."), told
    finally:
        _stop(process)
