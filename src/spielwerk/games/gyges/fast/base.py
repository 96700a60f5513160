"""What every compiled Gygès module shares: the compiling decorator (its cache dropped when any
source changes), the integer arrays, the mask of connections a walk can use again."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path
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


SOURCES = (*sorted(Path(__file__).parent.glob("*.py")), Path(__file__).parent.parent / "board.py")
"""Every file the compiled code is made from: its functions and the tables they read."""
STAMP = "sources.sha256"


def drop_stale_cache(cache: Path, sources: Sequence[Path]) -> bool:
    """Remove numba's cached machine code from the folder `cache` where any of `sources` changed
    since it was made (known by the digest kept in the file `STAMP` there); True if removed.

    numba checks only the file of the function it compiles, yet a compiled function carries the
    functions it calls and the tables they read: after a change to `walks.py` alone, `count.py`'s
    cached code would still run the old walks.
    """
    stamp = cache / STAMP
    try:
        digest = hashlib.sha256(b"".join(path.read_bytes() for path in sources)).hexdigest()
        if stamp.is_file() and stamp.read_text() == digest:
            return False
        for cached in [*cache.glob("*.nbi"), *cache.glob("*.nbc")]:
            cached.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest)
    except OSError:  # sources not in files, or a folder we may not write: numba then caches in the
        return False  # user's folders, and an install rewrites every source, which numba's check sees
    return True


drop_stale_cache(Path(__file__).parent / "__pycache__", SOURCES)


def _compiled(function: F) -> F:
    """`function` compiled on first call, kept in numba's on-disk cache."""
    return cast(F, njit(cache=True)(function))
