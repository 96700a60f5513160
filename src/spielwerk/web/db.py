"""The database: its URL (SQLite in the user's data folder by default, PostgreSQL by URL), the engine
with SQLite's durability settings, and the migrations run on start."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import platformdirs
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

try:
    import fcntl
except ImportError:  # Windows: one process per SQLite file there
    fcntl = None  # type: ignore[assignment]

MIGRATIONS = Path(__file__).with_name("migrations")
MIGRATION_LOCK = 0x5370_6965_6C77
"""The PostgreSQL advisory lock that lets one of several processes started at once migrate at a time."""
RETRIES = 3
"""Tries of a store call more where the database ended its connection under it (see `retried`)."""

P = ParamSpec("P")
T = TypeVar("T")


def default_url() -> str:
    """A SQLite file in spielwerk's user data folder (`~/.local/share/spielwerk/server.db` on Linux)."""
    folder = Path(platformdirs.user_data_dir("spielwerk"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.db'}"


def make_engine(url: str) -> Engine:
    """An engine for `url`; SQLite files get WAL, synchronous=FULL and foreign keys on every connection,
    so a commit is on disk before it returns. Connections are not pinged before each use (a round trip
    per request): a statement whose connection the database ended is tried again (`retried`)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url)
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
    event.listen(engine, "connect", _sqlite_settings)
    return engine


def _sqlite_settings(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()


def migrate(engine: Engine) -> None:
    """Bring the database up to the newest revision (Alembic, programmatically), one process at a
    time (several started at once would all create the same tables): on PostgreSQL under an advisory
    lock, on a SQLite file under a lock on the file beside it (`<file>.migrating`)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with _file_lock(engine), engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@contextlib.contextmanager
def _file_lock(engine: Engine) -> Iterator[None]:
    """An exclusive lock on `<SQLite file>.migrating` while it is held (nothing for other databases,
    an in-memory one, or where `fcntl` is missing: Windows)."""
    database = engine.url.database
    if engine.url.get_backend_name() != "sqlite" or not database or database == ":memory:" or fcntl is None:
        yield
        return
    with open(f"{database}.migrating", "a+b") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock.fileno(), fcntl.LOCK_UN)


def disconnected(error: BaseException) -> bool:
    """True where the database ended the connection under a statement (a restart, an administrator's
    `pg_terminate_backend`): the pool has thrown that connection away, and a new try gets a new one."""
    return isinstance(error, DBAPIError) and bool(error.connection_invalidated)


def retried(call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """`call` (one transaction of the store, blocking), tried again where the database ended the
    connection under it, up to RETRIES times more. Safe for reads, and for appends to the log: an
    append whose commit went through before the connection ended fails the next try as a ply
    already stored, which the referee answers as the same request repeated."""
    for attempt in range(RETRIES):
        try:
            return call(*args, **kwargs)
        except DBAPIError as error:
            if not disconnected(error):
                raise
            time.sleep(0.05 * attempt)  # at once first (a new connection), then a moment to restart
    return call(*args, **kwargs)
