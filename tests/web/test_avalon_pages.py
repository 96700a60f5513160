"""Avalon on the web: games made as the lobby makes them (1–4 seats, people and agents, options),
its picture and its words (GET /api/games/{id}/texts) in the page's language, and twins that differ
only in secret backs, which look the same to the seat through the API."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spielwerk.web.app import create_app
from spielwerk.web.auth import new_token
from tests.avalon.twins import twins
from tests.web.helpers import get, new_game, play
from tests.web.test_leaks import SEAT, _store


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The server without agents (the games here wait for people)."""
    with TestClient(create_app(db_url, bot_workers=0)) as test_client:
        yield test_client


def words(client: TestClient, game_id: str, token: str | None, lang: str) -> dict[str, object]:
    """The game's words for the seat of `token` in `lang`."""
    response = client.get(f"/api/games/{game_id}/texts", params={"token": token or "", "lang": lang})
    assert response.status_code == 200, response.text
    answer: dict[str, object] = response.json()
    return answer


def test_the_lobby_offers_avalon_with_its_characters_options_and_agent(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    avalon = next(game for game in catalog["games"] if game["id"] == "avalon")
    assert (avalon["min_players"], avalon["max_players"]) == (1, 4)
    assert avalon["seats"] == ["Cadoc", "Elowen", "Morwen", "Tegid"]
    assert [option["name"] for option in avalon["options"]] == ["max_days", "characters"]
    assert catalog["suggested"]["avalon"] == "ismcts"


def test_the_lobby_asks_the_entry_the_characters_option_makes(client: TestClient) -> None:
    def entry(options: str) -> dict[str, object]:
        answer: dict[str, object] = client.get("/api/catalog/avalon", params={"options": options}).json()
        return answer

    whole = entry("{}")
    assert (whole["min_players"], whole["max_players"], whole["seats"]) == (
        1, 4, ["Cadoc", "Elowen", "Morwen", "Tegid"])
    assert whole == next(g for g in client.get("/api/catalog").json()["games"] if g["id"] == "avalon")
    two = entry('{"characters": "2,4"}')
    assert (two["min_players"], two["max_players"], two["seats"]) == (2, 2, ["Elowen", "Tegid"])
    assert entry('{"characters": [3]}')["seats"] == ["Morwen"]
    assert entry('{"characters": "1,1"}')["rule"] == "web.options"
    assert entry('{"colour": 1}')["rule"] == "web.options"
    assert entry("[1, 3]")["rule"] == "web.body"
    assert entry("{")["rule"] == "web.body"
    assert client.get("/api/catalog/gyges").json()["seats"] == ["south", "north"]
    assert client.get("/api/catalog/chess").json()["rule"] == "web.options"
    assert client.get("/api/catalog/avalon", params={"options": "{" * 3000}).json()["rule"] == "web.body"
    assert client.get("/api/catalog/avalon", params={"options": "[" * 1999}).json()["rule"] == "web.body"
    deep = '{"characters": ' + "[" * 900 + "]" * 900 + "}"
    assert client.get("/api/catalog/avalon", params={"options": deep}).json()["rule"] == "web.options"


@pytest.mark.parametrize(("seats", "options", "names"), [
    (["human"], {}, ["Cadoc"]),
    (["human", "ismcts:200ms"], {"max_days": 10}, ["Cadoc", "Elowen"]),
    (["human", "human", "random"], {"characters": "2,3,4"}, ["Elowen", "Morwen", "Tegid"]),
    (["human", "random", "human", "human"], {"characters": [4, 3, 2, 1], "max_days": 4},
     ["Cadoc", "Elowen", "Morwen", "Tegid"]),
])
def test_avalon_games_are_made_as_the_lobby_sends_them(client: TestClient, seats: list[str],
                                                      options: dict[str, object], names: list[str]) -> None:
    created = new_game(client, "avalon", seats, players=len(seats), options=options)
    assert [seat["name"] for seat in created["seats"]] == names
    payload = get(client, created["id"], created["seats"][0]["token"])
    assert payload["view"]["max_days"] == options.get("max_days", payload["view"]["max_days"])
    refused = client.post("/api/games", json={"game": "avalon", "players": 2, "seats": ["human", "human"],
                                              "options": {"characters": "1,1"}})
    assert refused.status_code == 422 and refused.json()["rule"] == "web.options"


def test_the_picture_and_the_words_speak_the_page_s_language(client: TestClient) -> None:
    created = new_game(client, "avalon", ["human"])
    game_id, token = created["id"], created["seats"][0]["token"]
    german = client.get(f"/api/games/{game_id}/svg", params={"token": token, "lang": "de"}).text
    assert "Herzstein" in german and "Heartstone" not in german
    assert "Heartstone" in client.get(f"/api/games/{game_id}/svg", params={"token": token}).text
    quiet = words(client, game_id, token, "de")
    assert quiet["title"] == quiet["text"] == ""
    assert quiet["labels"]["act commune"] == "Mit dem Stein sprechen"  # type: ignore[index]
    payload = play(client, game_id, token, "explore")
    verse = payload["view"]["waiting"]["verse"]
    assert payload["view"]["waiting"]["node"] == "start" and verse.startswith("13")
    english, german_words, french = (words(client, game_id, token, lang) for lang in ("en", "de", "fr"))
    assert english["title"] == f"Heartstone · {verse}" and german_words["title"] == f"Herzstein · {verse}"
    assert english["text"] and english["text"] != german_words["text"]
    assert french["title"] == f"Pierre-Cœur · {verse}"
    assert french["text"] not in (english["text"], german_words["text"])
    assert french["labels"]["act commune"] == "Communier avec la pierre"  # type: ignore[index]
    labels = english["labels"]
    assert isinstance(labels, dict) and all(f"choose {k}" in labels for k in (1, 2))
    assert english["ply"] == payload["ply"]
    assert words(client, game_id, None, "en")["text"] == english["text"]  # a spectator reads it too


def _secretless(response: Any) -> dict[str, Any]:
    """A payload without the record a finished game shows everyone (the whole game: its secrets too)."""
    payload: dict[str, Any] = response.json()
    payload.pop("record", None)
    return payload


def test_twins_differing_only_in_secret_backs_give_the_same_words_and_picture(client: TestClient,
                                                                             db_url: str) -> None:
    for seed, steps in ((3, 0), (5, 12), (9, 30)):
        first, second = twins(seed, steps)
        assert first.backs != second.backs and first.view(SEAT) == second.view(SEAT)
        token = new_token()
        games = [_store(db_url, state, token) for state in (first, second)]
        for lang in ("en", "de", "fr"):
            seen = [(words(client, game_id, token, lang),
                     client.get(f"/api/games/{game_id}/svg", params={"token": token, "lang": lang}).text,
                     _secretless(client.get(f"/api/games/{game_id}", params={"token": token, "lang": lang})))
                    for game_id in games]
            assert seen[0] == seen[1]  # the payload too: its narration, labels and groups
            hidden = {f"{n}{state.backs[n]}" for state in (first, second) for n in state.placed}
            assert not any(f">{back}<" in seen[0][1] or back in str(seen[0][0]) for back in hidden)


def test_a_game_without_words_answers_empty_texts(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])  # words only for the side setting up
    answer = words(client, created["id"], created["seats"][1]["token"], "de")
    assert answer == {"ply": 0, "title": "", "text": "", "labels": {}}
    setting_up = words(client, created["id"], created["seats"][0]["token"], "de")
    assert setting_up["title"] == "Deine Aufstellung" and setting_up["labels"] == {}
    missing = client.get("/api/games/no-such-game/texts")
    assert missing.status_code == 404 and missing.json()["rule"] == "web.game"


@pytest.mark.parametrize("seats", [["human"], ["human", "human", "human"]])
def test_resigning_a_co_operative_game_loses_it_for_everyone(client: TestClient, seats: list[str]) -> None:
    created = new_game(client, "avalon", seats, players=len(seats))
    answer = client.post(f"/api/games/{created['id']}/resign", params={"token": created["seats"][0]["token"]},
                         json={})
    assert answer.status_code == 200, answer.text
    assert answer.json()["is_over"] and answer.json()["result"] == [0.0] * len(seats)
    assert get(client, created["id"])["result"] == [0.0] * len(seats)  # read back from storage as well
