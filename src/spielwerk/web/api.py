"""The HTTP API: each route finds the game and the seat, asks the referee, answers."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

import spielwerk
from spielwerk import agents
from spielwerk.core.inputs import MAX_ACTION_TEXT
from spielwerk.web import i18n, speech
from spielwerk.web.auth import bearer
from spielwerk.web.errors import BODY_RULE, RUNNING_RULE, TOKEN_RULE, WebError
from spielwerk.web.links import public_base
from spielwerk.web.lobby import entry, strength_of, suggested_agent
from spielwerk.web.referee import MAX_SEATS, NewSeat, Referee
from spielwerk.web.tables import Table

router = APIRouter()
MAX_OPTIONS_TEXT = 2000
"""The longest options text a lobby may send to ask for a game's entry."""


class GameIn(BaseModel):
    """A new game: which, with how many players and which options, and who sits where."""

    model_config = ConfigDict(extra="forbid")
    game: StrictStr = Field(max_length=64)
    players: StrictInt | None = None
    options: dict[StrictStr, Any] = Field(default_factory=dict, max_length=32)
    seats: list[StrictStr] | None = Field(default=None, max_length=MAX_SEATS)
    clock: StrictStr | None = Field(default=None, max_length=32)
    """`10m+5s`: each person's time and what each of their actions adds; None: no clock."""


class EmptyIn(BaseModel):
    """A request that carries nothing but its token (still a JSON body: `{}`)."""

    model_config = ConfigDict(extra="forbid")


class NameIn(BaseModel):
    """The name a seat's person wants to be shown by."""

    model_config = ConfigDict(extra="forbid")
    name: StrictStr = Field(max_length=200)


class ActionIn(BaseModel):
    """One action in the game's notation, and the ply the client saw (optional: with it, a repeated
    request answers like the first instead of acting twice)."""

    model_config = ConfigDict(extra="forbid")
    action: StrictStr = Field(max_length=MAX_ACTION_TEXT)
    ply: StrictInt | None = Field(default=None, ge=0)


class PlyIn(BaseModel):
    """A request that may carry the ply the client saw (`{}` or `{"ply": 12}`)."""

    model_config = ConfigDict(extra="forbid")
    ply: StrictInt | None = Field(default=None, ge=0)


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
    table, seats = await referee(request).create(body.game, body.players, body.options, body.seats,
                                                 body.clock)
    return made(request, table, seats)


def made(request: Request, table: Table, seats: list[NewSeat]) -> dict[str, Any]:
    """The answer about a game just made (or a rematch claimed): ids, tokens, links."""
    return {
        "id": table.id,
        "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "token": s.token,
                   "url": None if s.token is None else play_link(request, table.id, s.token)}
                  for s in seats],
        "spectate": play_link(request, table.id),
    }


@router.get("/api/games/{game_id}")
async def show(game_id: str, request: Request, authorization: Authorization = None,
               token: TokenQuery = None) -> dict[str, Any]:
    """The game as the token's seat sees it (no token: as a spectator), its words in the request's
    language (`?lang=`, else `Accept-Language`)."""
    judge = referee(request)
    table = await judge.tables.open(game_id)
    return await judge.look(table, table.seat_for(token_of(authorization, token)), i18n.asked(request))


@router.post("/api/games/{game_id}/actions")
async def act(game_id: str, body: ActionIn, request: Request, authorization: Authorization = None,
              token: TokenQuery = None) -> Response:
    """Play an action as the token's seat; the answer is the seat's new payload. With `ply` (the
    number of actions the client saw) the same action again answers like the first (nothing is played
    twice), another one at a ply already played 409 web.stale."""
    judge = referee(request)
    table = await judge.tables.open(game_id)
    seat = _player(table, token_of(authorization, token))
    answer = await judge.act(table, seat, body.action, body.ply, lang=i18n.asked(request))
    return Response(answer, media_type="application/json")


@router.post("/api/games/{game_id}/resign")
async def resign(game_id: str, body: PlyIn, request: Request, authorization: Authorization = None,
                 token: TokenQuery = None) -> Response:
    """The token's seat gives up: the game ends for everyone (`ended` in the payload says how); once
    it is over, 409 game.over, except for the same seat's resignation repeated with its `ply`."""
    judge = referee(request)
    table = await judge.tables.open(game_id)
    seat = _player(table, token_of(authorization, token))
    answer = await judge.resign(table, seat, i18n.asked(request), body.ply)
    return Response(answer, media_type="application/json")


@router.post("/api/games/{game_id}/name")
async def name(game_id: str, body: NameIn, request: Request, authorization: Authorization = None,
               token: TokenQuery = None) -> dict[str, Any]:
    """The name the token's seat is shown by (1 to 24 characters, spaces collapsed)."""
    judge = referee(request)
    table = await judge.tables.open(game_id)
    seat = _player(table, token_of(authorization, token))
    await judge.name(table, seat, display_name(body.name))
    return await seating(game_id, request, authorization, token)


@router.post("/api/games/{game_id}/rematch")
async def rematch(game_id: str, _body: EmptyIn, request: Request, authorization: Authorization = None,
                  token: TokenQuery = None) -> JSONResponse:
    """The rematch of a finished game for the token's seat: made by the first seat that asks (201),
    claimed by the others with their old tokens (200); answered like POST /api/games, with a token
    for the asking seat only."""
    judge = referee(request)
    table = await judge.tables.open(game_id)
    secret = token_of(authorization, token)
    seat = _player(table, secret)
    assert secret is not None
    new, seats, fresh = await judge.rematch(table, seat, secret)
    return JSONResponse(made(request, new, seats), status_code=201 if fresh else 200)


