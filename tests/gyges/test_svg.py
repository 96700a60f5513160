"""Gygès pictures: valid standalone SVG, rings as circles by height, thrones, the last move."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import spielwerk
from spielwerk.games.gyges.svg import COLORS, board_svg

NS = "{http://www.w3.org/2000/svg}"
START = "321123/....../....../....../....../123321 s"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def rings(root: ET.Element) -> dict[str, int]:
    """Cell (or throne) name -> number of circles drawn for the ring there."""
    return {
        str(g.get("data-cell")): len(g.findall(f"{NS}circle"))
        for g in root.iter(f"{NS}g")
        if (g.get("class") or "").split()[:1] == ["ring"]
    }


def fills(root: ET.Element) -> dict[str, str]:
    """Square name -> its fill colour."""
    return {str(r.get("data-cell")): str(r.get("fill")) for r in root.iter(f"{NS}rect") if r.get("data-cell")}


def test_the_picture_is_standalone_svg_with_a_size() -> None:
    svg = board_svg(START, size=480)
    root = parse(svg)
    assert root.get("width") == "480"
    assert root.get("viewBox")
    assert "href" not in svg and "<image" not in svg and " id=" not in svg
    assert svg.count("http://") == 1  # only the namespace


def test_each_ring_is_as_many_concentric_circles_as_its_height() -> None:
    root = parse(board_svg(START))
    expected = {"a1": 1, "b1": 2, "c1": 3, "d1": 3, "e1": 2, "f1": 1,
                "a6": 3, "b6": 2, "c6": 1, "d6": 1, "e6": 2, "f6": 3}
    assert rings(root) == expected
    for g in root.iter(f"{NS}g"):
        if g.get("class") == "ring h3":
            radii = [float(c.get("r") or 0) for c in g.findall(f"{NS}circle")]
            centres = {(c.get("cx"), c.get("cy")) for c in g.findall(f"{NS}circle")}
            assert radii == sorted(radii, reverse=True) and len(centres) == 1


def test_the_board_has_36_squares_two_thrones_and_coordinates() -> None:
    root = parse(board_svg(START))
    assert len(fills(root)) == 36
    thrones = [g.get("data-throne") for g in root.iter(f"{NS}g") if g.get("class") == "throne"]
    assert sorted(str(t) for t in thrones) == ["N", "S"]
    texts = {t.text for t in root.iter(f"{NS}text")}
    assert set("abcdef123456") <= texts
    lines = [line for line in root.iter(f"{NS}line")]
    assert len(lines) >= 12  # each throne joined to the six squares of its rank


def test_south_is_at_the_bottom_unless_flipped() -> None:
    def throne_y(svg: str, name: str) -> float:
        root = parse(svg)
        group = next(g for g in root.iter(f"{NS}g") if g.get("data-throne") == name)
        circle = group.find(f"{NS}circle")
        assert circle is not None
        return float(circle.get("cy") or 0)

    plain, flipped = board_svg(START), board_svg(START, flipped=True)
    assert throne_y(plain, "S") > throne_y(plain, "N")
    assert throne_y(flipped, "S") < throne_y(flipped, "N")


def test_the_picture_changes_after_a_move_and_marks_it() -> None:
    state = spielwerk.game("gyges").new_state(position=START)
    before = board_svg(state)
    state.apply("a1-b1/e5")
    after = board_svg(state)
    assert before != after
    root = parse(after)
    assert rings(root)["e5"] == 2 and rings(root)["b1"] == 1 and "a1" not in rings(root)
    squares = fills(root)
    assert squares["a1"] == COLORS["last start"]
    assert squares["b1"] == COLORS["last end"]
    assert squares["e5"] == COLORS["last drop"]
    assert len([g for g in root.iter(f"{NS}g") if g.get("class") == "arrow"]) == 2


def test_the_last_move_can_be_left_out_or_given() -> None:
    state = spielwerk.game("gyges").new_state(position=START)
    state.apply("c1-c3")
    quiet = parse(board_svg(state, last_move=False))
    assert not [g for g in quiet.iter(f"{NS}g") if g.get("class") == "arrow"]
    assert COLORS["last end"] not in fills(quiet).values()
    chosen = fills(parse(board_svg(state, last_move="c3-c5")))
    assert chosen["c5"] == COLORS["last end"] and chosen["c3"] == COLORS["last start"]


def test_a_ring_waiting_on_a_throne_is_drawn_there() -> None:
    state = spielwerk.game("gyges", throne_captures=3).new_state(
        position="..1.../2...../....../....../....../...... s")
    state.apply("a5-N")
    root = parse(board_svg(state))
    assert rings(root)["N"] == 2
    throne = next(g for g in root.iter(f"{NS}g") if g.get("data-throne") == "N")
    circle = throne.find(f"{NS}circle")
    assert circle is not None and circle.get("fill") == COLORS["last end"]


def test_the_output_is_deterministic_and_colours_can_be_changed() -> None:
    assert board_svg(START) == board_svg(START)
    assert 'fill="#000000"' in board_svg(START, colors={"background": "#000000"})


def test_notebooks_show_a_state_by_its_svg() -> None:
    game = spielwerk.game("gyges")
    state = game.new_state(position=START)
    assert state._repr_svg_() == game.svg(state) == board_svg(state.view(None))
    assert game.svg(state, 1) == board_svg(state.view(1), flipped=True)
    parse(game.svg(game.new_state(seed=1)))  # an empty board during the set-up draws too


def arrows_of(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class") == "arrow"]


def centre_of(root: ET.Element, cell: str) -> tuple[float, float]:
    square = next(r for r in root.iter(f"{NS}rect") if r.get("data-cell") == cell)
    return float(square.get("x") or 0) + 30, float(square.get("y") or 0) + 30


def test_the_arrow_follows_the_way_the_ring_bounced() -> None:
    # a1 (2) lands on c1, e1, e3 and d4 in turn before it ends on c4
    state = spielwerk.game("gyges").new_state(position="....../1...3./.3.3.1/..3.2./.1.1../2.2.2. s")
    state.apply("a1-c4")
    root = parse(board_svg(state))
    way = ["a1", "b1", "c1", "d1", "e1", "e2", "e3", "d3", "d4", "d5", "c5", "c4"]
    arrow = arrows_of(root)[0]
    assert arrow.get("data-path") == " ".join(way)
    line = arrow.find(f"{NS}polyline")
    assert line is not None
    points = [tuple(float(v) for v in p.split(",")) for p in (line.get("points") or "").split()]
    assert points[:-1] == [centre_of(root, cell) for cell in way[:-1]]  # the last stops at the head
    bounces = [c.get("data-cell") for c in root.iter(f"{NS}circle") if c.get("class") == "bounce"]
    assert bounces == ["c1", "e1", "e3", "d4"]


def test_a_straight_move_and_a_given_move_text_draw_straight_arrows() -> None:
    state = spielwerk.game("gyges").new_state(position=START)
    state.apply("a1-a2")
    assert [a.get("data-path") for a in arrows_of(parse(board_svg(state)))] == ["a1 a2"]
    given = parse(board_svg(state, last_move="c1-c4/e5"))
    assert [a.get("data-path") for a in arrows_of(given)] == ["c1 c4", "c4 e5"]


def test_a_finished_game_shows_the_winning_ring_on_the_throne_and_the_result() -> None:
    state = spielwerk.game("gyges").new_state(position="....../..2.../....../..2.../....../...... s")
    running = parse(board_svg(state))
    assert not [g for g in running.iter(f"{NS}g") if g.get("class") == "result"]
    state.apply("c3-N")
    svg = board_svg(state)
    root = parse(svg)
    assert rings(root)["N"] == 2 and "c3" not in rings(root)
    assert arrows_of(root)[0].get("data-path") == "c3 c4 c5 c6 N"
    result = next(g for g in root.iter(f"{NS}g") if g.get("class") == "result")
    assert [t.text for t in result.iter(f"{NS}text")] == [
        "South wins (1 – 0)", "the ring from c3 (height 2) reached North's throne",
    ]
    assert float(root.get("height") or 0) > float(running.get("height") or 0)
    assert "South wins (1 – 0)" in (root.findtext(f"{NS}title") or "")
    assert "to move" not in svg


def test_a_draw_and_the_kings_game_say_so() -> None:
    state = spielwerk.game("gyges").new_state(position="....../....../....../....../....../...... s")
    state.apply("pass")
    state.apply("pass")
    texts = [t.text for t in parse(board_svg(state)).iter(f"{NS}text")]
    assert "Draw (½ – ½)" in texts and "neither player could move" in texts
    kings = spielwerk.game("gyges", throne_captures=3).new_state(
        position="1...../....../..31../....../....../...... s")
    kings.apply("c4-N")
    assert not [t for t in parse(board_svg(kings)).iter(f"{NS}text") if "wins" in (t.text or "")]
    for move in ("N-a5", "a6-a4", "a4-N", "N-b5", "a5-c4", "c4-N"):
        kings.apply(move)
    root = parse(board_svg(kings))
    assert rings(root)["N"] == 3
    assert "the ring from c4 (height 3) reached North's throne (capture 3 of 3)" in [
        t.text for t in root.iter(f"{NS}text")
    ]


def test_every_cell_and_throne_is_a_click_target_named_as_in_the_notation() -> None:
    state = spielwerk.game("gyges", setup="123321,321123").new_state(seed=0)
    root = parse(board_svg(state))
    targets = [str(e.get("data-target")) for e in root.iter() if e.get("data-target")]
    assert sorted(targets) == sorted([f"{f}{r}" for f in "abcdef" for r in range(1, 7)] + ["S", "N"])
    for text in map(str, state.legal_actions()):  # every place a move names can be clicked
        assert set(text.replace("/", "-").split("-")) <= set(targets), text
