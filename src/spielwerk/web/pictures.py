"""The pictures of a finished game's replay: each ply's board as a seat sees it, drawn in a worker
thread (never in the event loop, never under the game's lock) and kept for the next viewer. A ply is
reached by taking the finished state back (`State.undo`, cheap) rather than by playing the record
again from the start (every action judged: a quarter of a second for a long game)."""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict

from spielwerk.core.state import State

KEPT = 512
"""Pictures kept (the newest asked for); a replay walks through one game's plies, viewers share them."""


class Pictures:
    """The replay pictures of finished games, drawn once and kept (at most KEPT)."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._drawn: OrderedDict[tuple[str, int, int | None, str], str] = OrderedDict()
        self._lock = threading.Lock()

    async def draw(self, game_id: str, final: State, ply: int, seat: int | None, language: str) -> str:
        """The SVG of `final`'s game after its first `ply` actions as `seat` sees it in `language`;
        `final` is the state of a game that is over (it never changes again)."""
        key = (game_id, ply, seat, language)
        with self._lock:
            svg = self._drawn.get(key)
            if svg is not None:
                self._drawn.move_to_end(key)
                return svg
        svg = await asyncio.to_thread(_draw, final, ply, seat, language)
        with self._lock:
            self._drawn[key] = svg
            while len(self._drawn) > self.kept:
                self._drawn.popitem(last=False)
        return svg


def at_ply(final: State, ply: int) -> State:
    """A copy of `final` taken back to its first `ply` actions."""
    state = final.clone()
    for _ in range(len(state.history) - ply):
        state.undo()
    return state


def _draw(final: State, ply: int, seat: int | None, language: str) -> str:
    state = at_ply(final, ply)
    return state.game.svg(state, seat, language=language)
