"""What a Gygès view shows: everything, the same for every seat."""

from __future__ import annotations

import json

from tests.gyges.helpers import gyges


def test_view_names_the_cells_of_the_last_move() -> None:
    state = gyges("321123/....../....../....../....../123321 s")
    assert state.view(None)["last_move"] is None
    state.apply("c1-b1/c2")
    view = state.view(1)
    assert view["last_action"] == "c1-b1/c2"
    assert view["last_move"] == {"from": "c1", "to": "b1", "put": "c2"}
    assert view["position"] == "321123/....../....../....../..2.../13.321 n"


def test_every_seat_and_a_spectator_see_the_same_json_ready_view() -> None:
    state = gyges("321123/....../....../....../....../123321 s")
    state.apply("b1-b3")
    views = [state.view(seat) for seat in (0, 1, None)]
    assert all({k: v for k, v in view.items() if k != "seat"} ==
               {k: v for k, v in views[0].items() if k != "seat"} for view in views)
    assert json.loads(json.dumps(views[0])) == views[0]
    assert views[0]["movable_rank"] == 6
    assert views[0]["to_move"] == 1
