"""The load benchmark spreads its clients over several processes and merges what they measured
(a tiny run of `python -m benchmarks.web_load`; no time is asserted)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from benchmarks import web_load

ROOT = Path(__file__).resolve().parents[2]


def test_the_games_are_shared_among_the_client_processes_without_gap_or_overlap() -> None:
    for games, processes in ((500, 2), (7, 3), (4, 4)):
        parts = web_load.share(games, processes)
        assert len(parts) == processes and all(parts)
        assert [number for part in parts for number in part] == list(range(games))


def test_two_client_processes_play_and_their_samples_are_merged() -> None:
    done = subprocess.run(
        # a warm-up of 3 s: under a load of 5 on two cores, no action had been measured with 0.5 s
        [sys.executable, "-m", "benchmarks.web_load", "--clients", "8", "--games", "4", "--seconds", "2",
         "--warmup", "3", "--pause", "0.2", "--client-processes", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    out = done.stdout
    assert out.count("games, 4 websocket clients ready") == 2  # each process made its two games
    assert "8 websockets in 4 games, 2 client process(es)" in out
    parts = [int(count) for count in re.findall(r"a client process: (\d+) actions measured", out)]
    actions = re.search(r"actions: (\d+) ", out)
    assert len(parts) == 2 and all(parts), out
    assert actions and int(actions.group(1)) == sum(parts), out  # both processes' samples, merged
    assert "errors: 0 refused, 0 pushes missing, 0 sockets dropped; 0 server log errors" in out, out


def test_client_processes_without_games_take_half_the_clients_as_games() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.web_load", "--clients", "4", "--seconds", "1",
         "--warmup", "0.3", "--pause", "0.2", "--client-processes", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "4 websockets in 2 games, 2 client process(es)" in done.stdout
