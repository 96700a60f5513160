"""The chain shared out among three or four characters, as the heuristics estimate it.

`plan.py` routes the whole chain for one walker; a larger team can work on two relics at once. Here
the character nearest the first open task starts with all of them, then tasks of the longest route
move, one at a time (10's light and the mirror also together), to the character whose route they
shorten the team's the most, until no move helps. A route is its character's tasks in the cheapest
order, with waits where a task needs another's light first (the bell 15's, the mirror 10's), and the
way to 10 at its end if it carries a relic or lights 10. The team's cost is its longest route plus a
quarter of all Energy (a split that saves no time is not worth the steps).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import permutations
from typing import TYPE_CHECKING, NamedTuple

from spielwerk.games.avalon.content import Amount
from spielwerk.games.avalon.plan import (
    BELL_QUEST,
    EAST,
    FAR,
    MIDDLE,
    MIRROR,
    WAKE,
    Task,
    activation_costs,
    distances,
    held,
    ordered,
    tasks,
)

if TYPE_CHECKING:
    from spielwerk.games.avalon.rules import AvalonState

TOTAL_SHARE = 0.25
"""How much the team's total Energy counts beside its longest route."""
WAITS = {"bell": MIDDLE, "mirror": WAKE}
"""The light a relic's task waits for (10's own light waits for 15's, which places 10)."""
RELIC_TASKS = frozenset({"bell", "horn", "mirror"})
CHAIN = frozenset({EAST, MIDDLE, WAKE, MIRROR, BELL_QUEST.location})
"""The places of the chain's tasks that may be unplaced."""


class Route(NamedTuple):
    """One character's share: its tasks in order, the Energy spent (waits included) when each is
    done, and the Energy until its route ends (at 10, where it carries a relic there)."""

    seat: int
    tasks: tuple[Task, ...]
    times: tuple[float, ...]
    energy: float


class TeamPlan(NamedTuple):
    """The chain shared out: every route, the total Energy, each activation with the character and
    the Energy spent up to it, and the resources the activations still need."""

    energy: float
    routes: tuple[Route, ...]
    lights: tuple[tuple[int, int, float], ...]
    costs: tuple[Amount, ...]

    def route_of(self, seat: int) -> Route | None:
        """The character's route, or None where it has no task."""
        return next((route for route in self.routes if route.seat == seat), None)


def team_plan(s: AvalonState) -> TeamPlan:
    """The chain shared out among the living characters (cached by what it depends on)."""
    key = (
        tuple((h.location, h.relics, h.might, h.wits, h.items) if h.alive else None for h in s.heroes),
        frozenset(place for place, _ in s.menhirs), CHAIN - s.placed, s.stag, s.q1_hard, s.arrows,
    )
    found = _TEAM_PLANS.get(key)
    if found is None:
        if len(_TEAM_PLANS) > 50_000:
            _TEAM_PLANS.clear()
        found = _TEAM_PLANS[key] = _Sharing(s).best()
    return found


_TEAM_PLANS: dict[object, TeamPlan] = {}


