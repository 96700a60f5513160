"""`spielwerk play drachenfels`: secrets kept at the terminal.

One person against agents sees their own draws named and the agents' as `draw ?`. Several people
pass the keyboard: each turn starts with a pass screen, and a seat's hand and draws are printed only
after its own pass screen, never in the part of the output another seat may read.
"""

from __future__ import annotations

import io
import json
import re
from itertools import groupby
from pathlib import Path

import pytest
from rich.console import Console

import spielwerk
from spielwerk.cli.movelist import format_moves
from spielwerk.cli.screen import Screen
from spielwerk.cli.seats import make_player
from spielwerk.cli.session import Session
from spielwerk.cli.telling import compact
from spielwerk.core.state import State
from tests.cli.helpers import one_line, run, saved_files
from tests.drachenfels.helpers import drachenfels

PASS = "Pass the keyboard to "
CLEARED = "the screen is cleared"
SEED = 243  # red begins, having drawn 1, 1, dragon, dragon, dragon, 2, 1: no 5, no teletransfer


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def dealt(seed: int = SEED, players: int = 2) -> State:
    """The game the command plays with `--seed`, after the deal (chance drawn from its own stream)."""
    state = spielwerk.game("drachenfels").new_state(players=players, seed=seed)
    while state.is_chance:
        state.resolve_chance()
    return state


def hand(state: State, seat: int) -> str:
    """A seat's hand as the board shows it."""
    return " ".join(state.view(seat)["hand"])


def draws(state: State, seat: int, last: int) -> str:
    """The outcomes of `seat`'s last `last` draws as its own screen names them (`1, 3, dragon`)."""
    named = [text for text in state.history_for(seat) if text.startswith("draw ") and text != "draw ?"]
    assert len(named) >= last
    return compact(named[-last:]).removeprefix("draw ")


def walk(state: State) -> str:
    """A point card the seat to move may play (it ends the turn)."""
    return next(str(action) for action in state.legal_actions() if str(action)[0].isdigit())


def draw_lines(output: str, colour: str) -> list[str]:
    """The chance lines that say what `colour` drew."""
    return [line for line in one_line(output).split("Chance: ")[1:] if f"— {colour} to draw a card" in line]


def account(heading: str, lines: list[str]) -> str:
    """An account as the terminal prints it (on one line): the heading, then each line, a run of one
    same line once with its count."""
    runs = [(line, len(list(same))) for line, same in groupby(lines)]
    return " ".join([heading, *(f"{line} ×{count}" if count > 1 else line for line, count in runs)])


def test_two_people_pass_the_keyboard_and_never_see_each_others_hands(tmp_path: Path) -> None:
    state = dealt()
    first = state.to_move
    second = 1 - first
    me, you = state.view(first)["seat"], state.view(second)["seat"]
    first_deal, second_deal = hand(state, first), hand(state, second)
    first_draws, second_draws = draws(state, first, 7), draws(state, second, 7)
    told_first, told_second = state.narration(first), state.narration(second)
    point = walk(state)
    state.apply(point)
    first_after = hand(state, first)
    decided = len(state.history)
    state.apply("refresh")
    while state.is_chance:
        state.resolve_chance()
    second_after, redrawn = hand(state, second), draws(state, second, 7)
    assert first_deal != second_deal and second_after != second_deal
    told_again = state.narration(first)[decided:]
    assert f"{you.title()} draws a card" in told_again and not any(" a 1" in line for line in told_again)

    result = run(["play", "drachenfels", f"--{me}", "human", f"--{you}", "human", "--seed", str(SEED)],
                 ["", point, "", "refresh", "", "", f"undo {you}", "quit"])
    assert result.exit_code == 0, result.output
    before, *turns = result.output.split(PASS)
    assert [turn.split()[0] for turn in turns] == [me.upper(), you.upper(), me.upper()]
    before, mine, yours, mine_again = (one_line(part) for part in (before, *turns))

    # before anyone's turn the deal is told as everyone may see it
    assert "your hand" not in before
    assert f"Chance: draw ? ×7 — {me} to draw a card" in before
    assert f"Chance: draw ? ×7 — {you} to draw a card" in before

    # each turn shows the seat's own hand, and the account of the deal as that seat was told it, after
    # its pass screen only
    assert f"your hand ({me}): {first_deal}" in mine and account("So far:", told_first) in mine
    assert f"your hand ({you})" not in mine and second_deal not in mine and second_draws not in mine
    assert f"your hand ({you}): {second_deal}" in yours
    assert account("So far:", [*told_second, state.narration(second)[len(told_first)]]) in yours
    assert f"Chance: draw {redrawn} — {you} to draw a card" in yours
    assert f"your hand ({me})" not in yours and first_after not in yours and first_draws not in yours
    assert yours.index("press Enter to hide your cards") < yours.index(CLEARED)
    assert f"your hand ({me}): {first_after}" in mine_again
    assert account("Since your last turn:", told_again) in mine_again  # the other's draws unnamed
    assert second_after not in mine_again and redrawn not in mine_again

    # undo past a secret draw is refused without naming the cards
    assert (f"Not taken back: chance has drawn since {you.title()}'s last decision (refresh): draw ? ×7; "
            "what chance has drawn stays drawn") in mine_again
    # the saved file is the full record: it replays, with every card named
    record = json.loads(saved_files(tmp_path)[0].read_text())
    assert "draw ?" not in record["actions"] and record["seed"] == SEED
    assert spielwerk.replay(record).view(second)["hand"] == state.view(second)["hand"]


