"""Avalon test helpers: positions built from a few facts, actions by text, views by seat."""

from __future__ import annotations

from typing import Any

import spielwerk
from spielwerk.games.avalon.content import CONTENT
from spielwerk.games.avalon.rules import AvalonState

PLACED = list(CONTENT.placed)


def game(**options: Any) -> spielwerk.Game:
    """The Avalon game with options."""
    return spielwerk.game("avalon", **options)


Heroes = dict[int, dict[str, Any]]


def position(players: int = 1, heroes: Heroes | None = None, **facts: Any) -> dict[str, Any]:
    """A position in the Day of day 1 unless `facts` say otherwise: the first locations placed with
    their `a` verses as backs, every character as at set-up but for `heroes` (by seat)."""
    backs = [""] + ["a" if number in PLACED else "" for number in sorted(CONTENT.locations)]
    base: dict[str, Any] = {"frames": [["day"]], "placed": PLACED, "backs": backs}
    if heroes:
        base["heroes"] = [heroes.get(seat, {}) for seat in range(players)]
    return {**base, **facts}


def day(players: int = 1, heroes: Heroes | None = None, options: dict[str, Any] | None = None,
        **facts: Any) -> AvalonState:
    """A state at a Day decision (see `position`)."""
    start = position(players, heroes, **facts)
    state = game(**(options or {})).new_state(players=players, seed=1, position=start)
    assert isinstance(state, AvalonState)
    return state


def texts(state: spielwerk.State) -> list[str]:
    """The legal actions as texts."""
    return [str(action) for action in state.legal_actions()]


def play(state: spielwerk.State, *actions: str) -> spielwerk.State:
    """Apply actions (chance outcomes too) by text, as the referee."""
    for action in actions:
        state.apply(action)
    return state


def hero(state: spielwerk.State, number: int) -> Any:
    """A character's view by its number."""
    return next(h for h in state.view(None)["characters"] if h["number"] == number)


def loc(state: spielwerk.State, number: int, seat: int | None = None) -> dict[str, Any]:
    """A location's view."""
    return dict(state.view(seat)["locations"][number - 1])
