"""The Gygès board for the terminal (`Gyges.terminal`): what a player sees in each phase."""

from __future__ import annotations

import io
import subprocess
import sys

from rich.console import Console

import spielwerk
from spielwerk.core.state import State


def picture(state: State, seat: int | None = None, colour: bool = False) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system="truecolor" if colour else None,
                      force_terminal=colour, highlight=False)
    console.print(state.game.terminal(state, seat))
    return buffer.getvalue()


def test_the_set_up_asks_for_six_digits() -> None:
    state = spielwerk.game("gyges").new_state(seed=1)
    assert "South arranges rank 1: six digits, two each of 1, 2, 3" in picture(state)
    state.apply("123321")
    text = picture(state)
    assert "North arranges rank 6" in text
    assert " 1 │  1  │  2  │  3  │  3  │  2  │  1  │" in text


def test_a_move_onto_the_throne_marks_the_throne_and_ends_the_game() -> None:
    state = spielwerk.game("gyges").new_state(position="....../2...../....../....../....../...... s")
    state.apply("a5-N")
    text = picture(state)
    assert "last move a5-N  (from a5 onto throne N)" in text
    assert "Game over: south wins by reaching the opponent's throne" in text
    assert " 5 │▸ · ◂│" in text


def test_a_player_without_a_move_is_told_to_pass() -> None:
    state = spielwerk.game("gyges").new_state(position="....../....../....../....../....../...... s")
    assert "South has no legal move and must pass" in picture(state)


def test_rings_are_coloured_by_height_and_the_last_move_is_highlighted() -> None:
    state = spielwerk.game("gyges").new_state(position="321123/....../....../....../....../123321 s")
    state.apply("a1-b1/e5")
    text = picture(state, colour=True)
    for height, rgb in ((1, "154;209;232"), (2, "242;193;78"), (3, "184;50;128")):
        assert f"48;2;{rgb}m {height} " in text  # each height has its own tile colour
    assert "▸" in text and "◂" in text


def test_the_rules_modules_never_import_rich_or_click() -> None:
    code = (
        "import sys, spielwerk; g = spielwerk.game('gyges'); s = g.new_state(seed=1); "
        "g.terminal(s); g.svg(s); "
        "assert 'rich' not in sys.modules and 'click' not in sys.modules, sorted(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
