"""Where a knight can walk with a point card, and what each magic card can do on the board now."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from spielwerk.core.kept import Kept
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


def walk_ends(table: Table, seat: int, count: int, armour: bool) -> dict[int, frozenset[Edge]]:
    """Every field the knight of `seat` can end on after exactly `count` steps (drachenfels.move.exact),
    with the rainbows crossed on some way there (each may be moved afterwards for free)."""
    layout = Layout.of(tuple(sorted(table.dragons)), tuple(sorted(table.bridges)), table.rainbows)
    start = table.knights[seat]
    others = frozenset(field for other, field in enumerate(table.knights) if other != seat)
    stars = tuple(star for star in STARS if star not in others and star not in table.dragons)
    found = layout.ends(start, count, armour, stars)
    edges = layout.edges
    return {end: edges[mask] for end, mask in found.items() if end not in others or end not in SINGLE_KNIGHT}


_FIELD, _CAME, _CROSSED = 127, 7, 14
"""A way in `Layout.ends` is one number: its field, the field it came from (shifted by _CAME; 127 for
none) and the rainbows it crossed, one bit per rainbow of the layout (shifted by _CROSSED)."""
_NOWHERE = _FIELD << _CAME
_STAR = tuple(field in STARS for field in range(BOARD.size))


Step = tuple[int, int, int, int]
"""A step from a field: the field it enters, the way it makes (that field, come from this one, with the
rainbow crossed), the way to fly on from there where it enters a star (else 0), and the bit of the
rainbow crossed (0 for none); a way's earlier rainbows are added to the last three."""
Steps = tuple[Step, ...]


def _step(field: int, target: int, bit: int) -> Step:
    return target, target | field << _CAME | bit, target << _CAME | bit if _STAR[target] else 0, bit


_PATHS = tuple(
    tuple(_step(field, near, 0) for near in BOARD.neighbours[field]) for field in range(BOARD.size)
)
_LONGEST = 10
"""The longest walk: the double count of a 5."""


def _reach() -> tuple[tuple[int, ...], ...]:
    """_REACH[start][count]: the mask of the fields a walk of up to `count` steps from `start` might
    enter on any layout (every site bridged, every rainbow up, no dragon)."""
    rocks, ends = BOARD.rainbow_rocks, (CASTLE, *BOARD.rock_castles)
    links = [list(BOARD.neighbours[field]) for field in range(BOARD.size)]
    for rock in rocks:
        for end in ends:
            links[rock].append(end)
            links[end].append(rock)
    found = []
    for start in range(BOARD.size):
        far = [_LONGEST + 1] * BOARD.size
        far[start], layer = 0, [start]
        for steps in range(1, _LONGEST + 1):
            entered = [target for field in layer for target in links[field] if far[target] > steps]
            if any(field in STARS for field in entered):
                entered += STARS
            layer = [field for field in dict.fromkeys(entered) if far[field] > steps]
            for field in layer:
                far[field] = steps
        masks = (sum(1 << f for f in range(BOARD.size) if far[f] <= count) for count in range(_LONGEST + 1))
        found.append(tuple(masks))
    return tuple(found)


_REACH = _reach()
_NEIGHBOURS = tuple(sum(1 << near for near in BOARD.neighbours[field]) for field in range(BOARD.size))
"""Each field's neighbours as a mask."""
_ROCK_BITS = sum(1 << field for field in ROCK_CASTLES)
_OPEN: dict[tuple[int, int], Steps] = {}
"""The paths from a field to those of its neighbours a layout leaves open, by the field and the mask of
the shut ones (a few per field)."""
_STAR_BITS = sum(1 << star for star in STARS)
Crossings = dict[int, frozenset[Edge]]
"""Where walks end, each with the rainbows crossed on some way there."""
_NEAR: dict[tuple[object, ...], Crossings] = {}
"""`Layout.crossings` by start, count, armour and the pieces within reach."""


