"""Resigning and running out of time: the referee's decisions, recorded and replayed."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk.core.errors import IllegalAction


def grani(players: int) -> spielwerk.State:
    state = spielwerk.game("grani").new_state(players=players, seed=4)
    while state.is_chance:
        state.resolve_chance()
    return state


def test_game_resign__the_seat_loses_and_the_other_wins() -> None:
    state = spielwerk.game("gyges", setup="123321,321123").new_state(seed=1)
    state.apply("b1-b3")
    ending = state.resign(1)
    assert str(ending) == "resign 1" and state.ending == ending
    assert state.is_over and state.legal_actions() == [] and state.returns() == [1.0, 0.0]
    result = state.view(0)["result"]
    assert result["rule"] == "game.resign" and result["reason"] == "North resigned"
    assert result["reason_message"]["key"] == "end.resign"
    assert state.view(None)["waiting_for"] == "nothing: the game is over"
    assert state.narration(None)[-1] == "North resigns"
    assert state.record()["actions"] == ["b1-b3", "resign 1"]


def test_game_resign__with_more_players_the_others_share_the_win() -> None:
    state = grani(4)
    state.resign(2)
    assert state.returns() == pytest.approx([1 / 3, 1 / 3, 0.0, 1 / 3])


def test_game_resign__in_a_cooperative_game_everyone_loses() -> None:
    state = spielwerk.game("avalon").new_state(players=2, seed=3)
    state.resign(0)
    assert state.returns() == [0.0, 0.0]


def test_game_timeout__is_recorded_and_a_replay_ends_the_same() -> None:
    state = grani(3)
    state.time_out(0)
    again = spielwerk.replay(state.record())
    assert again.is_over and again.returns() == state.returns() == [0.0, 0.5, 0.5]
    assert again.view(None)["result"] == state.view(None)["result"]
    assert again.view(None)["result"]["rule"] == "game.timeout"
    assert again.record()["actions"][-1] == "timeout 0"


def test_game_ending__a_seat_cannot_type_the_referees_decision() -> None:
    state = spielwerk.game("gyges", setup="123321,321123").new_state(seed=1)
    with pytest.raises(IllegalAction) as refused:
        state.apply("resign 1", seat=0)
    assert refused.value.rule == "game.ending" and not state.is_over
    assert "resign 1" not in [str(action) for action in state.legal_actions()]


def test_game_over__nobody_resigns_a_finished_game() -> None:
    state = spielwerk.game("gyges", setup="123321,321123").new_state(seed=1)
    state.resign(0)
    with pytest.raises(IllegalAction) as refused:
        state.resign(1)
    assert refused.value.rule == "game.over" and str(refused.value) == "the game is over (game.over)"
    with pytest.raises(IllegalAction):
        state.time_out(0)
    assert state.returns() == [0.0, 1.0]


def test_undoing_a_resignation_plays_on() -> None:
    state = spielwerk.game("gyges", setup="123321,321123").new_state(seed=1)
    state.resign(0)
    assert str(state.undo()) == "resign 0"
    assert not state.is_over and state.legal_actions() and state.ending is None


def test_game_over__after_a_resignation_not_even_the_referee_moves() -> None:
    state = spielwerk.game("grani").new_state(players=3, seed=4)
    state.resign(1)
    with pytest.raises(IllegalAction) as refused:
        state.apply("T1-T2")
    assert refused.value.rule == "game.over"


def test_game_resign__the_view_still_shows_the_last_move_of_the_game() -> None:
    state = spielwerk.game("gyges", setup="123321,321123").new_state(seed=1)
    state.apply("b1-b3")
    state.resign(1)
    assert state.played_actions == tuple(state.history[:-1]) and str(state.history[-1]) == "resign 1"
    view = state.view(None)
    assert view["last_action"] == "b1-b3" and view["last_move"]["to"] == "b3"
    assert "resign 1" not in state.game.terminal(state, None, "de")
