"""Texts that fit their boxes: the lobby, each game's page and each rules page, in English, German
and French, at a small phone's width, a phone's and a desktop's, scroll no sideways and hold no text
wider than its box (the board alone may be wider than a phone: it scrolls by design)."""

from __future__ import annotations

from typing import Any

import httpx2
import pytest

from tests.web.helpers import PEOPLE_ONLY, new_game_of_people

pytestmark = pytest.mark.browser

WIDTHS = (320, 390, 1366)

# Each element (outside the board, and not one that scrolls by design) whose content is wider than
# its box or that reaches past the window's right edge; the page itself if it scrolls sideways.
OVERFLOWING = """() => {
  const found = [];
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (typeof el.className === 'string' && el.className ? '.' + el.className.split(' ').join('.') : '');
  if (document.documentElement.scrollWidth > innerWidth + 1) found.push('the page scrolls sideways');
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('#board, svg, datalist, template, option')) continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || ['auto', 'scroll'].includes(style.overflowX)) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0) continue;
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) found.push(name(el) + ' is too narrow');
    if (box.right > innerWidth + 1) found.push(name(el) + ' sticks out');
  }
  return found;
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_fits_its_texts_at_every_width(server: str, browser: Any, width: int) -> None:
    pages = [("/", "#seat-rows .seat-row")]
    with httpx2.Client(base_url=server, timeout=30) as client:
        for game in PEOPLE_ONLY:
            created = new_game_of_people(client, game)
            pages.append((created["seats"][0]["url"].removeprefix(server), "#board svg"))
            pages.append((f"/rules/{game}", "main.howto article"))
    phone = width < 600
    problems: list[str] = []
    for language in ("en", "de", "fr"):
        context = browser.new_context(viewport={"width": width, "height": 800},
                                      is_mobile=phone, has_touch=phone)
        try:
            page = context.new_page()
            for path, ready in pages:
                page.goto(f"{server}{path}{'&' if '?' in path else '?'}lang={language}")
                page.wait_for_selector(ready)
                page.wait_for_load_state("networkidle")
                where = f"{path.split('?')[0]} {language}"
                problems += [f"{where}: {found}" for found in page.evaluate(OVERFLOWING)]
        finally:
            context.close()
    assert problems == []
