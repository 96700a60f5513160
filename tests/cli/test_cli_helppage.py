"""The `--help` pages in the language of the command line: click's layout, every word from the catalogue."""

from __future__ import annotations

import click
import pytest

from spielwerk.cli.main import cli
from spielwerk.cli.say import WORDS
from spielwerk.core.catalogue import LANGUAGES
from spielwerk.core.language import LANGUAGE_VARIABLES
from tests.cli.helpers import run

COMMANDS = sorted(cli.commands)


def page(args: list[str]) -> str:
    result = run([*args, "--help"])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("command", COMMANDS)
def test_every_page_has_its_words_in_every_language(command: str, language: str) -> None:
    shown = page([command, "--lang", language])
    assert "{" not in shown  # a key without words would show as {helppage.…}
    english = dict(WORDS.own("en"))
    for param in cli.commands[command].params:
        if isinstance(param, click.Option):
            assert f"helppage.{command}.{param.name}" in english
            assert param.opts[-1] in shown


def test_the_english_page_reads_as_before() -> None:
    shown = page(["arena"])
    assert shown.startswith("Usage: cli arena [OPTIONS] GAME\n\n  Play a tournament of GAME between agents")
    assert "\nOptions:\n" in shown and "[default: 100; x>=1]" in shown and "[required]" in shown
    assert shown.endswith("  -h, --help                 Show this message and exit.\n")


def test_the_german_page_of_the_program_lists_its_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LANGUAGE_VARIABLES[0], "de")
    shown = page([])
    assert shown.startswith("Aufruf: cli [OPTIONS] COMMAND [ARGS]...\n\n  Gesellschaftsspiele")
    assert "\nOptionen:\n" in shown and "\nBefehle:\n" in shown
    assert "  play    GAME im Terminal spielen.\n" in shown
    assert "  -h, --help   Diese Hilfe zeigen und beenden.\n" in shown


def test_the_french_page_writes_its_notes_in_french() -> None:
    shown = page(["arena", "--lang", "fr"])
    assert shown.startswith("Usage : cli arena [OPTIONS] GAME\n")
    assert "\nOptions :\n" in shown and "[par défaut : 100; x>=1]" in shown and "[obligatoire]" in shown
    assert "Show this message" not in shown and "default" not in shown


def test_the_programs_own_lang_words_its_page_and_every_command_a_commands_own_wins() -> None:
    assert page(["--lang", "de"]).startswith("Aufruf: cli [OPTIONS] COMMAND [ARGS]...\n")
    assert "  play    Jouer à GAME dans le terminal.\n" in page(["--lang", "fr"])
    listed = run(["--lang", "fr", "games"])
    assert listed.exit_code == 0 and "joueurs" in listed.output
    assert "Optionen:" in page(["--lang", "fr", "rules", "--lang", "de"])
