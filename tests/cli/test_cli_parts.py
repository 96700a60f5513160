"""The command's small parts: option values, seat plans, the move list, the default terminal picture."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import spielwerk
from spielwerk.cli.movelist import format_moves, group, select
from spielwerk.cli.options import format_value, parse_options, parse_value
from spielwerk.cli.seats import DEFAULT_OPPONENT, HUMAN, SeatError, plan_seats, seat_index
from spielwerk.core.game import Game

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


def test_the_move_list_groups_by_start_and_keeps_the_full_list_numbers() -> None:
    texts = ["a1-a2", "a1-b1/c3", "a1-b1/d3", "b1-b2", "pass"]
    groups = group(texts, select(texts, ""))
    assert [(head, [(line.prefix, line.items) for line in lines]) for head, lines in groups] == [
        ("a1", [("", [(1, "a1-a2")]), ("a1-b1/", [(2, "c3"), (3, "d3")])]),
        ("b1", [("", [(4, "b1-b2")])]),
        ("", [("", [(5, "pass")])]),
    ]
    assert select(texts, "B1") == [3]
    assert select(texts, "d3") == [2]  # no text starts with it, one contains it
    lines = format_moves(texts, 80, "b1")
    assert "1 legal action matching 'b1' (of 5)" in lines[0]


def test_the_move_list_fits_the_width() -> None:
    state = spielwerk.game("gyges", setup="123321,321123").new_state()
    texts = [str(action) for action in state.legal_actions()]
    buffer = io.StringIO()
    console = Console(file=buffer, width=60)
    for line in format_moves(texts, 60):
        console.print(line, highlight=False, soft_wrap=True)
    assert max(len(line) for line in buffer.getvalue().splitlines()[1:-2]) <= 60


def test_the_default_terminal_picture_lists_the_view_and_escapes_markup() -> None:
    game = spielwerk.game("gyges")
    state = game.new_state(position="....../....../....../....../....../..1... s")
    markup = Game.terminal(game, state, None)  # the base class's plain picture
    buffer = io.StringIO()
    Console(file=buffer, width=200).print(markup)
    text = buffer.getvalue()
    assert 'position: "....../....../....../....../....../..1... s"' in text
    assert 'seats: ["south", "north"]' in text  # the brackets survive rich's markup
