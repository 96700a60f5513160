"""Running the `spielwerk` command in-process with scripted input, and saving small games."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from click.testing import CliRunner, Result

import spielwerk
from spielwerk.cli.main import cli

NEAR_WIN = "..1.../....../....../2...../....../...... s"
"""South wins in three plies: a3-a5, then any North move, then a5-N."""


def run(args: Sequence[str], lines: Sequence[str] = (), cwd: Path | None = None) -> Result:
    """Invoke `spielwerk ARGS` with `lines` as typed input (input ends after them: EOF)."""
    runner = CliRunner()
    text = "".join(f"{line}\n" for line in lines)
    if cwd is None:
        return runner.invoke(cli, list(args), input=text, catch_exceptions=False)
    with runner.isolated_filesystem(temp_dir=cwd):
        return runner.invoke(cli, list(args), input=text, catch_exceptions=False)


def play_args(*extra: str) -> list[str]:
    """`play gyges` with two people from the near-win position."""
    return ["play", "gyges", "--south", "human", "--north", "human", "--position", NEAR_WIN, *extra]


def save_game(path: Path, actions: Sequence[str], position: str | None = NEAR_WIN) -> Path:
    """Write the record of a Gygès game with these actions to `path`."""
    game = spielwerk.game("gyges")
    state = game.new_state(seed=1, position=position) if position else game.new_state(seed=1)
    for action in actions:
        state.apply(action)
    path.write_text(json.dumps(state.record()), encoding="utf-8")
    return path


def saved_files(folder: Path) -> list[Path]:
    """The autosaved games in a folder (an isolated filesystem is one folder below it)."""
    return sorted(folder.rglob("spielwerk-*.json"))


GRANI_PEOPLE = ["--yellow", "human", "--blue", "human"]
"""Two people at one terminal, yellow and blue; red and white are the agents each test names."""
MAGIC = "yellow=T14 blue=G5 red=X8 white=X9"
"""Yellow may step onto the magic stone T15 (and must then put a stone) or onto the dragon T19;
red and white stand among the exile points, where no dragon is within their reach."""


def grani_args(position: str, *extra: str, seed: int = 0) -> list[str]:
    """`play grani` for four: yellow and blue people, red and white random agents, from `position`."""
    return ["play", "grani", "--players", "4", *GRANI_PEOPLE, "--red", "random", "--white", "random",
            "--seed", str(seed), "--position", position, *extra]


def grani_record(path: Path, plays: int, seed: int = 1, players: int = 4) -> Path:
    """Write the record of a Grani game whose first `plays` actions (chance drawn) take the first choice
    (for four with seed 1, the lot picks yellow)."""
    state = spielwerk.game("grani").new_state(players=players, seed=seed)
    for _ in range(plays):
        if state.is_chance:
            state.resolve_chance()
        else:
            state.apply(state.legal_actions()[0])
    path.write_text(json.dumps(state.record()), encoding="utf-8")
    return path


def one_line(text: str) -> str:
    """Output with its line breaks and runs of spaces made single spaces (the console wraps at 80)."""
    return " ".join(text.split())
