"""Small helpers for the words of messages every game and front end share."""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """`count` and the noun in the right number: "1 step", "3 steps", "0 plies" (plural given)."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"
