"""How a game of Gygès ends: gyges.win, gyges.no-move, gyges.draw.repetition and max_plies."""

from __future__ import annotations

import pytest

from spielwerk import SpielwerkError
from tests.gyges.helpers import end_rule, fresh, gyges, illegal, play, texts


def test_gyges_win__south_reaches_norths_throne() -> None:
    state = gyges(".2..../....../....../....../....../...... s")
    with pytest.raises(SpielwerkError):
        state.returns()
    state.apply("b6-N")
    assert state.is_over
    assert state.returns() == [1.0, 0.0]
    assert end_rule(state) == "gyges.win"
    assert state.view(None)["result"]["reason"] == "south wins by reaching the opponent's throne"
    assert state.legal_actions() == []


def test_gyges_win__north_reaches_souths_throne() -> None:
    state = gyges("....../....../....../....../....../.2..1. n")
    assert "b1-S" in texts(state)
    state.apply("b1-S")
    assert state.returns() == [0.0, 1.0]
    assert end_rule(state) == "gyges.win"


def test_gyges_win__the_game_goes_on_after_another_move() -> None:
    state = gyges(".2..../....../....../....../....../...... s")
    state.apply("b6-a5")
    assert not state.is_over
    assert state.to_move == 1


def test_gyges_win__no_move_after_the_end() -> None:
    state = play(gyges(".2..../....../....../....../....../...... s"), "b6-N")
    error = illegal(state, "b6-a5")
    assert error.rule == "gyges.win"
    assert error.reason.startswith("the game is over")


def test_gyges_win__undo_takes_the_win_back() -> None:
    state = play(gyges(".2..../....../....../....../....../...... s"), "b6-N")
    state.undo()
    assert not state.is_over
    assert state.position() == ".2..../....../....../....../....../...... s"
    with pytest.raises(SpielwerkError):
        state.returns()


# With the game's twelve rings a player always has a move (a ring on the nearest rank can step
# towards the mover's side, or failing that rings on the far ranks can step on); only the empty
# board leaves a player without one.
EMPTY = "....../....../....../....../....../......"


def test_gyges_no_move__a_player_without_a_move_passes() -> None:
    state = gyges(EMPTY + " s")
    assert texts(state) == ["pass"]
    assert state.movable_rank() is None
    state.apply("pass")
    assert not state.is_over
    assert state.to_move == 1
    assert state.position() == EMPTY + " n"


def test_gyges_no_move__two_passes_in_a_row_draw() -> None:
    state = play(gyges(EMPTY + " s"), "pass", "pass")
    assert state.is_over
    assert state.returns() == [0.5, 0.5]
    assert end_rule(state) == "gyges.no-move"
    assert state.view(None)["result"]["reason"] == "drawn: neither player could move"


def test_gyges_no_move__no_pass_while_a_move_exists() -> None:
    state = gyges(".2..../....../....../....../....../...... s")
    assert "pass" not in texts(state)
    error = illegal(state, "pass")
    assert error.rule == "gyges.no-move"
    assert error.reason == "south has a legal move and may not pass"


def test_gyges_no_move__a_passing_player_may_not_move() -> None:
    error = illegal(gyges(EMPTY + " s"), "a1-a3")
    assert error.rule == "gyges.no-move"
    assert error.reason == "south has no legal move and must pass"


# a lone 1 on a1 for South and on f6 for North: both can walk back and forth
SHUFFLE = ".....1/....../....../....../....../1..... s"
ROUND = ("a1-b1", "f6-e6", "b1-a1", "e6-f6")  # back to SHUFFLE
TRIANGLE_START = "....../....../....../2...../....../...... s"
TRIANGLE = ("a3-c3", "c3-b4", "b4-a3")


def test_gyges_draw_repetition__third_occurrence_draws() -> None:
    state = play(gyges(SHUFFLE), *ROUND)
    assert state.position() == SHUFFLE  # second time
    assert not state.is_over
    play(state, *ROUND[:3])
    assert not state.is_over
    state.apply(ROUND[3])  # third time
    assert state.is_over
    assert state.returns() == [0.5, 0.5]
    assert end_rule(state) == "gyges.draw.repetition"


def test_gyges_draw_repetition__needs_the_same_player_to_move() -> None:
    # a lone 2 that both players move round a triangle: after 3 plies the board is back, North to move
    state = gyges(TRIANGLE_START)
    play(state, *TRIANGLE, *TRIANGLE)
    assert state.position() == TRIANGLE_START  # the board for the third time, but South to move only twice
    assert not state.is_over
    play(state, *TRIANGLE, *TRIANGLE[:2])
    assert not state.is_over
    state.apply(TRIANGLE[2])
    assert state.position() == TRIANGLE_START
    assert end_rule(state) == "gyges.draw.repetition"


def test_gyges_draw_repetition__undo_forgets_the_occurrence() -> None:
    state = play(gyges(SHUFFLE), *ROUND, *ROUND)
    assert state.is_over
    state.undo()
    assert not state.is_over
    state.apply(ROUND[3])
    assert state.is_over
    state.undo()
    state.undo()
    state.undo()
    state.undo()
    state.undo()  # back before the second occurrence
    play(state, ROUND[3], *ROUND[:3])
    assert not state.is_over


def test_gyges_draw_repetition__max_plies_draws_after_that_many_plies() -> None:
    state = gyges(SHUFFLE, max_plies=3)
    play(state, "a1-b1", "f6-e6")
    assert not state.is_over
    state.apply("b1-a1")
    assert state.is_over
    assert state.returns() == [0.5, 0.5]
    assert state.view(None)["result"]["reason"] == "drawn: the limit of 3 plies was reached"


def test_gyges_draw_repetition__a_win_on_the_last_ply_still_wins() -> None:
    state = gyges(".2..../....../....../....../....../...... s", max_plies=1)
    state.apply("b6-N")
    assert state.returns() == [1.0, 0.0]


def test_gyges_draw_repetition__max_plies_counts_passes_but_not_set_ups() -> None:
    state = play(gyges(EMPTY + " s", max_plies=1), "pass")
    assert state.is_over
    assert state.returns() == [0.5, 0.5]
    game = play(fresh(max_plies=1), "123321", "321123")
    assert not game.is_over
    game.apply("a1-a2")
    assert game.is_over
