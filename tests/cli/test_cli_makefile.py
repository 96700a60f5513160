"""The README names each `make play…` target with the command it runs; the Makefile runs just that."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from click.testing import CliRunner

from spielwerk import agents
from spielwerk.cli.main import _web_seats, cli

ROOT = Path(__file__).resolve().parents[2]


def readme_targets() -> dict[str, str]:
    """`make TARGET` -> the command the README shows beside it (`spielwerk play …   # make play-grani`)."""
    found = {}
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        match = re.match(r"^(spielwerk (?:play|serve) .*?)\s+# (?:what )?`?make (play[\w-]*)`?", line)
        if match:
            found[match[2]] = " ".join(match[1].split())
    return found


def makefile_targets() -> dict[str, str]:
    """`play…` target -> the spielwerk command of its recipe."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = r"^(play[\w-]*):.*\n\t\$\(BIN\)/(spielwerk (?:play|serve) .*)$"
    return {target: command for target, command in re.findall(recipe, text, flags=re.MULTILINE)}


def test_every_play_target_of_the_makefile_is_in_the_readme_with_the_same_command() -> None:
    readme, makefile = readme_targets(), makefile_targets()
    assert set(makefile) == {"play", "play-terminal", "play-grani", "play-drachenfels", "play-avalon"}
    assert makefile["play"].startswith("spielwerk serve --play gyges")  # the board in a browser
    assert readme == makefile


def test_every_play_target_names_seats_and_agents_the_command_accepts() -> None:
    for command in makefile_targets().values():
        if command.startswith("spielwerk serve"):
            continue  # below: starting a server is no test of its arguments
        args = shlex.split(command)[1:]
        human = next(args[i - 1] for i, arg in enumerate(args) if arg == "human")
        swapped = [("random" if ":" in arg else arg) for arg in args]  # no agent needs to think here
        result = CliRunner().invoke(cli, [*swapped, "--seed", "1"], input="quit\n")
        assert result.exit_code == 0, result.output
        assert f"{human[2:].title()}: human" in result.output


def test_make_play_makes_a_gyges_game_against_the_strongest_agent_in_the_browser() -> None:
    args = shlex.split(makefile_targets()["play"])[2:]
    game = args[args.index("--play") + 1]
    specs = tuple(args[i + 1] for i, arg in enumerate(args) if arg == "--seat")
    assert game == "gyges" and _web_seats(game, specs, None, "en") == ["human", "alphabeta:2s"]
    agents.from_spec("alphabeta:2s")
