"""Kept: values kept within a bound."""

from __future__ import annotations

from spielwerk.core.kept import Kept


def test_kept_values_are_read_as_a_dict_and_emptied_before_passing_the_limit() -> None:
    kept: Kept[str, int] = Kept(2)
    assert kept.keep("a", 1) == 1 and kept.keep("b", 2) == 2
    assert kept.get("a") == 1 and len(kept) == 2
    assert kept.keep("c", 3) == 3
    assert dict(kept) == {"c": 3}
