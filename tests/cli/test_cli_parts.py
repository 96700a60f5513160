"""The command's small parts: option values, seat plans and tags, the move list, chance words, pictures."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import spielwerk
from spielwerk.cli.seats import DEFAULT_OPPONENT, HUMAN, SeatError, plan_seats, seat_index, seat_tag
from spielwerk.cli.telling import chance_line
from spielwerk.core.game import Game
from spielwerk.core.options import format_value, parse_options, parse_value

SEATS = ["south", "north"]


@pytest.mark.parametrize(("text", "value"), [
    ("3", 3), ("true", True), ("No", False), ("none", None), ("null", None), ("classic", "classic"),
    ('{"south": 3, "north": 1}', {"south": 3, "north": 1}), ("123321,321123", "123321,321123"),
    ('"3"', "3"),
])
def test_option_values_are_read_as_json_where_they_can_be(text: str, value: object) -> None:
    assert parse_value(text) == value


def test_options_are_key_value_pairs_with_dashes_allowed() -> None:
    assert parse_options(["replace-rule=classic", "throne_captures=3"]) == {
        "replace_rule": "classic", "throne_captures": 3}
    with pytest.raises(ValueError, match="key=value"):
        parse_options(["classic"])
    assert format_value("seed") == "seed" and format_value(None) == "null" and format_value(True) == "true"


def test_seats_are_found_by_name_or_number() -> None:
    assert seat_index(SEATS, "North") == 1
    assert seat_index(SEATS, "0") == 0
    with pytest.raises(SeatError, match="the seats are south, north"):
        seat_index(SEATS, "2")
    assert seat_index(["player 1", "player 2"], "player2") == 1


def test_unnamed_seats_go_to_the_person_first_then_to_the_default_agent() -> None:
    assert plan_seats(SEATS, {}, []) == [HUMAN, DEFAULT_OPPONENT]
    assert plan_seats(SEATS, {"north": "random"}, []) == [HUMAN, "random"]
    assert plan_seats(SEATS, {"north": "human"}, []) == [DEFAULT_OPPONENT, HUMAN]
    assert plan_seats(SEATS, {"south": "mcts:1s"}, ["1=alphabeta:2s"]) == ["mcts:1s", "alphabeta:2s"]
    with pytest.raises(SeatError, match="SEAT=WHO"):
        plan_seats(SEATS, {}, ["north"])


def test_the_default_terminal_picture_lists_the_view_and_escapes_markup() -> None:
    game = spielwerk.game("gyges")
    state = game.new_state(position="....../....../....../....../....../..1... s")
    markup = Game.terminal(game, state, None)  # the base class's plain picture
    buffer = io.StringIO()
    Console(file=buffer, width=200).print(markup)
    text = buffer.getvalue()
    assert 'position: "....../....../....../....../....../..1... s"' in text
    assert 'seats: ["south", "north"]' in text  # the brackets survive rich's markup


def test_a_seat_named_after_a_colour_is_tagged_in_it_and_others_in_bold() -> None:
    assert seat_tag("yellow") == "[bold black on yellow]Yellow[/]"
    assert seat_tag("blue") == "[bold white on blue]Blue[/]"
    assert seat_tag("black") == "[bold white on black]Black[/]"
    assert seat_tag("south") == "[bold]South[/]"
    assert seat_tag("player 1") == "[bold]Player 1[/]"


def test_a_chance_outcome_is_worded_from_the_views_around_it() -> None:
    assert chance_line("123321", {}, {}, None) == "[magenta]Chance:[/] [bold]123321[/]"
    assert chance_line(None, {}, {}, None) == "[magenta]Chance:[/] drawn"
    card = chance_line("card 4", {"waiting_for": "a dragon card for red's fight"}, {}, "Red")
    assert card == "[magenta]Chance:[/] [bold]card 4[/] — a dragon card for red's fight"
    fight = {"card": 4, "roll": 2, "won": False}
    roll = chance_line("roll 2", {"card": 4, "last_fight": None}, {"card": None, "last_fight": fight}, "Red")
    assert roll == "[magenta]Chance:[/] [bold]roll 2[/] — Red loses the fight against card 4"
