"""The Grani map for the terminal: every point by name, the knights, ring and stones on it, the players'
amulets and seals, and what the game waits for — as rich markup that renders without errors."""

from __future__ import annotations

import io
import subprocess
import sys
import tomllib
from importlib import resources
from typing import Any

import pytest
from rich.console import Console

import spielwerk
from spielwerk.core.state import State
from spielwerk.games.grani import terminal
from spielwerk.games.grani.board import BOARD, parse_board
from spielwerk.games.grani.terminal import board_markup

POSITION = "yellow=G8 blue=T9:2:ring red=U11:1:shackled:seals=TU white=E5 turn=blue blocks=T13,U8"


def new_state(position: str | None = POSITION, players: int = 4) -> State:
    return spielwerk.game("grani").new_state(players=players, seed=1, position=position)


def picture(view: dict[str, Any], colour: bool = False) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=200, color_system="truecolor" if colour else None,
                      force_terminal=colour, highlight=False)
    console.print(board_markup(view))
    return buffer.getvalue()


def test_grani_terminal__every_point_is_on_the_map_by_name() -> None:
    text = picture(new_state().view(None))
    for name in BOARD.names:
        assert f"{name}" in text
    assert "T I R A D" in text and "E L G A D" in text


def test_grani_terminal__knights_ring_shackle_and_stones_stand_on_their_points() -> None:
    text = picture(new_state().view(None))
    assert "G8Y" in text  # yellow on G8
    assert "T9B¤" in text  # blue carries the ring
    assert "U11R∞" in text  # red is shackled
    assert "E5W" in text
    assert "T13■" in text and "U8■" in text


def test_grani_terminal__the_map_joins_neighbours_with_lines() -> None:
    text = picture(new_state().view(None))
    assert "─" in text and "│" in text and "╲" in text and "╱" in text


def test_grani_terminal__all_knights_at_the_start_are_shown() -> None:
    text = picture(new_state(position=None, players=6).view(None))
    assert "YBRWGK" in text
    assert f"{BOARD.names[BOARD.ring_start]}¤" in text  # the ring on its start


def test_grani_terminal__players_amulets_seals_ring_and_shackle() -> None:
    lines = picture(new_state().view(None)).splitlines()
    red = next(line for line in lines if " red " in line and "amulets" in line)
    assert "at U11" in red and "amulets ●○○" in red and "seals: Tirad, Urgad" in red and "shackled" in red
    blue = next(line for line in lines if " blue " in line and "amulets" in line)
    assert "amulets ●●○" in blue and "ring" in blue and "◀ to play" in blue
    text = "\n".join(lines)
    assert "waiting for blue to move" in text
    assert "obstacle stones left 14" in text and "dragon deck 24 cards" in text and "round 1 of 400" in text


def test_grani_terminal__the_last_fight_and_the_discard_pile() -> None:
    state = new_state(POSITION.replace("turn=blue", "turn=yellow"))
    for action in ("G8-G7", "card 4", "roll 2"):
        state.apply(action)
    text = picture(state.view(None))
    assert "last dragon fight: card 4, roll 2: lost" in text
    assert "discard pile: 4" in text and "dragon deck 23 cards" in text
    assert "G7Y∞" in text  # lost: shackled on the dragon


@pytest.mark.parametrize("players", [4, 6])
def test_grani_terminal__lines_fit_110_columns(players: int) -> None:
    for position in (None, POSITION if players == 4 else None):
        lines = picture(new_state(position=position, players=players).view(None)).splitlines()
        assert max(len(line) for line in lines) <= 110


def test_grani_terminal__knights_are_coloured_tiles() -> None:
    text = picture(new_state().view(None), colour=True)
    assert "48;2;243;198;34m" in text  # the yellow tile
    assert "48;2;47;111;214m" in text  # the blue tile


def test_grani_terminal__texts_are_escaped() -> None:
    view: dict[str, Any] = new_state().view(None)
    view["last_action"] = "[bold]x[/]"
    view["result"] = {"returns": [1, 0, 0, 0], "rule": "grani.win", "reason": "yellow wins [at once]"}
    text = picture(view)
    assert "last action [bold]x[/]" in text and "Game over: yellow wins [at once]" in text


def test_grani_terminal__a_board_off_the_lattice_is_listed_point_by_point(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = resources.files("spielwerk.games.grani").joinpath("board.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    for point in data["points"].values():
        point["x"] = point["x"] * 1.5
    monkeypatch.setattr(terminal, "BOARD", parse_board(data))
    lines = picture(new_state().view(None)).splitlines()
    g8 = next(line for line in lines if line.split()[1:2] == ["G8"])
    assert "Y" in g8 and all(BOARD.names[n] in g8 for n in BOARD.neighbours[BOARD.index["G8"]])
    assert sum(1 for line in lines if "─" in line) == BOARD.size


def test_grani_terminal__the_game_shows_a_state_by_its_view() -> None:
    state = new_state()
    assert spielwerk.game("grani").terminal(state) == board_markup(state.view(None))


def test_grani_terminal__the_rules_modules_never_import_rich() -> None:
    code = (
        "import sys, spielwerk; g = spielwerk.game('grani'); s = g.new_state(players=3, seed=1); "
        "g.terminal(s); g.svg(s); "
        "assert 'rich' not in sys.modules and 'click' not in sys.modules, sorted(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
