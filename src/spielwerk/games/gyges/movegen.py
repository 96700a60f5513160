"""Fast Gygès move generation over bit masks and precomputed segments.

A ring's moves are found by a search over segments (walks of exactly a ring's height that use no
connection twice), bouncing on rings until a segment ends on an empty cell or a throne. Results are
kept as sets: the empty cells a ring can end on, whether it reaches the throne, the rings it can
land on, and one mask of cells where a displaced ring may be put. The drop mask is the same for every
landing of one ring, because the board it is measured on (moving ring lifted from its start,
landed ring still covered) is the same; so drops are never generated one by one.
"""

from __future__ import annotations

from typing import NamedTuple

from spielwerk.games.gyges.board import ALL_CELLS, CELLS, NORTH_THRONE, SEGMENTS, SIZE, SOUTH_THRONE
from spielwerk.games.gyges.fast import compiled

SOUTH, NORTH = 0, 1
TARGET_THRONE = (NORTH_THRONE, SOUTH_THRONE)
"""The throne each side attacks."""

_SEGMENTS = tuple(
    tuple(tuple((s.end, s.connections, s.between) for s in by_height) for by_height in by_cell)
    for by_cell in SEGMENTS
)


class RingMoves(NamedTuple):
    """Everything one ring can do, as sets, each resulting position once.

    Moves with the same result have one canonical text: the first in the order "no put before a
    put, then by start, end and put cell". So landing on a ring of the mover's own height and
    putting it on d is the plain move to d when that exists, and otherwise spelled with the lowest
    such ring (`first_same`); and of two rings that can swap places, the one on the lower cell moves.
    """

    start: int
    ends: int  # mask of empty cells it can end on
    throne: bool  # it can end on the opponent's throne
    lands: int  # mask of occupied cells it can land on (any height)
    drops: int  # mask of cells a displaced ring may be put on (for every landing)
    same: int  # lands holding a ring of the mover's height
    swapped: int  # lands whose swap with this ring is spelled from the other ring

    def total(self) -> int:
        """How many distinct results these sets make."""
        start_bit = 1 << self.start
        other = self.lands & ~self.same
        total = self.ends.bit_count() + self.throne + other.bit_count() * self.drops.bit_count()
        if self.drops & start_bit:
            total -= (self.swapped & other).bit_count()
        if self.same:
            total += (self.drops & ~self.ends & ~start_bit).bit_count()
        return total

    def first_same(self) -> int:
        """The lowest land of the mover's height (-1 if none): it spells the puts such lands make."""
        return (self.same & -self.same).bit_length() - 1


def reach(heights: list[int], occupied: int, start: int, side: int) -> tuple[int, bool, int]:
    """(empty ends, throne reached, occupied landings) of the ring on `start`."""
    target = TARGET_THRONE[side]
    others = occupied & ~(1 << start)
    ends = lands = 0
    throne = False
    stack = [(start, heights[start], 0)]
    seen: set[tuple[int, int]] = set()
    while stack:
        cell, height, used = stack.pop()
        for end, connections, between in _SEGMENTS[cell][height]:
            if between & others or connections & used:
                continue
            if end >= CELLS:
                throne = throne or end == target
                continue
            if others >> end & 1:
                lands |= 1 << end
                now_used = used | connections
                if (end, now_used) not in seen:
                    seen.add((end, now_used))
                    stack.append((end, heights[end], now_used))
            else:
                ends |= 1 << end
    ends &= ~(1 << start)
    return ends, throne, lands


def put_mask(occupied: int, opponent: int, strict: bool) -> int:
    """Empty cells where a ring may be put, seen by the side facing `opponent` (gyges.replace.not-nearest):
    up to the opponent's nearest occupied rank, or (`strict`) short of it."""
    empty = ALL_CELLS & ~occupied
    if not occupied:
        return empty
    if opponent == NORTH:
        rank = (occupied.bit_length() - 1) // SIZE
        allowed = (1 << (SIZE * (rank + 1 - strict))) - 1
    else:
        rank = ((occupied & -occupied).bit_length() - 1) // SIZE
        allowed = ALL_CELLS & ~((1 << (SIZE * (rank + strict))) - 1)
    return empty & allowed


def ring_moves(
    heights: list[int], occupied: int, start: int, side: int, replacement: bool, strict: bool
) -> RingMoves:
    """All moves of the ring on `start` as sets (swaps with other rings not yet merged)."""
    ends, throne, lands = reach(heights, occupied, start, side)
    if not replacement or not lands:
        return RingMoves(start, ends, throne, 0, 0, 0, 0)
    drops = put_mask(occupied & ~(1 << start), 1 - side, strict)
    if not drops:
        return RingMoves(start, ends, throne, 0, 0, 0, 0)
    mover = heights[start]
    same = 0
    rest = lands
    while rest:
        bit = rest & -rest
        rest ^= bit
        if heights[bit.bit_length() - 1] == mover:
            same |= bit
    return RingMoves(start, ends, throne, lands, drops, same, 0)


def merge_swaps(groups: list[RingMoves]) -> list[RingMoves]:
    """Mark swaps that another, lower ring spells already (`a1-b1/a1` is `b1-a1/b1`)."""
    by_start = {g.start: g for g in groups}
    merged = []
    for g in groups:
        swapped = 0
        if g.drops >> g.start & 1:
            rest = g.lands & ~g.same & ((1 << g.start) - 1)
            while rest:
                bit = rest & -rest
                rest ^= bit
                other = by_start.get(bit.bit_length() - 1)
                if other is not None and other.lands >> g.start & 1 and other.drops & bit:
                    swapped |= bit
        merged.append(g._replace(swapped=swapped) if swapped else g)
    return merged


def occupied_ranks(occupied: int, side: int) -> list[int]:
    """Occupied rank indexes (0..5), nearest to `side` first."""
    ranks = [r for r in range(SIZE) if occupied >> (SIZE * r) & 63]
    return ranks if side == SOUTH else ranks[::-1]


def generate(
    heights: list[int], occupied: int, side: int, replacement: bool, strict: bool
) -> tuple[int, list[RingMoves]]:
    """(movable rank index, every ring's moves) under nearest-rank with fallback; (-1, []) if none.

    The compiled generator answers where numba is installed (`gyges.fast`), else `generate_plain`."""
    fast = compiled()
    if fast is not None:
        return fast.generate(heights, occupied, side, replacement, strict)
    return generate_plain(heights, occupied, side, replacement, strict)


def generate_plain(
    heights: list[int], occupied: int, side: int, replacement: bool, strict: bool
) -> tuple[int, list[RingMoves]]:
    """`generate` in plain Python: the reference the compiled generator is tested against."""
    for rank in occupied_ranks(occupied, side):
        found = []
        row = occupied >> (SIZE * rank) & 63
        for file in range(SIZE):
            if row >> file & 1:
                moves = ring_moves(heights, occupied, rank * SIZE + file, side, replacement, strict)
                if moves.ends or moves.throne or moves.lands:
                    found.append(moves)
        if found:
            found = merge_swaps(found)
            if any(m.total() for m in found):
                return rank, [m for m in found if m.total()]
    return -1, []
