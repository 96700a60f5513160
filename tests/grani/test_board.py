"""The board validator: the shipped board meets rules/grani.md, and each way a board can fall short
is caught and named (grani board requirements)."""

from __future__ import annotations

import copy
import subprocess
import sys
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from spielwerk.games.grani.board import BOARD, BoardError, load_board, parse_board
from spielwerk.games.grani.boardcheck import main, turn_distances, validate


def shipped_text() -> str:
    """The text of the board file that comes with spielwerk."""
    return resources.files("spielwerk.games.grani").joinpath("board.toml").read_text(encoding="utf-8")


SHIPPED: dict[str, Any] = tomllib.loads(shipped_text())


def board_data() -> dict[str, Any]:
    """A fresh copy of the shipped board's data, to change."""
    return copy.deepcopy(SHIPPED)


def problems(data: dict[str, Any]) -> list[str]:
    return validate(parse_board(data))


def drop_point(data: dict[str, Any], name: str) -> None:
    """Take a point off the board, with its lines."""
    del data["points"][name]
    data["lines"] = [line for line in data["lines"] if name not in line.split("-")]


def test_grani_board__the_shipped_board_meets_every_requirement() -> None:
    assert validate(BOARD) == []
    assert 100 <= BOARD.size <= 140


def test_grani_board__the_validator_runs_as_a_command() -> None:
    done = subprocess.run([sys.executable, "-m", "spielwerk.games.grani.boardcheck"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0
    assert "all requirements met" in done.stdout


def test_grani_board__the_command_names_a_bad_file_and_fails(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    city = 'T5 = { kingdom = "tirad", kind = "city"'
    bad = tmp_path / "board.toml"
    bad.write_text(shipped_text().replace(city, city.replace("city", "black")), encoding="utf-8")
    assert main([str(bad)]) == 1
    assert "tirad has 0 city points" in capsys.readouterr().out
    assert main([str(tmp_path / "missing.toml")]) == 2
    (tmp_path / "broken.toml").write_text("points = [", encoding="utf-8")
    assert main([str(tmp_path / "broken.toml")]) == 2
    assert "not valid TOML" in capsys.readouterr().out


def test_grani_board__each_kingdom_needs_exactly_one_city() -> None:
    data = board_data()
    data["points"]["T5"]["kind"] = "black"
    assert "tirad has 0 city points; it needs 1–1" in problems(data)
    data = board_data()
    data["points"]["U1"]["kind"] = "city"
    assert "urgad has 2 city points; it needs 1–1" in problems(data)


@pytest.mark.parametrize(("change", "count"), [({"T1": "dragon"}, 4), ({"T8": "black", "T19": "black"}, 1)])
def test_grani_board__each_kingdom_has_two_or_three_dragons(change: dict[str, str], count: int) -> None:
    data = board_data()
    for name, kind in change.items():
        data["points"][name]["kind"] = kind
    assert problems(data) == [f"tirad has {count} dragon points; it needs 2–3"]


def test_grani_board__each_kingdom_has_one_or_two_magic_stones_and_one_sword() -> None:
    data = board_data()
    data["points"]["G3"]["kind"] = "black"
    data["points"]["G22"]["kind"] = "black"
    data["points"]["E1"]["kind"] = "black"
    found = problems(data)
    assert "galad has 0 magic points; it needs 1–2" in found
    assert "elgad has 0 sword points; it needs 1–1" in found


def test_grani_board__at_least_eight_exile_points() -> None:
    data = board_data()
    for name in ("X8", "X9", "X10", "X11", "X12"):
        drop_point(data, name)
    assert "the board has 7 exile points; it needs at least 8" in problems(data)


def test_grani_board__exile_points_belong_to_no_kingdom_and_lie_in_the_middle() -> None:
    data = board_data()
    data["points"]["X1"]["kingdom"] = "tirad"
    assert "tirad has exile points; exile points belong to no kingdom" in problems(data)
    data = board_data()
    data["points"]["T1"]["kingdom"] = "none"
    assert "T1 belongs to no kingdom but is not an exile point" in problems(data)
    data = board_data()
    data["points"]["X1"].update(x=11, y=0)
    assert "exile point X1 is not in the middle of the board" in problems(data)


def test_grani_board__about_100_to_140_points() -> None:
    data = board_data()
    for i in range(20):
        data["points"][f"N{i}"] = {"kingdom": "tirad", "kind": "black", "x": i, "y": 20}
        data["lines"].append(f"T1-N{i}")
    assert "the board has 144 points; it needs 100–140" in problems(data)


def test_grani_board__kingdoms_of_similar_size() -> None:
    data = board_data()
    for name in ("T1", "T2", "T3", "T6", "T7", "T9", "T11", "T13"):
        data["points"][name]["kingdom"] = "galad"
    assert any(p.startswith("the kingdoms are not of similar size") for p in problems(data))


def test_grani_board__two_crystal_balls_start_in_galad_ring_in_tirad() -> None:
    data = board_data()
    data["points"]["T4"]["kind"] = "black"
    assert "there must be exactly two crystal balls: the start and the ring's start" in problems(data)
    data = board_data()
    data["start"], data["ring_start"] = "T4", "G5"
    found = problems(data)
    assert "the start T4 is not in Galad" in found
    assert "the ring's start G5 is not in Tirad" in found


def test_grani_board__every_point_can_be_reached() -> None:
    data = board_data()
    data["lines"].remove("T16-T21")
    data["lines"].remove("T21-T22")
    assert problems(data) == ["not every point can be reached from the start: T21"]


def test_grani_board__lines_are_listed_once_and_join_two_points() -> None:
    data = board_data()
    data["lines"] += ["T2-T1", "T3-T3"]
    found = problems(data)
    assert "line T2-T1 is listed twice" in found
    assert "line T3-T3 joins a point to itself" in found


def test_grani_board__no_city_within_two_turns_of_the_start() -> None:
    data = board_data()
    data["lines"].append("G6-G25")
    assert problems(data) == ["G25 is 2 turns from the start; it must be at least 3"]


def test_grani_board__the_rings_start_is_far_from_every_city() -> None:
    data = board_data()
    data["lines"].append("T4-T5")
    assert problems(data) == ["T5 is 1 turn from the ring's start; it must be at least 3"]


def test_grani_board__every_city_has_two_ways_in() -> None:
    data = board_data()
    data["lines"].remove("T5-T11")
    assert problems(data) == ["the city T5 has fewer than 2 ways in"]


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["points"]["T1"].update(kingdom="narnia"), "T1: unknown kingdom 'narnia'"),
    (lambda d: d["points"]["T1"].update(kind="lake"), "T1: unknown kind 'lake'"),
    (lambda d: d["lines"].append("T1-Q9"), "line 'T1-Q9' names a point that does not exist"),
    (lambda d: d.pop("ring_start"), "the board file lacks 'ring_start'"),
])
def test_grani_board__a_malformed_file_is_refused_with_its_fault(change: Any, message: str) -> None:
    data = board_data()
    change(data)
    with pytest.raises(BoardError, match=message):
        parse_board(data)


def tiny_board(dragon: str | None) -> dict[str, Any]:
    """A path A-B-C-D-E-F, a point G on no line; `dragon` names a dragon point."""
    names = "ABCDEFG"
    points = {name: {"kingdom": "tirad", "kind": "dragon" if name == dragon else "black", "x": i, "y": 0}
              for i, name in enumerate(names)}
    return {"points": points, "lines": ["A-B", "B-C", "C-D", "D-E", "E-F"], "start": "A", "ring_start": "F"}


def test_grani_board__turn_distances_count_turns_of_one_or_two_steps() -> None:
    board = parse_board(tiny_board(None))
    assert turn_distances(board, board.index["A"]) == [0, 1, 1, 2, 2, 3, -1]


def test_grani_board__turn_distances_never_pass_over_a_dragon() -> None:
    board = parse_board(tiny_board("B"))
    assert turn_distances(board, board.index["A"]) == [0, 1, 2, 2, 3, 3, -1]  # the turn stops on B


def test_grani_board__load_board_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_text(shipped_text(), encoding="utf-8")
    assert load_board(path) == BOARD
