"""Tuning the Grani ring bearer's weights (`Weights.regain`, `hold`, `step`): each candidate plays
`mcts` with its weights against three `greedy` agents (the game's own weights) at four seats, on the
same seeds with the same rotation of its seat, so that candidates compare game by game (a sign test of
the games only one of two candidates won) as well as by their scores (Wilson intervals).

    python -m benchmarks.grani_tuning --seeds 20 --out benchmarks/results/grani_tuning.jsonl

Results go to a JSONL file, one line per game, and a run resumes from it; `--report` only prints
the table of what the file holds.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from spielwerk.arena import sign_test, wilson
from spielwerk.arena.games import Job, play_game

PLAYERS = 4
CANDIDATES: dict[str, tuple[float, float, float]] = {
    "current": (8.0, 0.5, 0.02),
    "old": (1000.0, 0.0, 0.0),  # as before the bearer's weights: no waiting for a delivery, no hold, no step
    "hold0.25": (8.0, 0.25, 0.02),
    "hold0": (8.0, 0.0, 0.02),
    "regain4": (4.0, 0.5, 0.02),
    "regain16": (16.0, 0.5, 0.02),
    "no-regain": (1000.0, 0.5, 0.02),  # chasers never wait for a delivery
    "old+step": (1000.0, 0.0, 0.02),  # "old" with the bearer's step
    "regain24-hold0": (24.0, 0.0, 0.02),
    "step0": (8.0, 0.5, 0.0),
}
"""Candidates by name: (regain, hold, step). "old" comes near the weights before commit 10ad2fa."""


def spec(weights: tuple[float, float, float], iterations: int) -> str:
    """The agent spec of mcts with these weights of the game's heuristics."""
    regain, hold, step = weights
    return f"mcts:{iterations}:w.regain={regain:g},w.hold={hold:g},w.step={step:g}"


def jobs(names: Sequence[str], seeds: int, iterations: int, first: int = 0) -> Iterator[tuple[str, Job]]:
    """Every candidate's games, seed by seed and seat by seat, so that a partial run stays paired."""
    for seed in range(first, first + seeds):
        for seat in range(PLAYERS):
            for name in names:
                seats = ["greedy"] * PLAYERS
                seats[seat] = spec(CANDIDATES[name], iterations)
                yield name, Job("grani", (), seed, tuple(seats), seat)


def _play(item: tuple[str, Job]) -> dict[str, Any]:
    name, job = item
    result = play_game(job)
    return {"candidate": name, "seed": job.seed, "seat": job.lineup, "seats": list(job.seats),
            "score": result.returns[job.lineup], "returns": result.returns, "plies": result.plies,
            "over": result.over, "seconds": round(sum(result.seconds), 2)}


def read(path: Path) -> list[dict[str, Any]]:
    """The games a results file holds."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def table(rows: Sequence[dict[str, Any]], base: str = "current") -> list[str]:
    """Per candidate: games, score, its 95% Wilson interval, and against `base` over the games both
    played (seed and seat): the mean difference of their scores with its standard error, the games the
    candidate scored more in and those `base` scored more in, and the sign test of those (p)."""
    by: dict[str, dict[tuple[int, int], float]] = {}
    for row in rows:
        by.setdefault(row["candidate"], {})[(row["seed"], row["seat"])] = float(row["score"])
    lines = [f"{'candidate':10} {'regain':>6} {'hold':>5} {'step':>5} {'games':>5} {'score':>6}  "
             f"{'95% interval':13}  vs {base}: {'paired':>6} {'± se':>5} more less      p"]
    reference = by.get(base, {})
    for name, games in by.items():
        total = sum(games.values())
        low, high = wilson(total, len(games))
        both = sorted(set(games) & set(reference))
        differences = [games[key] - reference[key] for key in both]
        more = sum(1 for d in differences if d > 0)
        less = sum(1 for d in differences if d < 0)
        mean, error = _mean_and_error(differences)
        regain, hold, step = CANDIDATES.get(name, (float("nan"),) * 3)
        lines.append(f"{name:10} {regain:6g} {hold:5g} {step:5g} {len(games):5} {total / len(games):6.1%}  "
                     f"{low:5.1%}-{high:5.1%}  {'':>{len(base) + 3}} {mean:+6.1%} {error:5.1%} "
                     f"{more:4} {less:4} {sign_test(more, less):6.3f}")
    return lines


def _mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean of `values` and its standard error (0 where fewer than two)."""
    count = len(values)
    if count < 2:
        return (values[0] if values else 0.0), 0.0
    mean = sum(values) / count
    variance = sum((v - mean) ** 2 for v in values) / (count - 1)
    return mean, math.sqrt(variance / count)


def main(argv: Sequence[str] | None = None) -> None:
    """Play the candidates' games not yet in `--out` and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--candidates", default=",".join(CANDIDATES))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/grani_tuning.jsonl"))
    parser.add_argument("--report", action="store_true", help="only print the table of --out")
    args = parser.parse_args(argv)
    done = read(args.out)
    if not args.report:
        played = {(row["candidate"], row["seed"], row["seat"]) for row in done}
        names = [name.strip() for name in args.candidates.split(",") if name.strip()]
        todo = [item for item in jobs(names, args.seeds, args.iterations, args.first_seed)
                if (item[0], item[1].seed, item[1].lineup) not in played]
        args.out.parent.mkdir(parents=True, exist_ok=True)
        with multiprocessing.Pool(args.workers) as pool, args.out.open("a") as out:
            for row in pool.imap(_play, todo):
                out.write(json.dumps(row) + "\n")
                out.flush()
                done.append(row)
    print("\n".join(table(done)))


if __name__ == "__main__":
    main()
