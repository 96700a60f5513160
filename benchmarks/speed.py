"""Throughput of the engine and the agents, printed as a table.

Run `python -m benchmarks.speed` for Gygès, `python -m benchmarks.speed --game grani` for Grani (random
playouts, steps and MCTS iterations per second for 3, 4 and 6 players, and the length of a game), and
`python -m benchmarks.speed --game drachenfels` for Drachenfels (the same for 2, 3 and 4 players, with
how many random games end with a winner, heuristic evaluations, and IS-MCTS and MCTS iterations), and
`python -m benchmarks.speed --game avalon` for Avalon (1 to 4 players: random play, IS-MCTS and MCTS).

`--compare DIR` measures the same table with the library of another checkout (DIR, say a `git worktree`
of an older commit) and with this one, in turns (`--rounds`, 3 by default), and prints each row's
median before and after and their ratio: the two run under the same load of the machine. Each player
count runs in a fresh process, so that the caches one count's searches fill do not slow the next
count's random play.

Equal work for both sides: `--games N` plays the same N seeded random games a player count (instead of
as many as fit in `--seconds`), and `--think` as a whole number is an iteration budget, under which
seeded searches build the same trees (a time budget lets the faster library grow a deeper tree, whose
iterations cost more). Random play rolls each game's dice from the library's own chance stream, as a
player or a training loop would, so two libraries with different streams play different games of the
same seeds (compare steps per second over a few hundred games); the positions searched are reached
with the benchmark's own dice, the same for any library. Times are the process's CPU time, so other
work on the machine counts less.
Before anything is timed, a process plays a random game of another seed (up to `WARM_STEPS` steps) and
each search agent a short search, so that what a library does once (imports done on first use, tables
made on the first game) is not counted as throughput: in the short runs of `--compare` it had weighed
on the faster library's rates most (a tenth of a 1-player Avalon random run).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import spielwerk
from benchmarks.positions import mixed_positions
from spielwerk.core.chance import pick_weighted
from spielwerk.core.state import State

Row = tuple[str, float, str]
WARM_STEPS = 200
"""Steps of the untimed random game a process plays first."""


def movegen_rate(positions: list[str], rounds: int, **options: object) -> tuple[float, float]:
    """(positions per second building every legal action, average number of actions)."""
    game = spielwerk.game("gyges", **options)
    best = 0.0
    total = 0
    for _ in range(rounds):
        states = [game.new_state(seed=0, position=p) for p in positions]
        start = time.perf_counter()
        total = sum(len(s.legal_actions()) for s in states)
        best = max(best, len(states) / (time.perf_counter() - start))
    return best, total / len(positions)


def playout_rate(seconds: float) -> tuple[float, float, float]:
    """(random games per second, plies per second, average plies) from random set-ups."""
    game = spielwerk.game("gyges", setup="random")
    rng = random.Random(0)
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(seed=games)
        games += 1
        while not state.is_over:
            if state.is_chance:
                state.resolve_chance()
            else:
                state.apply(rng.choice(state.legal_actions()))
                plies += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / elapsed, plies / games


def agent_rate(name: str, budget: str, key: str) -> float:
    """Iterations (or nodes) per second of one agent thinking from the standard start."""
    from spielwerk import agents

    state = spielwerk.game("gyges", setup="123321,321123").new_state(seed=0)
    bot = agents.make(name, budget=budget, seed=0)
    bot.choose(state)
    return float(bot.stats[key]) / float(bot.stats["seconds"])


@dataclass
class Playouts:
    """What random playouts of one game and player count did, per second and per game."""

    games: int
    seconds: float
    steps: int  # actions applied, chance outcomes included
    decisions: int  # actions of the players (steps less chance outcomes)
    turns: int  # the players' turns, as the game counts them
    won: int = 0  # games one seat won alone (not a draw nor a shared win)

    def per_second(self, count: int) -> float:
        """A count per second."""
        return count / self.seconds

    def per_game(self, count: int) -> float:
        """A count per game."""
        return count / max(1, self.games)


def playouts(game_id: str, players: int, seconds: float, seed: int = 0,
             turns: Callable[[State], int] | None = None, games: int = 0) -> Playouts:
    """Random games of `game_id` for about `seconds` of CPU time (at least one), or exactly `games`
    games where given; chance from the games' own streams. `turns` counts a finished game's turns
    (default: its `turns`; Avalon's days, say)."""
    game = spielwerk.game(game_id)
    _warm(game.new_state(players=players, seed=(seed - 1) % 2**128))
    rng = random.Random(seed)
    done = Playouts(0, 0.0, 0, 0, 0)
    start = time.process_time()
    while done.games == 0 or (done.games < games if games else time.process_time() - start < seconds):
        state = game.new_state(players=players, seed=seed + done.games)
        done.games += 1
        steps = 0
        while not state.is_over:
            done.decisions += _random_step(state, rng)
            steps += 1
        done.steps += steps
        done.turns += turns(state) if turns is not None else state.turns  # type: ignore[attr-defined]
        returns = state.returns()
        done.won += returns.count(1.0) == 1
    done.seconds = time.process_time() - start
    return done


def _warm(state: State) -> None:
    """Play up to `WARM_STEPS` random steps of `state`, untimed (see the module)."""
    rng = random.Random(0)
    for _ in range(WARM_STEPS):
        if state.is_over:
            return
        _random_step(state, rng)


def _random_step(state: State, rng: random.Random, own_dice: bool = True) -> bool:
    """One step of random play (a chance outcome from the game's own stream, or with `own_dice` off
    drawn with `rng` too, or a decision drawn with `rng`); True where it was a decision."""
    if state.is_chance:
        if own_dice:
            state.resolve_chance()
        else:
            state.apply(pick_weighted(rng, state.chance_outcomes()))
        return False
    actions = state.legal_actions()
    state.apply(actions[int(rng.random() * len(actions))])
    return True


def grani_playouts(players: int, seconds: float, seed: int = 0, games: int = 0) -> Playouts:
    """Random Grani games for about `seconds` (at least one) or `games` of them; chance from the
    games' own dice."""
    return playouts("grani", players, seconds, seed, games=games)


def sample_positions(game_id: str, players: int, count: int, gap: int, seed: int = 0) -> list[State]:
    """Up to `count` positions of one random game, `gap` decisions apart, each with a seat to move
    and a choice to make (the game is played on at random in between, its chance drawn with the
    benchmark's own generator: the same positions whatever dice a library's stream rolls)."""
    game = spielwerk.game(game_id)
    rng = random.Random(seed)
    state = game.new_state(players=players, seed=seed)
    found: list[State] = []
    for _ in range(count):
        for _ in range(gap):
            if state.is_over:
                break
            _random_step(state, rng, own_dice=False)
        while not state.is_over and (state.is_chance or len(state.legal_actions()) < 2):
            if state.is_chance:
                _random_step(state, rng, own_dice=False)
            else:
                state.apply(state.legal_actions()[0])
        if state.is_over:
            break
        found.append(state.clone())
    return found


SEARCHED_GAMES = 4
"""Random games a search row takes its positions from: how fast a search runs varies from position to
position by half or more (Avalon's IS-MCTS ran 3,300 to 7,300 iterations a second over the positions
of eight games), so a row over one game's positions moved with the game drawn."""


def search_rate(game_id: str, players: int, agent: str, budget: str, positions: int = 3,
                seed: int = 0, gap: int = 40, games: int = SEARCHED_GAMES) -> float:
    """Iterations per second of a tree search (`mcts`, `ismcts`) over a few positions of each of
    `games` random games (seeds `seed`, `seed + 1`, ...; early, middle, late: `gap` random decisions per
    player apart)."""
    from spielwerk import agents

    iterations = 0
    seconds = 0.0
    states = [state for game_seed in range(seed, seed + games)
              for state in sample_positions(game_id, players, positions, gap * players, game_seed)]
    if states:
        agents.make(agent, budget="20", seed=seed).choose(states[0].clone())  # untimed: see the module
    for state in states:
        bot = agents.make(agent, budget=budget, seed=seed)
        start = time.process_time()
        bot.choose(state)
        seconds += time.process_time() - start
        iterations += int(bot.stats["iterations"])
    return iterations / seconds if seconds else 0.0


def grani_mcts_rate(players: int, budget: str, positions: int = 3, seed: int = 0,
                    games: int = SEARCHED_GAMES) -> float:
    """MCTS iterations per second over a few positions of random Grani games (early, middle, late)."""
    return search_rate("grani", players, "mcts", budget, positions, seed, games=games)


def evaluation_rate(game_id: str, players: int, count: int = 200, seed: int = 0) -> tuple[float, float]:
    """(evaluations per second, the same on first sight) of the game's heuristics over positions of a
    random game; the first pass over the positions also builds whatever the heuristics cache."""
    heuristics = spielwerk.game(game_id).heuristics()
    assert heuristics is not None
    states = sample_positions(game_id, players, count, 5 * players, seed)
    rates = []
    for _ in range(2):
        start = time.perf_counter()
        for state in states:
            heuristics.evaluate(state)
        rates.append(len(states) / (time.perf_counter() - start))
    return rates[1], rates[0]


def grani_rows(seconds: float, think: str, player_counts: Sequence[int] = (3, 4, 6), games: int = 0
               ) -> Iterator[Row]:
    """The Grani rows: for each player count, playouts, steps, game length and MCTS iterations."""
    for players in player_counts:
        yield from _playout_rows(grani_playouts(players, seconds, games=games), players)
        yield (f"{players}p MCTS iterations/s", grani_mcts_rate(players, think), f"{think} per position")


def drachenfels_rows(seconds: float, think: str, player_counts: Sequence[int] = (2, 3, 4), games: int = 0
                     ) -> Iterator[Row]:
    """The Drachenfels rows: for each player count, random playouts, steps, game length (and how many
    random games end with a winner before the round limit), heuristic evaluations, and the IS-MCTS
    and MCTS iterations per second."""
    for players in player_counts:
        run = playouts("drachenfels", players, seconds, games=games)
        yield from _playout_rows(run, players)
        yield (f"{players}p random games won, %", 100 * run.won / run.games,
               "the rest reach the round limit (a draw)")
        warm, cold = evaluation_rate("drachenfels", players)
        yield f"{players}p heuristic evaluations/s", warm, f"{cold:,.0f}/s on first sight (routes searched)"
        for agent, label in (("ismcts", "IS-MCTS"), ("mcts", "MCTS")):
            rate = search_rate("drachenfels", players, agent, think, gap=60)
            yield f"{players}p {label} iterations/s", rate, f"{think} per position"


def avalon_rows(seconds: float, think: str, player_counts: Sequence[int] = (1, 2, 3, 4), games: int = 0
                ) -> Iterator[Row]:
    """The Avalon rows: for each player count, random playouts, steps, game length (days), and the
    IS-MCTS and MCTS iterations per second."""
    for players in player_counts:
        run = playouts("avalon", players, seconds, turns=lambda state: state.day,  # type: ignore[attr-defined]
                       games=games)
        yield from _playout_rows(run, players, "days")
        for agent, label in (("ismcts", "IS-MCTS"), ("mcts", "MCTS")):
            rate = search_rate("avalon", players, agent, think, gap=20)
            yield f"{players}p {label} iterations/s", rate, f"{think} per position"


PLAYER_COUNTS = {"grani": (3, 4, 6), "drachenfels": (2, 3, 4), "avalon": (1, 2, 3, 4)}
"""Each game's player counts, as its table measures them by default."""


def compare(argv: list[str], other: str, rounds: int, parts: Sequence[list[str]] = ([],)) -> None:
    """Print the table of `argv` measured with the library of checkout `other` and with this one, in
    turns, `rounds` times each: per row the medians before and after, and after / before. Each of
    `parts` (extra arguments: one player count, say) runs in a process of its own, so that what one
    part leaves in memory (caches, a larger heap for the collector to walk) weighs on no other."""
    here = Path(__file__).resolve().parent.parent
    trees = {"before": Path(other).resolve(), "after": here}
    found: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    for turn in range(rounds):
        for side in ("before", "after") if turn % 2 == 0 else ("after", "before"):
            env = dict(os.environ, PYTHONPATH=f"{trees[side] / 'src'}{os.pathsep}{here}")
            for part in parts:
                out = subprocess.run([sys.executable, "-m", "benchmarks.speed", *argv, *part], cwd=here,
                                     env=env, capture_output=True, text=True, check=True).stdout
                for label, value in _table_rows(out):
                    found[side].setdefault(label, []).append(value)
    heading = f"{'measure':<42} {'before':>12} {'after':>12} {'after/before':>13}"
    print(f"{heading}  medians of {rounds}", flush=True)
    for label, values in found["after"].items():
        before = statistics.median(found["before"].get(label, [float("nan")]))
        after = statistics.median(values)
        ratio = after / before if before else float("nan")
        print(f"{label:<42} {before:>12,.0f} {after:>12,.0f} {ratio:>12.2f}x", flush=True)


def _table_rows(out: str) -> Iterator[tuple[str, float]]:
    for line in out.splitlines()[1:]:
        label, value = line[:42].strip(), line[43:55].strip()
        if value:
            yield label, float(value.replace(",", ""))


def _playout_rows(run: Playouts, players: int, turns: str = "") -> Iterator[Row]:
    yield (f"{players}p random playouts, games/s", run.per_second(run.games),
           f"{run.games} games in {run.seconds:.1f}s")
    yield (f"{players}p random play, steps/s", run.per_second(run.steps),
           f"{run.per_second(run.decisions):,.0f} decisions/s; chance outcomes are steps too")
    yield (f"{players}p game length, actions", run.per_game(run.steps),
           f"{run.per_game(run.decisions):.0f} decisions, " + (
               f"{run.per_game(run.turns):.1f} {turns}" if turns else
               f"{run.per_game(run.turns):.0f} turns ({run.per_game(run.turns) / players:.0f} rounds)"))


def main(argv: list[str] | None = None) -> None:
    """Print the speed table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=("gyges", "grani", "drachenfels", "avalon"), default="gyges")
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU time for random playouts")
    parser.add_argument("--games", type=int, default=0,
                        help="random games a player count, the same seeds each run (instead of --seconds)")
    parser.add_argument("--think", default="3s",
                        help="the agents' budget a position: a time (3s) or iterations (2000)")
    parser.add_argument("--players", type=int, nargs="+", default=None,
                        help="player counts (Grani: 3 4 6, Drachenfels: 2 3 4, Avalon: 1 2 3 4)")
    parser.add_argument("--compare", metavar="DIR",
                        help="measure with the library of checkout DIR and with this one, in turns")
    parser.add_argument("--rounds", type=int, default=3, help="with --compare: runs of each side")
    args = parser.parse_args(argv)
    if args.compare:
        same = ["--game", args.game, "--positions", str(args.positions), "--seconds", str(args.seconds),
                "--games", str(args.games), "--think", args.think]
        counts = args.players or PLAYER_COUNTS.get(args.game, ())
        compare(same, args.compare, args.rounds, [["--players", str(n)] for n in counts] or [[]])
        return

    if args.game == "grani":
        _print_table(grani_rows(args.seconds, args.think, args.players or (3, 4, 6), args.games))
        return
    if args.game == "drachenfels":
        _print_table(drachenfels_rows(args.seconds, args.think, args.players or (2, 3, 4), args.games))
        return
    if args.game == "avalon":
        _print_table(avalon_rows(args.seconds, args.think, args.players or (1, 2, 3, 4), args.games))
        return
    positions = mixed_positions(args.positions)
    measure: list[Callable[[], Row]] = [
        lambda: _movegen_row(positions, "replacement on", {}),
        lambda: _movegen_row(positions, "strict rule", {"replace_rule": "strict"}),
        lambda: _movegen_row(positions, "replacement off", {"replacement": False}),
        lambda: _playout_row(args.seconds),
        lambda: ("MCTS iterations/s (start)", agent_rate("mcts", args.think, "iterations"), ""),
        lambda: ("alpha-beta nodes/s (start)", agent_rate("alphabeta", args.think, "nodes"), ""),
    ]
    _print_table(run() for run in measure)


def _print_table(rows: Iterable[Row]) -> None:
    print(f"{'measure':<42} {'value':>12}  notes", flush=True)
    for label, value, note in rows:
        print(f"{label:<42} {value:>12,.0f}  {note}", flush=True)


def _movegen_row(positions: list[str], label: str, options: dict[str, object]) -> Row:
    rate, average = movegen_rate(positions, 3, **options)
    return f"legal moves, positions/s ({label})", rate, f"avg {average:.0f} actions"


def _playout_row(seconds: float) -> Row:
    games, plies, average = playout_rate(seconds)
    return "random playouts, games/s", games, f"{plies:,.0f} plies/s, avg {average:.0f} plies"


if __name__ == "__main__":
    main()
