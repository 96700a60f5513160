"""The strength table: agents play each other with sides swapped (run: `python -m benchmarks.strength`).

Each pair plays `--games` games, half with the first agent as seat 0 and half as seat 1, on the same
seeds, so both sides of every start are played. Win rates count draws as half, with a 95% Wilson
interval. Gygès games start from set-ups drawn at random from the game's seed, so games differ.

Examples:
    python -m benchmarks.strength                                  # the default table at 1s per move
    python -m benchmarks.strength --games 40 --budget 200ms --processes 2
    python -m benchmarks.strength --pair alphabeta:5000 mcts:2000 --games 20
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import spielwerk
from benchmarks.stats import wilson
from spielwerk import agents

DEFAULT_PAIRS = (("alphabeta", "random"), ("mcts", "random"), ("alphabeta", "mcts"))


@dataclass(frozen=True)
class Job:
    """One game: the pair, which seat the first agent takes, and the seed of game and agents."""

    pair: int
    first: str
    second: str
    first_seat: int
    seed: int
    game: str
    options: tuple[tuple[str, Any], ...]
    max_plies: int


@dataclass
class Outcome:
    """What one game gave the first agent of its pair."""

    pair: int
    first_seat: int
    score: float  # 1 win, 0.5 draw, 0 loss, for the first agent
    plies: int
    seconds: dict[int, float] = field(default_factory=dict)  # thinking time per seat
    moves: dict[int, int] = field(default_factory=dict)


def play(job: Job) -> Outcome:
    """Play one game of the job's pair to the end (or to the ply cap: a draw)."""
    game = spielwerk.game(job.game, **dict(job.options))
    state = game.new_state(seed=job.seed)
    seats = {job.first_seat: job.first, 1 - job.first_seat: job.second}
    bots = {seat: agents.from_spec(spec, seed=job.seed * 2 + seat) for seat, spec in seats.items()}
    outcome = Outcome(job.pair, job.first_seat, 0.5, 0, {0: 0.0, 1: 0.0}, {0: 0, 1: 0})
    while not state.is_over and outcome.plies < job.max_plies:
        if state.is_chance:
            state.resolve_chance()
            continue
        seat = state.to_move
        start = time.perf_counter()
        action = bots[seat].choose(state)
        outcome.seconds[seat] += time.perf_counter() - start
        outcome.moves[seat] += 1
        state.apply(action)
        outcome.plies += 1
    if state.is_over:
        outcome.score = state.returns()[job.first_seat]
    return outcome


@dataclass
class Tally:
    """The running result of one pair."""

    first: str
    second: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    plies: int = 0
    think: list[float] = field(default_factory=lambda: [0.0, 0.0])  # first, second
    moves: list[int] = field(default_factory=lambda: [0, 0])

    def add(self, outcome: Outcome) -> None:
        """Count one game."""
        first_seat = outcome.first_seat
        self.games += 1
        self.wins += outcome.score == 1.0
        self.draws += outcome.score == 0.5
        self.plies += outcome.plies
        for index, seat in enumerate((first_seat, 1 - first_seat)):
            self.think[index] += outcome.seconds[seat]
            self.moves[index] += outcome.moves[seat]

    def row(self) -> str:
        """One line of the table."""
        score = self.wins + self.draws / 2
        low, high = wilson(score, self.games)
        losses = self.games - self.wins - self.draws
        per_move = [t / m if m else 0.0 for t, m in zip(self.think, self.moves, strict=True)]
        return (
            f"{self.first + ' vs ' + self.second:<34} {self.games:>5} {self.wins:>4}-{self.draws}-{losses:<4}"
            f" {100 * score / max(1, self.games):>6.1f}%  [{100 * low:5.1f}%, {100 * high:5.1f}%]"
            f" {self.plies / max(1, self.games):>7.1f} {per_move[0]:>8.3f} {per_move[1]:>8.3f}"
        )


HEADER = (
    f"{'pair (first vs second)':<34} {'games':>5} {'W-D-L':<10} {'score':>6}   {'95% Wilson':<16}"
    f" {'plies':>7} {'s/move 1':>8} {'s/move 2':>8}"
)


def jobs(pairs: Sequence[tuple[str, str]], games: int, seed: int, game: str,
         options: dict[str, Any], max_plies: int) -> Iterator[Job]:
    """Every game of every pair: game i of a pair has seed `seed + i // 2` and alternates seats."""
    frozen = tuple(sorted(options.items()))
    for index, (first, second) in enumerate(pairs):
        for number in range(games):
            yield Job(index, first, second, number % 2, seed + number // 2, game, frozen, max_plies)


def with_budget(spec: str, budget: str) -> str:
    """`spec` with the default budget added where it names none (random needs none)."""
    return spec if ":" in spec or spec == "random" else f"{spec}:{budget}"


def parse_option(text: str) -> tuple[str, Any]:
    """A game option from `name=value`; the value is read as a number or a word."""
    name, _, raw = text.partition("=")
    value: Any = raw
    for kind in (int, float):
        try:
            value = kind(raw)
            break
        except ValueError:
            continue
    if raw in ("True", "False"):
        value = raw == "True"
    return name, value


def main(argv: list[str] | None = None) -> None:
    """Play the pairs and print the table."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="games per pair (even: sides swap)")
    parser.add_argument("--budget", default="1s", help="budget of agents named without one")
    parser.add_argument("--pair", nargs=2, action="append", metavar=("FIRST", "SECOND"),
                        help="agent specs to match (repeat); default: alphabeta and mcts vs random, "
                        "alphabeta vs mcts")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", default="gyges")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="game option (default for gyges: setup=random)")
    parser.add_argument("--max-plies", type=int, default=400, help="a game still going then is a draw")
    args = parser.parse_args(argv)

    options = dict(parse_option(text) for text in args.option)
    if args.game == "gyges":
        options.setdefault("setup", "random")
    named = args.pair or DEFAULT_PAIRS
    pairs = [(with_budget(a, args.budget), with_budget(b, args.budget)) for a, b in named]
    for first, second in pairs:
        agents.from_spec(first), agents.from_spec(second)  # fail early on a bad spec
    tallies = [Tally(first, second) for first, second in pairs]
    all_jobs = list(jobs(pairs, args.games, args.seed, args.game, options, args.max_plies))
    print(f"{len(all_jobs)} games of {args.game} {options}, {args.processes} processes", flush=True)
    start = time.perf_counter()
    with multiprocessing.Pool(args.processes) as pool:
        for done, outcome in enumerate(pool.imap_unordered(play, all_jobs), start=1):
            tallies[outcome.pair].add(outcome)
            if done % max(1, len(all_jobs) // 20) == 0:
                print(f"  {done}/{len(all_jobs)} games, {time.perf_counter() - start:.0f}s", flush=True)
    print(HEADER)
    for tally in tallies:
        print(tally.row())
    print(f"{time.perf_counter() - start:.0f}s in all")


if __name__ == "__main__":
    main()