def _edges(rainbows: tuple[Edge, ...]) -> tuple[frozenset[Edge], ...]:
    """The rainbows of each mask of `rainbows` (kept: layouts of other dragons and bridges share them)."""
    found = _EDGES.get(rainbows)
    if found is None:
        found = _EDGES.keep(rainbows, tuple(
            frozenset(edge for index, edge in enumerate(rainbows) if mask >> index & 1)
            for mask in range(1 << len(rainbows))
        ))
    return found


_EDGES: Kept[tuple[Edge, ...], tuple[frozenset[Edge], ...]] = Kept(1 << 12)


class Layout:
    """The board with these dragons, bridges and rainbows: from each field, where a knight may step next
    (with and without armour, found on first need), and the ends of walks found so far, kept by start,
    count, armour and the stars free to fly to (the other knights matter only there and where a walk
    may end)."""

    __slots__ = ("_across", "_bits", "_ends", "_ends_of", "_layers", "_shut", "_steps", "edges", "rainbows")

    _KEPT: ClassVar[dict[tuple[tuple[int, ...], tuple[int, ...], tuple[Edge, ...]], Layout]] = {}
    _SIZE: ClassVar[int] = 2048

    def __init__(self, dragons: Sequence[int], bridges: Sequence[int], rainbows: tuple[Edge, ...]) -> None:
        across: dict[int, list[Step]] = {}
        for index, (rock, end) in enumerate(rainbows):
            bit = 1 << (_CROSSED + index)
            across.setdefault(rock, []).append(_step(rock, end, bit))
            across.setdefault(end, []).append(_step(end, rock, bit))
        self._across, self.rainbows = across, rainbows
        self._ends_of = tuple((1 << edge[0] | 1 << edge[1], edge) for edge in rainbows)
        """Each rainbow's two fields as a mask, with the rainbow."""
        closed = frozenset(dragons) | (BRIDGE_SITES - frozenset(bridges))
        self._bits = bits = sum(1 << field for field in closed)
        self._shut = (bits | _ROCK_BITS, bits)
        """The fields no step enters, without armour and with it, as masks."""
        self._steps: tuple[dict[int, Steps], dict[int, Steps]] = ({}, {})
        """The steps from the fields walked from so far, without armour and with it (dicts: a layout
        knows few fields, and lists of every field would give the cycle collector more to walk)."""
        self.edges = _edges(rainbows)
        """The rainbows of each crossed mask (shifted back)."""
        self._ends: dict[tuple[int, int, bool, tuple[int, ...]], dict[int, int]] = {}
        self._layers: dict[tuple[int, bool, tuple[int, ...]], list[tuple[int, ...]]] = {}

    @classmethod
    def of(cls, dragons: tuple[int, ...], bridges: tuple[int, ...], rainbows: tuple[Edge, ...]) -> Layout:
        """The layout of these pieces (kept)."""
        key = (dragons, bridges, rainbows)
        found = cls._KEPT.get(key)
        if found is None:
            if len(cls._KEPT) >= cls._SIZE:
                cls._KEPT.clear()
            found = cls._KEPT[key] = cls(dragons, bridges, rainbows)
        return found

    def crossings(self, start: int, count: int, armour: bool, stars: tuple[int, ...]) -> Crossings:
        """`ends` with the rainbows crossed as edges, kept by the pieces within the walk's reach (a walk
        from the same field on another layout that differs only further off ends the same)."""
        reach = _REACH[start][count]
        rainbows = self.rainbows
        if rainbows:
            rainbows = tuple([edge for ends, edge in self._ends_of if reach & ends])
        key = (start, count, armour, self._bits & reach, rainbows, stars if reach & _STAR_BITS else ())
        found = _NEAR.get(key)
        if found is None:
            if len(_NEAR) >= 1 << 16:
                _NEAR.clear()
            edges = self.edges  # not kept in `ends` too: this key finds them first
            masks = self._last(self._ways(start, count - 1, armour, stars), armour, stars)
            found = _NEAR[key] = {end: edges[mask >> _CROSSED] for end, mask in masks.items()}
        return found

    def ends(self, start: int, count: int, armour: bool, stars: tuple[int, ...]) -> dict[int, int]:
        """Where `count` steps from `start` may end, each with the mask of rainbows crossed on some way
        there (shifted back), other knights aside; `stars`: the stars a knight may fly to (kept)."""
        key = (start, count, armour, stars)
        found = self._ends.get(key)
        if found is None:
            ways = self._ways(start, count - 1, armour, stars)
            masks = self._last(ways, armour, stars)
            found = self._ends[key] = {end: mask >> _CROSSED for end, mask in masks.items()}
        return found

    def _ways(self, start: int, steps: int, armour: bool, stars: tuple[int, ...]) -> tuple[int, ...]:
        """The ways of `steps` steps from `start` that may go on (kept, with the shorter ones: a longer
        count goes on from them; as tuples, which the collector soon leaves alone)."""
        key = (start, armour, stars)
        found = self._layers.get(key)
        if found is None:
            found = self._layers[key] = [(start | _NOWHERE,)]
        while len(found) <= steps:
            found.append(tuple(self._next(found[-1], armour, stars)))
        return found[steps]

    def _from(self, armour: bool, field: int) -> Steps:
        """The steps from `field` (kept; the paths to its neighbours are shared by the layouts that shut
        the same of them)."""
        shut = self._shut[armour]
        key = (field, shut & _NEIGHBOURS[field])
        found = _OPEN.get(key)
        if found is None:
            found = _OPEN[key] = tuple(step for step in _PATHS[field] if not shut >> step[0] & 1)
        across = self._across.get(field)
        if across is not None:
            found = (*found, *(step for step in across if not shut >> step[0] & 1))
        self._steps[armour][field] = found
        return found

    def _next(self, ways: tuple[int, ...], armour: bool, stars: tuple[int, ...]) -> set[int]:
        """The ways one step on, each (field, the field came from, the rainbows crossed) once; no way
        passes the castle."""
        table = self._steps[armour]
        reached: set[int] = set()
        add = reached.add
        for way in ways:
            field, came, crossed = way & _FIELD, way >> _CAME & _FIELD, way >> _CROSSED << _CROSSED
            for target, made, fly, _ in table.get(field) or self._from(armour, field):
                if target != came and target != CASTLE:
                    add(made | crossed)
                    if fly:
                        fly |= crossed
                        for star in stars:
                            if star != target:
                                add(star | fly)
        return reached

    def _last(self, ways: tuple[int, ...], armour: bool, stars: tuple[int, ...]) -> dict[int, int]:
        """Where the last step of `ways` ends, with the rainbows crossed on some way there (a mask still
        shifted by _CROSSED)."""
        table = self._steps[armour]
        ends: dict[int, int] = {}
        get = ends.get
        for way in ways:
            field, came, crossed = way & _FIELD, way >> _CAME & _FIELD, way >> _CROSSED << _CROSSED
            for target, _, fly, bit in table.get(field) or self._from(armour, field):
                if target != came:
                    bit |= crossed
                    ends[target] = get(target, 0) | bit
                    if fly:
                        for star in stars:
                            if star != target:
                                ends[star] = get(star, 0) | bit
        return ends


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


def bridge_moves(bridges: Sequence[int], knights: Collection[int], spare: int) -> list[tuple[int, int]]:
    """(old, new) for every use of a bridge card; -1 for none (drachenfels.card.bridge)."""
    free = [site for site in BOARD.bridge_sites if site not in bridges]
    movable = [site for site in bridges if site not in knights]
    found = [(-1, site) for site in free] if spare else []
    for old in movable:
        found.append((old, -1))
        found.extend((old, new) for new in free)
    return found


def dragon_moves(dragons: Sequence[int], knights: Collection[int]) -> list[tuple[int, int]]:
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
