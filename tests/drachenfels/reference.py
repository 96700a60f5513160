"""A slow, obviously right walk generator to check movegen against: every sequence of steps, tried."""

from __future__ import annotations

from collections.abc import Sequence

from spielwerk.games.drachenfels.board import BOARD
from spielwerk.games.drachenfels.rules import DrachenfelsState


def reference_ends(state: DrachenfelsState, seat: int, count: int) -> set[int]:
    """Every field the knight of `seat` can end on after exactly `count` points, by brute force."""
    return set(reference_walks(state, seat, count))


def reference_walks(state: DrachenfelsState, seat: int, count: int) -> dict[int, set[tuple[int, int]]]:
    """Every field the knight of `seat` can end on after exactly `count` points, with the rainbows
    crossed on some way there, by brute force."""
    armour = state.armour[seat]
    others = {field for other, field in enumerate(state.knights) if other != seat}
    across: dict[int, set[tuple[int, tuple[int, int]]]] = {}
    for rock, end in state.rainbows:
        across.setdefault(rock, set()).add((end, (rock, end)))
        across.setdefault(end, set()).add((rock, (rock, end)))

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

    ends: dict[int, set[tuple[int, int]]] = {}

    def go(field: int, came: int, left: int, crossed: frozenset[tuple[int, int]]) -> None:
        steps = [(near, None) for near in BOARD.neighbours[field]] + sorted(across.get(field, ()))
        for target, edge in steps:
            if target == came or not may_enter(target, left == 1):
                continue
            now = crossed if edge is None else crossed | {edge}
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
                        ends.setdefault(spot, set()).update(now)
                else:
                    go(spot, before, left - 1, now)

    go(state.knights[seat], -1, count, frozenset())
    return ends


def rainbows_allowed(rainbows: Sequence[tuple[int, int]], opened: bool) -> bool:
    """Whether these rainbows may all stand at once (drachenfels.rainbow.ends), by counting ends."""
    corners = BOARD.rock_castles
    ends_ok = all(rock in BOARD.rainbow_rocks and (end == BOARD.castle or (opened and end in corners))
                  for rock, end in rainbows)
    rocks = BOARD.rainbow_rocks
    per_rock_to_castle = [sum(1 for edge in rainbows if edge == (rock, BOARD.castle)) for rock in rocks]
    per_rock_to_corner = [sum(1 for r, e in rainbows if r == rock and e in corners) for rock in rocks]
    per_corner = [sum(1 for _, e in rainbows if e == corner) for corner in corners]
    return (
        ends_ok
        and len(rainbows) <= 4
        and len(set(rainbows)) == len(rainbows)
        and max(per_rock_to_castle) <= 1
        and max(per_rock_to_corner) <= 1
        and max(per_corner) <= 1
    )


def reference_rainbow_uses(rainbows: Sequence[tuple[int, int]], opened: bool) -> set[str]:
    """Every rainbow card use (put up, take away, move), as texts, by trying every rainbow there is."""
    every = [(rock, end) for rock in BOARD.rainbow_rocks for end in (BOARD.castle, *BOARD.rock_castles)]
    names = BOARD.names

    def text(edge: tuple[int, int]) -> str:
        return f"{names[edge[0]]}-{names[edge[1]]}"

    found = {
        f"rainbow {text(new)}"
        for new in every
        if new not in rainbows and rainbows_allowed([*rainbows, new], opened)
    }
    for old in rainbows:
        rest = [edge for edge in rainbows if edge != old]
        found.add(f"rainbow -{text(old)}")
        found |= {f"rainbow {text(old)}>{text(new)}" for new in every
                  if new != old and new not in rest and rainbows_allowed([*rest, new], opened)}
    return found
