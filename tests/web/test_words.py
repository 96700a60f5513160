"""The engine's words through the API, in the language a request asks for (`?lang=`, else
`Accept-Language`; a websocket's at connect): the status, the reason, the narration, the names of
seats and games, the words for actions and their groups are the game's catalogue rendered; refusals
say what was wrong and the rule's sentence; the lobby's games, options and agents have their words."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import spielwerk
from spielwerk.core.errors import IllegalAction
from spielwerk.core.message import render_json
from spielwerk.core.state import State
from spielwerk.web import i18n, speech
from spielwerk.web.app import create_app
from spielwerk.web.errors import SENTENCES
from spielwerk.web.limits import Rates
from tests.web.helpers import act, get, new_game, play, tokens

LANGUAGES = ("en", "de", "fr")
SEATS = {"gyges": 2, "grani": 3, "drachenfels": 3, "avalon": 2}


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The server without agents (every seat here is a person's), its rates high."""
    rates = Rates(requests=(1e6, 1e6), changes=(1e6, 1e6), address_changes=(1e6, 1e6))
    with TestClient(create_app(db_url, bot_workers=0, rates=rates)) as test_client:
        yield test_client


def spoken(client: TestClient, game_id: str, token: str | None, lang: str, **headers: str) -> dict[str, Any]:
    """A seat's payload asked in `lang` (or with `headers` alone where `lang` is "")."""
    params = {"lang": lang} if lang else {}
    if token:
        params["token"] = token
    response = client.get(f"/api/games/{game_id}", params=params, headers=headers)
    assert response.status_code == 200, response.text
    payload: dict[str, Any] = response.json()
    return payload


def server_state(client: TestClient, game_id: str) -> State:
    """The server's own state of a game (its seed is the server's secret)."""
    state: State = client.app.state.referee.tables.cached(game_id).state  # type: ignore[attr-defined]
    return state


def played(client: TestClient, game: str, steps: int, seed: int) -> tuple[str, list[str]]:
    """A game of people through the API, `steps` random actions in; its id and the seats' tokens."""
    created = new_game(client, game, ["human"] * SEATS[game], players=SEATS[game])
    keys = [token for token in tokens(created) if token]
    chooser = random.Random(seed)
    for _ in range(steps):
        payload = get(client, created["id"])
        if payload["is_over"]:
            break
        token = keys[payload["to_move"]]
        play(client, created["id"], token, chooser.choice(get(client, created["id"], token)["legal"]))
    return created["id"], keys


@pytest.mark.parametrize("game", sorted(SEATS))
def test_each_seat_s_payload_says_the_catalogue_s_words_in_its_language(client: TestClient,
                                                                        game: str) -> None:
    game_id, keys = played(client, game, 12, 3)
    state = server_state(client, game_id)
    rules = state.game
    for lang in LANGUAGES:
        for seat, token in [*enumerate(keys), (None, None)]:
            payload = spoken(client, game_id, token, lang)
            view = state.view(seat)
            assert payload["view"] == view  # the engine's English, as it was
            assert payload["narration"] == state.narration(seat, lang)
            assert len(payload["narration"]) == len(payload["history"]) == payload["ply"]
            words = payload["words"]
            assert words["lang"] == lang
            assert words["status"] == render_json(rules.words(lang), view["waiting_for_message"], lang)
            assert words["game"] == speech.text(rules.words(lang), "game.name", lang, rules.info.name)
            assert words["seats"] == [speech.standalone(rules.seat_message(n).render(lang))
                                      for n in range(state.players)]
            legal = payload["legal"]
            assert words["labels"] == (rules.move_labels(state, seat, lang) if legal else {})
            assert words["groups"] == speech.groups(rules, legal, lang)
    english, german = spoken(client, game_id, None, "en"), spoken(client, game_id, None, "de")
    assert german["narration"] != english["narration"]
    assert german["words"]["status"] != english["words"]["status"]
    assert german["view"] == english["view"] and german["history"] == english["history"]


