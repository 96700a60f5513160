"""How the agents carry Grani's ring home (run: `python -m benchmarks.grani_ring`).

Seeded four-player games, one seat of the first agent (mcts at a small budget by default) and the
others of the second (greedy), the first agent's seat going round the table. For each agent it counts
the turns it began as the ring bearer and what each did:

- closer: the share of those turns after which the bearer stands nearer, in steps along the board's
  lines, to the nearest free city (a city whose seal it lacks and where no other knight stands), or
  has delivered the ring there; with a 95% Wilson interval (turns of one game are not independent,
  so the interval is a little narrow);
- shuttles: the share of those turns that end where the bearer began its previous turn (A to B, back
  to A), and the share of such turns begun within `REACH` steps of a free city, where one move (of
  one step or two) would have delivered the ring;
- taken: of the turns begun within `REACH` steps of a free city, the share that delivered the ring
  (a bearer that waits beside a city rather than deliver takes few);
- held: its holding spells (from taking the ring to delivering or losing it, or the game's end), the
  mean number of its turns in a spell that ends without a delivery, and the longest such spell;
- deliveries per 100 rounds per seat of the agent, with a 95% interval (Poisson, by the square root).

Examples:
    python -m benchmarks.grani_ring --games 20
    python -m benchmarks.grani_ring --pair mcts:200 greedy --games 40 --processes 2 --max-turns 150
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

import spielwerk
from benchmarks.stats import wilson
from spielwerk import agents
from spielwerk.games.grani import GraniState
from spielwerk.games.grani.board import BOARD
from spielwerk.games.grani.distances import STEPS

REACH = 2
"""Steps a move may take: a bearer this near a free city could deliver the ring in one move (it may
pass over everything)."""


def to_free_city(state: GraniState, seat: int) -> int | None:
    """Steps from `seat`'s knight to the nearest city whose seal it lacks and where no other knight
    stands; None when there is none."""
    here = state.at[seat]
    others = {point for s, point in enumerate(state.at) if s != seat}
    found = [STEPS[here][city] for kingdom, city in enumerate(BOARD.city_of)
             if not state.seals[seat] >> kingdom & 1 and city not in others]
    return min(found, default=None)


@dataclass
class Tally:
    """What one agent's seats did with the ring."""

    turns: int = 0  # turns begun as the bearer (and free to move)
    closer: int = 0  # ... after which it stood nearer a free city, or had delivered
    shuttles: int = 0  # ... that ended where it stood two of its turns before
    in_reach: int = 0  # ... of those, begun within REACH steps of a free city
    near: int = 0  # turns begun within REACH steps of a free city
    taken: int = 0  # ... that delivered the ring
    deliveries: int = 0
    seat_rounds: float = 0.0  # rounds played, summed over the agent's seats
    games: int = 0
    rounds: int = 0  # rounds played, summed over the games
    spells: list[tuple[int, bool]] = field(default_factory=list)  # (turns held, delivered) per spell

    def add(self, other: Tally) -> None:
        """Count another tally into this one."""
        self.turns += other.turns
        self.closer += other.closer
        self.shuttles += other.shuttles
        self.in_reach += other.in_reach
        self.near += other.near
        self.taken += other.taken
        self.deliveries += other.deliveries
        self.seat_rounds += other.seat_rounds
        self.games += other.games
        self.rounds += other.rounds
        self.spells += other.spells

    def row(self, name: str) -> str:
        """One line of the table."""
        low, high = wilson(self.closer, self.turns)
        undelivered = [turns for turns, delivered in self.spells if not delivered]
        rate = 100 * self.deliveries / max(1e-9, self.seat_rounds)
        root = math.sqrt(self.deliveries)
        rate_low = 100 * max(0.0, root - 0.98) ** 2 / max(1e-9, self.seat_rounds)
        rate_high = 100 * (root + 0.98) ** 2 / max(1e-9, self.seat_rounds)
        held = sum(undelivered) / len(undelivered) if undelivered else 0.0
        return (f"{name:<16} {self.turns:>6} {100 * self.closer / max(1, self.turns):>6.1f}% "
                f"[{100 * low:4.1f}-{100 * high:4.1f}] {100 * self.shuttles / max(1, self.turns):>6.1f}% "
                f"{100 * self.in_reach / max(1, self.shuttles):>6.1f}% "
                f"{100 * self.taken / max(1, self.near):>6.1f}% "
                f"{len(self.spells):>6} {held:>6.1f} {max(undelivered, default=0):>5} "
                f"{rate:>7.2f} [{rate_low:.2f}-{rate_high:.2f}]")


@dataclass(frozen=True)
class Job:
    """One game: the agents, the first agent's seat and the seed."""

    first: str
    second: str
    first_seat: int
    seed: int
    players: int
    max_turns: int
    position: str = ""  # a position text to start from (tests); a new game when empty


