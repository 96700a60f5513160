"""Boards you can hit: every clickable place of every game's picture, as the board page shows it, is
at least 24 CSS px wide and high on a desktop and 44 on a phone's touch screen, and a click at its
middle reaches it (no neighbour's hit area lies over it)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx2
import pytest

from tests.web.helpers import PEOPLE_ONLY, get, new_game_of_people

pytestmark = pytest.mark.browser

SCREENS: dict[str, tuple[dict[str, Any], float]] = {
    "desktop": ({"viewport": {"width": 1366, "height": 900}}, 24.0),
    "phone": ({"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}, 44.0),
}

# Each place's name, the smaller side of its box on the page, and whether a click at the middle
# of its box lands on it (the place scrolled into view first).
MEASURE = """() => [...document.querySelectorAll('#board [data-target]')].map((place) => {
  place.scrollIntoView({block: 'center', inline: 'center'});
  const box = place.getBoundingClientRect();
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return [place.getAttribute('data-target'), Math.min(box.width, box.height),
          hit !== null && hit.closest('[data-target]') === place];
})"""


@pytest.fixture
def contexts(browser: Any) -> Iterator[list[Any]]:
    """Browser contexts a test opens; closed after it."""
    opened: list[Any] = []
    yield opened
    for context in opened:
        context.close()


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("game", sorted(PEOPLE_ONLY))
def test_every_clickable_place_is_wide_enough_to_hit(server: str, browser: Any, contexts: list[Any],
                                                     game: str, screen: str) -> None:
    options, smallest = SCREENS[screen]
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game_of_people(client, game)
        ply = get(client, created["id"], created["seats"][0]["token"])["ply"]
    context = browser.new_context(**options)
    contexts.append(context)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector(f'body[data-ply="{ply}"]', state="attached")
    page.wait_for_selector("#board [data-target]", state="attached")
    places = page.evaluate(MEASURE)
    assert len(places) > 1
    small = sorted((round(side, 1), name) for name, side, _ in places if side < smallest - 0.01)
    assert not small, f"{game} on a {screen}: places under {smallest:g} px: {small[:12]}"
    covered = [name for name, _, reached in places if not reached]
    assert not covered, f"{game} on a {screen}: a click at the middle misses {covered[:12]}"
