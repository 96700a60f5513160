"""gyges.turn.*: which rings the mover may move."""

from __future__ import annotations

from tests.gyges.helpers import gyges, illegal, texts

# c6 (1) on rank 6; b2 (2) on rank 2; a1 (1) and d1 (3) on rank 1
SPREAD = "..1.../....../....../....../.2..../1..3.."


def test_gyges_turn_nearest_rank__south_moves_only_rank_1() -> None:
    state = gyges(SPREAD + " s")
    assert state.movable_rank() == 1
    assert {text.split("-")[0] for text in texts(state)} == {"a1", "d1"}


def test_gyges_turn_nearest_rank__north_moves_only_rank_6() -> None:
    state = gyges(SPREAD + " n")
    assert state.movable_rank() == 6
    assert texts(state) == ["c6-b6", "c6-c5", "c6-d6"]


def test_gyges_turn_nearest_rank__the_nearest_rank_may_be_far_away() -> None:
    # South's nearest occupied rank is rank 4: the whole of ranks 1 to 3 is empty
    state = gyges("1...../....../..2.../....../....../...... s")
    assert texts(state) == ["c4-a4", "c4-b3", "c4-b5", "c4-c2", "c4-c6", "c4-d3", "c4-d5", "c4-e4"]


def test_gyges_turn_nearest_rank__a_farther_ring_may_not_move() -> None:
    state = gyges(SPREAD + " s")
    error = illegal(state, "b2-b4")
    assert error.rule == "gyges.turn.nearest-rank"
    assert error.reason == "b2 cannot move: only rings on rank 1, your nearest occupied rank, may move"


def test_gyges_turn_nearest_rank__no_ring_to_move() -> None:
    state = gyges(SPREAD + " s")
    error = illegal(state, "e4-e5")
    assert error.rule == "gyges.turn.nearest-rank"
    assert "no ring on e4" in error.reason


# rank 1 full of 2s and 3s, rank 2 full: no ring of rank 1 can take even one step
BLOCKED_START = "....../....../....../....../111123/223323"


def test_gyges_turn_fallback__next_rank_moves_when_the_nearest_cannot() -> None:
    state = gyges(BLOCKED_START + " s")
    assert state.movable_rank() == 2
    moves = texts(state)
    assert {text[:2] for text in moves} == {"a2", "b2", "c2", "d2", "e2", "f2"}
    assert "a2-a3" in moves
    assert "f2-f5" in moves


def test_gyges_turn_fallback__the_blocked_rank_may_not_move() -> None:
    state = gyges(BLOCKED_START + " s")
    error = illegal(state, "a1-a3")
    assert error.rule == "gyges.turn.fallback"
    assert error.reason == "a1 cannot move: no ring on rank 1 can move, so rings on rank 2 move instead"


def test_gyges_turn_fallback__not_used_while_the_nearest_rank_can_move() -> None:
    # the same board with a gap on c2: c1 (3) can now move through it, the rest of rank 1 cannot
    state = gyges("....../....../....../....../11.123/223323 s")
    assert state.movable_rank() == 1
    assert {text[:2] for text in texts(state)} == {"c1"}
    assert illegal(state, "a2-a3").rule == "gyges.turn.nearest-rank"


def test_gyges_turn_fallback__north_falls_back_towards_south() -> None:
    # rank 6 full of 2s and 3s, rank 5 full: North moves from rank 5
    state = gyges("323322/321111/....../....../....../...... n")
    assert state.movable_rank() == 5
    assert "f5-f4" in texts(state)
    assert illegal(state, "a6-a4").rule == "gyges.turn.fallback"
