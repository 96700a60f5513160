"""Chaos: two server processes on one PostgreSQL database and a Redis of the test's own, under load from
a few players, while one process is killed with SIGKILL and started again on its port, Redis is killed
and started again, and the database ends every connection of the servers. Nothing acknowledged is lost,
both processes agree on every game, and every watcher converges. The Redis fan-out on its own, too."""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import IO, Any

import httpx2
import pytest
from websockets.sync.client import ClientConnection

from spielwerk.web.fanout import Backoff, RedisFanout
from tests.web.helpers import free_port, get, missing_service, new_game, run_async, tokens, wait_for
from tests.web.test_durability import ROOT
from tests.web.test_two_processes import socket_of

GAMES = 6
PLAYERS = 3
"""Client threads, each playing its share of the games, every action through the other process."""
AGREED = ("ply", "history", "is_over", "result", "ended", "to_move")
"""What both processes must report alike for every game."""
CONVERGE = 20.0
"""Seconds within which a watcher must see the final ply (Redis's backoff is capped at 5 s)."""


@dataclass
class RedisServer:
    """A redis-server of the test's own, started again on the same port after a kill."""

    port: int
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                   "--appendonly", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(lambda: {"up": _answers(self.port)}, lambda seen: bool(seen["up"]), seconds=10)

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


def _answers(port: int) -> bool:
    import redis

    try:
        with redis.Redis(port=port, socket_connect_timeout=1, socket_timeout=1) as connection:
            return bool(connection.ping())
    except redis.RedisError:
        return False


@pytest.fixture
def own_redis() -> Iterator[RedisServer]:
    """A redis-server on a free port (skips where redis-server is not installed)."""
    if shutil.which("redis-server") is None:
        missing_service("redis-server is not installed")
    server = RedisServer(free_port())
    server.start()
    try:
        yield server
    finally:
        server.kill()


