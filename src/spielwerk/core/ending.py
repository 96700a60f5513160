"""Endings the referee decides where the rules do not: a seat resigns, or its time runs out.

Either is recorded as an action of the referee (`resign 0`, `timeout 1`) so that a replayed record
ends the same way. The seat loses and the game ends for everyone: with two players the other wins;
with more, the others share the win (1/(n-1) each, as shared wins are split); in a co-operative game
(or alone) everyone loses."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from spielwerk.core.catalogue import say
from spielwerk.core.message import Message

RESIGN, TIMEOUT = "resign", "timeout"
RULES = {RESIGN: "game.resign", TIMEOUT: "game.timeout"}
"""The rule id a result ended this way names."""
TEXT = re.compile(r"(resign|timeout) ([0-9]{1,2})")


@dataclass(frozen=True, slots=True)
class Ending:
    """The referee's decision that ends a game: `by` (resign or timeout) of `seat`."""

    by: str
    seat: int

    def __str__(self) -> str:
        return f"{self.by} {self.seat}"

    @classmethod
    def parse(cls, text: str) -> Ending | None:
        """The ending `text` is ("resign 0"), or None where it is none."""
        found = TEXT.fullmatch(text)
        return cls(found[1], int(found[2])) if found else None

    @property
    def rule(self) -> str:
        """"game.resign" or "game.timeout"."""
        return RULES[self.by]

    def returns(self, players: int, cooperative: bool) -> list[float]:
        """0 for the seat, the win shared by the others; 0 for all where they play together."""
        if cooperative or players < 2:
            return [0.0] * players
        share = 1 / (players - 1)
        return [0.0 if seat == self.seat else share for seat in range(players)]

    def reason(self, seat_name: Message) -> Message:
        """"South resigned", "North ran out of time"."""
        return say(f"end.{self.by}", seat=seat_name)

    def told(self, seat_name: Message) -> Message:
        """The narration's line: "South resigns"."""
        return say(f"narrate.{self.by}", seat=seat_name)

    def result(self, players: int, cooperative: bool, seat_name: Message) -> dict[str, Any]:
        """The `result` a view shows once the game ended this way."""
        reason = self.reason(seat_name)
        return {"returns": self.returns(players, cooperative), "rule": self.rule, "reason": str(reason),
                "reason_message": reason.to_json(), "by": self.by, "seat": self.seat}
