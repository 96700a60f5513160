"""Property tests on random boards: the engine agrees with the reference and with the board's symmetry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.gyges import reference
from tests.gyges.helpers import gyges, texts

CELLS = [f"{f}{r}" for r in range(1, 7) for f in "abcdef"]
OPTION_SETS: list[dict[str, Any]] = [{}, {"replace_rule": "strict"}, {"replacement": False}]

RINGS = [1, 2, 3] * 4  # the game's twelve rings


def _board(cells: list[str], heights: list[int]) -> dict[str, int]:
    return dict(zip(cells, heights[: len(cells)], strict=True))


boards = st.builds(_board, st.lists(st.sampled_from(CELLS), unique=True, max_size=12), st.permutations(RINGS))
sides = st.sampled_from("sn")
option_sets = st.sampled_from(OPTION_SETS)


def position(rings: dict[str, int], side: str) -> str:
    """The position text of a board given as {cell: height}."""
    return reference.Position(dict(rings), side).text()


def mirror_cell(cell: str) -> str:
    """The cell seen in a mirror between files c and d (thrones stay)."""
    return cell if cell in ("S", "N") else "fedcba"["abcdef".index(cell[0])] + cell[1]


def turn_cell(cell: str) -> str:
    """The cell after turning the board half round: South's side becomes North's."""
    if cell in ("S", "N"):
        return "N" if cell == "S" else "S"
    return "fedcba"["abcdef".index(cell[0])] + str(7 - int(cell[1]))


def map_move(text: str, cell_map: Callable[[str], str]) -> str:
    """A move text with every cell mapped."""
    if text == "pass":
        return text
    start, _, rest = text.partition("-")
    end, _, drop = rest.partition("/")
    mapped = f"{cell_map(start)}-{cell_map(end)}"
    return mapped + (f"/{cell_map(drop)}" if drop else "")


def results(text: str, moves: list[str]) -> set[str]:
    """The positions the moves lead to (a mirrored list may spell a result differently)."""
    return {reference.play(text, move) for move in moves}


@settings(max_examples=80, deadline=None)
@given(boards, sides, option_sets)
def test_engine_moves_equal_the_reference_moves(
    rings: dict[str, int], side: str, options: dict[str, Any]
) -> None:
    text = position(rings, side)
    found = texts(gyges(text, **options))
    assert len(found) == len(set(found))
    expected = reference.legal_moves(
        text, replacement=options.get("replacement", True), strict=options.get("replace_rule") == "strict"
    )
    assert set(found) == expected


@settings(max_examples=60, deadline=None)
@given(boards, sides, option_sets)
def test_mirrored_board_has_mirrored_moves(rings: dict[str, int], side: str, options: dict[str, Any]) -> None:
    mirrored = {mirror_cell(cell): height for cell, height in rings.items()}
    found = texts(gyges(position(rings, side), **options))
    expected = texts(gyges(position(mirrored, side), **options))
    mapped = [map_move(t, mirror_cell) for t in found]
    assert len(mapped) == len(expected)
    assert results(position(mirrored, side), mapped) == results(position(mirrored, side), expected)


@settings(max_examples=60, deadline=None)
@given(boards, sides, option_sets)
def test_turned_board_swaps_the_players(rings: dict[str, int], side: str, options: dict[str, Any]) -> None:
    turned = {turn_cell(cell): height for cell, height in rings.items()}
    other = "n" if side == "s" else "s"
    found = texts(gyges(position(rings, side), **options))
    expected = texts(gyges(position(turned, other), **options))
    mapped = [map_move(t, turn_cell) for t in found]
    assert len(mapped) == len(expected)
    assert results(position(turned, other), mapped) == results(position(turned, other), expected)
