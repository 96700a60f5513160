"""Where a tournament's games are played: here, on local processes, or on a Ray cluster (each game a
task). All three give the same results for the same jobs; only the order they come in differs.

Ray needs the `ray` extra, and spielwerk installed on every node of the cluster.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator, Sequence
from typing import Any

from spielwerk.arena.games import GameResult, Job, play_game

LOCAL_RAY = "local"
"""`--ray local`: start Ray on this machine for the run (`auto` joins a cluster already running)."""


def workers_default() -> int:
    """The processes a tournament uses unless told: the CPUs this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def run_local(jobs: Sequence[Job], workers: int) -> Iterator[GameResult]:
    """Play `jobs` on `workers` processes (1: in this process), yielding each result as it ends."""
    if workers <= 1 or len(jobs) <= 1:
        yield from map(play_game, jobs)
        return
    # spawn: the caller may run threads (a progress bar), which a forked child would inherit locked
    with multiprocessing.get_context("spawn").Pool(min(workers, len(jobs))) as pool:
        yield from pool.imap_unordered(play_game, jobs)


def run_ray(jobs: Sequence[Job], address: str | None) -> Iterator[GameResult]:
    """Play `jobs` as Ray tasks, yielding each result as it ends. `address`: a cluster's ("auto" finds
    the one this machine belongs to; "local" starts Ray here); None uses Ray as already started."""
    import ray

    if not ray.is_initialized():
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        ray.init(address=None if address == LOCAL_RAY else address, **options)
    task = ray.remote(play_game)
    pending = [task.remote(job) for job in jobs]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield ray.get(ref)


def run(jobs: Sequence[Job], workers: int = 1, ray: str | None = None) -> Iterator[GameResult]:
    """Play `jobs` on Ray where `ray` names a cluster (or "local"), else on `workers` local processes."""
    return run_ray(jobs, ray) if ray is not None else run_local(jobs, workers)
