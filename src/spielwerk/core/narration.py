"""What each seat is told of each action: the narration's lines, kept as `Told` values."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from spielwerk.core.message import Message


@dataclass(frozen=True, slots=True)
class Told:
    """One action as told: `everyone` is what spectators and most seats hear; `seats` holds what
    particular seats hear instead (the drawer of a card hears which card)."""

    everyone: Message
    seats: Mapping[int, Message] = field(default_factory=dict)

    def to(self, seat: int | None) -> Message:
        """What `seat` (None: a spectator) is told."""
        return self.everyone if seat is None else self.seats.get(seat, self.everyone)
