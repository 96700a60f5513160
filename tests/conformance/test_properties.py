"""Conformance properties over random action sequences (hypothesis): undo, replay, JSON, clones."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spielwerk
from spielwerk import State
from tests.conformance.cases import CASE_IDS, CASES, Case
from tests.conformance.play import snapshot

seeds = st.integers(min_value=0, max_value=2**32 - 1)
choices = st.lists(st.integers(min_value=0, max_value=10_000), max_size=30)


def play_choices(state: State, picks: list[int]) -> State:
    """Apply the picked actions (each pick modulo the number of legal actions) while the game lasts."""
    for pick in picks:
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[pick % len(legal)])
    return state


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
@settings(max_examples=15, deadline=None)
@given(seed=seeds, picks=choices)
def test_undoing_everything_returns_to_the_start(case: Case, seed: int, picks: list[int]) -> None:
    state = case.new_state(seed)
    start = snapshot(state)
    play_choices(state, picks)
    while state.history:
        state.undo()
    assert snapshot(state) == start


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
@settings(max_examples=15, deadline=None)
@given(seed=seeds, picks=choices)
def test_replaying_the_record_gives_the_same_state(case: Case, seed: int, picks: list[int]) -> None:
    state = play_choices(case.new_state(seed), picks)
    assert snapshot(spielwerk.replay(state.record())) == snapshot(state)
    assert snapshot(case.game().state_from_json(state.to_json())) == snapshot(state)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
@settings(max_examples=15, deadline=None)
@given(seed=seeds, picks=choices, more=choices)
def test_a_clone_goes_its_own_way(case: Case, seed: int, picks: list[int], more: list[int]) -> None:
    state = play_choices(case.new_state(seed), picks)
    before = snapshot(state)
    copy = play_choices(state.clone(), more)
    assert snapshot(state) == before
    again = play_choices(state.clone(), more)
    assert snapshot(again) == snapshot(copy)  # the same choices from the same state: the same game
