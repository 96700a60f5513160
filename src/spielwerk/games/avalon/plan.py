"""The work left to win Avalon, as the heuristics estimate it (avalon.win's chain).

The chain: light the way east (menhirs 8, then 15, then 10), raise the bell at 20 (quest Q1, while
15 burns), defeat the Stag for the horn, find the mirror at 5 (while 10 burns), meet at 10 and
`act wake` there. `plan` lists the tasks still open, orders them for one walker (the character
nearest to the first of them; the relics the others carry walk to 10 on their own) so that its
route is cheapest, and adds up the Energy the route costs: one per travel step along the arrows
(over every location, placed or not) and each action's Energy divided by its chance to succeed.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import cache
from itertools import permutations
from typing import TYPE_CHECKING, NamedTuple

from spielwerk.core.kept import Kept
from spielwerk.games.avalon.content import CONTENT, RELICS, Amount
from spielwerk.games.avalon.world import ALIVE, Hero

if TYPE_CHECKING:
    from spielwerk.games.avalon.rules import AvalonState

EAST, MIDDLE, WAKE = 8, 15, 10
"""The chain's menhirs (avalon.win): the way east, the bell's light, and where the relics meet."""
FAR = 12
"""Travel steps counted where no arrows lead (a verse may have removed one)."""
LOST = 100.0
"""The Energy counted for a relic no one can get any more."""
MIRROR = next(n for n, place in CONTENT.locations.items() if place.relic == "mirror")
BELL_QUEST = next(q for q in CONTENT.quests.values() if q.slug == "bell")
STAG = CONTENT.guardians["stag"].foe


class Task(NamedTuple):
    """One step of the chain: where, the Energy it costs (expected), and what it needs first."""

    name: str
    location: int
    energy: float
    after: str = ""


class Plan(NamedTuple):
    """The cheapest route found: its Energy, the walker's seat, its tasks in order, each activation
    with the Energy spent up to it, and the resources the activations still need."""

    energy: float
    walker: int
    tasks: tuple[Task, ...]
    lights: tuple[tuple[int, float], ...]
    costs: tuple[Amount, ...]


@cache
def distances(arrows: frozenset[tuple[int, int]]) -> dict[int, dict[int, int]]:
    """Travel steps from every location to every other along `arrows` (cached per arrow set)."""
    out: dict[int, list[int]] = {n: [] for n in CONTENT.locations}
    for a, b in arrows:
        out[a].append(b)
    table = {}
    for start in CONTENT.locations:
        seen = {start: 0}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for there in out[here]:
                if there not in seen:
                    seen[there] = seen[here] + 1
                    todo.append(there)
        table[start] = seen
    return table


def chance(attr_value: int, difficulty: int) -> float:
    """The chance that die + `attr_value` reaches `difficulty` (a 6 always succeeds, a 1 fails)."""
    need = min(6, max(2, difficulty - attr_value))
    return (7 - need) / 6


def best(s: AvalonState, attr: str) -> int:
    """The living characters' best value of `attr`, with the best item for it and the group bonus."""
    living = [s.heroes[seat] for seat in s.living()]
    value = max((getattr(hero, attr) + _item_bonus(hero, attr) for hero in living), default=0)
    return value + (int(CONTENT.number("test", "group_bonus")) if len(living) > 1 else 0)


def _item_bonus(hero: Hero, attr: str) -> int:
    items = [CONTENT.items[slug] for slug, _, equipped in hero.items if equipped]
    return max((item.bonus for item in items if item.attr == attr), default=0)


def held(s: AvalonState) -> dict[str, int]:
    """Each relic a living character carries, with that character's seat."""
    return {relic: seat for seat in s.living() for relic in s.heroes[seat].relics}


def tasks(s: AvalonState) -> list[Task]:
    """The chain's open tasks (the wake at 10 comes last, outside this list)."""
    active = {place for place, _ in s.menhirs}
    carried = held(s)
    todo = []
    if not active & {EAST, MIDDLE, WAKE} and MIDDLE not in s.placed:
        todo.append(Task("light", EAST, 1.0))
    if MIDDLE not in active and ("bell" not in carried or (WAKE not in active and WAKE not in s.placed)):
        todo.append(Task("light", MIDDLE, 1.0))
    if "bell" not in carried:
        difficulty = BELL_QUEST.expired_difficulty if s.q1_hard else BELL_QUEST.test[1]  # type: ignore[index]
        cost = sum(a.n for a in BELL_QUEST.cost if a.kind == "energy")
        todo.append(Task("bell", BELL_QUEST.location, cost / chance(best(s, BELL_QUEST.test[0]), difficulty)))  # type: ignore[index]
    if WAKE not in active:
        todo.append(Task("light", WAKE, 1.0))
    if "mirror" not in carried:
        todo.append(Task("mirror", MIRROR, 2.0 / (1.0 + chance(best(s, "wits"), 6)), after="light"))
    if "horn" not in carried:
        where = CONTENT.at(*s.stag) if s.stag is not None else None
        rounds = int(CONTENT.number("encounter", "rounds"))
        win = 1.0 - (1.0 - chance(best(s, STAG.attr), STAG.strength)) ** rounds
        todo.append(Task("horn", where or WAKE, 1.0 / win + 1.0 if where else LOST))
    return todo


