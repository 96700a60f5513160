"""The websocket of a game: the seat's (or a spectator's) payload on connect and after every change,
in the language asked for at connect (`?lang=`, else the handshake's `Accept-Language`); a seat's
actions and resignation may come on it as text frames (`moves.py`), each answered by a reply frame."""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from spielwerk.web import i18n, moves
from spielwerk.web.errors import WebError
from spielwerk.web.hub import Mailbox
from spielwerk.web.referee import Referee

router = APIRouter()
CLOSE_BASE = 4000
"""A refused socket closes with 4000 + the HTTP status (4403 a bad token, 4404 no such game)."""
PROTOCOL = "spielwerk"
"""The subprotocol the server answers where the client offers it (beside its token's)."""
TOKEN_PROTOCOL = "token."
"""A client names its seat's token as the subprotocol `token.TOKEN` (a header, kept out of URLs and
logs); `?token=` still works for older clients."""
UNSUPPORTED = 1003
"""The close code of a socket that sent a binary frame (RFC 6455: data of a type it cannot take)."""


@router.websocket("/ws/games/{game_id}")
async def watch(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
    """Send payloads until the client leaves; what the client sends is read and set aside (a binary
    frame closes the socket with 1003)."""
    judge: Referee = websocket.app.state.referee
    offered = websocket.scope.get("subprotocols", [])
    token = _offered_token(offered) or token
    await websocket.accept(subprotocol=PROTOCOL if PROTOCOL in offered else None)
    lang = i18n.asked(websocket)
    try:
        table = await judge.tables.open(game_id)
        seat = table.seat_for(token[:200] if token else None)
        box = await judge.watch(table, seat, lang)
    except WebError as error:
        await websocket.close(code=CLOSE_BASE + error.status, reason=error.message)
        return
    who = moves.Sender(seat, token[:200] if token and seat is not None else None,
                       websocket.client.host if websocket.client else "?", lang)
    sender = asyncio.create_task(_send(websocket, box))
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:  # a binary frame: this socket speaks text only
                await websocket.close(code=UNSUPPORTED, reason="text frames only")
                break
            try:
                reply = await moves.answer(judge, websocket.app.state.limiter, game_id, who, text)
            except moves.Flood:
                await websocket.close(code=CLOSE_BASE + 429, reason="too many requests")
                break
            await websocket.send_text(reply)
    except WebSocketDisconnect:
        pass
    finally:
        sender.cancel()
        with contextlib.suppress(BaseException):
            await sender
        await judge.unwatch(box)


async def _send(websocket: WebSocket, box: Mailbox) -> None:
    while True:
        await websocket.send_text(await box.get())


def _offered_token(offered: list[str]) -> str | None:
    for protocol in offered:
        if protocol.startswith(TOKEN_PROTOCOL):
            return protocol[len(TOKEN_PROTOCOL):]
    return None
