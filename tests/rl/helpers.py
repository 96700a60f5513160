"""Seeded playouts for the research bridge's tests: every state a random game passes through."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import spielwerk
from spielwerk.core.state import State


def playout(game_id: str, players: int, seed: int, steps: int = 400, **options: Any) -> Iterator[State]:
    """The states of one seeded random game where a seat is to move (chance drawn in between)."""
    state = spielwerk.game(game_id, **options).new_state(players=players, seed=seed)
    yield from walk(state, random.Random(seed), steps)


def walk(state: State, rng: random.Random, steps: int) -> Iterator[State]:
    """The states from `state` on where a seat is to move, for at most `steps` decisions."""
    for _ in range(steps):
        while state.is_chance:
            state.resolve_chance()
        if state.is_over:
            return
        yield state
        state.apply(rng.choice(state.legal_actions()))
