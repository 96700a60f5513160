"""Gygès move generation, plain Python against compiled (numba), over the same 1,000 mixed positions.

Run `python -m benchmarks.gyges_movegen`. Each measure runs `--rounds` times and prints the median,
in positions per second: full legal lists and move counts, through the contract (`legal_actions()`
and `move_count()` of fresh states), from Python on the compiled generator (integers, no Move
values), and inside compiled code (one call over all positions). The first compiled call's time
(numba loading its cache, or compiling where there is none) is printed first.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np

import spielwerk
from benchmarks.positions import mixed_positions
from spielwerk.games.gyges import GygesState
from spielwerk.games.gyges.fast import compiled, use_compiled

Row = tuple[str, float, str]


def _states(positions: list[str]) -> list[GygesState]:
    game = spielwerk.game("gyges")
    states = [game.new_state(seed=0, position=p) for p in positions]
    return [s for s in states if isinstance(s, GygesState)]


def _median_rate(count: int, rounds: int, run: Callable[[], object]) -> float:
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates)


def _contract_rates(positions: list[str], rounds: int) -> tuple[float, float, float]:
    """(full lists/s, counts/s, average actions) through fresh states' legal_actions and move_count."""
    lists: list[float] = []
    counts: list[float] = []
    actions = 0
    for _ in range(rounds):
        states = _states(positions)
        start = time.perf_counter()
        actions = sum(len(s.legal_actions()) for s in states)
        lists.append(len(states) / (time.perf_counter() - start))
        states = _states(positions)
        start = time.perf_counter()
        for s in states:
            s.move_count()
        counts.append(len(states) / (time.perf_counter() - start))
    return statistics.median(lists), statistics.median(counts), actions / len(positions)


def rows(positions: list[str], rounds: int) -> list[Row]:
    """Every measure: plain first, then compiled (empty where numba is missing)."""
    use_compiled(False)
    plain_lists, plain_counts, average = _contract_rates(positions, rounds)
    found = [
        ("plain: legal_actions(), positions/s", plain_lists, f"avg {average:.1f} actions"),
        ("plain: move_count(), positions/s", plain_counts, ""),
    ]
    start = time.perf_counter()
    if not use_compiled(True):
        return [*found, ("compiled: numba is not installed", 0.0, "pip install 'spielwerk[fast]'")]
    fast = compiled()
    assert fast is not None
    states = _states(positions)
    states[0].legal_actions()
    states[0].move_count()
    first = time.perf_counter() - start
    lists, counts, average = _contract_rates(positions, rounds)
    found += [
        ("compiled: first call (import, load or compile), ms", first * 1000, ""),
        ("compiled: legal_actions(), positions/s", lists, f"x{lists / plain_lists:.1f}"),
        ("compiled: move_count(), positions/s", counts, f"x{counts / plain_counts:.1f}"),
    ]
    boards = [(s.heights, s.occupied, s.side, s.replacement, s.strict) for s in states]
    found += [
        ("compiled from Python: move integers, positions/s",
         _median_rate(len(boards), rounds, lambda: [fast.legal_codes(*b) for b in boards]), "no Move values"),
        ("compiled from Python: counts, positions/s",
         _median_rate(len(boards), rounds, lambda: [fast.move_count(*b) for b in boards]), ""),
    ]
    found += _inside_rows(states, rounds)
    use_compiled(True)
    return found


def _inside_rows(states: list[GygesState], rounds: int) -> list[Row]:
    """Rates inside compiled code: one call lists (or counts) every position's moves."""
    from spielwerk.games.gyges.fast import count, kernels

    heights = b"".join(bytes(s.heights) for s in states)
    occupied = np.array([s.occupied for s in states], np.int64)
    sides = np.array([s.side for s in states], np.int64)
    work = kernels.new_workspace()
    rules = kernels.rules_of(0, True, False)  # sides[i] says who moves

    def listed() -> None:
        kernels.codes_batch(heights, occupied, sides, rules, work)

    def counted() -> None:
        count.count_batch(heights, occupied, sides, rules, work)

    listed()
    counted()
    return [
        ("compiled inside: move integers, positions/s", _median_rate(len(states), rounds, listed), ""),
        ("compiled inside: counts, positions/s", _median_rate(len(states), rounds, counted), ""),
    ]


def main(argv: list[str] | None = None) -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    use_compiled(False)  # numba is first imported in the measure of the first compiled call
    positions = mixed_positions(args.positions)
    print(f"{'measure':<52} {'value':>12}  notes", flush=True)
    for label, value, note in rows(positions, args.rounds):
        print(f"{label:<52} {value:>12,.0f}  {note}", flush=True)


if __name__ == "__main__":
    main()
