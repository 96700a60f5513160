"""Where the links the server hands out point: its public URL (`serve --public-url`, by default
http://HOST:PORT of the server), never the request's Host header, which any client sets."""

from __future__ import annotations

from starlette.requests import HTTPConnection


def public_base(connection: HTTPConnection) -> str:
    """The configured public URL (no trailing slash), else the address this server listens on."""
    configured: str | None = getattr(connection.app.state, "public_url", None)
    if configured:
        return configured.rstrip("/")
    scheme = connection.url.scheme
    server = connection.scope.get("server")
    if not server:
        return f"{scheme}://127.0.0.1"
    host, port = server[0], server[1]
    host = f"[{host}]" if ":" in str(host) else str(host)
    default = {"http": 80, "https": 443, "ws": 80, "wss": 443}.get(scheme)
    return f"{scheme}://{host}" + ("" if port in (None, default) else f":{port}")
