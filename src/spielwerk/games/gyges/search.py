"""The alpha-beta agent's Gygès core: the same search on integer moves, with compiled leaves.

`GygesHeuristics.search` hands a position to `FastSearch` where the compiled generator is there (numba
installed, SPIELWERK_PLAIN unset) and the game is the standard one (one throne capture wins); the
agent's generic search plays everything else. What differs from the generic path is only how the work
is done: a position is a 37-byte key (the heights, then the side to move) with its occupied-cell mask,
a child is a new key (no apply and undo on a state), moves are the kernels' integers
(`start + 64 * end + 4096 * (drop + 1)`), a node one ply above the leaves is one compiled call
(`twoply.one_ply` with `leaves.frontier`: its win at once, its moves and every child's evaluation, the
table's move and the killers first), a node two plies above them with all its children is one call too
(`twoply.two_ply`), and nodes from `sort_depth` on order their moves by one compiled call
(`leaves.child_scores`). Evaluations are remembered by Zobrist hash in compiled code, so are the nodes
one ply above the leaves (the killers and the history live in arrays both sides share), generated move
lists per position within a search; the root adds aspiration windows. Only the chosen move becomes a
Move.

The search is negamax with principal-variation search, iterative deepening, a transposition table,
late-move reductions, killer moves and the history heuristic, scores as the generic agent keeps them
(so its `proven` reads them alike). Threefold repetition, the ply limit and two passes in a row are
draws as the rules say, except at the leaves' own children (a static evaluation there).

Threats (a move after which the mover could end on the throne next turn) are searched further than
quiet moves, since an evaluation cannot tell a threat that wins from one that is parried: a late threat
is reduced a ply less (and one ply above the leaves, with `PARRY`, a threat is followed to every reply,
a threat that none parries winning). The root's depth-1 scores are always completed, so that a search
out of time never plays an unsearched move.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import numpy as np

from spielwerk.core.scores import DECIDED, from_table, to_table
from spielwerk.games.gyges.board import CELLS
from spielwerk.games.gyges.fast import kernels, leaves, twoply
from spielwerk.games.gyges.fast.edge import decode
from spielwerk.games.gyges.notation import PASS

if TYPE_CHECKING:
    from spielwerk.core.state import Action
    from spielwerk.games.gyges.rules import GygesState

WIN = leaves.WIN
INFINITE = WIN + 1
EXACT, LOWER, UPPER = 0, 1, 2
PASS_CODE = -1
ASPIRATION = 60
"""Half the root's first window around the last depth's score (a tenth of an evaluation's range)."""
PARRY = False
"""Whether nodes one ply above the leaves look for threats that no reply parries (`leaves.frontier`):
off, since it took about 40% more time to the same depth over the benchmark's six positions and did not
play better in a short match against alphabeta-v1 at equal nodes."""
TWO_PLY = True
"""Whether nodes two plies above the leaves are searched in one compiled call (`fast.twoply`)."""
MOVE_CACHE = 50_000
"""Positions whose generated moves a search keeps (cleared when full)."""

Entry = tuple[int, int, int, int]
"""A table entry: depth, bound, score (forced results relative to the node), best move (-1: none)."""


class _OutOfBudget(Exception):
    """Raised inside the search when the budget is spent."""


class FastSearch:
    """One agent's Gygès search with its tables (kept from move to move where wanted)."""

    def __init__(self, weights: object) -> None:
        self.work = kernels.new_workspace()
        self.weights = leaves.weights_array(weights)
        self.memo = leaves.new_memo()
        self.near = twoply.new_table()
        self.table: dict[bytes, Entry] = {}
        self.statics: dict[bytes, int] = {}
        self._warm()

    def _warm(self) -> None:
        """Load (or compile) every compiled function now, not one in each of the first searches. They
        work on tables of their own: an evaluation kept in `memo` holds for one set of put rules only,
        and these calls play without replacement (rules 0)."""
        key = bytes((1, 2, 3, 3, 2, 1, *[0] * 24, 3, 2, 1, 1, 2, 3, 0))
        occupied = (1 << 6) - 1 | ((1 << 6) - 1) << 30
        memo = leaves.new_memo(1 << 10)
        codes = leaves.node_codes(key, occupied, 0, self.work)
        kernels.legal_codes(key, occupied, 0, self.work)
        leaves.child_scores(key, occupied, 0, self.work, self.weights, memo, codes, 0, False)
        leaves.static(key, occupied, 0, self.work, self.weights)
        killers, history, none = twoply.new_killers(), twoply.new_history(), np.zeros(0, np.int64)
        shared = (self.work, self.weights, memo, twoply.new_table(1 << 10), killers, history)
        twoply.one_ply(key, occupied, 0, *shared, 0, 1, 0, False, False)
        twoply.two_ply(key, occupied, 0, *shared, 0, 1, 0, -1, none, False, False, 10)
        twoply.reward(killers, history, 1, 1, 0)

    def choose(
        self, state: GygesState, deadline: float | None, limit: int | None, rng: random.Random,
        options: dict[str, Any],
    ) -> tuple[Action, dict[str, Any]]:
        """The move to play and what the search did (nodes, seconds, depth, score, table)."""
        started = time.perf_counter()
        self.deadline, self.limit, self.nodes = deadline, limit, 0
        self.max_depth = int(options["max_depth"])
        self.table_size = int(options["table_size"])
        self.sort_depth = max(2, int(options["sort_depth"]))
        self.reduce_depth = int(options["reduce_depth"])
        self.reduce_after = int(options["reduce_after"])
        self.reduction = int(options["reduction"])
        if not options["keep_tables"]:
            self.table, self.statics = {}, {}
            self.near[:] = 0
        self.started = started
        self.two_ply = TWO_PLY and not PARRY and self.sort_depth > 2 and self.reduce_depth > 2
        self.rules = state.replacement << 1 | state.strict << 2
        self.max_plies = state.max_plies
        self.moves: dict[bytes, Any] = {}
        self.killers = twoply.new_killers()
        self.history = twoply.new_history()
        self.no_repeats = np.zeros(0, np.int64)
        seen = state.seen.items()
        self.counts = {heights + bytes((side,)): count for (heights, side, captures), count in seen
                       if captures == state.captures}
        root = bytes(state.heights) + bytes((state.side,))
        best, score, depth = self._root(root, state.occupied, state.plies, state.passes, rng)
        stats = {
            "nodes": self.nodes,
            "seconds": time.perf_counter() - started,
            "depth": depth,
            "score": float(score),
            "table": len(self.table),
        }
        return (PASS if best == PASS_CODE else decode(best)), stats

    # ----- the root ---------------------------------------------------------------------------
    def _root(
        self, key: bytes, occupied: int, plies: int, passes: int, rng: random.Random
    ) -> tuple[int, int, int]:
        """(best move, its score, depth reached) by iterative deepening."""
        codes: list[int] = kernels.legal_codes(key, occupied, key[CELLS] | self.rules, self.work).tolist()
        if not codes:
            return PASS_CODE, 0, 0
        rng.shuffle(codes)  # equal moves are then chosen at random, reproducibly for a seed
        wins = [code for code in codes if code // 64 % 64 >= CELLS]
        if wins:
            return wins[0], WIN - 1, 0
        if len(codes) == 1:
            return codes[0], 0, 0
        # completed whatever the time: a search out of time never plays an unsearched move
        codes, scores, self.threats = self._child_scores(key, occupied, codes, 0, plies, check=False)
        best, best_score, reached = codes[0], scores[0], 1  # a depth-1 search is exactly this
        for depth in range(2, self.max_depth + 1):
            if abs(best_score) >= DECIDED:
                break  # a forced win or loss: deeper search cannot change it
            alpha, beta = best_score - ASPIRATION, best_score + ASPIRATION
            try:
                while True:
                    found, score = self._root_pass(key, occupied, plies, passes, codes, depth, alpha, beta)
                    if found is not None and score >= beta:
                        beta = INFINITE  # failed high: the same search with the window open above
                    elif found is None:
                        alpha = -INFINITE  # failed low
                    else:
                        break
                    if found is not None:
                        best, best_score = found, score
                        codes.remove(found)
                        codes.insert(0, found)
            except _OutOfBudget as out:
                if out.args and out.args[0] is not None:  # better than the last best, searched first
                    best, best_score = out.args[0], out.args[1]
                break
            assert found is not None
            best, best_score, reached = found, score, depth
            codes.remove(best)
            codes.insert(0, best)
        return best, best_score, reached

    def _root_pass(
        self, key: bytes, occupied: int, plies: int, passes: int, codes: list[int], depth: int, alpha: int,
        beta: int,
    ) -> tuple[int | None, int]:
        """One search of the root's moves in the window: (the best move, its score), or (None, alpha)
        where every move failed low. Out of budget, the exception carries the best found so far."""
        found: int | None = None
        reduce = depth >= self.reduce_depth
        try:
            for index, code in enumerate(codes):
                if reduce and index >= self.reduce_after:
                    reduced = depth - 1 - self.reduction + (code in self.threats)
                    score = self._child(key, occupied, code, reduced, alpha, alpha + 1, 0, plies, passes)
                    if score <= alpha:
                        continue
                if index == 0:
                    score = self._child(key, occupied, code, depth - 1, alpha, beta, 0, plies, passes)
                else:
                    score = self._child(key, occupied, code, depth - 1, alpha, alpha + 1, 0, plies, passes)
                    if alpha < score < beta:
                        score = self._child(key, occupied, code, depth - 1, alpha, beta, 0, plies, passes)
                if score > alpha:
                    alpha, found = score, code
                    if score >= beta:
                        break
        except _OutOfBudget:
            raise _OutOfBudget(found, alpha) from None
        return found, alpha

    # ----- inner nodes ------------------------------------------------------------------------
    def _child(
        self, key: bytes, occupied: int, code: int, depth: int, alpha: int, beta: int, ply: int, plies: int,
        passes: int,
    ) -> int:
        """The score, for the side to move at `key` (at `ply`), of playing `code` and going on."""
        if code >= 0 and code // 64 % 64 >= CELLS:
            return WIN - ply - 1  # onto the opponent's throne: the game is won
        child, after = _play(key, occupied, code)
        plies += 1
        passes = passes + 1 if code == PASS_CODE else 0
        if passes >= 2 or (self.max_plies is not None and plies >= self.max_plies):
            return 0
        count = self.counts.get(child, 0) + 1
        if count >= 3:
            return 0  # the third time this position is reached: a draw
        counts = self.counts
        counts[child] = count
        try:
            return -self._search(child, after, depth, -beta, -alpha, ply + 1, plies, passes)
        finally:
            if count > 1:
                counts[child] = count - 1
            else:
                del counts[child]

    def _search(
        self, key: bytes, occupied: int, depth: int, alpha: int, beta: int, ply: int, plies: int, passes: int
    ) -> int:
        """Negamax score of the position for the side to move."""
        self._spend(1)
        if depth <= 0:
            return self._static(key, occupied, ply)
        entry = self.table.get(key)
        tt_move = -1
        if entry is not None:
            e_depth, flag, e_score, tt_move = entry
            if e_depth >= depth:
                e_score = from_table(e_score, ply)
                if flag == EXACT or (e_score >= beta if flag == LOWER else e_score <= alpha):
                    return e_score
        if depth == 1:
            drawn = self.max_plies is not None and plies + 1 >= self.max_plies
            deep = PARRY and (self.max_plies is None or plies + 2 < self.max_plies)
            score, nodes = twoply.one_ply(key, occupied, key[CELLS] | self.rules, self.work, self.weights,
                                          self.memo, self.near, self.killers, self.history, alpha, beta, ply,
                                          drawn, deep)
            self._spend(nodes - 1)
            if score == leaves.NO_MOVES:
                return self._child(key, occupied, PASS_CODE, 0, alpha, beta, ply, plies, passes)
            return score
        if depth == 2 and self.two_ply:
            found = self._two_ply(key, occupied, alpha, beta, ply, plies, tt_move)
            if found is not None:
                score, best = found
                self._store(key, depth, score, alpha, beta, ply, best)
                return score
        if depth == 2 and tt_move < 0:  # searched one ply above the leaves before: its best move first
            tt_move = int(twoply.kept_move(key, key[CELLS], self.near))
        codes = self._moves(key, occupied)
        if codes is None:
            return WIN - ply - 1  # onto the opponent's throne at once
        if not codes:
            return self._child(key, occupied, PASS_CODE, depth - 1, alpha, beta, ply, plies, passes)
        statics: dict[int, int] | None = None
        threats: set[int] = set()
        if depth >= self.sort_depth:
            codes, scores, threats = self._child_scores(key, occupied, codes, ply, plies)
            statics = dict(zip(codes, scores, strict=True))
            if tt_move in statics:
                codes.remove(tt_move)
                codes.insert(0, tt_move)
        else:
            codes = self._ordered(codes, tt_move, ply)
        reduce = depth >= self.reduce_depth
        reduced_depth = depth - 1 - self.reduction
        start_alpha = alpha
        best_score = -INFINITE
        best = -1
        for index, code in enumerate(codes):
            if reduce and index >= self.reduce_after:
                reduced = reduced_depth + (code in threats)  # a threat is searched a ply further
                if reduced <= 0 and statics is not None:
                    score = statics[code]
                else:
                    score = self._child(key, occupied, code, max(0, reduced), alpha, alpha + 1, ply, plies,
                                        passes)
                if score <= alpha:
                    if score > best_score:
                        best_score, best = score, code
                    continue
            if index == 0:
                score = self._child(key, occupied, code, depth - 1, alpha, beta, ply, plies, passes)
            else:
                score = self._child(key, occupied, code, depth - 1, alpha, alpha + 1, ply, plies, passes)
                if alpha < score < beta:
                    score = self._child(key, occupied, code, depth - 1, alpha, beta, ply, plies, passes)
            if score > best_score:
                best_score, best = score, code
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        self._reward(code, depth, ply)
                        break
        self._store(key, depth, best_score, start_alpha, beta, ply, best)
        return best_score

    def _store(self, key: bytes, depth: int, score: int, alpha: int, beta: int, ply: int, best: int) -> None:
        flag = UPPER if score <= alpha else LOWER if score >= beta else EXACT
        table = self.table
        if len(table) >= self.table_size:
            table.clear()
        table[key] = (depth, flag, to_table(score, ply), best)

    def _two_ply(
        self, key: bytes, occupied: int, alpha: int, beta: int, ply: int, plies: int, tt_move: int
    ) -> tuple[int, int] | None:
        """A node two plies above the leaves in one compiled call: (score, best move), or None where
        Python is to search it (a child without a move)."""
        limit = self.max_plies
        twice = self.no_repeats
        if any(count >= 2 for count in self.counts.values()):
            hashes = [_hash(position) for position, count in self.counts.items() if count >= 2]
            twice = np.array(hashes, np.int64)
        score, best, nodes = twoply.two_ply(
            key, occupied, key[CELLS] | self.rules, self.work, self.weights, self.memo, self.near,
            self.killers, self.history, alpha, beta, ply, tt_move, twice,
            limit is not None and plies + 1 >= limit, limit is not None and plies + 2 >= limit, self._cap())
        if score == twoply.OUT:
            raise _OutOfBudget
        self._spend(nodes)
        if score == twoply.FALLBACK:
            return None
        return int(score), int(best)

    def _cap(self) -> int:
        """How many more nodes the budget allows: all that are left of a node budget, else as many as
        the search's pace so far fits in the time left."""
        if self.limit is not None:
            return max(0, self.limit - self.nodes)
        if self.deadline is None:
            return 1 << 62
        now = time.perf_counter()
        pace = self.nodes / max(now - self.started, 1e-3)
        return max(200, int(max(pace, 20_000.0) * (self.deadline - now)))

    def _static(self, key: bytes, occupied: int, ply: int) -> int:
        """The static score for the side to move: a win at once, or its evaluation (kept for reuse)."""
        score = self.statics.get(key)
        if score is None:
            score = int(leaves.static(key, occupied, key[CELLS] | self.rules, self.work, self.weights))
            if len(self.statics) >= self.table_size:
                self.statics.clear()
            self.statics[key] = score
        return WIN - ply - 1 if score == leaves.WIN_NOW else score

    def _child_scores(
        self, key: bytes, occupied: int, codes: list[int], ply: int, plies: int, check: bool = True
    ) -> tuple[list[int], list[int], set[int]]:
        """The moves from the best static score for the side to move at `ply` to the worst (equal ones
        in the given order), those scores, and the moves that threaten the throne (one compiled call);
        `check`: stop where the budget is spent (else only count the nodes)."""
        if check:
            self._spend(len(codes) - 1)
        drawn = self.max_plies is not None and plies + 1 >= self.max_plies
        rules = key[CELLS] | self.rules
        moves = np.array(codes, np.int64)
        found = leaves.child_scores(key, occupied, rules, self.work, self.weights, self.memo, moves, ply,
                                    drawn)
        order = np.argsort(-found[0], kind="stable")
        threats: set[int] = set(moves[found[1] > 0].tolist())
        if check:
            self._spend(1)
        else:
            self.nodes += len(codes)
        return moves[order].tolist(), found[0][order].tolist(), threats

    def _moves(self, key: bytes, occupied: int) -> list[int] | None:
        """The legal moves (None: the side to move ends on the throne at once), kept per position."""
        found = self.moves.get(key)
        if found is None:
            if len(self.moves) >= MOVE_CACHE:
                self.moves.clear()
            found = self.moves[key] = leaves.node_codes(key, occupied, key[CELLS] | self.rules, self.work)
        codes: list[int] = found.tolist()
        return None if codes and codes[0] < 0 else codes

    def _ordered(self, codes: list[int], tt_move: int, ply: int) -> list[int]:
        """The table's move, the killers, then by history and the generator's order."""
        history = self.history
        ordered = sorted(codes, key=lambda code: -int(history[code]))  # stable
        front = [int(c) for c in self.killers[ply] if c >= 0 and c != tt_move]
        if tt_move >= 0:
            front.insert(0, tt_move)
        if front:
            legal = set(codes)
            front = [c for c in front if c in legal]
            ordered = front + [c for c in ordered if c not in front]
        return ordered

    def _reward(self, code: int, depth: int, ply: int) -> None:
        """Remember a move that caused a cut-off."""
        twoply.reward(self.killers, self.history, code, depth, ply)

    def _spend(self, count: int) -> None:
        self.nodes += count
        if self.limit is not None:
            if self.nodes >= self.limit:
                raise _OutOfBudget
        elif self.deadline is not None and time.perf_counter() >= self.deadline:
            raise _OutOfBudget


def _play(key: bytes, occupied: int, code: int) -> tuple[bytes, int]:
    """The position after `code` (a pass: the other side to move)."""
    board = bytearray(key)
    board[CELLS] ^= 1
    if code < 0:
        return bytes(board), occupied
    start, end, drop = code % 64, code // 64 % 64, code // 4096 - 1
    mover, landed = board[start], board[end]
    board[start] = 0
    occupied &= ~(1 << start)
    if drop >= 0:
        board[drop] = landed
        occupied |= 1 << drop
    board[end] = mover
    return bytes(board), occupied | 1 << end




def _hash(key: bytes) -> int:
    """The Zobrist hash of a search key, as the compiled tables keep positions."""
    heights = np.frombuffer(key, np.uint8, CELLS).astype(np.int64)
    return int(leaves.position_hash(heights, key[CELLS]))


def owner_key(weights: object) -> Hashable:
    """What a kept FastSearch is tied to: the evaluation's weights."""
    return id(weights)
