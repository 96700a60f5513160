"""Words beside a Gygès picture, built from a view: who won and why, and the way the last move went,
in the reader's language (the texts come from the game's catalogue)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from spielwerk.core.message import Message, render_json
from spielwerk.games.gyges.notation import SIDE_NAMES
from spielwerk.games.gyges.say import WORDS, say

THRONE_OWNERS = {"S": "south", "N": "north"}


def seat_word(name: str) -> Message:
    """The seat named `name` ("south") as a `Message` of the catalogue."""
    return say(f"seat.{name}")


def result_words(view: Mapping[str, Any], language: str = "en") -> tuple[str, str] | None:
    """(who won, or a draw, with the score; why) once the game is over, else None."""
    result = view.get("result")
    if not isinstance(result, Mapping):
        return None
    returns = result.get("returns") or [0.5, 0.5]
    seats: Sequence[str] = view.get("seats") or SIDE_NAMES
    score = " – ".join(_point(value) for value in returns)
    if returns[0] == returns[1]:
        headline = say("panel.draw", score=score)
    else:
        winner = 0 if returns[0] > returns[1] else 1
        headline = say("panel.wins", seat=seat_word(seats[winner]), score=score)
    return headline.render(language), _why(view, result, language)


def _point(value: float) -> str:
    return "½" if value == 0.5 else f"{value:g}"


def _why(view: Mapping[str, Any], result: Mapping[str, Any], language: str) -> str:
    last = view.get("last_move")
    if result.get("rule") == "gyges.win" and isinstance(last, Mapping) and last.get("to") in THRONE_OWNERS:
        throne = last["to"]
        owner = seat_word(THRONE_OWNERS[throne])
        start, height = last.get("from"), last.get("height", "?")
        captures, needed = view.get("captures") or {}, view.get("captures_needed") or {}
        winner = "south" if throne == "N" else "north"
        if needed.get(winner, 1) > 1:
            count = captures.get(winner, "?")
            words = say("panel.reached.captures", start=start, height=height, owner=owner, count=count,
                        needed=needed[winner])
        else:
            words = say("panel.reached", start=start, height=height, owner=owner)
        return words.render(language)
    return reason_text(result, language, bare=True)


def reason_text(result: Mapping[str, Any], language: str = "en", *, bare: bool = False) -> str:
    """Why the game ended, in `language` (from the result's `reason_message`, else its English
    `reason`); `bare` leaves out a draw's "drawn:" (the headline says it)."""
    said = result.get("reason_message")
    if not isinstance(said, Mapping):
        return str(result.get("reason", ""))
    if bare and said.get("key") == "end.drawn" and isinstance(said.get("args"), Mapping):
        why = said["args"].get("why")
        if isinstance(why, Mapping):
            said = why
    return render_json(WORDS.catalogue(language), said, language)


def way_words(view: Mapping[str, Any], language: str = "en") -> str | None:
    """The way the last move's ring went, e.g. 'c1 → c2 → c3 → c4, bouncing off c2'; None where
    there is nothing to tell beyond the move's text (no move, or a single step)."""
    last = view.get("last_move")
    if not isinstance(last, Mapping):
        return None
    path = [str(cell) for cell in last.get("path") or ()]
    if len(path) <= 2:
        return None
    way = " → ".join(path)
    bounces = [str(cell) for cell in last.get("bounces") or ()]
    if not bounces:
        return way
    both = WORDS.catalogue(language).get("list.and", " and ")
    return say("panel.way.bounces", way=way, bounces=both.join(bounces)).render(language)
