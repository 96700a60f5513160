"""Random games with every invariant checked: `python -m benchmarks.soak` (what `make soak` runs).

For every game and player count, `--games` seeded random games (3,000 by default). Every action is a
random legal one given to the checked `apply`; at a few random points of each game the soak checks that
a clone is exact, that applying and undoing an action restores the state, that every legal action's text
reads back as that action, that a determinization for a random seat keeps that seat's view and survives a
JSON round trip, and that the state survives one; at the end, that the game ended within the limit, that
its returns are well formed, that its record replays to the same state, and that a random seat's
narration in a random language has a line per action, every placeholder filled, and is told the same by
the replay. One game in twenty is ended by the referee at a random point (a resignation or a time-out).
Prints games, actions and failures per game and player count (the target is none); exits 1 when there is
any failure.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import spielwerk
from benchmarks.fuzzing import fingerprint
from spielwerk import State
from spielwerk.core.catalogue import LANGUAGES
from spielwerk.core.message import UNFILLED

CHECKS_PER_GAME = 4
"""Random points of each game at which the costlier invariants are checked."""

MAX_ACTIONS = 200_000
"""A game not over after this many actions counts as one that does not end."""

CHUNK = 50

ENDED_BY_REFEREE = 20
"""One game in this many is ended by a resignation or a time-out at a random point."""



@dataclass
class Outcome:
    """What a batch of soak games found."""

    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    def add(self, other: Outcome) -> None:
        """Fold another batch into this one."""
        self.games += other.games
        self.actions += other.actions
        self.seconds += other.seconds
        self.failures.extend(other.failures)


class Failed(Exception):
    """An invariant did not hold."""


def check(condition: bool, what: str) -> None:
    """Raise Failed(`what`) unless `condition`."""
    if not condition:
        raise Failed(what)


def check_point(state: State, rng: random.Random) -> None:
    """The invariants checked at a point of a game."""
    before = fingerprint(state)
    check(fingerprint(state.clone()) == before, "a clone differs from its original")
    legal = state.legal_actions()
    for action in legal:
        check(state.parse_action(str(action)) == action, f"the text {str(action)!r} does not read back")
    state.apply(rng.choice(legal))
    state.undo()
    check(fingerprint(state) == before, "apply then undo does not restore the state")
    seat = rng.randrange(state.players)
    world = state.determinize(seat, rng)
    check(world.view(seat) == state.view(seat), f"a determinization for seat {seat} changes its view")
    again = state.game.state_from_json(json.loads(json.dumps(world.to_json())))
    check(fingerprint(again) == fingerprint(world), "a determinized state does not survive JSON")
    check(fingerprint(state) == before, "determinizing changed the state")


def check_end(state: State, rng: random.Random) -> None:
    """The invariants checked once a game is over."""
    returns = state.returns()
    check(len(returns) == state.players, "returns do not have one value per seat")
    check(all(0.0 <= value <= 1.0 for value in returns), f"returns out of range: {returns}")
    if state.game.info.cooperative:
        check(len(set(returns)) == 1 and returns[0] in (0.0, 1.0), f"co-operative returns differ: {returns}")
    else:
        check(abs(sum(returns) - 1.0) < 1e-9, f"returns do not add up to 1: {returns}")
    check(state.legal_actions() == [], "a finished game has legal actions")
    record = json.loads(json.dumps(state.record()))
    again = spielwerk.replay(record)
    check(fingerprint(again) == fingerprint(state), "the record does not replay exactly")
    check(again.returns() == returns, "the record does not replay to the same returns")
    seat: int | None = rng.choice([None, *range(state.players)])
    language = rng.choice(LANGUAGES)
    told = state.narration(seat, language)
    check(len(told) == len(state.history), f"{len(told)} narration lines for {len(state.history)} actions")
    filled = all(line and not UNFILLED.search(line) for line in told)
    check(filled, f"an unfilled narration line ({language})")
    check(again.narration(seat, language) == told, "the replay tells the game otherwise")


def soak_game(game_id: str, players: int, seed: int) -> int:
    """Play one random game with every check; returns its number of actions (Failed on a broken invariant)."""
    rng = random.Random(seed)
    state = spielwerk.game(game_id).new_state(players=players, seed=seed)
    points = {rng.randrange(300) for _ in range(CHECKS_PER_GAME)}
    json_point = rng.randrange(300)
    referee_point = rng.randrange(300) if rng.randrange(ENDED_BY_REFEREE) == 0 else -1
    for ply in range(MAX_ACTIONS):
        if ply == referee_point and not state.is_over:
            end = state.resign if rng.random() < 0.5 else state.time_out
            end(rng.randrange(state.players))
        if state.is_over:
            check_end(state, rng)
            return ply
        if ply in points:
            check_point(state, rng)
        if ply == json_point:
            again = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
            check(fingerprint(again) == fingerprint(state), "the state does not survive JSON")
        if state.is_chance:
            state.resolve_chance()
        else:
            action = rng.choice(state.legal_actions())
            check(state.apply(action) == action, "a legal action applies as another")
    raise Failed(f"no end after {MAX_ACTIONS} actions")


def soak_batch(job: tuple[str, int, int, int]) -> Outcome:
    """Soak games `first`..`first + count - 1` of one game and player count."""
    game_id, players, first, count = job
    outcome = Outcome()
    began = time.perf_counter()
    for seed in range(first, first + count):
        try:
            outcome.actions += soak_game(game_id, players, seed)
        except Failed as failure:
            outcome.failures.append(f"{game_id} {players}p seed {seed}: {failure}")
        except Exception as error:
            outcome.failures.append(f"{game_id} {players}p seed {seed}: {type(error).__name__}: {error}")
        outcome.games += 1
    outcome.seconds = time.perf_counter() - began
    return outcome


def configurations(game_ids: Sequence[str]) -> list[tuple[str, int]]:
    """Every game with every player count it allows."""
    found: list[tuple[str, int]] = []
    for game_id in game_ids:
        info = spielwerk.game(game_id).info
        found.extend((game_id, players) for players in range(info.min_players, info.max_players + 1))
    return found


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> int:
    """Run the soak and print a line per game and player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games per game and player count")
    parser.add_argument("--only", nargs="*", default=spielwerk.games(), help="game ids (default all)")
    parser.add_argument("--processes", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    args = parser.parse_args(argv)
    jobs = [
        (game_id, players, args.seed + first, min(CHUNK, args.games - first))
        for game_id, players in configurations(args.only)
        for first in range(0, args.games, CHUNK)
    ]
    began = time.perf_counter()
    totals: dict[tuple[str, int], Outcome] = {}
    with multiprocessing.Pool(args.processes) as pool:
        for job, outcome in zip(jobs, pool.imap(soak_batch, jobs), strict=True):
            totals.setdefault((job[0], job[1]), Outcome()).add(outcome)
    out("game         players   games     actions  per game    cpu s failures")
    failures = []
    for (game_id, players), outcome in totals.items():
        per_game = outcome.actions / max(1, outcome.games)
        out(f"{game_id:<12} {players:>7} {outcome.games:>7,} {outcome.actions:>11,} {per_game:>9,.0f} "
            f"{outcome.seconds:>8,.0f} {len(outcome.failures):>8}")
        failures.extend(outcome.failures)
    out(f"{sum(o.games for o in totals.values()):,} games in {time.perf_counter() - began:,.0f} s; "
        f"invariant failures: {len(failures)}")
    for failure in failures[:20]:
        out("  " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
