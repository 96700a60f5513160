"""What every compiled Gygès module shares: the compiling decorator, the integer arrays, the mask of
connections a walk can use again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
from numba import njit  # type: ignore[import-not-found,unused-ignore]
from numpy.typing import NDArray

from spielwerk.games.gyges.board import CELLS, CONNECTIONS, SIZE

F = TypeVar("F", bound=Callable[..., Any])
Ints = NDArray[np.int64]
Heights = bytes | Ints
"""A position's heights cell by cell: a search key's bytes, or an array the search plays moves on."""

INNER_CONNECTIONS = 2 * SIZE * (SIZE - 1)
"""Connections between two cells come first (bits 0..59); a throne's connection is only ever a move's
last step, so no later step can use it again and the sets used leave it out."""
assert all(a < CELLS and b < CELLS for a, b in CONNECTIONS[:INNER_CONNECTIONS])
INNER = (1 << INNER_CONNECTIONS) - 1


def _compiled(function: F) -> F:
    """`function` compiled on first call, kept in numba's on-disk cache."""
    return cast(F, njit(cache=True)(function))
