"""A seat's token out of URLs (issue 25) in Chromium: the first visit moves it from the address bar
into the tab's storage, the websocket names it in a subprotocol, a reload still plays the seat, and
the page keeps its CSP without a violation."""

from __future__ import annotations

from typing import Any

import httpx2

from tests.web.helpers import new_game


def test_the_token_leaves_the_address_bar_and_the_socket_url(server: str, open_page: Any) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game(client, "gyges", ["human", "human"])
    game_id, token = created["id"], created["seats"][0]["token"]
    page = open_page(f"{server}/")
    sockets: list[str] = []
    problems: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url))
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector('#connection[data-state="live"]')
    assert page.url == f"{server}/play/{game_id}" and token not in page.url
    assert sockets and all(token not in url and "token=" not in url for url in sockets), sockets
    assert all(token not in link for link in page.locator("nav.languages a").evaluate_all(
        "links => links.map((link) => link.href)"))
    assert page.locator("#act button[data-action]").count() > 0  # south's seat: it may act
    page.reload()
    page.wait_for_selector('#connection[data-state="live"]')
    assert page.locator("#act button[data-action]").count() > 0 and token not in page.url
    assert not [text for text in problems if "Content Security Policy" in text], problems
