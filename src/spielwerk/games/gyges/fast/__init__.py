"""Gygès move generation at compiled speed, where numba is installed (the extra `spielwerk[fast]`).

`compiled()` hands out the compiled generator, or None where numba is missing or the plain path was
chosen (`use_compiled(False)`, or the environment variable SPIELWERK_PLAIN set to anything but ""):
the rules then use the plain Python generator in `movegen`, which stays the reference. numba is
imported on the first call, not when spielwerk is imported.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spielwerk.games.gyges.fast.edge import CompiledGenerator

PLAIN_VARIABLE = "SPIELWERK_PLAIN"
_choice: dict[str, CompiledGenerator | None] = {}


def compiled() -> CompiledGenerator | None:
    """The compiled generator, or None for the plain Python path."""
    try:
        return _choice["generator"]
    except KeyError:
        _choice["generator"] = _load() if not os.environ.get(PLAIN_VARIABLE) else None
        return _choice["generator"]


def use_compiled(wanted: bool) -> bool:
    """Choose the compiled path (where numba imports) or the plain one; True if compiled is now used."""
    _choice["generator"] = _load() if wanted else None
    return _choice["generator"] is not None


def _load() -> CompiledGenerator | None:
    try:
        from spielwerk.games.gyges.fast.edge import CompiledGenerator
    except ImportError:  # no numba (or no numpy): the plain path
        return None
    return CompiledGenerator()
