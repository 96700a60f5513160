"""`spielwerk serve`: the server on uvicorn, and a browser opened on it."""

from __future__ import annotations

import threading
import webbrowser

import uvicorn

from spielwerk.web.app import create_app
from spielwerk.web.limits import MAX_BODY


def serve(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None, open_browser: bool = True,
          bot_workers: int | None = None) -> None:
    """Run the server until it is stopped."""
    app = create_app(db_url, bot_workers=bot_workers)
    if open_browser:
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        threading.Timer(1.5, webbrowser.open, args=(f"http://{shown}:{port}/",)).start()
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_BODY, log_level="info")
