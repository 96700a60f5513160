"""Gygès alpha-beta, today's generic search (`alphabeta-v1`) against the Gygès core (`alphabeta`).

Run `python -m benchmarks.gyges_search`. Part one: from the start and five fixed middle-game positions
(from alpha-beta self-play, none decided within a second's search), each agent searches `--think`
(1s) `--runs` times; the table gives the median nodes per second and depth reached. Nodes are what each
search counts against a node budget: v1 its searched positions and static evaluations, the core its
searched positions and the children its compiled leaves score. Part two: a short match, the core
against v1 with sides swapped on the same random set-ups (`benchmarks.strength`'s games), its score
with a 95% Wilson interval. The compiled code is loaded (or compiled) before anything is timed.
`--to-depth 6` first counts the core's nodes to complete depth 6 from each position, which the load of
the cores does not change (`--runs 0 --games 0`: only that).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time

import spielwerk
from benchmarks.strength import HEADER, Tally, jobs, play
from spielwerk import agents
from spielwerk.core.state import State

START = "start"
MIDDLE_GAME = (
    ".13.3./....2./.32.../....2./..121./3..1.. s",
    "312.3./...32./....1./..21../..2.../....31 s",
    ".3.33./...22./..1.1./..22../..1.../....31 s",
    "2..33./.1..../11..../322.../.1..../2..3.. s",
    "..13../.2..../113.../322.../.1..../2..3.. s",
)
"""Positions 10 and 14 plies into seeded alpha-beta self-play (3,000 nodes a move) from random set-ups."""
NAMES = ("alphabeta-v1", "alphabeta")


def state_of(text: str) -> State:
    """The start (the set-up 123321 against 321123) or a position text."""
    if text == START:
        return spielwerk.game("gyges", setup="123321,321123").new_state(seed=0)
    return spielwerk.game("gyges").new_state(seed=0, position=text)


def warm() -> None:
    """Load the compiled code (numba's cache) outside any timing."""
    agents.make("alphabeta", budget=500, seed=0).choose(state_of(MIDDLE_GAME[0]))


def search(name: str, text: str, think: str, runs: int) -> tuple[float, float]:
    """(median nodes per second, median depth) of `runs` fresh searches of `think` each."""
    rates, depths = [], []
    for run in range(runs):
        bot = agents.make(name, budget=think, seed=run)
        bot.choose(state_of(text))
        rates.append(bot.stats["nodes"] / bot.stats["seconds"])
        depths.append(bot.stats["depth"])
    return statistics.median(rates), statistics.median(depths)


def speed_table(think: str, runs: int) -> None:
    """Part one: nodes per second and depth, v1 and the core, position by position."""
    print(f"search of {think} from each position, median of {runs} runs")
    print(f"{'position':<46} {'v1 nodes/s':>11} {'v1 depth':>8} {'new nodes/s':>12} {'new depth':>9}")
    for text in (START, *MIDDLE_GAME):
        (old_rate, old_depth), (new_rate, new_depth) = (search(name, text, think, runs) for name in NAMES)
        print(f"{text:<46} {old_rate:>11,.0f} {old_depth:>8g} {new_rate:>12,.0f} {new_depth:>9g}", flush=True)


def depth_table(depth: int) -> None:
    """Nodes (and seconds) the core takes to complete `depth` from each position: unlike a time budget,
    the nodes do not depend on the load of the cores, so two versions compare at any time."""
    print(f"the core searched to depth {depth} from each position")
    print(f"{'position':<46} {'nodes':>10} {'seconds':>8}  move")
    total = 0
    for text in (START, *MIDDLE_GAME):
        bot = agents.make("alphabeta", budget=10**9, seed=0, max_depth=depth)
        choice = bot.choose(state_of(text))
        total += bot.stats["nodes"]
        print(f"{text:<46} {bot.stats['nodes']:>10,} {bot.stats['seconds']:>8.2f}  {choice}", flush=True)
    print(f"{'all':<46} {total:>10,}")


def match(games: int, budget: str, processes: int, seed: int) -> None:
    """Part two: the core against v1, sides swapped on the same random set-ups."""
    first, second = f"alphabeta:{budget}", f"alphabeta-v1:{budget}"
    tally = Tally(first, second)
    todo = list(jobs([(first, second)], games, seed, "gyges", {"setup": "random"}, 400))
    print(f"{len(todo)} games, {processes} processes", flush=True)
    start = time.perf_counter()
    with multiprocessing.Pool(processes, initializer=warm) as pool:
        for outcome in pool.imap_unordered(play, todo):
            tally.add(outcome)
    print(HEADER)
    print(tally.row())
    print(f"{time.perf_counter() - start:.0f}s in all")


def main(argv: list[str] | None = None) -> None:
    """Print the speed table, then the match."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--think", default="1s", help="search time per position (part one)")
    parser.add_argument("--runs", type=int, default=3, help="searches per agent and position (the median)")
    parser.add_argument("--games", type=int, default=20, help="match games (0: no match)")
    parser.add_argument("--budget", default="300ms", help="time a move in the match")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--to-depth", type=int, default=0, metavar="DEPTH",
                        help="first, the core's nodes to complete DEPTH from each position (0: skip)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    warm()
    print(f"compiled code loaded in {time.perf_counter() - start:.2f}s")
    if args.to_depth > 0:
        depth_table(args.to_depth)
    if args.runs > 0:
        speed_table(args.think, args.runs)
    if args.games > 0:
        match(args.games, args.budget, args.processes, args.seed)


if __name__ == "__main__":
    main()
