"""The lobby: how the server ended a game (resignation, time), its clock, its rematch, and the names
people choose for their seats.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the columns (all nullable: the games stored before go on as they were)."""
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("ended", sa.JSON(), nullable=True))
        games.add_column(sa.Column("clock", sa.String(32), nullable=True))
        games.add_column(sa.Column("clock_left", sa.JSON(), nullable=True))
        games.add_column(sa.Column("clock_since", sa.DateTime(timezone=True), nullable=True))
        games.add_column(sa.Column("rematch", sa.String(32), nullable=True))
        games.add_column(sa.Column("rematch_of", sa.String(32), nullable=True))
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("display", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drop the columns."""
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("display")
    with op.batch_alter_table("games") as games:
        for column in ("rematch_of", "rematch", "clock_since", "clock_left", "clock", "ended"):
            games.drop_column(column)
