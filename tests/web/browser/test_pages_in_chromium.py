"""The pages in Chromium: a whole game of Gygès by clicks against an agent, Drachenfels with three
people each seeing only their own hand, a reload that reconnects, a spectator who sees every move."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import httpx2
import pytest

from tests.web.helpers import get, new_game, wait_for

pytestmark = pytest.mark.browser


def places(text: str) -> list[str]:
    """The places an action text names, in order (its last word, split at - / >)."""
    return [place for place in re.split(r"[-/>]", text.split()[-1]) if place]


def after(ply: int) -> Callable[[dict[str, Any]], bool]:
    """True of a payload past `ply`."""
    return lambda payload: bool(payload["ply"] > ply)


def shown(page: Any, ply: int) -> None:
    """Wait until the page shows the payload of `ply`."""
    page.wait_for_selector(f'body[data-ply="{ply}"]')


def test_a_whole_game_of_gyges_by_clicks_against_an_agent_ends_with_the_result(server: str,
                                                                               open_page: Any) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout  # only where the browser tests run

    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game(client, "gyges", ["human", "random"])
        game_id, token = created["id"], created["seats"][0]["token"]
        page = open_page(created["seats"][0]["url"])
        chooser = random.Random(7)
        moves = 0
        while True:
            payload = wait_for(lambda: get(client, game_id, token),
                               lambda p: p["is_over"] or p["to_move"] == 0, seconds=30)
            shown(page, payload["ply"])
            if payload["is_over"]:
                break
            assert page.locator("#status").inner_text() == "Your turn"
            legal = payload["legal"]
            winning = [text for text in legal if text.endswith("-N")]
            text = winning[0] if winning else chooser.choice(legal)
            if all(page.locator(f'#board [data-target="{place}"]').count() for place in places(text)):
                for place in places(text):  # the ring, where it ends, where the ring it landed on goes
                    if page.locator("body").get_attribute("data-ply") != str(payload["ply"]):
                        break
                    page.locator(f'#board [data-target="{place}"]').click()
                    moves += 1
            if get(client, game_id, token)["ply"] == payload["ply"]:  # a set-up: a button
                try:
                    page.locator(f'#act button[data-action="{text}"]').click(timeout=5000)
                except PlaywrightTimeout:  # the board's clicks had sent the move: its button went
                    assert get(client, game_id, token)["ply"] != payload["ply"]
            wait_for(lambda: get(client, game_id, token), after(payload["ply"]))
        assert moves > 0
        assert page.locator("#over").is_visible()
        reason = payload["words"]["reason"]
        assert page.locator("#over-reason").inner_text() == reason[:1].upper() + reason[1:]
        assert page.locator("#log li").first.inner_text() == payload["narration"][-1]
        headline = page.locator("#over-headline").inner_text()
        assert headline == ("You win" if payload["result"][0] == 1 else "North wins")
        assert page.locator("#status").inner_text() == "Game over"


def test_drachenfels_three_people_each_see_their_own_hand_only(server: str, open_page: Any) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game(client, "drachenfels", ["human", "human", "human"])
        game_id = created["id"]
        pages = [open_page(seat["url"]) for seat in created["seats"]]
        hands = []
        for seat, page in zip(created["seats"], pages, strict=True):
            payload = get(client, game_id, seat["token"])
            shown(page, payload["ply"])
            cards = page.locator("#hand .card").all_inner_texts()
            assert cards == [str(card) for card in payload["view"]["hand"]], seat["name"]
            assert page.locator("#seat").inner_text() == f"You play {seat['name'].title()}"
            hands.append(cards)
        spectator = open_page(created["spectate"])
        shown(spectator, get(client, game_id)["ply"])
        assert spectator.locator("#hand-box").is_hidden()  # a spectator sees no hand


def test_a_reload_reconnects_and_shows_the_same_game(server: str, open_page: Any) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game(client, "gyges", ["human", "random"])
        game_id, token = created["id"], created["seats"][0]["token"]
        page = open_page(created["seats"][0]["url"])
        shown(page, 0)
        page.locator('#act button[data-action="123321"]').click()
        payload = wait_for(lambda: get(client, game_id, token), lambda p: p["to_move"] == 0 and p["ply"] == 2)
        shown(page, 2)
        before = page.locator("#log li").all_text_contents()
        assert before == payload["narration"][::-1]  # newest first
        page.reload()
        shown(page, 2)
        assert page.locator("#log li").all_text_contents() == before
        assert page.locator("#status").inner_text() == "Your turn"
        page.wait_for_selector('#connection[data-state="live"]')
        page.locator('#board [data-target="b1"]').click()  # still playable: b1 is picked, its ends marked
        assert page.locator("#picked-names").inner_text() == "b1"
        assert page.locator("#board [data-mark]").count() > 1


def test_a_spectator_sees_each_move_as_it_is_played(server: str, open_page: Any) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game(client, "gyges", ["human", "human"])
        game_id, south, north = created["id"], created["seats"][0]["token"], created["seats"][1]["token"]
        page = open_page(created["spectate"], width=390, height=844)  # on a phone
        shown(page, 0)
        assert page.locator("#seat").inner_text() == "You watch (spectator)"
        assert page.locator("#act button[data-action]").count() == 0
        for ply, (token, text) in enumerate([(south, "123321"), (north, "321123"), (south, "b1-b3")]):
            response = client.post(f"/api/games/{game_id}/actions", params={"token": token},
                                   json={"action": text})
            assert response.status_code == 200, response.text
            shown(page, ply + 1)
        seen = get(client, game_id)
        lines = page.locator("#log li")
        assert lines.all_text_contents() == seen["narration"][::-1]
        assert [lines.nth(n).get_attribute("title") for n in range(3)] == ["b1-b3", "321123", "123321"]
        assert page.locator("#last").inner_text() == seen["narration"][-1] == "South: b1 → b3"
        assert page.locator("#status").inner_text() == "North to move"


def test_a_resignation_shows_the_game_over_panel_and_the_clocks_count_down(server: str,
                                                                          open_page: Any) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game(client, "gyges", ["human", "human"], clock="5m+5s")
        game_id = created["id"]
        south, north = (open_page(seat["url"]) for seat in created["seats"])
        shown(south, 0)
        shown(north, 0)
        clock = south.locator('#clocks li[data-seat="0"]')
        assert clock.get_attribute("class") == "running"
        first = clock.inner_text()
        assert re.fullmatch(r"South: [45]:\d\d", first), first
        counted = "t => document.querySelector('#clocks li[data-seat=\"0\"]').textContent !== t"
        south.wait_for_function(counted, arg=first, timeout=5000)  # it counts down
        assert north.locator('#clocks li[data-seat="1"]').inner_text() == "North: 5:00"
        north.locator("#name-form input").fill("Ada <i>")
        north.locator("#name-form button").click()
        south.wait_for_selector("#seats li:has-text('Ada <i> (North)')")
        north.locator("#resign").click()
        north.locator("#resign-confirm").click()
        for page, headline in ((south, "You win"), (north, "South wins")):
            page.wait_for_selector("#over:not([hidden])")
            assert page.locator("#over-headline").inner_text() == headline
            assert page.locator("#over-reason").inner_text() == "North resigned"
            assert page.locator("#status").inner_text() == "Game over"
        assert get(client, game_id)["ended"]["by"] == "resign"
        south.locator("#rematch").click()
        south.wait_for_url(re.compile(r"/play/(?!" + re.escape(game_id) + r")[^?]+$"))
        south.wait_for_selector("#seat:not(:empty)")  # filled once the new page has asked who sits where
        assert south.locator("#seat").inner_text() == "You play North"  # one seat on
        north.locator("#rematch:has-text('Join the rematch')").click()
        north.wait_for_url(re.compile(r"/play/(?!" + re.escape(game_id) + r")[^?]+$"))
        north.wait_for_selector("#seat:not(:empty)")
        assert north.locator("#seat").inner_text() == "You play South"
        shown(north, 0)
        north.locator('#act button[data-action="123321"]').click()
        shown(south, 1)
        lobby = north.context.new_page()
        lobby.goto(f"{server}/")
        lobby.wait_for_selector("#my-games li")
        assert lobby.locator("#my-games li").count() == 2
        assert "over" in lobby.locator(f'#my-games li[data-game="{game_id}"]').inner_text()


def test_the_replay_steps_through_a_finished_game(server: str, open_page: Any) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game(client, "gyges", ["human", "human"])
        game_id, south, north = created["id"], created["seats"][0]["token"], created["seats"][1]["token"]
        for token, text in ((south, "123321"), (north, "321123"), (south, "b1-b3")):
            client.post(f"/api/games/{game_id}/actions", params={"token": token}, json={"action": text})
        client.post(f"/api/games/{game_id}/resign", params={"token": north}, json={})
        narration = get(client, game_id)["narration"]
        page = open_page(f"{server}/replay/{game_id}")
        shown(page, 4)  # the resignation is the record's last action
        assert page.locator("#status").inner_text() == "Ply 4 of 4"
        assert page.locator("#last").inner_text() == narration[3] == "North resigns"
        page.locator("#first").click()
        shown(page, 0)
        page.locator("#forward").click()
        shown(page, 1)
        assert page.locator("#last").inner_text() == narration[0]
        assert page.locator("#log li.current").get_attribute("title") == "123321"
        page.locator("#ply").fill("2")
        shown(page, 2)
        page.locator('#log li[title="b1-b3"] button').click()  # a line of the log goes to its ply
        shown(page, 3)
        assert page.locator("#over-reason").inner_text() == "North resigned"
        assert page.locator("#board svg").count() == 1
        for key, ply in (("Home", 0), ("ArrowRight", 1), ("End", 4), ("ArrowLeft", 3)):
            page.keyboard.press(key)
            shown(page, ply)
        page.locator("#ply").focus()
        page.keyboard.press("ArrowLeft")  # the slider's own step, taken once
        shown(page, 2)
        page.wait_for_timeout(300)
        assert page.locator("body").get_attribute("data-ply") == "2"
        icons = page.locator(".steps button").evaluate_all(
            "buttons => buttons.map(b => b.querySelectorAll('svg').length)")
        assert icons == [1, 1, 1, 1]  # drawn, no font needed


def test_a_german_page_plays_a_move_and_speaks_german(server: str, open_page: Any) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game(client, "gyges", ["human", "human"])
        page = open_page(f"{created['seats'][0]['url']}&lang=de")
        shown(page, 0)
        assert page.locator("html").get_attribute("lang") == "de"
        assert page.locator("#status").inner_text() == "Du bist am Zug"
        assert page.locator("#seat").inner_text() == "Du spielst Süd"
        assert page.locator("#title").inner_text() == "Gygès"
        assert page.locator("#last").inner_text() == "Noch kein Zug"
        assert page.locator("#resign").inner_text() == "Aufgeben"
        page.wait_for_selector('#connection[data-state="live"]:has-text("verbunden")')
        page.locator('#act button[data-action="123321"]').click()
        shown(page, 1)
        assert page.locator("#status").inner_text() == "Nord ist am Zug"
        german = client.get(f"/api/games/{created['id']}", params={"lang": "de"}).json()
        assert page.locator("#last").inner_text() == german["narration"][-1] != "123321"
        assert page.locator("#seats li").all_inner_texts() == ["Süd (du) · eine Person", "Nord · eine Person"]
        page.goto(f"{server}/")  # the cookie remembers the language
        page.wait_for_selector("#seat-rows .seat-row")
        assert page.locator("h1").inner_text() == "Ein neues Spiel"
        page.select_option("#game", "drachenfels")
        page.wait_for_selector("#seat-rows .seat-row span:has-text('Rot')")
        assert page.locator("#seat-rows .seat-row span").first.inner_text() == "Rot"
        page.wait_for_selector("#my-games li")
        assert page.locator("#my-games li").first.inner_text().endswith("du spielst Süd — Nord ist am Zug")
        page.locator('nav.languages a[data-lang="fr"]').click()
        page.wait_for_selector('html[lang="fr"]')
        assert page.locator("h1").inner_text() == "Une nouvelle partie"


def test_a_german_page_says_a_refusal_and_the_game_s_status_in_german(server: str, open_page: Any) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game(client, "gyges", ["human", "human"])
        page = open_page(f"{created['seats'][0]['url']}&lang=de")
        shown(page, 0)
        page.locator("#act input[name=action]").fill("111222")
        page.locator("#act form button").click()
        error = page.locator("#act [data-actions-error]")
        error.locator(".said").wait_for()
        refused = client.post(f"/api/games/{created['id']}/actions", json={"action": "111222"},
                              params={"token": created["seats"][0]["token"], "lang": "de"}).json()
        assert refused["error"] == "111222 does not use two rings of each height 1, 2 and 3"  # the API's
        said = error.locator(".said").inner_text()
        assert said == refused["said"][:1].upper() + refused["said"][1:] and "111222" in said
        assert error.locator(".detail").inner_text() == f"{refused['sentence']} (gyges.setup)"
        assert refused["sentence"].startswith("Diese Aufstellung")  # the Gygès catalogue's sentence
        grani = new_game(client, "grani", ["human", "human", "human"])
        payload = wait_for(lambda: get(client, grani["id"], grani["seats"][0]["token"]),
                           lambda p: p["to_move"] is not None)
        french = open_page(f"{grani['seats'][0]['url']}&lang=fr")
        shown(french, payload["ply"])
        status = client.get(f"/api/games/{grani['id']}", params={"lang": "fr"}).json()["words"]["status"]
        assert status != payload["words"]["status"]  # French, not the engine's English
        # one status line: the game's words say no more than whose turn it is, so only that is shown
        assert status.lower().startswith("au tour de ")
        assert french.locator("#status").inner_text().lower() in {"à vous de jouer", status.lower()}
        assert french.locator("#waiting").inner_text() == ""


def test_drachenfels_point_cards_are_named_as_in_the_terminal_in_german(server: str, open_page: Any) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game(client, "drachenfels", ["human", "human"])
        game_id = created["id"]
        payload = wait_for(lambda: get(client, game_id, created["seats"][0]["token"]),
                           lambda p: p["to_move"] is not None)
        mover = created["seats"][payload["to_move"]]
        legal = get(client, game_id, mover["token"])["legal"]
        points = [text for text in legal if re.fullmatch(r"\d+ \S+", text)]
        assert points, legal
        page = open_page(f"{mover['url']}&lang=de")
        shown(page, payload["ply"])
        card, field = points[0].split()
        button = page.locator(f'#act button[data-action="{points[0]}"]')
        assert button.locator(".face").inner_text() == field
        heading = button.locator("xpath=..").locator(".group-name").inner_text()
        named = client.get(f"/api/games/{game_id}", params={"token": mover["token"], "lang": "de"}).json()
        assert heading == named["words"]["groups"][f"{card} "] != f"card {card} → field"
        button.click()
        wait_for(lambda: get(client, game_id, mover["token"]), after(payload["ply"]))
