"""The lobby's features through the API: resigning, clocks, names, rematches and the pictures of a
replay, each with its refusals; and what of them a restarted server keeps."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spielwerk.core.errors import OptionError
from spielwerk.web import clock as clocks
from spielwerk.web.app import create_app
from spielwerk.web.clock import ClockSpec
from spielwerk.web.limits import Rates
from tests.web.helpers import act, get, new_game, play, tokens, wait_for

KEYS = {"view", "legal", "to_move", "ply", "is_over", "history", "result", "record", "narration", "words"}


def people(created: dict[str, Any]) -> list[str]:
    """The tokens of a game whose seats are all people's."""
    found = tokens(created)
    assert all(found)
    return [token for token in found if token]


def _refused(response: Any, status: int, rule: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["rule"] == rule, response.json()


def _post(client: TestClient, path: str, token: str | None, body: Any = None) -> Any:
    params = {"token": token} if token else {}
    return client.post(path, json={} if body is None else body, params=params)


def test_a_resignation_ends_the_game_for_everyone_and_the_other_seat_wins(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    game_id, (south, north) = created["id"], people(created)
    play(client, game_id, south, "123321")
    response = _post(client, f"/api/games/{game_id}/resign", north)
    assert response.status_code == 200, response.text
    payload = response.json()
    assert set(payload) == KEYS | {"ended"}
    assert payload["is_over"] and payload["legal"] == [] and payload["to_move"] is None
    assert payload["result"] == [1.0, 0.0]
    assert payload["ended"] == {"by": "resign", "seat": 1, "reason": "North resigned"}
    assert payload["record"]["actions"] == ["123321", "resign 1"]  # a row of the log, replayed alike
    for token in (south, north, None):
        seen = get(client, game_id, token)
        assert seen["is_over"] and seen["legal"] == [] and seen["ended"]["reason"] == "North resigned"
    _refused(act(client, game_id, north, "321123"), 409, "game.over")
    _refused(_post(client, f"/api/games/{game_id}/resign", south), 409, "game.over")
    _refused(_post(client, f"/api/games/{game_id}/resign", None), 403, "web.token")


def test_with_more_players_the_others_share_the_win_of_a_resignation(client: TestClient) -> None:
    created = new_game(client, "drachenfels", ["human", "human", "human"])
    payload = _post(client, f"/api/games/{created['id']}/resign", tokens(created)[2]).json()
    assert payload["result"] == [0.5, 0.5, 0.0] and payload["ended"]["reason"] == "Yellow resigned"


def test_an_agent_stops_once_its_opponent_resigned(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "random"])
    payload = _post(client, f"/api/games/{created['id']}/resign", tokens(created)[0]).json()
    assert payload["result"] == [0.0, 1.0]
    assert get(client, created["id"])["history"] == ["resign 0"]  # the agent never moved


def test_forms_cannot_post_only_json_415_web_json(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    game_id, (south, _north) = created["id"], people(created)
    for path in (f"/api/games/{game_id}/resign", f"/api/games/{game_id}/actions", "/api/games"):
        form = client.post(path, params={"token": south}, data={"action": "123321"})
        _refused(form, 415, "web.json")
        plain = client.post(path, params={"token": south}, content=b"{}",
                            headers={"content-type": "text/plain"})
        _refused(plain, 415, "web.json")
    assert get(client, game_id)["ply"] == 0 and not get(client, game_id)["is_over"]


@pytest.mark.parametrize(("text", "base", "increment"), [
    ("10m+5s", 600_000, 5000), ("3m", 180_000, 0), ("90s+2s", 90_000, 2000), ("1h+30s", 3_600_000, 30_000),
    ("3d+1d", 3 * 86_400_000, 86_400_000)])
def test_a_clock_is_a_time_and_an_increment(text: str, base: int, increment: int) -> None:
    spec = ClockSpec.parse(text)
    assert (spec.base_ms, spec.increment_ms) == (base, increment)
    assert ClockSpec.parse(str(spec)) == spec


def test_a_bad_clock_is_refused_422_web_options(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_workers=0, rates=Rates(games=(100, 100)))) as client:
        _bad_clocks(client)


def _bad_clocks(client: TestClient) -> None:
    for text in ("10", "10m+", "m+5s", "0s", "10m+5x", "31d", "10m+2d", "10 m", "-1m", "1m+1s+1s", ""):
        with pytest.raises(OptionError):
            ClockSpec.parse(text)
        body = {"game": "gyges", "seats": ["human", "human"], "clock": text}
        _refused(client.post("/api/games", json=body), 422, "web.options")
    _refused(client.post("/api/games", json={"game": "gyges", "clock": 600}), 422, "web.body")


def _later(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """Move every clock's time on by `seconds`."""
    start = clocks.now()
    monkeypatch.setattr(clocks, "now", lambda: start + timedelta(seconds=seconds))


def test_the_clock_runs_for_the_seat_to_move_and_adds_the_increment(client: TestClient,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    created = new_game(client, "gyges", ["human", "human"], clock="1m+5s")
    game_id, (south, north) = created["id"], people(created)
    payload = get(client, game_id, south)
    assert payload["clock"]["spec"] == "1m+5s" and payload["clock"]["running"] == 0
    assert 59_000 < payload["clock"]["left_ms"][0] <= 60_000 and payload["clock"]["left_ms"][1] == 60_000
    _later(monkeypatch, 20)
    after = play(client, game_id, south, "123321")
    assert after["clock"]["running"] == 1
    assert 44_000 < after["clock"]["left_ms"][0] <= 45_000 and after["clock"]["left_ms"][1] == 60_000
    assert set(get(client, game_id)) == {"view", "legal", "to_move", "ply", "is_over", "history", "result",
                                         "narration", "words", "clock"}
    _later(monkeypatch, 20 + 61)  # North thinks too long
    _refused(act(client, game_id, north, "321123"), 409, "game.over")
    over = get(client, game_id, south)
    assert over["is_over"] and over["result"] == [1.0, 0.0]
    assert over["ended"] == {"by": "timeout", "seat": 1, "reason": "North ran out of time"}
    assert over["clock"]["left_ms"][1] == 0 and over["clock"]["running"] is None


def test_the_increment_comes_once_a_turn_not_once_an_action(client: TestClient,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    for _ in range(50):  # a deal whose first mover holds a magic card (most do)
        created = new_game(client, "drachenfels", ["human", "human"], clock="1m+5s")
        game_id, tokens_by_seat = created["id"], people(created)
        mover = get(client, game_id)["to_move"]
        token = tokens_by_seat[mover]
        legal = get(client, game_id, token)["legal"]
        magic = next((text for text in legal if text.split()[0] in {"bridge", "dragon", "rainbow"}), None)
        if magic is not None:
            break
    assert magic is not None
    _later(monkeypatch, 10)
    after = play(client, game_id, token, magic)  # a magic card: the turn goes on
    assert after["to_move"] == mover and after["clock"]["running"] == mover
    assert 49_000 < after["clock"]["left_ms"][mover] <= 50_000  # charged, nothing added
    points = next(text for text in after["legal"] if text.split()[0].isdigit())
    ended = play(client, game_id, token, points)  # a point card ends the turn: the increment, once
    assert ended["to_move"] != mover
    assert 54_000 < ended["clock"]["left_ms"][mover] <= 55_000


def test_a_flag_falls_by_itself_and_agents_have_no_clock(client: TestClient,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    created = new_game(client, "gyges", ["random", "human"], clock="30s")
    game_id, north = created["id"], tokens(created)[1]
    payload = wait_for(lambda: get(client, game_id, north), lambda seen: seen["ply"] == 1)
    assert payload["clock"]["left_ms"][0] is None and payload["clock"]["running"] == 1
    with client.websocket_connect(f"/ws/games/{game_id}?token={north}") as socket:
        assert not socket.receive_json()["is_over"]
        _later(monkeypatch, 31)  # nobody asks: the server's own look at the clocks ends it
        pushed = socket.receive_json()
    assert pushed["is_over"] and pushed["ended"]["by"] == "timeout" and pushed["result"] == [1.0, 0.0]


def test_a_restart_keeps_a_resignation_and_the_clocks_times(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_workers=0)) as client:
        resigned = new_game(client, "gyges", ["human", "human"])
        _post(client, f"/api/games/{resigned['id']}/resign", tokens(resigned)[0])
        timed = new_game(client, "gyges", ["human", "human"], clock="5m+10s")
        south = people(timed)[0]
        left = play(client, timed["id"], south, "123321")["clock"]["left_ms"]
    with TestClient(create_app(db_url, bot_workers=0)) as client:
        seen = get(client, resigned["id"])
        assert seen["is_over"] and seen["result"] == [0.0, 1.0]
        assert seen["ended"]["reason"] == "South resigned"
        clock = get(client, timed["id"])["clock"]
        assert clock["left_ms"][0] == left[0] and clock["running"] == 1
        assert left[1] - 5000 < clock["left_ms"][1] <= left[1]


def test_a_seat_chooses_the_name_it_is_shown_by(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    game_id, (south, north) = created["id"], people(created)
    answer = _post(client, f"/api/games/{game_id}/name", south, {"name": "  Ada   <b>L</b> "})
    assert answer.status_code == 200, answer.text
    seats = client.get(f"/api/games/{game_id}/seats").json()["seats"]
    assert [seat["display"] for seat in seats] == ["Ada <b>L</b>", None]
    for bad in ("", "   ", "x" * 25, "a\u0000b"):
        _refused(_post(client, f"/api/games/{game_id}/name", north, {"name": bad}), 422, "web.body")
    _refused(_post(client, f"/api/games/{game_id}/name", north, {"name": 3}), 422, "web.body")
    _refused(_post(client, f"/api/games/{game_id}/name", None, {"name": "Eve"}), 403, "web.token")


def _finished(client: TestClient, seats: list[str], **extra: Any) -> dict[str, Any]:
    created = new_game(client, "gyges", seats, **extra)
    _post(client, f"/api/games/{created['id']}/resign", tokens(created)[0])
    return created


def test_a_rematch_moves_everyone_one_seat_on_and_each_claims_theirs(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"], clock="10m+5s", options={"max_plies": 40})
    game_id, (south, north) = created["id"], people(created)
    path = f"/api/games/{game_id}/rematch"
    _refused(_post(client, path, south), 409, "web.running")
    play(client, game_id, south, "123321")
    _post(client, f"/api/games/{game_id}/resign", north)
    first = _post(client, path, south)
    assert first.status_code == 201, first.text
    rematch = first.json()
    new_id = rematch["id"]
    assert new_id != game_id and [seat["kind"] for seat in rematch["seats"]] == ["human", "human"]
    assert rematch["seats"][0]["token"] is None and rematch["seats"][1]["token"]  # South plays North now
    assert rematch["seats"][1]["url"].endswith(f"/play/{new_id}?token={rematch['seats'][1]['token']}")
    again = _post(client, path, south)
    assert again.status_code == 200 and again.json() == rematch  # the same game, the same token
    seats = client.get(f"/api/games/{game_id}/seats").json()
    assert seats["rematch"] == new_id
    _refused(client.get(f"/api/games/{new_id}", params={"token": south}), 403, "web.token")
    claimed = _post(client, path, north).json()
    assert claimed["id"] == new_id and claimed["seats"][0]["token"] and claimed["seats"][1]["token"] is None
    assert _post(client, path, north).json() == claimed
    new_south, new_north = claimed["seats"][0]["token"], rematch["seats"][1]["token"]
    fresh = client.get(f"/api/games/{new_id}/seats", params={"token": new_south}).json()
    assert fresh["you"] == 0 and fresh["clock"] == "10m+5s" and fresh["rematch_of"] == game_id
    payload = play(client, new_id, new_south, "123321")  # North has not opened the rematch yet:
    assert payload["ply"] == 1 and payload["clock"]["running"] is None and payload["clock"]["waiting"]
    arrived = client.get(f"/api/games/{new_id}", params={"token": new_north}).json()
    assert arrived["legal"] and arrived["clock"]["running"] == 1 and not arrived["clock"]["waiting"]
    state = client.app.state.referee.tables._tables[new_id].state  # type: ignore[attr-defined]
    assert state.game.options["max_plies"] == 40


def test_a_rematch_against_an_agent_keeps_the_agent(client: TestClient) -> None:
    created = _finished(client, ["human", "random"])
    rematch = _post(client, f"/api/games/{created['id']}/rematch", tokens(created)[0]).json()
    assert [seat["kind"] for seat in rematch["seats"]] == ["random", "human"]
    token = rematch["seats"][1]["token"]
    wait_for(lambda: get(client, rematch["id"], token), lambda seen: seen["ply"] == 1)


def test_the_pictures_of_a_replay_follow_the_record_of_a_finished_game(client: TestClient) -> None:
    import spielwerk

    created = new_game(client, "gyges", ["human", "human"])
    game_id, (south, north) = created["id"], people(created)
    _refused(client.get(f"/api/games/{game_id}/svg", params={"ply": 0}), 409, "web.running")
    for token, text in ((south, "123321"), (north, "321123"), (south, "b1-b3")):
        play(client, game_id, token, text)
    _post(client, f"/api/games/{game_id}/resign", north)
    record = get(client, game_id)["record"]
    assert record["actions"][-1] == "resign 1"
    for ply in range(5):
        state = spielwerk.replay({**record, "actions": record["actions"][:ply]})
        picture = client.get(f"/api/games/{game_id}/svg", params={"ply": ply})
        assert picture.status_code == 200 and picture.text == state.game.svg(state, None)
    _refused(client.get(f"/api/games/{game_id}/svg", params={"ply": 5}), 422, "web.body")
    _refused(client.get(f"/api/games/{game_id}/svg", params={"ply": -1}), 422, "web.body")
    page = client.get(f"/replay/{game_id}")
    assert page.status_code == 200 and 'src="/static/replay.js"' in page.text


def test_without_rate_limits_no_request_is_refused_429(db_url: str) -> None:
    rates = Rates(games=(0.01, 1))
    with TestClient(create_app(db_url, bot_workers=0, rates=rates, rate_limits=False)) as client:
        games = [client.post("/api/games", json={"game": "gyges"}) for _ in range(3)]
        assert [game.status_code for game in games] == [201, 201, 201]


def test_requests_past_the_rates_are_refused_429_web_rate(db_url: str) -> None:
    rates = Rates(requests=(1000, 1000), changes=(0.01, 2), games=(0.01, 3))
    with TestClient(create_app(db_url, bot_workers=0, rates=rates)) as client:
        games = [client.post("/api/games", json={"game": "gyges"}) for _ in range(4)]
        assert [game.status_code for game in games] == [201, 201, 201, 429]
        refused = games[3]
        assert refused.json()["rule"] == "web.rate" and int(refused.headers["retry-after"]) >= 1
        created = games[0].json()
        game_id, (south, north) = created["id"], people(created)
        assert play(client, game_id, south, "123321")["ply"] == 1
        _refused(act(client, game_id, south, "x"), 409, "seat.turn")  # the token's second change
        _refused(act(client, game_id, south, "x"), 429, "web.rate")
        assert play(client, game_id, north, "321123")["ply"] == 2  # another token: its own bucket
        assert get(client, game_id)["ply"] == 2  # reading is bounded apart


def test_behind_a_trusted_proxy_the_rates_count_each_forwarded_client(db_url: str) -> None:
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    rates = Rates(requests=(1000, 1000), games=(0.01, 2))
    app: Any = ProxyHeadersMiddleware(create_app(db_url, bot_workers=0, rates=rates),  # type: ignore[arg-type]
                                      trusted_hosts="*")
    with TestClient(app) as client:  # what `serve --forwarded-allow-ips` makes uvicorn do
        def new(address: str) -> int:
            headers = {"X-Forwarded-For": address}
            return client.post("/api/games", json={"game": "gyges"}, headers=headers).status_code

        assert [new("203.0.113.7") for _ in range(3)] == [201, 201, 429]
        assert new("198.51.100.9") == 201  # another client behind the same proxy


def test_a_clock_waits_until_every_person_has_opened_their_link(client: TestClient,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    created = new_game(client, "gyges", ["human", "human"], clock="1m", arrive=False)
    game_id, (south, north) = created["id"], people(created)
    _later(monkeypatch, 30)  # nobody here yet
    seen = get(client, game_id, south)  # South arrives
    assert seen["clock"]["waiting"] and seen["clock"]["running"] is None
    assert seen["clock"]["left_ms"] == [60_000, 60_000]
    _later(monkeypatch, 40)  # South waits for North: no time of South's runs
    assert get(client, game_id, south)["clock"]["left_ms"] == [60_000, 60_000]
    arrived = get(client, game_id, north)  # North opens the link: South's time runs from now
    assert not arrived["clock"]["waiting"] and arrived["clock"]["running"] == 0
    _later(monkeypatch, 20)
    assert 39_000 < get(client, game_id, north)["clock"]["left_ms"][0] <= 40_000


def test_a_game_against_an_agent_starts_its_clock_when_the_person_arrives(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    created = new_game(client, "gyges", ["human", "random"], clock="1m", arrive=False)
    _later(monkeypatch, 50)
    seen = get(client, created["id"], tokens(created)[0])
    assert not seen["clock"]["waiting"] and seen["clock"]["left_ms"][0] == 60_000


def test_a_clock_of_a_time_a_move_gives_each_turn_its_time_afresh(client: TestClient,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    created = new_game(client, "gyges", ["human", "human"], clock="1m/move")
    game_id, (south, north) = created["id"], people(created)
    assert get(client, game_id)["clock"]["spec"] == "1m/move"
    _later(monkeypatch, 50)
    after = play(client, game_id, south, "123321")
    assert after["clock"]["left_ms"][0] == 60_000 and after["clock"]["running"] == 1  # nothing carried over
    _later(monkeypatch, 61)
    _refused(act(client, game_id, north, "321123"), 409, "game.over")  # a minute for the move, no more
    for bad in ("1m/moves", "/move", "1m+5s/move"):
        answer = client.post("/api/games", json={"game": "gyges", "seats": ["human", "human"], "clock": bad})
        assert answer.status_code == 422 and answer.json()["rule"] == "web.options", bad
