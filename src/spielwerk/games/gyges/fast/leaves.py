"""Compiled leaves of the Gygès search: the evaluation and a node's children scored, on integer moves.

The evaluation is `heuristics.GygesHeuristics.value` (same terms, same weights) computed from the
kernels' ring sets: one generation for the side to move, which stops at the first throne move (a win
at once, `WIN_NOW`) and otherwise gives its full sets, and one for the opponent. Scores are whole
numbers as the alpha-beta agent keeps them: an evaluation in (-1, 1) times `SCALE`, a win `n` plies
from the root `WIN - n`. A position is a bytes object of at least 36 heights (the search appends the
side to move) with its occupied-cell mask; moves are `start + 64 * end + 4096 * (drop + 1)`.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from spielwerk.core import scores
from spielwerk.games.gyges.board import CELLS, NORTH_THRONE, SEGMENTS, SOUTH_THRONE
from spielwerk.games.gyges.fast.base import Heights
from spielwerk.games.gyges.fast.bits import lowest
from spielwerk.games.gyges.fast.kernels import MAX_MOVES, Ints, _compiled, _parts, expand, generate, total

Floats = NDArray[np.float64]

WIN = scores.WIN
"""A win at the root; a win `n` plies ahead scores WIN - n (as the alpha-beta agent keeps it)."""
WIN_NOW = 2 * WIN
"""What `value` answers where the side to move can end on the opponent's throne at once."""
SCALE = 1_000
NO_MOVES = -4 * WIN
"""What `frontier` answers where the side to move has no move (it must pass: the caller plays it)."""
WEIGHTS = 6
"""bias, mine, yours, spring, threat, extra_threat: `heuristics.Weights` as an array."""


def _spring_tables() -> tuple[Ints, Ints]:
    """For each throne (South 0, North 1), cell and height, the `between` masks of the segments from
    that cell into the throne: offsets into one flat array."""
    offsets = np.zeros(2 * CELLS * 4 + 1, np.int64)
    found: list[int] = []
    for index, throne in enumerate((SOUTH_THRONE, NORTH_THRONE)):
        for cell in range(CELLS):
            for height in range(4):
                found += [s.between for s in SEGMENTS[cell][height] if s.end == throne]
                offsets[(index * CELLS + cell) * 4 + height + 1] = len(found)
    return offsets, np.array(found or [0], np.int64)


SPRING_OFFSET, SPRING_BETWEEN = _spring_tables()
_FIRST_SPRINGS = SPRING_OFFSET[::4]  # where each (throne, cell)'s segments begin, every height together
SPRING_CELLS = np.array([sum(1 << cell for cell in range(CELLS) if _FIRST_SPRINGS[CELLS * throne + cell + 1]
                             > _FIRST_SPRINGS[CELLS * throne + cell]) for throne in range(2)], np.int64)
"""Per throne, the cells from which a ring of some height can walk into it (the rest never spring)."""


def weights_array(weights: object) -> Floats:
    """The evaluation's weights (a `heuristics.Weights`) as the array the kernels read."""
    names = ("bias", "mine", "yours", "spring", "threat", "extra_threat")
    return np.array([float(getattr(weights, name)) for name in names], np.float64)


@_compiled
def springs(heights: Ints, occupied: int, throne: int) -> int:
    """Rings that would bounce a ring landing on them straight into `throne` (0 South, 1 North)."""
    count = 0
    rest = occupied & SPRING_CELLS[throne]
    while rest:
        cell = lowest(rest)
        rest &= rest - 1
        index = (throne * CELLS + cell) * 4 + heights[cell]
        for i in range(SPRING_OFFSET[index], SPRING_OFFSET[index + 1]):
            if not SPRING_BETWEEN[i] & occupied:
                count += 1
                break
    return count


@_compiled
def value(
    heights: Ints, occupied: int, side: int, replacement: bool, strict: bool,
    table: Ints, stack: Ints, groups: Ints, weights: Floats,
) -> int:
    """The score of the position for `side` to move: WIN_NOW where it ends on the throne at once,
    else round(SCALE * the evaluation)."""
    score, _ = _judged(heights, occupied, side, replacement, strict, table, stack, groups, weights)
    return score


@_compiled
def _judged(
    heights: Ints, occupied: int, side: int, replacement: bool, strict: bool,
    table: Ints, stack: Ints, groups: Ints, weights: Floats,
) -> tuple[int, int]:
    """(`value`, the opponent's rings that could end on `side`'s throne were it their turn; 0 with
    WIN_NOW)."""
    _, count = generate(heights, 0, occupied, side, replacement, strict, table, stack, groups,
                        True)
    ours = 0
    for i in range(count):
        if groups[i, 2]:
            return WIN_NOW, 0
        ours += total(groups, i)
    _, count = generate(heights, 0, occupied, 1 - side, replacement, strict, table, stack,
                        groups, False)
    threats = 0
    theirs = 0
    for i in range(count):
        threats += groups[i, 2]
        theirs += total(groups, i)
    z = weights[0] + weights[1] * math.log1p(ours) + weights[2] * math.log1p(theirs)
    z += weights[3] * (springs(heights, occupied, 1 - side) - springs(heights, occupied, side))
    if threats:
        z += weights[4] + weights[5] * (min(threats, 6) - 1)
    return round(math.tanh(z / 2) * SCALE), threats


