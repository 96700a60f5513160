"""Drachenfels pictures: standalone SVG of a view with every field named and drawn by its kind, the
pieces where the view puts them, and a seen princess's colour only in the view of the seat that saw her."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import spielwerk
from spielwerk.games.drachenfels.board import BOARD, COLOURS
from spielwerk.games.drachenfels.svg import draw

NS = "{http://www.w3.org/2000/svg}"


def table_view(**changes: Any) -> dict[str, Any]:
    """A hand-written view of red in a four-player game; `changes` replace its keys."""
    view: dict[str, Any] = {
        "colours": list(COLOURS),
        "knights": {"red": "K", "blue": "17", "yellow": "K", "green": "S4"},
        "armour": {"red": True, "blue": False, "yellow": True, "green": False},
        "double": {"red": False, "blue": True, "yellow": False, "green": False},
        "dragons": ["C1", "C2", "D3", "12"],
        "rainbows": [["R1", "K"], ["R3", "C2"]],
        "bridges": ["H2", "X1"],
        "looked": {"C1": ["red", "blue"]},
        "princesses": {"C1": "blue"},
        "turn": "red",
        "winner": None,
        "seat": "red",
    }
    view.update(changes)
    return view


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def of_class(root: ET.Element, kind: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == kind]


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


def test_drachenfels_svg__a_standalone_picture() -> None:
    svg = draw(table_view())
    root = parse(svg)
    assert root.get("viewBox") and float(root.get("width") or 0) > 700
    assert "href" not in svg and "<image" not in svg and "<script" not in svg and " id=" not in svg
    assert svg.count("http://") == 1  # only the namespace
    assert draw(table_view()) == svg  # a pure function of the view


def test_drachenfels_svg__every_field_is_drawn_with_its_kind_and_name() -> None:
    root = parse(draw(table_view()))
    fields = {str(g.get("data-field")): str(g.get("data-kind")) for g in of_class(root, "field")}
    assert fields == dict(zip(BOARD.names, BOARD.kinds, strict=True))
    labels = sorted(str(t.text) for t in of_class(root, "label"))
    assert labels == sorted(BOARD.names)
    assert set(BOARD.names) <= set(texts(root))
    assert len(of_class(root, "path")) == len(BOARD.paths)
    starts = {
        g.get("data-field"): g.get("data-colour")
        for g in of_class(root, "field")
        if g.get("data-kind") == "start"
    }
    assert starts == {"S1": "red", "S2": "blue", "S3": "yellow", "S4": "green"}
    assert len(of_class(root, "lake")) == 1 and len(of_class(root, "moat")) == 4


def test_drachenfels_svg__knights_stand_where_the_view_puts_them() -> None:
    root = parse(draw(table_view()))
    knights = {str(g.get("data-colour")): g for g in of_class(root, "knight")}
    assert {c: g.get("data-field") for c, g in knights.items()} == {
        "red": "K",
        "blue": "17",
        "yellow": "K",
        "green": "S4",
    }
    assert [c for c, g in knights.items() if g.get("data-armour") == "true"] == ["red", "yellow"]
    assert [c for c, g in knights.items() if g.get("data-double") == "true"] == ["blue"]
    assert knights["red"].get("transform") != knights["yellow"].get("transform")  # apart on the castle


def test_drachenfels_svg__dragons_rainbows_bridges_and_looks_are_drawn() -> None:
    root = parse(draw(table_view()))
    assert sorted(str(g.get("data-field")) for g in of_class(root, "dragon")) == ["12", "C1", "C2", "D3"]
    assert [(g.get("data-from"), g.get("data-to")) for g in of_class(root, "rainbow")] == [
        ("R1", "K"),
        ("R3", "C2"),
    ]
    assert sorted(str(g.get("data-field")) for g in of_class(root, "bridge")) == ["H2", "X1"]
    assert [(e.get("data-field"), e.get("data-colour")) for e in of_class(root, "looked")] == [
        ("C1", "red"),
        ("C1", "blue"),
    ]


def test_drachenfels_svg__a_seen_princess_shows_her_colour_only_to_the_seat_that_saw_her() -> None:
    root = parse(draw(table_view()))
    princesses = {g.get("data-field"): g.get("data-colour") for g in of_class(root, "princess")}
    assert princesses == {"C1": "blue", "C2": "?", "C3": "?", "C4": "?"}
    spectator = draw(table_view(seat=None, princesses={}))
    root = parse(spectator)
    princesses = {g.get("data-field"): g.get("data-colour") for g in of_class(root, "princess")}
    assert princesses == {"C1": "?", "C2": "?", "C3": "?", "C4": "?"}
    assert texts(root).count("?") == 4
    assert not any("Princesses seen" in t for t in texts(root))
    assert "Spectator view (no secrets)" in texts(root)
    assert spectator == draw({**table_view(seat=None), "princesses": None})  # missing or empty alike


def test_drachenfels_svg__the_panel_says_whose_turn_it_is_and_who_won() -> None:
    root = parse(draw(table_view()))
    assert [t.get("data-colour") for t in of_class(root, "turn")] == ["red"]
    assert "View of red" in texts(root)
    assert "blue: on 17, no armour, single or double" in texts(root)
    root = parse(draw(table_view(hand_sizes={"red": 1, "blue": 0, "yellow": 2, "green": 7})))
    assert "red: on K, armour, 1 card" in texts(root)
    assert "blue: on 17, no armour, 0 cards, single or double" in texts(root)
    root = parse(draw(table_view(turn=None, winner="blue")))
    assert of_class(root, "turn") == []
    assert [t.text for t in of_class(root, "winner")] == ["Winner: blue"]
    title = root.find(f"{NS}title")
    assert title is not None and title.text == "Drachenfels: blue has found his princess and wins"


@pytest.mark.parametrize(
    "view",
    [
        {},
        {
            "colours": None,
            "knights": None,
            "armour": None,
            "double": None,
            "dragons": None,
            "rainbows": None,
            "bridges": None,
            "looked": None,
            "princesses": None,
            "turn": None,
            "winner": None,
            "seat": None,
        },
        {"colours": ["red", "blue"], "knights": {"red": "S1", "blue": "S2"}, "seat": "blue", "turn": "blue"},
    ],
)
def test_drachenfels_svg__an_empty_ish_view_still_draws_the_board(view: dict[str, Any]) -> None:
    root = parse(draw(view))
    assert len(of_class(root, "field")) == BOARD.size
    assert len(of_class(root, "princess")) == 4
    assert len(of_class(root, "knight")) == len(view.get("knights") or {})


def test_drachenfels_svg__texts_are_escaped() -> None:
    root = parse(draw(table_view(seat="<b> & 'x'", turn="<i>")))
    assert "View of <b> & 'x'" in texts(root) and "Turn: <i>" in texts(root)


def test_a_seats_picture_adds_its_hand_and_nothing_of_the_others() -> None:
    from tests.drachenfels.helpers import drachenfels

    state = drachenfels(hands={"red": ["2", "rainbow"], "blue": ["teletransfer", "cloud"]})
    red, spectator = state.game.svg(state, 0), state.game.svg(state, None)
    assert "Your hand: 2 rainbow" in red and "2 cards" in red
    assert "teletransfer" not in red and "cloud" not in red
    assert "Your hand" not in spectator and "2 cards" in spectator


def test_drachenfels_svg__every_field_is_a_click_target_named_as_in_the_notation() -> None:
    root = parse(draw(table_view()))
    targets = [str(e.get("data-target")) for e in root.iter() if e.get("data-target")]
    assert sorted(targets) == sorted(BOARD.names)
    state = spielwerk.game("drachenfels").new_state(players=3, seed=1)
    while state.is_chance:
        state.resolve_chance()
    for text in map(str, state.legal_actions()):  # the places an action ends with can be clicked
        places = [p for p in re.split(r"[->]", text.split()[-1]) if p]
        if len(text.split()) > 1 and text.split()[-1] not in COLOURS:
            assert set(places) <= set(targets), text
