"""Small helpers for Drachenfels rule tests: states from positions, action texts, expected errors."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import spielwerk
from spielwerk.games.drachenfels import DrachenfelsState
from tests.actions import illegal, play, texts


def drachenfels(players: int = 2, **position: Any) -> DrachenfelsState:
    """A state started from a (partial) position; red to move in its turn phase unless it says."""
    position.setdefault("knights", {colour: f"S{n}" for n, colour in enumerate(_colours(players), start=1)})
    state = spielwerk.game("drachenfels").new_state(seed=1, position=position)
    assert isinstance(state, DrachenfelsState)
    return state


def fresh(players: int = 2, seed: int = 1, **options: Any) -> DrachenfelsState:
    """A new game, before the princesses are hidden."""
    state = spielwerk.game("drachenfels", **options).new_state(players=players, seed=seed)
    assert isinstance(state, DrachenfelsState)
    return state


def dealt(players: int = 2, seed: int = 1) -> DrachenfelsState:
    """A new game with the princesses hidden, the lot drawn and the hands dealt, from its own stream."""
    state = fresh(players, seed)
    while state.is_chance:
        state.resolve_chance()
    return state


def _colours(players: int) -> tuple[str, ...]:
    return ("red", "blue", "yellow", "green")[:players]


__all__ = ["dealt", "drachenfels", "fresh", "illegal", "play", "texts"]


def decisions(games: int, steps: int = 400) -> Iterator[DrachenfelsState]:
    """The states of seeded random games (2–4 players by turns) where a seat decides, chance
    resolved on the way: `steps` steps of each game at most; a random legal action is played after
    each state is looked at."""
    for seed in range(games):
        state, rng = fresh(2 + seed % 3, seed), random.Random(seed)
        for _ in range(steps):
            if state.is_over:
                break
            if state.is_chance:
                state.resolve_chance()
                continue
            yield state
            state.apply(rng.choice(state.legal_actions()))
