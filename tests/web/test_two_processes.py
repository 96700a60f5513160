"""Several server processes behind one address: one PostgreSQL database, Redis pub/sub between them. An
action through one process is pushed at once to the watchers of another, and a process whose table was
behind catches up from the log instead of refusing. The Redis fan-out on its own; SQLite alone needs no
Redis."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
from websockets.sync.client import ClientConnection, connect

import spielwerk
from spielwerk.web.fanout import LocalFanout, RedisFanout, make_fanout
from tests.web.helpers import get, new_game, play, tokens
from tests.web.test_durability import server

ROOT = Path(__file__).resolve().parents[2]
SOON = 5.0
"""Seconds within which a push from another process must arrive (it takes milliseconds)."""


def socket_of(client: httpx2.Client, game_id: str, token: str | None) -> ClientConnection:
    """A websocket of the game on the server of `client`, as the token's seat."""
    url = str(client.base_url).replace("http://", "ws://").rstrip("/") + f"/ws/games/{game_id}"
    return connect(url + (f"?token={token}" if token else ""), open_timeout=SOON)


def pushed_until(socket: ClientConnection, ply: int) -> dict[str, Any]:
    """The payloads pushed on `socket` until one of `ply` (or later); fails after SOON seconds."""
    deadline = time.monotonic() + SOON
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"no payload of ply {ply} within {SOON} s"
        payload: dict[str, Any] = json.loads(socket.recv(timeout=left))
        if payload["ply"] >= ply:
            return payload


@contextmanager
def two_servers(pg_url: str, redis_url: str) -> Iterator[tuple[httpx2.Client, httpx2.Client, str, str, str]]:
    """Two server processes on one database and one Redis, and a new Gygès game of two people made
    through the first: (first, second, game id, South's token, North's token)."""
    with server(pg_url, 0, "--redis", redis_url) as (_a, one), \
            server(pg_url, 1, "--redis", redis_url) as (_b, other):
        created = new_game(one, "gyges", ["human", "human"])
        south, north = tokens(created)
        assert south is not None and north is not None
        yield one, other, created["id"], south, north


def test_an_action_through_one_process_is_pushed_by_the_other(pg_url: str, redis_url: str) -> None:
    with two_servers(pg_url, redis_url) as (one, other, game_id, south, north):
        with socket_of(other, game_id, north) as north_on_other, \
                socket_of(other, game_id, None) as spectator_on_other, \
                socket_of(one, game_id, south) as south_on_one:
            assert pushed_until(north_on_other, 0)["ply"] == 0
            pushed_until(spectator_on_other, 0)
            pushed_until(south_on_one, 0)

            text = get(one, game_id, south)["legal"][0]
            play(one, game_id, south, text)  # through the first process ...
            seen = pushed_until(north_on_other, 1)  # ... pushed by the other
            assert seen == get(other, game_id, north) == get(one, game_id, north)
            assert seen["to_move"] == 1 and seen["legal"] and seen["history"] == [text]
            assert pushed_until(spectator_on_other, 1) == get(one, game_id)

            # at once through the other process: it is not behind, nothing is refused
            answer = play(other, game_id, north, seen["legal"][0])
            assert answer["ply"] == 2
            assert pushed_until(south_on_one, 2) == get(one, game_id, south)

            # without waiting for any push: each process judges against the log
            for ply in range(2, 8):
                client, token = (one, south) if ply % 2 == 0 else (other, north)
                assert token is not None
                legal = get(client, game_id, token)["legal"]
                assert play(client, game_id, token, legal[0])["ply"] == ply + 1
            assert pushed_until(north_on_other, 8) == get(one, game_id, north)
            assert pushed_until(south_on_one, 8) == get(other, game_id, south)

        # an agent's turn is played once, by the process that stored the move before it
        with_agent = new_game(one, "gyges", ["human", "random"])
        person = tokens(with_agent)[0]
        assert person is not None
        with socket_of(one, with_agent["id"], person) as watching:
            pushed_until(watching, 0)
            play(other, with_agent["id"], person, get(other, with_agent["id"], person)["legal"][0])
            deadline = time.monotonic() + 60
            while (seen := pushed_until(watching, 1))["ply"] < 2:
                assert time.monotonic() < deadline, "the agent did not answer"
            assert seen["ply"] == 2 and seen["to_move"] == 0 and len(seen["history"]) == 2


