"""Safe to expose (issue 25): security headers on every answer, no third-party script, bodies refused
with the status the API names, binary websocket frames closed with a code."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from spielwerk.web.app import create_app
from spielwerk.web.headers import CSP
from tests.web.helpers import new_game, tokens

HEADERS = {"content-security-policy": CSP, "x-frame-options": "DENY", "referrer-policy": "no-referrer",
           "x-content-type-options": "nosniff"}


def _secured(response: object) -> None:
    headers = response.headers  # type: ignore[attr-defined]
    for name, value in HEADERS.items():
        assert headers.get(name) == value, (name, response)


def test_every_page_api_answer_and_file_carries_the_security_headers(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    token = tokens(created)[0]
    game_id = created["id"]
    answers = [client.get("/"), client.get(f"/play/{game_id}", params={"token": token}),
               client.get(f"/replay/{game_id}"), client.get("/rules/gyges"), client.get("/rules/nothing"),
               client.get("/static/play.js"), client.get("/static/style.css"), client.get("/api/games"),
               client.get(f"/api/games/{game_id}"), client.get("/api/games/nothing"), client.get("/nowhere"),
               client.post("/api/games", content=b"x", headers={"content-type": "text/plain"}),
               client.post("/api/games", json={"game": "nothing"}), client.get("/openapi.json")]
    for response in answers:
        _secured(response)
    assert "'unsafe-inline'" not in CSP and "'unsafe-eval'" not in CSP and "frame-ancestors 'none'" in CSP


def test_pages_run_only_their_own_scripts_from_this_origin(client: TestClient) -> None:
    game_id = new_game(client, "gyges", ["human", "human"])["id"]
    for path in ("/", f"/play/{game_id}", f"/replay/{game_id}", "/rules/gyges"):
        html = client.get(path).text
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert 'type="application/json"' in tag or re.search(r'src="/static/[a-z]+\.js"', tag), tag
        assert "http://" not in html and "https://" not in html and " on" + "click=" not in html


def test_the_api_docs_that_load_a_cdn_script_are_off_by_default(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_workers=0)) as client:
        assert client.get("/docs").status_code == 404 and client.get("/redoc").status_code == 404
        assert client.get("/openapi.json").status_code == 200
    with TestClient(create_app(db_url, bot_workers=0, api_docs=True)) as client:
        assert client.get("/docs").status_code == 200


@pytest.mark.parametrize("path", ["/api/games"])
def test_a_refusal_before_any_route_is_secured_too(client: TestClient, path: str) -> None:
    _secured(client.post(path, content=b"x" * (65 * 1024), headers={"content-type": "application/json"}))
