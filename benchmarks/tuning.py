"""Tuning a game's heuristic weights: each candidate (a set of `w.<name>` agent options) plays a search
agent in one seat against `greedy` agents with the game's own weights in the others, on the same seeds
with the same rotation of its seat, so that candidates compare game by game (a sign test of the games
only one of two candidates won) as well as by their scores (Wilson intervals).

    python -m benchmarks.tuning --game grani --seeds 20
    python -m benchmarks.tuning --game drachenfels --seeds 30 --candidates current,temperature2

Results go to a JSONL file (`benchmarks/results/<game>_tuning.jsonl` by default), one line per game, and
a run resumes from it; `--report` only prints the table of what the file holds. Each game keeps the
weights its greedy seats played with (the game's defaults then, under "opponents") and how its dice were
rolled ("dice", `core.chance.ROLLS`): games compare only with games against the same opponents under
the same dice, so a change of the defaults or of the chance stream starts the comparisons afresh (games
kept without them count as played against `UNNAMED`, with `OLD_DICE`).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spielwerk.arena import sign_test, wilson
from spielwerk.arena.games import Job, play_game
from spielwerk.core.chance import ROLLS

Weights = Mapping[str, float]
UNNAMED = "the defaults when played (not kept)"
"""The opponents of games kept without them: in Grani's results before 2026-11-28 (afternoon) the
defaults of regain 8 and hold 0.5."""
ADDED = {"release": 0.0}
"""Weights added after games were kept with their opponents, and the value that plays as before."""
OLD_DICE = "random.Random per event"
"""The dice of games kept without them: every game before 2026-11-28 (evening)."""


@dataclass(frozen=True)
class Tuning:
    """What a game's candidates play: the agent and players, the weights they set, the candidates."""

    agent: str
    players: int
    names: tuple[str, ...]
    """The weights every candidate sets (the table's columns)."""
    candidates: Mapping[str, Weights]


def _bearer(
    regain: float, hold: float, step: float, escape: float = 1000.0, outrun: float = 1000.0,
    rerace: float = 0.0, carry: float = 0.0, **others: float,
) -> Weights:
    """Grani's ring-bearer weights as a candidate (escape and outrun 1000, rerace and carry 0: off),
    with any `others` of its weights."""
    return {"regain": regain, "hold": hold, "step": step, "escape": escape, "outrun": outrun,
            "rerace": rerace, "carry": carry, **others}


_ESCAPE = {"regain": 24.0, "hold": 0.0, "step": 0.02, "escape": 0.0}
"""The strongest Grani bearer weights found by 2026-11-28 (even with "old" over 108 seeds): Grani's
defaults since then; "E" in the names of the candidates around them."""


