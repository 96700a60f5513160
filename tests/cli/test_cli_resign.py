"""`resign` at a person's turn: asked first, it ends the game with the engine's reason, and the saved
record replays (`spielwerk.replay`, `spielwerk replay`, `play --load`) to the same result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import spielwerk
from tests.cli.helpers import one_line, play_args, run


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_resign_asks_first_and_a_no_plays_on() -> None:
    output = one_line(run(play_args(), ["resign", "no", "a3-a5", "quit"]).output)
    asked = "Resign? South loses and the game ends. Type yes to resign, anything else to play on › no"
    assert asked in output
    assert "Not resigned: the game goes on." in output and "South plays a3-a5" in output
    assert "Game over" not in output


def test_resign_ends_the_game_and_the_saved_record_replays_to_the_same_result(tmp_path: Path) -> None:
    result = run(play_args(), ["a3-a5", "resign", "yes", "save resigned.json", "quit"])
    assert result.exit_code == 0, result.output
    output = one_line(result.output)
    assert "North › resign" in output and "North resigns" in output
    assert "Game over: South wins (1 – 0) — North resigned" in output
    record = json.loads((tmp_path / "resigned.json").read_text())
    assert record["actions"] == ["a3-a5", "resign 1"]
    replayed = spielwerk.replay(record)
    assert replayed.is_over and replayed.returns() == [1.0, 0.0]
    assert replayed.view(None)["result"]["reason"] == "North resigned"
    stepped = one_line(run(["replay", "resigned.json", "--all"]).output)
    assert "Gygès · ply 2 of 2 · resign 1 North resigns" in stepped
    assert "Game over: South wins (1 – 0) — North resigned" in stepped
    loaded = one_line(run(["play", "--load", "resigned.json"], ["quit"]).output)
    assert "Game over: South wins (1 – 0) — North resigned" in loaded


def test_resign_in_german_and_after_the_end_undo_takes_it_back() -> None:
    output = one_line(run(play_args("--lang", "de"), ["resign", "ja", "undo", "a3-a5", "quit"]).output)
    assert "Aufgeben? Süd verliert, und die Partie endet." in output and "Süd gibt auf" in output
    assert "Partie vorbei: Nord gewinnt (0 – 1) — Süd hat aufgegeben" in output
    assert "1 Zug zurückgenommen: resign 0" in output and "Süd spielt a3-a5" in output
