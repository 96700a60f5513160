"""Small helpers for Gygès rule tests: states from position texts, move texts, expected errors."""

from __future__ import annotations

from typing import Any, TypeVar

import pytest

import spielwerk
from spielwerk import IllegalAction, State
from spielwerk.games.gyges import GygesState

S = TypeVar("S", bound=State)


def gyges(position: str, **options: Any) -> GygesState:
    """A Gygès state started from a position text, with the given game options."""
    state = spielwerk.game("gyges", **options).new_state(position=position)
    assert isinstance(state, GygesState)
    return state


def fresh(seed: int = 1, **options: Any) -> GygesState:
    """A new Gygès game (with its set-up phase unless an option fixes it)."""
    state = spielwerk.game("gyges", **options).new_state(seed=seed)
    assert isinstance(state, GygesState)
    return state


def texts(state: State) -> list[str]:
    """The texts of the legal actions, sorted (a duplicate would show twice)."""
    return sorted(str(action) for action in state.legal_actions())


def moves_from(state: State, cell: str) -> list[str]:
    """The legal move texts of the ring on `cell`."""
    return [text for text in texts(state) if text.startswith(cell + "-")]


def plain_moves(state: State) -> list[str]:
    """The legal move texts that put no ring elsewhere (no `/`)."""
    return [text for text in texts(state) if "/" not in text]


def play(state: S, *actions: str) -> S:
    """Apply the action texts in order; returns the state."""
    for action in actions:
        state.apply(action)
    return state


def illegal(state: State, text: str) -> IllegalAction:
    """The IllegalAction that applying `text` raises; the state must stay as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        state.apply(text)
    assert state.to_json() == before
    return caught.value


def end_rule(state: State) -> str:
    """The rule id that ended the game, as the spectator's view reports it."""
    result = state.view(None)["result"]
    assert result is not None, "the game is not over"
    rule: str = result["rule"]
    return rule
