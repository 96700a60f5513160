"""gyges.move.*: how a ring walks — exact steps, no crossing, each connection once, thrones, no null move."""

from __future__ import annotations

from tests.gyges.helpers import gyges, illegal, plain_moves, texts


def test_gyges_move_exact__a_3_reaches_the_cells_3_or_1_steps_away() -> None:
    state = gyges("1...../....../....../....../....../..3... s")
    assert texts(state) == [
        "c1-a2", "c1-b1", "c1-b3", "c1-c2", "c1-c4", "c1-d1", "c1-d3", "c1-e2", "c1-f1",
    ]


def test_gyges_move_exact__a_2_reaches_the_cells_2_steps_away() -> None:
    state = gyges("1...../....../....../....../....../..2... s")
    assert texts(state) == ["c1-a1", "c1-b2", "c1-c3", "c1-d2", "c1-e1"]


def test_gyges_move_exact__a_1_takes_one_step() -> None:
    state = gyges("1...../....../....../....../....../..1... s")
    assert texts(state) == ["c1-b1", "c1-c2", "c1-d1"]


def test_gyges_move_exact__no_shorter_move() -> None:
    state = gyges("1...../....../....../....../....../..3... s")
    error = illegal(state, "c1-c3")
    assert error.rule == "gyges.move.exact"
    assert error.reason.startswith("the ring on c1 moves exactly 3 steps")


def test_gyges_move_exact__a_1_is_told_it_moves_one_step() -> None:
    state = gyges("1...../....../....../....../....../..1... s")
    error = illegal(state, "c1-c3")
    assert error.rule == "gyges.move.exact"
    assert error.reason.startswith("the ring on c1 moves exactly 1 step (")


def test_gyges_move_exact__the_move_is_played() -> None:
    state = gyges("1...../....../....../....../....../..3... s")
    state.apply("c1-e2")
    assert state.position() == "1...../....../....../....../....3./...... n"


def test_gyges_move_no_cross__a_ring_blocks_the_way() -> None:
    # c1 (2) cannot pass c2 (1): c3 is out of reach, the ways round the side are open
    state = gyges("1...../....../....../....../..1.../..2... s")
    assert texts(state) == ["c1-a1", "c1-b2", "c1-d2", "c1-e1"]
    error = illegal(state, "c1-c3")
    assert error.rule == "gyges.move.no-cross"
    assert error.reason == "every way from c1 to c3 passes over a ring, and rings may not be jumped"


def test_gyges_move_no_cross__the_start_cell_is_empty_once_left() -> None:
    # e4 (3) to e2: e4-d4-d5-e5 lands on e5 (3), which bounces it e5-e4-e3-e2 over the empty start
    state = gyges("..1.../....3./....3./....../....../...... s")
    assert "e4-e2" in texts(state)
    state.apply("e4-e2")
    assert state.position() == "..1.../....3./....../....../....3./...... n"


def test_gyges_move_edge_once__no_connection_twice() -> None:
    state = gyges("....../....../....../....../.1..../..3... s")
    assert "c1-d1" in texts(state)  # c1-c2-d2-d1
    assert "c1-b1" not in texts(state)  # c1-c2-b2 is blocked; every other way uses a connection twice
    error = illegal(state, "c1-b1")
    assert error.rule == "gyges.move.edge-once"
    assert error.reason == "every way from c1 to b1 uses some connection twice"


def test_gyges_move_edge_once__a_cell_may_be_revisited_by_other_connections() -> None:
    # c2 (2) to c3 only as c2-c3-c4, bouncing on c4 (3) back by c4-d4-d3-c3 or c4-b4-b3-c3
    state = gyges("....../....../..3.3./....../..2.../...... s")
    assert "c2-c3" in texts(state)
    state.apply("c2-c3")
    assert state.position() == "....../....../..3.3./..2.../....../...... n"


def test_gyges_move_edge_once__landing_again_on_a_bounced_ring() -> None:
    """b1 (1) lands on b2 (3); b2-b3-a3-a2 lands on a2 (1), whose step a2-b2 lands on b2 again.

    Landing there again is allowed, but can add no move: every way on from the second landing was
    open after the first. The ring's ends are exactly those of the bounces from b2 and a2.
    """
    state = gyges("....1./....../....../....../13..../.1.... s")
    assert plain_moves(state) == [
        "b1-a1", "b1-a4", "b1-b3", "b1-b5", "b1-c1", "b1-c2", "b1-c4", "b1-d1", "b1-d3", "b1-e2",
    ]
    assert "b1-b2/a3" in texts(state)


def test_gyges_move_no_null__may_not_end_on_its_start() -> None:
    # a1 (1) lands on a2 (3), which could bounce it a2-b2-b1-a1 back home: that is no move
    state = gyges("....1./....../....../....../3...../1..... s")
    assert "a1-a1" not in texts(state)
    assert "a1-b1" in texts(state)
    error = illegal(state, "a1-a1")
    assert error.rule == "gyges.move.no-null"
    assert error.reason == "a move must change the position: it may not end where it started"


def test_gyges_move_no_null__may_not_put_an_equal_ring_back() -> None:
    # a1 (1) lands on a2 (1): putting that ring on a1 would leave the board as it was
    state = gyges("....1./....../....../....../1...../1..... s")
    assert "a1-a2/a1" not in texts(state)
    assert "a1-a2/a4" in texts(state)
    error = illegal(state, "a1-a2/a1")
    assert error.rule == "gyges.move.no-null"


def test_gyges_move_no_null__a_different_ring_may_be_put_back() -> None:
    # a1 (1) lands on a2 (2): swapping the two rings changes the position
    state = gyges("....1./....../....../....../2...../1..... s")
    assert "a1-a2/a1" in texts(state)
    state.apply("a1-a2/a1")
    assert state.position() == "....1./....../....../....../1...../2..... n"


def test_gyges_move_throne__enter_the_opponents_throne_on_the_last_step() -> None:
    # b6 (2) may reach N by b6-a6-N or b6-c6-N, but never pass through N to c6
    state = gyges(".2..../....../....../....../....../...... s")
    assert texts(state) == ["b6-N", "b6-a5", "b6-b4", "b6-c5", "b6-d6"]
    error = illegal(state, "b6-c6")
    assert error.rule == "gyges.move.throne"
    assert "passes through a throne" in error.reason


def test_gyges_move_throne__south_never_enters_its_own_throne() -> None:
    state = gyges("....1./....../....../....../....../1..... s")
    assert texts(state) == ["a1-a2", "a1-b1"]
    error = illegal(state, "a1-S")
    assert error.rule == "gyges.move.throne"
    assert error.reason == "a ring never enters south's own throne"


def test_gyges_move_throne__north_never_enters_its_own_throne() -> None:
    state = gyges("1...../....../....../....../....../....1. n")
    assert texts(state) == ["a6-a5", "a6-b6"]
    assert illegal(state, "a6-N").rule == "gyges.move.throne"


def test_gyges_move_throne__not_even_passing_through_its_own_throne() -> None:
    # a1 (2) cannot go a1-S-b1
    state = gyges("....1./....../....../....../....../2..... s")
    assert texts(state) == ["a1-a3", "a1-b2", "a1-c1"]
    assert illegal(state, "a1-b1").rule == "gyges.move.throne"

