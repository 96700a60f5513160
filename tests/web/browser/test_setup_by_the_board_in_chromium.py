"""A Gygès set-up by the board: each side clicks the start cells of its two 1-rings, then its 2-rings,
then its 3-rings, each pair in any order, and sees the height each cell gets written on it; the six
clicks send the set-up (North on its own rank, its side at the bottom)."""

from __future__ import annotations

from typing import Any

import httpx2

from tests.web.helpers import get, new_game


def _set_up(page: Any, cells: list[str], ply: int) -> None:
    for cell in cells:
        page.locator(f'#board [data-target="{cell}"]').first.click()
    page.wait_for_selector(f'body[data-ply="{ply}"]')


def test_both_sides_set_up_by_clicking_their_start_cells(server: str, open_page: Any) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game(client, "gyges", ["human", "human"])
        south = open_page(created["seats"][0]["url"])
        south.wait_for_selector('#connection[data-state="live"]')
        south.wait_for_selector('body[data-ply="0"]')
        assert get(client, created["id"], created["seats"][0]["token"])["words"]["places"]["123321"] == \
            [["a1", "f1"], ["b1", "e1"], ["c1", "d1"]]
        south.locator('#board [data-target="a1"]').first.click()  # a 1-ring on a1: fewer set-ups left
        assert 0 < south.locator("#act button[data-action]").count() < 90
        assert south.locator('#board [data-mark-label="a1"]').inner_html() == "1"
        _set_up(south, ["f1", "b1", "e1", "c1", "d1"], 1)
        north = open_page(created["seats"][1]["url"])
        north.wait_for_selector('body[data-ply="1"]')
        assert "turned for you" in north.locator("#prose").inner_text()
        north.locator('#board [data-target="f6"]').first.click()  # the right-hand 1-ring first
        north.locator('#board [data-target="a6"]').first.click()
        north.locator('#board [data-target="d6"]').first.click()
        marks = [north.locator(f'#board [data-mark-label="{cell}"]').inner_html()
                 for cell in ("f6", "a6", "d6")]
        assert marks == ["1", "1", "2"]
        _set_up(north, ["c6", "e6", "b6"], 2)
        assert get(client, created["id"])["history"] == ["123321", "132231"]
