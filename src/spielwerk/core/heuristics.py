"""Optional game knowledge that agents may use through `Game.heuristics()`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from spielwerk.core.state import Action, State


class Heuristics(Protocol):
    """What a game may tell agents beyond the rules."""

    def evaluate(self, state: State) -> list[float]:
        """Per seat, an estimate of the return in [0, 1] (the seats' values may not sum to 1)."""
        ...

    def order(self, state: State, actions: Sequence[Action]) -> list[Action]:
        """The actions, most promising first."""
        ...
