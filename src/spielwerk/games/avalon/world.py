"""Avalon's pieces as values: a character on the island, and the island's geometry."""

from __future__ import annotations

from typing import NamedTuple

from spielwerk.core.kept import Kept
from spielwerk.games.avalon.content import CONTENT, Character

ALIVE, DEAD, MAD = "", "dead", "mad"


class Hero(NamedTuple):
    """A character in play: where it is, its pools, resources, attributes, things and day flags."""

    number: int
    location: int
    health: int
    max_health: int
    energy: int
    max_energy: int
    terror: int
    limit: int
    food: int
    wealth: int
    magic: int
    reputation: int
    might: int
    wits: int
    spirit: int
    improved: tuple[int, int]
    """How often energy and health were improved."""
    items: tuple[tuple[str, bool, bool], ...]
    """(slug, ready, equipped) for each item owned."""
    relics: tuple[str, ...]
    feverish: int
    blessed: int
    fate: str
    passed: bool
    done: bool
    waited: bool

    @property
    def alive(self) -> bool:
        """Whether the character is still in the game."""
        return self.fate == ALIVE


LOCATION, PASSED, DONE, WAITED = (
    Hero._fields.index(name) for name in ("location", "passed", "done", "waited")
)
"""Places of fields in a character's tuple (`AvalonState.set_all`)."""


def new_hero(character: Character, location: int, extras: tuple[tuple[str, int], ...] = ()) -> Hero:
    """A character at the start of a game, with its start resources and item."""
    start = {"food": 0, "wealth": 0, "magic": 0, "reputation": 0}
    for kind, n in (*character.start, *extras):
        start[kind] += n
    return Hero(
        character.number, location, character.health, character.health, character.energy,
        character.energy, 0, character.terror_limit, start["food"], start["wealth"], start["magic"],
        start["reputation"], character.might, character.wits, character.spirit, (0, 0),
        ((character.item, True, True),), (), 0, 0, ALIVE, False, False, False,
    )


CELLS: dict[int, tuple[int, int]] = {
    number: (place.column, place.row) for number, place in CONTENT.locations.items()
}
"""Each location's grid slot (column, row)."""
NEAR: dict[int, frozenset[int]] = {
    number: frozenset(other for other, slot in CELLS.items()
                      if max(abs(slot[0] - CELLS[number][0]), abs(slot[1] - CELLS[number][1])) <= 1)
    for number in CELLS
}
"""Each location with the locations on or next to it (diagonals too): Chebyshev distance at most 1."""


def cell(location: int) -> tuple[int, int]:
    """A location's grid slot (column, row)."""
    return CELLS[location]


def chebyshev(a: tuple[int, int], b: tuple[int, int]) -> int:
    """The king's-move distance between two slots."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def grid_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """The rook's-step distance between two slots (|Δcolumn| + |Δrow|)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def on_grid(slot: tuple[int, int]) -> bool:
    """Whether a slot is on the map and not a lake."""
    column, row = slot
    return 0 <= column < CONTENT.columns and 0 <= row < CONTENT.rows and slot not in CONTENT.lakes


def slot_name(slot: tuple[int, int]) -> str:
    """A slot as the rules write it: `c1`."""
    return f"{'abcdef'[slot[0]]}{slot[1] + 1}"


def joined(location: int, arrows: frozenset[tuple[int, int]]) -> list[int]:
    """The locations joined to `location` by an arrow either way, in number order."""
    return list(joins(arrows).get(location, ()))


def joins(arrows: frozenset[tuple[int, int]]) -> dict[int, tuple[int, ...]]:
    """Per location, the locations an arrow joins it to either way, in number order (kept per arrow
    set: arrows change only by a few verses)."""
    found = _JOINS.get(arrows)
    if found is None:
        ends: dict[int, set[int]] = {}
        for a, b in arrows:
            ends.setdefault(a, set()).add(b)
            ends.setdefault(b, set()).add(a)
        found = _JOINS.keep(arrows, {location: tuple(sorted(others)) for location, others in ends.items()})
    return found


_JOINS: Kept[frozenset[tuple[int, int]], dict[int, tuple[int, ...]]] = Kept(1000)