@_compiled
def _make(heights: Ints, occupied: int, code: int) -> tuple[int, int, int]:
    """Play the board move `code` (not onto a throne) on `heights` in place: (the occupied cells after
    it, the heights that stood on its start and its end, which `_unmake` puts back)."""
    start, end, drop = code % 64, code // 64 % 64, code // 4096 - 1
    mover, landed = heights[start], heights[end]
    heights[start] = 0
    after = occupied & ~(1 << start)
    if drop >= 0:
        heights[drop] = landed
        after |= 1 << drop
    heights[end] = mover
    return after | (1 << end), mover, landed


@_compiled
def _unmake(heights: Ints, code: int, mover: int, landed: int) -> None:
    """Take the board move `code` back on `heights` (`mover` and `landed` as `_make` gave them)."""
    start, end, drop = code % 64, code // 64 % 64, code // 4096 - 1
    if drop >= 0:
        heights[drop] = 0
    heights[end] = landed
    heights[start] = mover


@_compiled
def _child_score(
    heights: Ints, occupied: int, side: int, replacement: bool, strict: bool, code: int, ply: int,
    drawn: bool, table: Ints, stack: Ints, groups: Ints, weights: Floats, memo: Ints,
) -> tuple[int, int]:
    """(The static score, for `side`, of playing `code` from the position at `ply`; how many of the
    side's rings could then end on the opponent's throne next turn: its threats). Heights restored."""
    if code // 64 % 64 >= CELLS:
        return WIN - ply - 1, 0  # onto the throne: the game is won
    if drawn:
        return 0, 0  # the ply limit draws the game after this move
    after, mover, landed = _make(heights, occupied, code)
    score, threats = _remembered(heights, after, 1 - side, replacement, strict, table, stack, groups, weights,
                                 memo)
    _unmake(heights, code, mover, landed)
    if score == WIN_NOW:
        return -(WIN - ply - 2), 0
    return -score, threats


@_compiled
def _unanswered(
    heights: Ints, occupied: int, defender: int, replacement: bool, strict: bool, table: Ints, stack: Ints,
    groups: Ints, replies: Ints,
) -> tuple[bool, int]:
    """(Whether every move of `defender`, to move without a win at once, leaves the other side a move
    onto its throne; the defender's moves tried). A threat nothing parries wins two plies later."""
    _, count = generate(heights, 0, occupied, defender, replacement, strict, table, stack,
                        groups, False)
    n = expand(groups, count, defender, replies)
    for i in range(n):
        code = replies[i]
        if code // 64 % 64 >= CELLS:
            return False, i + 1  # the defender wins (not expected: the caller checked)
        after, mover, landed = _make(heights, occupied, code)
        _, found = generate(heights, 0, after, 1 - defender, replacement, strict, table, stack,
                            groups, True)
        _unmake(heights, code, mover, landed)
        if not (found and groups[found - 1, 2]):
            return False, i + 1
    return True, n


@_compiled
def _local(position: Heights) -> Ints:
    heights = np.zeros(CELLS, np.int64)
    for cell in range(CELLS):
        heights[cell] = position[cell]
    return heights


MEMO_SIZE = 1 << 20
"""Entries of a search's memory of evaluations (a hash, and the score times 8 plus the opponent's threats
up to 7, each)."""
_ZOBRIST = np.random.default_rng(27).integers(1, 1 << 62, size=(CELLS, 4), dtype=np.int64)
_ZOBRIST[:, 0] = 0
_SIDE_KEY = 0x2545F4914F6CDD1D


def new_memo(size: int = MEMO_SIZE) -> Ints:
    """An empty memory of evaluations (a power of two entries) for `frontier` and `child_scores`."""
    return np.zeros((size, 2), np.int64)


@_compiled
def position_hash(heights: Ints, side: int) -> int:
    """The Zobrist hash of a position: its heights and the side to move."""
    key = _SIDE_KEY if side else 1
    for cell in range(CELLS):
        key ^= _ZOBRIST[cell, heights[cell]]
    return key


