"""The input boundary: limits on what a user or a network client may hand the engine, and a safe,
short way to quote such input in an error message."""

from __future__ import annotations

import reprlib
from typing import Any

from spielwerk.core.catalogue import say
from spielwerk.core.errors import InvalidNotation, SpielwerkError

MAX_ACTION_TEXT = 200
"""The longest action text read; every game's longest canonical text is far shorter."""

MAX_POSITION_TEXT = 20_000
"""The longest position text (or JSON position) read."""

MAX_RECORD_ACTIONS = 100_000
"""The most actions a record may hold (the longest games of our games take a few thousand)."""

MAX_NESTING = 20
"""The deepest nesting of lists and dicts read from JSON data (records, positions, states)."""

MAX_SEED = 2**128
"""Seeds are whole numbers in [0, MAX_SEED)."""

QUOTE_LENGTH = 40
"""At most this many characters of a user's input are repeated in an error message."""

_REPR = reprlib.Repr()
_REPR.maxlevel = 2
_REPR.maxtuple = _REPR.maxlist = _REPR.maxarray = _REPR.maxdict = 4
_REPR.maxset = _REPR.maxfrozenset = _REPR.maxdeque = 4
_REPR.maxstring = _REPR.maxlong = _REPR.maxother = QUOTE_LENGTH


def quote(value: Any) -> str:
    """A short, safe rendering of any input for an error message: never long, never recursing."""
    if isinstance(value, str):
        short = value if len(value) <= QUOTE_LENGTH else value[:QUOTE_LENGTH] + "…"
        return repr(short)
    try:
        text = _REPR.repr(value)
    except Exception:
        return f"a {type(value).__name__}"
    return text if len(text) <= 2 * QUOTE_LENGTH else text[: 2 * QUOTE_LENGTH] + "…"


def quote_name(name: Any) -> str:
    """A name as typed (an option's, say) where it is a plain short name, else quoted safely."""
    plain = isinstance(name, str) and name.isidentifier() and name.isascii() and len(name) <= QUOTE_LENGTH
    return str(name) if plain else quote(name)


def action_text(value: Any) -> str:
    """`value` as an action text within the limits, or InvalidNotation."""
    if not isinstance(value, str):
        raise InvalidNotation(say("input.action.not-text", given=quote(value)))
    if len(value) > MAX_ACTION_TEXT:
        raise InvalidNotation(say("input.action.too-long", given=quote(value), count=len(value)))
    return value


def text_of(value: Any) -> str | None:
    """`str(value)` of a value that claims to be an action, or None where it cannot be had safely."""
    try:
        text = str(value)
    except Exception:
        return None
    return text if len(text) <= MAX_ACTION_TEXT else None


def depth_of(value: Any, limit: int = MAX_NESTING) -> int:
    """How deeply lists and dicts nest in `value`, counting no further than `limit` + 1."""
    depth, level = 0, [value]
    while level and depth <= limit:
        children: list[Any] = []
        for item in level:
            if isinstance(item, dict):
                children.extend(item.values())
            elif isinstance(item, (list, tuple)):
                children.extend(item)
        if not children:
            return depth
        depth, level = depth + 1, children
    return depth


def check_nesting(value: Any, what: str) -> None:
    """SpielwerkError where `value` nests lists and dicts deeper than MAX_NESTING."""
    if depth_of(value) > MAX_NESTING:
        raise SpielwerkError(say("input.nesting", what=what, most=MAX_NESTING))


def whole_number(value: Any, what: str, low: int, high: int) -> int:
    """`value` as an int in [low, high) (an int, not a bool, not a float), or SpielwerkError."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise SpielwerkError(say("input.whole", what=what, given=quote(value)))
    if not low <= value < high:
        raise SpielwerkError(say("input.whole.range", what=what, low=low, high=high - 1, given=quote(value)))
    return value
