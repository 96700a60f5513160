"""Gygès notation: cells, move/set-up/pass texts, and position texts (like FEN).

Parsing here checks only form; whether an action is legal is the rules' business.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from spielwerk.core.errors import InvalidNotation
from spielwerk.core.inputs import quote
from spielwerk.games.gyges.board import CELLS, FILES, NORTH_THRONE, SIZE, SOUTH_THRONE, cell_name
from spielwerk.games.gyges.say import say

SOUTH, NORTH = 0, 1
SIDE_NAMES = ("south", "north")
SIDE_LETTERS = ("s", "n")
SETUP_RINGS = "112233"
RINGS_PER_HEIGHT = 4
"""The game has twelve rings, four of each height 1, 2 and 3."""
MAX_POSITION_TEXT = 200
"""The longest position text read (a position is 43 characters; room for spacing, no more)."""
_CELL_CHARS = {".": 0, "1": 1, "2": 2, "3": 3}

RANKS = "123456"
_CELL = r"[a-f][1-6]|[sn]"
_MOVE = re.compile(rf"^({_CELL})-({_CELL})(?:/([a-f][1-6]))?$")


def parse_cell(text: str) -> int:
    """'a1' … 'f6', 'S' or 'N' (any case) as a cell number."""
    word = text.strip().lower()
    if word == "s":
        return SOUTH_THRONE
    if word == "n":
        return NORTH_THRONE
    if len(word) == 2 and word[0] in FILES and word[1] in RANKS:
        return FILES.index(word[0]) + SIZE * RANKS.index(word[1])
    raise InvalidNotation(say("notation.cell", text=quote(text)))


@dataclass(frozen=True, slots=True)
class Move:
    """A whole move: the ring on `start` ends on `end`; with `drop`, the ring it landed on goes there.

    A throne as `start` is the King's game put: the ring on that throne goes to `end`.
    """

    start: int
    end: int
    drop: int = -1

    def __str__(self) -> str:
        return _move_text(self.start, self.end, self.drop)


@lru_cache(maxsize=1 << 16, typed=True)  # typed: 2.0 is no cell, and must not find the text of 2
def _move_text(start: int, end: int, drop: int) -> str:
    """`b1-c3`, `b1-c3/e5`: a move's text, made once (payloads write every legal move every ply)."""
    text = f"{cell_name(start)}-{cell_name(end)}"
    return text if drop < 0 else f"{text}/{cell_name(drop)}"


@dataclass(frozen=True, slots=True)
class Setup:
    """A set-up: the heights on files a–f of the arranging side's start rank."""

    heights: str

    def __str__(self) -> str:
        return self.heights


@dataclass(frozen=True, slots=True)
class Pass:
    """The pass of a player who has no legal move."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
GygesAction = Move | Setup | Pass

_ROWS: dict[int, list[Move]] = {}


def moves_from_to(start: int, end: int) -> list[Move]:
    """The shared Move objects from `start` to `end`, indexed by drop + 1 (index 0: no drop).

    Moves are interned, so building a legal move list is indexing, not construction.
    """
    row = _ROWS.get(start << 6 | end)
    if row is None:
        row = _ROWS[start << 6 | end] = [Move(start, end, drop) for drop in range(-1, CELLS)]
    return row


def move(start: int, end: int, drop: int = -1) -> Move:
    """The one shared Move object for these cells."""
    return moves_from_to(start, end)[drop + 1]


def parse_action(text: str) -> GygesAction:
    """Read a move ('b1-d4', 'b1-N', 'b1-c3/e5', 'N-c4'), a set-up ('123321') or 'pass'."""
    word = text.strip().lower().replace(" ", "")
    if word == "pass":
        return PASS
    if len(word) == SIZE and set(word) <= set("123"):
        return Setup(word)
    match = _MOVE.match(word)
    if match is None:
        raise InvalidNotation(say("notation.action", text=quote(text)))
    start, end = parse_cell(match.group(1)), parse_cell(match.group(2))
    drop = parse_cell(match.group(3)) if match.group(3) else -1
    return move(start, end, drop)


def is_setup_text(text: str) -> bool:
    """True for six digits with two rings of each height."""
    return sorted(text) == sorted(SETUP_RINGS)


def format_position(heights: list[int], side: int) -> str:
    """The position text: ranks 6 to 1, files a to f, then the side to move."""
    ranks = []
    for rank in range(SIZE - 1, -1, -1):
        row = heights[rank * SIZE : rank * SIZE + SIZE]
        ranks.append("".join(str(h) if h else "." for h in row))
    return "/".join(ranks) + " " + SIDE_LETTERS[side]


def parse_position(text: str) -> tuple[list[int], int]:
    """Heights of the 36 cells and the side to move, from a position text; InvalidNotation naming
    what is wrong for a text that is no possible position."""
    if len(text) > MAX_POSITION_TEXT:
        raise InvalidNotation(say("notation.position.length", limit=MAX_POSITION_TEXT, length=len(text)))
    parts = text.split()
    if len(parts) != 2:
        raise InvalidNotation(say("notation.position.form", text=quote(text)))
    board, side = parts
    if side.lower() not in SIDE_LETTERS:
        raise InvalidNotation(say("notation.position.side", text=quote(side)))
    rows = board.split("/")
    if len(rows) != SIZE:
        raise InvalidNotation(say("notation.position.ranks", count=len(rows)))
    heights = [0] * CELLS
    for index, row in enumerate(rows):
        rank = SIZE - index
        if len(row) != SIZE:
            raise InvalidNotation(
                say("notation.position.rank-length", rank=rank, row=quote(row), length=len(row))
            )
        for file, char in enumerate(row):
            if char not in _CELL_CHARS:
                raise InvalidNotation(
                    say("notation.position.cell", rank=rank, row=quote(row), char=quote(char))
                )
            heights[(rank - 1) * SIZE + file] = _CELL_CHARS[char]
    for height in (1, 2, 3):
        count = heights.count(height)
        if count > RINGS_PER_HEIGHT:
            raise InvalidNotation(
                say("notation.position.rings", number=count, height=height, limit=RINGS_PER_HEIGHT)
            )
    return heights, SIDE_LETTERS.index(side.lower())
