"""Where a knight may go, and where a stone, the ring or a banished knight may be put.

Everything here reads a GraniState and returns legal actions; nothing changes the state.
`stop_problem` and `pass_problem` say why a point cannot be stopped on or passed over; the fast
move generator below asks the same questions inline and tests compare the two.
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import TYPE_CHECKING

from spielwerk.core.message import Message
from spielwerk.games.grani.board import BOARD
from spielwerk.games.grani.names import knight, place
from spielwerk.games.grani.notation import Move, Place, move
from spielwerk.games.grani.notation import place as decision
from spielwerk.games.grani.say import say

if TYPE_CHECKING:
    from spielwerk.games.grani.rules import GraniState

NEIGHBOURS = BOARD.neighbours
DRAGONS = BOARD.dragons
CITIES = BOARD.cities
EXILES = BOARD.exiles
BLACK = BOARD.mask_of("black")
STONE_SPOTS = BOARD.plain
"""Obstacles go on free black or white (exile) points; never on symbol points."""


def others_of(state: GraniState, seat: int) -> tuple[dict[int, int], int]:
    """How many other knights stand on each point, and those points as a mask."""
    counts: dict[int, int] = {}
    mask = 0
    for other, point in enumerate(state.at):
        if other != seat:
            counts[point] = counts.get(point, 0) + 1
            mask |= 1 << point
    return counts, mask


def occupation(state: GraniState, seat: int) -> tuple[int, int]:
    """The points other knights stand on, and those where more than one of them stands, as masks."""
    occupied = crowded = 0
    for other, point in enumerate(state.at):
        if other != seat:
            bit = 1 << point
            crowded |= occupied & bit
            occupied |= bit
    return occupied, crowded


def knight_moves(state: GraniState, seat: int, bonus: bool) -> list[Move]:
    """Every move of `seat`'s knight: a normal move, or the bonus move after a won dragon fight."""
    start = state.at[seat]
    amulets = state.amulets[seat]
    ring = state.ring
    obstacles = state.obstacles
    occupied, crowded = occupation(state, seat)
    # The points the knight may stop on (stop_problem is None), as one mask.
    stops = ~obstacles & ~crowded
    if amulets < 1:
        stops &= ~DRAGONS
    if amulets < 1 or not EXILES & ~obstacles & ~occupied:  # no attack
        stops &= ~occupied
    else:
        stops &= ~(occupied & CITIES)
        if amulets < 2:
            stops &= ~(occupied & DRAGONS)
    # The moves depend on no more than this: what stands on the points within two steps (on a city
    # no stone, so a knight there is told apart from a stone by the city).
    near = _NEAR[start]
    if ring >= 0 and not near >> ring & 1:
        ring = -1  # the ring is not on a first step: it changes no move
    bearer = state.bearer == seat
    key = (start << 2 | bonus << 1 | bearer, ring, stops & _AREA[start], (obstacles | occupied) & near)
    found = _MOVES.get(key)
    if found is None:
        if len(_MOVES) >= _MOVES_KEPT:
            _MOVES.clear()
        found = _MOVES[key] = _knight_moves(start, bonus, bearer, ring, stops, DRAGONS | obstacles | occupied,
                                             occupied)
    return list(found)


def _knight_moves(
    start: int, bonus: bool, bearer: bool, ring: int, stops: int, blocked: int, occupied: int
) -> tuple[Move, ...]:
    """The moves from `start` ending on points of `stops`, passing over no point of `blocked` (but
    as the ring bearer or in a bonus move), the ring's point taking the ring."""
    found: list[Move] = []
    plain = over = 0  # the ends found so far, of moves not passing the ring and of moves passing it
    for first, step, onward in _PATHS[start]:
        carrying = bearer or first == ring
        must_stop = carrying and CITIES >> first & 1 and not occupied >> first & 1
        if (not bonus or must_stop) and stops >> first & 1 and not plain >> first & 1:
            plain |= 1 << first
            found.append(step)
        if must_stop or (not bonus and not carrying and blocked >> first & 1):
            continue
        if first == ring:
            for second, _, over_ring in onward:
                if stops >> second & 1 and not over >> second & 1:
                    over |= 1 << second
                    found.append(over_ring)
        else:
            for second, one, _ in onward:
                if stops >> second & 1 and not plain >> second & 1:
                    plain |= 1 << second
                    found.append(one)
    return tuple(found)


