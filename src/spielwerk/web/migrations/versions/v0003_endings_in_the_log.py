"""Endings in the log: a resignation or a time-out the server stored in `games.ended` becomes the last
row of the game's log (`resign 1`, `timeout 0`), as the engine records it now, so that every process
and every replay of the record ends the game the same way. The column is left empty (not dropped: on
SQLite a dropped column rebuilds the table, and the log's rows hang on it).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None

GAMES = sa.table("games", sa.column("id", sa.String), sa.column("ended", sa.JSON))
ACTIONS = sa.table("actions", sa.column("game_id", sa.String), sa.column("ply", sa.Integer),
                   sa.column("action", sa.String), sa.column("seat", sa.Integer),
                   sa.column("at", sa.DateTime(timezone=True)))
WORDS = {"resign": "resign", "time": "timeout"}
"""How 0002 wrote an ending (`by`) -> the engine's word for it."""


def upgrade() -> None:
    """Append each stored ending to its game's log and empty the column."""
    connection = op.get_bind()
    ended = connection.execute(sa.select(GAMES.c.id, GAMES.c.ended).where(GAMES.c.ended.is_not(None))).all()
    now = datetime.now(UTC)
    for game_id, stored in ended:
        row = _row(game_id, stored, _plies(connection, game_id), now)
        if row is not None:
            connection.execute(ACTIONS.insert().values(**row))
        connection.execute(GAMES.update().where(GAMES.c.id == game_id).values(ended=sa.null()))


def downgrade() -> None:
    """Put each ending that is the last row of a log back into the column, and take the row away."""
    connection = op.get_bind()
    last = (sa.select(ACTIONS.c.game_id, sa.func.max(ACTIONS.c.ply).label("ply"))
            .group_by(ACTIONS.c.game_id).subquery())
    rows = connection.execute(
        sa.select(ACTIONS.c.game_id, ACTIONS.c.ply, ACTIONS.c.action)
        .join(last, sa.and_(ACTIONS.c.game_id == last.c.game_id, ACTIONS.c.ply == last.c.ply))).all()
    names = {word: by for by, word in WORDS.items()}
    for game_id, ply, text in rows:
        word, _, seat = str(text).partition(" ")
        if word in names and seat.isdigit():
            connection.execute(GAMES.update().where(GAMES.c.id == game_id)
                               .values(ended={"by": names[word], "seat": int(seat)}))
            connection.execute(ACTIONS.delete().where(ACTIONS.c.game_id == game_id, ACTIONS.c.ply == ply))


def _plies(connection: sa.Connection, game_id: str) -> int:
    count = connection.execute(sa.select(sa.func.count()).select_from(ACTIONS)
                               .where(ACTIONS.c.game_id == game_id)).scalar()
    return int(count or 0)


def _row(game_id: str, stored: Any, ply: int, at: datetime) -> dict[str, Any] | None:
    """The log row of an ending as 0002 stored it (`{"by": "resign" or "time", "seat"}`); None for
    anything else."""
    if not isinstance(stored, dict) or stored.get("by") not in WORDS:
        return None
    seat = stored.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        return None
    by = WORDS[str(stored["by"])]
    return {"game_id": game_id, "ply": ply, "action": f"{by} {seat}",
            "seat": seat if by == "resign" else None, "at": at}
