"""Throughput of the engine and the agents, printed as a table (run: `python -m benchmarks.speed`)."""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import spielwerk
from benchmarks.positions import mixed_positions

Row = tuple[str, float, str]


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


def main(argv: list[str] | None = None) -> None:
    """Print the speed table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=5.0, help="time for random playouts")
    parser.add_argument("--think", default="3s", help="thinking time for the agent rates")
    args = parser.parse_args(argv)

    positions = mixed_positions(args.positions)
    measure: list[Callable[[], Row]] = [
        lambda: _movegen_row(positions, "replacement on", {}),
        lambda: _movegen_row(positions, "classic rule", {"replace_rule": "classic"}),
        lambda: _movegen_row(positions, "replacement off", {"replacement": False}),
        lambda: _playout_row(args.seconds),
        lambda: ("MCTS iterations/s (start)", agent_rate("mcts", args.think, "iterations"), ""),
        lambda: ("alpha-beta nodes/s (start)", agent_rate("alphabeta", args.think, "nodes"), ""),
    ]
    print(f"{'measure':<42} {'per second':>12}  notes")
    for run in measure:
        label, value, note = run()
        print(f"{label:<42} {value:>12,.0f}  {note}", flush=True)


def _movegen_row(positions: list[str], label: str, options: dict[str, object]) -> Row:
    rate, average = movegen_rate(positions, 3, **options)
    return f"legal moves, positions/s ({label})", rate, f"avg {average:.0f} actions"


def _playout_row(seconds: float) -> Row:
    games, plies, average = playout_rate(seconds)
    return "random playouts, games/s", games, f"{plies:,.0f} plies/s, avg {average:.0f} plies"


if __name__ == "__main__":
    main()
