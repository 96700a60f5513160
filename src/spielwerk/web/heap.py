"""The server's heap and Python's cycle collector: what the server holds from its start (modules, the
app, the games resumed) is set aside once, so that a full collection under load walks only what came
later, and the young generation is collected less often. A full collection of the whole heap held
every request for 80-140 ms on the 2-core machine (docs/benchmarks.md)."""

from __future__ import annotations

import gc

from spielwerk.core.collector import YOUNG


def settle() -> None:
    """Collect once, move every object alive now out of the collector's reach (`gc.freeze`: they
    stay, refcounting still frees them), and collect the young generation less often. Call once the
    server has started, before it takes requests."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)
