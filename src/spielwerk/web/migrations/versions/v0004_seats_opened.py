"""Whether each seat's person has opened their link: a game's clock starts once every person has.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add `seats.opened`; the seats stored before count as opened (their clocks went on running)."""
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("opened", sa.Boolean(), nullable=False, server_default=sa.true()))


def downgrade() -> None:
    """Drop the column."""
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("opened")
