"""Golden counts of legal actions, worked out by hand, and positions given as JSON text."""

from __future__ import annotations

import json
from typing import Any

import pytest

from spielwerk import OptionError
from tests.avalon.helpers import day, game, position, texts


def test_avalon_golden__a_lone_character_at_the_start_of_day_one() -> None:
    # explore, four travels (7, 14, 17, 12 are placed and joined by two-way arrows), commune, pass;
    # the Heartstone burns with its dial, no one to give to or wait for.
    assert texts(day()) == ["explore", "travel north", "travel east", "travel south", "travel west",
                            "act commune", "pass"]


def test_avalon_golden__two_characters_on_the_heartstone() -> None:
    # as above, plus food, wealth and the hammer to give Elowen, and waiting for her: 11.
    state = day(players=2)
    assert len(state.legal_actions()) == 11
    assert [t for t in texts(state) if t.startswith(("give", "wait"))] == [
        "give food to 2", "give wealth to 2", "give hammer to 2", "wait"]


def test_avalon_golden__cadoc_in_ashford() -> None:
    # explore; east to 8, south to 13, west to 6 (north, 1, is not placed); market; wait; pass: 7.
    state = day(players=2, heroes={0: {"location": 7}})
    assert texts(state) == ["explore", "travel east", "travel south", "travel west", "act market", "wait",
                            "pass"]


def test_avalon_golden__a_position_as_json_text() -> None:
    text = json.dumps(position(1, heroes={0: {"location": 7}}))
    state = game().new_state(position=text)
    assert state.players == 1 and "act market" in texts(state)
    assert state.record()["position"]["heroes"][0]["location"] == 7
    again = game().state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()


@pytest.mark.parametrize(("facts", "fault"), [
    ({"omen": -1}, "omen must be a whole number 0–1000"),
    ({"omen": 120}, "omen must be 0–99"),
    ({"placed": [21]}, "placed names a location"),
    ({"heroes": {0: {"health": 11}}}, "within their maxima"),
    ({"heroes": {0: {"relics": ["mirror"]}, 1: {"relics": ["mirror"]}}}, "carried twice"),
    ({"deck_a": []}, "every event card is in exactly one place"),
    ({"frames": [["verse", "13a", "start", [0], 0]]}, "frames start with dawn, day or dusk"),
    ({"frames": [["day"], ["join", 0, "travel", "up", [1]]]}, "join frame stands on an act frame"),
    ({"arrows": [[1, 9]]}, "arrows join orthogonal neighbours"),
    ({"colour": "red"}, "no fact 'colour'"),
])
def test_avalon_golden__impossible_positions_are_refused(facts: dict[str, Any], fault: str) -> None:
    players = 2 if "carried twice" in fault else 1
    with pytest.raises(OptionError, match=fault):
        game().new_state(players=players, position=position(players, **facts))
