"""Actions given as values, not texts: a legal Move applies through its ring's generated moves; a
Move built by hand with cells that are no cells is refused with InvalidNotation, never a TypeError."""

from __future__ import annotations

from typing import Any

import pytest

import spielwerk
from spielwerk.games.gyges.notation import Move


def start() -> spielwerk.State:
    return spielwerk.game("gyges", setup="123321,321123").new_state(seed=1)


def test_a_legal_move_given_as_a_value_applies_as_itself() -> None:
    state = start()
    for action in state.legal_actions()[:40]:
        copy = state.clone()
        assert copy.apply(action) == action and copy.history[-1] == action


@pytest.mark.parametrize("fields", [("a", 3, -1), (0, "b", -1), (0, 12, "z"), (2.0, 8, -1), (None, 8, -1)])
def test_a_move_of_odd_values_is_invalid_notation(fields: tuple[Any, Any, Any]) -> None:
    state = start()
    with pytest.raises(spielwerk.InvalidNotation, match="is not an action"):
        state.apply(Move(*fields))
    assert len(state.history) == 0


def test_an_illegal_move_value_names_the_rule() -> None:
    state = start()
    with pytest.raises(spielwerk.IllegalAction) as refused:
        state.apply(Move(6, 18))  # a2 is not on South's nearest occupied rank
    assert refused.value.rule.startswith("gyges.")


@pytest.mark.parametrize("fields", [(2, -1, 22), (-3, 8, -1), (2, 8, -7)])
def test_a_move_of_negative_cells_is_refused_not_crashed(fields: tuple[int, int, int]) -> None:
    state = start()
    with pytest.raises(spielwerk.SpielwerkError):
        state.apply(Move(*fields))
    assert len(state.history) == 0
