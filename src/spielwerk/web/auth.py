"""Seat tokens and game ids: random, 128-bit tokens; only a token's sha256 is ever stored."""

from __future__ import annotations

import base64
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


def rematch_token(token: str, game_id: str) -> str:
    """The token of a seat in the rematch `game_id`, for the person whose token was `token` in the
    game before: derived (HMAC), so only they can work it out, asking again gives the same one, and
    the server still keeps no token."""
    digest = hmac.new(token.encode("utf-8"), f"rematch:{game_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).rstrip(b"=").decode("ascii")


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
