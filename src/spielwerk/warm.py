"""Compiled code made ready before a player waits for it: `python -m spielwerk.warm` compiles every
numba function spielwerk has, or loads it from numba's cache on disk, by letting the alpha-beta agent
choose a few moves of a seeded Gygès game. The first compile takes several seconds; `make` runs this
after installing and the tests before they start, so that no move and no timed test pays for it.
Where numba is missing (no `fast` extra) it does nothing."""

from __future__ import annotations

import time

import spielwerk
from spielwerk.agents import from_spec
from spielwerk.games.gyges.fast import compiled

PLIES = 6
"""Moves played: both set-ups, then searched moves (each compiled function is used by then)."""


def warm() -> float | None:
    """Compile or load every compiled function; the seconds it took, None where there is none."""
    if compiled() is None:
        return None
    started = time.monotonic()
    state = spielwerk.game("gyges").new_state(seed=1)
    searcher = from_spec("alphabeta:3000", seed=1)
    for _ in range(PLIES):
        if state.is_over:
            break
        state.apply(searcher.choose(state))
    return time.monotonic() - started


if __name__ == "__main__":
    warm()