TUNINGS: dict[str, Tuning] = {
    "grani": Tuning("mcts", 4, ("regain", "hold", "step", "escape", "outrun", "rerace", "carry"), {
        # the defaults since 2026-11-28: escape 0, regain 24, hold 0 ("escape0-regain24-hold0" before)
        "current": _bearer(**_ESCAPE),
        # the defaults from commit 10ad2fa to 2026-11-28 ("current" in the results until then)
        "regain8-hold0.5": _bearer(8.0, 0.5, 0.02),
        # before the bearer's weights (commit 10ad2fa)
        "old": _bearer(1000.0, 0.0, 0.0),
        "hold0.25": _bearer(8.0, 0.25, 0.02),
        "hold0": _bearer(8.0, 0.0, 0.02),
        "regain4": _bearer(4.0, 0.5, 0.02),
        "regain16": _bearer(16.0, 0.5, 0.02),
        # chasers never wait for a delivery
        "no-regain": _bearer(1000.0, 0.5, 0.02),
        "old+step": _bearer(1000.0, 0.0, 0.02),
        "regain24-hold0": _bearer(24.0, 0.0, 0.02),
        "step0": _bearer(8.0, 0.5, 0.0),
        # as the bearer sees it, chasers that cannot reach it before it delivers only wait (1000: never)
        "escape1-regain24-hold0": _bearer(24.0, 0.0, 0.02, escape=1.0),
        "escape0-old": _bearer(1000.0, 0.0, 0.0, escape=0.0),
        "escape0-regain24-hold0.5": _bearer(24.0, 0.5, 0.02, escape=0.0),
        "escape0-regain16-hold0": _bearer(16.0, 0.0, 0.02, escape=0.0),
        # ... by at most `outrun` turns per turn a chaser comes too late
        "outrun2-regain24-hold0": _bearer(24.0, 0.0, 0.02, escape=0.0, outrun=2.0),
        "outrun5-regain24-hold0": _bearer(24.0, 0.0, 0.02, escape=0.0, outrun=5.0),
        # a waiting chaser counts its race for the ring put down anew from where it stands (`rerace`)
        "rerace1-regain16": _bearer(16.0, 0.0, 0.02, escape=0.0, rerace=1.0),
        "rerace2-regain8": _bearer(8.0, 0.0, 0.02, escape=0.0, rerace=2.0),
        "rerace1-regain24": _bearer(24.0, 0.0, 0.02, escape=0.0, rerace=1.0),
        # the other weights, around escape0-regain24-hold0
        "E-threat0.8": _bearer(**_ESCAPE, threat=0.8),
        "E-threat3": _bearer(**_ESCAPE, threat=3.0),
        "E-temperature5": _bearer(**_ESCAPE, temperature=5.0),
        "E-temperature12": _bearer(**_ESCAPE, temperature=12.0),
        "E-chase1.5": _bearer(**_ESCAPE, chase=1.5),
        "E-chase5": _bearer(**_ESCAPE, chase=5.0),
        "E-progress0.5": _bearer(**_ESCAPE, progress=0.5),
        "E-regain32": _bearer(**{**_ESCAPE, "regain": 32.0}),
        "E-regain48": _bearer(**{**_ESCAPE, "regain": 48.0}),
        "E-step0.1": _bearer(**{**_ESCAPE, "step": 0.1}),
        "E-temperature6": _bearer(**_ESCAPE, temperature=6.0),
        "E-progress0.15": _bearer(**_ESCAPE, progress=0.15),
        "E-seal16": _bearer(**_ESCAPE, seal=16.0),
        "E-seal24": _bearer(**_ESCAPE, seal=24.0),
        "E-hold0.25": _bearer(**{**_ESCAPE, "hold": 0.25}),
        "E-seal30": _bearer(**_ESCAPE, seal=30.0),
        # every knight's way home with the ring counts more (`carry`), the bearer's as the others'
        "old+carry0.5": _bearer(1000.0, 0.0, 0.0, carry=0.5),
        "old+carry1": _bearer(1000.0, 0.0, 0.0, carry=1.0),
        "old+step+carry0.5": _bearer(1000.0, 0.0, 0.02, carry=0.5),
        "regain24-hold0+carry0.5": _bearer(24.0, 0.0, 0.02, carry=0.5),
        "E+carry0.5": _bearer(**_ESCAPE, carry=0.5),
        # the bearer alone counts the chasers' wait after a delivery shorter (`release`): holding the
        # ring is worth regain - release turns to it, against seal 20 for delivering
        "E-release4": _bearer(**_ESCAPE, release=4.0),
        "E-release8": _bearer(**_ESCAPE, release=8.0),
        "E-release8-hold0.5": _bearer(**{**_ESCAPE, "hold": 0.5}, release=8.0),
        "E-release12-hold0.5": _bearer(**{**_ESCAPE, "hold": 0.5}, release=12.0),
        "E-release8-hold1": _bearer(**{**_ESCAPE, "hold": 1.0}, release=8.0),
    }),
    "drachenfels": Tuning("ismcts", 2, ("temperature", "progress", "horizon", "held", "land"), {
        "current": {"temperature": 4.0, "progress": 0.25, "horizon": 25.0, "held": 1.5, "land": 1.0},
        "temperature2": {"temperature": 2.0, "progress": 0.25, "horizon": 25.0, "held": 1.5, "land": 1.0},
        "temperature8": {"temperature": 8.0, "progress": 0.25, "horizon": 25.0, "held": 1.5, "land": 1.0},
        "progress0.1": {"temperature": 4.0, "progress": 0.1, "horizon": 25.0, "held": 1.5, "land": 1.0},
        "progress0.5": {"temperature": 4.0, "progress": 0.5, "horizon": 25.0, "held": 1.5, "land": 1.0},
        "horizon10": {"temperature": 4.0, "progress": 0.25, "horizon": 10.0, "held": 1.5, "land": 1.0},
        "held0.5": {"temperature": 4.0, "progress": 0.25, "horizon": 25.0, "held": 0.5, "land": 1.0},
        "held3": {"temperature": 4.0, "progress": 0.25, "horizon": 25.0, "held": 3.0, "land": 1.0},
        "land0": {"temperature": 4.0, "progress": 0.25, "horizon": 25.0, "held": 1.5, "land": 0.0},
        "land2": {"temperature": 4.0, "progress": 0.25, "horizon": 25.0, "held": 1.5, "land": 2.0},
    }),
}
"""Per game: its candidates by name. Each game's "current" is its weights as they are now."""


def spec(agent: str, weights: Weights, iterations: int) -> str:
    """The agent spec of `agent` with these weights of the game's heuristics."""
    return f"{agent}:{iterations}:" + ",".join(f"w.{name}={value:g}" for name, value in weights.items())


def jobs(game: str, names: Sequence[str], seeds: int, iterations: int, first: int = 0,
         players: int | None = None) -> Iterator[tuple[str, Job]]:
    """Every candidate's games, seed by seed and seat by seat, so that a partial run stays paired."""
    tuning = TUNINGS[game]
    seats_count = players or tuning.players
    for seed in range(first, first + seeds):
        for seat in range(seats_count):
            for name in names:
                seats = ["greedy"] * seats_count
                seats[seat] = spec(tuning.agent, tuning.candidates[name], iterations)
                yield name, Job(game, (), seed, tuple(seats), seat)


def defaults(game: str) -> dict[str, float]:
    """The game's heuristic weights as they are now: what its greedy seats play with."""
    weights = __import__("spielwerk").game(game).heuristics().w
    kind = weights if isinstance(weights, type) else type(weights)
    names = sorted(name for name, value in vars(kind).items() if isinstance(value, float))
    return {name: getattr(weights, name) for name in names}


