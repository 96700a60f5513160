"""Where one Gygès ring can go, found in compiled code: every cell it can end or land on.

The board's segments (walks of exactly a ring's height that use no connection twice) sit in one
table, those from one cell grouped by their first step, so that a step into a ring or along a
connection already used rules out its whole group with one test.

The search follows bounces from ring to ring but never onto a ring it has already bounced off in
the same move: whatever a move reaches by coming back to a ring, the move that skips the loop
reaches too (it continues from that ring with fewer connections used), so the cells found are the
same (gyges.move.edge-once, gyges.land.bounce). A move so bounces at most once on each ring, which
bounds the search without remembering the states seen.
"""

from __future__ import annotations

import numpy as np
from numba import uint64  # type: ignore[import-not-found,unused-ignore]

from spielwerk.games.gyges.board import CELLS, NEIGHBOURS, SEGMENTS
from spielwerk.games.gyges.fast.kernels import INNER, Ints, _compiled

GROUPS_PER_WALK = 4
"""At most four first steps from a cell: one group each, (cell test, connection test, first, end,
ends): the range of its segments in the table and the cells its segments end on."""
ENTRY = 3
"""A pending bounce on the stack: the ring's cell, the connections used, the rings bounced on."""


def _walk_tables() -> tuple[Ints, Ints]:
    """(groups, segments): groups[(cell * 4 + height) * 4 + k] holds the first step's cell (a bit,
    0 where it ends the walk) and connection, the range of its segments and their ends' bits; each
    segment holds the cells it passes, its connections, its end's bit (a throne's too) and its end."""
    groups = np.zeros((CELLS * 4 * GROUPS_PER_WALK, 5), np.int64)
    segments: list[tuple[int, int, int, int]] = []
    for cell in range(CELLS):
        for height in range(1, 4):
            by_first: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
            _walk(cell, height, 0, 0, None, by_first)
            found = sorted((s[0], s[1], s[3]) for rows in by_first.values() for s in rows)
            assert found == sorted((s.between, s.connections & INNER, s.end) for s in SEGMENTS[cell][height])
            assert len(by_first) <= GROUPS_PER_WALK
            for k, ((step, bit), rows) in enumerate(sorted(by_first.items())):
                row = groups[(cell * 4 + height) * GROUPS_PER_WALK + k]
                row[0] = 1 << step if height > 1 else 0
                row[1] = (1 << bit) & INNER
                row[2] = len(segments)
                segments += rows
                row[3] = len(segments)
                for segment in rows:
                    row[4] |= segment[2]
    return groups, np.array(segments, np.int64)


def _walk(
    cell: int, left: int, used: int, between: int, first: tuple[int, int] | None,
    found: dict[tuple[int, int], list[tuple[int, int, int, int]]],
) -> None:
    for neighbour, bit in NEIGHBOURS[cell]:
        if used >> bit & 1:
            continue
        step = first or (neighbour, bit)
        if left == 1:
            found.setdefault(step, []).append((between, (used | 1 << bit) & INNER, 1 << neighbour, neighbour))
        elif neighbour < CELLS:
            _walk(neighbour, left - 1, used | 1 << bit, between | 1 << neighbour, step, found)


GROUPS, SEGMENT_ROWS = _walk_tables()


@_compiled
def _search(heights: bytes, base: int, occupied: int, start: int, stack: Ints) -> tuple[int, bool]:
    """(every cell the ring on `start` can end or land on, thrones as bits 36 and 37; done), not done
    where the stack was too small."""
    others = occupied & ~(1 << start)
    reached = 0
    stack[0] = start
    stack[1] = 0
    stack[2] = 0
    top = ENTRY
    room = stack.size - ENTRY
    while top:
        top -= ENTRY
        cell = stack[uint64(top)]
        used = stack[uint64(top + 1)]
        path = stack[uint64(top + 2)]
        first = uint64((cell * 4 + heights[uint64(base + cell)]) * GROUPS_PER_WALK)
        bounces = others & ~path
        for group in range(first, first + uint64(GROUPS_PER_WALK)):
            if GROUPS[group, 0] & others or GROUPS[group, 1] & used:
                continue
            if not GROUPS[group, 4] & (bounces | ~reached):
                continue
            for i in range(uint64(GROUPS[group, 2]), uint64(GROUPS[group, 3])):
                connections = SEGMENT_ROWS[i, 1]
                if SEGMENT_ROWS[i, 0] & others or connections & used:
                    continue
                bit = SEGMENT_ROWS[i, 2]
                reached |= bit
                if not bit & bounces:
                    continue
                if top > room:
                    return reached, False
                stack[uint64(top)] = SEGMENT_ROWS[i, 3]
                stack[uint64(top + 1)] = used | connections
                stack[uint64(top + 2)] = path | bit
                top += ENTRY
    return reached, True


@_compiled
def ring_reach(heights: bytes, base: int, occupied: int, start: int, stack: Ints) -> int:
    """Every cell the ring on `start` can end on (empty) or land on (a ring), and the thrones it can
    enter as bits 36 (South) and 37 (North); a stack too small is replaced by a larger one."""
    reached, done = _search(heights, base, occupied, start, stack)
    size = stack.size
    while not done:
        size = 2 * size + ENTRY
        reached, done = _search(heights, base, occupied, start, np.zeros(size, np.int64))
    return reached
