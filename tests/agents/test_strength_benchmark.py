"""The strength benchmark's pieces: Wilson intervals, seat swapping, and a tiny table."""

from __future__ import annotations

import pytest
from benchmarks import strength
from benchmarks.stats import wilson


def test_wilson_interval() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(200, 200)
    assert low == pytest.approx(0.9812, abs=1e-4) and high == pytest.approx(1.0)


def test_jobs_swap_seats_on_the_same_seeds() -> None:
    jobs = list(strength.jobs([("alphabeta:1s", "random")], 4, 10, "gyges", {"setup": "random"}, 100))
    assert [(job.first_seat, job.seed) for job in jobs] == [(0, 10), (1, 10), (0, 11), (1, 11)]


def test_a_game_is_scored_for_the_first_agent() -> None:
    job = strength.Job(0, "mcts:20", "random", 1, 3, "gyges", (("setup", "random"),), 400)
    outcome = strength.play(job)
    assert outcome.first_seat == 1 and outcome.score in (0.0, 0.5, 1.0)
    assert outcome.moves[1] > 0


def test_table(capsys: pytest.CaptureFixture[str]) -> None:
    strength.main(["--games", "2", "--pair", "mcts:10", "random", "--processes", "1", "--max-plies", "40"])
    out = capsys.readouterr().out
    assert "mcts:10 vs random" in out and "95% Wilson" in out
