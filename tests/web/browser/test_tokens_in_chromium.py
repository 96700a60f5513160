"""A seat's token out of URLs (issue 25) in Chromium: the first visit moves it from the address bar
into the tab's storage, the websocket names it in a subprotocol, a reload still plays the seat, and
the page keeps its CSP without a violation."""

from __future__ import annotations

import json
from typing import Any

import httpx2

from tests.web.helpers import get, new_game


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
    page.wait_for_selector("#act button[data-action]")  # south's seat: it may act
    page.reload()
    page.wait_for_selector('#connection[data-state="live"]')
    page.wait_for_selector("#act button[data-action]")  # still south's seat after a reload
    assert token not in page.url
    assert not [text for text in problems if "Content Security Policy" in text], problems


def test_after_the_first_visit_every_request_names_the_seat_in_a_header(server: str, open_page: Any) -> None:
    """After the seat's link, no request of the page (board, words, resign, seats, the replay and back,
    the lobby) has `token=` in its URL: each names the seat in `Authorization: Bearer`; the actions go
    on the socket with the ply the page showed; the game still plays, resigns (with its ply) and shows
    its result."""
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game(client, "gyges", ["human", "human"])
        game_id, south, north = created["id"], created["seats"][0]["token"], created["seats"][1]["token"]
        page = open_page(f"{server}/")
        requests: list[Any] = []
        page.on("request", lambda request: requests.append(request))
        sent: list[str] = []
        page.on("websocket", lambda socket: socket.on("framesent", lambda frame: sent.append(str(frame))))
        page.goto(created["seats"][0]["url"])
        assert requests and "token=" in requests[0].url  # the first visit: the seat's link itself
        page.wait_for_selector('#connection[data-state="live"]')
        page.locator('#act button[data-action="123321"]').click()
        page.wait_for_selector('body[data-ply="1"]')
        answer = client.post(f"/api/games/{game_id}/actions", headers={"Authorization": f"Bearer {north}"},
                             json={"action": "321123", "ply": 1})
        assert answer.status_code == 200, answer.text
        page.wait_for_selector('body[data-ply="2"]')
        page.locator("#name-form input").fill("Ada")
        page.locator("#name-form button").click()
        page.wait_for_selector("#seats li:has-text('Ada (South)')")
        page.locator("#resign").click()
        page.locator("#resign-confirm").click()
        page.wait_for_selector("#over:not([hidden])")
        assert page.locator("#over-headline").inner_text() == "North wins"
        assert page.locator("#over-reason").inner_text() == "South resigned"
        assert get(client, game_id)["ended"]["by"] == "resign"
        page.locator("#replay-link").click()
        page.wait_for_selector('body[data-ply="3"]')
        page.locator("#back-to-game").click()
        page.wait_for_selector("#seat:not(:empty)")
        assert page.locator("#seat").inner_text() == "You play South"  # the tab kept the seat
        page.wait_for_selector("#over:not([hidden])")
        page.goto(f"{server}/")
        page.wait_for_selector(f'#my-games li[data-game="{game_id}"]')
    later = requests[1:]
    assert not [request.url for request in later if "token=" in request.url]
    api = [request for request in later if f"/api/games/{game_id}" in request.url]
    paths = {request.url.split("?")[0].removeprefix(f"{server}/api/games/{game_id}") for request in api}
    assert {"", "/svg", "/texts", "/name", "/resign", "/seats"} <= paths, paths
    assert [json.loads(frame) for frame in sent] == [{"action": "123321", "ply": 0, "id": 1}], sent
    assert all(request.all_headers().get("authorization") == f"Bearer {south}" for request in api), \
        [(request.url, request.all_headers().get("authorization")) for request in api]
    resigned = [request for request in api if "/resign" in request.url]
    assert [request.post_data_json for request in resigned] == [{"ply": 2}]
