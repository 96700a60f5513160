"""Where one Gygès ring can go, found in compiled code: every cell it can end or land on.

The board's walks (exactly a ring's height steps, no connection used twice) sit in one table as
trees of steps: a walk's first steps, each with its second steps below it, each with its last steps
below that. A step into a ring or along a connection already used rules out everything below it with
one test, and so does a step none of whose ends is still of use (every end reached already, none a
ring still to bounce on). Rows are laid out level by level, so the steps below one step are
consecutive rows. Table and stack indexes are unsigned: numba then adds no test for negative ones.

The search follows bounces from ring to ring but never onto a ring it has already bounced off in
the same move: whatever a move reaches by coming back to a ring, the move that skips the loop
reaches too (it continues from that ring with fewer connections used), so the cells found are the
same (gyges.move.edge-once, gyges.land.bounce). A move so bounces at most once on each ring, which
bounds the search without remembering the states seen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numba import uint64  # type: ignore[import-not-found,unused-ignore]

from spielwerk.games.gyges.board import ALL_CELLS, CELLS, NEIGHBOURS, SEGMENTS
from spielwerk.games.gyges.fast.base import INNER, Heights, Ints, _compiled

BELOW = 40
"""Where a step's row keeps the first row below it, and a last step's row its end, above a cell."""
ENTRY = 2
"""A pending bounce on the stack: the connections used, and the rings bounced on with the walk it
goes on (cell * 4 + height) << WALK."""
WALK = 48
ROOM = 40 * ENTRY
"""Stack room one walk state may need: each of its last steps may push a bounce (36 at most)."""


@dataclass
class _Step:
    """One step of a walk: the cell it enters, its connection (a bit; none for a throne's), every
    connection the walk has used up to it, and the steps that may follow it."""

    cell: int
    connection: int
    used: int
    below: list[_Step] = field(default_factory=list)

    def ends(self) -> int:
        """Every cell a walk through this step ends on."""
        if not self.below:
            return 1 << self.cell
        return int(np.bitwise_or.reduce([step.ends() for step in self.below]))


def _steps(cell: int, left: int, used: int) -> list[_Step]:
    found = []
    for neighbour, bit in NEIGHBOURS[cell]:
        if used >> bit & 1:
            continue
        step = _Step(neighbour, (1 << bit) & INNER, (used | 1 << bit) & INNER)
        if left > 1:
            if neighbour >= CELLS:
                continue
            step.below = _steps(neighbour, left - 1, used | 1 << bit)
            if not step.below:
                continue
        found.append(step)
    return found


def _walk_tables() -> tuple[Ints, Ints]:
    """(rows, firsts). A walk from `cell` of `height` steps has its first steps in rows
    firsts[w] to firsts[w + 1], w = cell * 4 + height. A row of a step with steps below it: the cell
    it enters (a bit) with its first row below << BELOW, its connection, every cell a walk through
    it ends on, the row after its last row below. A walk's last step: its end << BELOW (a throne: 36
    or 37), its connection, its end as a bit, every connection the walk used."""
    walks = [_steps(cell, height, 0) if height else [] for cell in range(CELLS) for height in range(4)]
    for cell in range(CELLS):
        for height in range(1, 4):
            ends = sorted(_last_steps(walks[cell * 4 + height]))
            assert ends == sorted((s.end, s.connections & INNER) for s in SEGMENTS[cell][height])
    levels = [[step for walk in walks for step in walk]]
    while levels[-1]:
        levels.append([below for step in levels[-1] for below in step.below])
    starts = np.cumsum([0, *map(len, levels)])
    rows = np.zeros((starts[-1], 4), np.int64)
    for level, steps in enumerate(levels):
        after = starts[level + 1]
        for index, step in enumerate(steps, starts[level]):
            if step.below:
                rows[index] = (1 << step.cell | after << BELOW, step.connection, step.ends(),
                               after + len(step.below))
                after += len(step.below)
            else:
                rows[index] = (step.cell << BELOW, step.connection, 1 << step.cell, step.used)
    firsts = np.cumsum([0, *map(len, walks)]).astype(np.int64)
    return rows, firsts


def _last_steps(steps: list[_Step]) -> list[tuple[int, int]]:
    found = []
    for step in steps:
        found += _last_steps(step.below) if step.below else [(step.cell, step.used)]
    return found


STEPS, FIRSTS = _walk_tables()
WALK_ENDS = np.array([np.bitwise_or.reduce(STEPS[FIRSTS[w]:FIRSTS[w + 1], 2], initial=0)
                      for w in range(CELLS * 4)])
"""Every cell a walk from `cell` of `height` steps can end on: WALK_ENDS[cell * 4 + height]."""


@_compiled
def _last(
    row: int, need: int, used: int, bounces: int, reached: int, path: int, top: int, heights: Heights,
    base: int, stack: Ints,
) -> tuple[int, int, int]:
    """A walk's last step taken where it can be: (reached, need, top) after it."""
    bit = STEPS[row, 2]
    # tested without branches: which way these tests go follows no pattern a processor could learn
    found = bit & need & -np.int64((STEPS[row, 1] & used) == 0)
    reached |= found
    need &= ~(found & ~bounces)
    if not found & bounces:
        return reached, need, top
    end = STEPS[row, 0] >> BELOW
    onward = end * 4 + heights[uint64(base + end)]
    if not WALK_ENDS[uint64(onward)] & ((bounces & ~bit) | ~reached):
        return reached, need, top
    stack[uint64(top)] = used | STEPS[row, 3]
    stack[uint64(top + 1)] = path | bit | onward << WALK
    return reached, need, top + ENTRY


@_compiled
def _search(heights: Heights, base: int, occupied: int, start: int, stack: Ints) -> tuple[int, bool]:
    """(every cell the ring on `start` can end or land on, thrones as bits 36 and 37; done), not done
    where the stack was too small."""
    others = occupied & ~(1 << start)
    reached = 0
    stack[0] = 0
    stack[1] = (start * 4 + heights[base + start]) << WALK
    top = ENTRY
    room = stack.size - ROOM
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
        if top > room:
            return reached, False
        height = walk & uint64(3)
        keep = (heights, base, stack)
        for first in range(uint64(FIRSTS[walk]), uint64(FIRSTS[walk + uint64(1)])):
            if height == 1:
                reached, need, top = _last(first, need, used, bounces, reached, path, top, *keep)
                continue
            if (STEPS[first, 0] & others) | (STEPS[first, 1] & used) or not STEPS[first, 2] & need:
                continue
            for second in range(uint64(STEPS[first, 0] >> BELOW), uint64(STEPS[first, 3])):
                if height == 2:
                    reached, need, top = _last(second, need, used, bounces, reached, path, top, *keep)
                    continue
                if (STEPS[second, 0] & others) | (STEPS[second, 1] & used) or not STEPS[second, 2] & need:
                    continue
                for third in range(uint64(STEPS[second, 0] >> BELOW), uint64(STEPS[second, 3])):
                    reached, need, top = _last(third, need, used, bounces, reached, path, top, *keep)
    return reached, True


@_compiled
def ring_reach(heights: Heights, base: int, occupied: int, start: int, stack: Ints) -> int:
    """Every cell the ring on `start` can end on (empty) or land on (a ring), and the thrones it can
    enter as bits 36 (South) and 37 (North); a stack too small is replaced by a larger one."""
    reached, done = _search(heights, base, occupied, start, stack)
    size = stack.size
    while not done:
        size = 2 * size + ROOM
        reached, done = _search(heights, base, occupied, start, np.zeros(size, np.int64))
    return reached
