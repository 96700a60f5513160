"""The account at a person's turn: the game's narration of what happened since their previous
decision (everything at their first turn, the last ACCOUNT_MAX lines of a long past), as they may
know it."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text

import spielwerk
from spielwerk.cli.account import ACCOUNT_MAX, account
from spielwerk.core.state import State
from tests.cli.helpers import NEAR_WIN, play_args, run


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def dealt() -> State:
    """Drachenfels for two after the deal (seed 243: red begins, having drawn 1, 1, dragon, dragon, …)."""
    state = spielwerk.game("drachenfels").new_state(players=2, seed=243)
    while state.is_chance:
        state.resolve_chance()
    return state


def test_at_the_next_turn_the_account_tells_only_what_came_after_ones_decision() -> None:
    output = run(play_args(), ["a3-a5", "c6-d6", "quit"]).output
    state = spielwerk.game("gyges").new_state(position=NEAR_WIN, seed=1)
    for action in ("a3-a5", "c6-d6"):
        state.apply(action)
    south, north = state.narration(0)
    assert f"So far:\n  {south}\n" in output  # North's first turn
    assert f"Since your last turn:\n  {north}\n" in output  # South's own move is not told back
    assert output.count(f"  {south}\n") == 1


def test_the_first_account_tells_everything_so_far_as_the_seat_may_know_it() -> None:
    state = dealt()
    told = account(state, 0, "en")
    assert told.since is None and told.earlier == 0 and list(told.lines) == state.narration(0)
    lines = [Text.from_markup(line).plain for line in told.markup("en")]
    assert lines[0] == "So far:" and "Blue draws a card ×7" in lines  # blue's draws, unnamed
    assert f"{state.narration(0)[2]} ×2" in lines  # red drew a 1 twice in a row


def test_a_long_past_is_told_by_its_last_lines_after_a_count_of_the_rest() -> None:
    state = dealt()
    told = account(state, 0, "de", limit=5)
    assert told.earlier == len(state.history) - 5 and list(told.lines) == state.narration(0, "de")[-5:]
    lines = [Text.from_markup(line).plain for line in told.markup("de")]
    assert lines[:2] == ["Bisher:", f"… ({told.earlier} davor)"]
    assert ACCOUNT_MAX >= len(state.history) > 5


def test_after_ones_decision_the_account_starts_after_it() -> None:
    state = dealt()
    state.apply("refresh")
    while state.is_chance:
        state.resolve_chance()
    assert state.to_move == 1
    state.apply(next(action for action in state.legal_actions() if str(action)[0].isdigit()))
    told = account(state, 0, "fr")
    assert told.since == 16 and list(told.lines) == state.narration(0, "fr")[17:]
    assert Text.from_markup(told.markup("fr")[0]).plain == "Depuis votre dernier tour :"


def test_watching_agents_each_action_is_told_as_a_spectator_is_told_it() -> None:
    args = ["play", "gyges", "--south", "random", "--north", "random", "--seed", "3", "-o", "setup=random",
            "-o", "max_plies=6", "--lang", "de"]
    output = " ".join(run(args).output.split())
    record = {"game": "gyges", "options": {"setup": "random", "max_plies": 6}, "players": 2, "seed": 3,
              "actions": []}
    state = spielwerk.replay(record)
    while state.is_chance:
        state.resolve_chance()
    told = state.narration(None, "de")
    assert len(told) == 2 and all(f" {line} " in output for line in told)  # the set-ups drawn, in words
    assert output.index(told[1]) < output.index("Süd (random) spielt")
