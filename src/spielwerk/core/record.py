"""Rebuilding states from records, with every field of a record checked before it is used."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from spielwerk.core.catalogue import say
from spielwerk.core.errors import IllegalAction, OptionError, SpielwerkError
from spielwerk.core.inputs import MAX_RECORD_ACTIONS, MAX_SEED, check_nesting, quote, whole_number

if TYPE_CHECKING:
    from spielwerk.core.game import Game
    from spielwerk.core.state import State

RECORD_KEYS = ("game", "options", "players", "seed", "actions")
NOTE_KEYS = ("seats",)
"""Keys a front end may add to a record it saves (who played each seat) and replay passes over."""


def check_record(record: Any) -> Mapping[str, Any]:
    """`record` if it has the shape of a record (keys and field types), else SpielwerkError."""
    if not isinstance(record, Mapping):
        raise SpielwerkError(say("record.shape", keys=list(RECORD_KEYS), given=quote(record)))
    check_nesting(record, "the record")
    if not all(isinstance(key, str) for key in record):
        raise SpielwerkError(say("record.keys"))
    missing = [key for key in RECORD_KEYS if key not in record]
    if missing:
        raise SpielwerkError(say("record.missing", keys=", ".join(missing)))
    if not isinstance(record["game"], str):
        raise SpielwerkError(say("record.game", given=quote(record["game"])))
    options = record["options"]
    if not isinstance(options, Mapping) or not all(isinstance(key, str) for key in options):
        raise SpielwerkError(say("record.options", given=quote(options)))
    whole_number(record["players"], "a record's players", 1, 100)
    if record["seed"] is not None:
        whole_number(record["seed"], "a record's seed", 0, MAX_SEED)
    actions = record["actions"]
    if not isinstance(actions, list):
        raise SpielwerkError(say("record.actions", given=quote(actions)))
    if len(actions) > MAX_RECORD_ACTIONS:
        raise SpielwerkError(say("record.too-long", most=MAX_RECORD_ACTIONS, count=len(actions)))
    return record


def check_same_game(game: Game, record: Mapping[str, Any]) -> None:
    """OptionError where a record names another game or other options than `game` has."""
    if record["game"] != game.INFO.id:
        raise OptionError(say("record.other-game", given=quote(record["game"]), game=game.INFO.id))
    try:
        theirs = type(game)(**dict(record["options"])).options
    except TypeError:
        raise OptionError(say("record.options-unfit", game=game.INFO.id)) from None
    if theirs != game.options:
        differ = sorted(key for key in game.options if theirs.get(key) != game.options[key])
        raise OptionError(say("record.other-options", options=", ".join(differ)))


def replay_into(game: Game, record: Mapping[str, Any]) -> State:
    """Play a record's actions on a new state of `game` (whose id and options the record must name)."""
    check_record(record)
    check_same_game(game, record)
    extras = {k: v for k, v in record.items() if k not in RECORD_KEYS and k not in NOTE_KEYS}
    state = game.new_state(players=record["players"], seed=record["seed"], **extras)
    for number, text in enumerate(record["actions"], start=1):
        if not isinstance(text, str):
            raise SpielwerkError(say("record.action.not-text", number=number, given=quote(text)))
        try:
            state.apply(text)
        except IllegalAction as error:
            why = error.message or error.reason
            raise IllegalAction(say("record.action", number=number, given=quote(text), why=why),
                                rule=error.rule) from None
        except SpielwerkError as error:
            why = error.message or str(error)
            raise type(error)(say("record.action", number=number, given=quote(text), why=why)) from None
    return state
