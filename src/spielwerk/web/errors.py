"""Errors as HTTP answers, in one place: every answer is `{"error": message, "rule": id}`; the engine's
errors keep their rule ids, the server's own are named here. No traceback ever reaches a client."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from spielwerk.core.errors import IllegalAction, InvalidNotation, OptionError, SpielwerkError

TOKEN_RULE = "web.token"
"""403: no token, or one that is no seat's of this game."""
NO_GAME_RULE = "web.game"
"""404: no game with that id."""
BODY_RULE = "web.body"
"""422: a request body that is not what the route takes (or 413: too large)."""
NOTATION_RULE = "web.notation"
"""422: an action text that is not in the game's notation."""
OPTIONS_RULE = "web.options"
"""422: an unknown game, option, number of players or seat."""
STALE_RULE = "web.stale"
"""409: the game moved on in the meantime (another server, or a failed write); ask again."""
GAME_OVER_RULE = "game.over"
"""409: the game is over (the engine's rule id; also where the server ended it: resignation, time)."""
RUNNING_RULE = "web.running"
"""409: what only a finished game has (a rematch, the pictures of its replay) of a running game."""
JSON_RULE = "web.json"
"""415: a request that changes something must send `Content-Type: application/json`."""
RATE_RULE = "web.rate"
"""429: too many requests from one address or token; try again later."""
ROUTE_RULE = "web.http"
"""Any other HTTP error (no such route, wrong method)."""
INTERNAL_RULE = "web.internal"
"""500: a fault of the server; the details go to its log only."""

log = logging.getLogger("spielwerk.web")


class WebError(Exception):
    """An answer other than success, raised anywhere below a route."""

    def __init__(self, status: int, message: str, rule: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.rule = rule


def answer(status: int, message: str, rule: str | None) -> JSONResponse:
    """The one shape of every error answer."""
    return JSONResponse({"error": message, "rule": rule}, status_code=status)


def from_spielwerk(error: SpielwerkError) -> WebError:
    """The HTTP answer to an engine error: IllegalAction 409, InvalidNotation and OptionError 422."""
    if isinstance(error, IllegalAction):
        return WebError(409, error.reason, error.rule)
    if isinstance(error, InvalidNotation):
        return WebError(422, str(error), NOTATION_RULE)
    if isinstance(error, OptionError):
        return WebError(422, str(error), OPTIONS_RULE)
    return WebError(422, str(error), BODY_RULE)


def install(app: FastAPI) -> None:
    """Register the handlers that turn every error into `{"error", "rule"}`."""

    @app.exception_handler(WebError)
    async def web_error(_request: Request, error: WebError) -> JSONResponse:
        return answer(error.status, error.message, error.rule)

    @app.exception_handler(SpielwerkError)
    async def spielwerk_error(_request: Request, error: SpielwerkError) -> JSONResponse:
        mapped = from_spielwerk(error)
        return answer(mapped.status, mapped.message, mapped.rule)

    @app.exception_handler(RequestValidationError)
    async def bad_body(_request: Request, error: RequestValidationError) -> JSONResponse:
        return answer(422, describe(error), BODY_RULE)

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, error: HTTPException) -> JSONResponse:
        return answer(error.status_code, str(error.detail), ROUTE_RULE)

    @app.exception_handler(Exception)
    async def internal(request: Request, error: Exception) -> JSONResponse:
        log.exception("internal error on %s %s", request.method, request.url.path, exc_info=error)
        return answer(500, "internal server error", INTERNAL_RULE)


def describe(error: RequestValidationError) -> str:
    """What is wrong with a body, by field, without repeating what was sent."""
    parts = []
    for item in error.errors()[:5]:
        where = ".".join(str(part) for part in item.get("loc", ()) if part != "body") or "body"
        parts.append(f"{where}: {item.get('msg', 'invalid')}")
    return "; ".join(parts) or "the request body is not valid"
