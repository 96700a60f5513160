"""A million inputs against the error contract: `python -m benchmarks.fuzz` (what `make fuzz` runs).

Every input is a mutated action text, a value of another type given as an action, options, a position,
a JSON state or a record (see `benchmarks.fuzzing`), spread evenly over the games and kinds. Prints the
number of inputs by game and kind, and the findings by exception type (the target is none), each with an
example; exits 1 when there is any finding.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Sequence

import spielwerk
from benchmarks.fuzzing import KINDS, Tally, build_corpus, fuzz
from spielwerk.core.wording import counted

CHUNK = 5_000
"""Inputs per job handed to a worker process."""


def run_chunk(job: tuple[str, int, int]) -> Tally:
    """Fuzz one game with `count` inputs from generator seed `seed`."""
    game_id, count, seed = job
    return fuzz(build_corpus(game_id, seed=seed % 7), count, seed, Tally())


def merge(tallies: Sequence[Tally]) -> Tally:
    """One tally of many."""
    total = Tally()
    for tally in tallies:
        total.inputs += tally.inputs
        for kind, count in tally.by_kind.items():
            total.by_kind[kind] = total.by_kind.get(kind, 0) + count
        for problem, findings in tally.findings.items():
            total.findings.setdefault(problem, []).extend(findings)
        total.slowest = max(total.slowest, tally.slowest)
    return total


def main(argv: Sequence[str] | None = None) -> int:
    """Run the fuzz and print its counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=1_000_000,
                        help="inputs in all, rounded up to a whole number a game (default 1,000,000)")
    parser.add_argument("--games", nargs="*", default=spielwerk.games(), help="games to fuzz (default all)")
    parser.add_argument("--processes", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="first generator seed (default 0)")
    args = parser.parse_args(argv)
    per_game = -(-args.inputs // len(args.games))  # at least the inputs asked for
    jobs = [
        (game_id, min(CHUNK, per_game - start), args.seed + number)
        for game_id in args.games
        for number, start in enumerate(range(0, per_game, CHUNK))
    ]
    began = time.perf_counter()
    by_game: dict[str, list[Tally]] = {game_id: [] for game_id in args.games}
    with multiprocessing.Pool(args.processes) as pool:
        for (game_id, _, _), tally in zip(jobs, pool.imap(run_chunk, jobs), strict=True):
            by_game[game_id].append(tally)
    seconds = time.perf_counter() - began
    total = merge([tally for tallies in by_game.values() for tally in tallies])
    print(f"{total.inputs:,} inputs in {seconds:,.0f} s ({total.inputs / seconds:,.0f} a second, "
          f"{counted(args.processes, 'process', 'processes')}); "
          f"slowest {total.slowest[0]:.2f} s ({total.slowest[1]})")
    print("game          " + " ".join(f"{kind:>11}" for kind in KINDS) + "   findings")
    for game_id, tallies in by_game.items():
        tally = merge(tallies)
        found = sum(len(findings) for findings in tally.findings.values())
        counts = " ".join(f"{tally.by_kind.get(kind, 0):>11,}" for kind in KINDS)
        print(f"{game_id:<13} {counts}   {found:>8}")
    print("findings by exception type (target: none):" + ("" if total.findings else " none"))
    for problem, findings in sorted(total.findings.items()):
        example = findings[0]
        print(f"  {problem}: {len(findings)}, e.g. {example.game_id} {example.kind}: {example.problem}")
        print(f"      input: {example.given}")
    return 1 if total.findings else 0


if __name__ == "__main__":
    sys.exit(main())
