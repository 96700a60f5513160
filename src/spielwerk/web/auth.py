"""Seat tokens and game ids: random, 128-bit tokens; only a token's sha256 is ever stored."""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 16
"""128 bits: a token cannot be guessed."""


def new_token() -> str:
    """A fresh seat token (URL-safe text)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_game_id() -> str:
    """A fresh game id (random, so ids tell nothing and cannot be walked)."""
    return secrets.token_urlsafe(9)


def token_hash(token: str) -> str:
    """What is stored of a token: its sha256 in hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def matches(token: str, stored: str | None) -> bool:
    """True where `token` is the one whose hash is `stored` (compared in constant time)."""
    return stored is not None and hmac.compare_digest(token_hash(token), stored)


def bearer(header: str | None) -> str | None:
    """The token of an `Authorization: Bearer TOKEN` header, or None."""
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None
