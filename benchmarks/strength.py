"""The strength table: agents play each other with seats rotated (run: `python -m benchmarks.strength`).

Each pair plays `--games` games. In a two-player game the first agent takes seat 0 in half of them and
seat 1 in the other half, on the same seeds, so both sides of every start are played. With more
players (`--players 4`) the first agent takes one seat and the second agent all the others; the first
agent's seat goes round the table on the same seed, so it plays every seat of every start. The table
gives the first agent's score (shared wins and draws count fractionally: a win shared by two is 0.5)
with a 95% Wilson interval, beside its fair share (1 / players). Gygès games start from set-ups drawn
at random from the game's seed, so games differ.

Examples:
    python -m benchmarks.strength                                  # the default table at 1s per move
    python -m benchmarks.strength --games 40 --budget 200ms --processes 2
    python -m benchmarks.strength --pair alphabeta:5000 mcts:2000 --games 20
    python -m benchmarks.strength --game grani --players 4 --pair mcts random --budget 1s --games 100
    python -m benchmarks.strength --game drachenfels --pair ismcts mcts --budget 1000 --games 40

The games are the arena's (`spielwerk.arena`: its schedule and `play_game`, each agent seeded from the
game's seed and its seat as `spielwerk play --seed` seeds it); `spielwerk arena` rates many agents at
once with openskill. Games with hidden information (Drachenfels) need nothing special: every agent is
handed the real state and reads only what its seat may know (the tree searches determinize it:
`State.determinize`).
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.logs import append_record, read_records
from spielwerk import agents, arena
from spielwerk.arena.stats import wilson
from spielwerk.core.options import parse_options

DEFAULT_PAIRS = (("alphabeta", "random"), ("mcts", "random"), ("alphabeta", "mcts"))


@dataclass(frozen=True)
class Job:
    """One game: the pair, which seat the first agent takes, and the seed of game and agents."""

    pair: int
    first: str
    second: str  # every seat but the first agent's
    first_seat: int
    seed: int
    game: str
    options: tuple[tuple[str, Any], ...]
    max_plies: int  # 0: no cap (the game ends by its own rules)
    players: int = 2


@dataclass
class Outcome:
    """What one game gave the first agent of its pair."""

    pair: int
    first_seat: int
    score: float  # the first agent's return: 1 win, 0 loss, a shared win or a draw in between
    plies: int  # the players' actions (chance outcomes not counted)
    seconds: dict[int, float] = field(default_factory=dict)  # thinking time per seat
    moves: dict[int, int] = field(default_factory=dict)
    players: int = 2
    seed: int = 0


def play(job: Job) -> Outcome:
    """Play one game of the job's pair to the end (or to the ply cap: every seat then scores 1 / players)
    with the arena's `play_game`, which seeds each agent from the game's seed and its seat."""
    seats = tuple(job.first if seat == job.first_seat else job.second for seat in range(job.players))
    result = arena.play_game(arena.Job(job.game, job.options, job.seed, seats, max_plies=job.max_plies))
    return Outcome(job.pair, job.first_seat, result.returns[job.first_seat], result.plies,
                   dict(enumerate(result.seconds)), dict(enumerate(result.moves)), job.players, job.seed)


@dataclass
class Tally:
    """The running result of one pair."""

    first: str
    second: str
    players: int = 2
    games: int = 0
    score: float = 0.0
    wins: int = 0  # won alone
    draws: int = 0  # any other score above 0: a draw or a shared win
    plies: int = 0
    think: list[float] = field(default_factory=lambda: [0.0, 0.0])  # first agent, the other seats
    moves: list[int] = field(default_factory=lambda: [0, 0])

    def add(self, outcome: Outcome) -> None:
        """Count one game."""
        self.games += 1
        self.score += outcome.score
        self.wins += outcome.score == 1.0
        self.draws += 0.0 < outcome.score < 1.0
        self.plies += outcome.plies
        for seat, seconds in outcome.seconds.items():
            index = 0 if seat == outcome.first_seat else 1
            self.think[index] += seconds
            self.moves[index] += outcome.moves[seat]

    def row(self) -> str:
        """One line of the table."""
        low, high = wilson(self.score, self.games)
        losses = self.games - self.wins - self.draws
        per_move = [t / m if m else 0.0 for t, m in zip(self.think, self.moves, strict=True)]
        others = f"{self.players - 1}x {self.second}" if self.players > 2 else self.second
        return (
            f"{self.first + ' vs ' + others:<34} {self.games:>5} {self.wins:>4}-{self.draws}-{losses:<4}"
            f" {100 * self.score / max(1, self.games):>6.1f}%  [{100 * low:5.1f}%, {100 * high:5.1f}%]"
            f" {100 / self.players:>5.1f}% {self.plies / max(1, self.games):>7.1f}"
            f" {per_move[0]:>8.3f} {per_move[1]:>8.3f}"
        )


HEADER = (
    f"{'pair (first vs second)':<34} {'games':>5} {'W-D-L':<10} {'score':>6}   {'95% Wilson':<16}"
    f" {'fair':>6} {'plies':>7} {'s/move 1':>8} {'s/move 2':>8}"
)
"""W: won alone, D: a draw or a shared win (scored fractionally), L: lost; fair: 1 / players."""


def jobs(pairs: Sequence[tuple[str, str]], games: int, seed: int, game: str,
         options: dict[str, Any], max_plies: int, players: int = 2) -> Iterator[Job]:
    """Every game of every pair: game i has seed `seed + i // players`, the first agent in seat
    `i % players`, so the seat goes round the table on each seed (the arena's `schedule` with the
    first agent's seat as the line-up)."""
    for index, (first, second) in enumerate(pairs):
        tables = [tuple(first if seat == own else second for seat in range(players))
                  for own in range(players)]
        scheduled = arena.schedule(game, options, [first, second], players, games, seed, max_plies,
                                   tables=tables)
        for _, planned in zip(range(games), scheduled, strict=False):
            yield Job(index, first, second, planned.lineup, planned.seed, game, planned.options, max_plies,
                      players)


NO_BUDGET = ("random", "greedy")
"""Agents that ignore their budget."""


def with_budget(spec: str, budget: str) -> str:
    """`spec` with the default budget put in where it names none (random and greedy need none):
    "mcts" -> "mcts:1s", "ismcts:c=0.1" -> "ismcts:1s:c=0.1"."""
    name, written, items = agents.split_spec(spec)
    if name in NO_BUDGET or written:
        return spec
    return ":".join([name, budget, *([",".join(items)] if items else [])])


def main(argv: list[str] | None = None) -> None:
    """Play the pairs and print the table."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200,
                        help="games per pair (a multiple of the players: the seats go round)")
    parser.add_argument("--budget", default="1s", help="budget of agents named without one")
    parser.add_argument("--pair", nargs=2, action="append", metavar=("FIRST", "SECOND"),
                        help="agent specs to match (repeat); default: alphabeta and mcts vs random, "
                        "alphabeta vs mcts")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", default="gyges")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="game option (default for gyges: setup=random)")
    parser.add_argument("--players", type=int, default=2, help="seats at the table (the second agent "
                        "takes all but one)")
    parser.add_argument("--max-plies", type=int, default=None,
                        help="a game still going then is a draw (default: 400 for gygès, else no cap)")
    parser.add_argument("--log", metavar="FILE", help="append one JSON line per game to FILE")
    parser.add_argument("--resume", action="store_true",
                        help="count the games already in --log and play only the others (a long match "
                        "may so run over several sittings)")
    args = parser.parse_args(argv)
    if args.resume and not args.log:
        parser.error("--resume needs --log FILE")

    try:
        options = parse_options(args.option)
    except ValueError as error:
        parser.error(str(error))
    if args.game == "gyges":
        options.setdefault("setup", "random")
    named = args.pair or DEFAULT_PAIRS
    pairs = [(with_budget(a, args.budget), with_budget(b, args.budget)) for a, b in named]
    for first, second in pairs:
        agents.from_spec(first), agents.from_spec(second)  # fail early on a bad spec
    max_plies = args.max_plies if args.max_plies is not None else 400 if args.game == "gyges" else 0
    tallies = [Tally(first, second, args.players) for first, second in pairs]
    all_jobs = list(jobs(pairs, args.games, args.seed, args.game, options, max_plies, args.players))
    if args.log:
        Path(args.log).parent.mkdir(parents=True, exist_ok=True)
    if args.resume:
        all_jobs = _resume(args.log, all_jobs, pairs, tallies)
    print(f"{len(all_jobs)} games of {args.game} for {args.players} {options}, {args.processes} processes",
          flush=True)
    start = time.perf_counter()
    with multiprocessing.Pool(args.processes) as pool:
        for done, outcome in enumerate(pool.imap_unordered(play, all_jobs), start=1):
            tallies[outcome.pair].add(outcome)
            if args.log:
                _log(args.log, pairs[outcome.pair], outcome, args.game)
            if done % max(1, len(all_jobs) // 20) == 0:
                tally = tallies[outcome.pair]
                print(f"  {done}/{len(all_jobs)} games, {time.perf_counter() - start:.0f}s;"
                      f" {tally.first} so far {100 * tally.score / tally.games:.1f}% of {tally.games}",
                      flush=True)
    print(HEADER)
    for tally in tallies:
        print(tally.row())
    print(f"{time.perf_counter() - start:.0f}s in all")


def _key(game: str, first: str, second: str, players: int, seed: int, seat: int) -> tuple[Any, ...]:
    return game, first, second, players, seed, seat


def _resume(path: str, todo: list[Job], pairs: Sequence[tuple[str, str]], tallies: list[Tally]) -> list[Job]:
    """The jobs not yet in the log at `path`; the logged games are added to the tallies."""
    wanted = {
        _key(job.game, job.first, job.second, job.players, job.seed, job.first_seat): job for job in todo
    }
    lines = read_records(path)
    for record in lines:
        key = _key(record.get("game", ""), record["first"], record["second"], record["players"],
                   record["seed"], record["seat"])
        job = wanted.pop(key, None)
        if job is None:
            continue
        seat = job.first_seat
        outcome = Outcome(job.pair, seat, record["score"], record["plies"], {seat: record["think"]},
                          {seat: record["moves"]}, job.players, job.seed)
        tallies[job.pair].add(outcome)
    done = sum(tally.games for tally in tallies)
    print(f"resuming: {done} games already in {path}", flush=True)
    return list(wanted.values())


def _log(path: str, pair: tuple[str, str], outcome: Outcome, game: str) -> None:
    record = {"game": game, "first": pair[0], "second": pair[1], "players": outcome.players,
              "seed": outcome.seed,
              "seat": outcome.first_seat, "score": outcome.score, "plies": outcome.plies,
              "think": outcome.seconds[outcome.first_seat], "moves": outcome.moves[outcome.first_seat]}
    append_record(path, record)


if __name__ == "__main__":
    main()
