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
    assert view["last_move"] == {
        "from": "c1", "to": "b1", "put": "c2", "height": 3, "path": ["c1", "c2", "b2", "b1"], "bounces": [],
    }
    assert view["position"] == "321123/....../....../....../..2.../13.321 n"


def test_view_follows_the_way_a_move_bounced() -> None:
    # c1 (1) lands on c2 (2), bounces c2-c3-c4 onto c4 (1) and puts it on a4
    state = gyges("....../....../..1.../....../..2.../..1... s")
    state.apply("c1-c4/a4")
    last = state.view(None)["last_move"]
    assert last["path"] == ["c1", "c2", "c3", "c4"]
    assert last["bounces"] == ["c2"]
    # c3 (2) runs c3-c4-c5, lands on c5 (2) and goes c5-c6-N
    state = gyges("....../..2.../....../..2.../....../...... s")
    state.apply("c3-N")
    last = state.view(None)["last_move"]
    assert last == {"from": "c3", "to": "N", "put": None, "height": 2,
                    "path": ["c3", "c4", "c5", "c6", "N"], "bounces": ["c5"]}


def test_view_of_the_way_survives_undo_clone_and_json() -> None:
    state = gyges("....../..2.../....../..2.../....../...... s")
    state.apply("c3-b6")  # off c5 by b5 or by c6: one of the two, always the same
    expected = state.view(None)["last_move"]
    assert expected["path"] in (["c3", "c4", "c5", "b5", "b6"], ["c3", "c4", "c5", "c6", "b6"])
    assert expected["bounces"] == ["c5"]
    assert state.clone().view(None)["last_move"] == expected
    assert state.game.state_from_json(state.to_json()).view(None)["last_move"] == expected
    state.apply(state.legal_actions()[0])
    state.undo()
    assert state.view(None)["last_move"] == expected


def test_view_of_a_throne_put_and_of_no_move() -> None:
    state = gyges("1...../....../..31../....../....../...... s", throne_captures=3)
    state.apply("c4-N")
    assert state.view(None)["last_move"]["path"] == ["c4", "c5", "c6", "N"]
    state.apply("N-c5")
    assert state.view(None)["last_move"] == {
        "from": "N", "to": "c5", "put": None, "height": 3, "path": ["N", "c5"], "bounces": [],
    }
    empty = gyges("....../....../....../....../....../...... s")
    empty.apply("pass")
    assert empty.view(None)["last_move"] is None


def test_every_seat_and_a_spectator_see_the_same_json_ready_view() -> None:
    state = gyges("321123/....../....../....../....../123321 s")
    state.apply("b1-b3")
    views = [state.view(seat) for seat in (0, 1, None)]
    assert all({k: v for k, v in view.items() if k != "seat"} ==
               {k: v for k, v in views[0].items() if k != "seat"} for view in views)
    assert json.loads(json.dumps(views[0])) == views[0]
    assert views[0]["movable_rank"] == 6
    assert views[0]["to_move"] == 1