class _Sharing:
    """One search for the best sharing of one state's tasks."""

    def __init__(self, s: AvalonState) -> None:
        self.arrows = s.arrows
        self.table = distances(s.arrows)
        self.where = {seat: s.heroes[seat].location for seat in s.living()}
        self.carriers = set(held(s).values())
        self.unplaced = CHAIN - s.placed
        todo = tasks(s)
        self.fixed = tuple(t for t in todo if t.name == "light" and t.location != WAKE)
        self.free = tuple(t for t in todo if t not in self.fixed)
        first = todo[0].location if todo else WAKE
        self.main = min(self.where, key=lambda seat: self._steps(self.where[seat], first))

    def best(self) -> TeamPlan:
        """Tasks moved from the walker while a move shortens the team's cost."""
        owners = {task: self.main for task in self.free}
        score, routes = self._score(owners)
        while True:
            found = None
            slowest = max(routes, key=lambda route: route.energy).seat
            for moved in self._moves():
                if all(owners[t] != slowest for t in moved):
                    continue
                for seat in self.where:
                    if all(owners[t] == seat for t in moved):
                        continue
                    trial = owners | {t: seat for t in moved}
                    trial_score, trial_routes = self._score(trial)
                    if trial_score < score - 1e-9 and (found is None or trial_score < found[0]):
                        found = (trial_score, trial_routes, trial)
            if found is None:
                break
            score, routes, owners = found
        lights = tuple((task.location, route.seat, spent) for route in routes
                       for task, spent in zip(route.tasks, route.times, strict=True) if task.name == "light")
        every = [task for route in routes for task in route.tasks]
        return TeamPlan(sum(route.energy for route in routes) + 1.0, routes, lights, activation_costs(every))

    def _moves(self) -> Iterable[tuple[Task, ...]]:
        yield from ((task,) for task in self.free)
        lights = [t for t in self.free if t.name == "light"]
        mirrors = [t for t in self.free if t.name == "mirror"]
        if lights and mirrors:
            yield (lights[0], mirrors[0])

    def _score(self, owners: dict[Task, int]) -> tuple[float, tuple[Route, ...]]:
        shares: dict[int, list[Task]] = {seat: [] for seat in self.where}
        for task, seat in owners.items():
            shares[seat].append(task)
        lit: dict[int, float] = {}
        for _ in range(2):  # the second pass waits for the first pass's lights
            routes = self._routes(shares, lit)
            lit = {task.location: spent for route in routes
                   for task, spent in zip(route.tasks, route.times, strict=True) if task.name == "light"}
        longest = max((route.energy for route in routes), default=0.0)
        return longest + TOTAL_SHARE * sum(route.energy for route in routes), routes

    def _routes(self, shares: dict[int, list[Task]], lit: dict[int, float]) -> tuple[Route, ...]:
        waits = tuple(sorted(lit.items()))
        routes = []
        for seat, share in shares.items():
            head = self.fixed if seat == self.main else ()
            carrier = seat in self.carriers
            if share or head or carrier:
                key = (self.arrows, self.unplaced, self.where[seat], head, frozenset(share), carrier, waits)
                found = _ROUTES.get(key)
                if found is None:
                    if len(_ROUTES) > 200_000:
                        _ROUTES.clear()
                    found = _ROUTES[key] = self._route(*key[2:])
                routes.append(Route(seat, *found))
        return tuple(routes)

    def _route(self, start: int, head: tuple[Task, ...], share: frozenset[Task], carrier: bool,
               waits: tuple[tuple[int, float], ...]) -> tuple[tuple[Task, ...], tuple[float, ...], float]:
        first = head[-1].location if head else start
        orders = [order for order in permutations(share) if ordered(order)]
        order = min(orders, key=lambda order: self._walk(first, order, {}, carrier)[1], default=())
        route = (*head, *order)
        return (route, *self._walk(start, route, dict(waits), carrier))

    def _walk(self, start: int, route: Sequence[Task], lit: dict[int, float],
              carrier: bool) -> tuple[tuple[float, ...], float]:
        here = start
        spent = 0.0
        times = []
        for task in route:
            spent += self._steps(here, task.location)
            if here == start and task.location in self.unplaced and spent == 1:
                spent += 2  # placed only on an arrival next to it: out and back in first
            spent = max(spent, lit.get(_waits_for(task), 0.0))
            spent += task.energy
            times.append(spent)
            here = task.location
        if carrier or any(t.name in RELIC_TASKS or t.location == WAKE for t in route):
            spent += self._steps(here, WAKE)
        return tuple(times), spent

    def _steps(self, a: int, b: int) -> int:
        return self.table[a].get(b, FAR)


_ROUTES: dict[tuple[object, ...], tuple[tuple[Task, ...], tuple[float, ...], float]] = {}
"""Routes by arrows, start, fixed head, share, whether the character carries a relic, and waits."""


def _waits_for(task: Task) -> int:
    """The menhir whose light `task` waits for (0 for none)."""
    if task.name == "light":
        return MIDDLE if task.location == WAKE else 0
    return WAITS.get(task.name, 0)
