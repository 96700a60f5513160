"""A real server killed with SIGKILL loses nothing it acknowledged; started again on the same
database it resumes every game, and an agent whose turn it was plays. On SQLite, and on PostgreSQL
where it runs."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import httpx2

from tests.web.helpers import free_port, get, new_game, play, tokens, wait_for

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def server(db_url: str, bot_workers: int, *options: str
           ) -> Iterator[tuple[subprocess.Popen[bytes], httpx2.Client]]:
    """`spielwerk serve` in a process of its own on a free port (with more `options`), and a client."""
    port = free_port()
    command = [sys.executable, "-c", "from spielwerk.cli.main import main; main()", "serve",
               "--port", str(port), "--db", db_url, "--no-browser", "--bot-workers", str(bot_workers),
               *options]
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log)
        client = httpx2.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
        try:
            wait_for(lambda: _alive(client, process, log), lambda up: bool(up["up"]), seconds=60)
            yield process, client
        finally:
            client.close()
            _stop(process)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _alive(client: httpx2.Client, process: subprocess.Popen[bytes], log: IO[bytes]) -> dict[str, bool]:
    if process.poll() is not None:
        log.seek(0)
        error = log.read().decode(errors="replace")
        raise AssertionError(f"the server stopped ({process.returncode}): {error[-2000:]}")
    try:
        return {"up": client.get("/").status_code == 200}
    except httpx2.TransportError:
        return {"up": False}


def check_kill_and_resume(db_url: str) -> None:
    with server(db_url, bot_workers=0) as (process, client):  # agents wait: one is to move at the kill
        people = new_game(client, "gyges", ["human", "human"])
        chance = new_game(client, "drachenfels", ["human", "human"])
        waiting = new_game(client, "gyges", ["random", "human"])
        seat_tokens = tokens(people)
        acknowledged = []
        for ply in range(7):
            token = seat_tokens[ply % 2]
            assert token is not None
            text = get(client, people["id"], token)["legal"][-1]
            assert play(client, people["id"], token, text)["ply"] == ply + 1
            acknowledged.append(text)
        for _ in range(5):
            mover = get(client, chance["id"])["to_move"]
            token = tokens(chance)[mover]
            assert token is not None
            play(client, chance["id"], token, get(client, chance["id"], token)["legal"][0])
        before = [get(client, chance["id"], token) for token in tokens(chance)]
        resigned = new_game(client, "gyges", ["human", "human"])
        answer = client.post(f"/api/games/{resigned['id']}/resign", params={"token": tokens(resigned)[1]},
                             json={})
        assert answer.status_code == 200, answer.text
        flagged = new_game(client, "gyges", ["human", "human"], clock="1s")  # South's flag falls by itself
        wait_for(lambda: get(client, flagged["id"]), lambda seen: seen["is_over"])
        timed = new_game(client, "gyges", ["human", "human"], clock="10m+5s")
        timed_south = tokens(timed)[0]
        assert timed_south is not None
        left = play(client, timed["id"], timed_south, "123321")["clock"]["left_ms"]
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=20)
    with server(db_url, bot_workers=1) as (_process, client):
        south = seat_tokens[0]
        assert get(client, people["id"], south)["history"] == acknowledged
        north = seat_tokens[1]
        assert north is not None
        assert play(client, people["id"], north, get(client, people["id"], north)["legal"][0])["ply"] == 8
        assert [get(client, chance["id"], token) for token in tokens(chance)] == before
        human = tokens(waiting)[1]
        payload = wait_for(lambda: get(client, waiting["id"], human), lambda seen: seen["ply"] == 1)
        assert payload["to_move"] == 1 and payload["legal"]
        seen = get(client, resigned["id"])
        assert seen["is_over"] and seen["result"] == [1.0, 0.0]
        assert seen["ended"]["reason"] == "North resigned"
        assert seen["history"] == ["resign 1"] and seen["narration"] == ["North resigns"]  # the log's row
        again = client.post(f"/api/games/{resigned['id']}/resign", params={"token": tokens(resigned)[0]},
                            json={})
        assert again.status_code == 409 and again.json()["error"] == "the game is over: North resigned"
        fell = get(client, flagged["id"])
        assert fell["history"] == ["timeout 0"] and fell["result"] == [0.0, 1.0]
        assert fell["ended"] == {"by": "timeout", "seat": 0, "reason": "South ran out of time"}
        assert fell["narration"] == ["South runs out of time"]
        clock = get(client, timed["id"])["clock"]
        assert clock["left_ms"][0] == left[0] and clock["running"] == 1  # North's time ran on meanwhile
        assert 0 < left[1] - clock["left_ms"][1] < 120_000


def test_sigkill_loses_nothing_acknowledged_and_a_restart_resumes_on_sqlite(tmp_path: Path) -> None:
    check_kill_and_resume(f"sqlite:///{tmp_path / 'games.db'}")


def test_sigkill_loses_nothing_acknowledged_and_a_restart_resumes_on_postgresql(pg_url: str) -> None:
    check_kill_and_resume(pg_url)