def plan(s: AvalonState) -> Plan:
    """The cheapest order of the open tasks for the best walker, and what it costs (cached by what
    it depends on)."""
    key = (
        tuple([(h.location, h.relics, h.might, h.wits, h.items) if h.fate == ALIVE else None
               for h in s.heroes]),
        frozenset([place for place, _ in s.menhirs]), MIDDLE in s.placed, WAKE in s.placed, s.stag,
        s.q1_hard, s.arrows,
    )
    found = _PLANS.get(key)
    if found is None:
        found = _PLANS.keep(key, _plan(s))
    return found


_PLANS: Kept[object, Plan] = Kept(50_000)


def _plan(s: AvalonState) -> Plan:
    table = distances(s.arrows)
    routes, rests = _routes(s.arrows, tuple(tasks(s)))
    carriers = set(held(s).values())
    heroes = s.heroes
    best_plan = Plan(1e9, 0, (), (), ())
    for seat in s.living():
        start = heroes[seat].location
        steps = table[start]
        others = sum(_steps(table, heroes[other].location, WAKE) for other in carriers - {seat})
        for route, rest in zip(routes, rests, strict=True):
            if steps.get(route[0].location, FAR) + rest + others > best_plan.energy + SURE:
                continue  # the route's Energy added up in another order: far from better
            energy = _energy(table, start, route) + others
            if energy < best_plan.energy:
                _, lights = _walk(table, start, route)
                best_plan = Plan(energy, seat, route, lights, _costs(route))
    return best_plan


def _routes(arrows: frozenset[tuple[int, int]], todo: tuple[Task, ...]
            ) -> tuple[list[tuple[Task, ...]], list[float]]:
    """Every order of the open tasks `_plan` weighs, each with its Energy but the way to its first task
    (kept per arrows and tasks: many positions of a search share them)."""
    key = (arrows, todo)
    found = _ROUTES.get(key)
    if found is None:
        table = distances(arrows)
        fixed = [t for t in todo if t.location in (EAST, MIDDLE) and t.name == "light"]
        free = [t for t in todo if t not in fixed]
        routes = [(*fixed, *order, WAKE_TASK) for order in permutations(free) if _ordered(order)]
        rests = [_energy(table, route[0].location, route) for route in routes]
        found = _ROUTES.keep(key, (routes, rests))
    return found


_ROUTES: Kept[object, tuple[list[tuple[Task, ...]], list[float]]] = Kept(10_000)


WAKE_TASK = Task("wake", WAKE, 1.0)
SURE = 1e-6
"""A margin far above the rounding of a route's Energy added up in another order (a few terms of at
most a few hundred): a route whose other sum exceeds the best by more cannot be better."""


def _energy(table: dict[int, dict[int, int]], start: int, route: Iterable[Task]) -> float:
    """The Energy of `_walk`, added up in the same order, without the lights."""
    energy = 0.0
    here = start
    for _, location, cost, _ in route:
        energy += table[here].get(location, FAR) + cost
        here = location
    return energy


def _ordered(order: Iterable[Task]) -> bool:
    """The mirror comes after 10 is lit, where 10 must still be lit."""
    seen_light = not any(t.name == "light" and t.location == WAKE for t in order)
    for task in order:
        if task.name == "light":
            seen_light = True
        elif task.name == "mirror" and not seen_light:
            return False
    return True


def _walk(
    table: dict[int, dict[int, int]], start: int, route: Iterable[Task]
) -> tuple[float, tuple[tuple[int, float], ...]]:
    energy = 0.0
    lights = []
    here = start
    for task in route:
        energy += _steps(table, here, task.location) + task.energy
        here = task.location
        if task.name == "light":
            lights.append((task.location, energy))
    return energy, tuple(lights)


def _steps(table: dict[int, dict[int, int]], a: int, b: int) -> int:
    return table[a].get(b, FAR)


def _costs(route: Iterable[Task]) -> tuple[Amount, ...]:
    return tuple(a for t in route if t.name == "light" for a in CONTENT.locations[t.location].menhir or ())


def relics_missing(s: AvalonState) -> int:
    """How many of the three relics no living character carries."""
    return len(set(RELICS) - set(held(s)))
