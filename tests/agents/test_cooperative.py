"""Agents on a co-operative game (`info.cooperative`): returns are all 1 or all 0, every seat
maximises the shared return, and a move that wins for the team at once is a win for the mover."""

from __future__ import annotations

from spielwerk.agents.playout import sole_win


def test_a_cooperative_win_is_a_win_for_every_seat() -> None:
    assert sole_win([1.0, 1.0, 1.0], 1)
    assert sole_win([1.0], 0)


def test_a_shared_loss_a_draw_or_a_shared_win_of_rivals_is_none() -> None:
    assert not sole_win([0.0, 0.0], 0)
    assert not sole_win([0.5, 0.5], 0)
    assert not sole_win([0.5, 0.5, 0.0], 0)


def test_a_sole_win_is_still_one() -> None:
    assert sole_win([0.0, 1.0], 1)
    assert not sole_win([0.0, 1.0], 0)