_NEAR = tuple(sum(1 << n for n in NEIGHBOURS[point]) for point in range(BOARD.size))
_AREA = tuple(reduce(or_, (_NEAR[n] for n in NEIGHBOURS[point]), _NEAR[point]) for point in range(BOARD.size))
"""Per point, the points within two steps of it (itself among them where a line leads back)."""
_MOVES: dict[tuple[int, int, int, int], tuple[Move, ...]] = {}
_MOVES_KEPT = 1 << 16
_Onward = tuple[tuple[int, Move, Move], ...]
_PATHS: tuple[tuple[tuple[int, Move, _Onward], ...], ...] = tuple(
    tuple(
        (first, move(start, first),
         tuple((second, move(start, second), move(start, second, first))
               for second in NEIGHBOURS[first] if second != start))
        for first in NEIGHBOURS[start]
    )
    for start in range(BOARD.size)
)
"""For each start point, each first step: its point, its move, and the second steps on from it (their
point, the move, and the move passing the ring on the first step's point)."""


def stop_problem(state: GraniState, seat: int, point: int) -> tuple[str, Message] | None:
    """Why `seat`'s knight may not end a step on `point` (rule id, reason), or None if it may."""
    name = BOARD.names[point]
    amulets = state.amulets[seat]
    _counts, occupied = others_of(state, seat)
    if state.obstacles >> point & 1:
        return "grani.move.free", say("grani.move.free.stone", point=name)
    here = [other for other, at in enumerate(state.at) if at == point and other != seat]
    if len(here) > 1:
        return "grani.start", say("grani.start.crowded", point=name, count=len(here))
    if here:
        victim = knight(here[0])
        if CITIES >> point & 1:
            return "grani.city.enter", say("grani.city.enter.peace", place=place(point), victim=victim)
        if amulets < 1:
            return "grani.amulet.cost", say("grani.amulet.cost.attack", victim=victim, seat=knight(seat))
        if DRAGONS >> point & 1 and amulets < 2:
            return "grani.amulet.cost", say("grani.amulet.cost.attack-dragon", victim=victim,
                                            seat=knight(seat))
        if not EXILES & ~state.obstacles & ~occupied:
            return "grani.attack", say("grani.attack.no-exile", victim=victim)
        return None
    if DRAGONS >> point & 1 and amulets < 1:
        return "grani.amulet.cost", say("grani.amulet.cost.dragon", seat=knight(seat), point=name)
    return None


def pass_problem(
    state: GraniState, seat: int, point: int, carrying: bool, bonus: bool
) -> tuple[str, Message] | None:
    """Why `seat`'s knight may not pass over `point` (rule id, reason), or None if it may."""
    name = BOARD.names[point]
    _, occupied = others_of(state, seat)
    if carrying and CITIES >> point & 1 and not occupied >> point & 1:
        return "grani.city.ring", say("grani.city.ring.must-stop", point=name)
    if bonus or carrying:
        return None
    if DRAGONS >> point & 1:
        return "grani.move.no-pass", say("grani.move.no-pass.dragon", point=name)
    if state.obstacles >> point & 1:
        return "grani.move.no-pass", say("grani.move.no-pass.stone", point=name)
    if occupied >> point & 1:
        return "grani.move.no-pass", say("grani.move.no-pass.knight", point=name)
    return None


# ----- placements ---------------------------------------------------------------------------
def _chunks(verb: str) -> tuple[tuple[tuple[Place, ...], ...], ...]:
    """For each eight points of the board and each mask of them, the decisions `verb` on those points."""
    return tuple(
        tuple(tuple(decision(verb, base + i) for i in range(8) if byte >> i & 1 and base + i < BOARD.size)
              for byte in range(256))
        for base in range(0, BOARD.size, 8)
    )


_DECISIONS = {verb: _chunks(verb) for verb in ("exile", "ring", "block", "lift")}


def decisions(verb: str, mask: int) -> list[Place]:
    """The decisions `verb` on the points of `mask`, in point order."""
    found: list[Place] = []
    for chunk in _DECISIONS[verb]:
        if not mask:
            break
        byte = mask & 255
        if byte:
            found += chunk[byte]
        mask >>= 8
    return found


