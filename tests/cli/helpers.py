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
    return sorted(folder.rglob("spielwerk-gyges-*.json"))
