"""Avalon positions as JSON: every fact of a state (FACTS), for tests, puzzles and determinized copies.

`encode` writes a state's facts; `decode` reads a position over a fresh state, where a position
may give only some facts (the rest stay as at set-up, Day 1 at its first action). Facts are
checked field by field; `hide` removes from a position what a seat may not know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spielwerk.core.errors import OptionError
from spielwerk.core.inputs import check_nesting, quote
from spielwerk.games.avalon.content import Effect
from spielwerk.games.avalon.positioncheck import check_state
from spielwerk.games.avalon.say import say
from spielwerk.games.avalon.view import being_read, verse_face_down
from spielwerk.games.avalon.world import Hero

if TYPE_CHECKING:
    from spielwerk.games.avalon.rules import AvalonState

HERO_FIELDS = Hero._fields
SHAPE_ERROR = 144
"""The most characters of a Python error a refused shape quotes (the whole line stays under 200)."""


def encode(s: AvalonState, facts: tuple[Any, ...] | None = None) -> dict[str, Any]:
    """Every fact of `s` (or the given snapshot of its facts) as JSON-ready data."""
    from spielwerk.games.avalon.rules import FACTS

    values = facts if facts is not None else tuple(getattr(s, name) for name in FACTS)
    data: dict[str, Any] = {}
    for name, value in zip(FACTS, values, strict=True):
        if name == "heroes":
            data[name] = [dict(zip(HERO_FIELDS, _plain(hero), strict=True)) for hero in value]
        else:
            data[name] = _plain(value)
    return data


def _plain(value: Any) -> Any:
    if isinstance(value, frozenset):
        return sorted(_plain(item) for item in value)
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value


def _tuple(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuple(item) for item in value)
    return value


KINDS: dict[str, str] = {
    "heroes": "heroes", "placed": "set", "backs": "tuple", "explored": "tuple", "action_markers": "tuple",
    "instant_markers": "tuple", "arrows": "set", "menhirs": "tuple", "stag": "slot", "widow": "slot",
    "widow_came": "bool", "omen": "int", "q3": "int", "quests": "tuple", "q1_hard": "bool", "deck_a": "set",
    "deck_b": "set", "top": "str", "top_from": "str", "top_seen": "set", "open_events": "tuple",
    "discards": "tuple", "dreams": "tuple", "mercy": "int", "day": "int", "queue": "tuple", "known": "sets",
    "frames": "tuple", "outcome": "str", "left": "set", "result": "str", "told": "roll",
    "last": "tuple",
}


def decode(s: AvalonState, position: Any) -> None:
    """Set the facts a position gives over a fresh state; OptionError names a bad field."""
    if not isinstance(position, dict):
        raise OptionError(say("position.object"))
    check_nesting(position, "an Avalon position")
    unknown = sorted(set(position) - set(KINDS))
    if unknown:
        raise OptionError(say("position.fact.unknown", fact=quote(unknown[0]), facts=", ".join(KINDS)))
    try:
        for name, value in position.items():
            setattr(s, name, _read(s, name, KINDS[name], value))
        s.frames = tuple(_frame(frame) for frame in s.frames)
        check_state(s)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as error:
        if isinstance(error, OptionError):
            raise
        raise OptionError(say("position.fact.shape", error=str(error)[:SHAPE_ERROR])) from None


def _frame(frame: Any) -> Any:
    """Effects in an effects frame become Effect values again."""
    if isinstance(frame, tuple) and len(frame) == 4 and frame[0] == "effects" and isinstance(frame[2], tuple):
        made = tuple(Effect(*e) if isinstance(e, tuple) and len(e) == 2 else e for e in frame[2])
        return (*frame[:2], made, frame[3])
    return frame


def _read(s: AvalonState, name: str, kind: str, value: Any) -> Any:
    def fail(expected: str) -> OptionError:
        return OptionError(say("position.fact.bad", name=name, expected=say(f"position.expected.{expected}"),
                               given=quote(value)))

    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
            raise fail("int")
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise fail("bool")
        return value
    if kind == "str":
        if not isinstance(value, str) or len(value) > 20:
            raise fail("text")
        return value
    if kind == "roll":
        if isinstance(value, str):
            return ()  # a roll in words, as older positions wrote it: no longer kept
        return _tuple(value) if isinstance(value, list) else value
    if kind == "slot":
        if value is None:
            return None
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
            raise fail("slot")
        return (value[0], value[1])
    if not isinstance(value, list):
        raise fail("list")
    if kind == "set":
        return frozenset(_tuple(value))
    if kind == "sets":
        return tuple(frozenset(item) if isinstance(item, list) else frozenset() for item in value)
    if kind == "heroes":
        return tuple(_hero(s, index, entry) for index, entry in enumerate(value))
    return _tuple(value)


def _hero(s: AvalonState, index: int, entry: Any) -> Hero:
    base = s.heroes[index] if index < len(s.heroes) else None
    if not isinstance(entry, dict) or base is None:
        raise OptionError(say("position.hero.object", index=index))
    unknown = sorted(set(entry) - set(HERO_FIELDS))
    if unknown:
        raise OptionError(say("position.hero.fact", fact=quote(unknown[0])))
    fields = base._asdict()
    for key, value in entry.items():
        fields[key] = _tuple(value)
    return Hero(**fields)


def _hide_frame(frame: list[Any], backs: list[str], top_hidden: bool) -> list[Any]:
    """A face-down card about to be turned up stays face down in a position shown to a seat."""
    if frame[0] != "reveal":
        return frame
    word, _, card = str(frame[1]).partition(" ")
    if (word == "verse" and backs[int(card[:-1])] == "?") or (word == "event" and top_hidden):
        return ["reveal", f"{word} ?"]
    return frame


def hide(position: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A position as `seat` may see it: backs it may not know become "?", and an unseen top event
    "?" with its card among its segment's, which is public."""
    hidden = dict(position)
    known = set(position["known"][seat]) if seat is not None and 0 <= seat < len(position["known"]) else set()
    reading = being_read(position["frames"])
    hidden["backs"] = [
        side if not side or position["explored"][number] or number in known or number in reading else "?"
        for number, side in enumerate(position["backs"])
    ]
    top_hidden = bool(position["top"]) and (seat is None or seat not in position["top_seen"])
    if top_hidden:
        segment = "deck_a" if position["top_from"] == "A" else "deck_b"
        hidden[segment] = sorted([*position[segment], position["top"]])  # which of them is on top: unseen
        hidden["top"] = "?"
    frames = [_hide_frame(frame, hidden["backs"], top_hidden) for frame in position["frames"]]
    if verse_face_down(position["frames"]) and frames[-1] != position["frames"][-1]:
        frames[-2] = [frames[-2][0], "?", *frames[-2][2:]]  # the verse about to be read, unseen
    hidden["frames"] = frames
    return hidden
