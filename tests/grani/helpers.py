"""Small helpers for Grani rule tests: states from position texts, action texts, expected errors."""

from __future__ import annotations

from typing import Any

import spielwerk
from spielwerk import State
from spielwerk.games.grani import GraniState
from spielwerk.games.grani.board import BOARD
from spielwerk.games.grani.notation import COLOURS
from tests.actions import illegal, play, texts

FAR = "blue=E28 red=U1"
"""Two knights parked far from Galad, for tests about the yellow knight alone."""


def grani(position: str, **options: Any) -> GraniState:
    """A Grani state started from a position text; the players are the knights the text names."""
    players = sum(1 for colour in COLOURS if f"{colour}=" in position.lower())
    state = spielwerk.game("grani", **options).new_state(players=players, seed=1, position=position)
    assert isinstance(state, GraniState)
    return state


def fresh(players: int = 3, seed: int = 1, **options: Any) -> GraniState:
    """A new Grani game, before the lot for the first player."""
    state = spielwerk.game("grani", **options).new_state(players=players, seed=seed)
    assert isinstance(state, GraniState)
    return state


def knight(state: State, colour: str) -> dict[str, Any]:
    """The view of one knight: at, amulets, shackled, ring, seals."""
    found: dict[str, Any] = next(k for k in state.view(None)["knights"] if k["colour"] == colour)
    return found


def at(state: State, colour: str) -> str:
    """The point a knight stands on."""
    point: str = knight(state, colour)["at"]
    return point


def to_move(state: State) -> str:
    """The colour of the knight to act."""
    return COLOURS[state.to_move]


def outcomes(state: State) -> dict[str, float]:
    """The chance outcomes by text, with their probabilities."""
    return {str(action): p for action, p in state.chance_outcomes()}


def end_rule(state: State) -> str:
    """The rule id that ended the game, as the spectator's view reports it."""
    result = state.view(None)["result"]
    assert result is not None, "the game is not over"
    rule: str = result["rule"]
    return rule


def ring_spots_outside(kingdom: str, taken: set[str]) -> list[str]:
    """`ring P` for every free black point outside `kingdom` (the rules' words, on a board without stones)."""
    return sorted(
        f"ring {name}"
        for p, name in enumerate(BOARD.names)
        if BOARD.kind[p] == "black" and BOARD.kingdom_name(p) != kingdom and name not in taken
    )


__all__ = [
    "FAR",
    "at",
    "end_rule",
    "fresh",
    "grani",
    "illegal",
    "knight",
    "outcomes",
    "play",
    "ring_spots_outside",
    "texts",
    "to_move",
]
