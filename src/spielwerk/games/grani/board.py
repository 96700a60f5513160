"""The Grani board: points, lines and what stands on them, read from `board.toml`.

Points are numbered in file order; sets of points are bit masks (bit i = point i). The file is
the only description of the layout, so a transcription of the printed board can replace it;
`boardcheck.validate` says whether a file meets the requirements of rules/grani.md.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from spielwerk.core.errors import InvalidNotation
from spielwerk.core.inputs import quote
from spielwerk.games.grani.say import say

KINGDOMS = ("tirad", "urgad", "galad", "elgad")
"""The four kingdoms; a point's kingdom is an index into this, or NO_KINGDOM for exile points."""
NO_KINGDOM = -1
KINDS = ("black", "exile", "city", "dragon", "magic", "sword", "crystal")
SYMBOLS = frozenset({"city", "dragon", "magic", "sword", "crystal"})
"""Kinds that are symbol points (obstacles and the ring never go there)."""


class BoardError(ValueError):
    """A board file that cannot be read."""


@dataclass(frozen=True)
class Board:
    """A board's points and lines, with the masks and paths the rules use."""

    name: str
    names: tuple[str, ...]
    kingdom: tuple[int, ...]
    kind: tuple[str, ...]
    xy: tuple[tuple[float, float], ...]
    lines: tuple[tuple[int, int], ...]
    start: int
    ring_start: int

    def __post_init__(self) -> None:
        count = len(self.names)
        neighbours: list[list[int]] = [[] for _ in range(count)]
        for a, b in self.lines:
            neighbours[a].append(b)
            neighbours[b].append(a)
        set_ = object.__setattr__
        set_(self, "neighbours", tuple(tuple(sorted(n)) for n in neighbours))
        set_(self, "index", {name: i for i, name in enumerate(self.names)})
        set_(self, "dragons", self.mask_of("dragon"))
        set_(self, "cities", self.mask_of("city"))
        set_(self, "exiles", self.mask_of("exile"))
        set_(self, "magic", self.mask_of("magic"))
        set_(self, "swords", self.mask_of("sword"))
        set_(self, "plain", self.mask_of("black") | self.mask_of("exile"))
        set_(self, "city_of", tuple(
            next(p for p in range(count) if self.kind[p] == "city" and self.kingdom[p] == k)
            if any(self.kind[p] == "city" and self.kingdom[p] == k for p in range(count)) else -1
            for k in range(len(KINGDOMS))
        ))
        set_(self, "kingdom_masks", tuple(
            sum(1 << p for p in range(count) if self.kingdom[p] == k) for k in range(len(KINGDOMS))
        ))

    # derived in __post_init__
    neighbours: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    index: dict[str, int] = field(init=False, repr=False, compare=False)
    dragons: int = field(init=False, repr=False, compare=False)
    cities: int = field(init=False, repr=False, compare=False)
    exiles: int = field(init=False, repr=False, compare=False)
    magic: int = field(init=False, repr=False, compare=False)
    swords: int = field(init=False, repr=False, compare=False)
    plain: int = field(init=False, repr=False, compare=False)
    city_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    kingdom_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)

    @property
    def size(self) -> int:
        """How many points the board has."""
        return len(self.names)

    def mask_of(self, kind: str) -> int:
        """The points of one kind, as a mask."""
        return sum(1 << p for p, k in enumerate(self.kind) if k == kind)

    def point(self, text: str) -> int:
        """The point named `text` (any case), or InvalidNotation."""
        word = text.strip().upper()
        found = self.index.get(word)
        if found is None:
            raise InvalidNotation(say("notation.point", text=quote(text.strip())))
        return found

    def kingdom_name(self, point: int) -> str:
        """The kingdom of a point, or "exile" for an exile point."""
        kingdom = self.kingdom[point]
        return "exile" if kingdom == NO_KINGDOM else KINGDOMS[kingdom]

    def points(self, mask: int) -> list[int]:
        """The points of a mask, in order."""
        found = []
        while mask:
            low = mask & -mask
            found.append(low.bit_length() - 1)
            mask ^= low
        return found


def parse_board(data: dict[str, Any]) -> Board:
    """A board from the data of a board file; BoardError names what is wrong."""
    try:
        points = data["points"]
        names = tuple(points)
        index = {name: i for i, name in enumerate(names)}
        kingdoms, kinds, xy = [], [], []
        for name in names:
            entry = points[name]
            kingdom = entry["kingdom"]
            if kingdom != "none" and kingdom not in KINGDOMS:
                raise BoardError(f"{name}: unknown kingdom {kingdom!r}")
            if entry["kind"] not in KINDS:
                raise BoardError(f"{name}: unknown kind {entry['kind']!r}")
            kingdoms.append(NO_KINGDOM if kingdom == "none" else KINGDOMS.index(kingdom))
            kinds.append(entry["kind"])
            xy.append((float(entry["x"]), float(entry["y"])))
        lines = []
        for text in data["lines"]:
            a, _, b = text.partition("-")
            if a not in index or b not in index:
                raise BoardError(f"line {text!r} names a point that does not exist")
            lines.append((index[a], index[b]))
        return Board(
            name=str(data.get("name", "")), names=names, kingdom=tuple(kingdoms), kind=tuple(kinds),
            xy=tuple(xy), lines=tuple(lines),
            start=index[data["start"]], ring_start=index[data["ring_start"]],
        )
    except KeyError as missing:
        raise BoardError(f"the board file lacks {missing}") from None


def load_board(path: str | Path | None = None) -> Board:
    """The board in `path`, or the one that comes with spielwerk."""
    if path is None:
        text = resources.files("spielwerk.games.grani").joinpath("board.toml").read_text(encoding="utf-8")
    else:
        text = Path(path).read_text(encoding="utf-8")
    try:
        return parse_board(tomllib.loads(text))
    except tomllib.TOMLDecodeError as error:
        raise BoardError(f"the board file is not valid TOML: {error}") from None


BOARD = load_board()
"""The board every Grani game is played on."""
