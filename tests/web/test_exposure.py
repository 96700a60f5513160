"""Safe to expose (issue 25): security headers on every answer, no third-party script, bodies refused
with the status the API names, binary websocket frames closed with a code."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from spielwerk.web.app import create_app
from spielwerk.web.headers import CSP
from spielwerk.web.limits import MAX_BODY
from tests.web.helpers import new_game, tokens

HEADERS = {"content-security-policy": CSP, "x-frame-options": "DENY", "referrer-policy": "no-referrer",
           "x-content-type-options": "nosniff"}
JSON = {"content-type": "application/json"}


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


def _chunks(size: int) -> Iterator[bytes]:
    for _ in range(size // 8192 + 1):
        yield b" " * 8192


def test_a_chunked_body_over_the_limit_is_refused_413(client: TestClient) -> None:
    response = client.post("/api/games", content=_chunks(MAX_BODY + 1), headers=JSON)
    assert response.status_code == 413 and response.json()["rule"] == "web.body", response.text
    _secured(response)


def test_json_nested_a_thousand_deep_is_refused_422_web_body(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    deep = b"[" * 1000 + b"]" * 1000
    actions = f"/api/games/{created['id']}/actions"
    for path, params in (("/api/games", {}), (actions, {"token": tokens(created)[0]})):
        response = client.post(path, content=deep, params=params, headers=JSON)
        assert response.status_code == 422 and response.json()["rule"] == "web.body", response.text


def test_a_binary_websocket_frame_closes_the_socket_with_a_code(client: TestClient) -> None:
    game_id = new_game(client, "gyges", ["human", "human"])["id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as socket:
        assert socket.receive_json()["ply"] == 0
        socket.send_bytes(b"\x00\x01binary")
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                socket.receive_text()
    assert closed.value.code == 1003
    with client.websocket_connect(f"/ws/games/{game_id}") as socket:  # the server goes on
        assert socket.receive_json()["ply"] == 0


def test_the_websocket_takes_the_token_in_a_subprotocol_and_still_in_the_query(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    game_id, token = created["id"], tokens(created)[0]
    assert token is not None
    path = f"/ws/games/{game_id}"
    with client.websocket_connect(path, subprotocols=["spielwerk", f"token.{token}"]) as socket:
        assert socket.accepted_subprotocol == "spielwerk" and socket.receive_json()["legal"]  # south's seat
    with client.websocket_connect(f"/ws/games/{game_id}?token={token}") as socket:
        assert socket.receive_json()["legal"]
    with client.websocket_connect(f"/ws/games/{game_id}") as socket:
        assert not socket.receive_json()["legal"]  # a spectator
    with pytest.raises(WebSocketDisconnect) as refused, \
            client.websocket_connect(path, subprotocols=["spielwerk", "token.wrong"]) as socket:
        socket.receive_json()
    assert refused.value.code == 4403
