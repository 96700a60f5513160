"""Helpers every game's rule tests share: legal texts, playing texts, expecting a rule's error."""

from __future__ import annotations

from typing import TypeVar

import pytest

from spielwerk import IllegalAction, State

S = TypeVar("S", bound=State)


def texts(state: State) -> list[str]:
    """The texts of the legal actions, sorted (a duplicate would show twice)."""
    return sorted(str(action) for action in state.legal_actions())


def play(state: S, *actions: str) -> S:
    """Apply the action texts in order; returns the state."""
    for action in actions:
        state.apply(action)
    return state


def illegal(state: State, text: str) -> IllegalAction:
    """The IllegalAction that applying `text` raises; the state must stay as it was."""
    before = (state.to_json(), state.view(None))
    with pytest.raises(IllegalAction) as caught:
        state.apply(text)
    assert (state.to_json(), state.view(None)) == before
    assert str(caught.value) == f"{caught.value.reason} ({caught.value.rule})"
    return caught.value
