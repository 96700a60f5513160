"""Grani distances: the searches of `distances` against a brute force over the rules' own moves."""

from __future__ import annotations

import random
from heapq import heappop, heappush

import pytest

from spielwerk.games.grani import movegen
from spielwerk.games.grani.board import BOARD
from spielwerk.games.grani.distances import (
    CITIES,
    DRAGON_FIGHT,
    DRAGON_RISK,
    FAR,
    STEPS,
    WALK,
    WALLED,
    carry_to,
    home,
    walk_to,
    walk_via_city,
)
from spielwerk.games.grani.rules import GraniState
from tests.grani.helpers import grani


def p(name: str) -> int:
    return BOARD.index[name]


STONES = ("T9", "T14", "G12", "G21", "E20", "X3")
"""A few obstacle stones for the searches with obstacles (not the ring's point, not a symbol point)."""


def _mask(names: tuple[str, ...]) -> int:
    mask = 0
    for name in names:
        mask |= 1 << p(name)
    return mask


def _ends(state: GraniState, start: int) -> list[int]:
    """Where yellow may end one turn from `start`, by the rules' move generator."""
    state.at = (start, *state.at[1:])
    return [action.end for action in movegen.knight_moves(state, 0, bonus=False)]


def _brute(state: GraniState, target: int, extra: int, stop_in_cities: bool) -> list[int]:
    """Turns from every point to `target` (a forward Dijkstra from each start over the moves the
    rules allow, `extra` more turns per stop on a dragon); a bearer that enters another city ends
    its journey there."""
    turns = []
    for start in range(BOARD.size):
        best = {start: 0}
        heap = [(0, start)]
        found = FAR
        while heap:
            done, here = heappop(heap)
            if here == target:
                found = done
                break
            if done > best[here] or (not stop_in_cities and here != start and BOARD.cities >> here & 1):
                continue
            for end in _ends(state, here):
                cost = done + 1 + (extra if BOARD.dragons >> end & 1 else 0)
                if cost < best.get(end, FAR):
                    best[end] = cost
                    heappush(heap, (cost, end))
        turns.append(found)
    return turns


@pytest.fixture
def alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """The distances leave the other knights out (they move): so does the brute force."""
    monkeypatch.setattr(movegen, "occupation", lambda state, seat: (0, 0))


@pytest.mark.parametrize("stones", [(), STONES])
def test_walk_to_matches_the_rules_moves(alone: None, stones: tuple[str, ...]) -> None:
    blocks = f" blocks={','.join(stones)}" if stones else ""
    state = grani(f"yellow=G8 blue=E28 red=U1{blocks}")
    obstacles = _mask(stones)
    for target in (BOARD.ring_start, p("G25"), p("X6")):
        brute = _brute(state, target, DRAGON_FIGHT, stop_in_cities=True)
        found = walk_to(target, obstacles)
        if obstacles:  # walled off: the way without stones and WALLED turns more
            brute = [min(b, f + WALLED) for b, f in zip(brute, walk_to(target, 0), strict=True)]
        assert list(found) == brute


@pytest.mark.parametrize("stones", [(), STONES])
def test_carry_to_matches_the_rules_moves(alone: None, stones: tuple[str, ...]) -> None:
    blocks = f" blocks={','.join(stones)}" if stones else ""
    state = grani(f"yellow=G8:ring blue=E28 red=U1{blocks}")
    for city in CITIES:
        assert list(carry_to(city, _mask(stones))) == _brute(state, city, DRAGON_RISK, stop_in_cities=False)


def test_hand_worked_distances() -> None:
    ring = BOARD.ring_start  # T4, joined to T9 and T10 only
    assert walk_to(ring, 0)[p("T9")] == 1
    assert STEPS[p("G21")][p("G25")] == 1 and STEPS[ring][p("T9")] == 1
    assert WALK[p("G21")][p("G25")] == 1 and carry_to(p("G25"), 0)[p("G21")] == 1
    # the bearer stops on no stone, but passes over one
    assert carry_to(p("G25"), 1 << p("G21"))[p("G21")] == carry_to(p("G25"), 0)[p("G21")]


def test_home_is_the_nearest_city_lacking_its_seal() -> None:
    stones = _mask(STONES)
    for seals in (0, 0b0001, 0b0110, 0b1110):
        rows = [carry_to(city, stones) for k, city in enumerate(CITIES) if not seals >> k & 1]
        assert list(home(seals, stones)) == [min(column) for column in zip(*rows, strict=True)]
    assert set(home(0b1111, 0)) == {0}


def test_a_knight_without_amulets_fetches_one_in_a_city_first() -> None:
    target = BOARD.ring_start
    via = walk_via_city(target, 0)
    for here in (p("G8"), p("U1"), p("E28")):
        assert via[here] == min(walk_to(c, 0, False)[here] + walk_to(target, 0)[c] for c in CITIES)
        assert via[here] >= walk_to(target, 0)[here]


# ----- a plain reference: a Dijkstra search per target, as the distances were first searched -----
def _reference_search(target: int, no_stop: int, no_pass: int, may_pass: int, dragon: int) -> list[int]:
    turns = [FAR] * BOARD.size
    turns[target] = 0
    heap = [(0, target)]
    while heap:
        done, point = heappop(heap)
        if done > turns[point] or (point != target and no_stop >> point & 1):
            continue
        cost = done + 1 + (dragon if BOARD.dragons >> point & 1 else 0)
        middles = [m for m in BOARD.neighbours[point] if may_pass >> m & 1 and not no_pass >> m & 1]
        befores = [*BOARD.neighbours[point], *(b for m in middles for b in BOARD.neighbours[m] if b != point)]
        for before in befores:
            if cost < turns[before]:
                turns[before] = cost
                heappush(heap, (cost, before))
    return turns


def _reference_walk(target: int, obstacles: int, armed: bool) -> list[int]:
    may_pass = ~BOARD.dragons
    no_stop = obstacles if armed else obstacles | BOARD.dragons
    turns = _reference_search(target, no_stop, obstacles, may_pass, DRAGON_FIGHT)
    if not armed:
        onwards = _reference_walk(target, obstacles, True)
        for city in CITIES:
            to_city = _reference_search(city, no_stop, obstacles, may_pass, DRAGON_FIGHT)
            turns = [min(t, c + onwards[city]) for t, c in zip(turns, to_city, strict=True)]
    if obstacles:
        free = _reference_walk(target, 0, armed)
        turns = [min(t, f + WALLED) for t, f in zip(turns, free, strict=True)]
    return turns


def test_the_searches_match_a_plain_dijkstra_search() -> None:
    rng = random.Random(27)
    plain = [q for q in range(BOARD.size) if BOARD.plain >> q & 1]
    for count in (0, 3, 8, 16, 30):
        obstacles = 0
        for q in rng.sample(plain, count):
            obstacles |= 1 << q
        for target in rng.sample(range(BOARD.size), 4):
            for armed in (True, False):
                assert list(walk_to(target, obstacles, armed)) == _reference_walk(target, obstacles, armed)
        for city in CITIES:
            no_stop = (obstacles | BOARD.cities) & ~(1 << city)
            reference = _reference_search(city, no_stop, 0, ~BOARD.cities, DRAGON_RISK)
            assert list(carry_to(city, obstacles)) == reference
