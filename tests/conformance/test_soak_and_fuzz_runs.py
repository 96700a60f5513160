"""The soak and fuzz benchmarks run, count, and report what breaks (small runs of `make soak`/`make fuzz`)."""

from __future__ import annotations

from typing import Any

import pytest
from benchmarks import fuzz, soak

import spielwerk


def test_a_small_soak_of_every_game_finds_no_failure() -> None:
    lines: list[str] = []
    status = soak.main(["--games", "2", "--processes", "1"], out=lines.append)
    assert lines[-1].endswith("invariant failures: 0"), "\n".join(lines)
    assert status == 0
    assert any(line.startswith("gyges") for line in lines)


def test_the_soak_reports_a_broken_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    state_type = type(spielwerk.game("gyges").new_state(seed=1))
    original = state_type.undo

    def undo_twice(self: Any) -> Any:
        action = original(self)
        if self.history:
            original(self)
        return action

    monkeypatch.setattr(state_type, "undo", undo_twice)
    outcome = soak.soak_batch(("gyges", 2, 0, 3))
    assert outcome.games == 3
    assert any("undo does not restore" in failure for failure in outcome.failures)


def test_a_small_fuzz_counts_inputs_by_game_and_kind(capsys: pytest.CaptureFixture[str]) -> None:
    status = fuzz.main(["--inputs", "300", "--games", "gyges", "grani", "--processes", "1"])
    printed = capsys.readouterr().out
    assert "300 inputs" in printed
    assert "findings by exception type (target: none): none" in printed
    assert status == 0
