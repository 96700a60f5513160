"""The Drachenfels map for the terminal: every field by name, knights, dragons, bridges and rainbows,
the piles, and only the secrets the view holds (the seat's own hand, the cards it saw go into other
hands, the princesses it has seen) — as rich markup that renders without errors."""

from __future__ import annotations

import io
import subprocess
import sys
from typing import Any

import pytest
from rich.console import Console

import spielwerk
from spielwerk.cli.movelist import format_moves
from spielwerk.games.drachenfels import terminal
from spielwerk.games.drachenfels.board import BOARD, parse
from spielwerk.games.drachenfels.labels import group_label as move_label
from spielwerk.games.drachenfels.terminal import board_markup
from tests.conformance.play import playout
from tests.drachenfels.helpers import dealt, drachenfels

HANDS = {"red": ["2", "5", "dragon"], "blue": ["teletransfer", "cloud"]}
"""Blue's cards are kinds that nothing else on the screen names."""
SECRET = ("teletransfer", "cloud")


def picture(view: dict[str, Any], colour: bool = False) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=120, color_system="truecolor" if colour else None,
                      force_terminal=colour, highlight=False)
    console.print(board_markup(view))
    return buffer.getvalue()


def line_with(text: str, start: str) -> str:
    return next(line for line in text.splitlines() if line.strip().startswith(start))


def test_drachenfels_terminal__every_field_is_on_the_map_by_name() -> None:
    text = picture(dealt(4, seed=2).view(None))
    for name in BOARD.names:
        assert name in text
    assert "─" in text and "│" in text and "╲" in text and "╱" in text


def test_drachenfels_terminal__knights_dragons_bridges_rainbows_and_stars() -> None:
    state = drachenfels(3, knights={"red": "12", "blue": "K", "yellow": "K"}, armour=["blue", "yellow"],
                        dragons=["C1", "C2", "7", "D3"], bridges=["H1", "X2"], rainbows=["R1-K"])
    text = picture(state.view(None))
    assert "12R" in text  # red on field 12
    assert "KBY" in text  # the castle holds several knights
    assert "C1▲" in text and "7▲" in text and "D3▲" in text
    assert "H1=" in text and "X2=" in text and "R1~" in text and "14*" in text
    assert "rainbows R1-K · bridges X2, H1 · dragons on C1, C2, D3, 7" in text
    blue = line_with(text, "B  blue")
    assert "on K" in blue and "armour" in blue and "no armour" not in blue


def test_drachenfels_terminal__status_turn_piles_and_rock_castles() -> None:
    state = drachenfels(2, hands=HANDS, discard=["3", "rainbow"], looked={"C2": ["red"]}, double=["red"],
                        armour=["red"], opened=True)
    text = picture(state.view(None))
    assert "Round 1 · red's turn\n waiting for red to play cards, refresh the hand, or take" in text
    red = line_with(text, "R  red")
    assert "on S1" in red and "armour" in red and "double count" in red and "3 cards" in red
    assert "no armour" not in red and "no armour" in line_with(text, "B  blue")
    assert "◀ to play" in red
    assert "2 cards" in line_with(text, "B  blue")
    assert "discard pile 2 cards, top rainbow" in text
    assert "rainbows may reach rock castles" in text
    assert "rock castles looked at: C2 by red" in text


def test_drachenfels_terminal__a_seat_sees_its_own_hand_and_no_other() -> None:
    state = drachenfels(2, hands=HANDS)
    red = picture(state.view(0))
    assert "your hand (red): 2 5 dragon" in red
    assert "(you)" in line_with(red, "R  red")
    for card in SECRET:
        assert card not in red
    blue = picture(state.view(1))
    assert "your hand (blue): teletransfer cloud" in blue
    assert "dragon" not in line_with(blue, "your hand")


def test_drachenfels_terminal__a_spectator_sees_no_hand() -> None:
    text = picture(drachenfels(2, hands=HANDS).view(None))
    assert "your hand" not in text and "(you)" not in text
    for card in (*SECRET, "dragon"):
        assert f" {card}" not in text.split("rock castles looked at")[1]


def test_drachenfels_terminal__cards_seen_going_into_another_hand_are_shown_to_that_seat_only() -> None:
    state = drachenfels(2, hands=HANDS, known={"red": {"blue": ["cloud"]}})
    assert "you know blue holds: cloud" in picture(state.view(0))
    assert "cloud" not in picture(state.view(None))


def test_drachenfels_terminal__princesses_appear_only_for_the_seat_that_saw_them() -> None:
    state = drachenfels(2, princesses=["blue", "red", "yellow", "green"], looked={"C1": ["red"]},
                        armour=["red"], double=["red"], opened=True)
    red = picture(state.view(0))
    assert "princesses you have seen: C1: blue's" in red
    for seat in (1, None):
        text = picture(state.view(seat))
        assert "princess" not in text
        assert "rock castles looked at: C1 by red" in text


def test_drachenfels_terminal__after_the_win_everyone_sees_every_princess() -> None:
    state = drachenfels(2, knights={"red": "29", "blue": "S2"}, armour=["red"], hands=HANDS, bridges=["X2"],
                        dragons=["C1", "C3", "C4", "D1"], princesses=["blue", "red", "yellow", "green"])
    state.apply("2 C2")
    assert state.is_over
    text = picture(state.view(None))
    assert "Game over: red found his princess and wins" in text
    assert "princesses: C1: blue's · C2: red's · C3: yellow's · C4: green's" in text
    assert "your hand" not in text


