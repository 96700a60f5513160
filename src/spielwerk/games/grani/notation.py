"""Grani notation: the texts of moves, decisions and chance outcomes.

Moves are `T9-T10` (one or two steps; the path does not matter) or `T9-T4-T10` when the
knight passes over the ring's point on the way and so takes the ring. Decisions are a verb and a
point (`exile X3`, `ring U12`, `block G8`, `lift G8`), or a word (`stay`, `rest`, `pass`).
Chance outcomes: `first red`, `card 4`, `roll 6`. Parsing checks form only; legality is the rules'.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from spielwerk.core.actions import Word
from spielwerk.core.errors import InvalidNotation
from spielwerk.core.inputs import quote
from spielwerk.games.grani.board import BOARD
from spielwerk.games.grani.say import say

COLOURS = ("yellow", "blue", "red", "white", "green", "black")
"""The knights' colours; seat i plays the knight of COLOURS[i]."""
CARD_COUNTS = {6: 2, 5: 4, 4: 6, 3: 6, 2: 4, 0: 2}
"""How many dragon cards show each strength (no card shows 1)."""
DIE = (1, 2, 3, 4, 5, 6)

PLACE_VERBS = ("exile", "ring", "block", "lift")
WORDS = ("stay", "rest", "pass")
DRAW_VERBS = ("first", "card", "roll")


@dataclass(frozen=True, slots=True)
class Move:
    """The knight goes from `start` to `end`; `via` is the ring's point when it is taken on the way."""

    start: int
    end: int
    via: int = -1

    def __str__(self) -> str:
        names = BOARD.names
        middle = f"-{names[self.via]}" if self.via >= 0 else ""
        return f"{names[self.start]}{middle}-{names[self.end]}"


@dataclass(frozen=True, slots=True)
class Place:
    """A decision about a point: banish a knight there, put the ring there, put or lift a stone."""

    verb: str
    point: int

    def __str__(self) -> str:
        return f"{self.verb} {BOARD.names[self.point]}"


@dataclass(frozen=True, slots=True)
class Draw:
    """A chance outcome: the first player (a seat), a dragon card or a die roll."""

    verb: str
    value: int

    def __str__(self) -> str:
        return f"first {COLOURS[self.value]}" if self.verb == "first" else f"{self.verb} {self.value}"


STAY, REST, PASS = Word("stay"), Word("rest"), Word("pass")
_MOVES: dict[tuple[int, int, int], Move] = {}
_PLACES: dict[tuple[str, int], Place] = {}


def move(start: int, end: int, via: int = -1) -> Move:
    """The one Move object for these points (moves are interned: equal moves are the same object)."""
    key = (start, end, via)
    found = _MOVES.get(key)
    if found is None:
        found = _MOVES[key] = Move(start, end, via)
    return found


def place(verb: str, point: int) -> Place:
    """The one Place object for this verb and point."""
    key = (verb, point)
    found = _PLACES.get(key)
    if found is None:
        found = _PLACES[key] = Place(verb, point)
    return found


@dataclass(frozen=True, slots=True)
class MoveText:
    """A typed move before it is matched to a legal one: the points named, in order."""

    points: tuple[int, ...]


_SPLIT = re.compile(r"\s*-\s*|\s+")


def parse(text: str) -> Move | Place | Word | Draw | MoveText:
    """What `text` says, by form: a decision, a word, a chance outcome, or the points of a move."""
    words = text.strip().split()
    if not words:
        raise InvalidNotation(say("notation.empty"))
    head = words[0].lower()
    if head in WORDS:
        if len(words) != 1:
            raise InvalidNotation(say("notation.alone", word=head))
        return Word(head)
    if head in PLACE_VERBS:
        if len(words) != 2:
            raise InvalidNotation(say("notation.one-point", verb=head))
        return place(head, BOARD.point(words[1]))
    if head in DRAW_VERBS:
        return _parse_draw(head, [word.lower() for word in words[1:]])
    parts = _SPLIT.split(text.strip())
    lone_word = len(parts) == 1 and parts[0].upper() not in BOARD.index
    if not 1 <= len(parts) <= 3 or not all(parts) or lone_word:
        raise InvalidNotation(say("notation.unknown", text=quote(text.strip())))
    return MoveText(tuple(BOARD.point(part) for part in parts))


def _parse_draw(verb: str, rest: list[str]) -> Draw:
    if len(rest) != 1:
        raise InvalidNotation(say("notation.one-value", verb=verb, example="red" if verb == "first" else 4))
    value = rest[0]
    if verb == "first":
        if value not in COLOURS:
            raise InvalidNotation(say("notation.colour", value=quote(value), colours=", ".join(COLOURS)))
        return Draw(verb, COLOURS.index(value))
    allowed = sorted(CARD_COUNTS) if verb == "card" else list(DIE)
    if not (value.isascii() and value.isdigit()) or int(value) not in allowed:
        raise InvalidNotation(say("notation.value", verb=verb, value=quote(value),
                                  allowed=", ".join(map(str, allowed))))
    return Draw(verb, int(value))
