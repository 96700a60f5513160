"""The Gygès board for a terminal: the way the last move went, the winning ring, the result."""

from __future__ import annotations

import io

from rich.console import Console

import spielwerk
from spielwerk.core.state import State


def picture(state: State) -> str:
    """The board as a terminal shows it, without colours."""
    buffer = io.StringIO()
    Console(file=buffer, width=100, color_system=None, highlight=False).print(state.game.terminal(state))
    return buffer.getvalue()


def row(text: str, rank: int) -> str:
    """The line of the picture that draws `rank`."""
    return next(line for line in text.splitlines() if line.startswith(f" {rank} │"))


def test_the_way_of_a_bounce_is_marked_and_told() -> None:
    # c1 (1) lands on c2 (2), bounces c2-c3-c4 onto c4 (1) and puts it on a4
    state = spielwerk.game("gyges").new_state(position="....../....../..1.../....../..2.../..1... s")
    state.apply("c1-c4/a4")
    text = picture(state)
    assert "last move c1-c4/a4  (from c1 to c4, the ring there put on a4)" in text
    assert "its way   c1 → c2 → c3 → c4, bouncing off c2" in text
    assert row(text, 2) == " 2 │  ·  │  ·  │› 2 ‹│  ·  │  ·  │  ·  │"  # the ring bounced off
    assert row(text, 3) == " 3 │  ·  │  ·  │  •  │  ·  │  ·  │  ·  │"  # a cell passed
    assert row(text, 1) == " 1 │  ·  │  ·  │▸ · ◂│  ·  │  ·  │  ·  │"


def test_a_single_step_tells_no_way() -> None:
    state = spielwerk.game("gyges").new_state(position="321123/....../....../....../....../123321 s")
    state.apply("a1-a2")
    assert "its way" not in picture(state)


def test_the_end_shows_the_ring_on_the_throne_and_the_result() -> None:
    state = spielwerk.game("gyges").new_state(position="....../..2.../....../..2.../....../...... s")
    state.apply("c3-N")
    text = picture(state)
    assert "N north's throne holds  2 , the ring that reached it" in text
    assert "its way   c3 → c4 → c5 → c6 → N, bouncing off c5" in text
    assert "Game over: south wins by reaching the opponent's throne" in text
    assert "South wins (1 – 0): the ring from c3 (height 2) reached North's throne" in text
    assert "S south's throne holds" not in text


def test_a_draw_says_why() -> None:
    state = spielwerk.game("gyges").new_state(position="....../....../....../....../....../...... s")
    state.apply("pass")
    state.apply("pass")
    assert "Game over: drawn: neither player could move" in picture(state)


def test_the_kings_game_put_suggests_an_allowed_cell() -> None:
    state = spielwerk.game("gyges", throne_captures=3).new_state(
        position="1...../....../..31../....../....../...... s")
    state.apply("c4-N")
    text = picture(state)
    assert "N north's throne holds  3" in text and "the ring that reached it" not in text
    assert "North puts the ring from throne N on an empty cell, e.g. N-b6" in text
    state.apply("N-b6")  # the example is legal
