"""Words beside a Gygès picture, built from a view: who won and why, and the way the last move went."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from spielwerk.games.gyges.notation import SIDE_NAMES

THRONE_OWNERS = {"S": "South", "N": "North"}


def result_words(view: Mapping[str, Any]) -> tuple[str, str] | None:
    """(who won, or a draw, with the score; why) once the game is over, else None."""
    result = view.get("result")
    if not isinstance(result, Mapping):
        return None
    returns = result.get("returns") or [0.5, 0.5]
    seats: Sequence[str] = view.get("seats") or SIDE_NAMES
    score = " – ".join(_point(value) for value in returns)
    if returns[0] == returns[1]:
        headline = f"Draw ({score})"
    else:
        winner = 0 if returns[0] > returns[1] else 1
        headline = f"{seats[winner].capitalize()} wins ({score})"
    return headline, _why(view, result)


def _point(value: float) -> str:
    return "½" if value == 0.5 else f"{value:g}"


def _why(view: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    reason = str(result.get("reason", ""))
    last = view.get("last_move")
    if result.get("rule") == "gyges.win" and isinstance(last, Mapping) and last.get("to") in THRONE_OWNERS:
        throne = last["to"]
        owner = THRONE_OWNERS[throne]
        ring = f"the ring from {last.get('from')} (height {last.get('height', '?')})"
        words = f"{ring} reached {owner}'s throne"
        captures, needed = view.get("captures") or {}, view.get("captures_needed") or {}
        winner = "south" if throne == "N" else "north"
        if needed.get(winner, 1) > 1:
            words += f" (capture {captures.get(winner, '?')} of {needed[winner]})"
        return words
    return reason.removeprefix("drawn: ")


def way_words(view: Mapping[str, Any]) -> str | None:
    """The way the last move's ring went, e.g. 'c1 → c2 → c3 → c4, bouncing off c2'; None where
    there is nothing to tell beyond the move's text (no move, or a single step)."""
    last = view.get("last_move")
    if not isinstance(last, Mapping):
        return None
    path = [str(cell) for cell in last.get("path") or ()]
    if len(path) <= 2:
        return None
    words = " → ".join(path)
    bounces = [str(cell) for cell in last.get("bounces") or ()]
    if bounces:
        words += ", bouncing off " + " and ".join(bounces)
    return words
