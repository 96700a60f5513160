"""Grani pictures: standalone SVG with every point named, the symbols, stones, ring, knights and a
side panel with each player's amulets and seals."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import spielwerk
from spielwerk.core.state import State
from spielwerk.games.grani.board import BOARD, KINGDOMS
from spielwerk.games.grani.svg import board_svg

NS = "{http://www.w3.org/2000/svg}"
POSITION = ("yellow=G8 blue=T9:2:ring red=U11:1:shackled:seals=TU white=E5 turn=blue blocks=T13,U8")


def new_state(position: str | None = POSITION, players: int = 4) -> State:
    return spielwerk.game("grani").new_state(players=players, seed=1, position=position)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def groups(root: ET.Element, kind: str) -> list[ET.Element]:
    return [g for g in root.iter() if g.get("class") == kind]


def texts(root: ET.Element) -> str:
    return "\n".join(t.text or "" for t in root.iter(f"{NS}text"))


def test_grani_svg__a_standalone_picture_with_a_size() -> None:
    svg = board_svg(new_state().view(None))
    root = parse(svg)
    assert root.get("viewBox") and float(root.get("width") or 0) > 800
    assert "href" not in svg and "<image" not in svg and " id=" not in svg
    assert svg.count("http://") == 1  # only the namespace


def test_grani_svg__every_point_is_drawn_with_its_kind_and_name() -> None:
    root = parse(board_svg(new_state().view(None)))
    points = {str(g.get("data-point")): str(g.get("data-kind")) for g in groups(root, "point")}
    assert points == {name: BOARD.kind[p] for p, name in enumerate(BOARD.names)}
    labels = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "label"]
    assert sorted(str(label) for label in labels) == sorted(BOARD.names)
    assert len(list(root.iter(f"{NS}line"))) == len(BOARD.lines)


def test_grani_svg__symbol_points_have_glyphs_and_exile_points_are_white() -> None:
    root = parse(board_svg(new_state().view(None)))
    for g in groups(root, "point"):
        kind = g.get("data-kind")
        if kind in ("city", "dragon", "magic", "sword", "crystal"):
            assert g.find(f"{NS}g") is not None, kind  # the glyph
        if kind == "exile":
            circle = g.find(f"{NS}circle")
            assert circle is not None and circle.get("fill") == "#ffffff"


def test_grani_svg__the_kingdoms_are_tinted_areas_with_their_names() -> None:
    root = parse(board_svg(new_state().view(None)))
    areas = {str(g.get("data-kingdom")) for g in groups(root, "kingdom")}
    assert areas == {*KINGDOMS, "exile"}
    names = {(t.text or "").lower() for t in root.iter(f"{NS}text") if t.get("class") == "kingdom-name"}
    assert names == set(KINGDOMS)


def test_grani_svg__knights_stones_and_the_ring_stand_where_the_view_puts_them() -> None:
    view = new_state().view(None)
    root = parse(board_svg(view))
    knights = {str(g.get("data-colour")): g for g in groups(root, "knight")}
    assert {c: str(g.get("data-point")) for c, g in knights.items()} == {
        k["colour"]: k["at"] for k in view["knights"]}
    assert knights["blue"].get("data-ring") == "true" and knights["yellow"].get("data-ring") == "false"
    assert knights["red"].get("data-shackled") == "true" and knights["white"].get("data-shackled") == "false"
    assert sorted(str(g.get("data-point")) for g in groups(root, "obstacle")) == ["T13", "U8"]
    assert groups(root, "ring") == []  # blue carries it


def test_grani_svg__the_ring_lies_on_its_start_until_taken() -> None:
    root = parse(board_svg(new_state(position=None, players=3).view(None)))
    assert [g.get("data-point") for g in groups(root, "ring")] == [BOARD.names[BOARD.ring_start]]


def test_grani_svg__all_knights_on_the_start_are_visible_apart() -> None:
    root = parse(board_svg(new_state(position=None, players=6).view(None)))
    knights = groups(root, "knight")
    assert len(knights) == 6
    assert {g.get("data-point") for g in knights} == {BOARD.names[BOARD.start]}
    assert len({g.get("transform") for g in knights}) == 6  # each stands in its own place


def test_grani_svg__the_panel_lists_amulets_seals_ring_shackle_and_whose_turn() -> None:
    root = parse(board_svg(new_state().view(None)))
    players = {str(g.get("data-colour")): g for g in groups(root, "player")}
    assert list(players) == ["yellow", "blue", "red", "white"]
    assert players["red"].get("data-amulets") == "1" and players["red"].get("data-seals") == "tirad urgad"
    red = " ".join(t.text or "" for t in players["red"].iter(f"{NS}text"))
    assert "●○○" in red and "seals: Tirad, Urgad" in red and "shackled" in red
    blue = " ".join(t.text or "" for t in players["blue"].iter(f"{NS}text"))
    assert "●●○" in blue and "carries the ring" in blue and "to play" in blue
    words = texts(root)
    assert "Waiting for blue to move" in words
    assert "Obstacle stones: 14 left, 2 on the board" in words
    assert "Dragon deck: 24 cards" in words and "Discard pile: empty" in words


def test_grani_svg__the_last_fight_the_discard_pile_and_the_last_move_are_shown() -> None:
    state = new_state(POSITION.replace("turn=blue", "turn=yellow"))
    state.apply("G8-G7")  # onto a dragon
    state.apply("card 4")
    state.apply("roll 6")
    state.apply("stay")
    root = parse(board_svg(state.view(None)))
    words = texts(root)
    assert "Last dragon fight: card 4, roll 6: won" in words
    assert "Dragon deck: 23 cards" in words and "Discard pile (1): 4" in words
    state = new_state()
    state.apply("T9-T10")
    root = parse(board_svg(state.view(None)))
    marks = {g.get("data-role"): g.get("data-point") for g in groups(root, "last-move")}
    assert marks == {"start": "T9", "end": "T10"}


def test_grani_svg__texts_are_escaped_and_the_picture_is_deterministic() -> None:
    view: dict[str, Any] = new_state().view(None)
    view["last_action"] = "<b> & 'quoted'"
    view["result"] = {"returns": [1, 0, 0, 0], "rule": "grani.win", "reason": "yellow wins <at once>"}
    root = parse(board_svg(view))
    words = texts(root)
    assert "Last action: <b> & 'quoted'" in words and "yellow wins <at once>" in words
    assert board_svg(view) == board_svg(view)


def test_grani_svg__the_game_draws_a_state_by_its_view() -> None:
    state = new_state()
    game = spielwerk.game("grani")
    assert game.svg(state) == board_svg(state.view(None))
    assert state._repr_svg_() == game.svg(state)


def test_grani_svg__every_point_is_a_click_target_named_as_in_the_notation() -> None:
    state = new_state()
    root = parse(board_svg(state.view(None)))
    targets = [str(e.get("data-target")) for e in root.iter() if e.get("data-target")]
    assert sorted(targets) == sorted(BOARD.names)
    for text in map(str, state.legal_actions()):  # every place an action names can be clicked
        assert set(text.split()[-1].split("-")) <= set(targets), text


def test_grani_svg__the_picture_speaks_the_readers_language() -> None:
    state = new_state()
    game = spielwerk.game("grani")
    german = parse(game.svg(state, 0, language="de"))
    words = texts(german)
    assert "Jetzt: Blau ist am Zug" in words
    assert "Hindernissteine: 14 übrig, 2 auf dem Spielplan" in words
    assert "Drachenstapel: 24 Karten" in words and "Ablagestapel: leer" in words
    assert "Legende" in words and "Drache (Kampf: Wurf ≥ Karte)" in words
    red = " ".join(t.text or "" for g in groups(german, "player") if g.get("data-colour") == "red"
                   for t in g.iter(f"{NS}text"))
    assert "Rot auf U11" in red and "Siegel: Tirad, Urgad" in red and "gefesselt: ruht im nächsten Zug" in red
    title = german.find(f"{NS}title")
    assert title is not None and title.text == "Grani, Runde 1: Blau ist am Zug"
    french = texts(parse(game.svg(state, None, language="fr")))
    assert "Maintenant : au tour de bleu" in french and "Anneau : porté par bleu" in french
    assert "Bleu en T9  ◀ à jouer" in french


def test_grani_svg__the_end_is_told_in_the_readers_language() -> None:
    state = new_state("yellow=E23:ring:seals=TU blue=E28 red=U1 white=E5")
    state.apply("E23-E24")
    game = spielwerk.game("grani")
    english, german = (texts(parse(game.svg(state, language=language))).replace("\n", " ")
                       for language in ("en", "de"))
    assert "yellow holds seals of Tirad, Urgad, Elgad and wins" in english
    assert "Gelb hat Siegel von Tirad, Urgad, Elgad und gewinnt" in german


def test_grani_svg__one_card_left_is_one_card() -> None:
    state = new_state(POSITION + " deck=6")
    assert "Dragon deck: 1 card" in texts(parse(board_svg(state.view(None))))
    assert "Pioche de dragons : 1 carte" in texts(parse(board_svg(state.view(None), "fr")))
