"""Gygès move generation compiled by numba: the same sets and the same move order as `movegen`.

Where a ring can go comes from `walks.ring_reach` (the board's walks as trees of steps, bounces
followed from ring to ring). Rings' moves come out as the seven numbers of `movegen.RingMoves`
(start, ends, throne, lands, drops, same, swapped) and whole moves as integers:
`start + 64 * end + 4096 * (drop + 1)`.

A position is a bytes object of heights, read from `base` (36 cells), with its occupied-cell mask.
The work space holds a table (no longer read by the walks; callers pass it on), the walks' stack
(a larger one is made where it proves too small), room for the movable rings' sets and for every
move's integer.
"""

from __future__ import annotations

import numpy as np

from spielwerk.games.gyges.board import ALL_CELLS, CELLS, NORTH_THRONE, SIZE, SOUTH_THRONE
from spielwerk.games.gyges.fast.base import Heights
from spielwerk.games.gyges.fast.base import Ints as Ints
from spielwerk.games.gyges.fast.base import _compiled as _compiled
from spielwerk.games.gyges.fast.bits import leading, lowest, popcount
from spielwerk.games.gyges.fast.walks import ring_reach

GROUP_FIELDS = 7
"""start, ends, throne, lands, drops, same, swapped: `movegen.RingMoves` as numbers."""
MAX_MOVES = 4096
"""More than any position has: at most six rings, each with 35 ends, a throne and 11 × 35 puts."""
TABLE_SIZE = 1 << 10
STACK_SIZE = 1 << 11


def new_workspace(table_size: int = TABLE_SIZE, stack_size: int = STACK_SIZE) -> Ints:
    """One array for a generator's work: the sizes of the table (a power of two, no longer read) and
    the stack, the table and the walks' stack, room for the movable rings' sets and for every move's
    integer."""
    work = np.zeros(2 + table_size + 1 + stack_size + SIZE * GROUP_FIELDS + MAX_MOVES, np.int64)
    work[0], work[1] = table_size + 1, stack_size
    return work


def rules_of(side: int, replacement: bool, strict: bool) -> int:
    """The side to move and the put rules as one number (what the kernels' `rules` reads)."""
    return side | int(replacement) << 1 | int(strict) << 2


@_compiled
def _parts(work: Ints) -> tuple[Ints, Ints, Ints, Ints]:
    """(table, stack, groups, codes) in `work`."""
    table_end = 2 + work[0]
    stack_end = table_end + work[1]
    groups_end = stack_end + SIZE * GROUP_FIELDS
    groups = work[stack_end:groups_end].reshape((SIZE, GROUP_FIELDS))
    return work[2:table_end], work[table_end:stack_end], groups, work[groups_end:]


@_compiled
def put_mask(occupied: int, opponent: int, strict: bool) -> int:
    """Empty cells where a ring may be put, as `movegen.put_mask`, by the highest or lowest occupied
    cell (gyges.replace.not-nearest)."""
    empty = ALL_CELLS & ~occupied
    if occupied == 0:
        return empty
    if opponent == 1:
        keep = (63 - leading(occupied)) // SIZE + 1 - (1 if strict else 0)
        return empty & ((1 << (SIZE * keep)) - 1)
    keep = lowest(occupied) // SIZE + (1 if strict else 0)
    return empty & ~((1 << (SIZE * keep)) - 1)


@_compiled
def of_height(heights: Heights, base: int, cells: int, height: int) -> int:
    """The cells of `cells` holding a ring of `height` (heights from `base` on)."""
    found = 0
    rest = cells
    while rest:
        cell = lowest(rest)
        rest &= rest - 1
        if heights[base + cell] == height:
            found |= 1 << cell
    return found


@_compiled
def reach(
    heights: Heights, base: int, occupied: int, start: int, target: int, table: Ints, stack: Ints
) -> tuple[int, bool, int, bool]:
    """(empty cells it can end on, throne reached, occupied cells it can land on, done) of the ring on
    `start` (gyges.move.exact, no-cross, edge-once, throne, land.bounce), by `walks.ring_reach`;
    always done (the table is not read)."""
    reached = ring_reach(heights, base, occupied, start, stack)
    ends = reached & ((1 << CELLS) - 1) & ~occupied
    return ends, (reached >> target) & 1 == 1, reached & occupied & ~(1 << start), True


@_compiled
def ring_sets(
    heights: Heights, base: int, occupied: int, start: int, side: int, replacement: bool, strict: bool,
    table: Ints, stack: Ints, groups: Ints, row: int,
) -> None:
    """`movegen.ring_moves` into `groups[row]` (seven numbers; swapped left 0)."""
    target = NORTH_THRONE if side == 0 else SOUTH_THRONE
    ends, throne, lands, _ = reach(heights, base, occupied, start, target, table, stack)
    groups[row, 0] = start
    groups[row, 1] = ends
    groups[row, 2] = 1 if throne else 0
    groups[row, 3] = 0
    groups[row, 4] = 0
    groups[row, 5] = 0
    groups[row, 6] = 0
    if not replacement or not lands:
        return
    drops = put_mask(occupied & ~(1 << start), 1 - side, strict)
    if not drops:
        return
    same = of_height(heights, base, lands, heights[base + start])
    groups[row, 3] = lands
    groups[row, 4] = drops
    groups[row, 5] = same


@_compiled
def total(groups: Ints, row: int) -> int:
    """`RingMoves.total`: how many distinct results the sets of `groups[row]` make."""
    start_bit = 1 << groups[row, 0]
    ends, throne, lands = groups[row, 1], groups[row, 2], groups[row, 3]
    drops, same, swapped = groups[row, 4], groups[row, 5], groups[row, 6]
    other = lands & ~same
    count = popcount(ends) + throne + popcount(other) * popcount(drops)
    if drops & start_bit:
        count -= popcount(swapped & other)
    if same:
        count += popcount(drops & ~ends & ~start_bit)
    return count  # type: ignore[no-any-return]


