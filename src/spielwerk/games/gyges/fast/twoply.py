"""The two plies above the Gygès search's leaves in compiled code: a node one ply above them
(`one_ply`) and a node two plies above them with all its children (`two_ply`), as `gyges.search`
searches them in Python, without a return to Python per child.

What Python keeps for such nodes lives here in arrays: their transposition table (`new_table`, by
Zobrist hash, replaced whatever was there), the killer moves per ply and the history of moves that cut
off (`new_killers`, `new_history`). Repetitions reach in as the hashes of the positions already met
twice (`twice`): a child that meets one of them a third time is a draw. A node that has no move is
searched by Python instead (`FALLBACK`), as is a node whose nodes would pass `cap` (`OUT`).
"""

from __future__ import annotations

import numpy as np

from spielwerk.core import scores
from spielwerk.games.gyges.fast.base import Heights
from spielwerk.games.gyges.fast.kernels import Ints, _compiled, _parts, expand, generate
from spielwerk.games.gyges.fast.leaves import (
    NO_MOVES,
    WIN,
    Floats,
    _local,
    _make,
    _unmake,
    frontier,
    position_hash,
)

EXACT, LOWER, UPPER = 0, 1, 2
MAX_PLY = 128
TABLE_SIZE = 1 << 18
"""Entries of the table of nodes one ply above the leaves (hash, score, bound and move)."""
HISTORY_SIZE = 64 * 64 * 37
"""More than the largest move integer (start + 64 * end + 4096 * (drop + 1))."""
FALLBACK = -5 * WIN
"""What `two_ply` answers where a child has no move: Python searches the node."""
OUT = -6 * WIN
"""What `two_ply` answers where its nodes passed `cap`: the budget is spent."""


def new_table(size: int = TABLE_SIZE) -> Ints:
    """An empty table (a power of two entries) for `one_ply` and `two_ply`."""
    return np.zeros((size, 3), np.int64)


def new_killers() -> Ints:
    """No killer moves yet: two per ply, -1 where there is none."""
    return np.full((MAX_PLY, 2), -1, np.int64)


def new_history() -> Ints:
    """No move has cut off yet."""
    return np.zeros(HISTORY_SIZE, np.int64)


@_compiled
def reward(killers: Ints, history: Ints, code: int, depth: int, ply: int) -> None:
    """Remember a move that cut off at `depth`, `ply` plies below the root."""
    history[code] += depth * depth
    if killers[ply, 0] != code and killers[ply, 1] != code:
        killers[ply, 1] = killers[ply, 0]
        killers[ply, 0] = code


_to_table = _compiled(scores.to_table)
_from_table = _compiled(scores.from_table)


@_compiled
def one_ply(
    position: Heights, occupied: int, rules: int, work: Ints, weights: Floats, memo: Ints, table: Ints,
    killers: Ints, history: Ints, alpha: int, beta: int, ply: int, drawn: bool, deep: bool,
) -> tuple[int, int]:
    """A node one ply above the leaves, for the side to move at `ply`: (score, nodes: 1 and the
    children scored); NO_MOVES where it has no move (nothing stored). `drawn`: the ply limit ends the
    game after its move."""
    heights = _local(position)  # the same compiled code as for `two_ply`'s children, which are arrays
    return _one_ply(position_hash(heights, rules & 1), heights, occupied, rules, work, weights, memo, table,
                    killers, history, alpha, beta, ply, drawn, deep)


@_compiled
def _one_ply(
    key: int, position: Heights, occupied: int, rules: int, work: Ints, weights: Floats,
    memo: Ints, table: Ints, killers: Ints, history: Ints, alpha: int, beta: int, ply: int, drawn: bool,
    deep: bool,
) -> tuple[int, int]:
    slot = key & (table.shape[0] - 1)
    tt_move = -1
    if table[slot, 0] == key:
        score = _from_table(table[slot, 1], ply)
        flag = table[slot, 2] >> 20
        tt_move = (table[slot, 2] & 0xFFFFF) - 1
        if flag == EXACT or (score >= beta if flag == LOWER else score <= alpha):
            return score, 1
    first = tt_move if tt_move >= 0 or killers[ply, 0] < 0 else killers[ply, 0]
    second = killers[ply, 1] if killers[ply, 0] == first else killers[ply, 0]
    if second == first:
        second = -1
    score, scored, best = frontier(position, occupied, rules, work, weights, memo, beta, ply, first, second,
                                   drawn, deep)
    if score == NO_MOVES:
        return NO_MOVES, 1 + scored
    if score >= beta and best >= 0:
        reward(killers, history, best, 1, ply)
    flag = UPPER if score <= alpha else LOWER if score >= beta else EXACT
    table[slot, 0] = key
    table[slot, 1] = _to_table(score, ply)
    table[slot, 2] = flag << 20 | (best + 1)
    return score, 1 + scored


