"""Seeded random playouts and snapshots of everything the public contract shows about a state."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from spielwerk import State
from spielwerk.core import Action


def texts(state: State) -> list[str]:
    """The legal action texts, in the state's order."""
    return [str(action) for action in state.legal_actions()]


def step(state: State, rng: random.Random) -> Action:
    """Play one action: chance from the state's own stream, otherwise a uniformly random legal action."""
    if state.is_chance:
        return state.resolve_chance()
    action = rng.choice(state.legal_actions())
    state.apply(action)
    return action


def playout(state: State, seed: int, limit: int) -> Iterator[State]:
    """Yield the state before each random action, until the game ends or `limit` actions are played.

    The caller may look at the state (and change it, if it puts it back) between actions.
    """
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            return
        yield state
        step(state, rng)


def play_out(state: State, seed: int, limit: int) -> State:
    """Play random actions until the end or `limit` actions; returns the state."""
    for _ in playout(state, seed, limit):
        pass
    return state


def seats(state: State) -> list[int | None]:
    """Every seat, then the spectator (None)."""
    return [*range(state.players), None]


def snapshot(state: State) -> dict[str, Any]:
    """What the contract shows of a state: its JSON, every view, the legal actions, whose turn."""
    return {
        "json": state.to_json(),
        "views": [state.view(seat) for seat in seats(state)],
        "legal": texts(state),
        "over": state.is_over,
        "chance": state.is_chance,
        "to_move": None if state.is_over else state.to_move,
        "history": [str(action) for action in state.history],
    }


def json_round_trip(data: Any) -> Any:
    """`data` after a trip through JSON text (equal to `data` only if it is plain JSON)."""
    return json.loads(json.dumps(data))
