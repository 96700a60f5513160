"""The page's narrowing (static/narrow.js) run in Chromium: places picked one after another, groups
of places picked in any order (a Gygès set-up's pairs), and a second click on the last place picked,
which plays the action those picks make (a Grani knight stopping on the ring's point instead of
passing over it) or, where they make none, takes the pick back."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

RUN = """async ([legal, picked, given]) => {
  const narrowing = await import('/static/narrow.js');
  const narrowed = narrowing.narrow(legal, picked, given);
  return {remaining: narrowed.remaining, next: [...narrowed.next].sort(), complete: narrowed.complete,
          stop: narrowing.stopHere(legal, picked, given)};
}"""
SETUPS = {"123321": [["a1", "f1"], ["b1", "e1"], ["c1", "d1"]],
          "132231": [["a1", "f1"], ["c1", "d1"], ["b1", "e1"]],
          "112233": [["a1", "b1"], ["c1", "d1"], ["e1", "f1"]]}


@pytest.fixture
def narrowing(server: str, open_page: Any) -> Any:
    """`narrowing(legal, picked, given={})`: narrow.js's answer on a page of the server."""
    page = open_page(f"{server}/rules/gyges")

    def run(legal: list[str], picked: list[str], given: dict[str, Any] | None = None) -> dict[str, Any]:
        answer: dict[str, Any] = page.evaluate(RUN, [legal, picked, given or {}])
        return answer
    return run


def test_places_narrow_in_the_order_the_text_names_them(narrowing: Any) -> None:
    legal = ["b1-c3/e5", "b1-c3/e4", "b1-d4", "c1-d4"]
    assert narrowing(legal, ["b1"])["next"] == ["c3", "d4"]
    picked = narrowing(legal, ["b1", "c3"])
    assert picked["remaining"] == ["b1-c3/e5", "b1-c3/e4"] and picked["next"] == ["e4", "e5"]
    assert narrowing(legal, ["c3"])["remaining"] == []


def test_a_group_of_places_is_picked_in_any_order(narrowing: Any) -> None:
    legal = list(SETUPS)
    assert narrowing(legal, [], SETUPS)["next"] == ["a1", "b1", "f1"]
    right_first = narrowing(legal, ["f1"], SETUPS)
    assert right_first["remaining"] == ["123321", "132231"] and right_first["next"] == ["a1"]
    assert narrowing(legal, ["f1", "a1"], SETUPS)["next"] == ["b1", "c1", "d1", "e1"]
    assert narrowing(legal, ["f1", "a1", "d1", "c1", "e1", "b1"], SETUPS)["complete"] == ["132231"]
    assert narrowing(legal, ["f1", "f1"], SETUPS)["remaining"] == []  # a place of a group once only


def test_a_second_click_on_a_point_where_a_move_may_stop_stops_there(narrowing: Any) -> None:
    legal = ["T9-T4", "T9-T4-T10", "T9-T4-T11", "T9-T8"]
    on_the_ring = narrowing(legal, ["T9", "T4"])
    assert on_the_ring["next"] == ["T10", "T11"] and on_the_ring["stop"] == "T9-T4"
    assert narrowing(legal, ["T9"])["stop"] is None  # no whole move yet: the pick is taken back
