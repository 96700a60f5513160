"""A seat's actions and resignation sent on its websocket are judged as the POSTs are: the same ply
rule (a repeat is answered, not played twice; another action at a played ply is 409 web.stale), the
same refusals in the socket's language, the same rate limits; a spectator's socket cannot act, and
nothing a client sends ends the socket but a binary frame."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from spielwerk.web.app import create_app
from spielwerk.web.limits import Rates
from tests.web.helpers import get, new_game, tokens


def _socket(client: TestClient, game_id: str, token: str | None, lang: str = "en") -> Any:
    offered = ["spielwerk", f"token.{token}"] if token else []
    return client.websocket_connect(f"/ws/games/{game_id}?lang={lang}", subprotocols=offered)


def _ask(socket: WebSocketTestSession, message: Any) -> dict[str, Any]:
    """Send `message` (JSON, or a text as it is) and read frames until the reply (pushes skipped)."""
    socket.send_text(message if isinstance(message, str) else json.dumps(message))
    while True:
        frame: dict[str, Any] = json.loads(socket.receive_text())
        if "reply" in frame:
            return frame


def test_an_action_on_the_socket_is_played_once_and_answered_with_the_payload(client: TestClient) -> None:
    created = new_game(client, "drachenfels", ["human", "human"])
    game_id, (first, second) = created["id"], tokens(created)
    mover = get(client, game_id)["to_move"]
    token = (first, second)[mover]
    assert token is not None
    with _socket(client, game_id, token) as socket:
        first_payload = json.loads(socket.receive_text())
        take = next(text for text in first_payload["legal"] if text.startswith("take"))
        answered = _ask(socket, {"id": 1, "action": take, "ply": first_payload["ply"]})
        assert answered["reply"] == 1 and "status" not in answered
        payload = answered["payload"]
        assert payload["ply"] > first_payload["ply"]  # the take, and the card drawn after it
        assert payload["history"][first_payload["ply"]].startswith("take")
        again = _ask(socket, {"id": 2, "action": take, "ply": first_payload["ply"]})  # a retry
        assert again["payload"]["ply"] == payload["ply"]  # answered, not played twice
        assert get(client, game_id, token)["ply"] == payload["ply"]
        other = next(text for text in first_payload["legal"] if text != take)
        stale = _ask(socket, {"id": "x", "action": other, "ply": first_payload["ply"]})
        assert stale["reply"] == "x" and stale["status"] == 409 and stale["rule"] == "web.stale"


def test_a_refusal_on_the_socket_names_the_rule_in_the_sockets_language(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    game_id, (south, north) = created["id"], tokens(created)
    with _socket(client, game_id, north, lang="de") as socket:
        socket.receive_text()
        refused = _ask(socket, {"id": 7, "action": "321123", "ply": 0})  # South arranges first
        assert refused["status"] == 409 and refused["rule"] == "seat.turn"
        assert refused["said"] != refused["error"] and refused["sentence"]  # in German
    with _socket(client, game_id, south) as socket:
        socket.receive_text()
        bad = _ask(socket, {"id": 8, "action": "z9-z9", "ply": 0})
        assert bad["status"] == 422 and bad["rule"] == "web.notation"
        resigned = _ask(socket, {"id": 9, "resign": True, "ply": 0})
        assert resigned["payload"]["is_over"] and resigned["payload"]["ended"]["by"] == "resign"
    assert get(client, game_id)["history"] == ["resign 0"]


def test_a_spectators_socket_cannot_act(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    with _socket(client, created["id"], None) as socket:
        socket.receive_text()
        refused = _ask(socket, {"id": 1, "action": "123321", "ply": 0})
        assert refused["status"] == 403 and refused["rule"] == "web.token"
    assert get(client, created["id"])["ply"] == 0


@pytest.mark.parametrize("message", [
    "not json", "[1, 2]", "null", json.dumps({"id": 1}), json.dumps({"id": 1, "action": 5}),
    json.dumps({"id": 1, "action": "123321", "ply": -1}),
    json.dumps({"id": 1, "action": "123321", "ply": True}),
    json.dumps({"id": [1], "action": "123321"}), json.dumps({"id": "i" * 65, "action": "123321"}),
    json.dumps({"id": 1, "action": "a" * 1000}), json.dumps({"id": 1, "resign": "yes"}),
    json.dumps({"id": 1, "action": "123321", "extra": 1}), "[" * 5000 + "]" * 5000,
])
def test_whatever_a_client_sends_is_answered_and_the_socket_goes_on(client: TestClient, message: str) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    game_id, (south, _north) = created["id"], tokens(created)
    with _socket(client, game_id, south) as socket:
        socket.receive_text()
        refused = _ask(socket, message)
        assert refused["status"] == 422 and refused["rule"] == "web.body", refused
        played = _ask(socket, {"id": 2, "action": "123321", "ply": 0})
        assert played["payload"]["ply"] == 1


@pytest.fixture
def strict(tmp_path: Path) -> Iterator[TestClient]:
    rates = Rates(requests=(1e6, 1e6), changes=(0.001, 2.0), address_changes=(1e6, 1e6))
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", bot_workers=0, rates=rates)) as test_client:
        yield test_client


def test_actions_on_the_socket_take_from_the_tokens_allowance_like_posts(strict: TestClient) -> None:
    created = new_game(strict, "gyges", ["human", "human"])
    game_id, (south, _north) = created["id"], tokens(created)
    with _socket(strict, game_id, south) as socket:
        socket.receive_text()
        answers = [_ask(socket, {"id": n, "action": "z9-z9", "ply": 0}) for n in range(3)]
    assert [answer["status"] for answer in answers] == [422, 422, 429]
    assert answers[2]["rule"] == "web.rate"
    posted = strict.post(f"/api/games/{game_id}/actions", json={"action": "123321"},
                         headers={"Authorization": f"Bearer {south}"})
    assert posted.status_code == 429  # one allowance, whichever way the change comes


def test_a_socket_sending_more_frames_than_its_address_may_make_requests_is_closed(tmp_path: Path) -> None:
    rates = Rates(requests=(0.001, 8.0), changes=(1e6, 1e6), address_changes=(1e6, 1e6))
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", bot_workers=0, rates=rates)) as client:
        created = new_game(client, "gyges", ["human", "human"])  # one request of the eight
        with _socket(client, created["id"], tokens(created)[0]) as socket:  # two
            socket.receive_text()
            replies = [_ask(socket, "not json")["status"] for _ in range(6)]
            socket.send_text("not json")
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_text()
    assert replies == [422] * 6 and closed.value.code == 4429
