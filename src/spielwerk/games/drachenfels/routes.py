"""Routes for the Drachenfels heuristics: what it costs to get from any field to the castle or a rock castle.

Costs are counted in steps. A piece in the way costs the steps a card to clear it is worth: a dragon
(`DRAGON`, a dragon card moves it), a hole or crossing without a bridge (`BRIDGE`), a rainbow that
is not up (`RAINBOW`, a rainbow card puts it up; every rainbow rock may get one to the castle, and to
each rock castle once rainbows are open). Knights are ignored (walks pass over them, and they move).
Entering a star lets a knight fly to any other star at no cost (one standing on a star walks off it:
`Table.cost`; `Table.arrive` is the cost just after entering a field). The castle is an end only: a
walk may not pass it. Rock castles are passed only by knights with armour, so the castle's table,
which knights without armour use, keeps out of them. Exact counts and the rule against turning back
are left to the evaluation (`heuristics.Weights.land`).

`tables(pieces)` gives one `Table` per goal (the castle, then C1–C4), searched once per set of
pieces (dragons, bridges, rainbows, open or not) and kept in a cache. Besides the cost, a table
counts the pieces to clear on the way it found (`need`, packed: see `clears`), so that the cards
in a hand can be set against them, and `route` follows that way to name the pieces.
"""

from __future__ import annotations

from dataclasses import dataclass
from heapq import heappop, heappush
from typing import Any

from spielwerk.core.kept import Kept
from spielwerk.games.drachenfels.board import BOARD
from spielwerk.games.drachenfels.notation import Edge

DRAGON, BRIDGE, RAINBOW = 3, 3, 3
"""Extra steps for a dragon in the way, a hole or crossing without a bridge, a rainbow not up."""
FAR = 99
"""The cost of a field from which the goal cannot be reached at all."""
CASTLE = BOARD.castle
GOALS = (CASTLE, *BOARD.rock_castles)
"""The goals of the tables, in order: the castle, then the rock castles C1–C4."""
STARS = frozenset(BOARD.stars)
SITES = frozenset(BOARD.bridge_sites)
ROCK_CASTLES = frozenset(BOARD.rock_castles)
_SHIFT = {"dragon": 0, "bridge": 5, "rainbow": 10}
_ONE = {kind: 1 << shift for kind, shift in _SHIFT.items()}
CACHE_SIZE = 2048

Pieces = tuple[tuple[int, ...], tuple[int, ...], tuple[Edge, ...], bool]
"""What the routes depend on: dragons, bridges, rainbows and whether rainbows are open."""


@dataclass(frozen=True, slots=True)
class Table:
    """Per field: the steps to the goal, and the pieces to clear on the way (packed, see `clears`)."""

    goal: int
    cost: tuple[int, ...]
    need: tuple[int, ...]
    arrive: tuple[int, ...]
    """The cost on arriving: on a star, a knight that has just entered it may fly on at once."""


def clears(need: int) -> tuple[int, int, int]:
    """The dragons, bridges and rainbows a packed `need` counts."""
    return need & 31, need >> 5 & 31, need >> 10 & 31


class Routes:
    """Everything kept for one set of pieces: the graph, a table per goal, the ways `route` found, and
    `notes` where the heuristics keep what they derive from the tables (estimates by a small key)."""

    __slots__ = ("graph", "notes", "tables", "ways")

    def __init__(self, pieces: Pieces) -> None:
        self.graph = graph = _Graph(pieces)
        self.tables: tuple[Table, ...] = tuple(graph.search(goal) for goal in GOALS)
        self.ways: dict[tuple[int, int], Way] = {}
        self.notes: dict[Any, Any] = {}

    def route(self, table: Table, start: int) -> Way:
        """The way `table` (one of `tables`) found from `start` to its goal (kept)."""
        key = (table.goal, start)
        found = self.ways.get(key)
        if found is None:
            found = self.ways[key] = _route(self.graph, table, start)
        return found


_CACHE: Kept[Pieces, Routes] = Kept(CACHE_SIZE)


def lookup(pieces: Pieces) -> Routes:
    """The routes of these pieces (searched once, then kept until the cache is full)."""
    found = _CACHE.get(pieces)
    if found is None:
        found = _CACHE.keep(pieces, Routes(pieces))
    return found


def tables(pieces: Pieces) -> tuple[Table, ...]:
    """One table per goal of `GOALS` for these pieces (cached)."""
    return lookup(pieces).tables


_STAR = tuple(field in STARS for field in range(BOARD.size))
_STARS = tuple(STARS)
"""The stars in the order a set of them gives."""
_SHUT = (
    tuple(field == CASTLE or field in ROCK_CASTLES for field in range(BOARD.size)),
    tuple(field == CASTLE for field in range(BOARD.size)),
)
"""_SHUT[armour][field]: whether a way to a goal may not pass `field`."""


