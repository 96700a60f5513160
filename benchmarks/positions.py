"""A fixed, seeded sample of mixed Gygès positions for benchmarks."""

from __future__ import annotations

import random

import spielwerk
from spielwerk.core.chance import pick_weighted
from spielwerk.core.state import Action


def mixed_positions(count: int = 1000, seed: int = 2026) -> list[str]:
    """`count` position texts taken from seeded random games at every stage: the same positions since
    they were first drawn (the set-ups rolled as the engine rolled chance then, `_first_dice`), so that
    figures of any day, and of other programs given the same positions, compare."""
    rng = random.Random(seed)
    game = spielwerk.game("gyges", setup="random")
    positions: list[str] = []
    game_number = 0
    while len(positions) < count:
        state = game.new_state(seed=seed + game_number)
        game_number += 1
        events = 0
        while not state.is_over and len(positions) < count:
            if state.is_chance:
                state.apply(_first_dice(seed + game_number - 1, events, state.chance_outcomes()))
                events += 1
                continue
            if rng.random() < 0.1:
                positions.append(state.position())  # type: ignore[attr-defined]
            state.apply(rng.choice(state.legal_actions()))
    return positions


def _first_dice(seed: int, event: int, outcomes: list[tuple[Action, float]]) -> Action:
    """The outcome the engine rolled for a game's `event`-th chance event until 2026-11-28 (a generator
    seeded with a text per event; `core.chance` rolls otherwise since)."""
    return pick_weighted(random.Random(f"spielwerk:{seed}:{event}"), outcomes)
