"""The narration: one line per action, kept once asked for, never kept by search copies."""

from __future__ import annotations

import spielwerk


def test_narration_has_one_line_per_action_and_follows_apply_and_undo() -> None:
    state = spielwerk.game("gyges", setup="123321,321123").new_state(seed=1)
    state.apply("b1-b3")
    assert len(state.narration(None)) == 1
    state.apply(state.legal_actions()[0])
    lines = state.narration(0, "de")
    assert len(lines) == 2 == len(state.history)
    state.undo()
    assert state.narration(0, "de") == lines[:1]


def test_a_clone_tells_the_same_but_keeps_nothing_until_asked() -> None:
    state = spielwerk.game("grani").new_state(players=3, seed=2)
    for _ in range(12):
        state.resolve_chance() if state.is_chance else state.apply(state.legal_actions()[0])
    told = state.narration(None)
    copy = state.clone()
    assert copy._told is None
    assert copy.narration(None) == told
    copy.apply(copy.legal_actions()[0]) if not copy.is_chance else copy.resolve_chance()
    assert copy.narration(None)[:-1] == told and len(state.narration(None)) == len(told)


def test_a_replayed_record_tells_the_same() -> None:
    state = spielwerk.game("drachenfels").new_state(players=3, seed=5)
    for _ in range(20):
        state.resolve_chance() if state.is_chance else state.apply(state.legal_actions()[0])
    again = spielwerk.replay(state.record())
    for seat in (None, 0, 1, 2):
        assert again.narration(seat, "fr") == state.narration(seat, "fr")
