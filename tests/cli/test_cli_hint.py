"""`hint` says what the agent sees: a win at once, a forced win or loss, or how good the move looks."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

import spielwerk
from spielwerk import agents
from spielwerk.cli.hints import hint_line
from spielwerk.cli.screen import Screen
from spielwerk.cli.seats import make_player
from spielwerk.cli.session import Session
from spielwerk.core.game import Game
from spielwerk.core.state import State
from tests.cli.helpers import NEAR_WIN, one_line, play_args, run

NAMES = ["south", "north"]


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def near_win(*actions: str) -> State:
    state = spielwerk.game("gyges").new_state(position=NEAR_WIN, seed=1)
    for action in actions:
        state.apply(action)
    return state


def test_alphabeta_proves_a_win_a_loss_and_a_win_at_once_in_its_stats() -> None:
    bot = agents.make("alphabeta", budget=3000, seed=0)
    assert str(bot.choose(near_win())) == "a3-a5" and bot.stats["proven"] == 3  # wins with the third action
    bot.choose(near_win("a3-a5"))
    assert bot.stats["proven"] == -2  # South wins with the second action from here
    assert str(bot.choose(near_win("a3-a5", "c6-d6"))) == "a5-N" and bot.stats["proven"] == 1
    start = spielwerk.game("gyges", setup="123321,321123").new_state(seed=1)
    bot.choose(start)
    assert bot.stats["proven"] is None


def test_the_tree_searches_say_how_they_valued_their_leaves() -> None:
    state = spielwerk.game("gyges", setup="123321,321123").new_state(seed=1)
    for name in ("mcts", "ismcts"):
        bot = agents.make(name, budget=50, seed=0)
        bot.choose(state)
        assert bot.stats["estimate"] == "evaluation"  # Gygès has heuristics
        assert 0 <= bot.stats["value"] <= 1 and bot.stats["visits"] > 0


def test_without_heuristics_the_value_is_the_share_of_playouts_won(race: Game) -> None:
    state = race.new_state(seed=1)
    bot = agents.make("mcts", budget=200, seed=0)
    action = bot.choose(state)
    assert bot.stats["estimate"] == "playouts"
    line = hint_line(state, action, "mcts:200", bot.stats, ["first", "second"])
    percent = round(100 * bot.stats["value"])
    assert line.endswith(f"[bold]{action}[/] — you win about {percent}% of the games played out after it")


def test_the_stats_stay_the_same_for_a_seed_and_a_count() -> None:
    state = near_win()
    first, second = agents.make("alphabeta", budget=500, seed=4), agents.make("alphabeta", budget=500, seed=4)
    assert first.choose(state) == second.choose(state)
    assert {k: v for k, v in first.stats.items() if k != "seconds"} == {
        k: v for k, v in second.stats.items() if k != "seconds"}


def test_hint_lines_for_each_kind_of_finding() -> None:
    now = hint_line(near_win("a3-a5", "c6-d6"), "a5-N", "x", {}, NAMES)
    assert now == "Hint (x): [bold]a5-N[/] — this wins"
    won = hint_line(near_win(), "a3-a5", "x", {"proven": 3}, NAMES)
    assert won.endswith("with it you win in 2 moves (this one included) whatever North does")
    lost = hint_line(near_win("a3-a5"), "c6-d6", "x", {"proven": -2}, NAMES)
    assert lost.endswith("South wins in 1 move whatever you do; nothing puts it off longer")
    even = hint_line(near_win(), "a3-c3", "x", {"score": 40.0, "depth": 5, "proven": None}, NAMES)
    assert even.endswith("nothing is forced within the next 5 actions; it looks even "
                         "(+0.04 on a scale from -1, lost, to +1, won)")
    worse = hint_line(near_win(), "a3-c3", "x", {"score": -400.0, "depth": 1, "proven": None}, NAMES)
    assert "within the next 1 action; it looks better for North (-0.40" in worse
    stats = {"visits": 9, "value": 0.614, "estimate": "evaluation"}
    rated = hint_line(near_win(), "a3-c3", "x", stats, NAMES)
    assert rated.endswith("the search rates your game after it at 0.61 (from 0, lost, to 1, won)")
    assert hint_line(near_win(), "a3-c3", "random", {"actions": 5}, NAMES) == "Hint (random): [bold]a3-c3[/]"


def test_hint_at_the_terminal_says_what_alphabeta_sees_and_changes_nothing() -> None:
    result = run(play_args("--hint", "alphabeta:3000"), ["hint", "a3-a5", "hint", "c6-d6", "hint", "a5-N"])
    output = one_line(result.output)
    assert "a3-a5 — with it you win in 2 moves (this one included) whatever North does" in output
    assert "— South wins in 1 move whatever you do; nothing puts it off longer" in output
    assert "Hint (alphabeta:3000): a5-N — this wins" in output
    assert "Game over: South wins" in output


def test_hint_asks_the_first_searching_agent_at_the_table_never_a_random_one() -> None:
    def spec(*seats: str, hint: str | None = None) -> str:
        pairs = enumerate(zip(NAMES, seats, strict=True))
        players = [make_player(seat, name, who, 0) for seat, (name, who) in pairs]
        screen = Screen(Console(file=io.StringIO()))
        return Session(near_win(), players, screen, hint=hint).hint_spec

    assert spec("human", "alphabeta:2s") == "alphabeta:2s"
    assert spec("human", "random") == "mcts:1s"
    assert spec("human", "random", hint="greedy") == "greedy"
    assert spec("random", "human") == "mcts:1s"


def test_a_hint_from_an_agent_that_cannot_play_the_game_is_refused_politely() -> None:
    result = run(["play", "grani", "--players", "3", "--yellow", "human", "--blue", "random",
                  "--red", "random", "--hint", "alphabeta:100", "--seed", "1"], ["hint", "quit"])
    assert "No hint: alphabeta plays two-player games" in one_line(result.output)

