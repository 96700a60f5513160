"""grani.win, grani.draw: seals of enough cities win at once; the turn limit ends every game."""

from __future__ import annotations

import pytest

from spielwerk import SpielwerkError
from tests.grani.helpers import FAR, end_rule, grani, illegal, knight, play, texts


def test_grani_win__seals_of_three_cities_win_at_once() -> None:
    state = grani(f"yellow=E23:1:ring:seals=TU {FAR}")
    play(state, "E23-E24")
    assert state.is_over
    assert state.returns() == [1.0, 0.0, 0.0]
    assert end_rule(state) == "grani.win"
    assert state.view(None)["result"] == {
        "returns": [1.0, 0.0, 0.0], "rule": "grani.win",
        "reason": "yellow holds seals of Tirad, Urgad, Elgad and wins",
        "reason_message": {"key": "end.win", "args": {"winner": {"key": "seat.yellow", "args": {}},
                                                      "cities": "Tirad, Urgad, Elgad"}},
    }
    assert knight(state, "yellow")["seals"] == ["tirad", "urgad", "elgad"]
    assert state.legal_actions() == []
    assert state.view(None)["to_move"] is None


def test_grani_win__the_game_is_over_for_every_action() -> None:
    state = grani(f"yellow=E23:ring:seals=TU {FAR}")
    play(state, "E23-E24")
    for text in ("ring T9", "E28-E27", "pass", "roll 3"):
        assert illegal(state, text).rule == "grani.win"
    assert illegal(state, "pass").reason == "the game is over"


def test_grani_win__two_seals_in_the_shorter_game() -> None:
    state = grani("yellow=G8 blue=E23:ring:seals=G red=U1 turn=blue", seals_to_win=2)
    play(state, "E23-E24")
    assert state.returns() == [0.0, 1.0, 0.0]
    assert state.view(None)["result"]["reason"] == "blue holds seals of Galad, Elgad and wins"


def test_grani_win__a_second_seal_of_one_city_does_not_count() -> None:
    state = grani(f"yellow=E23:ring:seals=E {FAR}", seals_to_win=2)
    play(state, "E23-E24")
    assert not state.is_over
    assert state.phase == "ring"


def test_grani_win__no_returns_before_the_end() -> None:
    with pytest.raises(SpielwerkError):
        grani(f"yellow=G8 {FAR}").returns()


def test_grani_draw__the_turn_limit_ends_the_game_and_the_most_seals_share_the_win() -> None:
    # 400 rounds of 3 turns: the 1200th turn is the last
    state = grani("yellow=G8:seals=T blue=E28:seals=U red=U1 turns=1199")
    play(state, "G8-G12")
    assert state.is_over
    assert end_rule(state) == "grani.draw"
    assert state.returns() == [0.5, 0.5, 0.0]
    assert state.view(None)["result"]["reason"] == (
        "the turn limit is reached; yellow and blue with the most seals share the win"
    )


def test_grani_draw__the_limit_is_an_option() -> None:
    state = grani(f"yellow=G8 {FAR} turns=4", max_turns=2)
    play(state, "G8-G12")
    assert not state.is_over
    play(state, "E28-E27")
    assert state.is_over
    assert state.returns() == pytest.approx([1 / 3, 1 / 3, 1 / 3])


def test_grani_draw__every_kind_of_turn_counts() -> None:
    # a rest, a pass and a lost fight are turns too
    state = grani("yellow=G7:2:shackled blue=T3:0 red=U10 blocks=T2 turns=3", max_turns=2)
    assert texts(state) == ["rest"]
    play(state, "rest")
    assert texts(state) == ["pass"]
    play(state, "pass")
    play(state, "U10-U11", "card 6", "roll 1")
    assert state.is_over
    assert end_rule(state) == "grani.draw"
    assert state.view(None)["turn"] == 6


def test_grani_draw__a_win_before_the_limit_is_a_win() -> None:
    state = grani(f"yellow=E23:ring:seals=TU {FAR} turns=1199")
    play(state, "E23-E24")
    assert end_rule(state) == "grani.win"
    assert state.returns() == [1.0, 0.0, 0.0]