def test_one_person_sees_their_own_draws_and_the_agents_as_draw_question_marks() -> None:
    state = dealt()
    assert state.view(None)["turn"] == "red"  # the lot of SEED: red begins
    result = run(["play", "drachenfels", "--red", "human", "--blue", "random", "--seed", str(SEED)],
                 [walk(state), "refresh", "quit"])
    assert result.exit_code == 0, result.output
    output = one_line(result.output)
    assert "Drachenfels — Red: human, Blue: random The seed is told at the end." in output
    assert PASS not in output and "your hand (blue)" not in output
    assert f"Chance: draw {draws(state, 0, 7)} — red to draw a card" in output
    assert "Red plays refresh" in output
    mine, theirs = draw_lines(result.output, "red"), draw_lines(result.output, "blue")
    assert len(mine) == 2 and all("?" not in line for line in mine)  # the deal and the refresh
    assert theirs and all(re.match(r"^draw \? ×\d+ — blue", line) for line in theirs)
    assert "Blue (random) plays " in output


def test_the_make_target_invocation_plays_and_quits_saving_a_file_that_replays(tmp_path: Path) -> None:
    result = run(["play", "drachenfels", "--red", "human", "--blue", "random"], ["1", "1", "1", "quit"])
    assert result.exit_code == 0, result.output
    assert "Red › 1" in result.output and "The game is saved in" in result.output
    files = saved_files(tmp_path)
    assert len(files) == 1
    record = json.loads(files[0].read_text())
    assert record["game"] == "drachenfels" and isinstance(record["seed"], int)
    replayed = spielwerk.replay(record)
    assert [str(action) for action in replayed.history] == record["actions"]
    again = run(["play", "--load", str(files[0]), "--red", "human", "--blue", "random"], ["1", "quit"])
    assert again.exit_code == 0, again.output
    assert f"Drachenfels · {len(record['actions'])} action" in again.output


def test_illegal_inputs_name_the_rule_and_the_game_goes_on() -> None:
    state = dealt()
    result = run(["play", "drachenfels", "--red", "human", "--blue", "random", "--seed", str(SEED)],
                 ["5 9", "1 9", "teletransfer blue", "xyz", "top", walk(state), "quit"])
    output = one_line(result.output)
    assert "Not allowed: red holds no 5 card (drachenfels.play)" in output
    assert "Not allowed: the knight on S1 cannot walk exactly 1 to 9" in output
    assert "(drachenfels.move.exact)" in output
    assert "Not allowed: red holds no teletransfer card (drachenfels.play)" in output
    assert "Not understood: 'xyz' is no action" in output
    assert "Not allowed: the discard pile is empty (drachenfels.discard-top)" in output
    assert f"Red plays {walk(state)}" in output and "Blue (random) plays" in output


