"""`spielwerk play`: whole games typed in, bad input answered, undo, save/load, leaving safely."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

import spielwerk
from tests.cli.helpers import NEAR_WIN, play_args, run, save_game, saved_files


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_a_short_game_between_two_people_ends_with_the_result_and_reason(tmp_path: Path) -> None:
    result = run(play_args(), ["a3-a5", "c6-d6", "a5-N"])
    assert result.exit_code == 0, result.output
    assert "South plays a3-a5" in result.output
    assert "North plays c6-d6" in result.output
    assert "Game over: South wins (1 – 0)" in result.output
    assert "south wins by reaching the opponent's throne" in result.output
    assert saved_files(tmp_path) == []  # a finished game is not autosaved


def test_the_board_shows_thrones_coordinates_heights_the_last_move_and_the_movable_rank() -> None:
    output = run(play_args(), ["a3-a5"]).output
    assert "╭─────┬─────┬─ N ─┬─────┬─────╮  N north's throne" in output
    assert "╰─────┴─────┴─ S ─┴─────┴─────╯  S south's throne" in output
    assert "      a     b     c     d     e     f" in output
    assert " 3 │  2  │  ·  │  ·  │  ·  │  ·  │  ·  │  ◂ rank 3 moves" in output
    assert " 5 │▸ 2 ◂│" in output  # the last move's end
    assert " 3 │▸ · ◂│" in output  # and its start
    assert "North to move a ring on rank 6" in output


def test_an_illegal_move_is_answered_with_its_rule_and_the_game_goes_on() -> None:
    result = run(play_args(), ["c6-c5", "a3-N", "pass", "123321", "a3-a5", "c6-d6", "a5-N"])
    assert result.exit_code == 0
    output = result.output.replace("\n", " ")
    assert "Not allowed: c6 cannot move: only rings on rank 3" in output
    assert "(gyges.turn.nearest-rank)" in output
    assert "it cannot reach N (gyges.move.exact)" in output
    assert "may not pass (gyges.no-move)" in output
    assert "(gyges.setup)" in output
    assert "Game over: South wins" in output


def test_nonsense_is_answered_with_the_notation_and_the_game_goes_on() -> None:
    result = run(play_args(), ["hello", "", "#99", "0", "a3-a5", "c6-d6", "a5-N"])
    assert "Not understood: 'hello' is not a Gygès action" in result.output
    assert "No action 99: there are" in result.output
    assert "No action 0:" in result.output
    assert "Game over: South wins" in result.output


def test_moves_lists_the_legal_actions_numbered_and_a_number_plays_one() -> None:
    state = spielwerk.game("gyges").new_state(position=NEAR_WIN)
    texts = [str(action) for action in state.legal_actions()]
    number = texts.index("a3-a5") + 1
    result = run(play_args(), ["moves", str(number), "moves c6", "moves zz"])
    assert f"{len(texts)} legal actions" in result.output
    assert f"{number} a3-a5" in result.output
    assert "South plays a3-a5" in result.output
    assert "c6: 1 c6-c5  2 c6-b6  3 c6-d6" in result.output
    assert "No legal action matches 'zz'" in result.output


def test_moves_keeps_a_long_list_short_by_grouping_put_cells() -> None:
    result = run(["play", "gyges", "--south", "human", "--north", "human", "-o", "setup=123321,321123"],
                 ["moves", "moves c1-b1"])
    assert "210 legal actions" in result.output
    assert "c1-b1/ 41–65 c1 a2 b2" in result.output
    assert "25 legal actions matching 'c1-b1' (of 210)" in result.output
    assert "41 c1" in result.output


def test_undo_takes_back_only_ones_own_decision_and_not_past_another_persons() -> None:
    result = run(play_args(), ["a3-a5", "c6-d6", "undo", "a5-N"])
    output = " ".join(result.output.split())
    assert ("Not taken back: North has decided since South's last decision (a3-a5); each person takes "
            "back only their own decisions. North may take back c6-d6: undo north") in output
    assert "Game over: South wins" in output


def test_at_a_shared_terminal_undo_seat_takes_back_that_persons_decision() -> None:
    result = run(play_args(), ["a3-c3", "undo", "undo south", "undo south", "undo east", "a3-a5", "c6-d6",
                               "a5-N"])
    output = " ".join(result.output.split())
    assert "Nothing to take back: North has not decided yet. South may take back a3-c3: undo south" in output
    assert "Took back 1 action: a3-c3 (South decides again)" in output
    assert "Nothing to take back: South has not decided yet." in output
    assert "Not taken back: no seat 'east'" in output
    assert "Game over: South wins" in output


def test_undo_after_the_end_reopens_the_game() -> None:
    result = run(play_args(), ["a3-a5", "c6-d6", "a5-N", "undo", "a5-a3", "quit"])
    assert result.output.count("Game over: South wins") == 1
    assert "Took back 1 action: a5-N" in result.output
    assert "South plays a5-a3" in result.output


def test_save_then_load_and_replay_continue_the_same_game(tmp_path: Path) -> None:
    result = run(play_args(), ["a3-a5", "save mine.json", "quit"])
    assert "Saved to" in result.output and "mine.json" in result.output
    record = json.loads((tmp_path / "mine.json").read_text())
    assert record["actions"] == ["a3-a5"] and record["position"] == NEAR_WIN
    assert [str(action) for action in spielwerk.replay(record).history] == ["a3-a5"]
    again = run(["play", "--load", "mine.json", "--south", "human", "--north", "human"], ["c6-d6", "a5-N"])
    assert "Game over: South wins" in again.output
    replayed = run(["replay", "mine.json", "--all"])
    told = spielwerk.replay(record).narration(None)[0]  # the game's words for the move
    assert f"ply 1 of 1 · a3-a5\n{told}\n" in replayed.output


def test_load_during_play_replaces_the_game(tmp_path: Path) -> None:
    save_game(tmp_path / "later.json", ["a3-a5", "c6-d6"])
    result = run(play_args(), ["load later.json", "a5-N"])
    assert "Loaded later.json (2 actions)" in result.output
    assert "Game over: South wins" in result.output


def test_bad_files_are_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    (tmp_path / "junk.json").write_text("{not json")
    (tmp_path / "other.json").write_text(json.dumps({"game": "gyges", "options": {}, "players": 2,
                                                     "seed": 1, "actions": ["zz"]}))
    result = run(play_args(), ["load missing.json", "load junk.json", "load other.json", "load",
                               "save /no/such/folder/x.json", "a3-a5", "c6-d6", "a5-N"])
    assert "Not loaded: cannot read missing.json" in result.output
    assert "junk.json is not a saved game (bad JSON" in result.output
    assert "other.json cannot be replayed" in result.output
    assert "load needs a file name" in result.output
    assert "Not saved: cannot write /no/such/folder/x.json" in result.output
    assert "Game over: South wins" in result.output


def test_end_of_input_saves_the_unfinished_game_and_says_how_to_go_on(tmp_path: Path) -> None:
    result = run(play_args(), ["a3-a5"])
    assert result.exit_code == 0
    files = saved_files(tmp_path)
    assert len(files) == 1
    assert "End of input. The game is saved in" in result.output
    command = f"spielwerk play --load {shlex.quote(str(files[0]))}"
    assert command in [line.strip() for line in result.output.splitlines()]
    assert json.loads(files[0].read_text())["actions"] == ["a3-a5"]


def test_quit_saves_to_the_autosave_file_and_nothing_is_saved_without_moves(tmp_path: Path) -> None:
    empty = run(play_args(), ["quit"])
    assert "Bye." in empty.output and saved_files(tmp_path) == []
    result = run(play_args("--autosave", "here.json"), ["a3-a5", "quit"])
    assert "saved in" in result.output
    assert json.loads((tmp_path / "here.json").read_text())["actions"] == ["a3-a5"]


def test_errors_before_the_game_are_usage_errors() -> None:
    unknown_game = run(["play", "chess"])
    assert unknown_game.exit_code == 2 and "unknown game 'chess'" in unknown_game.output
    unknown_option = run(["play", "gyges", "-o", "colour=red"])
    assert unknown_option.exit_code == 2 and "gyges has no option colour" in unknown_option.output
    bad_value = run(["play", "gyges", "-o", "throne_captures=9"])
    assert bad_value.exit_code == 2 and "throne_captures" in bad_value.output
    malformed = run(["play", "gyges", "-o", "replace_rule"])
    assert malformed.exit_code == 2 and "key=value" in malformed.output
    bad_seat = run(["play", "gyges", "--east", "human"])
    assert bad_seat.exit_code == 2 and "no seat 'east'" in bad_seat.output
    assert "--south WHO --north WHO" in bad_seat.output
    no_game = run(["play"])
    assert no_game.exit_code == 2 and "name a game" in no_game.output
    bad_position = run(["play", "gyges", "--position", "xyz"])
    assert bad_position.exit_code == 2 and "not a Gygès position" in bad_position.output
    missing = run(["play", "--load", "nowhere.json"])
    assert missing.exit_code == 1 and "cannot read nowhere.json" in missing.output


def test_options_reach_the_game_and_seats_may_be_given_by_number(tmp_path: Path) -> None:
    result = run(["play", "gyges", "--seat", "0=human", "--seat", "north=human", "-o", "throne_captures=3",
                  "-o", "replace-rule=strict", "--position", NEAR_WIN, "--seed", "4"],
                 ["a3-a5", "save g.json"])
    assert "captures  south 0 of 3, north 0 of 3" in result.output
    record = json.loads((tmp_path / "g.json").read_text())
    assert record["options"]["throne_captures"] == 3
    assert record["options"]["replace_rule"] == "strict"
    assert record["seed"] == 4


def test_the_kings_game_asks_the_throne_owner_to_put_the_ring_back() -> None:
    result = run(play_args("-o", "throne_captures=3"), ["a3-a5", "c6-d6", "a5-N", "N-c6", "quit"])
    assert "N north's throne holds  2" in result.output
    assert "North puts the ring from throne N on an empty cell" in result.output
    assert "North plays N-c6" in result.output
    assert "captures  south 1 of 3" in result.output


def test_a_random_set_up_is_drawn_and_announced() -> None:
    result = run(["play", "gyges", "--south", "human", "--north", "human", "-o", "setup=random",
                  "--seed", "3"], ["quit"])
    assert result.output.count("Chance: ") == 2
    assert "South to move a ring on rank 1" in result.output


def test_an_agent_that_cannot_play_the_game_is_refused_before_it_starts() -> None:
    result = run(["play", "drachenfels", "--red", "human", "--blue", "alphabeta:1s"], ["quit"])
    assert result.exit_code != 0
    assert "alphabeta plays two-player games without hidden information" in result.output
    assert "Seats of Drachenfels: --red WHO --blue WHO" in result.output
    assert "Drachenfels —" not in result.output  # no game began
