"""Legal destinations clearly marked: on every game's board, each mark of a place that can be picked
stands out from what lies under it by a contrast ratio of at least 3:1 (the one WCAG asks of the
parts of a picture one must see), measured on the pixels: the board taken with its marks and
without them, compared across each mark's edge (nine pixels across the left edge of a dot, or of a
ring's or a frame's line, and a dot's middle): the part of the mark that stands out most counts."""

from __future__ import annotations

import base64
from typing import Any

import httpx2
import pytest

from tests.web.helpers import PEOPLE_ONLY, get, new_game_of_people

pytestmark = pytest.mark.browser

SMALLEST = 3.0

# Where each mark in the window is drawn: the pixels across the left edge of its shape (a ring's
# line, a frame, a dot) at half its height, and a dot's middle.
WHERE = """() => [...document.querySelectorAll('#board .pick-marks [data-mark]')].flatMap((mark) => {
  const shape = mark.matches('g') ? mark.querySelector('.mark-line') : mark;
  const box = shape.getBoundingClientRect();
  const x = Math.round(box.x), y = Math.round(box.y + box.height / 2);
  if (x < 5 || y < 1 || x >= innerWidth - 5 || y >= innerHeight - 1) return [];
  const spots = [-4, -3, -2, -1, 0, 1, 2, 3, 4].map((step) => [x + step, y]);
  if (mark.matches('circle')) spots.push([Math.round(box.x + box.width / 2), y]);
  return [[mark.getAttribute('data-mark'), spots]];
})"""

# The colour of each point of a PNG (base64), read by drawing it on a canvas.
PIXELS = """async ([png, points]) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + png;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return points.map(([x, y]) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)]);
}"""


def luminance(colour: list[int]) -> float:
    """The relative luminance of an sRGB colour (WCAG 2)."""
    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    red, green, blue = (linear(channel) for channel in colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one: list[int], other: list[int]) -> float:
    """The WCAG contrast ratio of two colours, 1 to 21."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("game", sorted(PEOPLE_ONLY))
def test_the_places_that_can_be_picked_stand_out_from_the_board(server: str, browser: Any, game: str) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game_of_people(client, game)
        seen = get(client, created["id"])
        mover = next(seat for seat in created["seats"] if seat["seat"] == seen["to_move"])
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        page = context.new_page()
        page.goto(mover["url"])
        page.wait_for_selector(f'body[data-ply="{seen["ply"]}"]', state="attached")
        page.wait_for_selector("#board .pick-marks [data-mark]", state="attached")
        points = page.evaluate(WHERE)
        assert points, f"{game}: no mark in the window"
        marked = base64.b64encode(page.screenshot()).decode()
        page.evaluate("() => document.querySelector('#board .pick-marks').setAttribute('display', 'none')")
        bare = base64.b64encode(page.screenshot()).decode()
        spots = [spot for _, marks in points for spot in marks]
        blank = context.new_page()
        with_marks, without = blank.evaluate(PIXELS, [marked, spots]), blank.evaluate(PIXELS, [bare, spots])
    finally:
        context.close()
    ratios = iter([contrast(one, other) for one, other in zip(with_marks, without, strict=True)])
    standing_out = [(max(next(ratios) for _ in marks), name) for name, marks in points]
    faint = sorted((round(ratio, 2), name) for ratio, name in standing_out if ratio < SMALLEST)
    assert not faint, f"{game}: marks under {SMALLEST}:1 against the board: {faint[:10]}"
