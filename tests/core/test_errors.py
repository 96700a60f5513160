"""The error classes and how a state reports misuse."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk import IllegalAction, InvalidNotation, OptionError, SpielwerkError


def test_error_hierarchy() -> None:
    for error in (OptionError, InvalidNotation, IllegalAction):
        assert issubclass(error, SpielwerkError)
        assert issubclass(error, ValueError)


def test_illegal_action_carries_its_rule() -> None:
    error = IllegalAction("c1 cannot move", rule="gyges.turn.nearest-rank")
    assert error.rule == "gyges.turn.nearest-rank"
    assert error.reason == "c1 cannot move"
    assert str(error) == "c1 cannot move (gyges.turn.nearest-rank)"


def test_undo_at_the_start_is_an_error_not_a_crash() -> None:
    with pytest.raises(SpielwerkError, match="nothing to undo"):
        spielwerk.game("gyges").new_state(seed=1).undo()


def test_resolve_chance_outside_a_chance_node() -> None:
    with pytest.raises(SpielwerkError, match="chance node"):
        spielwerk.game("gyges").new_state(seed=1).resolve_chance()


@pytest.mark.parametrize(
    "record",
    [None, {}, {"game": "gyges"}, {"game": "gyges", "options": {}, "players": 2, "seed": 1, "actions": [3]}],
)
def test_bad_records_are_refused_clearly(record: object) -> None:
    with pytest.raises(SpielwerkError):
        spielwerk.replay(record)  # type: ignore[arg-type]


def test_a_bad_action_in_a_record_names_its_number() -> None:
    record = spielwerk.game("gyges").new_state(seed=1).record()
    record["actions"] = ["123321", "321123", "a1-a5"]
    with pytest.raises(IllegalAction, match="action 3 of the record"):
        spielwerk.replay(record)
