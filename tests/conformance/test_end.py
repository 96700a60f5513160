"""Conformance: random games end, and returns are well formed (and only exist at the end)."""

from __future__ import annotations

import math

import pytest

from spielwerk import SpielwerkError, State
from tests.conformance.cases import CASE_IDS, CASES, PLIES, Case
from tests.conformance.play import play_out, playout

LONGEST = 20_000
"""No random game may take more actions than this (Gygès averages a few hundred)."""


def assert_returns_well_formed(state: State) -> None:
    """Per seat in [0, 1], summing to 1: winners share 1 equally, a draw shares it among all.
    In a co-operative game every seat wins (1) or loses (0) together."""
    returns = state.returns()
    assert len(returns) == state.players
    assert all(0.0 <= value <= 1.0 for value in returns)
    if state.game.info.cooperative:
        assert returns in ([1.0] * state.players, [0.0] * state.players)
        return
    assert math.isclose(sum(returns), 1.0)
    winners = [value for value in returns if value > 0]
    assert all(math.isclose(value, 1.0 / len(winners)) for value in winners)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_random_games_end(case: Case) -> None:
    for seed in range(3):
        state = play_out(case.new_state(seed), seed, LONGEST)
        assert state.is_over, f"seed {seed}: no end after {LONGEST} actions"
        assert_returns_well_formed(state)
        assert state.legal_actions() == []


@pytest.mark.parametrize("seed", (1, 2))
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_no_returns_before_the_end(case: Case, seed: int) -> None:
    for state in playout(case.new_state(seed), seed, PLIES):
        with pytest.raises(SpielwerkError):
            state.returns()


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_no_action_after_the_end(case: Case) -> None:
    state = play_out(case.new_state(seed=7), 7, LONGEST)
    assert state.is_over
    last = str(state.undo())
    state.apply(last)
    with pytest.raises(SpielwerkError):
        state.apply(last)
    assert str(state.history[-1]) == last
