"""`spielwerk replay`, `spielwerk render` and `spielwerk games`."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import spielwerk
from tests.cli.helpers import NEAR_WIN, run, save_game

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    return save_game(tmp_path / "game.json", ["a3-a5", "c6-d6", "a5-N"])


def test_replay_all_prints_every_position_each_action_told_and_the_result(game_file: Path) -> None:
    result = run(["replay", str(game_file), "--all"])
    assert result.exit_code == 0, result.output
    told = spielwerk.replay(json.loads(game_file.read_text())).narration(None)
    assert told[0].startswith("South: ") and len(told) == 3
    assert "Gygès · ply 0 of 3\n" in result.output
    for ply, action in enumerate(["a3-a5", "c6-d6", "a5-N"], start=1):
        assert f"Gygès · ply {ply} of 3 · {action}\n{told[ply - 1]}\n" in result.output
    assert result.output.count("N north's throne") == 4
    assert "Game over: South wins (1 – 0) — south wins by reaching the opponent's throne" in result.output


def test_replay_steps_forwards_back_and_jumps(game_file: Path) -> None:
    result = run(["replay", str(game_file)], ["", "n", "b", "3", "n", "0", "b", "9", "what", "q"])
    shown = [line.split(" · ")[1] for line in result.output.splitlines() if line.startswith("Gygès · ply")]
    assert shown == ["ply 0 of 3", "ply 1 of 3", "ply 2 of 3", "ply 1 of 3", "ply 3 of 3", "ply 0 of 3"]
    assert "That is the end of the game" in result.output
    assert "That is the start of the game" in result.output
    assert "The game has 3 plies" in result.output
    assert "Not understood: 'what'" in result.output


def test_replay_answers_long_and_odd_input_shortly(game_file: Path) -> None:
    result = run(["replay", str(game_file)], ["9" * 5000, "²", "x" * 5000, "2", "q"])
    assert result.exit_code == 0
    assert result.output.count("The game has 3 plies") == 1
    assert "Not understood: '²'" in result.output
    assert "Not understood: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'" in result.output
    assert "ply 2 of 3" in result.output


def test_replay_ends_quietly_at_end_of_input(game_file: Path) -> None:
    result = run(["replay", str(game_file)], ["n"])
    assert result.exit_code == 0


def test_replay_of_a_bad_file_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("[1, 2]")
    result = run(["replay", "bad.json"])
    assert result.exit_code == 1 and "bad.json is not a saved game" in result.output


def test_render_writes_the_position_after_a_ply(game_file: Path, tmp_path: Path) -> None:
    result = run(["render", str(game_file), "--ply", "1", "-o", "pos.svg"])
    assert result.exit_code == 0, result.output
    root = ET.fromstring((tmp_path / "pos.svg").read_text())
    rings = {g.get("data-cell"): len(g.findall(f"{SVG}circle")) for g in root.iter(f"{SVG}g")
             if (g.get("class") or "").startswith("ring")}
    assert rings == {"a5": 2, "c6": 1}


def test_render_defaults_to_the_end_and_standard_output(game_file: Path) -> None:
    result = run(["render", str(game_file)])
    assert result.output.startswith("<svg")
    assert ET.fromstring(result.output).tag == f"{SVG}svg"


def test_render_a_position_text_and_as_north_sees_it() -> None:
    plain = run(["render", "--position", NEAR_WIN, "--game", "gyges"])
    flipped = run(["render", "--position", NEAR_WIN, "--game", "gyges", "--seat", "north"])
    assert plain.exit_code == flipped.exit_code == 0
    assert plain.output != flipped.output


def test_render_errors_are_clear(game_file: Path) -> None:
    assert "between 0 and 3" in run(["render", str(game_file), "--ply", "7"]).output
    assert "either a saved game FILE or --position" in run(["render"]).output
    assert "not a Gygès position" in run(["render", "--position", "nonsense", "--game", "gyges"]).output
    assert "no seat 'east'" in run(["render", str(game_file), "--seat", "east"]).output
    assert "unknown game 'go'" in run(["render", "--position", NEAR_WIN, "--game", "go"]).output


def test_games_lists_each_game_with_its_seats_and_options() -> None:
    result = run(["games"])
    assert result.exit_code == 0
    assert "gyges  Gygès · 2 players · seats south, north" in result.output
    for option in ("replace_rule=standard", "replacement=true", "setup=choose", "throne_captures=1",
                   "max_plies=null"):
        assert f"-o {option}" in result.output


def test_games_in_german_name_the_options_in_the_games_words() -> None:
    result = run(["games", "--lang", "de"])
    assert result.exit_code == 0
    words = spielwerk.game("gyges").words("de")
    assert "gyges  Gygès · 2 Spieler · Plätze south, north" in result.output  # the seats as typed
    assert " ".join(words["option.setup.doc"].split()[:4]) in " ".join(result.output.split())
    assert "Ein Platz ist `human` oder ein Programm" in " ".join(result.output.split())


def test_render_and_replay_speak_the_language_asked_for(game_file: Path) -> None:
    state = spielwerk.replay(json.loads(game_file.read_text()))
    german = run(["render", str(game_file), "--lang", "de"]).output
    assert german == state.game.svg(state, None, language="de") != state.game.svg(state, None)
    stepped = run(["replay", str(game_file), "--all", "--lang", "fr"]).output
    assert "Gygès · demi-coup 3 sur 3 · a5-N\n" + state.narration(None, "fr")[2] in stepped
    assert "Partie terminée : Sud gagne (1 – 0)" in stepped