def exile_spots(state: GraniState) -> list[Place]:
    """Free exile points the attacked knight may be banished to."""
    taken = 0
    for point in state.at:
        taken |= 1 << point
    return decisions("exile", EXILES & ~state.obstacles & ~taken)


def ring_spots(state: GraniState, away_from: int) -> list[Place]:
    """Where the ring may be put: a free black point outside kingdom `away_from`, joined to every city.

    Ruling: stones put while a knight carries the ring may part the cities from each other; then no
    point is joined to every city, and the ring goes on a point joined to as many cities as any.
    """
    taken = state.obstacles
    for point in state.at:
        taken |= 1 << point
    candidates = BLACK & ~BOARD.kingdom_masks[away_from] & ~taken
    return decisions("ring", _best_joined(candidates, state.obstacles))


def _stone_candidates(state: GraniState) -> int:
    """The free black and exile points, but the one a stone was just lifted from and the ring's."""
    taken = state.obstacles
    for point in state.at:
        taken |= 1 << point
    candidates = STONE_SPOTS & ~taken
    if state.lifted >= 0:
        candidates &= ~(1 << state.lifted)
    if state.ring >= 0:
        candidates &= ~(1 << state.ring)
    return candidates


def _stone_mask(state: GraniState) -> int:
    """The points an obstacle may be put on (see stone_spots), as a mask."""
    candidates = _stone_candidates(state)
    if state.ring >= 0 and candidates:
        candidates &= ~_ring_cuts(state.ring, state.obstacles, candidates & _unsure(state.obstacles))
    return candidates


def _has_stone_mask(state: GraniState) -> bool:
    """Whether `_stone_mask` is not empty (mostly without asking which points cut the ring off)."""
    candidates = _stone_candidates(state)
    if not candidates or state.ring < 0:
        return bool(candidates)
    unsure = candidates & _unsure(state.obstacles)
    return candidates != unsure or bool(unsure & ~_ring_cuts(state.ring, state.obstacles, unsure))


def stone_spots(state: GraniState) -> list[Place]:
    """Where an obstacle may be put: a free black or exile point that does not shut the ring in."""
    return decisions("block", _stone_mask(state))


def has_stone_spot(state: GraniState) -> bool:
    """Whether an obstacle may be put anywhere (stone_spots is not empty)."""
    return _has_stone_mask(state)


def lift_spots(state: GraniState) -> list[Place]:
    """Obstacles on the board that may be moved (somewhere else must be free for them)."""
    if not state.obstacles:
        return []
    if _has_stone_mask(state):
        return decisions("lift", state.obstacles)
    return decisions("lift", _liftable_when_crowded(state))


def has_lift_spot(state: GraniState) -> bool:
    """Whether an obstacle may be lifted (lift_spots is not empty)."""
    return bool(state.obstacles) and (_has_stone_mask(state) or bool(_liftable_when_crowded(state)))


def _liftable_when_crowded(state: GraniState) -> int:
    # Lifting a stone can only open ways, so this is reached on crowded boards alone.
    found = 0
    for point in BOARD.points(state.obstacles):
        state.obstacles &= ~(1 << point)
        state.lifted = point
        if _has_stone_mask(state):
            found |= 1 << point
        state.obstacles |= 1 << point
        state.lifted = -1
    return found


def _best_joined(candidates: int, obstacles: int) -> int:
    """The candidates joined to the most cities through points without obstacles."""
    unseen = candidates
    best, found = -1, 0
    while unseen:
        seed = (unseen & -unseen).bit_length() - 1
        component = joined_to(seed, obstacles)
        unseen &= ~component
        joined = (component & CITIES).bit_count()
        if joined > best:
            best, found = joined, component & candidates
        elif joined == best:
            found |= component & candidates
    return found


def joined_to(seed: int, obstacles: int) -> int:
    """The points joined to `seed` by lines through points without obstacles (a mask)."""
    near = _NEAR
    seen = front = 1 << seed
    free = ~obstacles
    while front:
        grown = 0
        while front:
            low = front & -front
            front ^= low
            grown |= near[low.bit_length() - 1]
        front = grown & free & ~seen
        seen |= front
    return seen


