"""The last move on the board: the view holds the last turn that moved a piece (whose turn, and every
piece it moved, from where to where), the picture marks it in that knight's colour; nothing at the
start; the same for every seat, and kept through positions and determinized worlds."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import spielwerk
from spielwerk import OptionError
from spielwerk.games.drachenfels import DrachenfelsState
from spielwerk.games.drachenfels.svg import draw
from tests.drachenfels.helpers import dealt, drachenfels, play
from tests.drachenfels.twins import twins

NS = "{http://www.w3.org/2000/svg}"


def marks(state: DrachenfelsState, seat: int | None = 0) -> list[dict[str, str]]:
    """The marks of the last move in `seat`'s picture: piece, from, to (and a knight's colour)."""
    root = ET.fromstring(draw(state.view(seat)))
    return [
        {key.removeprefix("data-"): value for key, value in mark.attrib.items() if key.startswith("data-")}
        for mark in root.iter(f"{NS}g")
        if mark.get("class") == "last"
    ]


def knight(colour: str, old: str, new: str) -> dict[str, Any]:
    return {"piece": "knight", "colour": colour, "from": old, "to": new}


def test_no_mark_before_a_piece_moves() -> None:
    state = dealt(3, seed=5)
    for seat in (0, 1, 2, None):
        assert state.view(seat)["last_move"] is None
        assert 'class="last' not in draw(state.view(seat))


def test_a_walk_is_marked_from_its_start_to_its_end() -> None:
    state = drachenfels(hands={"red": ["3"], "blue": ["2"]})
    play(state, "3 3")
    moved = {"seat": "red", "turn": 0, "moves": [knight("red", "S1", "3")]}
    assert state.view(0)["last_move"] == state.view(1)["last_move"] == state.view(None)["last_move"] == moved
    assert marks(state) == [{"piece": "knight", "from": "S1", "to": "3", "colour": "red"}]
    svg = draw(state.view(1))
    group = svg[svg.index('<g class="last-move"') :]
    assert group.startswith('<g class="last-move" data-colour="red" pointer-events="none">')
    assert "<path" in group.split("</g>")[0] and "stroke-dasharray" in group  # an arrow, a dashed ring
    state.undo()
    assert state.view(0)["last_move"] is None


def test_every_piece_a_turn_moves_is_marked_until_a_later_turn_moves_one() -> None:
    state = drachenfels(hands={"red": ["3", "dragon", "bridge", "rainbow", "2"], "blue": ["2"]})
    play(state, "dragon C1>D1", "bridge H1", "rainbow R1-K", "3 3")
    assert marks(state) == [
        {"piece": "dragon", "from": "C1", "to": "D1"},
        {"piece": "bridge", "from": "None", "to": "H1"},
        {"piece": "rainbow", "from": "None", "to": "R1-K"},
        {"piece": "knight", "from": "S1", "to": "3", "colour": "red"},
    ]
    before = state.view(0)["last_move"]
    play(state, "refresh")  # blue's turn moves no piece: red's turn stays marked
    while state.is_chance:
        state.resolve_chance()
    assert state.view(0)["last_move"] == before
    walk = next(str(action) for action in state.legal_actions() if str(action).startswith("2 "))
    play(state, walk)
    assert state.view(1)["last_move"] == {"seat": "red", "turn": 2, "moves": [knight("red", "3", walk[2:])]}


def test_a_teletransfer_marks_both_knights() -> None:
    state = drachenfels(hands={"red": ["teletransfer", "1"], "blue": ["2"]})
    play(state, "teletransfer blue")
    assert state.view(0)["last_move"]["moves"] == [knight("red", "S1", "S2"), knight("blue", "S2", "S1")]
    assert [mark["colour"] for mark in marks(state)] == ["red", "blue"]


def test_the_last_move_is_part_of_the_position() -> None:
    state = drachenfels(hands={"red": ["3", "dragon"], "blue": ["2"]})
    play(state, "dragon C2>D2")
    world = state.determinize(1, random.Random(3))
    assert world.view(1)["last_move"] == state.view(1)["last_move"]
    again = spielwerk.replay(world.to_json())
    assert again.view(1) == world.view(1)
    gone = {"piece": "rainbow", "from": "R1-K", "to": None}
    given = {"seat": "blue", "turn": 1, "moves": [knight("blue", "S2", "5"), gone]}
    started = drachenfels(3, turns=2, last=given, rainbows=[])
    assert started.view(2)["last_move"] == given


@pytest.mark.parametrize(
    "last",
    [
        "red",
        {"seat": "red", "turn": 0},
        {"seat": "red", "turn": 0, "moves": []},
        {"seat": "red", "turn": -1, "moves": [knight("red", "S1", "3")]},
        {"seat": "red", "turn": 0, "moves": [{"piece": "knight", "from": "S1", "to": "3"}]},
        {"seat": "red", "turn": 0, "moves": [{"piece": "dragon", "from": None, "to": "3"}]},
        {"seat": "red", "turn": 0, "moves": [{"piece": "bridge", "from": "H1", "to": "H1"}]},
        {"seat": "red", "turn": 0, "moves": [{"piece": "rainbow", "from": None, "to": "R1"}]},
        {"seat": "red", "turn": 0, "moves": [{"piece": "ghost", "from": "1", "to": "2"}]},
        {"seat": "purple", "turn": 0, "moves": [knight("red", "S1", "3")]},
    ],
)
def test_a_bad_last_move_in_a_position_is_refused(last: Any) -> None:
    with pytest.raises(OptionError) as refused:
        drachenfels(last=last)
    assert len(str(refused.value)) < 300


def test_the_mark_is_the_same_in_twins_that_differ_in_secrets() -> None:
    seen = 0
    for seat in (0, 1, None):
        for a, b in twins(3, 70 + (seat or 0), seat, 150):
            assert a.view(seat)["last_move"] == b.view(seat)["last_move"]
            assert marks(a, seat) == marks(b, seat)
            seen += bool(marks(a, seat))
    assert seen > 50
