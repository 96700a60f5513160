"""The HTTP API: each route finds the game and the seat, asks the referee, answers."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from spielwerk.core.inputs import MAX_ACTION_TEXT
from spielwerk.web.auth import bearer
from spielwerk.web.errors import TOKEN_RULE, WebError
from spielwerk.web.referee import MAX_SEATS, Referee
from spielwerk.web.tables import Table

router = APIRouter()


class GameIn(BaseModel):
    """A new game: which, with how many players and which options, and who sits where."""

    model_config = ConfigDict(extra="forbid")
    game: StrictStr = Field(max_length=64)
    players: StrictInt | None = None
    options: dict[StrictStr, Any] = Field(default_factory=dict, max_length=32)
    seats: list[StrictStr] | None = Field(default=None, max_length=MAX_SEATS)


class ActionIn(BaseModel):
    """One action in the game's notation."""

    model_config = ConfigDict(extra="forbid")
    action: StrictStr = Field(max_length=MAX_ACTION_TEXT)


def referee(request: Request) -> Referee:
    """The app's referee."""
    found: Referee = request.app.state.referee
    return found


def token_of(authorization: str | None, token: str | None) -> str | None:
    """The seat token of a request: `Authorization: Bearer TOKEN`, else `?token=`."""
    return bearer(authorization) or token or None


Authorization = Annotated[str | None, Header(max_length=200)]
TokenQuery = Annotated[str | None, Query(max_length=200)]


@router.post("/api/games", status_code=201)
async def create(body: GameIn, request: Request) -> dict[str, Any]:
    """Start a game; the answer holds each seat's token and link (shown once) and a spectator link."""
    table, seats = await referee(request).create(body.game, body.players, body.options, body.seats)
    base = str(request.base_url).rstrip("/")
    link = f"{base}/api/games/{table.id}"
    return {
        "id": table.id,
        "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "token": s.token,
                   "url": None if s.token is None else f"{link}?token={s.token}"} for s in seats],
        "spectate": link,
    }


@router.get("/api/games/{game_id}")
async def show(game_id: str, request: Request, authorization: Authorization = None,
               token: TokenQuery = None) -> dict[str, Any]:
    """The game as the token's seat sees it (no token: as a spectator)."""
    table = await referee(request).tables.open(game_id)
    async with table.lock:
        return table.payload(table.seat_for(token_of(authorization, token)))


@router.post("/api/games/{game_id}/actions")
async def act(game_id: str, body: ActionIn, request: Request, authorization: Authorization = None,
              token: TokenQuery = None) -> dict[str, Any]:
    """Play an action as the token's seat; the answer is the seat's new payload."""
    judge = referee(request)
    table = await judge.tables.open(game_id)
    seat = _player(table, token_of(authorization, token))
    return await judge.act(table, seat, body.action)


@router.get("/api/games/{game_id}/svg")
async def picture(game_id: str, request: Request, authorization: Authorization = None,
                  token: TokenQuery = None) -> Response:
    """The board as the token's seat sees it, as SVG."""
    table = await referee(request).tables.open(game_id)
    async with table.lock:
        seat = table.seat_for(token_of(authorization, token))
        svg = table.state.game.svg(table.state, seat)
    return Response(svg, media_type="image/svg+xml")


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
async def home() -> str:
    """A short page naming the API (the board page comes later)."""
    return INDEX


def _player(table: Table, token: str | None) -> int:
    seat = table.seat_for(token)
    if seat is None:
        raise WebError(403, "only a seat may act: send its token", TOKEN_RULE)
    return seat


INDEX = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>spielwerk</title></head>
<body><h1>spielwerk server</h1>
<ul>
<li><code>POST /api/games</code> {"game": "gyges", "seats": ["human", "alphabeta:1s"]}:
a new game, a token per seat</li>
<li><code>GET /api/games/{id}</code> with <code>Authorization: Bearer TOKEN</code>:
the game as that seat sees it</li>
<li><code>POST /api/games/{id}/actions</code> {"action": "b1-c3/e5"}: play</li>
<li><code>GET /api/games/{id}/svg</code>: the board;
<code>/ws/games/{id}?token=TOKEN</code>: every change</li>
</ul>
<p><a href="/docs">The API in detail</a></p>
</body></html>
"""
