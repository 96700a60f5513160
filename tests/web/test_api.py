"""The HTTP API: games made and played through it, and every refusal with its status and rule."""

from __future__ import annotations

import hashlib
import json
import sqlite3

from fastapi.testclient import TestClient

import spielwerk
from tests.web.helpers import act, get, new_game, play, tokens


def test_a_game_is_made_with_a_token_and_a_link_per_seat_and_a_spectator_link(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    south, north = created["seats"]
    assert (south["seat"], south["name"], north["name"]) == (0, "south", "north")
    assert len({south["token"], north["token"]}) == 2
    assert len(south["token"]) >= 22  # 128 bits, URL-safe
    assert south["url"].endswith(f"/play/{created['id']}?token={south['token']}")  # the seat's board page
    assert created["spectate"].endswith(f"/play/{created['id']}")
    assert new_game(client, "gyges", ["human", "human"])["id"] != created["id"]


def test_the_database_keeps_a_hash_of_each_token_never_the_token(client: TestClient, db_url: str) -> None:
    created = new_game(client, "gyges", ["human", "random"])
    token = tokens(created)[0]
    assert token is not None
    with sqlite3.connect(db_url.removeprefix("sqlite:///")) as db:
        rows = db.execute("SELECT seat, kind, token_hash FROM seats WHERE game_id = ?", (created["id"],))
        assert sorted(rows) == [(0, "human", hashlib.sha256(token.encode()).hexdigest()), (1, "random", None)]
        dump = "\n".join(db.iterdump())
    assert token not in dump


def test_a_whole_gyges_game_through_the_api_replays_from_its_record(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    game_id, seat_tokens = created["id"], tokens(created)
    played: list[str] = []
    payload = get(client, game_id, seat_tokens[0])
    while not payload["is_over"]:
        mover = payload["to_move"]
        waiting = get(client, game_id, seat_tokens[1 - mover])
        assert waiting["legal"] == [] and waiting["to_move"] == mover
        mine = get(client, game_id, seat_tokens[mover])
        assert mine["legal"] and mine["ply"] == len(played)
        played.append(mine["legal"][0])
        token = seat_tokens[mover]
        assert token is not None
        payload = play(client, game_id, token, mine["legal"][0])
        assert payload["history"] == played
    assert payload["result"] in ([1, 0], [0, 1], [0.5, 0.5])
    record = payload["record"]
    assert record["actions"] == played and isinstance(record["seed"], int)
    state = spielwerk.replay(record)
    assert state.is_over and state.view(0) == payload["view"] and state.returns() == payload["result"]
    spectator = get(client, game_id)
    assert spectator["view"] == state.view(None) and spectator["record"] == record


def test_a_spectator_sees_the_spectator_view_and_no_legal_actions(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    seen = get(client, created["id"])
    assert seen["legal"] == [] and seen["to_move"] == 0 and seen["ply"] == 0
    assert seen["view"] == spielwerk.game("gyges").new_state(seed=0).view(None)
    assert set(seen) == {"view", "legal", "to_move", "ply", "is_over", "history", "result",
                         "narration", "words"}


def test_the_seed_of_a_running_game_never_leaves_the_server(client: TestClient, db_url: str) -> None:
    created = new_game(client, "drachenfels", ["human", "human"])
    with sqlite3.connect(db_url.removeprefix("sqlite:///")) as db:
        (seed,) = db.execute("SELECT seed FROM games WHERE id = ?", (created["id"],)).fetchone()
    assert int(seed) > 2**64  # drawn with 128 bits
    for token in [*tokens(created), None]:
        payload = get(client, created["id"], token)
        assert "record" not in payload
        assert seed not in json.dumps(payload)
        assert seed not in client.get(f"/api/games/{created['id']}/svg", params={"token": token or ""}).text


def test_chance_at_the_start_is_settled_and_stored_before_the_game_is_shown(client: TestClient) -> None:
    created = new_game(client, "drachenfels", ["human", "human", "human"])
    payload = get(client, created["id"])
    assert payload["ply"] >= 2 and payload["to_move"] in (0, 1, 2)  # the princesses, the lot, the deal
    assert payload["history"][0] == "princesses ?"


def test_svg_is_the_seats_picture(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    headers = {"Authorization": f"Bearer {tokens(created)[0]}"}
    response = client.get(f"/api/games/{created['id']}/svg", headers=headers)
    assert response.status_code == 200 and response.headers["content-type"].startswith("image/svg+xml")
    state = spielwerk.game("gyges").new_state(seed=0)
    assert response.text == state.game.svg(state, 0)


def _set_up(client: TestClient) -> tuple[str, list[str]]:
    created = new_game(client, "gyges", ["human", "human"])
    south, north = tokens(created)
    assert south is not None and north is not None
    play(client, created["id"], south, "123321")
    play(client, created["id"], north, "321123")
    return created["id"], [south, north]


def _refused(response: object, status: int, rule: str) -> str:
    assert getattr(response, "status_code", None) == status, getattr(response, "text", response)
    body = response.json()  # type: ignore[attr-defined]
    assert set(body) == {"error", "rule", "said", "sentence"} and body["rule"] == rule, body
    assert "Traceback" not in body["error"]
    message: str = body["error"]
    return message


def test_an_action_out_of_turn_is_refused_409_seat_turn(client: TestClient) -> None:
    game_id, (_south, north) = _set_up(client)
    assert _refused(act(client, game_id, north, "f6-f5"), 409, "seat.turn") == "it is not your turn"


def test_an_illegal_action_is_refused_409_with_its_rule(client: TestClient) -> None:
    game_id, (south, _north) = _set_up(client)
    message = _refused(act(client, game_id, south, "a1-a1"), 409, "gyges.move.no-null")
    assert "may not end where it started" in message
    assert get(client, game_id, south)["ply"] == 2  # nothing changed


def test_text_that_is_no_action_is_refused_422_web_notation(client: TestClient) -> None:
    game_id, (south, _north) = _set_up(client)
    _refused(act(client, game_id, south, "b1"), 422, "web.notation")


def test_a_bad_body_is_refused_422_web_body(client: TestClient) -> None:
    game_id, (south, _north) = _set_up(client)
    _refused(act(client, game_id, south, 3), 422, "web.body")
    _refused(act(client, game_id, south, "x" * 201), 422, "web.body")
    url = f"/api/games/{game_id}/actions?token={south}"
    _refused(client.post(url, json={"move": "f1-f2"}), 422, "web.body")
    _refused(client.post(url, json={"action": "f1-f2", "seat": 1}), 422, "web.body")
    broken = client.post(url, content=b"{not json", headers={"content-type": "application/json"})
    _refused(broken, 422, "web.body")
    _refused(client.post("/api/games", json={"game": "gyges", "players": "2"}), 422, "web.body")


def test_a_body_over_64_kib_is_refused_413(client: TestClient) -> None:
    game_id, (south, _north) = _set_up(client)
    big = json.dumps({"action": "f1-f2", "pad": "x" * 70_000})
    response = client.post(f"/api/games/{game_id}/actions?token={south}", content=big,
                           headers={"content-type": "application/json"})
    _refused(response, 413, "web.body")


def test_a_wrong_token_is_refused_403_and_a_spectator_may_not_act(client: TestClient) -> None:
    game_id, (south, _north) = _set_up(client)
    _refused(act(client, game_id, south[::-1], "f1-f2"), 403, "web.token")
    _refused(act(client, game_id, None, "f1-f2"), 403, "web.token")
    _refused(client.get(f"/api/games/{game_id}", headers={"Authorization": "Bearer nope"}), 403, "web.token")
    other = new_game(client, "gyges", ["human", "human"])
    _refused(act(client, game_id, tokens(other)[0], "f1-f2"), 403, "web.token")


def test_an_unknown_game_is_404(client: TestClient) -> None:
    _refused(client.get("/api/games/nosuchgame"), 404, "web.game")
    _refused(act(client, "nosuchgame", "token", "f1-f2"), 404, "web.game")
    _refused(client.get("/api/games/nosuchgame/svg"), 404, "web.game")
    _refused(client.get("/api/nothing"), 404, "web.http")


def test_bad_games_options_and_seats_are_refused_422_web_options(client: TestClient) -> None:
    for body in (
        {"game": "chess"},
        {"game": "gyges", "options": {"replace_rule": "lenient"}},
        {"game": "gyges", "options": {"colour": "red"}},
        {"game": "gyges", "players": 3},
        {"game": "gyges", "seats": ["human"]},
        {"game": "gyges", "seats": ["human", "deepblue:1s"]},
        {"game": "gyges", "seats": ["human", "mcts:forever"]},
        {"game": "drachenfels", "seats": ["human", "alphabeta:1s"]},  # alpha-beta sees no secrets
        {"game": "grani", "seats": ["human", "alphabeta", "random"]},  # nor plays three
    ):
        _refused(client.post("/api/games", json=body), 422, "web.options")


def test_options_and_players_are_taken(client: TestClient) -> None:
    created = new_game(client, "grani", ["human", "human", "human", "human"], options={"seals_to_win": 2})
    assert [seat["name"] for seat in created["seats"]] == ["yellow", "blue", "red", "white"]
    payload = get(client, created["id"])
    assert payload["to_move"] in range(4)
    stored = client.app.state.referee.tables  # type: ignore[attr-defined]
    assert stored._tables[created["id"]].state.game.options["seals_to_win"] == 2


def test_a_finished_game_refuses_more_actions_409_game_over(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"], options={"max_plies": 4})
    seat_tokens = tokens(created)
    payload = get(client, created["id"])
    while not payload["is_over"]:
        token = seat_tokens[payload["to_move"]]
        assert token is not None
        payload = play(client, created["id"], token, get(client, created["id"], token)["legal"][0])
    token = seat_tokens[0]
    _refused(act(client, created["id"], token, "f1-f2"), 409, "game.over")


def test_the_root_page_links_to_the_api(client: TestClient) -> None:
    response = client.get("/")
    assert response.status_code == 200 and 'href="/openapi.json"' in response.text
