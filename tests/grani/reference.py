"""A deliberately simple Grani move enumerator, written from rules/grani.md alone.

It shares nothing with the engine's move generator: it reads `board.toml` itself, takes the
facts of the game from the public `view(None)` (a JSON dict), names points by their text and
finds every move by listing the one- and two-step paths and checking each against the rules'
words. Tests compare the engine's legal action texts with the texts this module finds.
"""

from __future__ import annotations

import tomllib
from collections import deque
from dataclasses import dataclass
from importlib import resources
from typing import Any

_DATA = tomllib.loads(
    resources.files("spielwerk.games.grani").joinpath("board.toml").read_text(encoding="utf-8")
)
KIND: dict[str, str] = {name: entry["kind"] for name, entry in _DATA["points"].items()}
KINGDOM: dict[str, str] = {name: entry["kingdom"] for name, entry in _DATA["points"].items()}
RING_START: str = _DATA["ring_start"]
START: str = _DATA["start"]
LINES: dict[str, set[str]] = {name: set() for name in KIND}
for _line in _DATA["lines"]:
    _a, _b = _line.split("-")
    LINES[_a].add(_b)
    LINES[_b].add(_a)
CITIES = frozenset(p for p, kind in KIND.items() if kind == "city")


@dataclass
class Table:
    """What lies on the board, read from a view: knights by seat, the ring, the stones."""

    seat: int
    phase: str
    knights: list[dict[str, Any]]
    ring: str | None
    obstacles: set[str]
    lifted: str | None

    @staticmethod
    def of(view: dict[str, Any]) -> Table:
        """The table of a view (`state.view(None)`); the seat is the one to act."""
        seat = view["to_move"]
        return Table(seat, view["phase"], view["knights"], view["ring"], set(view["obstacles"]),
                     view["lifted"])

    @property
    def me(self) -> dict[str, Any]:
        """The knight of the seat to act."""
        return self.knights[self.seat]

    def knights_on(self, point: str, but: int | None = None) -> list[int]:
        """The seats whose knights stand on `point` (leaving out seat `but`)."""
        return [s for s, k in enumerate(self.knights) if k["at"] == point and s != but]


def cities_joined(point: str, obstacles: set[str]) -> set[str]:
    """The cities reached from `point` along lines through points without stones."""
    if point in obstacles:
        return set()
    seen = {point}
    todo = deque([point])
    while todo:
        here = todo.popleft()
        for there in LINES[here]:
            if there not in seen and there not in obstacles:
                seen.add(there)
                todo.append(there)
    return set(CITIES & seen)


def joined_to_every_city(point: str, obstacles: set[str]) -> bool:
    """grani.obstacle.ring: a way along lines, through points without stones, to every city."""
    return cities_joined(point, obstacles) == CITIES


def free_exile_points(table: Table, mover_at: str) -> list[str]:
    """Exile points with no stone and no knight, once the mover stands on `mover_at`."""
    standing = {k["at"] for s, k in enumerate(table.knights) if s != table.seat} | {mover_at}
    return [p for p, kind in KIND.items()
            if kind == "exile" and p not in table.obstacles and p not in standing]


def may_stop(table: Table, point: str) -> bool:
    """grani.move.free, grani.start, grani.city.enter, grani.amulet.cost, grani.attack."""
    if point in table.obstacles:
        return False
    amulets = table.me["amulets"]
    others = table.knights_on(point, but=table.seat)
    if len(others) >= 2:  # only the start may hold several knights, and then none may join them
        return False
    if others:  # an attack
        if KIND[point] == "city":
            return False
        if amulets < 1 or (KIND[point] == "dragon" and amulets < 2):
            return False
        # ruling: the attacked knight must have somewhere to go
        return bool(free_exile_points(table, point))
    return not (KIND[point] == "dragon" and amulets < 1)


