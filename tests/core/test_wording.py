"""Shared wording helpers."""

from __future__ import annotations

from spielwerk.core.wording import counted


def test_counted_puts_the_noun_in_the_right_number() -> None:
    assert counted(1, "step") == "1 step"
    assert counted(0, "step") == "0 steps"
    assert counted(3, "card") == "3 cards"
    assert counted(1, "ply", "plies") == "1 ply"
    assert counted(2, "ply", "plies") == "2 plies"
