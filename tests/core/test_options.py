"""Declared options: defaults, checks and errors."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk.core.options import Option, boolean, integer, one_of, resolve_options

SCHEMA = (
    Option("rule", "seed", "which rule", one_of("seed", "classic")),
    Option("fast", True, "a switch", boolean),
    Option("limit", None, "a limit", integer(1, optional=True)),
)


def test_defaults_fill_in() -> None:
    assert resolve_options("toy", SCHEMA, {}) == {"rule": "seed", "fast": True, "limit": None}


def test_values_from_a_command_line_are_normalised() -> None:
    assert resolve_options("toy", SCHEMA, {"fast": "off", "limit": "12"}) == {
        "rule": "seed", "fast": False, "limit": 12,
    }


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ({"colour": "red"}, "toy has no option colour"),
        ({"rule": "new"}, "must be one of 'seed', 'classic'"),
        ({"fast": "maybe"}, "must be true or false"),
        ({"limit": 0}, "must be at least 1"),
        ({"limit": 2.5}, "must be a whole number or none"),
        ({"limit": True}, "must be a whole number"),
    ],
)
def test_bad_options_raise_option_error_naming_the_option(given: dict[str, object], words: str) -> None:
    with pytest.raises(spielwerk.OptionError, match=words):
        resolve_options("toy", SCHEMA, given)


def test_option_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="replace_rule"):
        spielwerk.game("gyges", replace_rule="new")


def test_unknown_game() -> None:
    with pytest.raises(spielwerk.OptionError, match="unknown game 'chess'"):
        spielwerk.game("chess")


@pytest.mark.parametrize("players", [1, 3, "2", True])
def test_player_count_is_checked(players: object) -> None:
    with pytest.raises(spielwerk.OptionError):
        spielwerk.game("gyges").new_state(players=players)  # type: ignore[arg-type]


def test_seed_must_be_a_whole_number() -> None:
    with pytest.raises(spielwerk.OptionError, match="seed"):
        spielwerk.game("gyges").new_state(seed="7")  # type: ignore[arg-type]