@dataclass
class Server:
    """`spielwerk serve` on a fixed port, so that a restart is found where the killed one was."""

    db_url: str
    redis_url: str
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    log: IO[bytes] = field(default_factory=tempfile.TemporaryFile)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, "-c", "from spielwerk.cli.main import main; main()", "serve",
                   "--port", str(self.port), "--db", self.db_url, "--redis", self.redis_url,
                   "--no-browser", "--bot-workers", "0", "--no-rate-limits", "--quiet"]
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=self.log)

    def wait_up(self) -> None:
        with httpx2.Client(base_url=self.base_url, timeout=5) as client:
            wait_for(lambda: {"up": self._up(client)}, lambda seen: bool(seen["up"]), seconds=60)

    def _up(self, client: httpx2.Client) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            raise AssertionError(f"the server stopped ({self.process.returncode}): {self.logged()[-2000:]}")
        try:
            return client.get("/").status_code == 200
        except httpx2.TransportError:
            return False

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=20)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def logged(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")


@dataclass
class Game:
    """A game of the load, its seats' tokens, and what the servers acknowledged (ply: action)."""

    id: str
    tokens: list[str]
    acknowledged: dict[int, str] = field(default_factory=dict)
    over: bool = False


@dataclass
class Load:
    """The players: each plays its games in turn, every action POSTed with its ply through the other
    process than the last, retried where no answer came (the ply makes a retry harmless)."""

    urls: list[str]
    games: list[Game]
    stop: threading.Event = field(default_factory=threading.Event)
    failures: list[str] = field(default_factory=list)
    """Answers that are neither 200 nor a transport error of a killed process: server errors."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def play(self, mine: list[Game], seed: int) -> None:
        chooser = random.Random(seed)
        clients = [httpx2.Client(base_url=url, timeout=10) for url in self.urls]
        turn = 0
        try:
            while not self.stop.is_set() and not all(game.over for game in mine):
                for game in mine:
                    if not game.over and not self.stop.is_set():
                        turn += 1
                        self._one_action(clients, turn, game, chooser)
        finally:
            for client in clients:
                client.close()

    def _one_action(self, clients: list[httpx2.Client], turn: int, game: Game,
                    chooser: random.Random) -> None:
        payload = self._ask(clients, turn, lambda client: client.get(
            f"/api/games/{game.id}", headers={"Authorization": f"Bearer {game.tokens[0]}"}))
        if payload is None:
            return
        if payload["is_over"]:
            game.over = True
            return
        token = game.tokens[payload["to_move"]]
        seat = self._ask(clients, turn, lambda client: client.get(
            f"/api/games/{game.id}", headers={"Authorization": f"Bearer {token}"}))
        if seat is None or seat["ply"] != payload["ply"] or not seat["legal"]:
            return
        ply, text = seat["ply"], chooser.choice(seat["legal"])
        answer = self._ask(clients, turn + 1, lambda client: client.post(
            f"/api/games/{game.id}/actions", json={"action": text, "ply": ply},
            headers={"Authorization": f"Bearer {token}"}))
        if answer is not None:
            game.acknowledged[ply] = text

    def _ask(self, clients: list[httpx2.Client], turn: int, request: Any) -> dict[str, Any] | None:
        """The answer of the first process that answers 200 (None: 409, or the load stops)."""
        while not self.stop.is_set():
            for client in (clients[turn % 2], clients[(turn + 1) % 2]):
                try:
                    response = request(client)
                except httpx2.TransportError:
                    continue  # a killed process, or one not up again yet
                if response.status_code == 200:
                    answer: dict[str, Any] = response.json()
                    return answer
                if response.status_code == 409:
                    return None  # judged against a log that moved on: ask again
                with self.lock:
                    self.failures.append(f"{response.status_code} {response.text[:300]}")
            time.sleep(0.05)
        return None


def terminate_connections(db_url: str, application: str) -> int:
    """End every database connection of the servers (named `application`); how many there were."""
    import psycopg

    plain = db_url.replace("postgresql+psycopg://", "postgresql://").split("?")[0]
    with psycopg.connect(plain, autocommit=True) as connection:
        ended = connection.execute(
            "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE application_name = %s AND pid <> pg_backend_pid()", (application,)).fetchone()
    assert ended is not None
    return int(ended[0])


def converged(socket: ClientConnection, ply: int) -> dict[str, Any]:
    """The payloads pushed on `socket` until one of `ply` or later; fails after CONVERGE seconds."""
    deadline = time.monotonic() + CONVERGE
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"the watcher did not reach ply {ply} within {CONVERGE} s"
        try:
            payload: dict[str, Any] = json.loads(socket.recv(timeout=left))
        except TimeoutError:
            raise AssertionError(f"the watcher did not reach ply {ply} within {CONVERGE} s") from None
        if payload["ply"] >= ply:
            return payload


def agreed(clients: list[httpx2.Client], game_id: str) -> list[dict[str, Any]]:
    """Each process's payload of the game once both report alike what AGREED names (a process that
    missed announcements while Redis was down catches up when it answers again); fails after CONVERGE
    seconds."""
    deadline = time.monotonic() + CONVERGE
    while True:
        seen = [get(client, game_id) for client in clients]
        alike = [{key: payload.get(key) for key in AGREED} for payload in seen]
        if alike == [alike[0]] * len(alike) or time.monotonic() > deadline:
            assert alike == [alike[0]] * len(alike), f"game {game_id}: processes disagree after {CONVERGE} s"
            return seen
        time.sleep(0.1)


def test_two_processes_under_load_survive_a_kill_redis_and_the_database_going_away(
        pg_url: str, own_redis: RedisServer) -> None:
    application = f"spielwerk-chaos-{os.getpid()}-{random.randrange(1 << 30)}"
    db_url = f"{pg_url}&application_name={application}"
    one, other = Server(db_url, own_redis.url), Server(db_url, own_redis.url)
    with ExitStack() as stack:
        for process in (one, other):
            stack.callback(process.stop)
            process.start()
        one.wait_up()
        other.wait_up()
        clients = [stack.enter_context(httpx2.Client(base_url=process.base_url, timeout=10))
                   for process in (one, other)]
        games = []
        for number in range(GAMES):
            created = new_game(clients[number % 2], "gyges", ["human", "human"])
            south, north = tokens(created)
            assert south is not None and north is not None
            games.append(Game(created["id"], [south, north]))
        load = Load([one.base_url, other.base_url], games)
        players = [threading.Thread(target=load.play, args=(games[number::PLAYERS], number))
                   for number in range(PLAYERS)]
        for player in players:
            player.start()
        stack.callback(load.stop.set)
        on_other = [stack.enter_context(socket_of(clients[1], game.id, None)) for game in games]

        time.sleep(1.5)
        one.kill()  # SIGKILL under load, then started again on its port
        one.start()
        one.wait_up()
        on_one = [stack.enter_context(socket_of(clients[0], game.id, None)) for game in games]
        time.sleep(1.0)
        assert terminate_connections(pg_url, application) > 0
        time.sleep(1.0)
        own_redis.kill()  # the processes go on refereeing; their announcements go nowhere
        time.sleep(1.5)
        own_redis.start()
        time.sleep(0.5)
        load.stop.set()
        for player in players:
            player.join(timeout=30)
        assert not any(player.is_alive() for player in players)
        assert not load.failures, (load.failures[:5], one.logged()[-6000:], other.logged()[-6000:])

        for game, seen_on_one, seen_on_other in zip(games, on_one, on_other, strict=True):
            seen = agreed(clients, game.id)
            ply: int = seen[0]["ply"]
            history = seen[0]["history"]
            assert game.acknowledged, f"game {game.id}: nothing was played"
            for played, text in game.acknowledged.items():
                assert played < len(history) and history[played] == text, f"game {game.id}: ply {played} lost"
            for watcher in (seen_on_one, seen_on_other):
                pushed = converged(watcher, ply)
                assert pushed["ply"] == ply and pushed["history"] == history

        # after the outage each process publishes again: a move through one reaches the other's watcher
        for number, game in enumerate(games):
            payload = get(clients[0], game.id)
            if payload["is_over"]:
                continue
            token = game.tokens[payload["to_move"]]
            through = clients[number % 2]
            legal = get(through, game.id, token)["legal"]
            moved = through.post(f"/api/games/{game.id}/actions",
                                 json={"action": legal[0], "ply": payload["ply"]},
                                 headers={"Authorization": f"Bearer {token}"})
            assert moved.status_code == 200, moved.text
            watcher = (on_other if number % 2 == 0 else on_one)[number]
            assert converged(watcher, payload["ply"] + 1)["ply"] == payload["ply"] + 1

        for process in (one, other):
            logged = process.logged()
            assert "/redis/" not in logged, logged[-3000:]  # no traceback through redis-py, retry or not
            assert logged.count("the Redis subscription is lost") == 1, logged[-3000:]  # one line an outage


def test_the_redis_fanout_resubscribes_and_catches_up_after_redis_comes_back(own_redis: RedisServer) -> None:
    async def scenario() -> None:
        heard: asyncio.Queue[tuple[str, int | None]] = asyncio.Queue()

        async def changed(game_id: str, ply: int | None) -> None:
            heard.put_nowait((game_id, ply))

        async def nothing(_game_id: str, _ply: int | None) -> None:
            pass

        async def hear(expected: set[tuple[str, int | None]]) -> None:
            seen: set[tuple[str, int | None]] = set()
            while expected - seen:
                try:
                    seen.add(await asyncio.wait_for(heard.get(), CONVERGE))
                except TimeoutError:
                    raise AssertionError(f"never heard {expected - seen} (heard {seen})") from None

        listener, speaker = RedisFanout(own_redis.url), RedisFanout(own_redis.url)
        await listener.start(changed)
        await speaker.start(nothing)
        try:
            await listener.follow("g1")
            await speaker.announce("g1", 1)
            await hear({("g1", 1)})

            own_redis.kill()
            await speaker.announce("g1", 2)  # kept: Redis is away
            await listener.follow("g2")  # followed while away: subscribed once back
            await asyncio.sleep(0.5)
            own_redis.start()
            # each followed game checked in the log (what was announced meanwhile may be lost)
            await hear({("g1", None), ("g2", None)})
            await speaker.announce("g2", 7)
            await hear({("g2", 7)})
        finally:
            await listener.close()
            await speaker.close()

    run_async(scenario())


def test_the_delays_between_tries_double_up_to_the_cap_and_start_again_once_redis_answers() -> None:
    backoff = Backoff(0.1, 5.0)
    assert [backoff.next() for _ in range(8)] == [0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 5.0, 5.0]
    backoff.reset()
    assert backoff.next() == 0.1