def opponents(row: Mapping[str, Any]) -> str:
    """The weights a game's greedy seats played with, as one text (`UNNAMED` where not kept); a weight
    added since, at the value that plays as before (`ADDED`), is left out, so games before and after
    it still pair."""
    kept = row.get("opponents")
    if kept is None:
        return UNNAMED
    return ",".join(f"{name}={value:g}" for name, value in sorted(kept.items()) if ADDED.get(name) != value)


def conditions(row: Mapping[str, Any]) -> str:
    """What a game's candidate played against: the greedy seats' weights and the dice, as one text."""
    return f"{opponents(row)}; dice {row.get('dice', OLD_DICE)}"


def _play(item: tuple[str, Job]) -> dict[str, Any]:
    name, job = item
    result = play_game(job)
    return {"game": job.game, "candidate": name, "seed": job.seed, "seat": job.lineup,
            "seats": list(job.seats), "opponents": defaults(job.game), "dice": ROLLS,
            "score": result.returns[job.lineup],
            "returns": result.returns, "plies": result.plies, "over": result.over,
            "seconds": round(sum(result.seconds), 2)}


def read(path: Path, game: str) -> list[dict[str, Any]]:
    """The games of `game` a results file holds (lines without a game are Grani's, the first tuned)."""
    if not path.exists():
        return []
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [row for row in rows if row.get("game", "grani") == game]


def table(game: str, rows: Sequence[dict[str, Any]], base: str = "current") -> list[str]:
    """Per set of opponents and dice (`conditions`), the latest last: a line naming them, then per
    candidate its weights, games, score, its 95% Wilson interval, and against `base` over the games
    both played (seed and seat): the mean difference of their scores with its standard error, the
    games the candidate scored more in and those `base` scored more in, and the sign test of those."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(conditions(row), []).append(row)
    if len(groups) == 1:
        return _table(game, rows, base)
    lines: list[str] = []
    for against, group in sorted(groups.items(), key=lambda item: not item[0].startswith(UNNAMED)):
        lines += [f"against greedy with {against}:", *_table(game, group, base)]
    return lines


def _table(game: str, rows: Sequence[dict[str, Any]], base: str) -> list[str]:
    tuning = TUNINGS[game]
    by: dict[str, dict[tuple[int, int], float]] = {}
    for row in rows:
        by.setdefault(row["candidate"], {})[(row["seed"], row["seat"])] = float(row["score"])
    columns = " ".join(f"{name[:11]:>11}" for name in tuning.names)
    lines = [f"{'candidate':14} {columns} {'games':>5} {'score':>6}  {'95% interval':13}  "
             f"vs {base}: {'paired':>6} {'± se':>5} more less      p"]
    reference = by.get(base, {})
    for name, games in by.items():
        total = sum(games.values())
        low, high = wilson(total, len(games))
        both = sorted(set(games) & set(reference))
        differences = [games[key] - reference[key] for key in both]
        more = sum(1 for d in differences if d > 0)
        less = sum(1 for d in differences if d < 0)
        mean, error = _mean_and_error(differences)
        weights = tuning.candidates.get(name, {})
        values = " ".join(f"{weights.get(weight, math.nan):11g}" for weight in tuning.names)
        others = " ".join(f"{weight}={value:g}" for weight, value in weights.items()
                          if weight not in tuning.names)
        lines.append(f"{name:14} {values} {len(games):5} {total / len(games):6.1%}  "
                     f"{low:5.1%}-{high:5.1%}  {'':>{len(base) + 3}} {mean:+6.1%} {error:5.1%} "
                     f"{more:4} {less:4} {sign_test(more, less):6.3f}" + (f"  {others}" if others else ""))
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
    parser.add_argument("--game", choices=sorted(TUNINGS), default="grani")
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--candidates", help="names, comma-separated (default: all of the game's)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, help="default: benchmarks/results/<game>_tuning.jsonl")
    parser.add_argument("--report", action="store_true", help="only print the table of --out")
    args = parser.parse_args(argv)
    out: Path = args.out or Path(f"benchmarks/results/{args.game}_tuning.jsonl")
    done = read(out, args.game)
    if not args.report:
        names = [n.strip() for n in (args.candidates or ",".join(TUNINGS[args.game].candidates)).split(",")
                 if n.strip()]
        now = conditions({"opponents": defaults(args.game), "dice": ROLLS})
        played = {(row["candidate"], row["seed"], row["seat"]) for row in done if conditions(row) == now}
        todo = [item for item in jobs(args.game, names, args.seeds, args.iterations, args.first_seed)
                if (item[0], item[1].seed, item[1].lineup) not in played]
        out.parent.mkdir(parents=True, exist_ok=True)
        with multiprocessing.Pool(args.workers) as pool, out.open("a") as results:
            for row in pool.imap(_play, todo):
                results.write(json.dumps(row) + "\n")
                results.flush()
                done.append(row)
    print("\n".join(table(args.game, done)))


if __name__ == "__main__":
    main()
