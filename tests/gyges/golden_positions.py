"""Golden counts (like chess perft): fixed Gygès positions and their exact numbers of legal actions.

Each count was taken from the simple reference generator (tests/gyges/reference.py) and is checked
against the engine; a change to either shows here. `before` holds moves played first (a King's game
capture, so that the count is of the throne puts that follow).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Golden:
    """A position, its exact count of legal actions, and the game options and moves that lead there."""

    name: str
    position: str
    count: int
    options: Mapping[str, Any] = field(default_factory=dict)
    before: tuple[str, ...] = ()


GOLDEN = (
    Golden("start 123321 v 321123", "321123/....../....../....../....../123321 s", 210),
    Golden("start 112233 v 332211", "332211/....../....../....../....../112233 s", 177),
    Golden("start 321123 v 123321", "123321/....../....../....../....../321123 s", 210),
    Golden("start 132231 v 132231", "132231/....../....../....../....../132231 s", 224),
    Golden("start 213312 v 312213", "312213/....../....../....../....../213312 s", 314),
    Golden("start 311223 v 223113", "223113/....../....../....../....../311223 s", 260),
    Golden("start 231312 v 132213", "132213/....../....../....../....../231312 s", 496),
    Golden("start 123123 v 321321", "321321/....../....../....../....../123123 s", 227),
    Golden("start, north to move", "321123/....../....../....../....../123321 n", 210),
    Golden("mid-game a", "....../.12.../.3.332/.3.211/..1.2./...... s", 181),
    Golden("mid-game b", "....../.....1/22.3../1.1132/23..../..3... s", 117),
    Golden("mid-game c", "....../2...2./2.3133/.11.31/....../....2. n", 127),
    Golden("mid-game d, few moves", ".....2/....../313122/3.1.12/.3..../...... s", 6),
    Golden("mid-game e", "....../.3.1.3/12.3.2/22.1../....31/...... n", 330),
    Golden("mid-game f", "...1../...2../2..2../133311/.....3/.....2 n", 31),
    Golden("mid-game g, one ring", "....1./....../223321/.33.1./1...../.....2 s", 3),
    Golden("mid-game h", "....../.1..1./321332/.2..31/.2..../...... s", 5),
    Golden("dense a", "....../.3123./.12.3./...12./..231./...... s", 405),
    Golden("dense b", "....../.3.12./.3331./.2.21./.2.1../...... n", 181),
    Golden("dense c", "....../.3233./..13../.21.1./.221../...... s", 28),
    Golden("dense d", "....../.1.32./.13.2./.3.21./.21.3./...... n", 106),
    Golden("spread a", "....../....../.312.1/22.213/.3..13/...... n", 461),
    Golden("spread b", "....../.....1/.211../3.23../2231.3/...... s", 385),
    Golden("spread c", "....../.12.../213.12/.23.3./.3.1../...... s", 140),
    Golden("spread d", "....../.322../...3.1/1131../..322./...... s", 295),
    Golden("bounce lattice a", "....../1...3./.3.3.1/..3.2./.1.1../2.2.2. s", 405),
    Golden("bounce lattice b", "....../..1.3./.1...1/3.1.3./.3...2/2.2.2. s", 342),
    Golden("bounce ladder", "....../.1.1../..3.3./.2.2../..3.3./..1... s", 27),
    Golden("bounce scatter", "...1../.3..2./..1.3./.2..1./..3..2/...... s", 252),
    Golden("bounce mirrored halves", "2.1.3./.3.1.2/....../....../2.1.3./.3.1.2 s", 65),
    Golden("strict, mid-game a", "....../.12.../.3.332/.3.211/..1.2./...... s", 147,
           options={"replace_rule": "strict"}),
    Golden("strict, mid-game b", "....../.....1/22.3../1.1132/23..../..3... s", 90,
           options={"replace_rule": "strict"}),
    Golden("strict, dense a", "....../.3123./.12.3./...12./..231./...... s", 366,
           options={"replace_rule": "strict"}),
    Golden("strict, spread b", "....../.....1/.211../3.23../2231.3/...... s", 299,
           options={"replace_rule": "strict"}),
    Golden("strict, lattice a", "....../1...3./.3.3.1/..3.2./.1.1../2.2.2. s", 330,
           options={"replace_rule": "strict"}),
    Golden("strict, fallback to rank 2", "....../....../....../....../111123/223323 s", 30,
           options={"replace_rule": "strict"}),
    Golden("no replacement, mid-game e", "....../.3.1.3/12.3.2/22.1../....31/...... n", 49,
           options={"replacement": False}),
    Golden("no replacement, dense a", "....../.3123./.12.3./...12./..231./...... s", 42,
           options={"replacement": False}),
    Golden("no replacement, lattice a", "....../1...3./.3.3.1/..3.2./.1.1../2.2.2. s", 57,
           options={"replacement": False}),
    Golden("kings, put after a capture", "1...../....../..31../....../....../...... s", 16,
           options={"throne_captures": 3}, before=("c4-N",)),
    Golden("kings strict, put after a capture", "1...../....../..31../....../....../...... s", 11,
           options={"throne_captures": 3, "replace_rule": "strict"}, before=("c4-N",)),
    Golden("kings, put on the capturer's nearest rank", "12..../....../....../....../....../...... s", 5,
           options={"throne_captures": 3}, before=("a6-N",)),
    Golden("kings strict, put anywhere by ruling", "12..../....../....../....../....../...... s", 35,
           options={"throne_captures": 3, "replace_rule": "strict"}, before=("a6-N",)),
    Golden("kings, north captures", "....../....../....../..13../....../...... n", 17,
           options={"throne_captures": 3}, before=("d3-S",)),
    Golden("kings strict, north captures", "....../....../....../..13../....../...... n", 12,
           options={"throne_captures": 3, "replace_rule": "strict"}, before=("d3-S",)),
    Golden("fallback to rank 2", "....../....../....../....../111123/223323 s", 51),
    Golden("north falls back to rank 5", "323322/321111/....../....../....../...... n", 51),
    Golden("pass: the empty board", "....../....../....../....../....../...... s", 1),
)


@dataclass(frozen=True)
class Perft:
    """The number of action sequences of a given depth from a position."""

    position: str
    depth: int
    count: int
    options: Mapping[str, Any] = field(default_factory=dict)


PERFT = (
    Perft("321123/....../....../....../....../123321 s", 2, 51928),
    Perft("312213/....../....../....../....../213312 s", 2, 87810),
    Perft("....../.12.../.3.332/.3.211/..1.2./...... s", 2, 51012),
    Perft("321123/....../....../....../....../123321 s", 2, 49986, options={"replace_rule": "strict"}),
    Perft("....../.12.../.3.332/.3.211/..1.2./...... s", 2, 32369, options={"replace_rule": "strict"}),
)

PERFT_DEEP = (
    Perft("321123/....../....../....../....../123321 s", 3, 14_294_212),
    Perft("321123/....../....../....../....../123321 s", 3, 13_280_106, options={"replace_rule": "strict"}),
)
