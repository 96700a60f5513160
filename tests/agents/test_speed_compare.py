"""The speed benchmark's Avalon rows and its --compare mode (one library against another, in turns)."""

from __future__ import annotations

from pathlib import Path

import pytest
from benchmarks import speed


def test_avalon_table(capsys: pytest.CaptureFixture[str]) -> None:
    speed.main(["--game", "avalon", "--seconds", "0", "--think", "5", "--players", "1"])
    out = capsys.readouterr().out
    for label in ("1p random play, steps/s", "1p game length, actions", "1p IS-MCTS iterations/s",
                  "1p MCTS iterations/s", "days"):
        assert label in out


def test_table_rows_read_labels_and_values() -> None:
    out = "measure   value  notes\n" + f"{'3p random play, steps/s':<42} {12345.6:>12,.0f}  notes\n"
    assert list(speed._table_rows(out)) == [("3p random play, steps/s", 12346.0)]


def test_compare_prints_both_sides_and_their_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    here = Path(speed.__file__).resolve().parent.parent
    speed.main(["--game", "avalon", "--seconds", "0", "--think", "3", "--players", "1",
                "--compare", str(here), "--rounds", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert "after/before" in lines[0]
    row = next(line for line in lines if line.startswith("1p random play, steps/s"))
    before, after, ratio = row[42:].split()
    assert float(before.replace(",", "")) > 0 and float(after.replace(",", "")) > 0 and ratio.endswith("x")


def test_compare_runs_each_player_count_in_a_process_of_its_own(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import subprocess

    calls: list[list[str]] = []

    def run(command: list[str], **_: object) -> subprocess.CompletedProcess[str]:
        calls.append(command)
        players = command[command.index("--players") + 1]
        label = f"{players}p random play, steps/s"
        table = "measure   value  notes\n" + f"{label:<42} {100:>12,.0f}  notes\n"
        return subprocess.CompletedProcess(command, 0, table, "")

    monkeypatch.setattr(subprocess, "run", run)
    speed.main(["--game", "drachenfels", "--games", "1", "--think", "3", "--compare", ".", "--rounds", "2"])
    assert len(calls) == 2 * 2 * 3  # rounds, sides, player counts
    assert all(command.count("--players") == 1 for command in calls)
    assert sorted({command[command.index("--players") + 1] for command in calls}) == ["2", "3", "4"]
    out = capsys.readouterr().out
    for players in (2, 3, 4):
        assert f"{players}p random play, steps/s" in out
