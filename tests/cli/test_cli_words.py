"""The terminal's own catalogue: the same keys, placeholders and markup in every language, and every
key the terminal's code says is in it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.markup import render

from spielwerk.cli.commands import HELP_ROWS
from spielwerk.cli.say import WORDS
from spielwerk.core.catalogue import LANGUAGES
from spielwerk.core.message import placeholders

SOURCES = Path(__file__).parents[2] / "src" / "spielwerk" / "cli"
SAID = re.compile(r"""(?:say|text)\(\s*"([a-z][a-z.-]+)"|WORDS\.message\(\s*"([a-z][a-z.-]+)\"""")
TAG = re.compile(r"\[/?[a-z][^\]]*\]")


def catalogue(language: str) -> dict[str, str]:
    return dict(WORDS.own(language))


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_language_has_the_english_keys_no_more(language: str) -> None:
    english, other = catalogue("en"), catalogue(language)
    assert sorted(set(english) - set(other)) == []  # missing in `language`
    assert sorted(set(other) - set(english)) == []  # extra in `language`


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_text_has_the_english_placeholders_and_markup(language: str) -> None:
    english, other = catalogue("en"), catalogue(language)
    for key, text in english.items():
        assert placeholders(other[key]) == placeholders(text), key
        assert sorted(TAG.findall(other[key])) == sorted(TAG.findall(text)), key
        same = key in SAME or key.endswith(".typed")  # a command is typed alike in every language
        assert other[key] != text or not re.search(r"[a-z]{4}", TAG.sub("", text)) or same, key


SAME = {"session.banner", "session.status", "arena.cell.rating"}
"""Texts that are only placeholders and signs, the same in every language."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_is_markup_rich_can_print(language: str) -> None:
    for key, text in catalogue(language).items():
        render(text.replace("{", "").replace("}", ""))  # raises on a broken tag
        assert text == text.strip() or key.endswith(("prompt", "ask", "hide")) or text.startswith("\n"), key


def test_every_key_the_terminal_says_is_in_the_catalogue() -> None:
    said = {key for path in SOURCES.glob("*.py") for match in SAID.finditer(path.read_text())
            for key in match.groups() if key}
    said |= {f"help.{row}{typed}" for row in HELP_ROWS for typed in ("", ".typed")}
    assert len(said) > 60
    english = catalogue("en")
    missing = [key for key in said if key not in english and f"{key}.one" not in english]
    assert missing == []


def test_a_text_in_german_and_in_french() -> None:
    assert WORDS.text("moves.count", "de", count=1) == "1 erlaubter Zug"
    assert WORDS.text("moves.count", "fr", count=3) == "3 coups légaux"
    assert WORDS.text("outcome.share", "de", players=["Gelb", "Blau", "Rot"], scores="1 – 1 – 1") == (
        "Gelb, Blau und Rot teilen sich den Sieg (1 – 1 – 1)")
    assert WORDS.text("session.turn", "fr", player="Sud") == "Au tour de Sud"
