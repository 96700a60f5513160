"""Idempotent changes: an action, a resignation, a rematch or a name sent again (a retry, a double click)
answers like the first and changes nothing more. An action carries the ply its client saw: the same
action at that ply again answers the first answer, another one 409 web.stale naming what was played."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi.testclient import TestClient

from tests.web.helpers import get, new_game, tokens


def _post(client: TestClient, path: str, token: str | None, body: dict[str, Any]) -> Any:
    return client.post(path, json=body, headers={"Authorization": f"Bearer {token}"})


def test_an_action_sent_twice_with_its_ply_is_played_once(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    game_id, (south, north) = created["id"], tokens(created)
    text = get(client, game_id, south)["legal"][0]
    path = f"/api/games/{game_id}/actions"
    first = _post(client, path, south, {"action": text, "ply": 0})
    assert first.status_code == 200, first.text
    again = _post(client, path, south, {"action": text, "ply": 0})
    assert again.status_code == 200 and again.json() == first.json()
    assert get(client, game_id)["history"] == [text]

    other = next(legal for legal in get(client, game_id, north)["legal"])
    assert _post(client, path, north, {"action": other, "ply": 1}).status_code == 200
    late = _post(client, path, south, {"action": text, "ply": 0})  # still the first answer's change
    assert late.status_code == 200 and late.json()["ply"] == 2
    different = _post(client, path, south, {"action": "654456", "ply": 0})
    assert different.status_code == 409 and different.json()["rule"] == "web.stale"
    assert f"ply 0 is played already: {text}" in different.json()["error"]
    ahead = _post(client, path, south, {"action": text, "ply": 5})
    assert ahead.status_code == 409 and ahead.json()["rule"] == "web.stale"
    assert get(client, game_id)["history"] == [text, other]
    # without a ply (older clients) nothing changes: judged against the game as it is
    assert _post(client, path, north, {"action": text}).status_code in (409, 422)


def test_the_same_take_sent_twice_at_once_takes_one_card(client: TestClient) -> None:
    for _ in range(5):
        created = new_game(client, "drachenfels", ["human", "human"])
        game_id, seats = created["id"], tokens(created)
        seen = get(client, game_id)
        token = seats[seen["to_move"]]
        legal = get(client, game_id, token)["legal"]
        take = next(text for text in legal if text.startswith("take "))
        path, body = f"/api/games/{game_id}/actions", {"action": take, "ply": seen["ply"]}
        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(_post, [client] * 2, [path] * 2, [token] * 2, [body] * 2))
        assert [answer.status_code for answer in answers] == [200, 200], [a.text for a in answers]
        assert answers[0].json() == answers[1].json()
        history = get(client, game_id)["history"]
        assert history[seen["ply"]:].count(take) == 1 and answers[0].json()["ply"] == len(history)


def test_a_resignation_sent_again_with_its_ply_answers_the_same(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    game_id, (south, north) = created["id"], tokens(created)
    path = f"/api/games/{game_id}/resign"
    first = _post(client, path, north, {"ply": 0})
    assert first.status_code == 200, first.text
    again = _post(client, path, north, {"ply": 0})
    assert again.status_code == 200 and again.json() == first.json()
    other = _post(client, path, south, {"ply": 0})  # the other seat's resignation came too late
    assert other.status_code == 409 and other.json()["rule"] == "game.over"
    assert _post(client, path, north, {}).status_code == 409  # without a ply: over is over
    assert get(client, game_id)["history"] == ["resign 1"]


def test_a_rematch_and_a_name_asked_again_answer_the_same(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    game_id, (south, north) = created["id"], tokens(created)
    assert _post(client, f"/api/games/{game_id}/resign", north, {}).status_code == 200
    first = _post(client, f"/api/games/{game_id}/rematch", south, {})
    again = _post(client, f"/api/games/{game_id}/rematch", south, {})
    assert first.status_code == 201 and again.status_code == 200 and again.json() == first.json()
    named = [_post(client, f"/api/games/{game_id}/name", north, {"name": "Ada"}) for _ in range(2)]
    assert [answer.status_code for answer in named] == [200, 200] and named[0].json() == named[1].json()


def test_a_resignation_from_a_page_that_is_behind_still_ends_the_game(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"], options={"setup": "123321,321123"})
    game_id, (south, north) = created["id"], tokens(created)
    moved = _post(client, f"/api/games/{game_id}/actions", south, {"action": "b1-b3", "ply": 0})
    assert moved.status_code == 200, moved.text
    late = _post(client, f"/api/games/{game_id}/resign", north, {"ply": 0})  # North's page showed ply 0
    assert late.status_code == 200, late.text
    assert get(client, game_id)["history"] == ["b1-b3", "resign 1"]
    again = _post(client, f"/api/games/{game_id}/resign", north, {"ply": 0})
    assert again.status_code == 200 and again.json() == late.json()