def test_drachenfels_terminal__lines_fit_80_columns() -> None:
    for players in (2, 4):
        state = drachenfels(players, hands=HANDS, known={"red": {"blue": ["cloud"]}}, looked={"C2": ["red"]},
                            armour=["red"], double=["red"], opened=True)
        for seat in (0, None):
            assert max(len(line) for line in picture(state.view(seat)).splitlines()) <= 80
    crowded: dict[str, Any] = drachenfels(4).view(0)
    crowded["looked"] = {castle: ["red", "blue", "yellow", "green"] for castle in ("C1", "C2", "C3", "C4")}
    crowded.update(rainbows=[["R1", "K"], ["R1", "C1"], ["R2", "K"], ["R3", "C3"]], bridges=["X1", "H2"],
                   dragons=["D1", "D2", "61", "44"], rainbow_open=True, top="teletransfer")
    text = picture(crowded)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "C4 by red, blue, yellow, green" in text and "rainbows may reach rock castles" in text


def test_drachenfels_terminal__one_card_is_counted_as_one_card() -> None:
    view: dict[str, Any] = drachenfels(2, hands={"red": ["2"], "blue": ["3", "4"]}, discard=["5"]).view(0)
    view["deck"] = 1
    text = picture(view)
    assert "1 card" in line_with(text, "R  red") and "2 cards" in line_with(text, "B  blue")
    assert "draw pile 1 card · discard pile 1 card, top 5" in text
    assert "1 cards" not in text


def test_drachenfels_terminal__the_move_list_names_point_cards_and_what_moves_where() -> None:
    assert move_label("3 ") == "card 3 → field"
    assert move_label("dragon C4>") == "C4 →" and move_label("rainbow R1-K>") == "R1-K →"
    assert move_label("bridge H3>") == "H3 →" and move_label("bridge -") == "remove"
    assert move_label("cloud blue ") == "blue →" and move_label("send red ") == "red →"
    assert move_label("take ") == "take a card from"
    for plain in ("", "bridge ", "dragon ", "teletransfer ", "b1-c3/"):
        assert move_label(plain) is None
    state = drachenfels(2, knights={"red": "12", "blue": "S2"}, hands={"red": ["2", "3", "dragon", "bridge"]},
                        bridges=["H1"], dragons=["C1", "C2", "C3", "C4"])
    game = spielwerk.game("drachenfels")
    texts = [str(action) for action in state.legal_actions()]
    buffer = io.StringIO()
    for line in format_moves(texts, 80, "", game.move_label):
        Console(file=buffer, width=80, color_system=None, highlight=False).print(line, soft_wrap=True)
    listing = buffer.getvalue().splitlines()
    threes = [text.split()[1] for text in texts if text.startswith("3 ")]
    row = line_with("\n".join(listing), "card 3 → field")
    for number, field in enumerate(threes, start=texts.index(f"3 {threes[0]}") + 1):
        assert f"{number} {field}" in row  # card 3 → field  4 15  5 17 …: each field after its number
    assert any(line.strip().startswith("remove") and "H1" in line for line in listing)
    assert any(line.strip().startswith("H1 →") for line in listing)
    assert any(line.startswith("dragon:") and "C1 → " in line for line in listing)
    assert not any(line.startswith("3:") for line in listing)


def test_drachenfels_terminal__knights_are_coloured_tiles() -> None:
    text = picture(dealt(4, seed=1).view(0), colour=True)
    assert "48;2;216;53;42m" in text  # the red tile
    assert "48;2;47;111;214m" in text  # the blue tile


def test_drachenfels_terminal__texts_are_escaped() -> None:
    view: dict[str, Any] = drachenfels(2).view(0)
    view["waiting_for"] = "[bold]x[/]"
    view["hand"] = ["[red]"]
    text = picture(view)
    assert "waiting for [bold]x[/]" in text and "your hand (red): [red]" in text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_drachenfels_terminal__renders_every_view_of_a_played_game(players: int) -> None:
    for state in playout(dealt(players, seed=players), players, 120):
        for seat in (None, *range(players)):
            picture(state.view(seat), colour=True)
        assert max(len(line) for line in picture(state.view(None)).splitlines()) <= 80


def test_drachenfels_terminal__a_board_off_the_lattice_is_listed_field_by_field(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tomllib
    from importlib import resources

    data = tomllib.loads(resources.files("spielwerk.games.drachenfels").joinpath("board.toml").read_text())
    for field in data["fields"].values():
        field["x"] = field["x"] * 1.5
    monkeypatch.setattr(terminal, "BOARD", parse(data))
    lines = picture(drachenfels(2).view(None)).splitlines()
    s1 = next(line for line in lines if line.split()[:1] == ["S1"])
    assert "R" in s1 and all(BOARD.names[n] in s1 for n in BOARD.neighbours[BOARD.index["S1"]])


def test_drachenfels_terminal__the_game_shows_a_seat_its_view() -> None:
    state = drachenfels(2, hands=HANDS)
    assert spielwerk.game("drachenfels").terminal(state, 1) == board_markup(state.view(1))


def test_drachenfels_terminal__the_rules_modules_never_import_rich() -> None:
    code = (
        "import sys, spielwerk; g = spielwerk.game('drachenfels'); s = g.new_state(players=3, seed=1); "
        "g.terminal(s, 0); "
        "assert 'rich' not in sys.modules and 'click' not in sys.modules, sorted(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
