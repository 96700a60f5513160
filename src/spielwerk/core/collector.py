"""Python's cycle collector during work that allocates fast and keeps little: a search builds and
drops millions of small objects, almost none of them in cycles, and the collector's young generation,
collected every 700 allocations by default, then walks them again and again for nothing. Within
`rarely_collected()` it is collected every `YOUNG` allocations instead; older generations keep their
settings, so cycles are still freed, only later."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG = 20_000
"""Allocations (less frees) between two collections of the youngest generation (Python's default: 700)."""

_lock = threading.Lock()
_inside = 0
_saved = 0


@contextmanager
def rarely_collected() -> Iterator[None]:
    """Collect the young generation every `YOUNG` allocations while inside (nesting and threads
    allowed: the setting the first one in found is put back when the last one leaves); nothing changes
    where the collector is off or already less frequent."""
    global _inside, _saved
    with _lock:
        if _inside == 0:
            young, middle, old = gc.get_threshold()
            _saved = young
            if 0 < young < YOUNG:
                gc.set_threshold(YOUNG, middle, old)
        _inside += 1
    try:
        yield
    finally:
        with _lock:
            _inside -= 1
            if _inside == 0:
                young, middle, old = gc.get_threshold()
                if young == YOUNG and _saved != YOUNG:
                    gc.set_threshold(_saved, middle, old)
