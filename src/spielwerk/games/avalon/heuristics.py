"""What agents may know about Avalon beyond the rules: a shared evaluation and a move order.

Avalon is co-operative: every seat gets the same value. It comes from the plan of `plan.py`, the
Energy the chain to victory still costs (`Plan.energy`, travel steps plus actions), set against
what the team can still spend:

- progress: how much of the start's route is done (`Weights.start` Energy at set-up);
- time: the walker's Energy now plus what its rests give on the days left (eating), half the
  helpers' too, less the Energy it takes to earn the magic, wealth and food the activations and
  the rests lack; a logistic of the slack;
- light: the days the longest menhir dial still covers against the days until the route lights
  each menhir (or finishes, where it lights none): the island going dark loses the game, so the
  margin before the next activation scales the whole value, the fewest along the route is a term;
- danger: characters near death or madness (the Allmother's Mercy halves it while unused).

`order` puts the chain's actions first (wake, activate, the bell, fights, exploring), then travel
that brings the mover nearer to its next task, then the rest, and `pass` last.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from spielwerk.core.kept import Kept
from spielwerk.games.avalon.content import CONTENT
from spielwerk.games.avalon.day import NEIGHBOURS
from spielwerk.games.avalon.notation import Move
from spielwerk.games.avalon.plan import WAKE, Plan, distances, plan

if TYPE_CHECKING:
    from spielwerk.core.state import Action, State
    from spielwerk.games.avalon.rules import AvalonState


class Weights:
    """The evaluation's constants (Energy and days)."""

    start = 40.0  # about the route's Energy at set-up: progress is the share of it done
    slack_scale = 4.0  # Energy of slack that makes the time term e times likelier
    light_scale = 0.5  # days of menhir margin that make the light term e times likelier
    dark_scale = 0.25  # the same for the next activation: too late for it, the island goes dark
    earn = 2.0  # Energy to earn one magic or wealth the activations lack
    earn_food = 2.0  # Energy to earn one food (a market's 3 for 1 Energy and 1 wealth, and the way there)
    progress, time, light = 0.4, 0.3, 0.3  # the terms' shares of the value
    helper = 0.5  # the share of a helper's Energy that counts for the route
    floor = 0.02  # the value stays inside (floor, 1 - floor): a final state is worth 0 or 1


PRIORITY = {"act": 0, "activate": 0, "challenge": 1, "explore": 2, "travel": 3, "choose": 3, "fight": 3,
            "join": 3, "rest": 3, "give": 4, "improve": 4, "equip": 4, "decline": 5, "flee": 5, "wait": 6,
            "pass": 7}
"""The order's buckets by action word; travel is ranked inside its bucket by distance."""


def logistic(x: float) -> float:
    """1 / (1 + e^-x), safe for large |x|."""
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x))))


class AvalonHeuristics:
    """Avalon's evaluation (equal for every seat) and move order."""

    exploration = 0.2
    settle_chance = True

    def evaluate(self, state: State) -> list[float]:
        """Per seat, the team's estimated chance to win, in [0, 1] (the same for every seat); an
        action waiting for the others to join is valued as if they declined (it happens first)."""
        s = cast("AvalonState", state)
        if not s.result and s.frames[-1][0] == "join":
            s = s.clone()
            while not s.result and s.frames[-1][0] == "join":
                s.apply_trusted(DECLINE)
        value = team_value(s)
        return [value] * state.players

    def order(self, state: State, actions: Sequence[Action]) -> list[Action]:
        """The chain's actions first, travel toward the next task, `pass` last."""
        s = cast("AvalonState", state)
        if s.is_over or s.is_chance or not s.living():
            return list(actions)
        target = _next_target(s)
        here = s.heroes[s.to_move].location
        table = distances(s.arrows)
        steps_here, neighbours = table[here].get(target, 99), NEIGHBOURS[here]

        def rank(action: Action) -> float:
            move = cast(Move, action)
            word = move.word
            bucket = PRIORITY.get(word, 5)
            if word == "travel":
                there = neighbours.get(move.arg)
                closer = there is not None and table[there].get(target, 99) < steps_here
                return bucket - (2.5 if closer else -0.5)
            return bucket

        return sorted(actions, key=rank)


HEURISTICS = AvalonHeuristics()
DECLINE = Move("decline")


