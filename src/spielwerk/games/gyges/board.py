"""Gygès board geometry: 36 cells, two thrones, their connections and every short path.

Cells are numbered 0..35 as `rank_index * 6 + file_index` (a1 = 0, f6 = 35); South's throne
is 36 and North's 37. Connections are numbered too, so a set of used connections is a bit mask.
"""

from __future__ import annotations

from dataclasses import dataclass

SIZE = 6
CELLS = SIZE * SIZE
SOUTH_THRONE = 36
NORTH_THRONE = 37
FILES = "abcdef"
ALL_CELLS = (1 << CELLS) - 1

RANK_MASKS = tuple(((1 << SIZE) - 1) << (SIZE * r) for r in range(SIZE))
"""RANK_MASKS[r]: the cells of rank r + 1."""


CELL_NAMES = (*(f"{FILES[cell % SIZE]}{cell // SIZE + 1}" for cell in range(CELLS)), "S", "N")
"""CELL_NAMES[cell]: 'a1' … 'f6', then 'S' and 'N' for the thrones."""


def cell_name(cell: int) -> str:
    """'a1' … 'f6', or 'S' / 'N' for the thrones (a number beyond them: a name off the board, which
    no notation accepts)."""
    if 0 <= cell < len(CELL_NAMES):
        return CELL_NAMES[cell]
    return f"{FILES[cell % SIZE]}{cell // SIZE + 1}"


def rank_of(cell: int) -> int:
    """The rank (1..6) of a board cell."""
    return cell // SIZE + 1


def _build_connections() -> list[tuple[int, int]]:
    edges: list[tuple[int, int]] = []
    for cell in range(CELLS):
        file, rank = cell % SIZE, cell // SIZE
        if file + 1 < SIZE:
            edges.append((cell, cell + 1))
        if rank + 1 < SIZE:
            edges.append((cell, cell + SIZE))
    edges += [(f, SOUTH_THRONE) for f in range(SIZE)]
    edges += [(CELLS - SIZE + f, NORTH_THRONE) for f in range(SIZE)]
    return edges


CONNECTIONS: tuple[tuple[int, int], ...] = tuple(_build_connections())
"""Every connection as a pair of ends; its index is its bit in a used-connection mask."""


def _neighbours() -> list[list[tuple[int, int]]]:
    table: list[list[tuple[int, int]]] = [[] for _ in range(CELLS + 2)]
    for bit, (a, b) in enumerate(CONNECTIONS):
        table[a].append((b, bit))
        table[b].append((a, bit))
    return table


NEIGHBOURS: tuple[tuple[tuple[int, int], ...], ...] = tuple(tuple(n) for n in _neighbours())
"""NEIGHBOURS[cell]: (neighbour, connection bit) pairs."""


@dataclass(frozen=True, slots=True)
class Segment:
    """One way to walk `length` steps from a cell without using a connection twice.

    `between` is the mask of cells passed strictly between the two ends; a segment may end on a
    throne but never passes one, since a throne can only be the last step of a move.
    """

    end: int
    connections: int
    between: int


def _segments_from(start: int, length: int) -> tuple[Segment, ...]:
    found: list[Segment] = []

    def walk(cell: int, left: int, used: int, between: int) -> None:
        for neighbour, bit in NEIGHBOURS[cell]:
            if used >> bit & 1:
                continue
            if left == 1:
                found.append(Segment(neighbour, used | 1 << bit, between))
            elif neighbour < CELLS:
                walk(neighbour, left - 1, used | 1 << bit, between | 1 << neighbour)

    walk(start, length, 0, 0)
    return tuple(found)


SEGMENTS: tuple[tuple[tuple[Segment, ...], ...], ...] = tuple(
    tuple(_segments_from(cell, length) if length else () for length in range(4)) for cell in range(CELLS)
)
"""SEGMENTS[cell][height]: every segment of exactly `height` steps from `cell`."""
