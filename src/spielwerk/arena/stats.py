"""Small statistics for tournament tables: the Wilson interval of a score and the exact sign test."""

from __future__ import annotations

import math
from fractions import Fraction


def wilson(score: float, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate `score / games` (draws count half)."""
    if games <= 0:
        return 0.0, 1.0
    rate = score / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


def sign_test(only_first: int, only_second: int) -> float:
    """The two-sided exact sign test (McNemar's, exact) of paired games: the chance, were both sides
    equally strong, of a split of the games only one side won at least as uneven as this one."""
    games = only_first + only_second
    if games == 0:
        return 1.0
    tail = sum(math.comb(games, k) for k in range(min(only_first, only_second) + 1))
    return min(1.0, float(Fraction(2 * tail, 1 << games)))
