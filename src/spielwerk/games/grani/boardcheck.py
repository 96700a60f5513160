"""Checks that a board file meets the requirements of rules/grani.md (run it on a transcription).

`python -m spielwerk.games.grani.boardcheck [FILE]` prints every problem, or that there is none.
"""

from __future__ import annotations

import sys
from collections import Counter, deque

from spielwerk.games.grani.board import KINGDOMS, NO_KINGDOM, Board, BoardError, load_board

MIN_POINTS, MAX_POINTS = 100, 140
MIN_EXILES = 8
MIN_TURNS_TO_CITY = 3
"""From the start and from the ring's start, no city may be reachable in fewer turns."""
MIN_WAYS_INTO_CITY = 2
MAX_KINGDOM_RATIO = 1.25
"""The largest kingdom may have at most this many times the points of the smallest."""


def turn_distances(board: Board, source: int) -> list[int]:
    """Fewest turns from `source` to every point on an empty board (-1: unreachable).

    A turn is one or two steps, never back to where it began, never passing over a dragon
    (a knight may stop on one). This is the measure the fairness requirements use.
    """
    turns = [-1] * board.size
    turns[source] = 0
    queue = deque([source])
    while queue:
        here = queue.popleft()
        for first in board.neighbours[here]:
            reach = [first]
            if board.kind[first] != "dragon":
                reach += [second for second in board.neighbours[first] if second != here]
            for point in reach:
                if turns[point] < 0:
                    turns[point] = turns[here] + 1
                    queue.append(point)
    return turns


def validate(board: Board) -> list[str]:
    """Every way `board` falls short of the rules' requirements ([] when it meets them all)."""
    problems: list[str] = []
    problems += _check_counts(board)
    problems += _check_lines(board)
    problems += _check_exiles(board)
    problems += _check_fairness(board)
    return problems


def _check_counts(board: Board) -> list[str]:
    problems = []
    if not MIN_POINTS <= board.size <= MAX_POINTS:
        problems.append(f"the board has {board.size} points; it needs {MIN_POINTS}–{MAX_POINTS}")
    wanted = {"city": (1, 1), "dragon": (2, 3), "magic": (1, 2), "sword": (1, 1)}
    sizes = []
    for k, kingdom in enumerate(KINGDOMS):
        kinds = Counter(board.kind[p] for p in range(board.size) if board.kingdom[p] == k)
        sizes.append(sum(kinds.values()))
        for kind, (low, high) in wanted.items():
            if not low <= kinds[kind] <= high:
                problems.append(f"{kingdom} has {kinds[kind]} {kind} points; it needs {low}–{high}")
        if kinds["exile"]:
            problems.append(f"{kingdom} has exile points; exile points belong to no kingdom")
    if min(sizes) == 0 or max(sizes) > MAX_KINGDOM_RATIO * min(sizes):
        problems.append(f"the kingdoms are not of similar size: {dict(zip(KINGDOMS, sizes, strict=True))}")
    for p in range(board.size):
        if board.kingdom[p] == NO_KINGDOM and board.kind[p] != "exile":
            problems.append(f"{board.names[p]} belongs to no kingdom but is not an exile point")
    crystals = [p for p in range(board.size) if board.kind[p] == "crystal"]
    if sorted(crystals) != sorted({board.start, board.ring_start}) or board.start == board.ring_start:
        problems.append("there must be exactly two crystal balls: the start and the ring's start")
    if board.kingdom[board.start] != KINGDOMS.index("galad"):
        problems.append(f"the start {board.names[board.start]} is not in Galad")
    if board.kingdom[board.ring_start] != KINGDOMS.index("tirad"):
        problems.append(f"the ring's start {board.names[board.ring_start]} is not in Tirad")
    return problems


def _check_lines(board: Board) -> list[str]:
    problems = []
    seen = set()
    for a, b in board.lines:
        if a == b:
            problems.append(f"line {board.names[a]}-{board.names[b]} joins a point to itself")
        key = (min(a, b), max(a, b))
        if key in seen:
            problems.append(f"line {board.names[a]}-{board.names[b]} is listed twice")
        seen.add(key)
    reached = {board.start}
    queue = deque([board.start])
    while queue:
        for n in board.neighbours[queue.popleft()]:
            if n not in reached:
                reached.add(n)
                queue.append(n)
    if len(reached) < board.size:
        cut_off = [board.names[p] for p in range(board.size) if p not in reached]
        problems.append(f"not every point can be reached from the start: {', '.join(cut_off[:8])}")
    return problems


def _check_exiles(board: Board) -> list[str]:
    problems = []
    exiles = [p for p in range(board.size) if board.kind[p] == "exile"]
    if len(exiles) < MIN_EXILES:
        problems.append(f"the board has {len(exiles)} exile points; it needs at least {MIN_EXILES}")
        return problems
    xs = [x for x, _ in board.xy]
    ys = [y for _, y in board.xy]
    centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    reach = max(max(xs) - min(xs), max(ys) - min(ys)) / 4
    for p in exiles:
        x, y = board.xy[p]
        if abs(x - centre[0]) > reach or abs(y - centre[1]) > reach:
            problems.append(f"exile point {board.names[p]} is not in the middle of the board")
    return problems


def _check_fairness(board: Board) -> list[str]:
    problems = []
    cities = [p for p in range(board.size) if board.kind[p] == "city"]
    for source, label in ((board.start, "the start"), (board.ring_start, "the ring's start")):
        turns = turn_distances(board, source)
        for city in cities:
            if 0 <= turns[city] < MIN_TURNS_TO_CITY:
                problems.append(f"{board.names[city]} is {turns[city]} turn{'s' if turns[city] != 1 else ''} "
                                f"from {label}; "
                                f"it must be at least {MIN_TURNS_TO_CITY}")
    for city in cities:
        if len(board.neighbours[city]) < MIN_WAYS_INTO_CITY:
            problems.append(f"the city {board.names[city]} has fewer than {MIN_WAYS_INTO_CITY} ways in")
    return problems


def main(argv: list[str]) -> int:
    """Check the board file named in `argv` (or spielwerk's own); 0 when it is fine."""
    try:
        board = load_board(argv[0] if argv else None)
    except (BoardError, OSError) as error:
        print(f"cannot read the board: {error}")
        return 2
    problems = validate(board)
    for problem in problems:
        print(problem)
    if not problems:
        label = board.name or "the board"
        print(f"{label}: {board.size} points, {len(board.lines)} lines, all requirements met")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
