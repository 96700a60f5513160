"""grani.magic-stone, grani.sword, grani.obstacle.ring: stones are put and moved; the ring stays open."""

from __future__ import annotations

from spielwerk import State
from spielwerk.games.grani.board import BOARD
from tests.grani.helpers import FAR, grani, illegal, play, texts, to_move

PLAIN = {name for p, name in enumerate(BOARD.names) if BOARD.kind[p] in ("black", "exile")}
"""The black and white points: the only points a stone may go on."""
ALL_EXILES_AND_T1_T2_T3_E12 = "X1,X2,X3,X4,X5,X6,X7,X8,X9,X10,X11,X12,T1,T2,T3,E12"
"""All 16 stones, on points whose stones cut no city off."""


def obstacles(state: State) -> list[str]:
    """The points holding stones, as the view lists them."""
    found: list[str] = state.view(None)["obstacles"]
    return found


def test_grani_magic_stone__stopping_there_puts_a_stone() -> None:
    state = grani(f"yellow=G21 {FAR}")
    play(state, "G21-G22")
    assert state.phase == "block"
    assert to_move(state) == "yellow"
    # every free black or white point: blue and red stand on E28 and U1, yellow left G21
    assert texts(state) == sorted(f"block {p}" for p in PLAIN - {"E28", "U1"})
    play(state, "block X3")
    assert obstacles(state) == ["X3"]
    assert state.view(None)["stones_left"] == 15
    assert to_move(state) == "blue"


def test_grani_magic_stone__not_on_a_symbol_point_a_crystal_ball_a_knight_or_a_stone() -> None:
    state = grani(f"yellow=G21 {FAR} blocks=T1")
    play(state, "G21-G22")
    for text in ("block G5", "block T4", "block G7", "block G25", "block G22", "block E28", "block T1"):
        error = illegal(state, text)
        assert error.rule == "grani.magic-stone"
    assert illegal(state, "block G5").reason == (
        "a stone cannot go on G5 (the crystal ball of Galad): it goes on a black or white point"
    )
    assert illegal(state, "block E28").reason == "a stone cannot go on E28: blue stands there"
    assert illegal(state, "block T1").reason == "T1 holds a stone already"


def test_grani_magic_stone__the_stone_comes_first() -> None:
    state = grani(f"yellow=G21 {FAR}")
    play(state, "G21-G22")
    error = illegal(state, "E28-E27")
    assert error.rule == "grani.magic-stone"
    assert error.reason == "yellow must put an obstacle stone first, e.g. 'block T9'"


def test_grani_magic_stone__nothing_happens_once_the_supply_is_used_up() -> None:
    state = grani(f"yellow=G21 {FAR} blocks={ALL_EXILES_AND_T1_T2_T3_E12}")
    assert state.view(None)["stones_left"] == 0
    play(state, "G21-G22")
    assert state.phase == "move"
    assert to_move(state) == "blue"
    assert len(obstacles(state)) == 16


def test_grani_sword__stopping_there_moves_a_stone() -> None:
    state = grani(f"yellow=G8 {FAR} blocks=T1,X3")
    play(state, "G8-G13")
    assert state.phase == "lift"
    assert texts(state) == ["lift T1", "lift X3"]
    play(state, "lift T1")
    assert state.phase == "shift"
    assert state.view(None)["lifted"] == "T1"
    assert obstacles(state) == ["X3"]
    # anywhere free but the point it came from (yellow stands on the sword, a symbol point)
    assert texts(state) == sorted(f"block {p}" for p in PLAIN - {"E28", "U1", "T1", "X3"})
    play(state, "block G12")
    assert obstacles(state) == ["G12", "X3"]
    assert state.view(None)["stones_left"] == 14  # the supply stays as it was
    assert state.view(None)["lifted"] is None
    assert to_move(state) == "blue"


def test_grani_sword__the_stone_goes_to_another_point() -> None:
    state = grani(f"yellow=G8 {FAR} blocks=T1")
    play(state, "G8-G13", "lift T1")
    error = illegal(state, "block T1")
    assert error.rule == "grani.sword"
    assert error.reason == "the stone lifted from T1 must go on another point"
    error = illegal(state, "block G7")
    assert error.rule == "grani.sword"
    assert error.reason == "a stone cannot go on G7 (a dragon in Galad): it goes on a black or white point"


def test_grani_sword__only_a_stone_on_the_board_is_lifted() -> None:
    state = grani(f"yellow=G8 {FAR} blocks=T1")
    play(state, "G8-G13")
    error = illegal(state, "lift T2")
    assert error.rule == "grani.sword"
    assert error.reason == "there is no obstacle stone on T2 to lift"
    error = illegal(state, "block T2")  # lift first, then block
    assert error.rule == "grani.sword"
    assert error.reason == "yellow must lift an obstacle stone to move it first, e.g. 'lift T9'"


def test_grani_sword__nothing_happens_without_stones_on_the_board() -> None:
    state = grani(f"yellow=G8 {FAR}")
    play(state, "G8-G13")
    assert state.phase == "move"
    assert to_move(state) == "blue"


def test_grani_obstacle_ring__no_stone_on_the_rings_point() -> None:
    state = grani(f"yellow=G21 {FAR} ring=T9")
    play(state, "G21-G22")
    assert "block T9" not in texts(state)
    error = illegal(state, "block T9")
    assert error.rule == "grani.obstacle.ring"
    assert error.reason == "the ring lies on T9: no stone may go there"


def test_grani_obstacle_ring__the_ring_is_not_walled_in() -> None:
    # the ring on T1 (joined to T2 and T6); with a stone on T2 its only way out is T6
    state = grani(f"yellow=G21 {FAR} ring=T1 blocks=T2")
    play(state, "G21-G22")
    assert texts(state) == sorted(f"block {p}" for p in PLAIN - {"E28", "U1", "T1", "T2", "T6"})
    error = illegal(state, "block T6")
    assert error.rule == "grani.obstacle.ring"
    assert error.reason == "a stone on T6 would shut the ring in: its point must stay joined to every city"


def test_grani_obstacle_ring__no_city_is_cut_off_from_the_ring() -> None:
    # with a stone on G26 the city G25 is reached only over G21, and the corner round G5 only over G2
    state = grani(f"yellow=G21 {FAR} blocks=G26")
    play(state, "G21-G22")
    assert set(PLAIN) - {t.removeprefix("block ") for t in texts(state)} == {"E28", "U1", "G26", "G21", "G2"}
    assert illegal(state, "block G21").rule == "grani.obstacle.ring"


def test_grani_obstacle_ring__while_the_ring_is_carried_stones_go_anywhere_free() -> None:
    state = grani("yellow=G21 blue=E28:ring red=U1 blocks=G26")
    play(state, "G21-G22")
    assert "block G21" in texts(state)
    assert "block G2" in texts(state)


def test_grani_obstacle_ring__the_sword_obeys_it_too() -> None:
    state = grani(f"yellow=G8 {FAR} ring=T1 blocks=T2,X3")
    play(state, "G8-G13", "lift X3")
    assert "block T6" not in texts(state)
    assert illegal(state, "block T6").rule == "grani.obstacle.ring"
    state = grani(f"yellow=G8 {FAR} ring=T1 blocks=T2,X3")
    play(state, "G8-G13", "lift T2")  # with T2 open again, T6 may be closed
    assert "block T6" in texts(state)
