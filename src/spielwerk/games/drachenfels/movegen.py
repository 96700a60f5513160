"""Where a knight can walk with a point card, and what each magic card can do on the board now."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from spielwerk.games.drachenfels.board import BOARD
from spielwerk.games.drachenfels.notation import Edge

CASTLE = BOARD.castle
ROCK_CASTLES = frozenset(BOARD.rock_castles)
SINGLE_KNIGHT = ROCK_CASTLES | frozenset(BOARD.rainbow_rocks)
"""Fields that hold one knight: no move may end there on another knight."""
BRIDGE_SITES = frozenset(BOARD.bridge_sites)
STARS = BOARD.stars
RAINBOWS, BRIDGES = 4, 2
"""The rainbows and bridges the game has."""


@dataclass(frozen=True, slots=True)
class Table:
    """The public pieces a walk depends on."""

    knights: tuple[int, ...]
    dragons: frozenset[int]
    bridges: frozenset[int]
    rainbows: tuple[Edge, ...]


def rainbow_links(rainbows: Iterable[Edge]) -> dict[int, tuple[tuple[int, Edge], ...]]:
    """For each field with a rainbow end: the fields across, with the rainbow."""
    links: dict[int, list[tuple[int, Edge]]] = {}
    for edge in rainbows:
        rock, end = edge
        links.setdefault(rock, []).append((end, edge))
        links.setdefault(end, []).append((rock, edge))
    return {field: tuple(found) for field, found in links.items()}


def walk_ends(table: Table, seat: int, count: int, armour: bool) -> dict[int, frozenset[Edge]]:
    """Every field the knight of `seat` can end on after exactly `count` steps (drachenfels.move.exact),
    with the rainbows crossed on some way there (each may be moved afterwards for free)."""
    return dict(_walk_ends(table, seat, count, armour))


@lru_cache(maxsize=1 << 16)
def _walk_ends(table: Table, seat: int, count: int, armour: bool) -> tuple[tuple[int, frozenset[Edge]], ...]:
    # The ways, one step at a time: each (field, the field came from, the rainbows crossed) once a step.
    links = rainbow_links(table.rainbows)
    others = frozenset(field for other, field in enumerate(table.knights) if other != seat)
    closed = table.dragons | (BRIDGE_SITES - table.bridges)
    if not armour:
        closed |= ROCK_CASTLES
    stars = [star for star in STARS if star not in others and star not in table.dragons]
    ends: dict[int, set[Edge]] = {}
    ways: set[tuple[int, int, frozenset[Edge]]] = {(table.knights[seat], -1, frozenset())}
    for left in range(count - 1, -1, -1):
        reached: list[tuple[int, int, frozenset[Edge]]] = []
        for field, came, crossed in ways:
            for target in BOARD.neighbours[field]:
                if target != came and target not in closed and (left == 0 or target != CASTLE):
                    reached.append((target, field, crossed))
            for target, edge in links.get(field, ()):
                if target != came and target not in closed and (left == 0 or target != CASTLE):
                    reached.append((target, field, crossed | {edge}))
        ways = set()
        for field, came, crossed in reached:
            if left:
                ways.add((field, came, crossed))
            elif field not in others or field == CASTLE or field not in SINGLE_KNIGHT:
                ends.setdefault(field, set()).update(crossed)
            if field in STARS:
                for star in stars:
                    if star != field:
                        if left:
                            ways.add((star, field, crossed))
                        else:
                            ends.setdefault(star, set()).update(crossed)
    return tuple((field, frozenset(crossed)) for field, crossed in ends.items())


def rainbow_ends(opened: bool) -> tuple[int, ...]:
    """Where the far end of a rainbow may stand: the castle, and the rock castles once opened."""
    return (CASTLE, *BOARD.rock_castles) if opened else (CASTLE,)


def rainbow_places(rainbows: Sequence[Edge], opened: bool) -> list[Edge]:
    """Every rainbow that could go up now (drachenfels.rainbow.ends): a rainbow rock carries at most one
    rainbow to the castle and one to a rock castle, a rock castle at most one, the castle any number;
    no more than the four rainbows stand."""
    if len(rainbows) >= RAINBOWS:
        return []
    to_castle = {rock for rock, end in rainbows if end == CASTLE}
    to_corner = {rock for rock, end in rainbows if end != CASTLE}
    ended = {end for _, end in rainbows}

    def free(rock: int, end: int) -> bool:
        if end == CASTLE:
            return rock not in to_castle
        return rock not in to_corner and end not in ended

    return [(rock, end) for rock in BOARD.rainbow_rocks for end in rainbow_ends(opened) if free(rock, end)]


@lru_cache(maxsize=4096)
def rainbow_moves(rainbows: tuple[Edge, ...], opened: bool) -> tuple[tuple[Edge | None, Edge | None], ...]:
    """(old, new) for every use of a rainbow card: put one up, take one away, move one."""
    found: list[tuple[Edge | None, Edge | None]] = [(None, edge) for edge in rainbow_places(rainbows, opened)]
    for old in rainbows:
        found.append((old, None))
        rest = [edge for edge in rainbows if edge != old]
        found.extend((old, new) for new in rainbow_places(rest, opened) if new != old)
    return tuple(found)


def bridge_moves(bridges: Sequence[int], knights: Sequence[int], spare: int) -> list[tuple[int, int]]:
    """(old, new) for every use of a bridge card; -1 for none (drachenfels.card.bridge)."""
    free = [site for site in BOARD.bridge_sites if site not in bridges]
    movable = [site for site in bridges if site not in knights]
    found = [(-1, site) for site in free] if spare else []
    for old in movable:
        found.append((old, -1))
        found.extend((old, new) for new in free)
    return found


def dragon_moves(dragons: Sequence[int], knights: Sequence[int]) -> list[tuple[int, int]]:
    """(from, to) for every dragon card: any dragon to a free green dot or dragon rock."""
    spots = [
        field
        for field in (*BOARD.green_dots, *BOARD.dragon_rocks)
        if field not in dragons and field not in knights
    ]
    return [(dragon, spot) for dragon in sorted(set(dragons)) for spot in spots]


def free_starts(knights: Sequence[int]) -> list[int]:
    """The start fields without a knight."""
    return [field for field in BOARD.starts if field not in knights]


def may_stand(field: int, armour: bool) -> bool:
    """Whether a knight with or without armour may stand on `field` (rock castles need armour)."""
    return armour or field not in ROCK_CASTLES