class _Graph:
    """The moves between fields with these pieces: (to, extra steps, pieces cleared)."""

    def __init__(self, pieces: Pieces) -> None:
        self.pieces = pieces
        dragons, bridges, rainbows, opened = pieces
        extra = [0] * BOARD.size
        need = [0] * BOARD.size
        for field in dragons:
            extra[field], need[field] = DRAGON, _ONE["dragon"]
        for field in SITES - set(bridges) - set(dragons):
            extra[field], need[field] = BRIDGE, _ONE["bridge"]
        self.extra, self.need = extra, need
        links: dict[int, list[tuple[int, int, int]]] = {}
        up = set(rainbows)
        ends = (CASTLE, *BOARD.rock_castles) if opened else (CASTLE,)
        for rock in BOARD.rainbow_rocks:
            for end in ends:
                cost, cleared = (0, 0) if (rock, end) in up else (RAINBOW, _ONE["rainbow"])
                links.setdefault(rock, []).append((end, cost, cleared))
                links.setdefault(end, []).append((rock, cost, cleared))
        self.links = links

    def search(self, goal: int) -> Table:
        """Steps from every field to `goal` (a search back from it; moves cost 1 and their extras).

        Fields are settled in order of cost, then of number (a heap of fields per cost), as a heap of
        (cost, field) would: where two ways cost the same, the first found keeps its pieces."""
        shut = _SHUT[goal != CASTLE]
        cost = [FAR] * BOARD.size
        need = [0] * BOARD.size
        cost[goal] = 0
        heaps: list[list[int]] = [[goal]]  # one heap a cost (every cost found is below FAR), made on need
        neighbours, extra, needs, links, star_ = BOARD.neighbours, self.extra, self.need, self.links, _STAR
        for done, heap in enumerate(heaps):
            while heap:
                field = heappop(heap)
                if done > cost[field]:
                    continue
                if shut[field] and field != goal:
                    continue  # no walk passes the castle; without armour none enters a rock castle
                step, here = done + 1 + extra[field], need[field] + needs[field]
                for before in neighbours[field]:
                    if step < cost[before]:
                        cost[before], need[before] = step, here
                        while len(heaps) <= step:
                            heaps.append([])
                        heappush(heaps[step], before)
                for before, more, cleared in links.get(field, ()):
                    if step + more < cost[before]:
                        cost[before], need[before] = step + more, here + cleared
                        while len(heaps) <= step + more:
                            heaps.append([])
                        heappush(heaps[step + more], before)
                if star_[field]:
                    for star in _STARS:
                        if done < cost[star]:
                            cost[star], need[star] = done, need[field]
                            heappush(heap, star)
        arrive = tuple(cost)
        for star in STARS - {goal}:  # a knight standing on a star walks off it: it flies only on entering
            cost[star] = FAR
            for field in neighbours[star]:
                step = arrive[field] + 1 + extra[field]
                if step < cost[star]:
                    cost[star], need[star] = step, need[field] + needs[field]
        return Table(goal, tuple(cost), tuple(need), arrive)


@dataclass(frozen=True, slots=True)
class Way:
    """One cheapest way to a table's goal, and the pieces on it."""

    fields: frozenset[int]
    """The fields it enters."""
    blocked: frozenset[int]
    """Fields to clear first: dragons, holes and crossings without a bridge."""
    missing: frozenset[Edge]
    """Rainbows to put up."""
    bridges: frozenset[int]
    """Bridges it walks over."""
    crossed: frozenset[Edge]
    """Rainbows it crosses."""


def route(pieces: Pieces, table: Table, start: int) -> Way:
    """The way `table` found from `start` to its goal."""
    return lookup(pieces).route(table, start)


def _route(graph: _Graph, table: Table, start: int) -> Way:
    pieces = graph.pieces
    arrive, goal = table.arrive, table.goal
    up, laid = set(pieces[2]), set(pieces[1])
    fields: set[int] = set()
    missing: set[Edge] = set()
    crossed: set[Edge] = set()
    here, came, left = start, -1, table.cost[start]
    for _ in range(BOARD.size):
        if here == goal or left >= FAR:
            break
        step = _next(graph, arrive, here, came, goal, left)
        if step is None:
            break
        field, edge = step
        fields.add(field)
        if edge is not None:
            (crossed if edge in up else missing).add(edge)
        here, came, left = field, here, arrive[field]
    blocked = frozenset(field for field in fields if graph.need[field])
    return Way(frozenset(fields), blocked, frozenset(missing), frozenset(fields & laid), frozenset(crossed))


def _next(graph: _Graph, arrive: tuple[int, ...], here: int, came: int, goal: int, left: int
          ) -> tuple[int, Edge | None] | None:
    """A move from `here` (`left` steps from the goal) that keeps to a cheapest way to the goal:
    the field, and the rainbow crossed."""
    def fits(field: int) -> bool:
        return field != came and (field == goal or field != CASTLE)

    for field in BOARD.neighbours[here]:
        if fits(field) and arrive[field] + 1 + graph.extra[field] == left:
            return field, None
    for field, more, _ in graph.links.get(here, ()):
        if fits(field) and arrive[field] + 1 + graph.extra[field] + more == left:
            return field, _edge(here, field)
    if here in STARS and came >= 0:  # just entered: fly on to the star the way goes on from
        for star in STARS:
            if star != here and any(
                arrive[field] + 1 + graph.extra[field] == left for field in BOARD.neighbours[star]
            ):
                return star, None
    return None


def _edge(a: int, b: int) -> Edge:
    """The rainbow between two fields, rainbow rock first."""
    return (a, b) if a in BOARD.rainbow_rocks else (b, a)
