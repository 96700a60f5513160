"""The Drachenfels board: fields, paths and the special places, read from `board.toml`.

Fields are numbered in the board's order of names (K, S1–S4, R1–R4, C1–C4, X1–X4, H1–H4, D1–D4,
then the numbered fields 1, 2, …), whatever the file's order. The file is the only description of
the layout, so a transcription of the printed board can replace it; loading checks it with
`boardcheck.validate` and refuses a board that falls short of rules/drachenfels.md.
"""

from __future__ import annotations

import tomllib
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from spielwerk.core.catalogue import CORE
from spielwerk.core.errors import InvalidNotation
from spielwerk.core.inputs import quote
from spielwerk.core.message import join
from spielwerk.games.drachenfels.boardcheck import KINDS, NAMED, name_key, validate
from spielwerk.games.drachenfels.say import say

# Loading the board imports the checker, so `python -m spielwerk.games.drachenfels.boardcheck` finds it
# imported already; runpy's warning about that is harmless here and would only confuse the user.
warnings.filterwarnings(
    "ignore", r"'spielwerk\.games\.drachenfels\.boardcheck' found in sys\.modules", RuntimeWarning
)

COLOURS = ("red", "blue", "yellow", "green")
"""The knights' colours; knight i starts on S(i+1)."""

__all__ = ["BOARD", "COLOURS", "KINDS", "Board", "BoardError", "load", "parse"]


class BoardError(ValueError):
    """A board file that cannot be read or breaks the board's requirements."""


@dataclass(frozen=True, eq=False)
class Board:
    """A board's fields (by index), the paths between them and where the special places are."""

    names: tuple[str, ...]
    index: Mapping[str, int]
    kinds: tuple[str, ...]
    xy: tuple[tuple[float, float], ...]
    neighbours: tuple[tuple[int, ...], ...]
    castle: int
    starts: tuple[int, ...]
    rainbow_rocks: tuple[int, ...]
    rock_castles: tuple[int, ...]
    crossings: tuple[int, ...]
    holes: tuple[int, ...]
    bridge_sites: tuple[int, ...]
    stars: tuple[int, ...]
    dragon_rocks: tuple[int, ...]
    green_dots: tuple[int, ...]
    paths: tuple[tuple[int, int], ...]
    """Each path once, as (lower index, higher index), in order."""
    title: str = ""

    @property
    def size(self) -> int:
        """How many fields the board has."""
        return len(self.names)

    def field(self, name: str) -> int:
        """The index of the field named `name` (letters in any case); InvalidNotation otherwise."""
        found = self.index.get(name.strip().upper())
        if found is None:
            given = quote(name.strip())
            raise InvalidNotation(say("notation.field.named", given=given, fields=self.range_names()))
        return found

    def of_kind(self, kind: str) -> tuple[int, ...]:
        """The fields of one kind, in the board's order."""
        return tuple(i for i, k in enumerate(self.kinds) if k == kind)

    def name_ranges(self) -> str:
        """The field names in short, e.g. "K, S1–S4, …, D1–D4 and 1–68"."""
        return str(join(self.range_names(), CORE.catalogue("en")))

    def range_names(self) -> list[str]:
        """The field names in short, one entry a kind: ["K", "S1–S4", …, "D1–D4", "1–68"] (a message
        joins them in its language)."""
        groups = [names[0] if len(names) == 1 else f"{names[0]}–{names[-1]}" for names in NAMED.values()]
        return [*groups, f"1–{sum(name.isdigit() for name in self.names)}"]

    def describe(self, field: int, language: str = "en") -> str:
        """A field's name with what it is, e.g. "X1 (crossing to C1)" or "17 (green dot)", in `language`."""
        name, kind = self.names[field], self.kinds[field]
        if kind == "land":
            return name
        if kind == "start":
            what = say("describe.start", seat=say(f"seat.{COLOURS[self.starts.index(field)]}"))
        elif kind == "crossing":
            what = say("describe.crossing", castle=self.names[self.rock_castles[self.crossings.index(field)]])
        else:
            what = say("describe.castle" if kind == "castle" else f"kind.{kind}")
        return say("describe", field=name, what=what).render(language)

def parse(data: Mapping[str, Any]) -> Board:
    """The board described by the data of a board file; BoardError lists every problem."""
    problems = validate(data)
    if problems:
        raise BoardError("the board does not meet its requirements:\n" + "\n".join(problems))
    fields: Mapping[str, Mapping[str, Any]] = data["fields"]
    names = tuple(sorted(fields, key=name_key))
    index = {name: i for i, name in enumerate(names)}
    linked: list[set[int]] = [set() for _ in names]
    paths = set()
    for text in data["paths"]:
        left, _, right = str(text).partition("-")
        a, b = index[left], index[right]
        linked[a].add(b)
        linked[b].add(a)
        paths.add((min(a, b), max(a, b)))
    kinds = tuple(str(fields[name]["kind"]) for name in names)

    def of(kind: str) -> tuple[int, ...]:
        return tuple(i for i, k in enumerate(kinds) if k == kind)

    return Board(
        names=names,
        index=MappingProxyType(index),
        kinds=kinds,
        xy=tuple((float(fields[n]["x"]), float(fields[n]["y"])) for n in names),
        neighbours=tuple(tuple(sorted(n)) for n in linked),
        castle=index["K"],
        starts=of("start"),
        rainbow_rocks=of("rainbow-rock"),
        rock_castles=of("rock-castle"),
        crossings=of("crossing"),
        holes=of("hole"),
        bridge_sites=of("hole") + of("crossing"),
        stars=of("star"),
        dragon_rocks=of("dragon-rock"),
        green_dots=of("green"),
        paths=tuple(sorted(paths)),
        title=str(data.get("name", "")),
    )


def load(path: Path | None = None) -> Board:
    """The board in the file at `path`, or the one that comes with spielwerk."""
    try:
        if path is None:
            text = resources.files("spielwerk.games.drachenfels").joinpath("board.toml").read_text("utf-8")
        else:
            text = Path(path).read_text(encoding="utf-8")
        return parse(tomllib.loads(text))
    except tomllib.TOMLDecodeError as error:
        raise BoardError(f"the board file is not valid TOML: {error}") from None


BOARD: Board = load()
"""The board every Drachenfels game is played on."""