def play(job: Job) -> tuple[Tally, Tally]:
    """Play one game; the tallies of the first agent's seat and of the others' seats."""
    game = spielwerk.game("grani", max_turns=job.max_turns)
    start = {"position": job.position} if job.position else {}
    state = game.new_state(players=job.players, seed=job.seed, **start)
    assert isinstance(state, GraniState)
    bots = {seat: agents.from_spec(job.first if seat == job.first_seat else job.second,
                                   seed=job.seed * job.players + seat) for seat in range(job.players)}
    tallies = {seat: Tally() for seat in range(job.players)}
    spell = dict.fromkeys(range(job.players), 0)  # the bearer's turns in its present spell
    trail: dict[int, deque[int]] = {seat: deque(maxlen=2) for seat in range(job.players)}
    while not state.is_over:
        if state.is_chance:
            state.resolve_chance()
            continue
        seat = state.to_move
        bearer = state.phase == "move" and state.bearer == seat and not state.shackled[seat]
        before = to_free_city(state, seat) if bearer else None
        if state.phase == "move":
            trail[seat].append(state.at[seat])
        seals = state.seals[seat]
        state.apply(bots[seat].choose(state))
        while not state.is_over and (state.is_chance or state.to_move == seat) and state.phase != "move":
            # the rest of the turn: fight, bonus move, the ring or a stone put down
            if state.is_chance:
                state.resolve_chance()
            else:
                state.apply(bots[seat].choose(state))
        delivered = state.seals[seat] != seals
        tally = tallies[seat]
        if bearer:
            tally.turns += 1
            spell[seat] += 1
            after = to_free_city(state, seat) if state.bearer == seat else None
            if delivered or (before is not None and after is not None and after < before):
                tally.closer += 1
            if before is not None and before <= REACH:
                tally.near += 1
                tally.taken += delivered
            if len(trail[seat]) == 2 and state.at[seat] == trail[seat][0]:  # back where its last turn began
                tally.shuttles += 1
                tally.in_reach += before is not None and before <= REACH
        tally.deliveries += delivered
        if spell[seat] and state.bearer != seat:  # the spell ended: delivered or the ring lost
            tally.spells.append((spell[seat], delivered))
            spell[seat] = 0
        for other in range(job.players):  # a knight attacked and robbed of the ring ends its spell
            if other != seat and spell[other] and state.bearer != other:
                tallies[other].spells.append((spell[other], False))
                spell[other] = 0
    for seat in range(job.players):
        if spell[seat]:
            tallies[seat].spells.append((spell[seat], False))
        tallies[seat].seat_rounds = state.turns / job.players
    first, others = Tally(games=1, rounds=state.turns // job.players), Tally()
    for seat, tally in tallies.items():
        (first if seat == job.first_seat else others).add(tally)
    return first, others


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pair", nargs=2, default=["mcts:200", "greedy"], metavar=("FIRST", "OTHERS"),
                        help="the agent of one seat and the agent of the others (default mcts:200 greedy)")
    parser.add_argument("--games", type=int, default=20, help="games (default 20)")
    parser.add_argument("--players", type=int, default=4, help="players (default 4)")
    parser.add_argument("--max-turns", type=int, default=150, help="rounds before a game ends (default 150)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    parser.add_argument("--processes", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args(argv)
    jobs = [Job(args.pair[0], args.pair[1], number % args.players, args.seed + number, args.players,
                args.max_turns) for number in range(args.games)]
    first, others = Tally(), Tally()
    if args.processes > 1:
        with multiprocessing.Pool(args.processes) as pool:
            results = pool.map(play, jobs)
    else:
        results = [play(job) for job in jobs]
    for mine, theirs in results:
        first.add(mine)
        others.add(theirs)
    print(f"{args.games} games of {args.players} players, at most {args.max_turns} rounds (on average "
          f"{first.rounds / max(1, first.games):.0f}); {args.pair[0]} in one seat (going round), "
          f"{args.pair[1]} in the others")
    print(f"{'agent':<16} {'turns':>6} {'closer':>7} {'95%':>11} {'shuttle':>7} {'reach':>7} {'taken':>7} "
          f"{'spells':>6} {'held':>6} {'most':>5} {'del/100r':>8} 95%")
    print(first.row(args.pair[0]))
    print(others.row(f"{args.pair[1]} (x{args.players - 1})"))
    print("turns: turns begun as the ring bearer; closer: the share after which it stood nearer a free "
          "city (or delivered); shuttle: back where its previous turn began; reach: of those, begun a "
          "move from a free city; taken: of the turns begun a move from a free city, the share that "
          "delivered; held: mean turns of a "
          "spell that ended without a delivery, most: the longest; del/100r: deliveries per 100 rounds "
          "per seat")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
