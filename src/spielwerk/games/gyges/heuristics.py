"""What agents may know about Gygès beyond the rules: an evaluation, move order and a position key.

The evaluation looks at what decides the game: can the side to move end on the opponent's throne
now (a win), could the opponent end on ours if it were their turn (a threat we must parry), which
rings near each throne are springboards (a ring landing there bounces straight into the throne),
and how freely each side's movable rings get about. It costs one extra move generation (the
opponent's), so a search can call it at every leaf.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, cast

from spielwerk.games.gyges.board import CELLS, NORTH_THRONE, SEGMENTS, SIZE, SOUTH_THRONE
from spielwerk.games.gyges.movegen import generate
from spielwerk.games.gyges.notation import Move, move

if TYPE_CHECKING:
    from spielwerk.core.state import Action, State
    from spielwerk.games.gyges.rules import GygesState

PLAY, OVER, SETUP = "play", "over", "setup"
TARGET = (NORTH_THRONE, SOUTH_THRONE)
"""The throne each side attacks (South attacks North's)."""
HOME_RANK = (0, SIZE - 1)
"""Each side's own start rank index, the one next to its own throne."""


def _springs(throne: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each cell and height, the `between` masks of the segments from that cell into `throne`."""
    return tuple(
        tuple(tuple(s.between for s in SEGMENTS[cell][h] if s.end == throne) for h in range(4))
        for cell in range(CELLS)
    )


_INTO = {throne: _springs(throne) for throne in (SOUTH_THRONE, NORTH_THRONE)}
_NEAR = {
    SOUTH_THRONE: tuple(c for c in range(CELLS) if c // SIZE < 3),
    NORTH_THRONE: tuple(c for c in range(CELLS) if c // SIZE >= SIZE - 3),
}
"""Cells close enough to each throne for a ring of height 3 or less to bounce into it."""


class Weights:
    """The evaluation's weights, in points (the value squashes the sum with tanh(points / scale))."""

    threat = 260.0  # the opponent could end on our throne if it were their move
    extra_threat = 140.0  # each further ring that could
    spring = 45.0  # a ring near a throne that bounces a lander straight into it
    mobility = 2.0  # per cell a movable ring can end or land on
    scale = 400.0


class GygesHeuristics:
    """Evaluation, move order, exact key and immediate wins for Gygès (see `SearchHints`)."""

    def __init__(self, weights: type[Weights] | Weights = Weights) -> None:
        self.w = weights

    # ----- search hints ---------------------------------------------------------------------
    def key(self, state: State) -> Hashable:
        """The board, the side to move, the phase and everything else that shapes the future."""
        s = cast("GygesState", state)
        return bytes(s.heights), s.side, s.phase, s.captures, s.throne_ring, s.passes

    def winning_action(self, state: State) -> Action | None:
        """A move onto the opponent's throne that ends the game, or None."""
        s = cast("GygesState", state)
        if s.phase != PLAY or s.captures[s.side] + 1 < s.captures_needed[s.side]:
            return None
        for group in s.ring_moves():
            if group.throne:
                return move(group.start, TARGET[s.side])
        return None

    def value(self, state: State) -> float:
        """How good the position is for the side to move, in (-1, 1)."""
        s = cast("GygesState", state)
        if s.phase != PLAY:
            return self._value_outside_play(s)
        me = s.side
        you = 1 - me
        w = self.w
        mine = s.ring_moves()
        points = 0.0
        for group in mine:
            if group.throne:
                if s.captures[me] + 1 >= s.captures_needed[me]:
                    return 0.98
                points += w.threat  # a capture in the King's game
                break
        heights, occupied = s.heights, s.occupied
        _, yours = generate(heights, occupied, you, s.replacement, s.classic)
        threats = 0
        reach = 0
        for group in yours:
            threats += group.throne
            reach += (group.ends | group.lands).bit_count()
        for group in mine:
            reach -= (group.ends | group.lands).bit_count()
        if threats:
            points -= w.threat + w.extra_threat * (threats - 1)
        points -= w.mobility * reach
        points += w.spring * (_count_springs(heights, occupied, TARGET[me])
                              - _count_springs(heights, occupied, TARGET[you]))
        points += w.threat * 2 * (s.captures[me] - s.captures[you])
        return math.tanh(points / w.scale)

    # ----- the Heuristics protocol ----------------------------------------------------------
    def evaluate(self, state: State) -> list[float]:
        """Per seat, the chance of winning as the evaluation sees it."""
        s = cast("GygesState", state)
        if s.phase == OVER:
            return s.returns()
        mover = s.to_move
        if mover < 0:  # a chance node while the set-up is drawn
            return [0.5, 0.5]
        half = 0.5 * self.value(s)
        values = [0.5 - half, 0.5 - half]
        values[mover] = 0.5 + half
        return values

    def order(self, state: State, actions: Sequence[Action]) -> list[Action]:
        """Moves onto the opponent's throne first, the rest as given."""
        s = cast("GygesState", state)
        if s.phase != PLAY:
            return list(actions)
        target = TARGET[s.side]
        first = [a for a in actions if isinstance(a, Move) and a.end == target]
        if not first:
            return list(actions)
        return first + [a for a in actions if not (isinstance(a, Move) and a.end == target)]

    def _value_outside_play(self, s: GygesState) -> float:
        if s.phase == OVER:
            result = s.returns()
            return 0.99 * (result[s.side] - result[1 - s.side])
        if s.phase == SETUP:
            return 0.0
        me, you = s.side, 1 - s.side  # the King's game: a captured ring waits to be put back
        return math.tanh(2 * self.w.threat * (s.captures[me] - s.captures[you]) / self.w.scale)


def _count_springs(heights: list[int], occupied: int, throne: int) -> int:
    """Rings that would bounce a ring landing on them straight into `throne`."""
    into = _INTO[throne]
    count = 0
    for cell in _NEAR[throne]:
        if occupied >> cell & 1:
            for between in into[cell][heights[cell]]:
                if not between & occupied:
                    count += 1
                    break
    return count


HEURISTICS = GygesHeuristics()
"""The shared instance `Gyges.heuristics()` hands out."""
