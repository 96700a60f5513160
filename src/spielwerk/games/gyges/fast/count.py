"""Gygès move counts in compiled code: how many legal moves a position has, without listing them.

A count needs each movable ring's sets (the empty cells it can end on, the throne, the rings it can
land on), never its moves; puts are then landings × drop cells, deduplicated as `RingMoves.total`
does, rank by rank as `movegen.generate` goes. The sets come from `walks.ring_reach`.
"""

from __future__ import annotations

from spielwerk.games.gyges.board import ALL_CELLS, CELLS, NORTH_THRONE, SIZE, SOUTH_THRONE
from spielwerk.games.gyges.fast.base import Heights
from spielwerk.games.gyges.fast.bits import lowest, popcount
from spielwerk.games.gyges.fast.kernels import Ints, _compiled, _parts, of_height, put_mask, rank_row
from spielwerk.games.gyges.fast.walks import ring_reach

RING_FIELDS = 6
"""start, ends, throne, lands, drops, same: one movable ring's sets, as `total` reads them."""


@_compiled
def _rank_total(rings: Ints, count: int) -> int:
    """`RingMoves.total` summed over one rank's rings, swaps that a lower ring spells already left out
    as `movegen.merge_swaps` marks them."""
    moves = 0
    for i in range(count):
        at = RING_FIELDS * i
        start, ends, throne = rings[at], rings[at + 1], rings[at + 2]
        lands, drops, same = rings[at + 3], rings[at + 4], rings[at + 5]
        start_bit = 1 << start
        other = lands & ~same
        moves += popcount(ends) + throne + popcount(other) * popcount(drops)
        if drops & start_bit:
            rest = other & (start_bit - 1)
            while rest:
                cell = lowest(rest)
                rest &= rest - 1
                for j in range(count):
                    partner = RING_FIELDS * j
                    if rings[partner] == cell:
                        if (rings[partner + 3] >> start) & 1 and (rings[partner + 4] >> cell) & 1:
                            moves -= 1
                        break
        if same:
            moves += popcount(drops & ~ends & ~start_bit)
    return moves


@_compiled
def count_moves(
    heights: Heights, base: int, occupied: int, side: int, replacement: bool, strict: bool,
    stack: Ints, rings: Ints,
) -> int:
    """How many legal moves the side to move has (0: none): the sum of `RingMoves.total` over the rings
    of `movegen.generate`, with `rings` room for six rings' sets."""
    target = NORTH_THRONE if side == 0 else SOUTH_THRONE
    for step in range(SIZE):
        rank, row = rank_row(occupied, side, step)
        if not row:
            continue
        count = 0
        while row:
            start = rank * SIZE + lowest(row)
            row &= row - 1
            reached = ring_reach(heights, base, occupied, start, stack)
            others = occupied & ~(1 << start)
            lands = reached & others
            drops = 0
            same = 0
            if replacement and lands:
                drops = put_mask(others, 1 - side, strict)
                if drops:
                    same = of_height(heights, base, lands, heights[base + start])
                else:
                    lands = 0
            at = RING_FIELDS * count
            rings[at] = start
            rings[at + 1] = reached & ~occupied & ALL_CELLS
            rings[at + 2] = (reached >> target) & 1
            rings[at + 3] = lands
            rings[at + 4] = drops
            rings[at + 5] = same
            count += 1
        moves = _rank_total(rings, count)
        if moves:
            return moves
    return 0


@_compiled
def move_count(heights: Heights, occupied: int, rules: int, work: Ints) -> int:
    """How many legal moves the side to move has (0: none, it must pass), without building them."""
    _, stack, _, codes = _parts(work)
    return count_moves(heights, 0, occupied, rules & 1, rules & 2 != 0, rules & 4 != 0, stack, codes)


@_compiled
def count_batch(heights: Heights, occupied: Ints, sides: Ints, rules: int, work: Ints) -> int:
    """The move counts of many positions summed (position i's heights from byte 36 * i, its side to
    move sides[i], the put rules of `rules`): a benchmark of the compiled path alone."""
    _, stack, _, codes = _parts(work)
    replacement, strict = rules & 2 != 0, rules & 4 != 0
    moves = 0
    for i in range(occupied.size):
        moves += count_moves(heights, CELLS * i, occupied[i], sides[i], replacement, strict, stack, codes)
    return moves

