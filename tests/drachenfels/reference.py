"""A slow, obviously right walk generator to check movegen against: every sequence of steps, tried."""

from __future__ import annotations

from spielwerk.games.drachenfels.board import BOARD
from spielwerk.games.drachenfels.rules import DrachenfelsState


def reference_ends(state: DrachenfelsState, seat: int, count: int) -> set[int]:
    """Every field the knight of `seat` can end on after exactly `count` points, by brute force."""
    armour = state.armour[seat]
    others = {field for other, field in enumerate(state.knights) if other != seat}
    across: dict[int, set[int]] = {}
    for rock, end in state.rainbows:
        across.setdefault(rock, set()).add(end)
        across.setdefault(end, set()).add(rock)

    def may_enter(field: int, last: bool) -> bool:
        if field in state.dragons:
            return False
        if field in BOARD.bridge_sites and field not in state.bridges:
            return False
        if field == BOARD.castle:
            return last
        if field in BOARD.rock_castles:
            return armour
        return True

    def may_end(field: int) -> bool:
        single = field in BOARD.rock_castles or field in BOARD.rainbow_rocks
        return not (single and field in others)

    ends: set[int] = set()

    def go(field: int, came: int, left: int) -> None:
        for target in (*BOARD.neighbours[field], *across.get(field, ())):
            if target == came or not may_enter(target, left == 1):
                continue
            landings = [(target, field)]
            if target in BOARD.stars:
                landings += [
                    (star, target)
                    for star in BOARD.stars
                    if star != target and star not in others and star not in state.dragons
                ]
            for spot, before in landings:
                if left == 1:
                    if may_end(spot):
                        ends.add(spot)
                else:
                    go(spot, before, left - 1)

    go(state.knights[seat], -1, count)
    return ends