def may_pass(table: Table, point: str, carrying: bool, bonus: bool) -> bool:
    """grani.move.no-pass (the bearer and the winner of a fight pass over everything)."""
    if carrying or bonus:
        return True
    if KIND[point] == "dragon" or point in table.obstacles:
        return False
    return not table.knights_on(point, but=table.seat)


def knight_moves(table: Table, bonus: bool) -> set[str]:
    """Every move text of the knight to act (a normal move, or the bonus move after a won fight)."""
    start = table.me["at"]
    bearer = bool(table.me["ring"])
    found: set[str] = set()
    for first in sorted(LINES[start]):
        carrying = bearer or first == table.ring  # grani.ring.take: entering the ring's point takes it
        free_city = KIND[first] == "city" and not table.knights_on(first, but=table.seat)
        must_stop_here = carrying and free_city  # grani.city.ring, even after one step
        # one step: a normal move, or a bonus move cut short by a city the ring bearer enters
        if (not bonus or must_stop_here) and may_stop(table, first):
            found.add(f"{start}-{first}")
        if must_stop_here or not may_pass(table, first, carrying, bonus):
            continue
        for second in sorted(LINES[first]):
            if second == start:  # grani.move.steps: never back to the start
                continue
            if may_stop(table, second):
                middle = f"-{first}" if first == table.ring else ""
                found.add(f"{start}{middle}-{second}")
    return found


def stone_spots(table: Table) -> set[str]:
    """grani.magic-stone, grani.sword, grani.obstacle.ring: where a stone may be put."""
    standing = {k["at"] for k in table.knights}
    spots = set()
    for point, kind in KIND.items():
        if kind not in ("black", "exile") or point in table.obstacles or point in standing:
            continue
        if point == table.lifted:  # the sword moves a stone to *another* point
            continue
        # the ring's point keeps its ways to the cities (to those it still has, should stones put
        # while the ring was carried have parted the cities already)
        if table.ring is not None:
            before = cities_joined(table.ring, table.obstacles)
            if point == table.ring or cities_joined(table.ring, table.obstacles | {point}) != before:
                continue
        spots.add(point)
    return spots


def lift_spots(table: Table) -> set[str]:
    """grani.sword: stones on the board that can be put somewhere else."""
    found = set()
    for point in table.obstacles:
        lifted = Table(table.seat, table.phase, table.knights, table.ring, table.obstacles - {point}, point)
        if stone_spots(lifted):
            found.add(point)
    return found


def ring_spots(table: Table) -> set[str]:
    """grani.dragon.ring-lost, grani.city.ring: free black points of another kingdom, joined to every city.

    Ruling: where stones have parted the cities, the points joined to the most cities.
    """
    here = KINGDOM[table.me["at"]]
    standing = {k["at"] for k in table.knights}
    free = [
        p for p, kind in KIND.items()
        if kind == "black" and KINGDOM[p] != here and p not in standing and p not in table.obstacles
    ]
    joined = {p: len(cities_joined(p, table.obstacles)) for p in free}
    most = max(joined.values(), default=0)
    return {p for p in free if joined[p] == most}


def legal_texts(view: dict[str, Any]) -> set[str]:
    """The legal action texts of a decision (not chance) in the state `view` describes."""
    table = Table.of(view)
    phase = table.phase
    if phase == "move":
        if table.me["shackled"]:
            return {"rest"}  # grani.dragon.shackle
        return knight_moves(table, bonus=False) or {"pass"}  # grani.move.must
    if phase == "bonus":
        return knight_moves(table, bonus=True) | {"stay"}
    if phase == "exile":
        victim_at = table.me["at"]
        return {f"exile {p}" for p in free_exile_points(table, victim_at)}
    if phase == "ring":
        return {f"ring {p}" for p in ring_spots(table)}
    if phase in ("block", "shift"):
        return {f"block {p}" for p in stone_spots(table)}
    if phase == "lift":
        return {f"lift {p}" for p in lift_spots(table)}
    raise ValueError(f"no decision in phase {phase}")
