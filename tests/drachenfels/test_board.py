"""The board and its checker: the shipped board meets rules/drachenfels.md ("Board"), and each way a
board can fall short is caught and named (drachenfels board requirements)."""

from __future__ import annotations

import copy
import subprocess
import sys
import tomllib
from collections import deque
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from spielwerk.core.errors import InvalidNotation
from spielwerk.games.drachenfels.board import BOARD, COLOURS, Board, BoardError, load, parse
from spielwerk.games.drachenfels.boardcheck import NAMED, main, validate


def shipped_text() -> str:
    """The text of the board file that comes with spielwerk."""
    return resources.files("spielwerk.games.drachenfels").joinpath("board.toml").read_text(encoding="utf-8")


SHIPPED: dict[str, Any] = tomllib.loads(shipped_text())


def board_data() -> dict[str, Any]:
    """A fresh copy of the shipped board's data, to change."""
    return copy.deepcopy(SHIPPED)


def add_field(data: dict[str, Any], name: str, kind: str, x: float, y: float, *ways: str) -> None:
    data["fields"][name] = {"kind": kind, "x": x, "y": y}
    data["paths"] += [f"{name}-{way}" for way in ways]


def steps(board: Board, source: int, closed: frozenset[int]) -> list[int]:
    """Fewest steps from `source` to every field without entering a closed one (-1: never)."""
    found = [-1] * board.size
    found[source] = 0
    queue = deque([source])
    while queue:
        here = queue.popleft()
        for there in board.neighbours[here]:
            if found[there] < 0 and there not in closed:
                found[there] = found[here] + 1
                queue.append(there)
    return found


def test_drachenfels_board__the_shipped_board_meets_every_requirement() -> None:
    assert validate(SHIPPED) == []
    assert 70 <= BOARD.size <= 110


def test_drachenfels_board_distances() -> None:
    closed = frozenset(BOARD.bridge_sites)
    for start in BOARD.starts:
        walk = steps(BOARD, start, closed)
        to_rock = min(walk[r] for r in BOARD.rainbow_rocks)
        assert 6 <= to_rock <= 10  # so the castle (one more step over a rainbow) takes a few turns
        holes_only = steps(BOARD, start, frozenset(BOARD.holes))
        to_crossing = min(holes_only[x] for x in BOARD.crossings)
        assert to_crossing >= 12
        assert min(holes_only[c] for c in BOARD.rock_castles) >= 13  # several turns of 1–5 points
        assert BOARD.castle not in BOARD.neighbours[start] and walk[BOARD.castle] == -1
        everything = steps(BOARD, start, frozenset())
        assert [f for f in range(BOARD.size) if everything[f] < 0] == [BOARD.castle]


def test_drachenfels_board__the_reconstruction_turns_onto_itself_about_the_castle() -> None:
    cx, cy = BOARD.xy[BOARD.castle]
    at = {xy: f for f, xy in enumerate(BOARD.xy)}
    turn = [at[(cx - (y - cy), cy + (x - cx))] for x, y in BOARD.xy]  # a quarter turn
    assert {tuple(sorted((turn[a], turn[b]))) for a, b in BOARD.paths} == set(BOARD.paths)
    assert all(BOARD.kinds[turn[f]] == BOARD.kinds[f] for f in range(BOARD.size))
    for group in (
        BOARD.starts,
        BOARD.rainbow_rocks,
        BOARD.rock_castles,
        BOARD.crossings,
        BOARD.holes,
        BOARD.dragon_rocks,
    ):
        assert [turn[f] for f in group] == [*group[1:], group[0]]


