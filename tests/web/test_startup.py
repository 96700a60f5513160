"""Starting and restarting cleanly (issue 25): `--port` is exactly the port listened on, or the server
exits saying it is taken; a restart on the same port finds it again at once; several processes
started together migrate a fresh SQLite file one at a time; a database or Redis that does not answer
is a clear message and an exit code, never a traceback."""

from __future__ import annotations

import multiprocessing
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx2
from sqlalchemy import inspect

from spielwerk.web.db import make_engine, migrate
from tests.web.helpers import free_port

ROOT = Path(__file__).resolve().parents[2]
SERVE = [sys.executable, "-c", "from spielwerk.cli.main import main; main()", "serve", "--no-browser",
         "--bot-workers", "0"]


def _start(*options: str) -> subprocess.Popen[str]:
    return subprocess.Popen([*SERVE, *options], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def _stop(process: subprocess.Popen[str]) -> str:
    """Ctrl-C; what it wrote to stderr."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
    try:
        _out, errors = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        _out, errors = process.communicate()
    return errors


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
