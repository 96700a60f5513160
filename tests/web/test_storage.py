"""Storage: migrations on start, SQLite's durability settings, the log's unique plies, a failed write
that changes nothing, and an engine that needs none of the server's packages."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError, OperationalError

from spielwerk.web.db import make_engine, migrate
from spielwerk.web.models import ActionRow
from spielwerk.web.store import Logged, Store
from tests.web.helpers import act, get, new_game, play, tokens


def test_migrations_make_the_tables_and_run_again_harmlessly(db_url: str) -> None:
    engine = make_engine(db_url)
    migrate(engine)
    migrate(engine)
    assert {"games", "seats", "actions", "alembic_version"} <= set(inspect(engine).get_table_names())
    with engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0004"


def test_sqlite_runs_in_wal_mode_with_full_synchronous_commits(db_url: str) -> None:
    engine = make_engine(db_url)
    with engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL


def test_a_ply_is_stored_once(client: TestClient, db_url: str) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    store = Store(make_engine(db_url))
    store.append(created["id"], 0, [Logged("123321", 0)], over=False)
    with pytest.raises(IntegrityError):
        store.append(created["id"], 0, [Logged("112233", 0)], over=False)
    with store.engine.begin() as connection:
        connection.execute(ActionRow.__table__.insert().values(  # type: ignore[attr-defined]
            game_id=created["id"], ply=1, action="321123", seat=1, at=datetime.now(UTC)))
    loaded = store.load(created["id"])
    assert loaded is not None and [logged.text for logged in loaded.actions] == ["123321", "321123"]


def test_an_action_whose_write_fails_is_not_acknowledged_and_changes_nothing(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    south = tokens(created)[0]
    assert south is not None

    def broken(*_args: object, **_kwargs: object) -> None:
        raise OperationalError("INSERT", {}, Exception("disk I/O error"))

    store = client.app.state.referee.store  # type: ignore[attr-defined]
    monkeypatch.setattr(store, "append", broken)
    response = act(client, created["id"], south, "123321")
    assert response.status_code == 409 and response.json()["rule"] == "web.stale"
    assert get(client, created["id"], south)["ply"] == 0
    monkeypatch.undo()
    assert play(client, created["id"], south, "123321")["ply"] == 1


def test_the_engine_imports_no_package_of_the_server() -> None:
    code = ("import sys, spielwerk, spielwerk.agents, spielwerk.cli.main\n"
            "web = {'fastapi', 'starlette', 'uvicorn', 'sqlalchemy', 'alembic', 'pydantic', 'psycopg',"
            " 'httpx2', 'websockets', 'redis'}\n"
            "print(sorted(web & {name.split('.')[0] for name in sys.modules}))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