@router.get("/api/games/{game_id}/svg")
async def picture(game_id: str, request: Request, authorization: Authorization = None,
                  token: TokenQuery = None, ply: Annotated[int | None, Query(ge=0)] = None) -> Response:
    """The board as the token's seat sees it, as SVG; with `ply`, as it was after that many actions
    of the record (a finished game only: its record is public then)."""
    judge = referee(request)
    table = await judge.tables.open(game_id)
    language = i18n.choose(request)
    async with table.lock:
        seat = table.seat_for(token_of(authorization, token))
        state = table.state
        if ply is None:
            svg = state.game.svg(state, seat, language=language)
        elif not table.is_over:
            raise WebError(409, "the replay of a game is shown once it is over", RUNNING_RULE)
        elif ply > len(state.history):
            raise WebError(422, f"the game has {len(state.history)} plies, not {ply}", BODY_RULE)
    if ply is not None:  # drawn in a thread, outside the lock: a finished game's state never changes
        svg = await judge.pictures.draw(table.id, state, ply, seat, language)
    return Response(svg, media_type="image/svg+xml")


@router.get("/api/games/{game_id}/texts")
async def texts(game_id: str, request: Request, authorization: Authorization = None,
                token: TokenQuery = None) -> dict[str, Any]:
    """The game's words for the page beside the token's seat's view, in the request's language
    (`?lang=`, else as the pages choose): `{"ply", "title", "text", "labels"}`, made from that
    view alone (`Game.prose`), so nothing the seat may not know; empty for a game without words."""
    table = await referee(request).tables.open(game_id)
    async with table.lock:
        seat = table.seat_for(token_of(authorization, token))
        state = table.state
        words = state.game.prose(state.view(seat), i18n.choose(request))
        ply = len(state.history)
    return {"ply": ply, "title": words.get("title", ""), "text": words.get("text", ""),
            "labels": words.get("labels", {})}


@router.get("/api/games/{game_id}/seats")
async def seating(game_id: str, request: Request, authorization: Authorization = None,
                token: TokenQuery = None) -> dict[str, Any]:
    """Who sits where (`kind`: "human" or the agent; `strength`: the word of an agent the lobby offers),
    the game's name, and which seat the token's is (`you`; None for a spectator): what the board page
    shows beside the payload; `words` holds the game's and the seats' names in the request's
    language."""
    table = await referee(request).tables.open(game_id, names=True)  # a name chosen through another process
    game = table.state.game
    info = game.info
    lang = i18n.asked(request)
    return {
        "game": info.id,
        "name": info.name,
        "words": {"game": speech.game_name(game, lang),
                  "seats": speech.seat_names(game, table.state.players, lang)},
        "you": table.seat_for(token_of(authorization, token)),
        "seats": [{"seat": s.index, "name": s.name, "kind": s.kind, "display": s.display,
                   "strength": strength_of(info, s.kind)} for s in table.seats],
        "clock": None if table.clock is None else str(table.clock.spec),
        "rematch": table.rematch,
        "rematch_of": table.rematch_of,
    }


@router.get("/api/catalog")
async def catalog(request: Request) -> dict[str, Any]:
    """The games (players, seat names, options with defaults, the agents offered with their strength)
    and agents a new game may have, and the agent suggested for each game (the strongest kind that
    fits it); the games' words in the request's language."""
    lang = i18n.asked(request)
    games = [spielwerk.game(game_id) for game_id in spielwerk.games()]
    return {
        "games": [entry(game, lang) for game in games],
        "agents": agents.names(),
        "suggested": {game.info.id: suggested_agent(game.info) for game in games},
    }


@router.get("/api/catalog/{game_id}")
async def catalog_entry(game_id: str, request: Request,
                        options: Annotated[str, Query(max_length=MAX_OPTIONS_TEXT)] = "{}") -> dict[str, Any]:
    """One game's catalog entry as these options (JSON: `{"characters": [2, 4]}`) make it: its
    players and seat names may follow them (Avalon's characters); 422 for options it refuses."""
    try:
        chosen = json.loads(options)
    except (ValueError, RecursionError):  # RecursionError: nested deeper than the parser goes
        raise WebError(422, "options are a JSON object", BODY_RULE) from None
    if not isinstance(chosen, dict):
        raise WebError(422, "options are a JSON object", BODY_RULE)
    return entry(spielwerk.game(game_id, **chosen), i18n.asked(request))


def play_link(request: Request, game_id: str, token: str | None = None) -> str:
    """The board page of `game_id` for the seat of `token` (without one: a spectator's), under the
    server's public URL (`links.public_base`), never the Host header's."""
    base = public_base(request)
    return f"{base}/play/{game_id}" + (f"?token={token}" if token else "")


MAX_NAME = 24
"""The longest name a seat may choose."""


def display_name(text: str) -> str:
    """`text` as a seat's name: spaces collapsed, 1 to MAX_NAME printable characters; 422 otherwise."""
    cleaned = " ".join(text.split())
    if not cleaned or len(cleaned) > MAX_NAME or not cleaned.isprintable():
        raise WebError(422, f"a name is 1 to {MAX_NAME} printable characters", BODY_RULE)
    return cleaned


def _player(table: Table, token: str | None) -> int:
    seat = table.seat_for(token)
    if seat is None:
        raise WebError(403, "only a seat may act: send its token", TOKEN_RULE)
    return seat
