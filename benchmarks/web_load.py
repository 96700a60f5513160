"""Load on the server: `python -m benchmarks.web_load --clients 1000 --games 500`.

Starts `spielwerk serve` in a subprocess (SQLite in a fresh folder by default; `--db URL` for another
database, `--redis URL` for the fan-out through Redis, `--processes N` for several servers on one
database: the two seats of a game then sit at different ones), makes the games (two-seat Gygès, person
against person, through the API) and opens one websocket per seat, so clients = 2 × games. Then every
game plays scripted moves for `--seconds`: the seat to move sends a legal action taken from its last
pushed payload (a fixed rotation through the list, so games last) on its websocket as the page does
(`--via http`: POSTs it), waits until every seat of the game has been pushed the payload of the new
ply, rests about `--pause` seconds (a person's pace, drawn between half and one and a half of it, so
that games do not act in step; 0: as fast as it goes), and so on; a game that ends is replaced by a
new one (not measured).

Per action it measures the time from sending it to the moment the last seat of that game has received
the resulting payload, and prints p50/p95/p99, actions per second, the server processes' CPU per
action over the measured window, and errors (refused actions, pushes missing after 10 s, dropped
sockets). Client and server share the machine.

One Python process driving a thousand websockets is itself a bottleneck (about a core):
`--client-processes N` spreads the games over N client processes, which make their games, start
playing together (a barrier), measure the same window, and hand their latency samples back to be
merged.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.synchronize import Barrier
from typing import Any

import aiohttp

WAIT = 10.0
"""Seconds a push may take before it counts as an error."""
MAX_PLIES = 300
"""Each game is drawn after this many plies, so that payloads (their history) stay a person's size."""


@dataclass
class Stats:
    """What the clients saw."""

    latencies: list[float] = field(default_factory=list)
    refused: int = 0
    missing: int = 0
    dropped: int = 0
    games_made: int = 0
    measuring: bool = False
    reasons: Counter[str] = field(default_factory=Counter)


class Seat:
    """One websocket client: the newest payload it was pushed, and a waiter for a ply."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.latest: dict[str, Any] | None = None
        self.target = -1
        self.arrived: asyncio.Future[float] | None = None
        self.first = asyncio.get_running_loop().create_future()
        self.replies: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.asked = 0
        self.reader = asyncio.create_task(self._read())

    async def ask(self, message: dict[str, Any]) -> asyncio.Future[dict[str, Any]]:
        """Send an action on the socket, as the page does; a future of the server's reply frame."""
        self.asked += 1
        reply = self.replies[self.asked] = asyncio.get_running_loop().create_future()
        await self.socket.send_str(json.dumps({**message, "id": self.asked}))
        return reply

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for message in self.socket:
                if message.type != aiohttp.WSMsgType.TEXT:
                    break
                payload = json.loads(message.data)
                if "reply" in payload:
                    waiting = self.replies.pop(payload["reply"], None)
                    if waiting is not None and not waiting.done():
                        waiting.set_result(payload)
                    if "payload" not in payload:
                        continue
                    payload = payload["payload"]
                self.latest = payload
                if not self.first.done():
                    self.first.set_result(time.perf_counter())
                if self.arrived is not None and not self.arrived.done() and payload["ply"] >= self.target:
                    self.arrived.set_result(time.perf_counter())

    def expect(self, ply: int) -> asyncio.Future[float]:
        """A future of the time the payload of `ply` (or later) arrives."""
        self.target = ply
        self.arrived = asyncio.get_running_loop().create_future()
        if self.latest is not None and self.latest["ply"] >= ply:
            self.arrived.set_result(time.perf_counter())
        return self.arrived

    async def close(self) -> None:
        await self.socket.close()
        self.reader.cancel()
        with contextlib.suppress(BaseException):
            await self.reader


@dataclass
class Game:
    """A game made for the benchmark: its id, its seats' tokens and websockets, and its server."""

    id: str
    tokens: list[str]
    seats: list[Seat]
    base: str


@dataclass
class Sessions:
    """The client's HTTP connections: `http` for requests (a bounded pool), `sockets` for the
    websockets (one connection each, outside that pool)."""

    http: aiohttp.ClientSession
    sockets: aiohttp.ClientSession
    bases: list[str]

    def socket_base(self, base: str, seat: int) -> str:
        """Where seat `seat` of a game made at `base` connects: with several servers, the seats of a
        game sit at different ones (two people behind one address), so every action crosses."""
        index = (self.bases.index(base) + seat) % len(self.bases) if base in self.bases else 0
        return (self.bases[index] if base in self.bases else base).replace("http://", "ws://")


