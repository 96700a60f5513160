"""A board wider than a phone's screen: the page opens it at a size whose places a finger can hit
(it scrolls sideways) and offers to fit it to the screen, all of it at once, and back; a board that
fits already offers nothing."""

from __future__ import annotations

from typing import Any

import httpx2
import pytest

from tests.web.helpers import new_game

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
WIDER = "() => { const b = document.getElementById('board'); return b.scrollWidth > b.clientWidth + 1; }"


def test_a_wide_board_on_a_phone_can_be_fitted_to_the_screen_and_back(server: str, browser: Any) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game(client, "grani", ["human", "human", "human"])
        gyges = new_game(client, "gyges", ["human", "human"])
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(created["seats"][0]["url"] + "&lang=de")
        page.wait_for_selector("#board svg")
        fit = page.locator("#fit")
        fit.wait_for(state="visible")
        assert page.evaluate(WIDER) and fit.inner_text() == "Brett an den Bildschirm anpassen"
        fit.click()
        assert not page.evaluate(WIDER)
        assert fit.get_attribute("aria-pressed") == "true"
        assert fit.inner_text() == "Brett in voller Größe zeigen"
        fit.click()
        assert page.evaluate(WIDER) and fit.get_attribute("aria-pressed") == "false"

        page.goto(gyges["seats"][0]["url"])
        page.wait_for_selector("#board svg")
        assert not page.evaluate(WIDER) and page.locator("#fit").is_hidden()
    finally:
        context.close()