def test_a_resignation_and_a_name_through_one_process_reach_the_other(pg_url: str, redis_url: str) -> None:
    with two_servers(pg_url, redis_url) as (one, other, game_id, south, north):
        assert get(other, game_id, south)["ply"] == 0  # the other process has the game in memory
        with socket_of(other, game_id, south) as south_on_other:
            pushed_until(south_on_other, 0)
            named = one.post(f"/api/games/{game_id}/name", json={"name": "Ada"},
                             headers={"Authorization": f"Bearer {north}"})
            assert named.status_code == 200, named.text
            seats = other.get(f"/api/games/{game_id}/seats").json()
            assert [seat.get("display") for seat in seats["seats"]] == [None, "Ada"]

            resigned = one.post(f"/api/games/{game_id}/resign", json={},
                                headers={"Authorization": f"Bearer {north}"})
            assert resigned.status_code == 200, resigned.text
            deadline = time.monotonic() + SOON
            while not (seen := pushed_until(south_on_other, 0))["is_over"]:
                assert time.monotonic() < deadline, "the resignation was not pushed by the other process"
            assert seen["ended"]["by"] == "resign" and seen["result"] == [1.0, 0.0]
            assert seen["history"] == ["resign 1"] and seen["narration"] == ["North resigns"]
        refused = other.post(f"/api/games/{game_id}/actions", json={"action": "123321"},
                             headers={"Authorization": f"Bearer {south}"})
        assert refused.status_code == 409 and refused.json()["rule"] == "game.over"
        twice = other.post(f"/api/games/{game_id}/resign", json={}, params={"lang": "de"},
                           headers={"Authorization": f"Bearer {south}"})
        assert twice.status_code == 409
        assert twice.json()["said"] == "Die Partie ist vorbei: Nord hat aufgegeben"
        assert get(one, game_id)["history"] == get(other, game_id)["history"] == ["resign 1"]


def test_a_flag_that_falls_in_one_process_ends_the_game_in_the_other(pg_url: str, redis_url: str) -> None:
    with server(pg_url, 0, "--redis", redis_url) as (_a, one), \
            server(pg_url, 0, "--redis", redis_url) as (_b, other):
        created = new_game(one, "gyges", ["human", "human"], clock="2s")
        game_id, south = created["id"], tokens(created)[0]
        with socket_of(other, game_id, south) as south_on_other:
            assert pushed_until(south_on_other, 0)["ply"] == 0
            seen = pushed_until(south_on_other, 1)  # the flag falls (in either process): a row of the log
        assert seen["is_over"] and seen["history"] == ["timeout 0"] and seen["result"] == [0.0, 1.0]
        assert seen["ended"] == {"by": "timeout", "seat": 0, "reason": "South ran out of time"}
        german = other.get(f"/api/games/{game_id}", params={"lang": "de"}).json()
        assert german["narration"] == ["Süd überschreitet die Zeit"]
        assert get(one, game_id)["record"] == get(other, game_id)["record"]
        assert spielwerk.replay(get(one, game_id)["record"]).returns() == [0.0, 1.0]


def test_redis_fanout_hands_on_the_changes_of_followed_games(redis_url: str) -> None:
    followed, other = f"followed{time.monotonic_ns()}", f"other{time.monotonic_ns()}"

    async def scenario() -> list[tuple[str, int | None]]:
        heard: list[tuple[str, int | None]] = []
        arrived = asyncio.Event()

        async def changed(game_id: str, ply: int | None) -> None:
            heard.append((game_id, ply))
            arrived.set()

        async def nothing(_game_id: str, _ply: int | None) -> None:
            pass

        listener, speaker = RedisFanout(redis_url), RedisFanout(redis_url)
        await listener.start(changed)
        await speaker.start(nothing)
        try:
            await listener.follow(followed)
            await listener.follow(followed)  # two watchers
            await speaker.announce(other, 1)  # nobody here follows it
            await speaker.announce(followed, 3)
            await asyncio.wait_for(arrived.wait(), SOON)
            arrived.clear()
            await listener.unfollow(followed)  # one watcher left: still followed
            await speaker.announce(followed, 4)
            await asyncio.wait_for(arrived.wait(), SOON)
            await listener.unfollow(followed)  # none left
            await speaker.announce(followed, 5)
            await speaker.announce(other, 2)
            await asyncio.sleep(0.5)
        finally:
            await listener.close()
            await speaker.close()
        return heard

    with ThreadPoolExecutor(1) as thread:  # a loop of its own, whatever runs in this thread
        assert thread.submit(asyncio.run, scenario()).result() == [(followed, 3), (followed, 4)]


def test_one_process_on_sqlite_needs_no_redis(tmp_path: Path) -> None:
    assert isinstance(make_fanout(None), LocalFanout)
    code = f"""
import sys
from fastapi.testclient import TestClient
from spielwerk.web.app import create_app
with TestClient(create_app("sqlite:///{tmp_path / 'games.db'}", bot_workers=0)) as client:
    made = client.post("/api/games", json={{"game": "gyges", "seats": ["human", "human"]}}).json()
    south, north = (seat["token"] for seat in made["seats"])
    with client.websocket_connect(f"/ws/games/{{made['id']}}?token={{north}}") as socket:
        assert socket.receive_json()["ply"] == 0
        text = client.get(f"/api/games/{{made['id']}}?token={{south}}").json()["legal"][0]
        client.post(f"/api/games/{{made['id']}}/actions?token={{south}}", json={{"action": text}})
        assert socket.receive_json()["ply"] == 1
print("redis" in sys.modules)
"""
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"
