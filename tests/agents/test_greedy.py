"""The greedy agent: one decision ahead with the game's evaluation, chance averaged out, its own seat."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import spielwerk
from spielwerk import agents
from spielwerk.core.game import Game
from spielwerk.core.state import Action, State
from tests.agents.test_agents_toy_game import RaceState
from tests.grani.helpers import FAR, grani


class Places:
    """Toy-race heuristics: a seat's value is read from its place on the track; a pending slip is
    worth nothing, so only an agent that averages over the die sees what stepping 2 is worth."""

    def __init__(self, worth: dict[int, float]) -> None:
        self.worth = worth
        self.evaluated = 0

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, RaceState)
        self.evaluated += 1
        if state.slip:
            return [0.0] * state.players
        return [self.worth.get(place, 0.0) for place in state.places]

    def order(self, state: State, actions: Sequence[Action]) -> list[Action]:
        return list(actions)


def test_greedy_is_registered_and_needs_no_budget() -> None:
    assert "greedy" in agents.names()
    bot = agents.from_spec("greedy", seed=3)
    assert bot.name == "greedy" and bot.seed == 3


def test_greedy_averages_over_the_chance_outcomes(race: Game) -> None:
    state = race.new_state(players=3, seed=0)
    heuristics = Places({1: 0.6, 2: 1.0})  # step 2: the die leaves 2 or slips back to 1, on average 0.8
    bot = agents.make("greedy", seed=0, heuristics=heuristics)
    assert bot.choose(state) == "2"
    assert bot.stats["evaluations"] == 3  # "1", and "2" followed by either outcome
    assert bot.stats["value"] == pytest.approx(0.8)
    cautious = agents.make("greedy", seed=0, heuristics=Places({1: 0.9, 2: 1.0}), chance_depth=0)
    assert cautious.choose(state) == "1"  # without averaging, the pending slip looks worthless


def test_greedy_values_the_seat_to_move(race: Game) -> None:
    state = race.new_state(players=3, seed=0)
    state.apply("1")  # seat 1 to move; seat 0 stands on 1
    assert state.to_move == 1
    heuristics = Places({0: 0.0, 1: 1.0, 2: 0.2})  # seat 1 likes place 1 best
    assert agents.make("greedy", seed=0, heuristics=heuristics).choose(state) == "1"


def test_greedy_without_heuristics_plays_at_random(race: Game) -> None:
    state = race.new_state(players=3, seed=0)
    picks = {agents.make("greedy", seed=seed).choose(state) for seed in range(20)}
    assert picks == {"1", "2"}


def test_greedy_breaks_ties_with_its_seed(race: Game) -> None:
    state = race.new_state(players=3, seed=0)
    flat = Places({})
    picks = [agents.make("greedy", seed=seed, heuristics=flat).choose(state) for seed in range(20)]
    assert set(picks) == {"1", "2"}
    again = [agents.make("greedy", seed=seed, heuristics=flat).choose(state) for seed in range(20)]
    assert picks == again


def test_greedy_takes_a_win_at_once() -> None:
    state = grani(f"yellow=G21:ring:seals=TU {FAR}")
    before = state.to_json()
    assert str(agents.make("greedy", seed=0).choose(state)) == "G21-G25"
    assert state.to_json() == before


def test_greedy_takes_the_ring_and_brings_it_home() -> None:
    state = grani("yellow=T10 blue=G12 red=U1")  # T10 is next to the ring on T4
    state.apply(agents.make("greedy", seed=0).choose(state))
    assert state.bearer == 0
    state = grani("yellow=G21:ring blue=T9 red=U1")
    assert str(agents.make("greedy", seed=0).choose(state)) == "G21-G25"


def test_greedy_plays_grani_to_the_end() -> None:
    game = spielwerk.game("grani", max_turns=40)
    state = game.new_state(players=4, seed=5)
    bots = [agents.make("greedy", seed=seat) for seat in range(4)]
    while not state.is_over:
        if state.is_chance:
            state.resolve_chance()
            continue
        action = bots[state.to_move].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
    assert sum(state.returns()) == pytest.approx(1.0)
