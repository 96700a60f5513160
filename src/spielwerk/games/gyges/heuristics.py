"""What agents may know about Gygès beyond the rules: an evaluation, move order and a position key.

The evaluation is a small logistic model of the mover's chance to win. What it looks at: can the
side to move end on the opponent's throne now (then it has won: `winning_action` says so exactly);
how many distinct moves each side has, the opponent's counted as if it were their turn (the
strongest signal by far: many landings and free puts mean initiative, few mean a cramped side that
must soon open its own throne); which rings near each throne are springboards (a ring landing there
bounces straight into the throne); and how many of the opponent's movable rings could reach our
throne. It costs one extra move generation (the opponent's), so a search can call it at every leaf:
about 0.1 ms, most of it in the move generator.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from spielwerk.core.heuristics import tuned_weights
from spielwerk.games.gyges.board import CELLS, NORTH_THRONE, SEGMENTS, SIZE, SOUTH_THRONE
from spielwerk.games.gyges.fast import compiled
from spielwerk.games.gyges.movegen import generate
from spielwerk.games.gyges.notation import Move, move

if TYPE_CHECKING:
    from spielwerk.core.state import Action, State
    from spielwerk.games.gyges.rules import GygesState

PLAY, OVER, SETUP = "play", "over", "setup"
TARGET = (NORTH_THRONE, SOUTH_THRONE)
"""The throne each side attacks (South attacks North's)."""


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
    """The evaluation's weights: a logistic model of the mover's chance to win, fitted to self-play.

    The value is tanh(z / 2), that is 2 * P(win) - 1, where z sums the terms below. The weights come
    from a logistic regression of game results on these features, over about ten thousand positions
    of alpha-beta self-play from random set-ups (`mine` and `yours` dominate: each side's number of
    distinct moves, as if it were its turn, on a log scale).
    """

    bias = 1.5  # the mover's tempo
    mine = 0.72  # per unit of log(1 + the mover's move count)
    yours = -0.94  # per unit of log(1 + the opponent's move count, were it their turn)
    spring = 0.085  # per springboard into the opponent's throne, minus those into ours
    threat = 0.0  # the opponent could end on our throne, were it their turn ...
    extra_threat = 0.16  # ... and each further ring that could, up to six (see below)
    """The threat terms: the search finds every threat exactly one ply on (the mover parries or
    loses), so what the model learns of them is positional. Rings that threaten our throne stand
    on the opponent's nearest rank, far from their own throne, which is then open to us: in
    self-play, more threatening rings went with better results for the side facing them."""


class GygesHeuristics:
    """Evaluation, move order, exact key and immediate wins for Gygès (see `SearchHints`)."""

    def __init__(self, weights: type[Weights] | Weights = Weights) -> None:
        self.w = weights

    def with_weights(self, weights: Mapping[str, float]) -> GygesHeuristics:
        """These heuristics with some of `Weights` set otherwise (agent options "w.<name>"), in the
        plain evaluation and the compiled search alike; KeyError for a name that is not one of them."""
        return GygesHeuristics(tuned_weights(Weights, weights))

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
        points = 2.0 * (s.captures[me] - s.captures[you])  # the King's game: captures so far
        for group in mine:
            if group.throne:
                if s.captures[me] + 1 >= s.captures_needed[me]:
                    return 0.98
                points += 1.0  # a capture now, in the King's game
                break
        heights, occupied = s.heights, s.occupied
        _, yours = generate(heights, occupied, you, s.replacement, s.strict)
        threats = 0
        theirs = 0
        for group in yours:
            threats += group.throne
            theirs += group.total()
        ours = 0
        for group in mine:
            ours += group.total()
        z = w.bias + w.mine * math.log1p(ours) + w.yours * math.log1p(theirs) + points
        z += w.spring * (_count_springs(heights, occupied, TARGET[me])
                         - _count_springs(heights, occupied, TARGET[you]))
        if threats:
            z += w.threat + w.extra_threat * (min(threats, 6) - 1)
        return math.tanh(z / 2)

    def search(
        self, state: State, deadline: float | None, limit: int | None, rng: random.Random,
        options: dict[str, Any], memory: dict[str, Any],
    ) -> tuple[Action, dict[str, Any]] | None:
        """The alpha-beta agent's Gygès core (`gyges.search`): (move, stats) for a budget ending at
        `deadline` (perf_counter seconds) or after `limit` nodes, with the agent's options and a
        `memory` kept from move to move; None where the agent's generic search plays the position
        (no compiled generator, the King's game, outside normal play)."""
        s = cast("GygesState", state)
        if s.phase != PLAY or s.captures_needed != (1, 1) or compiled() is None:
            return None
        from spielwerk.games.gyges.search import FastSearch

        owner = (s.game, self.w)
        core = memory.get("gyges")
        if not isinstance(core, FastSearch) or memory.get("gyges.owner") != owner:
            core = memory["gyges"] = FastSearch(self.w)
            memory["gyges.owner"] = owner
        return core.choose(s, deadline, limit, rng, options)

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
        return math.tanh(s.captures[me] - s.captures[you])


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
