"""Where one Gygès ring can go, found in compiled code: every cell it can end or land on.

The board's segments (walks of exactly a ring's height that use no connection twice) sit in one
table, those from one cell grouped by their first step, so that a step into a ring or along a
connection already used rules out its whole group with one test. A walk, a group or a segment none
of whose ends is still of use (every end reached already, none a ring still to bounce on) is
skipped before anything else is tested. Table and stack indexes are unsigned: numba then adds no
test for negative ones.

The search follows bounces from ring to ring but never onto a ring it has already bounced off in
the same move: whatever a move reaches by coming back to a ring, the move that skips the loop
reaches too (it continues from that ring with fewer connections used), so the cells found are the
same (gyges.move.edge-once, gyges.land.bounce). A move so bounces at most once on each ring, which
bounds the search without remembering the states seen.
"""

from __future__ import annotations

import numpy as np
from numba import uint64  # type: ignore[import-not-found,unused-ignore]

from spielwerk.games.gyges.board import ALL_CELLS, CELLS, NEIGHBOURS, SEGMENTS
from spielwerk.games.gyges.fast.base import INNER, Heights, Ints, _compiled

GROUPS_PER_WALK = 4
"""At most four first steps from a cell: one group each."""
FIRST = 40
"""Where a table row keeps a number above its cell mask: a group's first segment, a segment's end."""
ENTRY = 2
"""A pending bounce on the stack: the connections used, and the rings bounced on with the walk it
goes on (cell * 4 + height) << WALK."""
WALK = 48


def _walk_tables() -> tuple[Ints, Ints]:
    """(groups, segments). groups[(cell * 4 + height) * 4 + k]: the cell its first step enters (a bit,
    0 where that step ends the walk) with the index of its first segment << FIRST (the next group's
    is its end), the first step's connection, and the cells its segments end on; a last row ends
    the last group. Each segment: the cells it passes with its end << FIRST (a throne: 36 or 37), and
    its connections."""
    groups = np.zeros((CELLS * 4 * GROUPS_PER_WALK + 1, 3), np.int64)
    segments: list[tuple[int, int]] = []
    for cell in range(CELLS):
        for height in range(4):
            by_first: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
            if height:
                _walk(cell, height, 0, 0, None, by_first)
            found = sorted(row for rows in by_first.values() for row in rows)
            assert found == sorted((s.between, s.connections & INNER, s.end) for s in SEGMENTS[cell][height])
            steps = sorted(by_first.items())
            assert len(steps) <= GROUPS_PER_WALK
            for k in range(GROUPS_PER_WALK):
                row = groups[(cell * 4 + height) * GROUPS_PER_WALK + k]
                row[0] = len(segments) << FIRST
                if k < len(steps):
                    (step, bit), rows = steps[k]
                    row[0] |= 1 << step if height > 1 else 0
                    row[1] = (1 << bit) & INNER
                    for between, connections, end in rows:
                        segments.append((between | end << FIRST, connections))
                        row[2] |= 1 << end
    groups[-1, 0] = len(segments) << FIRST
    return groups, np.array(segments, np.int64)


def _walk(
    cell: int, left: int, used: int, between: int, first: tuple[int, int] | None,
    found: dict[tuple[int, int], list[tuple[int, int, int]]],
) -> None:
    for neighbour, bit in NEIGHBOURS[cell]:
        if used >> bit & 1:
            continue
        step = first or (neighbour, bit)
        if left == 1:
            found.setdefault(step, []).append((between, (used | 1 << bit) & INNER, neighbour))
        elif neighbour < CELLS:
            _walk(neighbour, left - 1, used | 1 << bit, between | 1 << neighbour, step, found)


GROUPS, SEGMENT_ROWS = _walk_tables()
WALK_ENDS = np.bitwise_or.reduce(GROUPS[:-1, 2].reshape(-1, GROUPS_PER_WALK), axis=1)
"""Every cell a walk from `cell` of `height` steps can end on: WALK_ENDS[cell * 4 + height]."""


@_compiled
def _search(heights: Heights, base: int, occupied: int, start: int, stack: Ints) -> tuple[int, bool]:
    """(every cell the ring on `start` can end or land on, thrones as bits 36 and 37; done), not done
    where the stack was too small."""
    others = occupied & ~(1 << start)
    reached = 0
    stack[0] = 0
    stack[1] = (start * 4 + heights[base + start]) << WALK
    top = ENTRY
    room = stack.size - ENTRY
    while top:
        top -= ENTRY
        used = stack[uint64(top)]
        path = stack[uint64(top + 1)]
        walk = uint64(path >> WALK)
        path &= ALL_CELLS
        bounces = others & ~path
        need = bounces | ~reached  # the ends still of use: rings to bounce on, cells not reached
        if not WALK_ENDS[walk] & need:
            continue
        first = walk * uint64(GROUPS_PER_WALK)
        for group in range(first, first + uint64(GROUPS_PER_WALK)):
            if not GROUPS[group, 2] & need:
                continue
            head = GROUPS[group, 0]
            if head & others or GROUPS[group, 1] & used:
                continue
            for i in range(uint64(head >> FIRST), uint64(GROUPS[group + uint64(1), 0] >> FIRST)):
                passes = SEGMENT_ROWS[i, 0]
                end = passes >> FIRST
                bit = 1 << end
                if not bit & need:
                    continue
                connections = SEGMENT_ROWS[i, 1]
                if passes & others or connections & used:
                    continue
                reached |= bit
                if not bit & bounces:
                    need &= ~bit
                    continue
                onward = end * 4 + heights[uint64(base + end)]
                if not WALK_ENDS[uint64(onward)] & ((bounces & ~bit) | ~reached):
                    continue
                if top > room:
                    return reached, False
                stack[uint64(top)] = used | connections
                stack[uint64(top + 1)] = path | bit | onward << WALK
                top += ENTRY
    return reached, True


@_compiled
def ring_reach(heights: Heights, base: int, occupied: int, start: int, stack: Ints) -> int:
    """Every cell the ring on `start` can end on (empty) or land on (a ring), and the thrones it can
    enter as bits 36 (South) and 37 (North); a stack too small is replaced by a larger one."""
    reached, done = _search(heights, base, occupied, start, stack)
    size = stack.size
    while not done:
        size = 2 * size + ENTRY
        reached, done = _search(heights, base, occupied, start, np.zeros(size, np.int64))
    return reached