async def make_game(sessions: Sessions, base: str, stats: Stats) -> Game:
    """Create a game through the API and open one websocket per seat; wait for their first payloads."""
    async with sessions.http.post(f"{base}/api/games", json={
            "game": "gyges", "seats": ["human", "human"], "options": {"max_plies": MAX_PLIES}}) as response:
        response.raise_for_status()
        made = await response.json()
    tokens = [seat["token"] for seat in made["seats"]]
    sockets = [await sessions.sockets.ws_connect(
        f"{sessions.socket_base(base, index)}/ws/games/{made['id']}", protocols=[f"token.{token}"],
        max_msg_size=2**20) for index, token in enumerate(tokens)]
    seats = [Seat(socket) for socket in sockets]
    await asyncio.wait_for(asyncio.gather(*(seat.first for seat in seats)), 60)
    stats.games_made += 1
    return Game(made["id"], tokens, seats, base)


async def _sent(seat: Seat, text: str, ply: int) -> str | None:
    """The action sent on the mover's socket; None once stored, else why it was refused."""
    try:
        reply = await asyncio.wait_for(await seat.ask({"action": text, "ply": ply}), WAIT)
    except (aiohttp.ClientError, ConnectionError, TimeoutError) as error:
        return type(error).__name__
    return None if "payload" in reply else f"{reply.get('status')} {reply.get('rule')}"


async def _posted(sessions: Sessions, base: str, game: Game, mover: int, text: str, ply: int) -> str | None:
    """The action POSTed as the mover; None once stored, else why it was refused."""
    try:
        async with sessions.http.post(f"{base}/api/games/{game.id}/actions",
                                      headers={"Authorization": f"Bearer {game.tokens[mover]}"},
                                      json={"action": text, "ply": ply}) as response:
            body = await response.read()
            return None if response.status == 200 else f"{response.status} {json.loads(body).get('rule')}"
    except (aiohttp.ClientError, TimeoutError) as error:
        return type(error).__name__


async def play(game: Game, sessions: Sessions, stats: Stats, stop: float, pause: float,
               bases: list[str], number: int, via: str = "socket") -> None:
    """Scripted moves until `stop`; a game that ends is replaced by a new one. Each rest lasts between
    half and one and a half `pause` (a person's pace varies; games resting in step would send their
    actions in bursts), the first one begins the game."""
    pace = random.Random(number)
    if pause:
        await asyncio.sleep(min(pace.uniform(0, pause), stop - time.perf_counter()))
    while time.perf_counter() < stop:
        payload = game.seats[0].latest
        assert payload is not None
        if payload["is_over"]:
            await asyncio.gather(*(seat.close() for seat in game.seats))
            game = await make_game(sessions, bases[number % len(bases)], stats)
            continue
        mover = payload["to_move"]
        legal = (game.seats[mover].latest or {}).get("legal") or []
        if not legal:
            stats.refused += stats.measuring
            stats.reasons["no legal action in the mover's payload"] += stats.measuring
            await asyncio.sleep(0.1)
            continue
        ply = payload["ply"]
        text = legal[(ply * 31) % len(legal)]
        arrivals = [seat.expect(ply + 1) for seat in game.seats]
        start = time.perf_counter()
        if via == "socket":
            refused = await _sent(game.seats[mover], text, ply)
        else:  # the mover's process: with several servers, the seats' requests alternate between them
            refused = await _posted(sessions, bases[(number + ply) % len(bases)], game, mover, text, ply)
        if refused is not None:
            stats.refused += stats.measuring
            stats.reasons[refused] += stats.measuring
            await asyncio.sleep(0.1)
            continue
        try:
            done = await asyncio.wait_for(asyncio.gather(*arrivals), WAIT)
        except TimeoutError:
            stats.missing += stats.measuring
            if any(seat.reader.done() for seat in game.seats):
                stats.dropped += stats.measuring
                return
            continue
        if stats.measuring:
            stats.latencies.append(max(done) - start)
        if pause:
            rest = pace.uniform(0.5 * pause, 1.5 * pause)
            await asyncio.sleep(min(rest, max(0, stop - time.perf_counter())))
    await asyncio.gather(*(seat.close() for seat in game.seats))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(db_url: str, redis_url: str | None, log: Any) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [sys.executable, "-c", "from spielwerk.cli.main import main; main()", "serve", "--port",
               str(port), "--db", db_url, "--no-browser", "--bot-workers", "0", "--quiet",
               "--no-rate-limits"]  # every client has the same address
    if redis_url:
        command += ["--redis", redis_url]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
    return process, f"http://127.0.0.1:{port}"


