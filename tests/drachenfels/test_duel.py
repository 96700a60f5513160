"""Duels: ending a walk on another knight sends it home and may take cards from its hand."""

from __future__ import annotations

from tests.drachenfels.helpers import drachenfels, illegal, play, texts


def test_drachenfels_duel__the_winner_sends_the_loser_to_a_free_start_field() -> None:
    state = drachenfels(knights={"red": "3", "blue": "1"}, hands={"red": ["2", "1"]})
    play(state, "2 1")
    assert state.view(None)["phase"] == "send"
    assert texts(state) == ["send blue S1", "send blue S2", "send blue S3", "send blue S4"]
    play(state, "send blue S3")
    assert state.view(None)["knights"] == {"red": "1", "blue": "S3"}
    assert state.view(None)["turn"] == "blue"  # blue has no cards to take


def test_drachenfels_duel__the_winner_may_take_up_to_two_cards_at_random() -> None:
    state = drachenfels(
        knights={"red": "3", "blue": "1"}, hands={"red": ["2", "1"], "blue": ["dragon", "4", "4"]}
    )
    play(state, "2 1", "send blue S2")
    assert texts(state) == ["stop", "take blue"]
    play(state, "take blue")
    assert state.is_chance
    assert sorted(str(a) for a, _ in state.chance_outcomes()) == ["pick 4", "pick dragon"]
    play(state, "pick dragon")
    assert state.view(0)["hand"] == ["1", "dragon"]
    assert state.view(1)["known"] == {"red": ["dragon"]}  # blue saw which card went
    play(state, "take blue", "pick 4")
    assert state.view(None)["turn"] == "blue"
    assert state.view(None)["hand_sizes"] == {"red": 3, "blue": 1}


def test_drachenfels_duel__stop_taking() -> None:
    state = drachenfels(knights={"red": "3", "blue": "1"}, hands={"red": ["2"], "blue": ["4"]})
    play(state, "2 1", "send blue S2", "stop")
    assert state.view(None)["hand_sizes"] == {"red": 0, "blue": 1}
    assert state.view(None)["turn"] == "blue"


def test_drachenfels_duel__not_on_a_rainbow_rock() -> None:
    state = drachenfels(knights={"red": "4", "blue": "R1"}, hands={"red": ["2", "3"]}, bridges=["H2"])
    assert "2 R1" not in texts(state)
    assert illegal(state, "2 R1").rule == "drachenfels.duel"
    assert "3 H2" in texts(state)  # passing over is fine


def test_drachenfels_duel__not_on_a_rock_castle() -> None:
    state = drachenfels(
        knights={"red": "12", "blue": "C1"},
        armour=["red", "blue"],
        hands={"red": ["2"]},
        bridges=["X1"],
        dragons=["C2", "C3", "C4", "D1"],
        princesses=["yellow", "red", "blue", "green"],
        looked={"C1": ["blue"]},
    )
    assert "2 C1" not in texts(state)
    assert illegal(state, "2 C1").rule == "drachenfels.duel"
