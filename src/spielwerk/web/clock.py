"""Game clocks (`10m+5s`): each person's time, the increment after each of their turns, and the
flag. The times are stored with every change, so a restarted server goes on with them; the time of
the seat to move runs from the moment the last action was stored. Agents have no clock: their budget
bounds them, and a queue of agents in the worker pool must not cost a seat its game."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from spielwerk.core.errors import OptionError
from spielwerk.core.inputs import quote

UNITS = {"s": 1000, "m": 60_000, "h": 3_600_000, "d": 86_400_000}
SPEC = re.compile(r"(\d{1,5})([smhd])(?:\+(\d{1,5})([smhd])|(/move))?")
MAX_BASE_MS = 30 * UNITS["d"]
MAX_INCREMENT_MS = UNITS["d"]


def now() -> datetime:
    """The time every clock reads (one place, so that tests can move it on)."""
    return datetime.now(UTC)


@dataclass(frozen=True)
class ClockSpec:
    """A clock: the time each person starts with and what each of their turns adds."""

    base_ms: int
    increment_ms: int
    per_move: bool = False
    """`1d/move`: each turn has the base time afresh (correspondence), nothing is carried over."""

    def __str__(self) -> str:
        if self.per_move:
            return f"{_duration(self.base_ms)}/move"
        return _duration(self.base_ms) + (f"+{_duration(self.increment_ms)}" if self.increment_ms else "")

    @classmethod
    def parse(cls, text: str) -> ClockSpec:
        """`10m+5s`, `3m`, `90s+2s`, `1h+30s`, `3d+1d` (units s, m, h, d), or a time for each turn:
        `1d/move`; OptionError otherwise."""
        match = SPEC.fullmatch(text.strip()) if isinstance(text, str) else None
        if match is None:
            raise OptionError(f"a clock is a time and an increment such as 10m+5s or 3m, or a time for each "
                              f"turn such as 1d/move, not {quote(text)}")
        base = int(match[1]) * UNITS[match[2]]
        increment = int(match[3]) * UNITS[match[4]] if match[3] else 0
        if not 0 < base <= MAX_BASE_MS or increment > MAX_INCREMENT_MS:
            raise OptionError(f"a clock gives 1s to 30d and adds at most 1d per action, not {quote(text)}")
        return cls(base, increment, per_move=match[5] is not None)


@dataclass
class Clock:
    """A game's clock: each seat's time left (ms, None for an agent) as of `since`; `waiting` until
    every person has opened their link (no time runs before: nobody loses time to a friend who has
    not arrived yet)."""

    spec: ClockSpec
    left: list[int | None]
    since: datetime
    waiting: bool = False

    @classmethod
    def start(cls, spec: ClockSpec, people: list[bool], at: datetime) -> Clock:
        """Full time for each person's seat, none for an agent's; running from `at`."""
        return cls(spec, [spec.base_ms if person else None for person in people], at)

    def left_at(self, running: int | None, at: datetime) -> list[int | None]:
        """Each seat's time left at `at`, where `running` (None: nobody) is the seat whose time runs."""
        left = list(self.left)
        mine = left[running] if running is not None else None
        if running is not None and mine is not None:
            left[running] = max(0, mine - _ms(at - self.since))
        return left

    def flagged(self, running: int | None, at: datetime) -> bool:
        """True where the running seat's time is up at `at`."""
        return running is not None and self.left_at(running, at)[running] == 0

    def moved(self, running: int | None, at: datetime, passed: bool = True) -> None:
        """The running seat acted at `at`: its time is charged, and the increment added where the
        turn `passed` to another seat (once a turn: a turn of several actions, as in Grani and
        Drachenfels, gains it once, with its last action); a per-move clock's seat has its whole time
        again instead."""
        self.left = self.left_at(running, at)
        mine = self.left[running] if running is not None else None
        if passed and running is not None and mine is not None:
            self.left[running] = self.spec.base_ms if self.spec.per_move else mine + self.spec.increment_ms
        self.since = at

    def stop(self, running: int | None, at: datetime) -> None:
        """The game ended at `at`: the running seat's time is charged, nothing added."""
        self.left = self.left_at(running, at)
        self.since = at

    def show(self, running: int | None, at: datetime) -> dict[str, object]:
        """What a payload says of the clock: `{"spec", "left_ms", "running", "waiting"}` as of `at`."""
        return {"spec": str(self.spec), "left_ms": self.left_at(running, at), "running": running,
                "waiting": self.waiting}

    def begin(self, at: datetime) -> None:
        """Every person is here: the time of the seat to move runs from `at`."""
        self.waiting = False
        self.since = at

    def deadline(self, running: int | None) -> datetime | None:
        """When the running seat's time is up (None: no time runs)."""
        mine = self.left[running] if running is not None else None
        return None if mine is None else self.since + timedelta(milliseconds=mine)


def _ms(delta: timedelta) -> int:
    return int(delta.total_seconds() * 1000)


def _duration(ms: int) -> str:
    for unit, size in sorted(UNITS.items(), key=lambda item: -item[1]):
        if ms % size == 0:
            return f"{ms // size}{unit}"
    return f"{ms // 1000}s"
