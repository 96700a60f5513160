"""Armour, rock castles, princesses, the double count, opened rainbows and the win."""

from __future__ import annotations

from typing import Any

from tests.drachenfels.helpers import drachenfels, illegal, play, texts

CORNER: dict[str, Any] = {
    "knights": {"red": "12", "blue": "S3"},
    "armour": ["red"],
    "bridges": ["X1"],
    "dragons": ["C2", "C3", "C4", "D2"],
    "hands": {"red": ["2", "rainbow"], "blue": ["1"]},
}


def test_drachenfels_goal__armour_first_then_the_princess() -> None:
    unarmoured = drachenfels(**{**CORNER, "armour": []})
    assert "2 C1" not in texts(unarmoured)
    assert illegal(unarmoured, "2 C1").rule == "drachenfels.goal"
    assert "2 C1" in texts(drachenfels(**CORNER))


def test_drachenfels_win__the_knight_who_finds_his_princess_wins() -> None:
    state = drachenfels(**CORNER, princesses=["red", "blue", "yellow", "green"])
    play(state, "2 C1")
    assert state.is_over
    assert state.returns() == [1.0, 0.0]
    assert state.view(1)["winner"] == "red"
    assert state.view(None)["princesses"] == {"C1": "red", "C2": "blue", "C3": "yellow", "C4": "green"}


def test_drachenfels_rock_castle__a_look_in_vain_is_seen_only_by_the_looker() -> None:
    state = drachenfels(**CORNER, princesses=["yellow", "blue", "red", "green"])
    play(state, "2 C1")
    assert not state.is_over
    assert state.view(0)["princesses"] == {"C1": "yellow"}
    assert state.view(1)["princesses"] == {}
    assert state.view(None)["princesses"] == {}
    assert state.view(1)["looked"] == {"C1": ["red"]}
    assert state.view(1)["double"]["red"] is True


def test_drachenfels_rock_castle__not_while_a_dragon_is_there() -> None:
    state = drachenfels(**{**CORNER, "dragons": ["C1", "C3", "C4", "D2"]})
    assert "2 C1" not in texts(state)
    assert illegal(state, "2 C1").rule == "drachenfels.move.pass"


def test_drachenfels_rock_castle__the_double_count_after_a_look_in_vain() -> None:
    single = drachenfels(knights={"red": "1", "blue": "S3"}, hands={"red": ["1"]})
    assert [t for t in texts(single) if t[0] == "1"] == ["1 2", "1 S1"]
    looked: dict[str, Any] = {"looked": {"C2": ["red"]}, "armour": ["red"]}  # C2 holds blue's princess
    double = drachenfels(knights={"red": "1", "blue": "S3"}, hands={"red": ["1"]}, **looked)
    assert [t for t in texts(double) if t[0] == "1"] == ["1 2", "1 3", "1 S1"]


def test_drachenfels_rainbow_open__rainbows_reach_rock_castles_after_a_look_in_vain() -> None:
    closed = drachenfels(**CORNER)
    assert not any("-C" in text for text in texts(closed) if text.startswith("rainbow"))
    assert illegal(closed, "rainbow R1-C1").rule == "drachenfels.rainbow-open"
    state = drachenfels(**CORNER, princesses=["yellow", "blue", "red", "green"])
    play(state, "2 C1")  # red looks in vain
    assert state.view(None)["rainbow_open"] is True
    play(state, "1 35")
    assert state.view(None)["turn"] == "red"
    assert "rainbow R1-C1" in texts(state)
    play(state, "rainbow R4-C1")
    assert state.view(None)["rainbows"] == [["R4", "C1"]]
