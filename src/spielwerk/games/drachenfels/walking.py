"""Where a knight may walk with a point card, kept per position and seat.

The walks of a position depend on the pieces (knights, dragons, bridges, rainbows) and the walker's
armour and double count. A state keeps the `Walking` of each seat it was asked about until one of
those changes (the play of a position asks for its walks card by card, again to end the turn, and
again to apply the walk chosen; cards drawn and taken leave them as they were), and every `Walking`
is kept by what it depends on as well (a search comes back to the same positions); the ways
themselves are `movegen.Layout`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from spielwerk.games.drachenfels import movegen
from spielwerk.games.drachenfels.board import BOARD
from spielwerk.games.drachenfels.notation import Edge, Walk

if TYPE_CHECKING:
    from spielwerk.games.drachenfels.rules import DrachenfelsState

Walks = tuple[dict[int, frozenset[Edge]], tuple[Walk, ...]]
"""Where a walk may end, with the rainbows crossed on some way there, and the walks by their ends."""


class Walking:
    """The walks of one seat's knight in one position, by the value of the point card (found on need)."""

    __slots__ = ("armour", "blocked", "double", "found", "layout", "stars", "start")

    def __init__(self, state: DrachenfelsState, seat: int) -> None:
        knights, dragons = state.knights, state.dragons
        self.layout = movegen.Layout.of(dragons, state.bridges, state.rainbows)
        self.start = knights[seat]
        others = knights[:seat] + knights[seat + 1 :]
        self.stars = tuple([star for star in movegen.STARS if star not in others and star not in dragons])
        self.blocked = movegen.SINGLE_KNIGHT.intersection(others) or _CLEAR
        """Where another knight stands on a field that holds one: no walk ends there."""
        self.armour, self.double = state.armour[seat], state.double[seat]
        self.found: dict[int, Walks] = {}

    def of(self, value: int) -> Walks:
        """The walks of a point card of `value` (kept)."""
        found = self.found.get(value)
        if found is None:
            found = self.found[value] = self._search(value)
        return found

    def _search(self, value: int) -> Walks:
        layout, start, armour, stars = self.layout, self.start, self.armour, self.stars
        crossed = layout.crossings(start, value, armour, stars)
        if self.double:
            crossed = dict(crossed)
            for end, edges in layout.crossings(start, 2 * value, armour, stars).items():
                crossed[end] = crossed[end] | edges if end in crossed else edges
        ends, blocked = crossed, self.blocked  # crossed may be movegen's own: never changed here
        if blocked and not blocked.isdisjoint(crossed):
            ends = {end: edges for end, edges in crossed.items() if end not in blocked}
        row = _WALK_OF[value]
        return ends, tuple(map(row.__getitem__, sorted(ends)))


def walking(state: DrachenfelsState, seat: int) -> Walking:
    """The walks of `seat`'s knight in the position of `state` (kept by the state until it changes)."""
    kept = state.walking
    if kept is None:
        kept = state.walking = {}
    found = kept.get(seat)
    if found is None:
        key = (state.knights, state.dragons, state.bridges, state.rainbows, seat, state.armour[seat],
               state.double[seat])
        found = _KEPT.get(key, _UNSEEN)
        if found is None or found is _UNSEEN:
            if len(_KEPT) >= _SIZE:
                _KEPT.clear()
            made = Walking(state, seat)
            _KEPT[key] = made if found is None else None  # kept from the second sight on (see _KEPT)
            found = made
        kept[seat] = found
    return found


def walks(state: DrachenfelsState, seat: int, value: int) -> dict[int, frozenset[Edge]]:
    """Where the knight of `seat` may end with a point card of `value`, with the rainbows crossed."""
    return dict(walking(state, seat).of(value)[0])


def reachable(state: DrachenfelsState, seat: int, value: int) -> Mapping[int, frozenset[Edge]]:
    """`walks`, as kept (not to be changed)."""
    return walking(state, seat).of(value)[0]


def walk_plays(state: DrachenfelsState, seat: int, value: int) -> tuple[Walk, ...]:
    """The walks of a point card of `value` by the knight of `seat`, by their ends in order."""
    return walking(state, seat).of(value)[1]


_CLEAR: frozenset[int] = frozenset()
_KEPT: dict[tuple[object, ...], Walking | None] = {}
"""Every `Walking` by the pieces, the seat, its armour and double count; None for one seen once. A search
comes back to its positions again and again, random play seldom: kept at once, the walks of random play
would only make work for the cycle collector."""
_UNSEEN = Walking.__new__(Walking)
_SIZE = 1 << 14
_WALK_OF = tuple(tuple(Walk(value, end) for end in range(BOARD.size)) for value in range(6))
"""Every walk, made once: _WALK_OF[value][end]."""
