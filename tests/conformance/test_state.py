"""Conformance: undo, clone, JSON, records, seeds, views and determinization round-trip exactly."""

from __future__ import annotations

import random

import pytest

import spielwerk
from spielwerk import SpielwerkError
from tests.conformance.cases import CASE_IDS, CASES, PLIES, Case
from tests.conformance.play import json_round_trip, play_out, playout, seats, snapshot, step, texts

SEEDS = (1, 2)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_undo_restores_exactly(case: Case, seed: int) -> None:
    state = case.new_state(seed)
    start = snapshot(state)
    with pytest.raises(SpielwerkError):
        state.undo()
    rng = random.Random(seed)
    played = 0
    while not state.is_over and played < PLIES:
        before = snapshot(state)
        action = step(state, rng)
        assert str(state.undo()) == str(action)
        assert snapshot(state) == before
        state.apply(str(action))
        played += 1
    while state.history:
        state.undo()
    assert snapshot(state) == start


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_apply_trusted_is_apply_without_the_check(case: Case) -> None:
    for number, state in enumerate(playout(case.new_state(3), 3, PLIES)):
        if number % 4:
            continue
        choices = [o for o, _ in state.chance_outcomes()] if state.is_chance else state.legal_actions()
        for action in choices[:6]:
            checked = state.clone()
            checked.apply(action)
            state.apply_trusted(action)
            assert snapshot(state) == snapshot(checked)
            state.undo()


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_clone_is_independent(case: Case, seed: int) -> None:
    for number, state in enumerate(playout(case.new_state(seed), seed, PLIES)):
        if number % 8:
            continue
        copy = state.clone()
        assert snapshot(copy) == snapshot(state)
        original = snapshot(state)
        play_out(copy, seed + 1, 5)
        assert snapshot(state) == original
        if copy.history:
            copy.undo()
        copy_now = snapshot(copy)
        step(state, random.Random(seed))
        assert snapshot(copy) == copy_now
        state.undo()
        assert snapshot(state) == original


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_json_and_record_round_trip(case: Case, seed: int) -> None:
    game = case.game()
    for number, state in enumerate(playout(case.new_state(seed), seed, PLIES)):
        if number % 4:
            continue
        data = state.to_json()
        assert json_round_trip(data) == data
        assert snapshot(game.state_from_json(json_round_trip(data))) == snapshot(state)
        record = state.record()
        assert set(record) >= {"game", "options", "players", "seed", "actions"}
        assert record["actions"] == [str(action) for action in state.history]
        assert json_round_trip(record) == record
        assert snapshot(spielwerk.replay(json_round_trip(record))) == snapshot(state)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_finished_games_round_trip(case: Case) -> None:
    state = play_out(case.new_state(seed=4), 4, 10_000)
    assert state.is_over
    assert snapshot(spielwerk.replay(state.record())) == snapshot(state)
    assert snapshot(case.game().state_from_json(state.to_json())) == snapshot(state)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_the_same_seed_plays_the_same_game(case: Case) -> None:
    first = play_out(case.new_state(seed=5), 5, 3 * PLIES)
    second = play_out(case.new_state(seed=5), 5, 3 * PLIES)
    assert first.record() == second.record()
    assert snapshot(first) == snapshot(second)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_chance_follows_the_state_seed(case: Case) -> None:
    """Only the state's seed drives chance: a different seed gives different draws somewhere."""
    if not case.game().info.chance:
        pytest.skip("no chance in this game")

    def draws(seed: int) -> list[str]:
        state, rng, found = case.new_state(seed), random.Random(0), []
        while not state.is_over and len(state.history) < PLIES:
            chance = state.is_chance
            action = step(state, rng)
            if chance:
                found.append(str(action))
        return found

    assert draws(6) == draws(6)
    assert len({tuple(draws(seed)) for seed in range(6)}) > 1


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_views_are_plain_json(case: Case, seed: int) -> None:
    for state in playout(case.new_state(seed), seed, PLIES):
        for seat in seats(state):
            view = state.view(seat)
            assert isinstance(view, dict)
            assert json_round_trip(view) == view


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_determinize(case: Case, seed: int) -> None:
    for number, state in enumerate(playout(case.new_state(seed), seed, PLIES)):
        if number % 5 and not state.is_chance:
            continue
        original = snapshot(state)
        for seat in range(state.players):
            world = state.determinize(seat, random.Random(seed * 100 + seat))
            assert world.view(seat) == state.view(seat)
            if state.to_move == seat:
                assert texts(world) == texts(state)
            play_out(world, seed, 3)
            assert snapshot(state) == original
        if state.is_chance and len(state.chance_outcomes()) > 1:
            real = state.clone().resolve_chance()
            worlds = [state.determinize(0, random.Random(k)) for k in range(8)]
            assert any(str(world.resolve_chance()) != str(real) for world in worlds), (
                "a determinized copy must not know the real game's future draws"
            )
            assert snapshot(state) == original
