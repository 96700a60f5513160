"""Endings the server decides where the rules do not: a seat resigns, or its time runs out.

The seat that resigns (or runs out of time) loses, and the game ends for everyone. With two players
the other wins; with more, the others share the win (each gets 1/(n-1), as the engine splits shared
wins): the engine has no way to play on without a seat, and ending the game keeps the log, the record
and every view exactly what the rules made them. In a co-operative game (or alone) everyone loses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

RESIGN = "resign"
TIME = "time"


@dataclass(frozen=True)
class Ending:
    """How the game ended: `by` (resign or time) of `seat`, among `players` seats."""

    by: str
    seat: int
    players: int
    cooperative: bool = False

    def result(self) -> list[float]:
        """0 for the seat, the win shared by the others; 0 for all where they play together."""
        if self.cooperative or self.players < 2:
            return [0.0] * self.players
        share = 1 / (self.players - 1)
        return [0.0 if seat == self.seat else share for seat in range(self.players)]

    def reason(self, name: str) -> str:
        """What a person reads: "South resigned", "North ran out of time"."""
        said = "resigned" if self.by == RESIGN else "ran out of time"
        return f"{name.title()} {said}"

    def to_json(self) -> dict[str, Any]:
        """What is stored."""
        return {"by": self.by, "seat": self.seat}

    @classmethod
    def from_json(cls, stored: dict[str, Any], players: int, cooperative: bool = False) -> Ending:
        """From what `to_json` stored."""
        return cls(str(stored["by"]), int(stored["seat"]), players, cooperative)