@_compiled
def _merge_swaps(groups: Ints, count: int) -> None:
    """`movegen.merge_swaps`: mark swaps that a lower ring of the same rank spells already."""
    for i in range(count):
        start = groups[i, 0]
        if not (groups[i, 4] >> start) & 1:
            continue
        rest = groups[i, 3] & ~groups[i, 5] & ((1 << start) - 1)
        swapped = 0
        for j in range(count):
            other = groups[j, 0]
            if (rest >> other) & 1 and (groups[j, 3] >> start) & 1 and (groups[j, 4] >> other) & 1:
                swapped |= 1 << other
        groups[i, 6] = swapped


@_compiled
def rank_row(occupied: int, side: int, step: int) -> tuple[int, int]:
    """The `step`-th rank from `side`'s own edge (where its movable rings are looked for first) and the
    occupied cells of that rank as six bits."""
    rank = step if side == 0 else SIZE - 1 - step
    return rank, (occupied >> (SIZE * rank)) & 63


@_compiled
def generate(
    heights: Heights, base: int, occupied: int, side: int, replacement: bool, strict: bool,
    table: Ints, stack: Ints, groups: Ints, first_throne: bool,
) -> tuple[int, int]:
    """`movegen.generate` into `groups` (rows of seven numbers): (movable rank index, rows), (-1, 0)
    when there is no move. With `first_throne`, stops at the first ring that reaches the throne: its
    rank moves then, since that ring has a move (the rows are then incomplete)."""
    for step in range(SIZE):
        rank, row = rank_row(occupied, side, step)
        if not row:
            continue
        count = 0
        for file in range(SIZE):
            if (row >> file) & 1:
                ring_sets(heights, base, occupied, rank * SIZE + file, side, replacement, strict,
                          table, stack, groups, count)
                if first_throne and groups[count, 2]:
                    return rank, count + 1
                if groups[count, 1] or groups[count, 2] or groups[count, 3]:
                    count += 1
        if not count:
            continue
        _merge_swaps(groups, count)
        kept = 0
        for i in range(count):
            if total(groups, i) > 0:
                if kept != i:
                    for field in range(GROUP_FIELDS):
                        groups[kept, field] = groups[i, field]
                kept += 1
        if kept:
            return rank, kept
    return -1, 0


@_compiled
def throne_move(heights: Heights, occupied: int, rules: int, work: Ints) -> int:
    """The start cell of the first ring that can end on the opponent's throne now, or -1."""
    table, stack, groups, _ = _parts(work)
    _, count = generate(heights, 0, occupied, rules & 1, rules & 2 != 0, rules & 4 != 0, table, stack,
                        groups, True)
    for i in range(count):
        if groups[i, 2]:
            return groups[i, 0]  # type: ignore[no-any-return]
    return -1


@_compiled
def expand(groups: Ints, count: int, side: int, codes: Ints) -> int:
    """Every move of the rings' sets into `codes`, in the order of `rules._expand`; how many."""
    throne = NORTH_THRONE if side == 0 else SOUTH_THRONE
    n = 0
    for i in range(count):
        start, ends, lands, drops, same, swapped = (
            groups[i, 0], groups[i, 1], groups[i, 3], groups[i, 4], groups[i, 5], groups[i, 6]
        )
        rest = ends
        while rest:
            codes[n] = start + 64 * lowest(rest)
            rest &= rest - 1
            n += 1
        if groups[i, 2]:
            codes[n] = start + 64 * throne
            n += 1
        first_same = lowest(same)  # 64 where there is none
        rest = lands
        while rest:
            land = lowest(rest)
            rest &= rest - 1
            puts = drops
            if (same >> land) & 1:
                if land != first_same:
                    continue
                puts = drops & ~ends & ~(1 << start)
            elif (swapped >> land) & 1:
                puts = drops & ~(1 << start)
            head = start + 64 * land + 4096
            while puts:
                codes[n] = head + 4096 * lowest(puts)
                puts &= puts - 1
                n += 1
    return n


@_compiled
def legal_codes(heights: Heights, occupied: int, rules: int, work: Ints) -> Ints:
    """Every legal move as an integer, in the order of the plain generator (empty: a pass)."""
    table, stack, groups, codes = _parts(work)
    side = rules & 1
    _, count = generate(heights, 0, occupied, side, rules & 2 != 0, rules & 4 != 0, table, stack, groups,
                        False)
    return codes[: expand(groups, count, side, codes)].copy()


@_compiled
def ring_groups(heights: Heights, occupied: int, rules: int, work: Ints) -> tuple[int, Ints]:
    """(movable rank index, the movable rings' sets as rows of seven numbers), as `movegen.generate`."""
    table, stack, groups, _ = _parts(work)
    rank, count = generate(heights, 0, occupied, rules & 1, rules & 2 != 0, rules & 4 != 0, table, stack,
                           groups, False)
    return rank, groups[:count].copy()


@_compiled
def codes_batch(heights: Heights, occupied: Ints, sides: Ints, rules: int, work: Ints) -> int:
    """Every legal move of many positions listed as integers (position i's heights from byte 36 * i,
    its side to move sides[i], the put rules of `rules`); the number listed: a benchmark of the
    compiled path alone."""
    table, stack, groups, codes = _parts(work)
    replacement, strict = rules & 2 != 0, rules & 4 != 0
    moves = 0
    for i in range(occupied.size):
        _, count = generate(heights, CELLS * i, occupied[i], sides[i], replacement, strict, table, stack,
                            groups, False)
        moves += expand(groups, count, sides[i], codes)
    return moves
