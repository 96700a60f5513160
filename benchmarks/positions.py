"""A fixed, seeded sample of mixed Gygès positions for benchmarks."""

from __future__ import annotations

import random

import spielwerk


def mixed_positions(count: int = 1000, seed: int = 2026) -> list[str]:
    """`count` position texts taken from seeded random games at every stage."""
    rng = random.Random(seed)
    game = spielwerk.game("gyges", setup="random")
    positions: list[str] = []
    game_number = 0
    while len(positions) < count:
        state = game.new_state(seed=seed + game_number)
        game_number += 1
        while not state.is_over and len(positions) < count:
            if state.is_chance:
                state.resolve_chance()
                continue
            if rng.random() < 0.1:
                positions.append(state.position())  # type: ignore[attr-defined]
            state.apply(rng.choice(state.legal_actions()))
    return positions
