"""Weights of Grani's heuristics set per agent ("mcts:200:w.hold=0.25"): `GraniHeuristics.with_weights`
and the agents' "w.<name>" options, as the tuning benchmark (benchmarks/tuning.py) uses them."""

from __future__ import annotations

import pytest

from spielwerk import agents
from spielwerk.core.errors import OptionError
from spielwerk.games.grani.heuristics import HEURISTICS, GraniHeuristics, Weights
from tests.grani.helpers import grani

START = "yellow=G24:ring:seals=T blue=X1 red=X12"


def test_with_weights_sets_those_named_and_leaves_the_defaults_alone() -> None:
    tuned = HEURISTICS.with_weights({"hold": 0.25, "regain": 4})
    assert isinstance(tuned, GraniHeuristics)
    assert (tuned.w.hold, tuned.w.regain, tuned.w.step) == (0.25, 4.0, Weights.step)
    assert (HEURISTICS.w.hold, Weights.hold, Weights.regain, Weights.escape) == (0.0, 0.0, 24.0, 0.0)
    state = grani(START)
    assert tuned.evaluate(state) != HEURISTICS.evaluate(state)


@pytest.mark.parametrize("name", ["nope", "__doc__", "_private"])
def test_with_weights_refuses_a_name_that_is_no_weight(name: str) -> None:
    with pytest.raises(KeyError):
        HEURISTICS.with_weights({name: 1.0})


def test_an_agent_spec_sets_weights_of_the_games_heuristics() -> None:
    state = grani(START)
    bot = agents.from_spec("mcts:20:w.hold=0,w.regain=12", seed=1)
    tuned = bot.heuristics_for(state)
    assert isinstance(tuned, GraniHeuristics)
    assert (tuned.w.hold, tuned.w.regain) == (0.0, 12.0)
    assert bot.heuristics_for(state) is tuned  # made once
    assert bot.choose(state) in state.legal_actions()
    assert agents.from_spec("mcts:20", seed=1).heuristics_for(state) is HEURISTICS


def test_a_weight_the_heuristics_lack_or_a_bad_value_is_refused() -> None:
    state = grani(START)
    with pytest.raises(OptionError, match=r"no weight 'w\.nope'"):
        agents.from_spec("greedy:w.nope=1").choose(state)
    with pytest.raises(OptionError, match=r"w\.hold"):
        agents.from_spec("greedy:w.hold=-1")
    with pytest.raises(OptionError, match=r"w\.hold"):
        agents.from_spec("greedy:w.hold=many")
