"""Resignations and time-outs are the engine's endings, rows of the game's log like any action: the
record of a finished game replays to the same end, a resignation after the end is refused with the
reason, and games stored before (with the server's own `ended` column) still load as ended."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import text

import spielwerk
from spielwerk.web import clock as clocks
from spielwerk.web.app import create_app
from spielwerk.web.db import MIGRATIONS, make_engine, migrate
from tests.web.helpers import get, new_game, play, tokens


def _post(client: TestClient, path: str, token: str | None, lang: str | None = None) -> Any:
    params = {"token": token} if token else {}
    if lang:
        params["lang"] = lang
    return client.post(path, json={}, params=params)


def _replayed_ends_alike(payload: dict[str, Any]) -> None:
    """`spielwerk.replay` of the finished game's record ends as the spectator's `payload` says."""
    state = spielwerk.replay(payload["record"])
    assert state.is_over and state.returns() == payload["result"]
    assert state.view(None)["result"] == payload["view"]["result"]
    assert state.ending is not None and payload["ended"]["by"] == state.ending.by
    assert state.ending.seat == payload["ended"]["seat"]
    assert state.view(None)["result"]["reason"] == payload["ended"]["reason"]


def test_a_resignation_is_a_row_of_the_log_and_the_record_replays_to_it(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    game_id, (south, north) = created["id"], tokens(created)
    assert south is not None and north is not None
    play(client, game_id, south, "123321")
    answer = _post(client, f"/api/games/{game_id}/resign", north)
    assert answer.status_code == 200, answer.text
    payload = get(client, game_id)
    assert payload["history"] == ["123321", "resign 1"] and payload["ply"] == 2
    assert payload["record"]["actions"] == ["123321", "resign 1"]
    assert payload["view"]["result"]["rule"] == "game.resign"
    assert payload["narration"][-1] == "North resigns"
    assert payload["ended"] == {"by": "resign", "seat": 1, "reason": "North resigned"}
    _replayed_ends_alike(payload)


def test_a_time_out_is_a_row_of_the_log_and_the_record_replays_to_it(client: TestClient,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    created = new_game(client, "gyges", ["human", "human"], clock="1m")
    game_id, (south, _north) = created["id"], tokens(created)
    assert south is not None
    play(client, game_id, south, "123321")
    start = clocks.now()
    monkeypatch.setattr(clocks, "now", lambda: start + timedelta(seconds=61))
    payload = get(client, game_id)
    assert payload["is_over"] and payload["record"]["actions"] == ["123321", "timeout 1"]
    assert payload["ended"] == {"by": "timeout", "seat": 1, "reason": "North ran out of time"}
    assert payload["view"]["result"]["rule"] == "game.timeout"
    assert payload["narration"][-1] == "North runs out of time"
    assert payload["clock"]["running"] is None and payload["clock"]["left_ms"][1] == 0
    _replayed_ends_alike(payload)
    german = client.get(f"/api/games/{game_id}", params={"lang": "de"}).json()
    assert german["narration"][-1] == "Nord überschreitet die Zeit"
    assert german["words"]["reason"] == "Nord hat die Zeit überschritten"


def test_after_the_end_a_resignation_is_refused_with_the_reason(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    game_id, (south, north) = created["id"], tokens(created)
    assert _post(client, f"/api/games/{game_id}/resign", north).status_code == 200
    for token in (south, north):
        refused = _post(client, f"/api/games/{game_id}/resign", token)
        assert refused.status_code == 409
        assert refused.json() == {"error": "the game is over: North resigned", "rule": "game.over",
                                  "said": "The game is over: North resigned", "sentence": "The game is over."}
    german = _post(client, f"/api/games/{game_id}/resign", south, "de").json()
    assert german["said"] == "Die Partie ist vorbei: Nord hat aufgegeben"
    assert german["sentence"] == "Die Partie ist vorbei." and german["error"].startswith("the game is over")
    french = _post(client, f"/api/games/{game_id}/resign", south, "fr").json()
    assert french["said"] == "La partie est terminée : Nord a abandonné"
    assert get(client, game_id)["history"] == ["resign 1"]  # nothing more was stored


def test_a_game_the_rules_ended_refuses_a_resignation_too(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"], options={"max_plies": 4})
    game_id, (south, north) = created["id"], tokens(created)
    assert south is not None and north is not None
    over = get(client, game_id)
    while not over["is_over"]:
        token = (south, north)[over["to_move"]]
        over = play(client, game_id, token, get(client, game_id, token)["legal"][0])
    assert "ended" not in over and over["view"]["result"]["reason"]
    refused = _post(client, f"/api/games/{game_id}/resign", north)
    assert refused.status_code == 409 and refused.json()["rule"] == "game.over"
    reason = over["view"]["result"]["reason"]
    assert refused.json()["error"] == f"the game is over: {reason}"


def _at_0002(url: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with make_engine(url).begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")


def _stored_the_old_way(url: str, game_id: str, actions: list[str], ended: str) -> None:
    """A Gygès game of two people as revision 0002 stored it: its actions, and its end in `ended`
    (JSON; "null" for a game still running)."""
    now = datetime.now(UTC)
    status = "running" if ended == "null" else "over"
    with make_engine(url).begin() as connection:
        connection.execute(text(
            "INSERT INTO games (id, game, options, players, seed, created, status, ended) "
            "VALUES (:id, 'gyges', '{}', 2, '7', :now, :status, :ended)"),
            {"id": game_id, "now": now, "status": status, "ended": ended})
        for seat in range(2):
            connection.execute(text("INSERT INTO seats (game_id, seat, name, kind) "
                                    "VALUES (:id, :seat, :name, 'human')"),
                               {"id": game_id, "seat": seat, "name": ("south", "north")[seat]})
        for ply, action in enumerate(actions):
            connection.execute(text("INSERT INTO actions (game_id, ply, action, seat, at) "
                                    "VALUES (:id, :ply, :action, :seat, :now)"),
                               {"id": game_id, "ply": ply, "action": action, "seat": ply % 2, "now": now})


def test_games_stored_with_the_old_ended_column_load_as_ended(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    _at_0002(url)
    _stored_the_old_way(url, "resigned", ["123321"], '{"by": "resign", "seat": 1}')
    _stored_the_old_way(url, "flagged", ["123321", "321123"], '{"by": "time", "seat": 0}')
    _stored_the_old_way(url, "running", ["123321"], "null")
    with TestClient(create_app(url, bot_workers=0)) as client:  # migrates to the newest revision
        resigned = get(client, "resigned")
        assert resigned["is_over"] and resigned["result"] == [1.0, 0.0]
        assert resigned["record"]["actions"] == ["123321", "resign 1"]
        assert resigned["ended"] == {"by": "resign", "seat": 1, "reason": "North resigned"}
        assert resigned["narration"][-1] == "North resigns"
        flagged = get(client, "flagged")
        assert flagged["history"] == ["123321", "321123", "timeout 0"] and flagged["result"] == [0.0, 1.0]
        assert flagged["ended"]["reason"] == "South ran out of time"
        assert not get(client, "running")["is_over"]
    engine = make_engine(url)
    with engine.connect() as connection:
        left = connection.execute(text("SELECT count(*) FROM games WHERE ended IS NOT NULL"))
        assert left.scalar() == 0  # each ending lives in its log now
        rows = connection.execute(text("SELECT action, seat FROM actions WHERE game_id = 'flagged' "
                                       "ORDER BY ply"))
        assert [tuple(row) for row in rows] == [("123321", 0), ("321123", 1), ("timeout 0", None)]
    migrate(engine)  # once more: nothing changes
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM actions")).scalar() == 6