def _bypasses() -> tuple[int, ...]:
    """Per point, the points of a set of shortest ways that join its neighbours without passing it
    (every point where there is none): while none of them holds a stone, a stone on the point parts
    nothing that was joined."""
    found = []
    everything = (1 << BOARD.size) - 1
    for point in range(BOARD.size):
        first, *others = NEIGHBOURS[point]
        came_from = {first: first}
        queue = [first]
        for here in queue:
            for there in NEIGHBOURS[here]:
                if there != point and there not in came_from:
                    came_from[there] = here
                    queue.append(there)
        ways = 1 << first
        for other in others:
            if other not in came_from:
                ways = everything
                break
            while other != first:
                ways |= 1 << other
                other = came_from[other]
        found.append(ways)
    return tuple(found)


_BYPASS = _bypasses()
_PARTS_BYPASS = tuple(sum(1 << p for p in range(BOARD.size) if _BYPASS[p] >> point & 1)
                      for point in range(BOARD.size))
"""Per point, the points whose bypass it is on (a stone there may make them cut points)."""
_NO_BYPASS = sum(1 << p for p in range(BOARD.size) if _BYPASS[p] >> p & 1)
"""The points without a bypass (their own bit is set only where the bypass is everything)."""


def _unsure(obstacles: int) -> int:
    """The points that may cut some way off with these obstacles: a stone lies on their bypass."""
    unsure = _UNSURE.get(obstacles)
    if unsure is None:
        if len(_UNSURE) >= _CUTS_KEPT:
            _UNSURE.clear()
        unsure = _NO_BYPASS
        stones = obstacles
        while stones:
            low = stones & -stones
            stones ^= low
            unsure |= _PARTS_BYPASS[low.bit_length() - 1]
        _UNSURE[obstacles] = unsure
    return unsure


_UNSURE: dict[int, int] = {}


_CUTS: dict[tuple[int, int], int] = {}
_CUTS_KEPT = 4096
_FEW = 2
"""Up to this many points in question are each tried by a search of their own; more, by one search
of the cut points."""


def _ring_cuts(ring: int, obstacles: int, points: int) -> int:
    """Those of `points` whose blocking would cut the ring's point off from some city it is joined
    to: each tried, where they are few; else all the cut points found at once (and kept)."""
    if not points:
        return 0
    key = (ring, obstacles)
    found = _CUTS.get(key)
    if found is not None:
        return found & points
    if points.bit_count() <= _FEW:
        joined = joined_to(ring, obstacles)
        cities = joined & CITIES
        found = 0
        for point in BOARD.points(points & joined):  # points apart from the ring cut nothing off
            if joined_to(ring, obstacles | 1 << point) & CITIES != cities:
                found |= 1 << point
        return found
    if len(_CUTS) >= _CUTS_KEPT:
        _CUTS.clear()
    found = _CUTS[key] = _articulation_points(ring, obstacles)
    return found & points


_CITY = tuple(CITIES >> point & 1 for point in range(BOARD.size))
_BLOCKED = BOARD.size
"""The order `_articulation_points` gives an obstacle: never less than any point's, so never a way."""


def _articulation_points(ring: int, obstacles: int) -> int:
    """Points whose blocking would cut the ring's point off from some city (articulation points, by a
    depth-first search from the ring's point: a point is one where the points searched below one of
    its children hold a city and have no line to a point searched before it)."""
    order = [-1] * BOARD.size
    for point in BOARD.points(obstacles):
        order[point] = _BLOCKED
    order[ring] = 0
    searched = [ring]
    cut: list[int] = []

    def visit(node: int, parent: int, mine: int) -> int:
        """The lowest order the points below `node` reach; as ~order where they hold a city."""
        lowest = mine
        city = _CITY[node]
        for child in NEIGHBOURS[node]:
            seen = order[child]
            if seen < 0:
                order[child] = number = len(searched)
                searched.append(child)
                below = visit(child, node, number)
                if below < 0:
                    below = ~below
                    city = 1
                    if below >= mine:
                        cut.append(node)
                if below < lowest:
                    lowest = below
            elif seen < lowest and child != parent:
                lowest = seen
        return ~lowest if city else lowest

    visit(ring, -1, 0)
    found = 0
    for point in cut:
        found |= 1 << point
    return found & ~(1 << ring)
