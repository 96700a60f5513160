"""Avalon's fast paths give what the plain rules give (issue 27 part 3): steps remembered after an
undo, values kept by what they depend on, and range, joins and travel read from tables."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations, permutations

import pytest

from spielwerk.games.avalon import heuristics, plan
from spielwerk.games.avalon.content import CONTENT
from spielwerk.games.avalon.day import NEIGHBOURS, day_choices
from spielwerk.games.avalon.notation import Move
from spielwerk.games.avalon.resolve import covered, in_range
from spielwerk.games.avalon.rules import AvalonState
from spielwerk.games.avalon.world import cell, chebyshev, joined
from tests.avalon.helpers import day, game


def _stepped(players: int, seed: int) -> AvalonState:
    """A seeded game after eight random steps a player."""
    state = game().new_state(players=players, seed=seed)
    assert isinstance(state, AvalonState)
    rng = random.Random(seed)
    for _ in range(8 * players):
        state.apply_trusted(_next(state, rng))
    return state


def _alike(world: AvalonState, alone: AvalonState, rng: random.Random, steps: int) -> None:
    """Play the same random steps on a dealt world and on a copy that takes them alone: the same facts
    and decisions after each."""
    for _ in range(steps):
        if alone.is_over:
            break
        action = _next(alone, rng)
        world.apply_trusted(action)
        alone.apply_trusted(action)
        assert world.facts() == alone.facts()
        assert world.is_over or world.legal_actions() == alone.legal_actions()


def _next(state: AvalonState, rng: random.Random) -> Move:
    if state.is_chance:
        outcomes = state.chance_outcomes()
        return outcomes[int(rng.random() * len(outcomes))][0]  # type: ignore[return-value]
    actions = state.legal_actions()
    return actions[int(rng.random() * len(actions))]  # type: ignore[return-value]


@pytest.mark.parametrize(("players", "seed"), [(1, 0), (2, 1), (3, 2), (4, 3)])
def test_steps_taken_again_after_undo__the_same_as_taken_first(players: int, seed: int) -> None:
    plain = game().new_state(players=players, seed=seed)
    walked = game().new_state(players=players, seed=seed)
    assert isinstance(plain, AvalonState) and isinstance(walked, AvalonState)
    rng = random.Random(seed)
    while not plain.is_over:
        action = _next(plain, rng)
        walked.apply_trusted(action)
        walked.undo()
        walked.apply_trusted(action)  # from the step remembered
        plain.apply_trusted(action)
        assert walked.facts() == plain.facts()
        assert (walked.is_over, walked.is_chance) == (plain.is_over, plain.is_chance)
        if not plain.is_over:
            assert walked.to_move == plain.to_move
            assert walked.legal_actions() == plain.legal_actions()
    assert walked.walked


@pytest.mark.parametrize(("players", "seed"), [(1, 12), (2, 13), (3, 14), (4, 15)])
def test_undo_of_steps_without_a_token__back_to_the_facts_before(players: int, seed: int) -> None:
    state = game().new_state(players=players, seed=seed)
    assert isinstance(state, AvalonState) and state.replays
    rng = random.Random(seed)
    before: list[tuple[object, object]] = []
    while not state.is_over and len(before) < 60:
        before.append((state.facts(), state.legal_actions()))
        state.apply_trusted(_next(state, rng))
    assert None in state._undo_tokens  # most steps kept no token
    copy = state.clone()
    for ply in (len(before) - 1, 37, 20, 19, 3):  # a copy goes back over the tokens it shares
        while len(copy.history) > ply:
            copy.undo()
        assert (copy.facts(), copy.legal_actions()) == before[ply]
    while before:
        state.undo()
        assert (state.facts(), state.legal_actions()) == before.pop()


@pytest.mark.parametrize(("players", "seed"), [(1, 8), (2, 9), (3, 10), (4, 11)])
def test_steps_shared_by_dealt_worlds__the_same_as_taken_alone(players: int, seed: int) -> None:
    real = _stepped(players, seed)
    for world_seed in range(40):
        world = real.determinize(0, random.Random(world_seed % 10))
        alone = world.clone()
        alone.shares = False
        assert world.shares
        _alike(world, alone, random.Random(world_seed), 30)


@pytest.mark.parametrize(("players", "seed"), [(1, 16), (2, 17), (4, 18)])
def test_steps_shared_by_dealt_worlds__kept_from_the_second_world_on(players: int, seed: int) -> None:
    real = _stepped(players, seed)
    worlds = [real.determinize(0, random.Random(3)) for _ in range(3)]  # dealt alike
    for world in worlds:
        world.apply_trusted(_next(world, random.Random(seed)))
    first, second, third = worlds
    assert not first.shares and first.at is None  # taken alone, and so are the steps after it
    assert second.shares and second.at is not None  # kept
    assert third.shares and third.at is second.at  # found kept
    assert first.facts() == second.facts() == third.facts()
    assert first.legal_actions() == second.legal_actions() == third.legal_actions()
    _alike(second, first, random.Random(seed + 1), 20)  # on from there: kept and alone alike
    while first.history:  # taken back, a world shares again (mcts takes its worlds back)
        first.undo()
    assert first.shares and first.facts() == real.determinize(0, random.Random(3)).facts()
    first.apply_trusted(_next(first, random.Random(seed)))
    assert first.at is third.at  # the step kept by the second world


@pytest.mark.parametrize(("players", "seed"), [(1, 4), (2, 5), (3, 6), (4, 7)])
def test_steps_shared_by_dealt_worlds__taken_back_to_the_facts_before(players: int, seed: int) -> None:
    real = _stepped(players, seed)
    for world_seed in range(20):
        world = real.determinize(0, random.Random(world_seed % 4))  # later worlds find kept steps
        plays = random.Random(world_seed % 8)
        before = [world.facts()]
        for _ in range(25):
            if world.is_over:
                break
            world.apply_trusted(_next(world, plays))
            before.append(world.facts())
        before.pop()
        while before:
            world.undo()
            assert world.facts() == before.pop()
        again = world.clone()
        again.shares = False
        _alike(world, again, plays, 10)  # the steps after an undo are those the world took the first time


def test_determinize__deals_each_unknown_back_as_rng_choice_would() -> None:
    from spielwerk.games.avalon.view import unexplored_known

    for state in _played(((2, 5), (4, 6))):
        if state.is_chance or len(state.history) % 7:
            continue
        for seat in range(state.players):
            world = state.determinize(seat, random.Random(len(state.history)))
            rng = random.Random(len(state.history))
            rng.getrandbits(32)  # the world's seed
            known = unexplored_known(state, seat)
            expected = tuple(
                rng.choice("ab") if side and not (state.explored[number] > 0 or number in known) else side
                for number, side in enumerate(state.backs)
            )
            assert world.backs == expected


def _played(cases: tuple[tuple[int, int], ...]) -> Iterator[AvalonState]:
    """Every position of seeded random games, one per (players, seed), each before its next move."""
    for players, seed in cases:
        state = game().new_state(players=players, seed=seed)
        assert isinstance(state, AvalonState)
        rng = random.Random(seed)
        while not state.is_over:
            yield state
            state.apply_trusted(_next(state, rng))


def test_team_value_kept__equals_the_value_worked_out() -> None:
    for state in _played(((1, 4), (2, 5), (3, 6), (4, 7))):
        assert heuristics.team_value(state) == heuristics._team_value(state)


def _plain_plan(s: AvalonState) -> plan.Plan:
    """The cheapest route as first written: every order for every walker, walked in full."""
    table = plan.distances(s.arrows)
    todo = plan.tasks(s)
    fixed = [t for t in todo if t.location in (plan.EAST, plan.MIDDLE) and t.name == "light"]
    free = [t for t in todo if t not in fixed]
    carried = plan.held(s)
    best = plan.Plan(1e9, 0, (), (), ())
    for seat in s.living():
        for order in permutations(free):
            if not plan._ordered(order):
                continue
            route = (*fixed, *order, plan.Task("wake", plan.WAKE, 1.0))
            energy, lights = plan._walk(table, s.heroes[seat].location, route)
            energy += sum(plan._steps(table, s.heroes[other].location, plan.WAKE)
                          for other in set(carried.values()) - {seat})
            if energy < best.energy:
                best = plan.Plan(energy, seat, route, lights, plan._costs(route))
    return best


def test_plan__the_cheapest_route_as_every_order_walked_in_full_finds_it() -> None:
    for state in _played(((1, 12), (2, 13), (3, 14), (4, 15))):
        if state.living():
            assert plan._plan(state) == _plain_plan(state)


def test_avalon_map_range__covered_is_next_to_an_active_menhir() -> None:
    sites = [number for number, place in CONTENT.locations.items() if place.menhir is not None]
    for count in (1, 2):
        for chosen in combinations(sites, count):
            reach = covered(tuple((site, 3) for site in chosen))
            for location in CONTENT.locations:
                near = any(chebyshev(cell(location), cell(site)) <= 1 for site in chosen)
                assert (location in reach) == near
    state = day()
    reach = covered(state.menhirs)
    assert all(in_range(state, location) == (location in reach) for location in CONTENT.locations)


def test_joined__the_locations_an_arrow_leads_to_or_from() -> None:
    for location in CONTENT.locations:
        arrows = CONTENT.arrows
        either = {b for a, b in arrows if a == location} | {a for a, b in arrows if b == location}
        assert joined(location, arrows) == sorted(either)


def test_avalon_action_travel__each_placed_neighbour_an_arrow_leads_to() -> None:
    state = day(placed=sorted(CONTENT.locations))
    hero = state.hero(0)
    travels = [move.arg for move in day_choices(state) if move.word == "travel"]
    expected = [direction for direction, target in NEIGHBOURS[hero.location].items()
                if (hero.location, target) in state.arrows]
    assert travels == expected
