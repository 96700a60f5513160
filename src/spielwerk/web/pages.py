"""The pages people use: the lobby at `/` and the board of a seat (or a spectator) at `/play/{id}`.
They are static files (plain ES modules, no build step) that talk to the API and the websocket; the
page renders what the server sends and holds no rule."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).with_name("static")
router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby() -> FileResponse:
    """A new game: which game, its options, who sits where; then each seat's invite link."""
    return FileResponse(STATIC / "lobby.html")


@router.get("/play/{game_id}")
async def play(game_id: str) -> FileResponse:
    """The board of the seat whose token the link carries (`?token=`), or a spectator's without one."""
    return FileResponse(STATIC / "play.html")


@router.get("/replay/{game_id}")
async def replay(game_id: str) -> FileResponse:
    """A finished game, ply by ply (with `?token=`, as that seat saw it)."""
    return FileResponse(STATIC / "replay.html")


def static_files() -> StaticFiles:
    """The pages' scripts and styles, served under /static."""
    return StaticFiles(directory=STATIC)
