"""Distances on the Grani board in turns, for the heuristics: a knight's walk and the ring bearer's carry.

A turn is one step or two. A knight without the ring may pass over no dragon and no obstacle, and a
stop on a dragon (a fight) counts one turn more; one without amulets stops on no dragon, or first
fetches an amulet in a city. Where stones wall a knight off from its goal, its way counts as the
way without stones and `WALLED` turns more (stones do not stay: a sword moves them). The ring
bearer passes over everything but a city, stops on no obstacle and in no city but the one it heads
for (it would deliver the ring there), and counts a stop on a dragon as two turns more (losing
there loses the ring). Knights in the way are left out: they move.

Without obstacles the tables are built once; with obstacles they are searched once per target and
obstacles and kept in a cache, as stones are put rarely and searches ask for the same ones again.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from spielwerk.core.kept import Kept
from spielwerk.games.grani.board import BOARD

FAR = 99
"""The distance of a point that cannot be reached."""
CITIES = tuple(BOARD.city_of)
DRAGONS = BOARD.dragons
CITY_MASK = BOARD.cities
DRAGON_FIGHT = 1
"""Extra turns a knight counts for stopping on a dragon on its way (a fight: a bonus move or a shackle)."""
DRAGON_RISK = 2
"""Extra turns the ring bearer counts for stopping on a dragon (it may lose the ring there)."""
WALLED = 10
"""Extra turns for a knight walled off from its goal by stones (a sword must open a way first)."""
CACHE_SIZE = 4096


def _distances(stop_ok: Sequence[bool], pass_ok: Sequence[bool]) -> tuple[tuple[int, ...], ...]:
    """Turns from every point to every other: a turn is one step or two; a step may end on a point
    where `stop_ok` holds, and a two-step move passes over a point only where `pass_ok` holds."""
    size = BOARD.size
    neighbours = BOARD.neighbours
    reach: list[set[int]] = []
    for start in range(size):
        ends = {p for p in neighbours[start] if stop_ok[p]}
        for middle in neighbours[start]:
            if pass_ok[middle]:
                ends.update(p for p in neighbours[middle] if p != start and stop_ok[p])
        reach.append(ends)
    table = []
    for start in range(size):
        turns = [FAR] * size
        turns[start] = 0
        queue = deque([start])
        while queue:
            point = queue.popleft()
            for nxt in reach[point]:
                if turns[nxt] == FAR:
                    turns[nxt] = turns[point] + 1
                    queue.append(nxt)
        table.append(tuple(turns))
    return tuple(table)


def _steps_from(point: int) -> tuple[int, ...]:
    steps = [FAR] * BOARD.size
    steps[point] = 0
    queue = deque([point])
    while queue:
        here = queue.popleft()
        for there in BOARD.neighbours[here]:
            if steps[there] == FAR:
                steps[there] = steps[here] + 1
                queue.append(there)
    return tuple(steps)


STEPS = tuple(_steps_from(point) for point in range(BOARD.size))
"""STEPS[a][b]: steps along the lines from a to b, whatever stands on the points."""
WALK = _distances([True] * BOARD.size, [k != "dragon" for k in BOARD.kind])
"""WALK[a][b]: turns a knight without the ring needs from a to b (it may stop on dragons)."""


_EVERYWHERE = (1 << BOARD.size) - 1
_BIT = tuple(1 << point for point in range(BOARD.size))
"""Per point, its mask."""
_NEAR = tuple(sum(1 << n for n in BOARD.neighbours[point]) for point in range(BOARD.size))
"""Per point, its neighbours as a mask."""


_Back = tuple[tuple[dict[int, int], ...], tuple[int, ...]]


def _moves_back(may_pass: int) -> _Back:
    """Per point, the points one turn's move may start from to end there (its neighbours, and the
    far ends of two-step moves over a point of `may_pass`; the point itself too, which changes no
    search), and the middles of those two-step moves; both as masks. The starts are kept per mask of
    the middles shut (over which no move passes: obstacles), as each is first asked for (`_starts`),
    from 0 on."""
    middles = tuple(_NEAR[point] & may_pass for point in range(BOARD.size))
    return tuple({0: _starts(point, middles[point])} for point in range(BOARD.size)), middles


def _starts(point: int, over: int) -> int:
    """The points a move to `point` may start from, passing over the points of `over`."""
    found = _NEAR[point]
    while over:
        low = over & -over
        over ^= low
        found |= _NEAR[low.bit_length() - 1]
    return found


_WALK_BACK = _moves_back(_EVERYWHERE & ~DRAGONS)
"""The moves of a knight without the ring (it passes over no dragon)."""
_CARRY_BACK = _moves_back(_EVERYWHERE & ~CITY_MASK)
"""The moves of the ring bearer (it passes over no city: it would have to stop there)."""
_STATIC: dict[tuple[int, bool], tuple[int, ...]] = {}
_DYNAMIC: Kept[tuple[int, int, bool], tuple[int, ...]] = Kept(CACHE_SIZE)
_CARRY: Kept[tuple[int, int], tuple[int, ...]] = Kept(CACHE_SIZE)
_HOME: Kept[tuple[int, int], tuple[int, ...]] = Kept(CACHE_SIZE)
_VIA_CITY: Kept[tuple[int, int], tuple[int, ...]] = Kept(CACHE_SIZE)
_WALLED: dict[tuple[int, bool], tuple[int, ...]] = {}


def walk_to(target: int, obstacles: int, armed: bool = True) -> tuple[int, ...]:
    """Turns from every point to `target` for a knight without the ring, around the obstacles
    (which it may neither stop on nor pass over). A stop on a dragon costs `DRAGON_FIGHT` more; a
    knight without amulets stops on none, but may first fetch one in a city, if that is quicker."""
    if not obstacles:
        found = _STATIC.get((target, armed))
        if found is None:
            found = _STATIC[target, armed] = _walk_to(target, 0, armed)
        return found
    key = (target, obstacles, armed)
    found = _DYNAMIC.get(key)
    if found is None:
        found = _DYNAMIC.keep(key, _walk_to(target, obstacles, armed))
    return found


def _walk_to(target: int, obstacles: int, armed: bool) -> tuple[int, ...]:
    # stones do not stay for ever: a sword moves them, so no way counts more than WALLED turns longer
    # than the way without stones
    cap = _walled(target, armed) if obstacles else None
    if armed:
        turns = _search(target, obstacles, obstacles, _WALK_BACK, DRAGON_FIGHT, cap=cap)
    else:  # to the target, or to a city (for an amulet) and on from there armed: one search from all
        onwards = walk_to(target, obstacles, True)
        turns = _search(target, obstacles | DRAGONS, obstacles, _WALK_BACK, DRAGON_FIGHT,
                        [(city, onwards[city]) for city in CITIES], cap)
    return tuple(turns)


def _walled(target: int, armed: bool) -> tuple[int, ...]:
    """Per point, the turns to `target` without stones and WALLED more (kept per target)."""
    found = _WALLED.get((target, armed))
    if found is None:
        found = _WALLED[target, armed] = tuple(turns + WALLED for turns in walk_to(target, 0, armed))
    return found


def walk_via_city(target: int, obstacles: int) -> tuple[int, ...]:
    """Turns from every point to `target` for a knight without amulets that must fetch one in a city
    first (to attack there): the walk to the nearest city, then on armed."""
    key = (target, obstacles)
    found = _VIA_CITY.get(key)
    if found is None:
        onwards = walk_to(target, obstacles, True)
        rows = [[turns + onwards[city] for turns in walk_to(city, obstacles, False)] for city in CITIES]
        found = _VIA_CITY.keep(key, tuple(min(column) for column in zip(*rows, strict=True)))
    return found


def carry_to(city: int, obstacles: int) -> tuple[int, ...]:
    """Turns from every point to `city` for the ring bearer, around the obstacles: it may pass over
    them but stop on none, and it stops in no other city on its way."""
    key = (city, obstacles)
    found = _CARRY.get(key)
    if found is None:
        no_stop = (obstacles | CITY_MASK) & ~(1 << city)
        found = _CARRY.keep(key, tuple(_search(city, no_stop, 0, _CARRY_BACK, DRAGON_RISK)))
    return found


def home(seals: int, obstacles: int) -> tuple[int, ...]:
    """Per point, the turns to carry the ring from there to the nearest city whose seal `seals` (a
    mask of kingdoms) lacks, around the obstacles (0 where it lacks none)."""
    key = (seals, obstacles)
    found = _HOME.get(key)
    if found is None:
        rows = [carry_to(city, obstacles) for k, city in enumerate(CITIES) if not seals >> k & 1]
        found = _HOME.keep(key, tuple(min(column) for column in zip(*rows, strict=True)) if rows
                           else (0,) * BOARD.size)
    return found


def _search(
    target: int, no_stop: int, no_pass: int, back: _Back, dragon: int,
    also: Sequence[tuple[int, int]] = (), cap: Sequence[int] | None = None,
) -> list[int]:
    """A shortest-path search back from `target` over one-turn moves (`back`: see `_moves_back`), a
    turn at a time: the points first reached in turn n as one mask, then the starts of the moves to
    them as the masks of turn n + 1 (turn n + 1 + `dragon` after a stop on a dragon). No move ends on
    a point of `no_stop` (but the target), none passes over one of `no_pass`; no way is FAR long.
    `also`: more targets (point, turns), each counted as that many turns from the end; `cap`: per
    point, the most turns counted (those past WALLED turns or never reached are held to it)."""
    starts, middles = back
    bit = _BIT
    dragons = DRAGONS
    turns = [FAR] * BOARD.size
    pending = [0] * (FAR + 1 + dragon)
    pending[0] = 1 << target
    no_stop &= ~(1 << target)
    last = 0
    for point, turn in also:
        if turn < FAR:
            pending[turn] |= 1 << point
            no_stop &= ~(1 << point)
            last = max(last, turn)
    # the points a move may end on without a dragon, then those with one (a fight), and their turns
    parts = ((~no_stop & ~dragons, 1), (dragons & ~no_stop, 1 + dragon))
    unseen = _EVERYWHERE
    turn = late = 0
    while turn <= last and turn < FAR:
        front = pending[turn] & unseen
        if front:
            unseen ^= front
            if turn > WALLED:
                late |= front
            ends = front & no_stop  # reached, but no knight stops here on its way
            while ends:
                point = ends.bit_length() - 1
                ends ^= bit[point]
                turns[point] = turn
            for stop, cost in parts:  # the starts of moves to the front's points: cost turns on
                part = front & stop
                if part:
                    found = 0
                    while part:  # from the highest point down: no negative numbers, no number made a point
                        point = part.bit_length() - 1
                        part ^= bit[point]
                        turns[point] = turn
                        shut = middles[point] & no_pass
                        kept = starts[point]
                        starting = kept.get(shut)
                        if starting is None:
                            starting = kept[shut] = _starts(point, middles[point] & ~shut)
                        found |= starting
                    pending[turn + cost] |= found
                    if last < turn + cost:
                        last = turn + cost
        turn += 1
    if cap is not None:  # a point reached within WALLED turns is within its cap
        over = late | unseen
        while over:
            point = over.bit_length() - 1
            over ^= bit[point]
            if turns[point] > cap[point]:
                turns[point] = cap[point]
    return turns