def test_an_agent_between_two_people_plays_on_a_cleared_screen() -> None:
    result = run(["play", "drachenfels", "--players", "3", "--red", "human", "--blue", "human",
                  "--yellow", "random", "--seed", "5"], ["", "1", "", "1", "", "1", "", "1", "quit"])
    assert result.exit_code == 0, result.output
    output = result.output
    plays = [match.start() for match in re.finditer(r"Yellow \(random\) plays", output)]
    assert plays
    for at in plays:
        shown = output.rfind("your hand (", 0, at)
        assert shown < 0 or CLEARED in output[shown:at]
    for colour in ("yellow", "red", "blue"):
        assert all("?" in line for line in draw_lines(output.split(PASS)[0], colour))


def test_the_end_shows_the_winner_all_princesses_and_the_seed() -> None:
    state = drachenfels(2, knights={"red": "29", "blue": "S2"}, armour=["red"], bridges=["X2"],
                        dragons=["C1", "C3", "C4", "D1"], hands={"red": ["2", "dragon"], "blue": ["cloud"]},
                        princesses=["blue", "red", "yellow", "green"])
    buffer = io.StringIO()
    lines = iter(["2 C2", ""])
    screen = Screen(Console(file=buffer, width=100, highlight=False), lambda _: next(lines), echo=True)
    players = [make_player(0, "red", "human", None), make_player(1, "blue", "random", 1)]
    assert Session(state, players, screen).run() == 0
    output = buffer.getvalue()
    assert "The seed is told at the end." in output
    assert "Game over: Red wins (1 – 0)" in output and "(seed 1)" in output
    assert "princesses: C1: blue's · C2: red's · C3: yellow's · C4: green's" in output
    assert "cloud" not in output.split("Game over")[0]  # blue's hand stayed secret


def test_quitting_at_the_pass_screen_saves_the_game(tmp_path: Path) -> None:
    state = dealt()
    you = "blue" if state.to_move == 0 else "red"
    result = run(["play", "drachenfels", "--red", "human", "--blue", "human", "--seed", str(SEED)],
                 ["", walk(state), "quit"])
    assert result.exit_code == 0, result.output
    assert f"{PASS}{you.upper()}" in result.output and "Bye. The game is saved in" in one_line(result.output)
    assert f"your hand ({you})" not in result.output
    record = json.loads(saved_files(tmp_path)[0].read_text())
    assert record["actions"][-1] == walk(state)


def test_a_replay_shows_each_seat_the_draws_it_saw(tmp_path: Path) -> None:
    state = dealt()
    (tmp_path / "g.json").write_text(json.dumps(state.record()))
    red = one_line(run(["replay", "g.json", "--all", "--seat", "red"]).output)
    spectator = one_line(run(["replay", "g.json", "--all"]).output)
    named = state.history_for(0)[2]  # red's first draw, named for red
    assert named != "draw ?" and f"ply 3 of 16 · {named} {state.narration(0)[2]}" in red
    assert state.narration(0)[2] != state.narration(None)[2] == "Red draws a card"
    assert f"ply 3 of 16 · draw ? {state.narration(None)[2]}" in spectator
    assert f"ply 1 of 16 · princesses ? {state.narration(None)[0]}" in spectator
    assert "your hand (red)" in red and "your hand" not in spectator


def test_words_count_runs_of_draws_and_the_move_list_files_point_cards_by_value() -> None:
    assert compact(["draw ?"] * 7) == "draw ? ×7"
    texts = ["first red", "draw 1", "draw 1", "draw dragon", "draw ?"]
    assert compact(texts) == "first red, draw 1, 1, dragon, ?"
    lines = format_moves(["1 1", "3 17", "3 23", "refresh", "take blue"], 80)
    assert any(line.startswith("3:") and "17" in line and "23" in line for line in lines)
    assert not any("3 17" in line for line in lines)
