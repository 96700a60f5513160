"""Rebuilding states from records."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from spielwerk.core.errors import IllegalAction, SpielwerkError

if TYPE_CHECKING:
    from spielwerk.core.game import Game
    from spielwerk.core.state import State

RECORD_KEYS = ("game", "options", "players", "seed", "actions")


def replay_into(game: Game, record: Mapping[str, Any]) -> State:
    """Play a record's actions on a new state of `game`."""
    missing = [key for key in RECORD_KEYS if key not in record]
    if missing:
        raise SpielwerkError(f"a record needs the keys {', '.join(missing)}")
    extras = {k: v for k, v in record.items() if k not in RECORD_KEYS}
    state = game.new_state(players=record["players"], seed=record["seed"], **extras)
    for number, text in enumerate(record["actions"], start=1):
        if not isinstance(text, str):
            raise SpielwerkError(f"action {number} of the record is not text: {text!r}")
        try:
            state.apply(text)
        except IllegalAction as error:
            where = f"action {number} of the record, {text!r}: {error.reason}"
            raise IllegalAction(where, rule=error.rule) from None
        except SpielwerkError as error:
            raise type(error)(f"action {number} of the record, {text!r}: {error}") from None
    return state
