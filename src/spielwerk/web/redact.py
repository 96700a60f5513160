"""Seat tokens kept out of the server's logs: uvicorn writes each request's path with its query
(`/play/ID?token=…`, the websocket's `?token=…`) to its access and error logs, so a filter on those
loggers masks every `token=` value before a line is written."""

from __future__ import annotations

import logging
import re

TOKEN = re.compile(r"(token=)[^&\s\"']*", re.IGNORECASE)
"""A `token=` value in a query (up to the next `&`, space or quote)."""
MASK = r"\1…"
LOGGERS = ("uvicorn.access", "uvicorn.error", "uvicorn")
"""The loggers whose lines carry request paths."""


def masked(text: str) -> str:
    """`text` with every `token=` value replaced by `…`."""
    return TOKEN.sub(MASK, text)


class TokenFilter(logging.Filter):
    """Masks `token=` values in a record's message and in its arguments (always lets it through)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and "token=" in record.msg.lower():
            record.msg = masked(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(masked(arg) if isinstance(arg, str) else arg for arg in record.args)
        elif isinstance(record.args, dict):
            record.args = {key: masked(value) if isinstance(value, str) else value
                           for key, value in record.args.items()}
        return True


def keep_tokens_out_of_logs() -> None:
    """Put a `TokenFilter` on uvicorn's loggers (once)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(existing, TokenFilter) for existing in logger.filters):
            logger.addFilter(TokenFilter())
