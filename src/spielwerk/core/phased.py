"""A state that keeps its game's phase: `PhasedState` answers the contract's `to_move`, `is_over` and
`is_chance` from the phase directly (a search asks them at every node), for a game whose phases say
when chance acts (`CHANCE_PHASES`) and when the game is over (`OVER_PHASE`)."""

from __future__ import annotations

from typing import ClassVar

from spielwerk.core.chance import CHANCE
from spielwerk.core.state import State


class PhasedState(State):
    """A state with a `phase` and the seat whose decision it is (`seat`) outside chance phases."""

    CHANCE_PHASES: ClassVar[frozenset[str]]
    """The phases in which chance acts."""
    OVER_PHASE: ClassVar[str]
    """The phase of a game the rules have ended."""

    phase: str
    seat: int

    @property
    def to_move(self) -> int:
        return CHANCE if self.phase in self.CHANCE_PHASES else self.seat

    @property
    def _game_over(self) -> bool:
        return self.phase == self.OVER_PHASE

    @property
    def is_over(self) -> bool:
        """True once the game has ended (the base's answer, from the phase directly: search asks often)."""
        return self._ending is not None or self.phase == self.OVER_PHASE

    @property
    def is_chance(self) -> bool:
        """True at a chance node (the base's answer, asked of the phase directly)."""
        return self._ending is None and self.phase in self.CHANCE_PHASES
