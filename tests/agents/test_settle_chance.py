"""Heuristics that set `settle_chance`: the tree searches value their leaves only where no chance
event is pending (a hand half drawn, a slip not yet decided)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from spielwerk import agents
from spielwerk.core.game import Game
from spielwerk.core.state import Action, State


class Probe:
    """Even values for every seat; counts the leaves it was asked to value at a chance node."""

    def __init__(self, settle: bool) -> None:
        self.settle_chance = settle
        self.at_chance = self.valued = 0

    def evaluate(self, state: State) -> list[float]:
        self.valued += 1
        self.at_chance += state.is_chance
        return [1.0 / state.players] * state.players

    def order(self, state: State, actions: Sequence[Action]) -> list[Action]:
        return list(actions)


@pytest.mark.parametrize("name", ["mcts", "ismcts"])
def test_leaves_are_valued_after_the_pending_chance(race: Game, name: str) -> None:
    settled, unsettled = Probe(settle=True), Probe(settle=False)
    for probe in (settled, unsettled):
        agents.make(name, budget=60, seed=1, heuristics=probe).choose(race.new_state(players=2, seed=3))
    assert settled.valued > 0 and settled.at_chance == 0
    assert unsettled.at_chance > 0  # every move in the toy race is followed by a chance event
