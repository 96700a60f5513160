"""Agents answer in their turn, websockets push each watcher its own payload, and games resume."""

from __future__ import annotations

import random
import time

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from spielwerk.web.app import create_app
from tests.web.helpers import get, new_game, play, tokens, wait_for


def test_an_agent_answers_a_persons_move(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "random"])
    token = tokens(created)[0]
    assert token is not None
    payload = play(client, created["id"], token, "123321")
    assert payload["ply"] == 1
    payload = wait_for(lambda: get(client, created["id"], token), lambda seen: seen["ply"] == 2)
    assert payload["to_move"] == 0 and payload["legal"]
    assert payload["history"][0] == "123321"


def test_an_agent_that_moves_first_plays_at_once(client: TestClient) -> None:
    created = new_game(client, "gyges", ["random", "human"])
    token = tokens(created)[1]
    payload = wait_for(lambda: get(client, created["id"], token), lambda seen: seen["ply"] == 1)
    assert payload["to_move"] == 1 and payload["legal"]


def test_two_agents_play_a_game_to_the_end(client: TestClient) -> None:
    created = new_game(client, "gyges", ["random", "random"], options={"max_plies": 20})
    payload = wait_for(lambda: get(client, created["id"]), lambda seen: seen["is_over"], seconds=60)
    assert payload["result"] is not None and payload["record"]["actions"] == payload["history"]



def test_two_people_and_an_agent_play_avalon_to_the_end(client: TestClient) -> None:
    created = new_game(client, "avalon", ["human", "random", "human"], players=3, options={"max_days": 4})
    game_id, keys = created["id"], tokens(created)
    choose = random.Random(7)
    payload = get(client, game_id)
    for _ in range(2000):
        if payload["is_over"]:
            break
        token = keys[payload["to_move"]] if payload["to_move"] is not None else None
        if token is None:
            time.sleep(0.02)  # the agent is thinking
        else:
            play(client, game_id, token, choose.choice(get(client, game_id, token)["legal"]))
        payload = get(client, game_id)
    assert payload["is_over"] and payload["result"] == [0.0, 0.0, 0.0]
    outcome = payload["view"]["result"]["outcome"]  # the server's seed is its own: a loss, of some kind
    assert outcome in ("time", "menhirs", "death") and (outcome != "time" or payload["view"]["day"] == 4)
    assert len(payload["record"]["actions"]) == len(payload["history"]) == payload["ply"]


def test_the_websocket_pushes_the_other_seat_its_payload_after_an_action(client: TestClient) -> None:
    created = new_game(client, "drachenfels", ["human", "human"])
    game_id, seat_tokens = created["id"], tokens(created)
    first = get(client, game_id)["to_move"]
    mover, other = seat_tokens[first], seat_tokens[1 - first]
    assert mover is not None and other is not None
    with client.websocket_connect(f"/ws/games/{game_id}?token={other}") as socket, \
            client.websocket_connect(f"/ws/games/{game_id}") as spectator:
        assert socket.receive_json() == get(client, game_id, other)
        assert spectator.receive_json() == get(client, game_id)
        text = get(client, game_id, mover)["legal"][0]
        after = play(client, game_id, mover, text)
        pushed = socket.receive_json()
        assert pushed == get(client, game_id, other)
        assert pushed["ply"] == after["ply"] > 0
        assert spectator.receive_json() == get(client, game_id)


REFUSED = [("/ws/games/nosuchgame", 4404), ("/ws/games/{id}?token=wrong", 4403)]


@pytest.mark.parametrize(("path", "code"), REFUSED)
def test_the_websocket_refuses_an_unknown_game_and_a_wrong_token(client: TestClient, path: str,
                                                                  code: int) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    with client.websocket_connect(path.replace("{id}", created["id"])) as socket, \
            pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_json()
    assert closed.value.code == code


def test_on_start_the_server_lets_an_agent_play_whose_turn_it_was(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_workers=0)) as paused:  # agents wait
        created = new_game(paused, "gyges", ["random", "human"])
        assert get(paused, created["id"])["ply"] == 0
    with TestClient(create_app(db_url, bot_workers=1)) as client:
        payload = wait_for(lambda: get(client, created["id"]), lambda seen: seen["ply"] == 1)
        assert payload["to_move"] == 1
