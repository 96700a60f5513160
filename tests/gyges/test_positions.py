"""Position texts and JSON states at the input boundary: impossible ones are refused, naming what is wrong."""

from __future__ import annotations

import time
from typing import Any

import pytest

import spielwerk
from spielwerk import IllegalAction, InvalidNotation, OptionError, SpielwerkError
from spielwerk.games.gyges import GygesState
from tests.gyges.helpers import gyges, play

START = "321123/....../....../....../....../123321 s"
EMPTY_RANKS = "....../....../....../....../"


@pytest.mark.parametrize(
    ("position", "says"),
    [
        ("", "'' is not a Gygès position: six ranks from 6 down to 1"),
        ("321123/....../....../....../....../123321", "is not a Gygès position"),
        (START + " s", "is not a Gygès position"),
        ("321123/....../....../....../....../123321 x", "side to move is s (South) or n (North), not 'x'"),
        ("321123/....../....../....../....../123321 south", "not 'south'"),
        ("321123/....../....../....../123321 s", "six ranks separated by '/', not 5"),
        ("321123/....../....../....../....../....../123321 s", "six ranks separated by '/', not 7"),
        ("321123/....../....../....../....../12332 s", "rank 1 ('12332') has 5 cells, not six"),
        ("321123/....../....../....../....../1233211 s", "rank 1 ('1233211') has 7 cells, not six"),
        ("321123/....../....../....../....../123421 s", "rank 1 ('123421') holds '4'"),
        ("321123/....../....../....../....../12332² s", "rank 1 ('12332²') holds '²'"),
        ("321123/....../....../....../....../١٢٣٣٢١ s", "holds '١'"),
        ("321123/....../....../....../....../12332１ s", "holds '１'"),
        ("321123/....../....../....../.-1.../123321 s", "rank 2 ('.-1...') holds '-'"),
        ("inf123/....../....../....../....../123321 s", "rank 6 ('inf123') holds 'i'"),
        ("333333/....../....../....../....../123321 s", "8 rings of height 3, but the game has only 4"),
        ("111111/....../....../....../....../...... n", "6 rings of height 1, but the game has only 4"),
        ("222222/222222/222222/222222/222222/222222 s", "36 rings of height 2"),
    ],
)
def test_an_impossible_position_is_refused_naming_what_is_wrong(position: str, says: str) -> None:
    with pytest.raises(InvalidNotation) as caught:
        spielwerk.game("gyges").new_state(position=position)
    assert says in str(caught.value)


def test_twelve_rings_four_of_each_height_are_a_position() -> None:
    state = gyges("323322/321111/....../....../....../...... n")
    assert state.position() == "323322/321111/....../....../....../...... n"
    assert gyges(EMPTY_RANKS + "....../...... s").position() == EMPTY_RANKS + "....../...... s"
    assert gyges("  " + START.replace(" ", "\t") + "\n").position() == START  # spacing is free
    assert gyges(START.upper()).position() == START


def test_a_long_position_is_refused_at_once_and_quoted_short() -> None:
    # the fuzz found texts like these (digits replaced by 5,000 nines, repeated) taking seconds
    for text in ("9" * 5000 + "/....../" * 40 + " s", START * 100_000, "²" * 3_000_000):
        began = time.perf_counter()
        with pytest.raises(InvalidNotation) as caught:
            spielwerk.game("gyges").new_state(position=text)
        assert time.perf_counter() - began < 0.1
        assert len(str(caught.value)) < 200
        assert "at most 200 characters" in str(caught.value)


def test_a_rank_is_quoted_short_in_the_message() -> None:
    with pytest.raises(InvalidNotation) as caught:
        spielwerk.game("gyges").new_state(position="x" * 150 + "/a/b/c/d/e s")
    assert len(str(caught.value)) < 120


@pytest.mark.parametrize("position", [5, 1.5, b"321123", ["321123"], {"rings": 1}, ("tuple",)])
def test_a_position_that_is_no_text_is_an_option_error(position: Any) -> None:
    with pytest.raises(OptionError) as caught:
        spielwerk.game("gyges").new_state(position=position)
    assert "a Gygès position is a position text" in str(caught.value)