@_compiled
def _kept_move(table: Ints, key: int) -> int:
    """The best move the table keeps for the position of `key` (-1: none)."""
    slot = key & (table.shape[0] - 1)
    return (table[slot, 2] & 0xFFFFF) - 1 if table[slot, 0] == key else -1


@_compiled
def kept_move(position: Heights, side: int, table: Ints) -> int:
    """The best move the table keeps for a position (-1: none): what its search one ply above the
    leaves found, the first move to try when it is searched deeper."""
    return _kept_move(table, position_hash(_local(position), side))


@_compiled
def _ordered(codes: Ints, tt_move: int, killers: Ints, history: Ints, ply: int) -> Ints:
    """The table's move, the killers, then by history (ties in the generator's order)."""
    keys = np.empty(codes.size, np.int64)
    for i in range(codes.size):
        keys[i] = -history[codes[i]]
    ordered = codes[np.argsort(keys, kind="mergesort")]
    front = np.full(3, -1, np.int64)
    front[0] = tt_move
    count = 1
    for k in range(2):
        if killers[ply, k] != tt_move:
            front[count] = killers[ply, k]
            count += 1
    at = 0
    for k in range(count):
        code = front[k]
        if code < 0:
            continue
        for i in range(at, ordered.size):
            if ordered[i] == code:
                for j in range(i, at, -1):
                    ordered[j] = ordered[j - 1]
                ordered[at] = code
                at += 1
                break
    return ordered


@_compiled
def two_ply(
    position: Heights, occupied: int, rules: int, work: Ints, weights: Floats, memo: Ints, table: Ints,
    killers: Ints, history: Ints, alpha: int, beta: int, ply: int, tt_move: int, twice: Ints,
    child_drawn: bool, drawn: bool, cap: int,
) -> tuple[int, int, int]:
    """A node two plies above the leaves, for the side to move at `ply`, with principal-variation
    search over its moves: (score, best move, nodes its children took); FALLBACK or OUT (see the
    module). `child_drawn`: the ply limit ends the game after its move; `drawn`: after its child's."""
    sets, stack, groups, codes = _parts(work)
    side, replacement, strict = rules & 1, rules & 2 != 0, rules & 4 != 0
    _, count = generate(position, 0, occupied, side, replacement, strict, sets, stack, groups, True)
    for i in range(count):
        if groups[i, 2]:
            return WIN - ply - 1, -1, 0
    n = expand(groups, count, side, codes)
    if n == 0:
        return FALLBACK, -1, 0
    heights = _local(position)
    if tt_move < 0:
        tt_move = _kept_move(table, position_hash(heights, side))
    moves = _ordered(codes[:n].copy(), tt_move, killers, history, ply)
    child_rules = rules ^ 1
    best_score = -WIN - 1
    best = -1
    nodes = 0
    for index in range(moves.size):
        code = moves[index]
        after, mover, landed = _make(heights, occupied, code)
        key = position_hash(heights, 1 - side)
        repeated = False
        for k in range(twice.size):
            if twice[k] == key:
                repeated = True
        if child_drawn or repeated:
            score = 0
        else:
            window = beta if index == 0 else alpha + 1
            found, used = _one_ply(key, heights, after, child_rules, work, weights, memo, table,
                                   killers, history, -window, -alpha, ply + 1, drawn, False)
            nodes += used
            if found == NO_MOVES:
                score = FALLBACK
            else:
                score = -found
                if index > 0 and alpha < score < beta:
                    found, used = _one_ply(key, heights, after, child_rules, work, weights, memo,
                                           table, killers, history, -beta, -alpha, ply + 1, drawn, False)
                    nodes += used
                    score = -found
        _unmake(heights, code, mover, landed)
        if score == FALLBACK:
            return FALLBACK, -1, nodes
        if nodes > cap:
            return OUT, -1, nodes
        if score > best_score:
            best_score, best = score, code
            if score > alpha:
                alpha = score
                if score >= beta:
                    reward(killers, history, code, 2, ply)
                    break
    return best_score, best, nodes


__all__ = ["FALLBACK", "OUT", "kept_move", "new_history", "new_killers", "new_table", "one_ply", "reward",
           "two_ply"]
