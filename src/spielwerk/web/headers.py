"""Headers every answer carries, pages, API and static files alike: a Content-Security-Policy that
lets a page run only the server's own scripts (its JSON rides in `<script type="application/json">`,
which is data, never run), no framing by another site, no Referer (a seat's link carries its token),
and no sniffing of content types."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
"""Only this origin's scripts, styles, images (and `data:` ones: the favicon) and connections."""

SECURITY: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
)
"""The headers added to every HTTP answer (where a route has not set them itself)."""


def security_headers() -> dict[str, str]:
    """`SECURITY` as a dict, for an answer made outside the middleware (a 500)."""
    return {name.decode(): value.decode() for name, value in SECURITY}


class SecurityHeaders:
    """ASGI middleware: `SECURITY` on every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers.extend((name, value) for name, value in SECURITY if name not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
