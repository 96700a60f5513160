"""Each game's page in German and French shows no engine English: the status, the log, the names of
the action groups and the words beside the buttons, the panels (hand, seats, result, a verse) and
the picture use none of the words the engine's English catalogues use that the page's language does
not (names and notation aside: a button's face is notation, the same in every language). The log
tells each of the last actions in words, its notation on hover; a resignation and a time-out show
the result banner with the reason in the page's language."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from functools import cache
from typing import Any

import httpx2
import pytest
from playwright.sync_api import expect

import spielwerk
from spielwerk.core.catalogue import CORE
from spielwerk.web import i18n
from tests.web.helpers import new_game

pytestmark = pytest.mark.browser

PEOPLE = {"gyges": 2, "grani": 3, "drachenfels": 3, "avalon": 2}
STEPS = {"gyges": 9, "grani": 12, "drachenfels": 10, "avalon": 14}
"""Random actions played before the page is looked at: past any set-up, into the game proper."""
PAGES = [(game, lang) for game in sorted(PEOPLE) for lang in ("de", "fr")]
WORD = re.compile(r"[^\W\d_]{4,}")
MISSING = re.compile(r"\{[a-z][\w.-]*\}")
"""A key the page's catalogue lacks, shown as `{key}`."""
SHOWN = ("#title", "#seat", "#status", "#waiting", "#last", "#log", "#hand-box", "#seats", "#over", "#prose")
"""The parts of a board page whose whole text is words (the action buttons are read apart)."""


def words(texts: Iterable[str]) -> set[str]:
    """The words of at least four letters in `texts`, in lower case, placeholders left out."""
    return {word.lower() for text in texts for word in WORD.findall(re.sub(r"\{[^}]*\}", " ", text))}


@cache
def english(game: str, lang: str) -> frozenset[str]:
    """The words of the engine's English (the game's catalogue and the core's) that the catalogues of
    `lang` (the game's, the core's, the page's) do not use: names and words shared by the languages
    are no sign of English."""
    rules = spielwerk.game(game)
    theirs = words(rules.words(lang).values()) | words(i18n.messages(lang).values())
    return frozenset(words(rules.words("en").values()) - theirs)


def played(client: httpx2.Client, game: str, seed: int, **extra: Any) -> tuple[str, list[str]]:
    """A game of people, STEPS random actions in (chance drawn by the server): its id and tokens."""
    created = new_game(client, game, ["human"] * PEOPLE[game], players=PEOPLE[game], **extra)
    keys = [seat["token"] for seat in created["seats"]]
    chooser = random.Random(seed)
    for _ in range(STEPS[game] if not extra else 0):
        payload = client.get(f"/api/games/{created['id']}").json()
        if payload["is_over"]:
            break
        token = keys[payload["to_move"]]
        legal = client.get(f"/api/games/{created['id']}", params={"token": token}).json()["legal"]
        client.post(f"/api/games/{created['id']}/actions", params={"token": token},
                    json={"action": chooser.choice(legal)})
    return created["id"], keys


def seen(page: Any) -> tuple[list[str], list[str]]:
    """What a person reads on the page: its panels' text, the names of the action groups, the words
    beside the buttons (not their notation); and apart, the picture's words."""
    texts = [page.locator(selector).inner_text() for selector in SHOWN
             if page.locator(selector).count() and page.locator(selector).is_visible()]
    texts += page.locator("#act .group-name").all_inner_texts()
    texts += page.locator("#act .action .label").all_inner_texts()
    return texts, page.locator("#board svg text").all_text_contents()


def check_words(page: Any, game: str, lang: str, payload: dict[str, Any]) -> None:
    """No English word of the engine and no missing key on `page`; the picture may show notation
    (the last action, the actions it offers), so the words of the game's action texts are allowed in
    it."""
    texts, picture = seen(page)
    notation = words([*payload["history"], *payload["legal"]])
    found = sorted((words(texts) | (words(picture) - notation)) & english(game, lang))
    where = [text for text in texts + picture if words([text]) & set(found)]
    assert not found, f"{game} in {lang} shows English: {found} in {where}"
    missing = sorted({key for text in texts + picture for key in MISSING.findall(text)})
    assert not missing, f"{game} in {lang} shows keys its catalogue lacks: {missing}"


def check_log(page: Any, payload: dict[str, Any], game: str, lang: str) -> None:
    """The log: every action a line, newest first, the notation on hover; the last few in words."""
    lines = page.locator("#log li")
    expect(lines).to_have_count(len(payload["narration"]))
    core = CORE.catalogue(lang)
    plain = words([core["narrate.action"], core["narrate.chance"]]) | words(payload["words"]["seats"])
    for back in range(1, min(4, len(payload["narration"])) + 1):
        said, notation = payload["narration"][-back], payload["history"][-back]
        line = lines.nth(back - 1)
        assert line.inner_text() == said and line.get_attribute("title") == notation
        told = words([said]) - plain - words([notation])  # more than "Süd: <notation>"
        assert notation not in said or told, f"{game} in {lang}: {said!r} tells {notation!r} in no words"
    assert page.locator("#last").inner_text() == payload["narration"][-1]


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_a_page_in_german_or_french_shows_no_engine_english_and_a_log_in_words(
        server: str, open_page: Any, game: str, lang: str) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        game_id, keys = played(client, game, 11)
        spectator = client.get(f"/api/games/{game_id}").json()
        mover = spectator["to_move"] if spectator["to_move"] is not None else 0
        token = keys[mover]
        page = open_page(f"{server}/play/{game_id}?token={token}&lang={lang}")
        page.wait_for_selector(f'body[data-ply="{spectator["ply"]}"]')
        payload = client.get(f"/api/games/{game_id}", params={"token": token, "lang": lang}).json()
        assert page.locator("html").get_attribute("lang") == lang
        check_log(page, payload, game, lang)
        check_words(page, game, lang, payload)
        page.locator("#resign").click()
        page.locator("#resign-confirm").click()
        page.wait_for_selector("#over:not([hidden])")
        over = client.get(f"/api/games/{game_id}", params={"token": token, "lang": lang}).json()
        assert over["ended"]["by"] == "resign" and over["words"]["reason"]
        expect(page.locator("#over-reason")).to_have_text(capital(over["words"]["reason"]))
        expect(page.locator("#log li").first).to_have_text(over["narration"][-1])
        check_words(page, game, lang, over)


TIMED = [("gyges", "de"), ("grani", "fr"), ("drachenfels", "de"), ("avalon", "fr")]


@pytest.mark.parametrize(("game", "lang"), TIMED)
def test_a_time_out_shows_the_result_banner_in_the_page_s_language(server: str, open_page: Any, game: str,
                                                                   lang: str) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        game_id, keys = played(client, game, 5, clock="2s")
        page = open_page(f"{server}/play/{game_id}?token={keys[0]}&lang={lang}")
        page.wait_for_selector("#over:not([hidden])", timeout=20_000)  # the server's flag falls
        over = client.get(f"/api/games/{game_id}", params={"token": keys[0], "lang": lang}).json()
        assert over["ended"]["by"] == "timeout" and over["history"][-1].startswith("timeout ")
        expect(page.locator("#over-reason")).to_have_text(capital(over["words"]["reason"]))
        expect(page.locator("#log li").first).to_have_text(over["narration"][-1])
        assert over["narration"][-1] != over["history"][-1]
        check_words(page, game, lang, over)


def capital(text: str) -> str:
    """`text` as the page begins a line with it."""
    return text[:1].upper() + text[1:]
