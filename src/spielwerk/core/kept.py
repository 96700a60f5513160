"""Values worked out once and kept, within a bound: a search meets ever new positions, so what it keeps
must not grow without end."""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Kept(dict[K, V]):
    """A dict that empties itself before it would hold more than `limit` values (read it as a dict)."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: K, value: V) -> V:
        """Keep `value` under `key` (emptying the dict first where it is full) and return it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value
