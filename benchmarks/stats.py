"""Small statistics for benchmark tables."""

from __future__ import annotations

import math


def wilson(score: float, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate `score / games` (draws count half)."""
    if games <= 0:
        return 0.0, 1.0
    rate = score / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)