def test_a_german_page_s_payload_names_seats_and_tells_a_resignation_in_german(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    game_id, (south, north) = created["id"], tokens(created)
    assert south is not None and north is not None
    play(client, game_id, south, "123321")
    resigned = client.post(f"/api/games/{game_id}/resign", params={"token": north, "lang": "de"}, json={})
    payload = resigned.json()
    assert payload["words"]["seats"] == ["Süd", "Nord"] and payload["words"]["game"] == "Gygès"
    assert payload["narration"][-1] == "Nord gibt auf" and payload["words"]["reason"] == "Nord hat aufgegeben"
    assert payload["words"]["status"] == "nichts: die Partie ist vorbei"
    assert payload["ended"]["reason"] == "North resigned"  # the engine's English stays as it is
    french = spoken(client, game_id, None, "", **{"accept-language": "fr-CH, fr;q=0.9, de;q=0.5"})
    assert french["narration"][-1] == "Nord abandonne" and french["words"]["reason"] == "Nord a abandonné"
    assert spoken(client, game_id, None, "xx")["narration"][-1] == "North resigns"  # a language we lack


def test_a_websocket_speaks_the_language_asked_for_at_connect(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    game_id, (south, north) = created["id"], tokens(created)
    assert south is not None
    with client.websocket_connect(f"/ws/games/{game_id}?token={north}&lang=fr") as french, \
            client.websocket_connect(f"/ws/games/{game_id}", headers={"accept-language": "de"}) as german, \
            client.websocket_connect(f"/ws/games/{game_id}") as english:
        for socket in (french, german, english):
            assert socket.receive_json()["ply"] == 0
        play(client, game_id, south, "123321")
        pushed = [socket.receive_json() for socket in (french, german, english)]
    state = server_state(client, game_id)
    assert pushed[0]["narration"] == state.narration(1, "fr") and pushed[0]["words"]["lang"] == "fr"
    assert pushed[1]["narration"] == state.narration(None, "de")
    assert pushed[1]["words"]["seats"] == ["Süd", "Nord"]
    assert pushed[2]["narration"] == state.narration(None, "en")
    assert pushed[2]["words"]["seats"] == ["South", "North"]


def _refusal(response: Any, status: int, rule: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == {"error", "rule", "said", "sentence"} and body["rule"] == rule, body
    return body


def test_a_refusal_says_what_was_wrong_and_the_rule_s_sentence_in_the_language_asked(
        client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    game_id, (south, north) = created["id"], tokens(created)
    assert south is not None and north is not None
    turn = _refusal(client.post(f"/api/games/{game_id}/actions", params={"token": north, "lang": "de"},
                                json={"action": "321123"}), 409, "seat.turn")
    assert turn == {"error": "it is not your turn", "rule": "seat.turn", "said": "du bist nicht am Zug",
                    "sentence": "Du bist nicht am Zug."}
    play(client, game_id, south, "123321")
    play(client, game_id, north, "321123")
    state = server_state(client, game_id)
    with pytest.raises(IllegalAction) as engine:
        state.clone().apply("a1-a1", seat=0)
    for lang in LANGUAGES:
        body = _refusal(client.post(f"/api/games/{game_id}/actions", params={"token": south, "lang": lang},
                                    json={"action": "a1-a1"}), 409, "gyges.move.no-null")
        assert body["error"] == engine.value.reason  # the API's English, as it was
        assert engine.value.message is not None and body["said"] == engine.value.message.render(lang)
        assert body["sentence"] == state.game.words(lang)["rule.gyges.move.no-null"]
    assert _refusal(act(client, game_id, south, "a1-a1"), 409, "gyges.move.no-null")["said"] == (
        engine.value.reason)
    notation = _refusal(client.post(f"/api/games/{game_id}/actions", params={"token": south, "lang": "fr"},
                                    json={"action": "b1"}), 422, "web.notation")
    assert notation["sentence"] == i18n.gettext("fr", SENTENCES["web.notation"]) != SENTENCES["web.notation"]
    token = _refusal(client.get(f"/api/games/{game_id}", params={"token": "x" * 22},
                                headers={"accept-language": "de"}), 403, "web.token")
    assert token["said"] == token["sentence"] == (
        "Der Schlüssel dieses Links gehört zu keinem Platz dieses Spiels.")
    assert token["error"] == "this token belongs to no seat of this game"
    missing = _refusal(client.get("/api/games/nothing-here", params={"lang": "fr"}), 404, "web.game")
    assert missing["said"] == "Cette partie n'existe pas."


def test_the_server_s_own_refusals_speak_the_language_asked_too(db_url: str) -> None:
    rates = Rates(requests=(1000, 1000), games=(0.01, 1))
    with TestClient(create_app(db_url, bot_workers=0, rates=rates, max_body=100)) as client:
        created = new_game(client, "gyges", ["human", "human"])
        path = f"/api/games/{created['id']}/actions"
        plain = client.post(path, params={"lang": "de"}, content=b"{}",
                            headers={"content-type": "text/plain"})
        assert _refusal(plain, 415, "web.json")["said"] == i18n.gettext("de", SENTENCES["web.json"])
        big = client.post(path, params={"lang": "fr"}, json={"action": "x" * 200})
        assert _refusal(big, 413, "web.body")["said"] == i18n.gettext("fr", SENTENCES["web.body"])
        often = client.post("/api/games", json={"game": "gyges"}, headers={"accept-language": "de"})
        rate = _refusal(often, 429, "web.rate")
        assert rate["said"] == rate["sentence"] == i18n.gettext("de", SENTENCES["web.rate"])
        assert rate["error"] == "too many requests: try again in a moment"


def test_every_rule_of_the_server_has_its_sentence_in_german_and_french() -> None:
    for lang in ("de", "fr"):
        for rule, sentence in SENTENCES.items():
            assert i18n.gettext(lang, sentence) not in ("", sentence), (lang, rule)


def test_the_lobby_offers_each_game_s_names_options_and_agents_in_the_language_asked(
        client: TestClient) -> None:
    for lang in LANGUAGES:
        catalog = client.get("/api/catalog", params={"lang": lang}).json()
        for entry in catalog["games"]:
            game = spielwerk.game(entry["id"])
            words = game.words(lang)
            assert entry["name"] == game.info.name  # the engine's, as it was
            assert entry["words"]["game"] == speech.text(words, "game.name", lang, game.info.name)
            assert entry["words"]["seats"] == speech.seat_names(game, game.info.max_players, lang)
            for option, shown in zip(game.info.options, entry["options"], strict=True):
                assert shown["name"] == option.name and shown["doc"] == option.doc
                assert shown["label"] == speech.text(words, f"option.{option.name}", lang, option.name)
                assert shown["about"] == speech.text(words, f"option.{option.name}.doc", lang, option.doc)
            strengths = [agent["strength"] for agent in entry["agents"]]
            assert strengths == ["easy", "medium", "strong", "strongest"]
    gyges = client.get("/api/catalog/gyges", params={"lang": "de"}).json()
    assert gyges["words"] == {"game": "Gygès", "seats": ["Süd", "Nord"]}
    specs = [agent["spec"] for agent in gyges["agents"]]
    assert specs == ["random", "greedy", "alphabeta:1s", "alphabeta:5s"]
    two = {"lang": "fr", "options": '{"characters": "2,4"}'}
    avalon = client.get("/api/catalog/avalon", params=two).json()
    assert avalon["words"]["seats"] == ["Elowen", "Tegid"]
    assert [agent["spec"] for agent in avalon["agents"]][2:] == ["ismcts:1s", "ismcts:5s"]
    grani = client.get("/api/catalog/grani").json()
    assert [agent["spec"] for agent in grani["agents"]][2:] == ["mcts:1s", "mcts:5s"]


@pytest.mark.parametrize("game", sorted(SEATS))
def test_every_agent_the_lobby_offers_can_take_a_seat(client: TestClient, game: str) -> None:
    entry = client.get(f"/api/catalog/{game}").json()
    others = ["human"] * (max(entry["min_players"], 2) - 2)
    for agent in entry["agents"]:
        new_game(client, game, ["human", agent["spec"], *others], players=2 + len(others))


@pytest.mark.parametrize("lang", ("de", "fr"))
def test_the_lobby_page_carries_the_strength_words_in_its_language(client: TestClient, lang: str) -> None:
    words = i18n.messages(lang)
    for strength in ("easy", "medium", "strong", "strongest"):
        assert words[strength] not in ("", strength), (lang, strength)
    assert client.get("/", params={"lang": lang}).status_code == 200
