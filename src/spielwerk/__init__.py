"""spielwerk: tabletop games from their rulebooks, with exact rules, fair views and strong AI."""

from collections.abc import Mapping
from typing import Any

from spielwerk.core import (
    CHANCE,
    Game,
    GameInfo,
    IllegalAction,
    InvalidNotation,
    OptionError,
    SpielwerkError,
    State,
)
from spielwerk.core.record import check_record
from spielwerk.core.registry import Registry
from spielwerk.games import register_all

REGISTRY = Registry()
register_all(REGISTRY)


def games() -> list[str]:
    """The ids of all hosted games."""
    return REGISTRY.ids()


def game(game_id: str, **options: Any) -> Game:
    """A game with its options: `spielwerk.game("gyges", replace_rule="strict")`."""
    return REGISTRY.game(game_id, **options)


def replay(record: Mapping[str, Any]) -> State:
    """The state a record (from `State.record()`) ends in."""
    checked = check_record(record)
    return game(checked["game"], **dict(checked["options"])).state_from_json(checked)


__all__ = [
    "CHANCE",
    "Game",
    "GameInfo",
    "IllegalAction",
    "InvalidNotation",
    "OptionError",
    "SpielwerkError",
    "State",
    "game",
    "games",
    "replay",
]
