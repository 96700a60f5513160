"""Saved games remember who sat where, go to the user's data folder, and say how to go on as typed."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

import spielwerk
from spielwerk.cli import files
from tests.cli.helpers import NEAR_WIN, run, save_game, saved_files


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


USERS_FOLDER = files.autosave_folder
"""The real autosave folder (every test here saves into a stand-in, see conftest)."""
AGAINST_RANDOM = ["play", "gyges", "--south", "human", "--north", "random", "--position", NEAR_WIN,
                  "--seed", "2"]


def resume_line(output: str) -> list[str]:
    """The command printed after "continue it with:", split as a shell splits it."""
    lines = [line.strip() for line in output.splitlines()]
    return shlex.split(lines[lines.index(next(x for x in lines if x.endswith("continue it with:"))) + 1])


def test_a_saved_game_names_who_played_each_seat(tmp_path: Path) -> None:
    run(["play", "gyges", "--south", "human", "--north", "mcts:50:c=0.5", "--position", NEAR_WIN,
         "--seed", "3"], ["a3-a5", "save mine.json", "quit"])
    record = json.loads((tmp_path / "mine.json").read_text())
    assert record["seats"] == {"south": "human", "north": "mcts:50:c=0.5"}
    state = spielwerk.replay(record)  # the file is still a record that replays
    assert [str(action) for action in state.history][:1] == ["a3-a5"]


def test_the_printed_command_resumes_against_the_same_opponent(autosave_folder: Path) -> None:
    first = run(AGAINST_RANDOM, ["a3-a5"])
    command = resume_line(first.output)
    assert command[:3] == ["spielwerk", "play", "--load"]
    assert " " in command[3] and Path(command[3]).parent == autosave_folder  # quoted as the shell needs
    again = run(command[1:], ["a5-N"])
    assert "Gygès — South: human, North: random" in again.output
    assert "Gygès · 2 actions · South (human)" in again.output  # a3-a5 and North's reply
    assert "Game over: South wins" in again.output


def test_seats_named_on_the_command_line_take_over_from_the_saved_ones(tmp_path: Path) -> None:
    run(AGAINST_RANDOM, ["a3-a5", "save g.json", "quit"])
    again = run(["play", "--load", "g.json", "--north", "human"], ["c6-d6", "a5-N"])
    assert "Gygès — South: human, North: human" in again.output
    assert "Game over: South wins" in again.output


def test_an_old_save_without_seats_gives_the_person_the_first_seat(tmp_path: Path) -> None:
    save_game(tmp_path / "old.json", ["a3-a5"])
    result = run(["play", "--load", "old.json"], ["quit"])
    assert "Gygès — South: human, North: mcts:1s" in result.output


def test_load_during_play_takes_the_saved_players_too(tmp_path: Path) -> None:
    path = save_game(tmp_path / "g.json", ["a3-a5"])
    record = json.loads(path.read_text())
    path.write_text(json.dumps({**record, "seats": {"south": "human", "north": "random"}}))
    result = run(["play", "gyges", "--south", "human", "--north", "human", "--position", NEAR_WIN],
                 ["load g.json", "a5-N"])
    assert "Loaded g.json (1 action)." in result.output
    assert "Playing on as saved: South: human, North: random" in result.output
    assert "North (random) plays" in result.output
    assert "Game over: South wins" in result.output


def test_load_keeps_the_players_here_where_the_file_names_no_person(tmp_path: Path) -> None:
    path = save_game(tmp_path / "g.json", ["a3-a5"])
    record = json.loads(path.read_text())
    path.write_text(json.dumps({**record, "seats": {"south": "random", "north": "random"}}))
    result = run(["play", "gyges", "--south", "human", "--north", "human", "--position", NEAR_WIN],
                 ["load g.json", "c6-d6", "a5-N"])
    assert "Playing on as saved" not in result.output
    assert "North plays c6-d6" in result.output and "Game over: South wins" in result.output


def test_a_saved_file_with_bad_seats_is_refused_with_the_reason(tmp_path: Path) -> None:
    path = save_game(tmp_path / "bad.json", ["a3-a5"])
    record = json.loads(path.read_text())
    record["seats"] = ["human"] * 5000
    path.write_text(json.dumps(record))
    result = run(["play", "--load", "bad.json"])
    assert result.exit_code == 1
    assert "bad.json names its seats wrongly" in result.output and len(result.output) < 500
    record["seats"] = {"east": "human"}
    path.write_text(json.dumps(record))
    unknown = run(["play", "--load", "bad.json"])
    assert unknown.exit_code == 2 and "no seat 'east'" in unknown.output


def test_autosaves_go_to_the_data_folder_and_nothing_into_the_current_one(
    tmp_path: Path, autosave_folder: Path
) -> None:
    here = tmp_path / "here"
    here.mkdir()
    result = run(AGAINST_RANDOM, ["a3-a5", "save", "quit"], cwd=here)
    assert list(here.rglob("*.json")) == []
    saved = saved_files(autosave_folder)
    assert len(saved) == 1 and f"Saved to {saved[0]}" in " ".join(result.output.split())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG folders are Linux's")
def test_the_autosave_folder_is_the_users_data_folder(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert USERS_FOLDER() == tmp_path / "data" / "spielwerk" / "saves"


def test_the_program_is_named_as_it_can_be_typed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / "my env" / "bin" / "spielwerk"
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n")
    monkeypatch.setattr(sys, "argv", [str(script), "play"])
    monkeypatch.setenv("PATH", "/nowhere")
    assert files.program() == shlex.quote(str(script.resolve()))  # not on PATH: its full path
    monkeypatch.setenv("PATH", str(script.parent))
    script.chmod(0o755)
    assert files.program() == "spielwerk"  # found by its name
    monkeypatch.setattr(sys, "argv", ["/usr/bin/pytest"])
    assert files.program() == "spielwerk"
    assert files.resume_command("/a b/c.json", "spielwerk") == "spielwerk play --load '/a b/c.json'"
