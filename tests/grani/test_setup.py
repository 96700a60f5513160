"""grani.setup: 3–6 knights on the Galad crystal ball, the ring on Tirad's, a lot for the first player."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk import CHANCE, InvalidNotation, OptionError
from tests.grani.helpers import fresh, grani, illegal, outcomes, play, texts, to_move

COLOURS = ["yellow", "blue", "red", "white", "green", "black"]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_grani_setup__knights_start_on_the_galad_crystal_ball(players: int) -> None:
    state = fresh(players)
    view = state.view(None)
    assert view["seats"] == COLOURS[:players]
    assert view["knights"] == [
        {"colour": colour, "at": "G5", "amulets": 3, "shackled": False, "ring": False, "seals": []}
        for colour in COLOURS[:players]
    ]
    assert view["ring"] == "T4"
    assert view["ring_bearer"] is None
    assert view["obstacles"] == []
    assert view["stones_left"] == 16
    assert view["deck"] == {"cards": 24, "left": {"0": 2, "2": 4, "3": 6, "4": 6, "5": 4, "6": 2}}
    assert view["discard"] == {}
    assert view["seals_to_win"] == 3


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_grani_setup__the_first_player_is_drawn_by_lot(players: int) -> None:
    state = fresh(players)
    assert state.is_chance
    assert state.to_move == CHANCE
    assert outcomes(state) == {f"first {colour}": 1 / players for colour in COLOURS[:players]}
    play(state, f"first {COLOURS[players - 1]}")
    assert state.to_move == players - 1
    assert state.view(None)["first"] == COLOURS[players - 1]


def test_grani_setup__then_turns_go_round_in_seat_order() -> None:
    state = fresh(4)
    play(state, "first red")
    assert texts(state) == ["G5-G1", "G5-G10", "G5-G2", "G5-G3", "G5-T26"]
    play(state, "G5-G1")
    assert to_move(state) == "white"
    play(state, "G5-T26")
    assert to_move(state) == "yellow"
    play(state, "G5-G2")
    assert to_move(state) == "blue"
    play(state, "G5-G10", "card 2", "roll 1")
    assert to_move(state) == "red"
    assert state.view(None)["turn"] == 4
    assert state.view(None)["round"] == 2


def test_grani_setup__the_lot_comes_first() -> None:
    state = fresh(3)
    error = illegal(state, "G5-G1")
    assert error.rule == "grani.setup"
    assert error.reason == "the first player is drawn by lot first"
    error = illegal(state, "first white")
    assert error.rule == "grani.setup"
    assert error.reason == "only 3 knights play"
    with pytest.raises(InvalidNotation):
        state.apply("first purple")


def test_grani_setup__the_seeded_lot() -> None:
    firsts = set()
    for seed in range(40):
        state = fresh(3, seed=seed)
        again = fresh(3, seed=seed)
        assert state.resolve_chance() == again.resolve_chance()
        firsts.add(to_move(state))
    assert firsts == {"yellow", "blue", "red"}


@pytest.mark.parametrize("players", [1, 2, 7])
def test_grani_setup__three_to_six_players(players: int) -> None:
    with pytest.raises(OptionError):
        spielwerk.game("grani").new_state(players=players)


def test_grani_setup__three_players_when_not_told() -> None:
    assert spielwerk.game("grani").new_state().players == 3


@pytest.mark.parametrize("value", [2, 3])
def test_grani_setup__seals_to_win_is_two_or_three(value: int) -> None:
    state = spielwerk.game("grani", seals_to_win=value).new_state(players=3)
    assert state.view(None)["seals_to_win"] == value


@pytest.mark.parametrize("options", [{"seals_to_win": 1}, {"seals_to_win": 4}, {"seals_to_win": "many"},
                                     {"max_turns": 0}, {"colour": "red"}])
def test_grani_setup__bad_options(options: dict[str, object]) -> None:
    with pytest.raises(OptionError) as caught:
        spielwerk.game("grani", **options)
    assert next(iter(options)) in str(caught.value)


@pytest.mark.parametrize(
    "position",
    [
        "yellow=G8 blue=E28",  # three players need three knights
        "yellow=G8 blue=E28 red=U1 white=U2",
        "yellow=G8 blue=E28 red=Q1",
        "yellow=G8 blue=E28 red=U1 turn=white",
        "yellow=G8 blue=E28 red=U1 deck=7",
        "yellow=G8 blue=E28 red=U1 deck=666",
        "yellow=G8:ring blue=E28 red=U1 ring=T9",
        "yellow=G8:ring blue=E28:ring red=U1",
        "yellow=G8:4 blue=E28 red=U1",
        "yellow=G8:ring:sealed blue=E28 red=U1",
        "yellow=G8 blue=G8 red=U1",
        "yellow=G8 blue=E28 red=U1 blocks=G8",
        "yellow=T4 blue=E28 red=U1",  # the ring lies there
        "yellow=G8 blue=E28 red=U1 ring=T9 blocks=T9",
        "yellow=G8 blue=E28 red=U1 turns=²",
        "yellow=G8 blue=E28 red=U1 where=G5",
        "yellow=G8 blue=E28 red=U1 blocks=" + ",".join(f"X{n}" for n in range(1, 13)) + ",T1,T2,T3,T6,T7",
    ],
)
def test_grani_setup__bad_positions_are_option_errors(position: str) -> None:
    with pytest.raises(OptionError):
        spielwerk.game("grani").new_state(players=3, position=position)


def test_grani_setup__a_position_round_trips() -> None:
    from spielwerk.games.grani.position import format_position

    text = "yellow=G8 blue=T9:2:ring red=U11:1:shackled:seals=TU blocks=T13,U8 turn=blue deck=6544 turns=7"
    state = grani(text)
    assert format_position(state) == text
    used_up = "yellow=G8 blue=E28 red=U1 turn=yellow deck="
    assert format_position(grani(used_up)) == used_up
    assert to_move(state) == "blue"