def team_value(s: AvalonState) -> float:
    """The shared value of a running game (kept by everything it depends on: search values the same
    positions again and again)."""
    key = (s.heroes, s.menhirs, s.placed, s.stag, s.q1_hard, s.arrows, s.day, s.mercy, s.result, s.max_days,
           s.dial_start)
    found = _VALUES.get(key)
    if found is None:
        found = _VALUES.keep(key, _team_value(s))
    return found


_VALUES: Kept[tuple[object, ...], float] = Kept(50_000)


EAT_ENERGY = int(CONTENT.number("rest", "eat_energy"))


def _team_value(s: AvalonState) -> float:
    if s.result:
        return 1.0 if s.result == "won" else 0.0
    living = s.living()
    if not living:
        return 0.0
    route = plan(s)
    walker = s.heroes[route.walker]
    days = max(0, s.max_days - s.day)
    per_day = float(min(EAT_ENERGY, walker.max_energy))
    progress = max(0.0, 1.0 - route.energy / Weights.start)
    capacity = walker.energy + days * per_day
    heroes = s.heroes
    capacity += Weights.helper * sum([heroes[seat].energy + days * per_day for seat in living
                                      if seat != route.walker])
    time = logistic((capacity - route.energy - _shortfall(s, route, days, living)) / Weights.slack_scale)
    urgent, margin = _light_margins(s, route, walker.energy, per_day)
    light = logistic((margin + 0.5) / Weights.light_scale)
    share = Weights.progress * progress + Weights.time * time + Weights.light * light
    share *= logistic((urgent + 0.5) / Weights.dark_scale) * (1.0 - _danger(s, living))
    return Weights.floor + (1.0 - 2 * Weights.floor) * share


def _shortfall(s: AvalonState, route: Plan, days: int, living: list[int]) -> float:
    """The Energy to earn what the team lacks: the magic, wealth and food of the route's activations,
    and food for the walker's rests (and a share of the helpers'); `living`: the living seats."""
    need = {"magic": 0.0, "wealth": 0.0, "food": days * (1 + Weights.helper * (len(living) - 1))}
    for amount in route.costs:
        need[amount.kind] += amount.n
    magic = wealth = food = 0
    heroes = s.heroes
    for seat in living:
        hero = heroes[seat]
        magic, wealth, food = magic + hero.magic, wealth + hero.wealth, food + hero.food
    have = {"magic": magic, "wealth": wealth, "food": food}
    short = 0.0
    for kind, n in need.items():
        short += max(0.0, n - have[kind]) * (Weights.earn_food if kind == "food" else Weights.earn)
    return short


def _light_margins(s: AvalonState, route: Plan, energy: int, per_day: float) -> tuple[float, float]:
    """Days the menhirs burn beyond need: before the route's next activation (or its end, where it
    lights none), and the fewest along the whole route, where each activation starts a new dial
    and 10 must burn when the route ends. Work beyond today's Energy starts a day later."""
    dials = [dial for _, dial in s.menhirs]
    if not dials:
        return -2.0, -2.0
    horizon = float(max(dials))
    wake = s.menhir_dial(WAKE)
    wake_horizon = float(wake) if wake is not None else -1.0
    margins = []
    for location, spent in route.lights:
        when = _days(spent - energy, per_day)
        margins.append(horizon - when)
        horizon = max(horizon, when + s.dial_start)
        if location == WAKE:
            wake_horizon = when + s.dial_start
    end = _days(route.energy - energy, per_day)
    margins.append(min(horizon, wake_horizon) - end)
    return margins[0], min(margins)


def _days(energy: float, per_day: float) -> float:
    """The days until `energy` more is spent: 0 within today's, else at least the next day."""
    return 0.0 if energy <= 0 else max(1.0, energy / per_day)


def _danger(s: AvalonState, living: list[int]) -> float:
    """How near the worst-off character of the `living` seats is to leaving the game, 0 to 0.5."""
    worst = 0.0
    for seat in living:
        hero = s.heroes[seat]
        worst = max(worst, (3 - min(3, hero.health - 1)) / 3, (3 - min(3, hero.limit - hero.terror - 1)) / 3)
    solo = len(living) == 1
    return worst * (0.5 if solo else 0.25) * (0.5 if s.mercy else 1.0)


def _next_target(s: AvalonState) -> int:
    """Where the mover's next task is: the route's first, or 10 to meet there."""
    route = plan(s)
    return route.tasks[0].location if route.tasks else WAKE
