"""Measuring and wrapping rich console markup without importing rich (games draw terminal pictures
as markup; see `Game.terminal`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

_TAG = re.compile(r"\\\[|\[[^\]\[]*\]")
_WORD = re.compile(r"(?:\[[^\]]*\]|\S)+")
"""A word of markup: no space outside its tags."""


def visible_length(markup: str) -> int:
    """How many characters rich prints for `markup` (its tags take none, an escaped `\\[` one)."""
    return len(_TAG.sub(lambda found: "[" if found[0] == "\\[" else "", markup))


def wrap(pieces: Sequence[str], width: int, separator: str = "  ", *, indent: int = 0,
         words: bool = False, hang: int | None = None) -> list[str]:
    """The pieces (markup) joined by `separator` in lines of at most `width` characters where a piece
    fits a line at all, the first indented by `indent`, the others by `hang` (None: the same); with
    `words`, each piece is broken between its words."""
    if words:
        pieces = [word for piece in pieces for word in _WORD.findall(piece)]
        separator = " "
    lines: list[str] = []
    line, used = "", 0
    for piece in pieces:
        size = visible_length(piece)
        if line and used + len(separator) + size > width:
            lines.append(line)
            line, used = "", 0
        margin = indent if not lines or hang is None else hang
        line, used = (line + separator, used + len(separator)) if line else (" " * margin, margin)
        line, used = line + piece, used + size
    return [*lines, line] if line else lines
