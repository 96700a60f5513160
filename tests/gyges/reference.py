"""A deliberately simple Gygès move enumerator, written from rules/gyges.md alone.

It shares nothing with the engine (no board tables, no bit masks, no move generator): cells are
names like "c3", a connection is the pair of its two ends, and a move is found by walking one step
at a time. Tests compare the engine's legal move texts with the texts this module finds.
"""

from __future__ import annotations

from dataclasses import dataclass

FILES = "abcdef"
THRONES = ("S", "N")  # South's throne, North's throne
SIDES = ("s", "n")


def neighbours(cell: str) -> list[str]:
    """The cells and thrones joined to `cell` by one connection (the board section of the rules)."""
    if cell == "S":
        return [f"{f}1" for f in FILES]
    if cell == "N":
        return [f"{f}6" for f in FILES]
    file, rank = FILES.index(cell[0]), int(cell[1])
    found = []
    for d_file, d_rank in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        f, r = file + d_file, rank + d_rank
        if 0 <= f < 6 and 1 <= r <= 6:
            found.append(f"{FILES[f]}{r}")
    if rank == 1:
        found.append("S")
    if rank == 6:
        found.append("N")
    return found


def rank(cell: str) -> int:
    """The rank (1..6) of a board cell."""
    return int(cell[1])


@dataclass
class Position:
    """Rings by cell name, and the side to move ("s" or "n")."""

    rings: dict[str, int]
    side: str

    @staticmethod
    def parse(text: str) -> Position:
        """Read a position text such as `321123/....../....../....../....../123321 s`."""
        board, side = text.split()
        rows = board.split("/")
        assert len(rows) == 6 and side in SIDES, text
        rings = {}
        for row, rank_number in zip(rows, range(6, 0, -1), strict=True):
            assert len(row) == 6, text
            for file, char in zip(FILES, row, strict=True):
                if char != ".":
                    rings[f"{file}{rank_number}"] = int(char)
        return Position(rings, side)

    def text(self) -> str:
        """The position text."""
        rows = [
            "".join(str(self.rings.get(f"{f}{r}", ".")) for f in FILES) for r in range(6, 0, -1)
        ]
        return "/".join(rows) + " " + self.side


def nearest_first(ranks: set[int], side: str) -> list[int]:
    """Ranks ordered from the one nearest `side` to the farthest."""
    return sorted(ranks, reverse=side == "n")


def put_targets(rings: dict[str, int], opponent: str, strict: bool) -> list[str]:
    """Empty cells where a lifted ring may be put, given the rings left on the board.

    Standard rule: not behind the opponent's nearest occupied rank; strict: not on it either.
    """
    occupied_ranks = nearest_first({rank(c) for c in rings}, opponent)
    if not occupied_ranks:  # an empty board has no nearest rank to keep away from
        return [f"{f}{r}" for r in range(1, 7) for f in FILES]
    opponent_nearest = occupied_ranks[0]
    targets = []
    for r in range(1, 7):
        for f in FILES:
            cell = f"{f}{r}"
            if cell in rings:
                continue
            # how many ranks the cell lies in front of the opponent's nearest rank, seen by the opponent
            in_front = r - opponent_nearest if opponent == "s" else opponent_nearest - r
            if in_front > 0 or (not strict and in_front == 0):
                targets.append(cell)
    return targets


def ring_moves(pos: Position, start: str, replacement: bool, strict: bool) -> set[str]:
    """Every move text of the ring on `start`, by walking step by step."""
    target_throne = THRONES[1] if pos.side == "s" else THRONES[0]  # never the mover's own throne
    opponent = "n" if pos.side == "s" else "s"
    height = pos.rings[start]
    others = {c: h for c, h in pos.rings.items() if c != start}  # the start cell is empty once left
    drops = put_targets(others, opponent, strict) if replacement else []
    found: set[str] = set()
    seen: set[tuple[str, int, frozenset[frozenset[str]]]] = set()

    def walk(cell: str, left: int, used: frozenset[frozenset[str]]) -> None:
        if (cell, left, used) in seen:
            return
        seen.add((cell, left, used))
        for nxt in neighbours(cell):
            edge = frozenset((cell, nxt))
            if edge in used:
                continue  # gyges.move.edge-once
            now = used | {edge}
            if nxt in THRONES:
                if nxt == target_throne and left == 1:
                    found.add(f"{start}-{nxt}")  # gyges.win; a throne only as the very last step
                continue
            if nxt not in others:
                if left > 1:
                    walk(nxt, left - 1, now)
                elif nxt != start:  # gyges.move.no-null
                    found.add(f"{start}-{nxt}")
            elif left == 1:  # landed on a ring: bounce on, or replace it
                walk(nxt, others[nxt], now)
                for drop in drops:
                    if not (drop == start and others[nxt] == height):
                        found.add(f"{start}-{nxt}/{drop}")
            # else: an occupied cell in mid-segment may not be entered (gyges.move.no-cross)

    walk(start, height, frozenset())
    return found


def legal_moves(text: str, *, replacement: bool = True, strict: bool = False) -> set[str]:
    """The legal move texts of a position text, nearest rank first with fallback; {"pass"} if none."""
    pos = Position.parse(text)
    for r in nearest_first({rank(c) for c in pos.rings}, pos.side):
        moves: set[str] = set()
        for cell in pos.rings:
            if rank(cell) == r:
                moves |= ring_moves(pos, cell, replacement, strict)
        if moves:
            return one_per_result(text, moves)
    return {"pass"}


def cell_order(cell: str) -> int:
    """a1, b1, … f1, a2, … f6: the order that picks a result's canonical move."""
    return (rank(cell) - 1) * 6 + FILES.index(cell[0])


def one_per_result(text: str, moves: set[str]) -> set[str]:
    """Of moves with the same resulting position keep the first: no put before a put, then by cells."""

    def order(move: str) -> tuple[int, ...]:
        cells = move.replace("/", "-").split("-")
        return (len(cells), *(cell_order(c) if c not in THRONES else 99 for c in cells))

    best: dict[str, str] = {}
    for move in sorted(moves, key=order):
        best.setdefault(play(text, move), move)
    return set(best.values())


def throne_puts(text: str, owner: str, *, strict: bool = False) -> set[str]:
    """King's game: where the owner of a captured throne may put the ring from it.

    `text` is the position with the captured ring already lifted. The engine's ruling where no cell
    is allowed: any empty cell.
    """
    pos = Position.parse(text)
    throne = THRONES[SIDES.index(owner)]
    capturer = "n" if owner == "s" else "s"
    cells = put_targets(pos.rings, capturer, strict)
    if not cells:
        cells = [f"{f}{r}" for r in range(1, 7) for f in FILES if f"{f}{r}" not in pos.rings]
    return {f"{throne}-{cell}" for cell in cells}


def play(text: str, move: str) -> str:
    """The position after a move text; a ring that ends on a throne leaves the board."""
    pos = Position.parse(text)
    side = "n" if pos.side == "s" else "s"
    if move == "pass":
        return Position(pos.rings, side).text()
    start, _, rest = move.partition("-")
    end, _, drop = rest.partition("/")
    rings = dict(pos.rings)
    height = rings.pop(start)
    if end not in THRONES:
        if drop:
            rings[drop] = rings[end]
        rings[end] = height
    return Position(rings, side).text()


def wins(move: str) -> bool:
    """True for a move that ends on a throne."""
    return move.endswith(THRONES)
