"""A memory of where rings can go: `walks.ring_reach` answered again without a walk where the cells it
read are as they were.

A ring's walk reads only the cells around the walks it follows (`walks.AREAS`); any position that has
the same heights on those cells (empty counting as height 0) gives the same cells reached. So each
answer is kept with the cells read, as a mask of two bits a cell, and the heights found there; a
position matches where its heights, packed the same way (`pack`), agree under that mask. The check
is exact: a remembered answer is never wrong, only missing. Positions met in one search differ in a
few cells, so most of a ring's walks are found again.

The memory lives in the work space's table: `WAYS` entries for each start cell and height, replaced
in turn. A table smaller than `MEMO_INTS` turns the memory off (every ring walked).
"""

from __future__ import annotations

import numpy as np

from spielwerk.games.gyges.board import CELLS
from spielwerk.games.gyges.fast.base import Heights, Ints, _compiled
from spielwerk.games.gyges.fast.bits import lowest
from spielwerk.games.gyges.fast.walks import ring_area

WAYS = 8
"""Entries kept for each start cell and height."""
ENTRY = 5
"""An entry: the mask's low and high words, the heights' low and high words, the cells reached."""
SLOTS = CELLS * 4
MEMO_INTS = SLOTS * (1 + WAYS * ENTRY)
"""The table's room the memory needs: for each slot the way to replace next, then its entries."""
LOW_CELLS = 32
"""Cells 0..31 pack into the low word (two bits each), cells 32..35 into the high one."""

_SPREAD = np.array([sum(3 << (2 * bit) for bit in range(8) if byte >> bit & 1) for byte in range(256)],
                   np.int64)
"""Eight cells' bits spread to two bits a cell."""


@_compiled
def pack(heights: Heights, base: int, occupied: int) -> tuple[int, int]:
    """The heights of a position two bits a cell: (cells 0..31, cells 32..35)."""
    low = 0
    high = 0
    rest = occupied
    while rest:
        cell = lowest(rest)
        rest &= rest - 1
        if cell < LOW_CELLS:
            low |= int(heights[base + cell]) << (2 * cell)
        else:
            high |= int(heights[base + cell]) << (2 * (cell - LOW_CELLS))
    return low, high


@_compiled
def _spread(cells: int) -> tuple[int, int]:
    """The mask of `cells` two bits a cell, as `pack` lays them out."""
    low = _SPREAD[cells & 255] | _SPREAD[(cells >> 8) & 255] << 16
    low |= _SPREAD[(cells >> 16) & 255] << 32 | _SPREAD[(cells >> 24) & 255] << 48
    return low, _SPREAD[(cells >> 32) & 15]


@_compiled
def recalled_reach(
    heights: Heights, base: int, occupied: int, start: int, stack: Ints, table: Ints, low: int, high: int,
) -> int:
    """`walks.ring_reach`, taken from `table` where a walk from the same cell and height read the same
    heights (`low`, `high`: the position packed by `pack`), else walked and kept there."""
    if table.size < MEMO_INTS:
        reached, _ = ring_area(heights, base, occupied, start, stack)
        return reached
    slot = start * 4 + heights[base + start]
    first = SLOTS + slot * WAYS * ENTRY
    for at in range(first, first + WAYS * ENTRY, ENTRY):
        mask_low, mask_high = table[at], table[at + 1]
        if (mask_low | mask_high) and low & mask_low == table[at + 2] and high & mask_high == table[at + 3]:
            return table[at + 4]  # type: ignore[no-any-return]
    reached, area = ring_area(heights, base, occupied, start, stack)
    mask_low, mask_high = _spread(area | 1 << start)
    way = table[slot]
    table[slot] = (way + 1) % WAYS
    at = first + way * ENTRY
    table[at] = mask_low
    table[at + 1] = mask_high
    table[at + 2] = low & mask_low
    table[at + 3] = high & mask_high
    table[at + 4] = reached
    return reached
