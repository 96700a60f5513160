"""The play session driven directly: agents, hints, Ctrl-C, and a failing agent never lose a game."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console

import spielwerk
from spielwerk.cli.screen import Screen
from spielwerk.cli.seats import Player, make_player
from spielwerk.cli.session import Session
from spielwerk.core.state import Action, State
from tests.cli.helpers import NEAR_WIN, play_args, run, saved_files


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def scripted(lines: list[str], then: BaseException | None = None) -> Callable[[str], str]:
    """An input function that types `lines`, then raises `then` (EOFError by default)."""
    feed: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        line = next(feed, None)
        if line is None:
            raise then if then is not None else EOFError
        return line

    return read


def session(lines: list[str], players: list[Player], then: BaseException | None = None,
            state: State | None = None) -> tuple[Session, io.StringIO]:
    """A session on the near-win position whose output goes to a buffer."""
    buffer = io.StringIO()
    screen = Screen(Console(file=buffer, width=100, highlight=False), scripted(lines, then), echo=True)
    start = state if state is not None else spielwerk.game("gyges").new_state(position=NEAR_WIN, seed=1)
    return Session(start, players, screen, hint="random"), buffer


def people() -> list[Player]:
    return [make_player(0, "south", "human", None), make_player(1, "north", "human", None)]


def test_a_person_against_an_agent_plays_to_the_end() -> None:
    result = run(["play", "gyges", "--south", "human", "--north", "random", "--position", NEAR_WIN,
                  "--seed", "2"], ["a3-a5", "a5-N"])
    assert result.exit_code == 0, result.output
    assert "North (random) plays c6-" in result.output
    assert "Game over: South wins" in result.output


def test_undo_against_an_agent_takes_back_its_reply_too() -> None:
    result = run(["play", "gyges", "--north", "random", "--position", NEAR_WIN, "--seed", "2"],
                 ["a3-a5", "undo", "quit"])
    assert "Gygès — South: human, North: random" in result.output  # the unnamed seat is the person's
    assert "Took back 2 actions: a3-a5, c6-" in result.output


def test_two_agents_play_a_whole_game_without_input() -> None:
    result = run(["play", "gyges", "--south", "mcts:30", "--north", "alphabeta:200", "--seed", "5",
                  "-o", "setup=123321,321123", "-o", "max_plies=6"])
    assert result.exit_code == 0, result.output
    assert "South (mcts:30) plays" in result.output
    assert "North (alphabeta:200) plays" in result.output
    assert "Game over:" in result.output


def test_seeded_agent_games_repeat_exactly() -> None:
    args = ["play", "gyges", "--south", "mcts:20", "--north", "random", "--seed", "9", "-o", "max_plies=4",
            "-o", "setup=random"]
    first, second = run(args), run(args)
    plays = [line for line in first.output.splitlines() if " plays " in line or "Chance:" in line]
    again = [line for line in second.output.splitlines() if " plays " in line or "Chance:" in line]
    assert [p.rsplit("(", 1)[0] for p in plays] == [p.rsplit("(", 1)[0] for p in again]
    assert len(plays) >= 3 and plays[0].startswith("Chance: ")


def test_unknown_agents_and_budgets_are_usage_errors() -> None:
    unknown = run(["play", "gyges", "--north", "deepblue"])
    assert unknown.exit_code == 2 and "unknown agent 'deepblue'" in unknown.output
    assert "human, or an agent: alphabeta" in unknown.output
    bad_budget = run(["play", "gyges", "--north", "mcts:forever"])
    assert bad_budget.exit_code == 2 and "budget" in bad_budget.output
    bad_weight = run(["play", "gyges", "--north", "mcts:20:w.nonsense=1"])  # refused before any move
    assert bad_weight.exit_code == 2 and "w.nonsense" in bad_weight.output
    german = run(["play", "gyges", "--north", "mcts:20:w.nonsense=1", "--lang", "de"])
    assert german.exit_code == 2
    assert "die Heuristik des Spiels hat kein Gewicht 'w.nonsense'" in german.output
    assert "Plätze von Gygès: --south WHO --north WHO" in german.output
    french = run(["play", "gyges", "--north", "deepblue", "--lang", "fr"])
    assert french.exit_code == 2 and "agent inconnu 'deepblue'" in french.output
    assert "(une place est human ou un agent : alphabeta" in french.output


def test_hint_asks_an_agent_and_changes_nothing() -> None:
    result = run(play_args("--hint", "mcts:40", "--seed", "1"), ["hint", "quit"])
    hint = next(line for line in result.output.splitlines() if line.startswith("Hint (mcts:40): "))
    state = spielwerk.game("gyges").new_state(position=NEAR_WIN)
    assert hint.removeprefix("Hint (mcts:40): ").partition(" ")[0] in {str(a) for a in state.legal_actions()}
    assert "Bye." in result.output  # nothing was played, so nothing needed saving


def test_ctrl_c_saves_the_unfinished_game_and_ends_quietly(tmp_path: Path) -> None:
    game, out = session(["a3-a5"], people(), then=KeyboardInterrupt())
    assert game.run() == 0  # `make play` then reports no error
    files = saved_files(tmp_path)
    assert len(files) == 1 and "Interrupted. The game is saved in" in out.getvalue()
    assert json.loads(files[0].read_text())["actions"] == ["a3-a5"]


def test_ctrl_c_while_an_agent_thinks_saves_the_game(tmp_path: Path) -> None:
    class Impatient:
        def choose(self, state: State) -> Action:
            raise KeyboardInterrupt

    players = [make_player(0, "south", "human", None), Player(1, "north", "impatient", Impatient())]  # type: ignore[arg-type]
    game, _ = session(["a3-a5"], players)
    assert game.run() == 0
    assert len(saved_files(tmp_path)) == 1


def test_a_failing_agent_is_reported_and_the_game_is_kept(tmp_path: Path) -> None:
    class Broken:
        def choose(self, state: State) -> Action:
            raise RuntimeError("out of cheese")

    players = [make_player(0, "south", "human", None), Player(1, "north", "broken", Broken())]  # type: ignore[arg-type]
    game, out = session(["a3-a5"], players)
    assert game.run() == 1
    assert "Something went wrong: RuntimeError: out of cheese" in out.getvalue()
    assert json.loads(saved_files(tmp_path)[0].read_text())["actions"] == ["a3-a5"]


def test_the_session_shows_what_it_reads_and_draws_the_board_once_per_turn() -> None:
    game, out = session(["zz", "a3-a5", "c6-d6"], people())
    game.run()
    text = out.getvalue()
    assert "South › zz" in text and "South › a3-a5" in text
    assert text.count("N north's throne") == 3  # before each of the three turns, not after the bad input
