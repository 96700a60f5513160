"""Avalon in Chromium: a game of Cadoc alone made in the German lobby, played by clicks (a
neighbouring card to travel, the explore mark, a verse option beside its words, pass), the picture
following each action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx2
import pytest
from playwright.sync_api import expect

from tests.web.helpers import get, new_game, wait_for

pytestmark = pytest.mark.browser


def after(ply: int) -> Callable[[dict[str, Any]], bool]:
    """True of a payload past `ply`."""
    return lambda payload: bool(payload["ply"] > ply)


def card(page: Any, number: int) -> Any:
    """Location card `number` of the picture on the page."""
    return page.locator(f'#board g.card[data-location="{number}"]')


def test_avalon_alone_by_clicks_in_german(server: str, open_page: Any) -> None:
    lobby = open_page(f"{server}/?lang=de")
    lobby.wait_for_selector('#game option[value="avalon"]', state="attached")
    lobby.select_option("#game", "avalon")
    lobby.select_option("#players", "1")
    assert lobby.locator("#seat-rows .seat-row span").all_inner_texts() == ["Cadoc"]
    assert lobby.locator('#game option[value="avalon"]').inner_text() == "Avalon"
    lobby.locator("#new-game button[type=submit]").click()
    link = lobby.locator('#seat-links a[data-seat-link="Cadoc"]')
    url = link.get_attribute("href")
    token = parse_qs(urlparse(url).query)["token"][0]
    game_id = urlparse(url).path.rsplit("/", 1)[-1]
    with httpx2.Client(base_url=server, timeout=30) as client:
        page = lobby
        page.goto(url)
        payload = get(client, game_id, token)
        page.wait_for_selector(f'body[data-ply="{payload["ply"]}"]')
        assert page.locator("#title").inner_text() == "Avalon"
        assert page.locator("#seat").inner_text() == "Du spielst Cadoc"
        assert "Herzstein" in card(page, 13).text_content()
        assert card(page, 7).get_attribute("data-target") == "north"  # Ashford, north of Cadoc
        card(page, 7).click()  # travel north
        payload = wait_for(lambda: get(client, game_id, token), lambda p: "travel north" in p["history"])
        page.wait_for_selector(f'body[data-ply="{payload["ply"]}"]')
        assert payload["view"]["characters"][0]["location"] == 7
        assert card(page, 13).get_attribute("data-target") == "south"  # the picture follows Cadoc
        assert card(page, 7).locator('.hero[data-hero="1"]').count() == 0  # tokens lie above the cards
        assert page.locator('#board .pill[data-target="explore"]').count() == 1
        page.locator('#board .pill[data-target="explore"]').click()
        payload = wait_for(lambda: get(client, game_id, token), lambda p: "verse" in p["view"]["waiting"])
        page.wait_for_selector(f'body[data-ply="{payload["ply"]}"]')
        verse = payload["view"]["waiting"]["verse"]
        page.locator("#prose").wait_for(state="visible")  # the words come after the payload
        assert page.locator("#prose h2").inner_text() == f"Aschfurt · {verse}"
        assert f"Vers {verse}" in page.locator("#board .strip").text_content()
        first = page.locator('#act button[data-action="choose 1"]')
        assert first.locator(".label").inner_text()  # the option's words beside its notation
        first.click()
        wait_for(lambda: get(client, game_id, token), after(payload["ply"]))  # not the one before the click
        while True:  # the verse runs on (tests, further choices) until the Day asks again
            payload = wait_for(lambda: get(client, game_id, token),
                               lambda p: p["to_move"] == 0 or p["is_over"])
            page.wait_for_selector(f'body[data-ply="{payload["ply"]}"]')
            if payload["view"]["waiting"].get("for") == "day" or payload["is_over"]:
                break
            page.locator(f'#act button[data-action="{payload["legal"][0]}"]').click()
            wait_for(lambda: get(client, game_id, token), after(payload["ply"]))
        page.locator("#prose").wait_for(state="hidden")
        if not payload["is_over"]:
            page.locator('#act button[data-action="pass"]').click()
            payload = wait_for(lambda: get(client, game_id, token), lambda p: "pass" in p["history"])
            page.wait_for_selector(f'body[data-ply="{payload["ply"]}"]')
            phase = {"dusk": "Tagesende", "day": "Tag", "dawn": "Morgengrauen", "over": "Spielende"}
            # with no food left the rest is taken for Cadoc and the night may pass at once
            expect(page.locator("#board .strip")).to_contain_text(phase[payload["view"]["phase"]])


def test_a_co_operative_game_given_up_is_lost_for_everyone(server: str, open_page: Any) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game(client, "avalon", ["human", "human"], players=2)
        first, second = (open_page(seat["url"]) for seat in created["seats"])
        for page in (first, second):
            page.wait_for_selector("body[data-ply]")
        expect(first.locator("#rules")).to_have_attribute("href", "/rules/avalon")
        second.locator("#resign").click()
        second.locator("#resign-confirm").click()
        for page in (first, second):
            page.wait_for_selector("#over:not([hidden])")
            assert page.locator("#over-headline").inner_text() == "Everyone loses"


def test_the_lobby_follows_the_characters_typed(server: str, open_page: Any) -> None:
    lobby = open_page(f"{server}/")
    lobby.wait_for_selector('#game option[value="avalon"]', state="attached")
    lobby.select_option("#game", "avalon")
    expect(lobby.locator("#rules")).to_have_attribute("href", "/rules/avalon")  # the game's how-to-play
    lobby.select_option("#players", "3")
    rows = lobby.locator("#seat-rows .seat-row span")
    expect(rows).to_have_text(["Cadoc", "Elowen", "Morwen"])
    lobby.locator('[data-seat="1"]').select_option("random")
    lobby.locator("#new-game details summary").click()
    about = next(option["about"] for option in httpx2.get(f"{server}/api/catalog/avalon").json()["options"]
                 if option["name"] == "characters")
    expect(lobby.locator('[data-option="characters"] + .hint')).to_have_text(about)
    lobby.locator('[data-option="max_days"]').fill("9")
    expect(lobby.locator("#players option")).to_have_count(4)   # an option that changes no seat
    assert lobby.locator('[data-seat="1"]').input_value() == "random"
    lobby.locator('[data-option="characters"]').fill("2,4")
    expect(rows).to_have_text(["Elowen", "Tegid"])                # as many players as characters
    expect(lobby.locator("#players")).to_be_disabled()
    assert lobby.locator("#players").input_value() == "2"
    assert lobby.locator('[data-seat="1"]').get_attribute("aria-label") == "who plays Tegid"
    lobby.locator('[data-seat="1"]').select_option("random")
    lobby.locator("#new-game button[type=submit]").click()
    expect(lobby.locator("#seat-links [data-seat-link]")).to_have_count(1)
    assert lobby.locator("#seat-links [data-seat-link]").get_attribute("data-seat-link") == "Elowen"
    expect(lobby.locator("#seat-links li").nth(1)).to_have_text("Tegid: easy")  # random, by its strength
    lobby.locator('[data-option="characters"]').fill("")
    expect(lobby.locator("#players option")).to_have_count(4)
    expect(rows).to_have_text(["Cadoc", "Elowen"])


def test_on_a_phone_a_wide_picture_stays_legible_and_the_board_scrolls_sideways(server: str,
                                                                               open_page: Any) -> None:
    measure = ("[document.documentElement.scrollWidth, document.querySelector('#board svg')"
               ".getBoundingClientRect().width, document.querySelector('#board').clientWidth]")
    with httpx2.Client(base_url=server, timeout=30) as client:
        avalon = new_game(client, "avalon", ["human"])
        gyges = new_game(client, "gyges", ["human", "human"])
    page = open_page(avalon["seats"][0]["url"], width=390, height=844)
    page.wait_for_selector("body[data-ply]")
    page_width, picture, board = page.evaluate(measure)
    assert page_width == 390 and board < 390 and picture == round(0.6 * 920)  # Avalon's picture: 920 wide
    ply = page.locator("body").get_attribute("data-ply")
    page.locator('#board g.card[data-location="14"]').click()  # the picture takes clicks: travel east
    expect(page.locator("body")).not_to_have_attribute("data-ply", ply or "")
    expect(page.locator('#log li[title="travel east"]')).to_have_count(1)
    small = open_page(gyges["seats"][0]["url"], width=390, height=844)
    small.wait_for_selector("body[data-ply]")
    page_width, picture, board = small.evaluate(measure)
    assert page_width == 390 and picture <= board  # a picture that fits is drawn to the width
    wide = open_page(avalon["spectate"], width=1280, height=800)
    wide.wait_for_selector("body[data-ply]")
    fits = "(board => board.scrollWidth <= board.clientWidth)(document.querySelector('#board'))"
    assert wide.evaluate(fits)
