"""`Game.how_to_play(language, medium)`: one rules text for both media, then what to type at the
terminal's prompt or what to click on the web page, in one language throughout."""

from __future__ import annotations

import importlib.resources
import re
import sys
import tomllib
from collections.abc import Iterator
from fnmatch import fnmatch
from pathlib import Path

import pytest

import spielwerk
from spielwerk.core.game import MEDIA, Game

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "de", "fr")
PARTS = ("howto", "howto.terminal", "howto.page")
PROMPT = {"en": "**At the prompt.**", "de": "**An der Eingabezeile.**", "fr": "**À l'invite de commande.**"}
PAGE = {"en": "**On this page**", "de": "**Auf dieser Seite**", "fr": "**Sur cette page**"}


def file_name(stem: str, language: str) -> str:
    return f"{stem}.md" if language == "en" else f"{stem}.{language}.md"


def rules_part(game: Game, language: str) -> str:
    """The rules text of `game` in `language` as the page reads it (Avalon's with its numbers filled):
    all before the page's own part."""
    page = game.how_to_play(language, "page")
    return page[:page.index(PAGE[language])]


@pytest.mark.parametrize("game_id", spielwerk.games())
def test_each_game_has_its_rules_a_terminal_part_and_a_page_part_in_three_languages(game_id: str) -> None:
    package = importlib.resources.files(f"spielwerk.games.{game_id}")
    for stem in PARTS:
        for language in LANGUAGES:
            text = package.joinpath(file_name(stem, language)).read_text(encoding="utf-8")
            assert text.strip() and text.endswith("\n"), (stem, language)


def test_the_package_data_carries_every_part() -> None:
    """A wheel or sdist ships what `pyproject.toml` names as package data: every part of every game."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["spielwerk"]
    package = ROOT / "src" / "spielwerk"
    parts = sorted(package.glob("games/*/howto*.md"))
    assert len(parts) >= len(spielwerk.games()) * len(PARTS) * len(LANGUAGES)
    for path in parts:
        assert any(fnmatch(path.relative_to(package).as_posix(), pattern) for pattern in patterns), path


@pytest.mark.parametrize("game_id", spielwerk.games())
@pytest.mark.parametrize("language", LANGUAGES)
def test_both_media_read_the_same_rules_then_their_own_part(game_id: str, language: str) -> None:
    game = spielwerk.game(game_id)
    terminal, page = game.how_to_play(language), game.how_to_play(language, medium="page")
    assert terminal == game.how_to_play(language, "terminal") and page != terminal
    rules = rules_part(game, language)
    assert rules.startswith("# ") and rules.endswith("\n\n") and len(rules.splitlines()) >= 20
    assert terminal[:terminal.index(PROMPT[language])] == rules  # one rules text, then the terminal's part
    for text in (rules, page):
        assert "-o " not in text and PROMPT[language] not in text and "`moves" not in text
    assert "-o " in terminal and PAGE[language] not in terminal
    clicks = {"en": "click", "de": "klick", "fr": "cliqu"}[language]
    assert clicks in page.lower() and clicks not in terminal.lower()


@pytest.mark.parametrize("game_id", spielwerk.games())
@pytest.mark.parametrize("language", ["de", "fr"])
def test_each_page_part_is_translated_with_the_same_notation_and_lists(game_id: str, language: str) -> None:
    game = spielwerk.game(game_id)
    english = game.how_to_play("en", "page")[len(rules_part(game, "en")):]
    translated = game.how_to_play(language, "page")[len(rules_part(game, language)):]
    assert set(re.findall(r"`[^`]+`", translated)) == set(re.findall(r"`[^`]+`", english))
    assert translated.count("\n- ") == english.count("\n- ") and translated.count("**") == english.count("**")


@pytest.mark.parametrize("game_id", spielwerk.games())
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_names_each_option_the_terminal_sets_by_its_lobby_label_and_value(game_id: str,
                                                                                  language: str) -> None:
    game = spielwerk.game(game_id)
    terminal, page = game.how_to_play(language), " ".join(game.how_to_play(language, "page").split())
    words = game.words(language)
    set_there = re.findall(r"`-o (\w+)=([^`]+)`", terminal)
    assert set_there
    for name, value in set_there:
        assert f"*{words[f'option.{name}']}*" in page, (name, language)
        assert value == "…" or f"`{value}`" in page, (name, value, language)


def test_an_unknown_medium_is_refused() -> None:
    with pytest.raises(ValueError, match="the media are terminal, page"):
        spielwerk.game("gyges").how_to_play("en", medium="paper")
    assert MEDIA == ("terminal", "page")


@pytest.fixture
def probe(tmp_path: Path) -> Iterator[type[Game]]:
    """A game in a package of its own whose rules are in German but its page part only in English, and
    which has no terminal part at all."""
    folder = tmp_path / "howto_probe"
    folder.mkdir()
    (folder / "__init__.py").write_text(
        "from typing import Any\n"
        "import spielwerk\n"
        "from spielwerk.core.game import Game\n\n\n"
        "class Probe(Game):\n"
        "    INFO = spielwerk.game('gyges').INFO\n\n"
        "    def _new_state(self, players: int, seed: int, **start: Any) -> Any:\n"
        "        raise NotImplementedError\n", encoding="utf-8")
    (folder / "howto.md").write_text("# Rules\n", encoding="utf-8")
    (folder / "howto.de.md").write_text("# Regeln\n", encoding="utf-8")
    (folder / "howto.page.md").write_text("Click.\n", encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        import howto_probe  # type: ignore[import-not-found]

        probe: type[Game] = howto_probe.Probe
        yield probe
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("howto_probe", None)


def test_a_part_missing_in_a_language_gives_both_parts_in_english(probe: type[Game]) -> None:
    game = probe()
    assert game.how_to_play("de", "page") == "# Rules\n\nClick.\n"  # never German rules, English clicks
    assert game.how_to_play("de") == "# Regeln\n"  # no terminal part: the rules alone
    assert game.how_to_play("fr", "page") == game.how_to_play("en", "page")


def test_avalon_fills_its_numbers_into_both_media() -> None:
    avalon = spielwerk.game("avalon")
    for language in LANGUAGES:
        for medium in MEDIA:
            text = " ".join(avalon.how_to_play(language, medium).split())
            assert "{" not in text and "}" not in text, (language, medium)
    assert "the last day (7 alone, 10 with 2–4;" in " ".join(avalon.how_to_play("en", "page").split())
    assert "7 allein, 10 mit 2–4" in " ".join(avalon.how_to_play("de", "page").split())

