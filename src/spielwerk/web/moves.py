"""Changes sent on a game's websocket: a seat's action or resignation as a text frame
`{"id", "action", "ply"}` or `{"id", "resign": true, "ply"}`, judged exactly as `POST …/actions` and
`POST …/resign` judge them (the same referee, the same ply rule, the same rate limits), answered with
`{"reply": id, "payload": …}` once stored (the seat's new payload, as the POST answers; it is pushed
as well, like every watcher's) or `{"reply": id, "status", "error", "rule", "said", "sentence"}`
where refused. Nothing a client sends
can end the socket but a binary frame."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from spielwerk.core.errors import SpielwerkError
from spielwerk.core.inputs import MAX_ACTION_TEXT
from spielwerk.web.errors import BODY_RULE, RATE_RULE, TOKEN_RULE, WebError, refused
from spielwerk.web.limits import Limiter
from spielwerk.web.referee import Referee

MAX_ID = 64
"""The longest `id` a client may give (its own counter, echoed back as `reply`)."""


class Flood(Exception):
    """A socket sends more frames than its address may make requests: it is closed (4429)."""


@dataclass(frozen=True)
class Sender:
    """Who sends on a socket: its seat (None: a spectator), its token, its address and language."""

    seat: int | None
    token: str | None
    address: str
    lang: str


async def answer(judge: Referee, limiter: Limiter | None, game_id: str, sender: Sender, text: str) -> str:
    """The reply frame to the text frame `text` on a socket of `game_id`, the change made where it is
    one that may be made; `Flood` past the address's requests (every frame is one)."""
    if limiter is not None and limiter.request(sender.address):
        raise Flood
    reply: str | int | None = None
    try:
        message = _object(text)
        reply = _id(message)
        ply, action, resign = _change(message)
        if sender.seat is None or sender.token is None:
            raise WebError(403, "a spectator's socket cannot act; open the seat's link", TOKEN_RULE)
        wait = limiter.change(sender.address, sender.token) if limiter is not None else 0.0
        if wait:
            raise WebError(429, f"too many requests: try again in {max(1, math.ceil(wait))} s", RATE_RULE)
        table = await judge.tables.open(game_id)  # up to date, or loaded again where it was let go
        if resign:
            payload = await judge.resign(table, sender.seat, sender.lang, ply)
        else:
            payload = await judge.act(table, sender.seat, action, ply, sender.lang)
        return f'{{"reply":{json.dumps(reply)},"payload":{payload}}}'  # the payload's text as it is
    except (WebError, SpielwerkError) as error:
        status, body = refused(error, sender.lang)
        return json.dumps({"reply": reply, "status": status, **body}, ensure_ascii=False)


def _object(text: str) -> dict[str, Any]:
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        message = None
    if not isinstance(message, dict):
        raise WebError(422, "a message is a JSON object", BODY_RULE)
    return message


def _id(message: dict[str, Any]) -> str | int | None:
    given = message.get("id")
    if given is None or (type(given) in (str, int) and len(str(given)) <= MAX_ID):
        return given
    raise WebError(422, f"id is a number or a text of at most {MAX_ID} characters", BODY_RULE)


def _change(message: dict[str, Any]) -> tuple[int | None, str, bool]:
    """(ply, action text, resign) of a message; 422 web.body for anything else."""
    unknown = set(message) - {"id", "ply", "action", "resign"}
    if unknown:
        raise WebError(422, f"a message has no field {sorted(unknown)[0][:40]}", BODY_RULE)
    ply, action, resign = message.get("ply"), message.get("action"), message.get("resign", False)
    if ply is not None and (type(ply) is not int or ply < 0):
        raise WebError(422, "ply is the number of actions the client saw", BODY_RULE)
    if resign is True and action is None:
        return ply, "", True
    if resign is not False or type(action) is not str or len(action) > MAX_ACTION_TEXT:
        raise WebError(422, f"a message names an action (a text of at most {MAX_ACTION_TEXT} characters) "
                       "or resign: true", BODY_RULE)
    return ply, action, False
