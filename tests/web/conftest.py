"""Fixtures of the server tests: an app over a fresh SQLite file, and PostgreSQL and Redis where they
run."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spielwerk.web.app import create_app
from spielwerk.web.limits import Rates
from tests.web.helpers import missing_service

POSTGRES = "127.0.0.1:5432"
POSTGRES_USERS = ("postgres", "root")
REDIS = "127.0.0.1:6379"


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A SQLite database file of this test's own."""
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The server (one agent worker, started when an agent first plays) on its own database; a game
    played to its end sends requests faster than a person would, so only new games keep their rate."""
    rates = Rates(requests=(1e6, 1e6), changes=(1e6, 1e6), address_changes=(1e6, 1e6))
    with TestClient(create_app(db_url, bot_workers=1, rates=rates)) as test_client:
        yield test_client


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A URL of the PostgreSQL database `test` at 127.0.0.1:5432, in a schema of this test's own
    (dropped after); skips (or fails, with SPIELWERK_REQUIRE_SERVICES=1) where none is reachable."""
    try:
        import psycopg
    except ImportError:
        missing_service("psycopg is not installed (pip install -e '.[web]')")
        raise
    schema = f"spielwerk_test_{secrets.token_hex(6)}"
    errors = []
    for user in POSTGRES_USERS:
        try:
            with psycopg.connect(f"postgresql://{user}@{POSTGRES}/test", connect_timeout=3,
                                 autocommit=True) as connection:
                connection.execute(f'CREATE SCHEMA "{schema}"')
            break
        except psycopg.Error as error:
            errors.append(f"{user}: {str(error).strip().splitlines()[0] if str(error).strip() else error}")
    else:
        missing_service(f"no PostgreSQL database 'test' at {POSTGRES} with trust auth ({'; '.join(errors)})")
        return
    try:
        yield f"postgresql+psycopg://{user}@{POSTGRES}/test?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(f"postgresql://{user}@{POSTGRES}/test", autocommit=True) as connection:
            connection.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture
def redis_url() -> str:
    """The URL of Redis at 127.0.0.1:6379; skips (or fails, with SPIELWERK_REQUIRE_SERVICES=1) where it
    is unreachable. Channels are per game (random ids), so tests share it safely."""
    try:
        import redis
    except ImportError:
        missing_service("redis is not installed (pip install -e '.[web]')")
        raise
    url = f"redis://{REDIS}/0"
    try:
        with redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3) as connection:
            connection.ping()
    except redis.RedisError as error:
        missing_service(f"no Redis at {REDIS} ({error})")
    return url
