"""The way a Gygès move went: the cells its ring passed, bounces included, for pictures and words.

A move's text names only where the ring started and ended; pictures want the way between. It is
found again from the position before the move, by the same rules as the move generator, taking
the way with the fewest steps (the first found in a fixed order where several are as short).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from spielwerk.games.gyges.board import CELLS, NEIGHBOURS
from spielwerk.games.gyges.movegen import TARGET_THRONE
from spielwerk.games.gyges.notation import Move

Step = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]


class Way(NamedTuple):
    """The cells from a move's start to its end (a throne included), and the rings it bounced off."""

    cells: tuple[int, ...]
    bounces: tuple[int, ...]


def move_way(heights: Sequence[int], side: int, move: Move) -> Way:
    """The way `move` went from the position `heights` with `side` to move.

    A King's game put (from a throne) and a move that no way fits (not legal there) go straight.
    """
    return _way(tuple(heights), side, move)


@lru_cache(maxsize=4096)
def _way(heights: tuple[int, ...], side: int, move: Move) -> Way:
    """`move_way`, found once a position (every seat's view of a ply draws the last move's way)."""
    straight = Way((move.start, move.end), ())
    if move.start >= CELLS or not heights[move.start]:
        return straight
    others = {cell for cell in range(CELLS) if heights[cell] and cell != move.start}
    target = TARGET_THRONE[side]
    # (cell, steps left in this segment, connections used, cells so far, bounces so far)
    queue: deque[Step] = deque([(move.start, heights[move.start], 0, (move.start,), ())])
    seen: set[tuple[int, int, int]] = set()
    while queue:
        cell, left, used, cells, bounces = queue.popleft()
        for neighbour, bit in NEIGHBOURS[cell]:
            if used >> bit & 1:
                continue
            now_used, now_cells = used | 1 << bit, (*cells, neighbour)
            if neighbour >= CELLS:
                if left == 1 and neighbour == target == move.end:
                    return Way(now_cells, bounces)
                continue
            if neighbour not in others:
                if left > 1:
                    _visit(queue, seen, (neighbour, left - 1, now_used, now_cells, bounces))
                elif neighbour == move.end and move.drop < 0:
                    return Way(now_cells, bounces)
            elif left == 1:
                if neighbour == move.end and move.drop >= 0:
                    return Way(now_cells, bounces)
                bounced = (*bounces, neighbour)
                _visit(queue, seen, (neighbour, heights[neighbour], now_used, now_cells, bounced))
    return straight


def _visit(queue: deque[Step], seen: set[tuple[int, int, int]], step: Step) -> None:
    key = step[:3]
    if key not in seen:
        seen.add(key)
        queue.append(step)
