"""The tables the server keeps: games, their seats, and each game's append-only log of actions (a
resignation and a time-out are rows of it, `resign 1` and `timeout 0`). The `games.ended` column of
revision 0002 is left empty by revision 0003 and no longer read."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, true
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from spielwerk.core.inputs import MAX_ACTION_TEXT

RUNNING = "running"
OVER = "over"


class Base(DeclarativeBase):
    """The declarative base of the server's tables."""


class GameRow(Base):
    """One game: which game with which options and players, its seed (never sent while it runs)."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[str] = mapped_column(String(40))
    """The seed as decimal text: a 128-bit seed fits no SQL integer type."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    status: Mapped[str] = mapped_column(String(16), index=True)
    clock: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The game's clock (`10m+5s`), or None: no clock, the game waits as long as it takes."""
    clock_left: Mapped[list[int | None] | None] = mapped_column(JSON, nullable=True)
    """Each seat's time left in milliseconds as of `clock_since` (None for an agent's seat)."""
    clock_since: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the last action was stored: the time of the seat to move runs from then."""
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The id of the rematch of this game, once one is made."""
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The id of the game this one is the rematch of."""


class SeatRow(Base):
    """One seat of a game: its name, who plays it ("human" or an agent spec) and its token's hash."""

    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(200))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """sha256 of the seat's token in hex; the token itself is never stored. None for an agent (and
    for a rematch's seat until its person claims it)."""
    display: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The name the seat's person chose to be shown by, or None."""
    opened: Mapped[bool] = mapped_column(Boolean, server_default=true())
    """True once the seat's person opened their link (an agent's seat: from the start); a game's
    clock starts once every seat is."""


class ActionRow(Base):
    """One action of a game's log, chance outcomes included; (game, ply) is unique."""

    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[str] = mapped_column(String(MAX_ACTION_TEXT))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat that chose it; None for a chance outcome the server drew."""
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