def test_drachenfels_board__the_api_the_rules_rely_on() -> None:
    names = BOARD.names
    assert names[BOARD.castle] == "K" and BOARD.kinds[BOARD.castle] == "castle"
    assert [names[f] for f in BOARD.starts] == ["S1", "S2", "S3", "S4"] and len(COLOURS) == 4
    assert [names[f] for f in BOARD.rainbow_rocks] == ["R1", "R2", "R3", "R4"]
    assert [names[f] for f in BOARD.rock_castles] == ["C1", "C2", "C3", "C4"]
    assert [names[f] for f in BOARD.crossings] == ["X1", "X2", "X3", "X4"]
    assert [names[f] for f in BOARD.dragon_rocks] == ["D1", "D2", "D3", "D4"]
    assert BOARD.bridge_sites == BOARD.holes + BOARD.crossings
    assert [names[f] for f in BOARD.bridge_sites] == ["H1", "H2", "H3", "H4", "X1", "X2", "X3", "X4"]
    for kind, group in (("star", BOARD.stars), ("green", BOARD.green_dots)):
        numbers = [int(names[f]) for f in group]
        assert numbers == sorted(numbers) and all(BOARD.kinds[f] == kind for f in group)
    assert len(BOARD.stars) == 4 and len(BOARD.green_dots) >= 8
    for crossing, castle in zip(BOARD.crossings, BOARD.rock_castles, strict=True):
        assert BOARD.neighbours[castle] == (crossing,) and castle in BOARD.neighbours[crossing]
    assert BOARD.neighbours[BOARD.castle] == ()
    for a, b in BOARD.paths:
        assert b in BOARD.neighbours[a] and a in BOARD.neighbours[b]
    assert {BOARD.index[name] for name in names} == set(range(BOARD.size))


def test_drachenfels_board__fields_are_found_by_name_in_any_case() -> None:
    assert BOARD.field("K") == BOARD.castle and BOARD.field("s3") == BOARD.starts[2]
    assert BOARD.field(" 17 ") == BOARD.index["17"]
    with pytest.raises(ValueError, match="no field named 'Q9'"):
        BOARD.field("Q9")
    with pytest.raises(InvalidNotation, match="1–68"):
        BOARD.field("69")
    assert BOARD.describe(BOARD.field("X2")) == "X2 (crossing to C2)"
    assert BOARD.describe(BOARD.field("S2")) == "S2 (blue start)"


