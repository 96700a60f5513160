"""Alembic's environment: migrates the connection `spielwerk.web.db.migrate` hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from spielwerk.web.models import Base


def run() -> None:
    """Run the migrations online, on the connection given in the config's attributes."""
    connection: Connection | None = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("spielwerk's migrations run through spielwerk.web.db.migrate")
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


run()
