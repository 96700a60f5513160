"""Errors: bad notation, illegal actions in plain words, bad options and start arguments."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk import IllegalAction, InvalidNotation, OptionError, SpielwerkError
from tests.gyges.helpers import fresh, gyges, illegal

START = "321123/....../....../....../....../123321 s"


@pytest.mark.parametrize(
    "text",
    ["", "hello", "a1", "a1-", "-a2", "a1a2", "a1-a7", "g1-a2", "a1-b2-c3", "a1-b2/", "a1-b2/c3/d4",
     "a1-b2/N", "1233210", "12332", "a1 to a2", "pas"],
)
def test_bad_notation_is_invalid(text: str) -> None:
    state = gyges(START)
    with pytest.raises(InvalidNotation) as caught:
        state.apply(text)
    assert "Gygès action" in str(caught.value) or "cell" in str(caught.value)
    assert state.position() == START


def test_notation_ignores_case_and_spaces() -> None:
    state = gyges(START)
    state.apply(" B1-B3 ")
    assert state.position() == "321123/....../....../.2..../....../1.3321 n"


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("b2-b4", "gyges.turn.nearest-rank"),  # no ring there
        ("a1-a4", "gyges.move.exact"),  # a 1 takes one step
        ("a1-b1", "gyges.land.occupied"),  # stops on b1 without saying what follows
        ("a1-S", "gyges.move.throne"),
        ("a1-a1", "gyges.move.no-null"),
        ("b1-a1/a4", "gyges.move.throne"),  # the only way for a 2 from b1 onto a1 is b1-S-a1
        ("a1-b1/a6", "gyges.land.replace"),  # a6 holds a ring
        ("a1-b1/c1", "gyges.land.replace"),  # c1 holds a ring
        ("S-a1", "gyges.variant.kings"),
        ("pass", "gyges.no-move"),
        ("123321", "gyges.setup"),
    ],
)
def test_illegal_moves_name_their_rule(text: str, rule: str) -> None:
    error = illegal(gyges(START), text)
    assert error.rule == rule
    assert str(error) == f"{error.reason} ({rule})"
    assert "Move(" not in error.reason and "<" not in error.reason  # words, not internals


def test_applying_an_action_object_of_another_state_checks_it() -> None:
    other = gyges("....../....../....../....../..1.../.3.... s")
    action = next(a for a in other.legal_actions() if str(a) == "b1-a3")
    state = gyges(START)
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert caught.value.rule == "gyges.move.exact"


def test_parse_action_gives_the_legal_action() -> None:
    game = spielwerk.game("gyges")
    state = game.new_state(position=START)
    action = game.parse_action(state, "a1-a2")
    assert str(action) == "a1-a2"
    assert action in state.legal_actions()
    with pytest.raises(IllegalAction):
        game.parse_action(state, "a1-a4")


@pytest.mark.parametrize(
    "options",
    [
        {"replace_rule": "x"},
        {"replace_rule": None},
        {"replacement": "maybe"},
        {"setup": "sometimes"},
        {"max_plies": 0},
        {"max_plies": "many"},
        {"throne_captures": 2.5},
        {"colour": "red"},
    ],
)
def test_bad_options_are_option_errors(options: dict[str, object]) -> None:
    with pytest.raises(OptionError) as caught:
        spielwerk.game("gyges", **options)
    assert next(iter(options)) in str(caught.value)


def test_unknown_game_is_an_option_error() -> None:
    with pytest.raises(OptionError):
        spielwerk.game("chess")


def test_good_option_spellings() -> None:
    game = spielwerk.game("gyges", replacement="false", max_plies="40", throne_captures=3)
    assert game.options["replacement"] is False
    assert game.options["max_plies"] == 40
    assert game.options["throne_captures"] == 3


@pytest.mark.parametrize(("players", "error"), [(1, OptionError), (3, OptionError), ("2", OptionError)])
def test_gyges_is_for_two_players(players: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        spielwerk.game("gyges").new_state(players=players)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "position",
    ["", "321123/....../....../....../....../123321", "321123/....../....../....../123321 s",
     "321123/....../....../....../....../123421 s", "321123/....../....../....../....../12332 s",
     "321123/....../....../....../....../123321 x"],
)
def test_bad_positions_are_invalid_notation(position: str) -> None:
    with pytest.raises(InvalidNotation):
        spielwerk.game("gyges").new_state(position=position)


def test_unknown_start_arguments_are_option_errors() -> None:
    with pytest.raises(OptionError):
        spielwerk.game("gyges").new_state(board="x")
    with pytest.raises(OptionError):
        spielwerk.game("gyges").new_state(seed="seven")  # type: ignore[arg-type]


def test_no_undo_at_the_start() -> None:
    with pytest.raises(SpielwerkError):
        fresh().undo()


def test_returns_only_at_the_end() -> None:
    with pytest.raises(SpielwerkError):
        gyges(START).returns()


def test_chance_outcomes_only_at_a_chance_node() -> None:
    with pytest.raises(SpielwerkError):
        gyges(START).chance_outcomes()
    with pytest.raises(SpielwerkError):
        gyges(START).resolve_chance()