def test_an_unknown_start_argument_is_named_short() -> None:
    with pytest.raises(OptionError) as caught:
        spielwerk.game("gyges").new_state(**{"board" * 100: 1})
    assert "new_state takes no" in str(caught.value) and len(str(caught.value)) < 150


def record_of(**changes: Any) -> dict[str, Any]:
    """The JSON state of a game from a position after one move, with some fields changed."""
    state = play(gyges("....../..1.2./....../.3..../....../...... n"), "c5-c4")
    return {**state.to_json(), **changes}


def test_a_json_state_round_trips_with_its_position() -> None:
    data = record_of()
    assert data["position"] == "....../..1.2./....../.3..../....../...... n"
    state = spielwerk.game("gyges").state_from_json(data)
    assert state.to_json() == data
    assert spielwerk.replay(data).to_json() == data


@pytest.mark.parametrize(
    ("changes", "error", "says"),
    [
        ({"position": 7}, OptionError, "a Gygès position is a position text, not 7"),
        ({"position": ["....../..1.2."]}, OptionError, "a Gygès position is a position text"),
        ({"position": "....../..1.2./....../.3..../...... n"}, InvalidNotation, "six ranks"),
        ({"position": "333333/..1.2./....../.3..../....../...... n"}, InvalidNotation, "rings of height 3"),
        ({"position": "....../..1.2./....../.3..../....../...... x"}, InvalidNotation, "side to move"),
        ({"board": "x"}, OptionError, "new_state takes no board"),
        ({"game": "grani"}, OptionError, "this record is of 'grani', not of gyges"),
        ({"game": {}}, SpielwerkError, "a record's game is a game id"),
        ({"options": {"replace_rule": "sometimes"}}, OptionError, "replace_rule"),
        ({"options": "ab"}, SpielwerkError, "a record's options are an object"),
        ({"players": 3}, OptionError, "for 2–2 players, not 3"),
        ({"players": "2"}, SpielwerkError, "players must be a whole number"),
        ({"seed": -1}, SpielwerkError, "seed must be a whole number"),
        ({"seed": 10**50}, SpielwerkError, "seed must be a whole number"),
        ({"actions": 5}, SpielwerkError, "a record's actions are a list of texts"),
        ({"actions": [5]}, SpielwerkError, "action 1 of the record is not text"),
        ({"actions": ["c5-c4²"]}, InvalidNotation, "action 1 of the record"),
        ({"actions": ["c3-c2"]}, IllegalAction, "action 1 of the record, 'c3-c2'"),
    ],
)
def test_every_field_of_a_json_state_is_checked(
    changes: dict[str, Any], error: type[Exception], says: str
) -> None:
    data = record_of(**changes)
    with pytest.raises(error) as caught:
        spielwerk.game("gyges").state_from_json(data)
    assert says in str(caught.value)
    with pytest.raises(SpielwerkError):
        spielwerk.replay(data)


def test_a_json_state_of_other_options_is_refused_by_a_game_of_these() -> None:
    data = record_of(options={**spielwerk.game("gyges").options, "replace_rule": "strict"})
    with pytest.raises(OptionError) as caught:
        spielwerk.game("gyges").state_from_json(data)
    assert "other options (replace_rule)" in str(caught.value)
    assert spielwerk.game("gyges", replace_rule="seed").state_from_json(data).to_json() == data
    assert spielwerk.replay(data).game.options["replace_rule"] == "strict"


def test_a_json_state_without_its_position_starts_with_the_set_up() -> None:
    data = {key: value for key, value in record_of().items() if key != "position"}
    with pytest.raises(SpielwerkError):  # the moves of a position make no set-up
        spielwerk.game("gyges").state_from_json(data)
    data["actions"] = ["123321", "321123", "a1-a2"]
    state = spielwerk.game("gyges").state_from_json(data)
    assert isinstance(state, GygesState)
    assert state.position() == "321123/....../....../....../1...../.23321 n"
