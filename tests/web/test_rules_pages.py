"""The rules page holds the how-to-play written for the page (what to click, the lobby's options),
in the page's language; the terminal's `spielwerk rules` keeps the one written for the prompt."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

import spielwerk
from spielwerk.web import i18n
from spielwerk.web.pages import MARKDOWN
from tests.cli.helpers import one_line, run

LANGUAGES = ("en", "de", "fr")
PAGE = {"en": "On this page", "de": "Auf dieser Seite", "fr": "Sur cette page"}
PROMPT = {"en": "At the prompt", "de": "An der Eingabezeile", "fr": "À l'invite de commande"}


def article(page: str) -> str:
    """The how-to-play of a rules page, as HTML."""
    found = re.search(r"<article lang=\"[a-z]+\">(.*)</article>", page, re.DOTALL)
    assert found, page
    return found.group(1)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_page_holds_the_page_s_how_to_play(client: TestClient, language: str) -> None:
    for game_id in spielwerk.games():
        game = spielwerk.game(game_id)
        page = client.get(f"/rules/{game_id}", params={"lang": language}).text
        shown = article(page)
        assert shown == MARKDOWN.render(game.how_to_play(language, medium="page")), (game_id, language)
        assert f"<strong>{PAGE[language]}</strong>" in shown and f'<article lang="{language}">' in page
        said = html.unescape(shown)
        assert PROMPT[language] not in said and "-o " not in said and "`moves" not in said, game_id
        assert '<section class="rule-ids"' in page  # the rules by id follow, as before


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_terminal_s_rules_keep_what_to_type(language: str) -> None:
    for game_id in spielwerk.games():
        output = one_line(run(["rules", game_id, "--lang", language]).output)
        assert PROMPT[language] in output and PAGE[language] not in output, (game_id, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_s_how_to_play_names_the_page_s_own_words(language: str) -> None:
    """What it says to click is what the lobby and the board call it in that language."""
    words = i18n.translations(language)
    for game_id in spielwerk.games():
        text = " ".join(spielwerk.game(game_id).how_to_play(language, medium="page").split()).lower()
        for msgid in ("Options", "Clock", "clear", "Replay"):
            assert f"*{words.gettext(msgid).lower()}*" in text, (game_id, language, msgid)