def test_drachenfels_board__load_reads_a_file_and_refuses_a_bad_one(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_text(shipped_text(), encoding="utf-8")
    board = load(path)
    assert board.names == BOARD.names and board.neighbours == BOARD.neighbours and board.xy == BOARD.xy
    path.write_text(shipped_text().replace('"X1-C1", ', ""), encoding="utf-8")
    with pytest.raises(BoardError, match="C1 must have exactly one path, to X1; it has 0"):
        load(path)
    path.write_text("fields = [", encoding="utf-8")
    with pytest.raises(BoardError, match="not valid TOML"):
        load(path)


def test_drachenfels_board__the_order_of_the_file_does_not_matter() -> None:
    data = board_data()
    data["fields"] = dict(reversed(list(data["fields"].items())))
    data["paths"].reverse()
    board = parse(data)
    assert board.names == BOARD.names and board.neighbours == BOARD.neighbours and board.paths == BOARD.paths


def test_drachenfels_board__the_checker_runs_as_a_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "board.toml"
    path.write_text(shipped_text(), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "spielwerk.games.drachenfels.boardcheck", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("ok\n93 fields") and "to the rainbow rocks [6," in done.stdout
    path.write_text(shipped_text().replace('"12-X1",', ""), encoding="utf-8")
    assert main([str(path)]) == 1
    assert (
        "X1 must have exactly two paths, to C1 and to one land field; it has 1: C1" in capsys.readouterr().out
    )
    assert main([str(tmp_path / "missing.toml")]) == 2
    assert main([]) == 2


def test_drachenfels_board__between_70_and_110_fields() -> None:
    data = board_data()
    for n in range(69, 89):
        add_field(data, str(n), "land", 20 + n, 20)
    assert "the board has 113 fields; it needs 70–110" in validate(data)


@pytest.mark.parametrize("kind", list(NAMED))
def test_drachenfels_board__each_special_kind_has_its_named_fields(kind: str) -> None:
    names = NAMED[kind]
    data = board_data()
    data["fields"][names[-1]]["kind"] = "land"
    assert f"{names[-1]} must be a {kind} field, not land" in validate(data)
    data = board_data()
    del data["fields"][names[-1]]
    data["paths"] = [p for p in data["paths"] if names[-1] not in p.split("-")]
    assert f"{names[-1]} is missing: the {kind} fields are {', '.join(names)}" in validate(data)
    data = board_data()
    add_field(data, "Z9", kind, 30, 30)
    assert f"Z9 cannot be a {kind} field: the {kind} fields are {', '.join(names)}" in validate(data)


def test_drachenfels_board__stars_green_and_land_are_numbered_1_to_n() -> None:
    data = board_data()
    data["fields"]["Q"] = data["fields"].pop("17")
    data["paths"] = [p.replace("17-", "Q-").replace("-17", "-Q") for p in data["paths"]]
    found = validate(data)
    assert "Q is a green field, so its name must be a number (1, 2, …)" in found
    data = board_data()
    data["fields"]["70"] = data["fields"].pop("68")
    data["paths"] = [p.replace("68", "70") for p in data["paths"]]
    assert validate(data) == ["the numbered fields must be 1–68 without gaps; missing: 68"]


def test_drachenfels_board__exactly_four_stars_and_at_least_eight_green_dots() -> None:
    data = board_data()
    data["fields"]["14"]["kind"] = "land"
    assert "the board has 3 star fields; it needs exactly 4" in validate(data)
    data = board_data()
    for name in ("7", "10", "24", "41", "58"):
        data["fields"][name]["kind"] = "land"
    assert validate(data) == ["the board has 7 green fields; it needs at least 8"]


def test_drachenfels_board__x_and_y_are_numbers_and_places_differ() -> None:
    data = board_data()
    del data["fields"]["5"]["x"]
    assert validate(data) == ["5 needs numbers x and y (its place on the drawing)"]
    data = board_data()
    data["fields"]["17"].update(x=6, y=2)
    assert "16 and 17 share the place (6.0, 2.0): places must differ" in validate(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["fields"]["5"].update(kind="lake"), "5 has an unknown kind 'lake'"),
        (lambda d: d["paths"].append("S1"), "path 'S1' is not two field names joined by '-'"),
        (lambda d: d["paths"].append("S1-99"), "path S1-99 names 99, which is no field"),
        (lambda d: d["paths"].append("3-3"), "path 3-3 joins 3 to itself"),
        (lambda d: d["paths"].append("2-1"), "path 2-1 is listed twice"),
        (lambda d: d.pop("paths"), "the board file needs a list paths"),
        (lambda d: d.pop("fields"), "the board file needs a [fields] table"),
        (
            lambda d: d["fields"].update({"a-b": {"kind": "land", "x": 40, "y": 40}}),
            "'a-b' is not a field name",
        ),
    ],
)
def test_drachenfels_board__a_malformed_file_is_refused_with_its_fault(change: Any, message: str) -> None:
    data = board_data()
    change(data)
    assert any(problem.startswith(message) for problem in validate(data)), validate(data)
    with pytest.raises(BoardError, match="does not meet its requirements"):
        parse(data)


def test_drachenfels_board__the_castle_is_an_island_in_the_middle() -> None:
    data = board_data()
    data["paths"].append("K-R1")
    assert "K must have no paths (the castle is reached only over rainbows); it has 1: R1" in validate(data)
    data = board_data()
    data["fields"]["K"].update(x=9, y=8)
    assert "K must be in the middle of the board (the centre of all fields' places)" in validate(data)


def test_drachenfels_board__a_rock_castle_in_each_corner_with_one_path_to_its_crossing() -> None:
    data = board_data()
    data["paths"].append("C1-13")
    assert "C1 must have exactly one path, to X1; it has 2: X1, 13" in validate(data)
    data = board_data()
    data["fields"]["C1"].update(x=3, y=1)
    found = validate(data)
    assert "C1 must be in a corner: no field may be farther from K than a rock castle" in found
    assert "the rock-castle fields must be spread over all four quarters of the board around K" not in found


