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
from spielwerk.core.markup import visible_length
from spielwerk.core.state import State
from spielwerk.games.grani import Grani, terminal
from spielwerk.games.grani.board import BOARD, parse_board
from spielwerk.games.grani.terminal import board_markup

POSITION = "yellow=G8 blue=T9:2:ring red=U11:1:shackled:seals=TU white=E5 turn=blue blocks=T13,U8"


def new_state(position: str | None = POSITION, players: int = 4) -> State:
    return spielwerk.game("grani").new_state(players=players, seed=1, position=position)


def picture(view: dict[str, Any], colour: bool = False, width: int = 200) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system="truecolor" if colour else None,
                      force_terminal=colour, highlight=False)
    console.print(board_markup(view, width))
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
    assert Grani().terminal(state, 1, width=80) == board_markup(state.view(1), 80)


def test_grani_terminal__at_80_columns_a_compact_map_fits_and_names_every_point() -> None:
    text = picture(new_state().view(None), width=80)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert not any(line.startswith(" · T1 ") for line in lines)  # a map, not the list of points
    for name in BOARD.names:
        assert name in text
    assert "T9B¤─·T10" in text  # the line runs on through the cell's blank end
    assert "U11R∞" in text  # crowded: the mark gives way, the name stays
    assert "─" in text and "│" in text and "╲" in text and "╱" in text
    assert "T I R A D" in text and "E L G A D" in text
    red = next(line for line in lines if " red " in line and "amulets" in line)
    assert "seals: Tirad, Urgad  ∞ shackled" in red  # no padding where there is no room


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("width", [72, 80, 100])
def test_grani_terminal__every_line_fits_the_console(players: int, width: int) -> None:
    state = new_state(position=None, players=players)
    state.apply(f"first {['yellow', 'blue', 'red', 'white', 'green', 'black'][players - 1]}")
    for _ in range(30):  # on through fights, stones and the ring
        if state.is_chance:
            state.resolve_chance()
        else:
            state.apply(state.legal_actions()[-1])
    lines = picture(state.view(0), width=width).splitlines()
    assert max(len(line) for line in lines) <= width
    assert sum("─" in line for line in lines) > 10  # still the map


def test_grani_terminal__the_layout_follows_the_width() -> None:
    view = new_state().view(None)
    full, compact, listed = (picture(view, width=width) for width in (110, 80, 60))
    assert "·T1   ───·T2" in full
    assert "·T1───·T2" in compact
    assert " · T1   tirad black  ─ T2 T6" in listed
    assert max(len(line) for line in listed.splitlines()) <= 60


def test_grani_terminal__without_a_width_the_console_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    view = new_state().view(None)
    monkeypatch.setenv("COLUMNS", "80")
    assert board_markup(view) == board_markup(view, 80)
    monkeypatch.setenv("COLUMNS", "150")
    assert board_markup(view) == board_markup(view, 150)


def test_grani_terminal__a_walled_in_knight_is_named() -> None:
    # grani.move.must: blue on T1 between two stones cannot move, and passes
    state = new_state("yellow=G8 blue=T1 red=U11 white=E5 turn=blue blocks=T2,T6")
    assert [str(a) for a in state.legal_actions()] == ["pass"]
    assert state.view(None)["walled_in"] == ["blue"]
    for width in (80, 200):
        text = picture(state.view(None), width=width)
        assert "blue is walled in: it cannot move, so it passes (grani.move.must)" in text
        blue = next(line for line in text.splitlines() if " blue " in line and "amulets" in line)
        assert "walled in" in blue
    crowd = new_state("yellow=G8 blue=T1 red=T5 white=E5 blocks=T2,T6,T11")
    assert "blue and red are walled in: they cannot move, so they pass" in picture(crowd.view(None))
    assert "walled in" not in picture(new_state().view(None))


def test_grani_terminal__visible_length_leaves_out_tags() -> None:
    assert visible_length("[bold #ffaf00]◀ to play[/]") == len("◀ to play")
    assert visible_length("a \\[b] c") == len("a [b] c")


def test_grani_terminal__the_rules_modules_never_import_rich() -> None:
    code = (
        "import sys, spielwerk; g = spielwerk.game('grani'); s = g.new_state(players=3, seed=1); "
        "g.terminal(s); g.svg(s); "
        "assert 'rich' not in sys.modules and 'click' not in sys.modules, sorted(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_grani_terminal__the_map_speaks_the_readers_language() -> None:
    state = new_state()
    game = Grani()
    assert game.terminal(state, 1, "de", width=110) == board_markup(state.view(1), 110, "de")
    buffer = io.StringIO()
    Console(file=buffer, width=110, color_system=None, highlight=False).print(game.terminal(state, 1, "de"))
    text = buffer.getvalue()
    assert "jetzt: Blau ist am Zug" in text
    assert "Hindernissteine im Vorrat 14" in text and "Drachenstapel 24 Karten" in text
    assert "Zauberstein" in text and "der Ring (hinter einem Ritter: er trägt ihn)" in text
    red = next(line for line in text.splitlines() if " Rot " in line and "Amulette" in line)
    assert "auf U11" in red and "Siegel: Tirad, Urgad" in red and "∞ gefesselt" in red
    blue = next(line for line in text.splitlines() if " Blau " in line and "Amulette" in line)
    assert "◀ am Zug" in blue


def test_grani_terminal__french_words_in_every_layout() -> None:
    view = new_state("yellow=G8 blue=T1 red=T5 white=E5 blocks=T2,T6,T11").view(None)
    listed = picture_in(view, 60, "fr")
    assert " · T1   Tirad noir " in listed
    assert "bleu et rouge sont bloqués : ils ne peuvent pas bouger," in listed
    assert "donc ils passent (grani.move.must)" in listed
    full = picture_in(view, 110, "fr")
    assert "maintenant : au tour de jaune" in full and "T I R A D" in full


def test_grani_terminal__the_colours_line_up_in_german() -> None:
    lines = picture_in(new_state(position=None, players=6).view(None), 110, "de").splitlines()
    rows = [line for line in lines if "Amulette" in line]
    assert len(rows) == 6 and len({line.index("auf G5") for line in rows}) == 1  # "Schwarz" is the longest


def picture_in(view: dict[str, Any], width: int, language: str) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=width, color_system=None, highlight=False).print(
        board_markup(view, width, language))
    return buffer.getvalue()


@pytest.mark.parametrize("language", ["de", "fr"])
@pytest.mark.parametrize("width", [72, 80])
def test_grani_move_must__the_walled_in_line_fits_the_console_in_every_language(
        language: str, width: int) -> None:
    state = new_state("yellow=G8 blue=T1 red=U11 white=E5 turn=blue blocks=T2,T6")
    markup = board_markup(state.view(None), width, language)
    assert max(visible_length(line) for line in markup.splitlines()) <= width
    said = " ".join(picture_in(state.view(None), width, language).split())
    expected = {"de": "Blau ist blockiert: kann nicht ziehen und setzt darum aus (grani.move.must)",
                "fr": "bleu est bloqué : il ne peut pas bouger, donc il passe (grani.move.must)"}
    assert expected[language] in said