async def wait_up(base: str, process: subprocess.Popen[bytes]) -> None:
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=5)) as http:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise SystemExit(f"the server stopped ({process.returncode})")
            with contextlib.suppress(aiohttp.ClientError, TimeoutError):
                async with http.get(f"{base}/api/catalog") as response:
                    if response.status == 200:
                        return
            await asyncio.sleep(0.2)
    raise SystemExit("the server did not start within 60 s")


async def run(args: argparse.Namespace, bases: list[str], numbers: range | None = None,
              barrier: Barrier | None = None, meter: CpuMeter | None = None) -> Stats:
    """Make the games `numbers` (default: all), wait at `barrier` for the other client processes,
    play them for the warm-up and the measured time (`meter` reads the servers' CPU over it); what
    was seen."""
    stats = Stats()
    numbers = range(args.games) if numbers is None else numbers
    connections = max(10, args.connections // args.client_processes)
    pool = aiohttp.TCPConnector(limit=connections)
    async with aiohttp.ClientSession(connector=pool, timeout=aiohttp.ClientTimeout(total=30)) as http, \
            aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as socket_session:
        sessions = Sessions(http, socket_session, bases)
        began = time.perf_counter()
        semaphore = asyncio.Semaphore(max(5, 50 // args.client_processes))

        async def made(number: int) -> Game:
            async with semaphore:
                return await make_game(sessions, bases[number % len(bases)], stats)

        games = await asyncio.gather(*(made(number) for number in numbers))
        print(f"{len(games)} games, {2 * len(games)} websocket clients ready in "
              f"{time.perf_counter() - began:.1f} s", flush=True)
        gc.collect()
        gc.freeze()  # the client's own full collections (its sockets, their payloads) would show as latency
        gc.set_threshold(50_000, 20, 100)
        if barrier is not None:
            await asyncio.to_thread(barrier.wait)
        stop = time.perf_counter() + args.warmup + args.seconds
        players = [asyncio.create_task(play(game, sessions, stats, stop, args.pause, bases, number,
                                                    args.via))
                   for number, game in zip(numbers, games, strict=True)]
        await asyncio.sleep(args.warmup)
        stats.measuring = True
        if meter is not None:
            meter.begin()
        await asyncio.sleep(args.seconds)
        stats.measuring = False
        if meter is not None:
            meter.end()
        await asyncio.gather(*players, return_exceptions=True)
    return stats


class CpuMeter:
    """The CPU time (user and system) the server processes used over the measured window, read from
    /proc (Linux); None elsewhere, or for servers this benchmark did not start (`--url`)."""

    def __init__(self, pids: list[int]) -> None:
        self.pids = pids
        self._began: float | None = None
        self.seconds: float | None = None

    def read(self) -> float | None:
        """The servers' CPU seconds so far."""
        if not self.pids:
            return None
        total = 0.0
        try:
            for pid in self.pids:
                with open(f"/proc/{pid}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return None
        return total

    def begin(self) -> None:
        self._began = self.read()

    def end(self) -> None:
        now = self.read()
        if now is not None and self._began is not None:
            self.seconds = now - self._began


def client_process(args: argparse.Namespace, bases: list[str], numbers: range, barrier: Barrier,
                   results: Any) -> None:
    """One client process: its share of the games, its samples put on `results`."""
    try:
        results.put(asyncio.run(run(args, bases, numbers, barrier)))
    except BaseException as error:  # the parent reports it; a broken barrier frees the others
        barrier.abort()
        results.put(f"{type(error).__name__}: {error}")


def share(games: int, processes: int) -> list[range]:
    """The game numbers of each client process, as even as they go."""
    cuts = [games * index // processes for index in range(processes + 1)]
    return [range(cuts[index], cuts[index + 1]) for index in range(processes)]


def run_clients(args: argparse.Namespace, bases: list[str], meter: CpuMeter) -> Stats:
    """The clients in this process, or spread over `--client-processes`, their samples merged (the
    servers' CPU read by `meter` over the measured window)."""
    if args.client_processes == 1:
        return asyncio.run(run(args, bases, meter=meter))
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(args.client_processes + 1)  # and this process, which reads the CPU
    results = context.Queue()
    workers = [context.Process(target=client_process, args=(args, bases, numbers, barrier, results))
               for numbers in share(args.games, args.client_processes)]
    for worker in workers:
        worker.start()
    with contextlib.suppress(threading.BrokenBarrierError):
        barrier.wait()
        time.sleep(args.warmup)
        meter.begin()
        time.sleep(args.seconds)
        meter.end()
    merged = Stats()
    for _ in workers:
        part = results.get()
        if isinstance(part, str):
            raise SystemExit(f"a client process failed: {part}")
        print(f"a client process: {len(part.latencies)} actions measured", flush=True)
        merged.latencies += part.latencies
        merged.refused += part.refused
        merged.missing += part.missing
        merged.dropped += part.dropped
        merged.games_made += part.games_made
        merged.reasons += part.reasons
    for worker in workers:
        worker.join()
    return merged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=1000, help="websocket clients (two per game)")
    parser.add_argument("--games", type=int, default=None, help="games (default: clients / 2)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds played before measuring")
    parser.add_argument("--pause", type=float, default=1.0,
                        help="seconds each game rests between its actions (0: as fast as it goes)")
    parser.add_argument("--db", default=None, help="database URL (default: SQLite in a fresh folder)")
    parser.add_argument("--redis", default=None, help="Redis URL: the fan-out between processes")
    parser.add_argument("--processes", type=int, default=1, help="server processes (needs --redis)")
    parser.add_argument("--url", action="append", default=[],
                        help="load a server already running here instead (repeat for several; profiling)")
    parser.add_argument("--connections", type=int, default=200,
                        help="HTTP connections of the clients (shared among the client processes)")
    parser.add_argument("--via", choices=("socket", "http"), default="socket",
                        help="how the mover sends its action: on its websocket (as the page does) or POST")
    parser.add_argument("--client-processes", type=int, default=1,
                        help="client processes the games are spread over (their samples are merged)")
    args = parser.parse_args()
    args.games = args.games or max(1, args.clients // 2)
    if not 1 <= args.client_processes <= args.games:
        parser.error("--client-processes is 1 to the number of games")
    if args.clients != 2 * args.games:
        parser.error("two-seat games: --clients must be twice --games")
    if args.processes > 1 and not args.redis:
        parser.error("several processes need --redis")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, max(soft, 4 * args.clients + 1024))
    resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryFile() as log:
        db_url = args.db or f"sqlite:///{os.path.join(folder, 'load.db')}"
        servers = [start_server(db_url, args.redis, log) for _ in range(0 if args.url else args.processes)]
        try:
            for process, base in servers:
                asyncio.run(wait_up(base, process))
            meter = CpuMeter([process.pid for process, _base in servers])
            stats = run_clients(args, args.url or [base for _process, base in servers], meter)
        finally:
            for process, _base in servers:
                process.send_signal(signal.SIGTERM)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=30)
                if process.poll() is None:
                    process.kill()
            log.seek(0)
            errors = [line for line in log.read().decode(errors="replace").splitlines() if "Error" in line]
        report(args, stats, db_url if args.db else "SQLite (fresh file)", errors, meter.seconds)


def report(args: argparse.Namespace, stats: Stats, db: str, server_errors: list[str],
           cpu: float | None = None) -> None:
    ms = [1000 * value for value in stats.latencies]
    print(f"server: {args.processes} process(es), {db}" + (f", Redis {args.redis}" if args.redis else ""))
    print(f"clients: {args.clients} websockets in {args.games} games, {args.client_processes} client "
          f"process(es), pause {args.pause} s, actions via {args.via}, {args.seconds:.0f} s measured")
    print(f"actions: {len(ms)} ({len(ms) / args.seconds:.0f} per second)")
    print(f"action → every seat pushed: p50 {percentile(ms, 0.5):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, "
          f"p99 {percentile(ms, 0.99):.1f} ms, max {max(ms, default=float('nan')):.1f} ms")
    if cpu is not None:
        per_action = f"{1000 * cpu / len(ms):.2f} ms per action" if ms else "no action measured"
        share = 100 * cpu / args.seconds
        print(f"server CPU: {cpu:.1f} s over the {args.seconds:.0f} s measured ({share:.0f}% of a core), "
              f"{per_action}")
    print(f"errors: {stats.refused} refused, {stats.missing} pushes missing, "
          f"{stats.dropped} sockets dropped; {len(server_errors)} server log errors; "
          f"{stats.games_made - args.games} games replaced")
    if stats.reasons:
        print("refused: " + ", ".join(f"{count} {reason}" for reason, count in stats.reasons.most_common()))
    for line in server_errors[:5]:
        print(f"  {line}")


if __name__ == "__main__":
    main()
