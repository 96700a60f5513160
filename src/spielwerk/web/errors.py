"""Errors as HTTP answers, in one place: every answer is `{"error", "rule", "said", "sentence"}`:
the English message and the rule id as before, and beside them, in the request's language (`?lang=`,
else `Accept-Language`), what was said (`said`) and the rule's sentence (`sentence`: the game's or the
core's `rule.<id>` for engine rules, the web catalogue's for the server's own `web.*` rules). The
engine's errors keep their rule ids, the server's own are named here. No traceback ever reaches a
client."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from spielwerk.core.catalogue import CORE
from spielwerk.core.errors import IllegalAction, InvalidNotation, OptionError, SpielwerkError
from spielwerk.web import i18n
from spielwerk.web.headers import security_headers
from spielwerk.web.i18n import N_

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
"""409: the game is over (the engine's rule id, also where the server refuses a resignation)."""
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

SENTENCES: dict[str, str] = {
    TOKEN_RULE: N_("This link's key belongs to no seat of this game."),
    NO_GAME_RULE: N_("There is no such game."),
    BODY_RULE: N_("That input is not valid."),
    NOTATION_RULE: N_("That is not an action in this game's notation."),
    OPTIONS_RULE: N_("The game, its options or its players are not valid."),
    STALE_RULE: N_("The game changed meanwhile; try again."),
    RUNNING_RULE: N_("That is possible only once the game is over."),
    JSON_RULE: N_("The request must be sent as JSON."),
    RATE_RULE: N_("Too many requests: try again in a moment."),
    ROUTE_RULE: N_("The server does not know this request."),
    INTERNAL_RULE: N_("The server failed; try again later."),
}
"""The sentence of each of the server's own rules (msgids of the web catalogue)."""

Said = Callable[[str], str]
"""What a refusal says in a language: language code -> text."""

log = logging.getLogger("spielwerk.web")


class WebError(Exception):
    """An answer other than success, raised anywhere below a route: `message` in English, and `said`
    (where given) the words for a language; without it a refusal says its rule's sentence."""

    def __init__(self, status: int, message: str, rule: str, said: Said | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.rule = rule
        self.said = said


def sentence(rule: str | None, lang: str, words: Mapping[str, str] | None = None) -> str | None:
    """The sentence of `rule` in `lang`: the web catalogue's for the server's rules, else `rule.<id>`
    of `words` (a game's catalogue) or of the core's; None for a rule without one."""
    if rule is None:
        return None
    if rule in SENTENCES:
        return i18n.gettext(lang, SENTENCES[rule])
    found = (words or CORE.catalogue(lang)).get(f"rule.{rule}")
    return found


def body_of(message: str, rule: str | None, lang: str = i18n.DEFAULT, said: str | None = None,
            words: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The one shape of every error answer; `said` defaults to the rule's sentence (else the English)."""
    told = sentence(rule, lang, words)
    return {"error": message, "rule": rule, "said": said or told or message, "sentence": told}


def answer(status: int, message: str, rule: str | None, lang: str = i18n.DEFAULT,
           said: str | None = None, words: Mapping[str, str] | None = None) -> JSONResponse:
    """An error answer (`body_of`) with its status."""
    return JSONResponse(body_of(message, rule, lang, said, words), status_code=status)


def from_spielwerk(error: SpielwerkError) -> WebError:
    """The HTTP answer to an engine error: IllegalAction 409, InvalidNotation and OptionError 422; its
    words in any language are the error's own message."""
    said = error.message.render if error.message is not None else None
    if isinstance(error, IllegalAction):
        return WebError(409, error.reason, error.rule, said)
    if isinstance(error, InvalidNotation):
        return WebError(422, str(error), NOTATION_RULE, said)
    if isinstance(error, OptionError):
        return WebError(422, str(error), OPTIONS_RULE, said)
    return WebError(422, str(error), BODY_RULE, said)


def refusal(error: WebError, lang: str, words: Mapping[str, str] | None = None) -> JSONResponse:
    """`error` answered in `lang`."""
    status, body = refused(error, lang, words)
    return JSONResponse(body, status_code=status)


def refused(error: WebError | SpielwerkError, lang: str, words: Mapping[str, str] | None = None,
            ) -> tuple[int, dict[str, Any]]:
    """The status and body (`body_of`) that answer `error` in `lang` (an engine error with its own
    game's words), over HTTP or on a websocket."""
    if isinstance(error, SpielwerkError):
        words = error.message.words.catalogue(lang) if error.message is not None else None
        error = from_spielwerk(error)
    said = error.said(lang) if error.said is not None else None
    return error.status, body_of(error.message, error.rule, lang, said, words)


def install(app: FastAPI) -> None:
    """Register the handlers that turn every error into `{"error", "rule", "said", "sentence"}`."""

    @app.exception_handler(WebError)
    async def web_error(request: Request, error: WebError) -> JSONResponse:
        return refusal(error, i18n.asked(request))

    @app.exception_handler(SpielwerkError)
    async def spielwerk_error(request: Request, error: SpielwerkError) -> JSONResponse:
        status, body = refused(error, i18n.asked(request))
        return JSONResponse(body, status_code=status)

    @app.exception_handler(RequestValidationError)
    async def bad_body(request: Request, error: RequestValidationError) -> JSONResponse:
        return answer(422, describe(error), BODY_RULE, i18n.asked(request))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        if error.status_code == 400:  # FastAPI's "error parsing the body": JSON nested too deep, say
            return answer(422, "the request body is not valid JSON", BODY_RULE, i18n.asked(request))
        return answer(error.status_code, str(error.detail), ROUTE_RULE, i18n.asked(request))

    @app.exception_handler(Exception)
    async def internal(request: Request, error: Exception) -> JSONResponse:
        log.exception("internal error on %s %s", request.method, request.url.path, exc_info=error)
        failed = answer(500, "internal server error", INTERNAL_RULE, i18n.asked(request))
        failed.headers.update(security_headers())  # answered outside the middleware that adds them
        return failed


def describe(error: RequestValidationError) -> str:
    """What is wrong with a body, by field, without repeating what was sent."""
    parts = []
    for item in error.errors()[:5]:
        where = ".".join(str(part) for part in item.get("loc", ()) if part != "body") or "body"
        parts.append(f"{where}: {item.get('msg', 'invalid')}")
    return "; ".join(parts) or "the request body is not valid"
