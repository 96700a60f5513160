"""Your turn, noticed: the tab's title and icon change while it is the seat's turn (and back when it
is not), in the page's language; the sound and notification choices are kept; the lobby lists the
games where it is my turn first and counts them in its title."""

from __future__ import annotations

from typing import Any

import httpx2

from tests.web.helpers import new_game

YOURS = "data:image/svg+xml,%3Csvg"  # the icon is an SVG made by the page


def _title_and_icon(page: Any) -> tuple[str, str, str]:
    icon = page.evaluate("document.querySelector('link[rel=icon]').href")
    return page.title(), icon, page.evaluate("document.body.dataset.turn")


def test_the_title_and_the_icon_say_when_it_is_my_turn(server: str, open_page: Any) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game(client, "gyges", ["human", "human"])
        game_id, north = created["id"], created["seats"][1]["token"]
        page = open_page(created["seats"][0]["url"] + "&lang=de")
        page.wait_for_selector('#connection[data-state="live"]')
        page.wait_for_selector('body[data-turn="yours"]')
        title, icon, _ = _title_and_icon(page)
        assert title == "Du bist am Zug · Gygès · spielwerk" and icon.startswith(YOURS) and "e8590c" in icon
        page.locator('#act button[data-action="123321"]').click()
        page.wait_for_selector('body[data-turn="other"]')
        title, icon, _ = _title_and_icon(page)
        assert title == "Gygès · spielwerk" and "868e96" in icon
        answer = client.post(f"/api/games/{game_id}/actions", headers={"Authorization": f"Bearer {north}"},
                             json={"action": "321123", "ply": 1})
        assert answer.status_code == 200, answer.text
        page.wait_for_selector('body[data-turn="yours"]')
        assert page.title().startswith("Du bist am Zug · ")


def test_the_sound_choice_is_kept_and_the_lobby_counts_my_turns(server: str, open_page: Any) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        mine = new_game(client, "gyges", ["human", "human"])  # South arranges first: my turn
        theirs = new_game(client, "gyges", ["human", "human"])
        page = open_page(mine["seats"][0]["url"])
        page.wait_for_selector('body[data-turn="yours"]')
        page.locator("#turn-sound").check()
        page.goto(theirs["seats"][1]["url"])  # North waits for South
        page.wait_for_selector('body[data-turn="other"]')
        assert page.locator("#turn-sound").is_checked()  # kept in this browser
        page.goto(f"{server}/")
        page.wait_for_selector('body[data-your-turns="1"]')
        assert page.title().startswith("(1) ")
        games = page.locator("#my-games li").evaluate_all("items => items.map(item => item.dataset.game)")
        assert games == [mine["id"], theirs["id"]]  # mine first, though opened before


def test_a_clock_runs_only_once_both_players_opened_their_links(server: str, open_page: Any) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game(client, "gyges", ["human", "human"], clock="5m", arrive=False)
        south = open_page(created["seats"][0]["url"])
        south.wait_for_selector("#clocks li.waiting")
        assert south.locator("#clocks li.running").count() == 0
        assert south.locator("#clocks li.waiting").inner_text() == \
            "The clocks start once everyone has opened their link."
        open_page(created["seats"][1]["url"]).wait_for_selector("#clocks li.running")  # North arrives
        south.wait_for_selector('#clocks li.running[data-seat="0"]')  # pushed to South: its time runs
        assert south.locator("#clocks li.waiting").count() == 0
