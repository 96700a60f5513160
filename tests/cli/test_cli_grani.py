"""`spielwerk play grani`: four seats of people and agents, chance announced, decisions, undo, files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import spielwerk
from tests.cli.helpers import MAGIC, grani_args, grani_record, one_line, run, saved_files


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_seats_by_colour_and_number_options_and_seed_reach_the_game(tmp_path: Path) -> None:
    result = run(["play", "grani", "--players", "4", "--seat", "0=human", "--blue", "human",
                  "--seat", "red=random", "--seat", "3=random", "-o", "seals_to_win=2", "-o", "max_turns=50",
                  "--seed", "8"], ["save g.json", "quit"])  # seed 8: the lot picks white
    assert result.exit_code == 0, result.output
    banner = "Grani — Yellow: human, Blue: human, Red: random, White: random\nThe seed is told at the end."
    assert banner in result.output
    assert "seed 8" not in result.output  # it fixes every die to come
    assert "Chance: first white — the lot for the first player" in result.output
    assert "White (random) plays G5-" in result.output
    assert "Yellow › save g.json" in result.output
    record = json.loads((tmp_path / "g.json").read_text())
    assert record["players"] == 4 and record["seed"] == 8
    assert record["options"] == {"seals_to_win": 2, "max_turns": 50}
    assert record["actions"][0] == "first white"


def test_without_players_the_game_seats_as_many_as_the_seats_named_need() -> None:
    four = run(["play", "grani", "--yellow", "human", "--white", "random", "--seed", "5"], ["quit"])
    assert "Yellow: human, Blue: mcts:1s, Red: mcts:1s, White: random" in four.output
    three = run(["play", "grani", "--players", "3", "--white", "human"])
    assert three.exit_code == 2
    assert "no seat 'white': the seats are yellow, blue, red (or 0–2)" in three.output
    assert "--yellow WHO --blue WHO --red WHO" in three.output
    too_many = run(["play", "grani", "--players", "7"])
    assert too_many.exit_code == 2 and "Grani is for 3–6 players, not 7" in too_many.output


def test_several_people_at_one_terminal_are_each_asked_by_colour() -> None:
    result = run(grani_args(MAGIC), ["T14-T10", "G5-G1", "quit"])
    output = result.output
    assert "2 people share this terminal: the prompt names whose turn it is." in output
    assert "Yellow's turn" in output and "Blue's turn" in output
    assert "Grani · 0 actions · Yellow (human): yellow to move" in output
    assert "Yellow › T14-T10" in output and "Blue › G5-G1" in output
    assert "Red (random) plays X8-" in output and "White (random) plays X9-" in output


def test_a_turn_of_several_decisions_each_listed_and_numbered() -> None:
    position = "yellow=T14 blue=T15 red=X8 white=X9"  # yellow attacks blue on the magic stone T15
    result = run(grani_args(position), ["T14-T15", "moves", "X3", "moves", "moves block U", "21", "quit"])
    output = result.output
    assert "Yellow plays T14-T15" in output
    assert "Grani · 1 action · Yellow (human): yellow to banish blue" in output
    attacked = spielwerk.game("grani").new_state(players=4, seed=0, position=position)
    attacked.apply("T14-T15")
    words = attacked.game.move_labels(attacked, 0, "en")  # the game's words for each exile point
    assert f"exile:  1 X1   {words['exile X1']}\n        2 X2   {words['exile X2']}" in output
    assert "Yellow plays exile X3" in output  # the point alone will do where every action is an exile
    assert "yellow to put an obstacle stone" in output
    assert "block: T  1 T1    2 T2    3 T3    4 T6" in output  # 91 places, a row per kingdom letter
    assert "       U 21 U1   22 U2   23 U3   24 U5" in output
    assert "21 legal actions matching 'block U' (of 91)" in output
    assert "Yellow plays block U1" in output
    assert "Blue's turn" in output


def test_undo_takes_back_a_move_before_its_decision() -> None:
    result = run(grani_args(MAGIC), ["T14-T15", "help", "undo", "T14-T10", "quit"])
    output = one_line(result.output)
    assert "Yellow plays T14-T15" in output
    assert "Grani · 1 action · Yellow (human): yellow to put an obstacle stone" in output
    assert "(every action now starts with block: T1 alone will do)" in output
    assert "undo [SEAT] take back your last decision and the agents' replies since" in output
    assert "Took back 1 action: T14-T15" in output
    assert "Yellow plays T14-T10" in output


def test_undo_is_refused_once_a_dragon_card_was_turned() -> None:
    result = run(grani_args(MAGIC + " deck=00"), ["T14-T19", "undo", "stay", "undo", "undo yellow", "quit"])
    output = one_line(result.output)
    assert "Chance: card 0 — a dragon card for yellow's fight" in output
    assert "Chance: roll 4 — Yellow wins the fight against card 0" in output
    assert "Yellow (human): yellow's bonus move (or stay)" in output
    assert ("Yellow › undo Not taken back: chance revealed card 0 and roll 4 after Yellow's last decision "
            "(T14-T19); "
            "what chance has shown stays shown, so nothing before it is taken back.") in output
    assert ("Blue › undo Nothing to take back: Blue has not decided yet. "
            "Yellow may take back stay: undo yellow") in output
    assert "Took back 1 action: stay (Yellow decides again)" in output


def test_a_lost_fight_shackles_and_the_shackled_knight_rests_unasked() -> None:
    result = run(grani_args(MAGIC + " deck=66"), ["T14-T19", "G5-G1", "undo", "quit"])
    output = one_line(result.output)
    assert "Chance: card 6 — a dragon card for yellow's fight" in output
    assert "Chance: roll 4 — Yellow loses the fight against card 6" in output
    assert "Yellow plays rest (the only legal action)" in output
    # blue's undo takes back the agents' replies and the forced rest with blue's own move
    taken = next(line for line in result.output.splitlines() if line.startswith("Took back"))
    assert taken.startswith("Took back 4 actions: G5-G1, X8-") and taken.endswith(", rest")


def test_an_agents_reply_goes_back_with_the_persons_decision() -> None:
    result = run(["play", "grani", "--players", "3", "--yellow", "human", "--blue", "random",
                  "--red", "random", "--position", "yellow=T14 blue=X8 red=X9", "--seed", "1"],
                 ["T14-T10", "undo", "quit"])
    output = one_line(result.output)
    assert "Took back 3 actions: T14-T10, X8-" in output
    assert "Grani · 0 actions · Yellow (human): yellow to move" in output.split("Took back")[1]


def test_save_in_the_middle_of_a_turn_then_load_and_go_on(tmp_path: Path) -> None:
    first = run(grani_args(MAGIC), ["T14-T15", "save mid.json", "quit"])
    assert "Saved to" in first.output
    record = json.loads((tmp_path / "mid.json").read_text())
    assert record["actions"] == ["T14-T15"] and record["position"] == MAGIC and record["players"] == 4
    again = run(["play", "--load", "mid.json", "--yellow", "human", "--blue", "human", "--red", "human",
                 "--white", "human"], ["G8", "quit"])
    assert "Grani · 1 action · Yellow (human): yellow to put an obstacle stone" in again.output
    assert "Yellow plays block G8" in again.output
    assert "Blue's turn" in again.output
    during = run(grani_args("yellow=G5 blue=G5 red=G5 white=G5"), ["load mid.json", "G8", "quit"])
    assert "Loaded mid.json (1 action)." in during.output and "Yellow plays block G8" in during.output


def test_a_game_of_another_size_is_not_loaded_into_a_running_one(tmp_path: Path) -> None:
    grani_record(tmp_path / "three.json", plays=3, players=3)
    result = run(grani_args(MAGIC), ["load three.json", "quit"])
    assert "Not loaded: three.json holds a 3-player game of grani, this is a 4-player game of grani" in \
        one_line(result.output)


def test_leaving_saves_an_unfinished_grani_game(tmp_path: Path) -> None:
    result = run(grani_args(MAGIC), ["T14-T15"])
    files = saved_files(tmp_path)
    assert len(files) == 1 and files[0].name.startswith("spielwerk-grani-")
    assert "End of input. The game is saved in" in result.output
    assert json.loads(files[0].read_text())["actions"] == ["T14-T15"]


def test_four_people_play_a_whole_game_by_numbers() -> None:
    result = run(["play", "grani", "--players", "4", "--yellow", "human", "--blue", "human", "--red", "human",
                  "--white", "human", "--seed", "4", "-o", "max_turns=3"], ["1"] * 60)
    assert result.exit_code == 0, result.output
    for colour in ("Yellow", "Blue", "Red", "White"):
        assert f"{colour} › 1" in result.output
    assert "Chance: first " in result.output
    assert "Game over: " in result.output and "the turn limit is reached" in one_line(result.output)


def test_four_agents_play_a_whole_game_without_input() -> None:
    result = run(["play", "grani", "--players", "4", "--seat", "0=mcts:20", "--seat", "1=random",
                  "--seat", "2=mcts:20", "--seat", "3=random", "--seed", "2", "-o", "max_turns=6"])
    assert result.exit_code == 0, result.output
    assert "Chance: first " in result.output
    assert "Yellow (mcts:20) plays" in result.output and "White (random) plays" in result.output
    assert "Game over: " in result.output


def test_hint_in_grani_names_a_legal_action() -> None:
    result = run(grani_args(MAGIC, "--hint", "random"), ["hint", "quit"])
    hint = next(line for line in result.output.splitlines() if line.startswith("Hint (random): "))
    state = spielwerk.game("grani").new_state(players=4, seed=0, position=MAGIC)
    assert hint.removeprefix("Hint (random): ") in {str(action) for action in state.legal_actions()}


def test_replay_of_a_grani_record_names_chance_and_colours(tmp_path: Path) -> None:
    grani_record(tmp_path / "g.json", plays=12)
    result = run(["replay", "g.json", "--all", "--seat", "blue"])
    assert result.exit_code == 0, result.output
    told = spielwerk.replay(json.loads((tmp_path / "g.json").read_text())).narration(1)
    assert f"Grani · ply 1 of 12 · first yellow\n{told[0]}\n" in result.output  # the lot, in words
    assert "Grani · ply 2 of 12 · G5-" in result.output and f"\n{told[1]}\n" in result.output
    assert "ply 12 of 12" in result.output


def test_render_of_a_grani_record_writes_svg(tmp_path: Path) -> None:
    grani_record(tmp_path / "g.json", plays=12)
    result = run(["render", "g.json", "--ply", "5", "-o", "g.svg"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "g.svg").read_text().lstrip().startswith("<svg")
    assert run(["render", "g.json", "--seat", "white"]).output.lstrip().startswith("<svg")
    assert "no seat 'black'" in run(["render", "g.json", "--seat", "black"]).output


def test_render_a_grani_position_for_four() -> None:
    result = run(["render", "--game", "grani", "--players", "4", "--position", MAGIC])
    assert result.exit_code == 0, result.output
    assert result.output.lstrip().startswith("<svg")
    three = run(["render", "--game", "grani", "--players", "3", "--position", MAGIC])
    assert three.exit_code == 2 and "a 3-player game needs the knights yellow, blue, red" in three.output


def test_gyges_random_set_up_is_chance_and_undo_stops_there() -> None:
    state = spielwerk.game("gyges", setup="random").new_state(seed=3)
    state.resolve_chance()
    state.resolve_chance()
    first = str(state.legal_actions()[0])
    result = run(["play", "gyges", "--south", "human", "--north", "random", "-o", "setup=random",
                  "--seed", "3"], ["undo", first, "undo", "undo", "quit"])
    output = one_line(result.output)
    assert "South › undo Nothing to take back: South has not decided yet." in output
    assert f"Took back 2 actions: {first}, " in output
    assert output.count("Nothing to take back: South has not decided yet.") == 2


def test_a_hint_from_an_agent_that_cannot_play_grani_is_refused_and_the_game_goes_on() -> None:
    result = run(grani_args(MAGIC, "--hint", "alphabeta:100"), ["hint", "T14-T10", "quit"])
    output = one_line(result.output)
    assert "No hint: alphabeta plays two-player games" in output
    assert "Yellow plays T14-T10" in output