@_compiled
def _remembered(
    heights: Ints, occupied: int, side: int, replacement: bool, strict: bool, table: Ints, stack: Ints,
    groups: Ints, weights: Floats, memo: Ints,
) -> tuple[int, int]:
    """`_judged`, kept in `memo` under the position's Zobrist hash (heights and side)."""
    key = position_hash(heights, side)
    slot = key & (memo.shape[0] - 1)
    if memo[slot, 0] == key:
        kept = memo[slot, 1]
        return kept >> 3, kept & 7
    score, threats = _judged(heights, occupied, side, replacement, strict, table, stack, groups, weights)
    memo[slot, 0] = key
    memo[slot, 1] = score << 3 | min(threats, 7)
    return score, min(threats, 7)


@_compiled
def _to_front(codes: Ints, code: int) -> None:
    """Move `code` to the front of `codes` where it is there (the others keep their order)."""
    if code < 0:
        return
    for i in range(codes.size):
        if codes[i] == code:
            for j in range(i, 0, -1):
                codes[j] = codes[j - 1]
            codes[0] = code
            return


@_compiled
def child_scores(
    position: Heights, occupied: int, rules: int, work: Ints, weights: Floats, memo: Ints, codes: Ints,
    ply: int, drawn: bool,
) -> Ints:
    """Row 0: the static score of each move in `codes` for the side to move (a win, a loss to a win at
    once, or minus the evaluation of the position after it); `drawn`: the ply limit ends the game after
    it. Row 1: the threats each move makes (rings that could then end on the opponent's throne)."""
    table, stack, groups, _ = _parts(work)
    heights = _local(position)
    side, replacement, strict = rules & 1, rules & 2 != 0, rules & 4 != 0
    scores = np.empty((2, codes.size), np.int64)
    for i in range(codes.size):
        scores[0, i], scores[1, i] = _child_score(heights, occupied, side, replacement, strict, codes[i], ply,
                                                  drawn, table, stack, groups, weights, memo)
    return scores


@_compiled
def node_codes(position: Heights, occupied: int, rules: int, work: Ints) -> Ints:
    """Every legal move as an integer in the plain generator's order; [-1] where the side to move can
    end on the throne at once (the search needs nothing more there); [] where it has no move."""
    table, stack, groups, codes = _parts(work)
    side = rules & 1
    _, count = generate(position, 0, occupied, side, rules & 2 != 0, rules & 4 != 0, table, stack, groups,
                        True)
    for i in range(count):
        if groups[i, 2]:
            return np.full(1, -1, np.int64)
    return codes[: expand(groups, count, side, codes)].copy()


@_compiled
def frontier(
    position: Heights, occupied: int, rules: int, work: Ints, weights: Floats, memo: Ints, beta: int,
    ply: int, first: int, second: int, drawn: bool, deep: bool,
) -> tuple[int, int, int]:
    """A depth-1 search of the position at `ply` for the side to move: (score, positions scored, best
    move). A win at once scores WIN - ply - 1 (no child scored); NO_MOVES where there is no move.
    `first`, then `second` (moves or -1) are tried first where legal; the search stops at the first
    child >= `beta` (the score is then a lower bound). Evaluations are kept in `memo` (`new_memo`).
    With `deep` (the game may go on three more plies), a move that threatens the throne is searched
    on where its evaluation would not cut off: a threat that no reply parries wins (WIN - ply - 3)."""
    table, stack, groups, codes = _parts(work)
    side, replacement, strict = rules & 1, rules & 2 != 0, rules & 4 != 0
    _, count = generate(position, 0, occupied, side, replacement, strict, table, stack, groups, True)
    for i in range(count):
        if groups[i, 2]:
            return WIN - ply - 1, 0, -1
    n = expand(groups, count, side, codes)
    if n == 0:
        return NO_MOVES, 0, -1
    moves = codes[:n]  # the children's evaluations use only the table, the stack and the groups
    _to_front(moves, second)
    _to_front(moves, first)
    heights = _local(position)
    best = -WIN - 1
    best_code = -1
    scored = 0
    replies = np.empty(0, np.int64)
    for i in range(n):
        code = moves[i]
        score, threats = _child_score(heights, occupied, side, replacement, strict, code, ply, drawn,
                                      table, stack, groups, weights, memo)
        scored += 1
        if threats and deep and score < beta and best < WIN - ply - 3:
            if replies.size == 0:
                replies = np.empty(MAX_MOVES, np.int64)
            after, mover, landed = _make(heights, occupied, code)
            won, tried = _unanswered(heights, after, 1 - side, replacement, strict, table, stack, groups,
                                     replies)
            _unmake(heights, code, mover, landed)
            scored += tried
            if won:
                score = WIN - ply - 3
        if score > best:
            best = score
            best_code = moves[i]
            if score >= beta:
                break
    return best, scored, best_code



@_compiled
def static(position: Heights, occupied: int, rules: int, work: Ints, weights: Floats) -> int:
    """`value` of a position given as bytes: WIN_NOW, or round(SCALE * the evaluation)."""
    table, stack, groups, _ = _parts(work)
    return value(_local(position), occupied, rules & 1, rules & 2 != 0, rules & 4 != 0, table, stack, groups,
                 weights)
