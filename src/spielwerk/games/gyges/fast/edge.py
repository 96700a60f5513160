"""Where compiled Gygès moves meet the contract: integers become the engine's Move values here."""

from __future__ import annotations

from collections.abc import Sequence

from spielwerk.core.state import Action
from spielwerk.games.gyges.fast import count, kernels
from spielwerk.games.gyges.movegen import RingMoves
from spielwerk.games.gyges.notation import PASS, Move, move

_MOVE_SLOTS = 64 * 64 * 64
"""A move's integer is start + 64 * end + 4096 * (drop + 1)."""


class CompiledGenerator:
    """The compiled move generator with its work space, answering in the engine's own values.

    Each argument list is a position as the rules keep it: heights, occupied cells, side to move,
    replacement allowed, strict puts. Calls hold the interpreter lock throughout (numba's default),
    so threads may share one generator and its work space.
    """

    def __init__(self, work: kernels.Ints | None = None) -> None:
        self.work = kernels.new_workspace() if work is None else work
        self._moves: list[Move | None] = [None] * _MOVE_SLOTS

    def legal_actions(
        self, heights: Sequence[int], occupied: int, side: int, replacement: bool, strict: bool
    ) -> list[Action]:
        """Every legal move in the plain generator's order, or [PASS] when there is none."""
        codes = self.legal_codes(heights, occupied, side, replacement, strict)
        if not codes:
            return [PASS]
        moves = self._moves
        return [moves[code] or self._intern(code) for code in codes]

    def legal_codes(
        self, heights: Sequence[int], occupied: int, side: int, replacement: bool, strict: bool
    ) -> list[int]:
        """Every legal move as an integer (start + 64 * end + 4096 * (drop + 1)); [] when none."""
        rules = side | replacement << 1 | strict << 2  # kernels.rules_of, without a call
        codes = kernels.legal_codes(bytes(heights), occupied, rules, self.work)
        result: list[int] = codes.tolist()
        return result

    def generate(
        self, heights: Sequence[int], occupied: int, side: int, replacement: bool, strict: bool
    ) -> tuple[int, list[RingMoves]]:
        """`movegen.generate`: (movable rank index, every movable ring's moves as sets)."""
        rules = side | replacement << 1 | strict << 2  # kernels.rules_of, without a call
        rank, rows = kernels.ring_groups(bytes(heights), occupied, rules, self.work)
        groups = [RingMoves(s, e, bool(t), la, d, sa, sw) for s, e, t, la, d, sa, sw in rows.tolist()]
        return int(rank), groups

    def move_count(
        self, heights: Sequence[int], occupied: int, side: int, replacement: bool, strict: bool
    ) -> int:
        """How many legal moves the side to move has (0: none), without building them."""
        rules = side | replacement << 1 | strict << 2  # kernels.rules_of, without a call
        return int(count.move_count(bytes(heights), occupied, rules, self.work))

    def throne_move(
        self, heights: Sequence[int], occupied: int, side: int, replacement: bool, strict: bool
    ) -> int:
        """The start cell of a ring that can end on the opponent's throne now (the first), or -1."""
        rules = side | replacement << 1 | strict << 2  # kernels.rules_of, without a call
        return int(kernels.throne_move(bytes(heights), occupied, rules, self.work))

    def _intern(self, code: int) -> Move:
        found = self._moves[code] = decode(code)
        return found


def decode(code: int) -> Move:
    """The shared Move value of a move's integer."""
    return move(code % 64, code // 64 % 64, code // 4096 - 1)
