"""Avalon's heuristics (games/avalon/heuristics.py, plan.py): a shared value in [0, 1] that follows
the chain of avalon.win, and a move order that puts the chain first."""

from __future__ import annotations

import random

import pytest

from spielwerk import agents
from spielwerk.games.avalon.heuristics import HEURISTICS, team_value
from spielwerk.games.avalon.plan import chance, plan
from spielwerk.games.avalon.rules import AvalonState
from tests.avalon.helpers import PLACED, day, game

EAST = [*PLACED, 2, 3, 9, 15, 10, 4, 5, 11, 16, 19, 20]
"""Every location the chain needs, placed."""


def _ready(players: int = 1, dial: int = 4) -> AvalonState:
    """All three relics on the Drowned Circle (10) with its menhir burning: `act wake` wins."""
    heroes = {0: {"location": 10, "relics": ["bell", "horn", "mirror"], "energy": 3}}
    heroes |= {seat: {"location": 10} for seat in range(1, players)}
    return day(players, heroes, placed=EAST, menhirs=[[10, dial], [13, 2]], stag=None)


def test_avalon_win__relics_at_ten_with_a_burning_menhir_beat_the_start() -> None:
    start = game().new_state(players=1, seed=0)
    assert isinstance(start, AvalonState)
    assert team_value(_ready()) > team_value(start) + 0.3


def test_avalon_loss_menhirs__no_menhir_time_left_evaluates_low() -> None:
    dark = day(1, {0: {"energy": 0, "food": 0, "magic": 0}}, menhirs=[[13, 0]], day=5)
    lit = day(1, menhirs=[[13, 5]], day=5)
    assert team_value(dark) < 0.3
    assert team_value(dark) < team_value(lit) - 0.2


def test_avalon_win__each_relic_found_raises_the_value() -> None:
    values = []
    for relics in ([], ["bell"], ["bell", "horn"]):
        state = day(1, {0: {"location": 15, "relics": relics}}, placed=EAST, menhirs=[[15, 4], [13, 3]],
                    stag=None if "horn" in relics else [1, 0])
        values.append(team_value(state))
    assert values == sorted(values) and values[0] < values[-1]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_avalon_returns__the_value_is_in_0_1_and_the_same_for_every_seat(players: int) -> None:
    state = game().new_state(players=players, seed=players)
    rng = random.Random(players)
    for _ in range(300):
        if state.is_over:
            break
        values = HEURISTICS.evaluate(state)
        assert len(values) == players and len(set(values)) == 1 and 0.0 <= values[0] <= 1.0
        if state.is_chance:
            state.resolve_chance()
        else:
            actions = state.legal_actions()
            state.apply(actions[int(rng.random() * len(actions))])


def test_avalon_order__the_chain_first_pass_last() -> None:
    state = day(1, {0: {"location": 8, "magic": 2, "food": 2}})
    ordered = [str(action) for action in HEURISTICS.order(state, state.legal_actions())]
    assert ordered[0] == "activate" and ordered[-1] == "pass"


def test_avalon_plan__the_route_walks_the_chain_in_order() -> None:
    route = plan(game().new_state(players=1, seed=0))  # type: ignore[arg-type]
    names = [f"{task.name} {task.location}" for task in route.tasks]
    assert names[:2] == ["light 8", "light 15"] and names[-1] == "wake 10"
    assert names.index("light 10") < names.index("mirror 5")


def test_avalon_plan__chance_of_a_test() -> None:
    assert chance(3, 6) == pytest.approx(4 / 6)  # a 3 or more
    assert chance(5, 6) == pytest.approx(5 / 6)  # a 1 always fails
    assert chance(0, 20) == pytest.approx(1 / 6)  # a 6 always succeeds


@pytest.mark.parametrize("name", ["greedy", "mcts", "ismcts"])
@pytest.mark.parametrize("players", [1, 3])
def test_avalon_returns__every_agent_takes_the_shared_win(name: str, players: int) -> None:
    state = _ready(players)
    mover = state.heroes[state.to_move]
    assert "act wake" in [str(a) for a in state.legal_actions()] or mover.relics == ()
    if "act wake" not in [str(a) for a in state.legal_actions()]:
        pytest.skip("the relics' carrier is not the one to move")
    bot = agents.make(name, budget=300, seed=0)
    assert str(bot.choose(state)) == "act wake"
