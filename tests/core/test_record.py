"""Records: the owner's record replays exactly; a seat's record hides the seed of a running game."""

from __future__ import annotations

import spielwerk


def _started_grani() -> spielwerk.State:
    state = spielwerk.game("grani").new_state(players=4, seed=11)
    state.resolve_chance()
    state.apply(state.legal_actions()[0])
    return state


def test_the_owners_record_keeps_the_seed() -> None:
    state = _started_grani()
    assert state.record()["seed"] == 11
    assert state.to_json()["seed"] == 11


def test_a_seats_record_of_a_running_game_has_no_seed() -> None:
    state = _started_grani()
    for seat in (0, 1, 2, 3, None):
        record = state.record(seat)
        assert record["seed"] is None
        assert record["actions"] == state.record()["actions"]


def test_a_seats_record_replays_the_past_exactly() -> None:
    state = _started_grani()
    again = spielwerk.replay(state.record(2))
    assert again.history == state.history
    assert again.view(None) == state.view(None)


def test_a_finished_game_shows_its_seed() -> None:
    state = spielwerk.game("grani", max_turns=1).new_state(players=3, seed=5)
    while not state.is_over:
        if state.is_chance:
            state.resolve_chance()
        else:
            state.apply(state.legal_actions()[0])
    assert state.record(1)["seed"] == 5


def test_games_without_chance_keep_the_seed() -> None:
    state = spielwerk.game("gyges", setup="123321,321123").new_state(seed=9)
    assert state.record(0)["seed"] == 9
