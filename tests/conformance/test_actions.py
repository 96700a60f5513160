"""Conformance: legal actions apply, print and parse back, are distinct; chance nodes are sound."""

from __future__ import annotations

import math

import pytest

import spielwerk
from spielwerk import CHANCE, SpielwerkError
from tests.conformance.cases import CASE_IDS, CASES, PLIES, Case
from tests.conformance.play import playout, snapshot, texts

SEEDS = (1, 2)


def test_every_registered_game_is_checked() -> None:
    assert {case.game_id for case in CASES} == set(spielwerk.games())
    assert "gyges" in spielwerk.games()


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_game_info(case: Case) -> None:
    game = case.game()
    info = game.info
    assert info.id == case.game_id
    assert info.name
    assert 1 <= info.min_players <= case.players <= info.max_players
    names = [option.name for option in info.options]
    assert len(names) == len(set(names))
    assert set(game.options) == set(names)
    state = case.new_state(seed=3)
    assert state.players == case.players
    assert state.history == ()
    assert not state.is_over


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_legal_actions_apply_and_their_texts_round_trip(case: Case, seed: int) -> None:
    game = case.game()
    for state in playout(case.new_state(seed), seed, PLIES):
        legal = state.legal_actions()
        assert legal, "a game that is not over has an action (a pass, if nothing else)"
        names = texts(state)
        assert len(names) == len(set(names)), "each legal action has its own text"
        assert len(set(legal)) == len(legal)
        before = snapshot(state)
        for action, name in zip(legal, names, strict=True):
            parsed = game.parse_action(state, name)
            assert parsed == action
            assert str(parsed) == name
            state.apply(name)
            assert str(state.history[-1]) == name
            state.undo()
        assert snapshot(state) == before


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_chance_nodes(case: Case, seed: int) -> None:
    has_chance = case.game().info.chance
    for state in playout(case.new_state(seed), seed, PLIES):
        if not state.is_chance:
            with pytest.raises(SpielwerkError):
                state.resolve_chance()
            continue
        assert has_chance, "a game without chance reached a chance node"
        assert state.to_move == CHANCE
        outcomes = state.chance_outcomes()
        assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
        assert all(p > 0 for _, p in outcomes)
        assert sorted(str(a) for a, _ in outcomes) == sorted(texts(state))
        assert len({str(a) for a, _ in outcomes}) == len(outcomes)
        first, second = state.clone(), state.clone()
        drawn = first.resolve_chance()
        assert str(second.resolve_chance()) == str(drawn), "the same state draws the same outcome"
        assert str(drawn) in texts(state)