def test_drachenfels_board__a_crossing_joins_its_rock_castle_to_one_land_field() -> None:
    data = board_data()
    data["paths"].append("X1-11")
    assert "X1 must have exactly two paths, to C1 and to one land field; it has 3: C1, 11, 12" in validate(
        data
    )
    data = board_data()  # a crossing that leads to another rock castle
    data["paths"] = [p for p in data["paths"] if p not in ("X1-C1", "X2-C2")] + ["X1-C2", "X2-C1"]
    found = validate(data)
    assert "C1 must have exactly one path, to X1; it has 1: X2" in found
    assert "X2 must have exactly two paths, to C2 and to one land field; it has 2: C1, 29" in found


def test_drachenfels_board__a_hole_has_two_paths_to_land_fields() -> None:
    data = board_data()
    data["paths"].append("H1-6")
    assert "H1 must have exactly two paths, both to land fields; it has 3: S1, R4, 6" in validate(data)
    data = board_data()
    data["paths"] = [p for p in data["paths"] if p != "H1-R4"]
    assert "H1 must have exactly two paths, both to land fields; it has 1: S1" in validate(data)


def test_drachenfels_board__every_field_can_be_reached_with_every_bridge_down() -> None:
    data = board_data()
    data["paths"].remove("X1-C1")
    assert "C1 cannot be reached from S1 even with every hole and crossing bridged" in validate(data)


def test_drachenfels_board__holes_are_shortcuts_the_land_hangs_together_without_them() -> None:
    data = board_data()
    data["paths"].remove("D1-16")
    data["paths"].append("D1-4")  # D1 stays on a loop, but the land of S1 and R1 hangs only on holes
    found = validate(data)
    assert any(
        p.startswith(
            "with every hole and crossing unbridged, S2, S3, S4, R2, R3, R4 cannot be "
            "reached from S1: holes must be shortcuts"
        )
        for p in found
    ), found


def test_drachenfels_board__no_dead_ends_among_land_fields() -> None:
    data = board_data()
    add_field(data, "69", "land", 1, 8, "6")
    assert validate(data) == ["69 is a dead end (one path or none): land fields need two paths or more"]


def test_drachenfels_board__paths_can_be_drawn_without_crossing() -> None:
    data = board_data()
    data["paths"] += ["4-14", "3-15"]
    assert "paths 4-14 and 3-15 cross: the board must be drawable without crossings" in validate(data)
    data = board_data()
    data["paths"].append("6-8")
    assert validate(data) == ["path 6-8 runs over 7: draw it around the field"]


def test_drachenfels_board__starts_and_rainbow_rocks_lie_near_the_castle() -> None:
    data = board_data()
    data["fields"]["R1"].update(x=7, y=-3)
    found = validate(data)
    assert "R1 must be near the castle: rainbow-rock fields lie within half the board's reach of K" in found


def test_drachenfels_board__one_star_in_each_quarter_and_green_dots_all_over() -> None:
    data = board_data()
    data["fields"]["31"]["kind"] = "land"
    data["fields"]["13"]["kind"] = "star"
    assert validate(data) == ["the star fields must be spread over all four quarters of the board around K"]
    data = board_data()
    for name in ("7", "10", "17"):
        data["fields"][name]["kind"] = "land"
    assert validate(data) == ["the green fields must be spread over all four quarters of the board around K"]


def test_drachenfels_board__every_start_field_sees_the_same_board() -> None:
    data = board_data()
    data["fields"]["14"]["kind"] = "land"
    data["fields"]["15"]["kind"] = "star"
    found = validate(data)
    assert (
        "S2 is not as far from the star fields as S1 ([9, 17, 20, 29] against [8, 17, 21, 29]): "
        "the board must be fair to every start field" in found
    )


def test_drachenfels_board__start_fields_are_6_to_10_from_a_rainbow_rock_and_12_from_a_crossing() -> None:
    data = board_data()
    data["paths"] += ["2-4", "19-21", "36-38", "53-55"]  # cut the corner of each inner road
    found = validate(data)
    assert "S1 is 5 steps from its nearest rainbow rock; it must be 6–10" in found
    assert "S1 is 11 steps from its nearest crossing; it must be at least 12" in found
    assert len(found) == 8  # both, for each start field
