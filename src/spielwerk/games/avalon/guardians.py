"""The Hollow Stag and the Grey Widow: the guardian die, hunt steps and attacks (avalon.guardian.die)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spielwerk.games.avalon.notation import DIE_DIRECTIONS, DIRECTIONS
from spielwerk.games.avalon.resolve import new_group
from spielwerk.games.avalon.world import cell, grid_distance, on_grid

if TYPE_CHECKING:
    from spielwerk.games.avalon.rules import AvalonState, Frame

Slot = tuple[int, int]


def slot_of(s: AvalonState, slug: str) -> Slot | None:
    """Where a guardian stands, or None when it is not in play."""
    return s.stag if slug == "stag" else s.widow


def _set(s: AvalonState, slug: str, slot: Slot | None) -> None:
    if slug == "stag":
        s.stag = slot
    else:
        s.widow = slot


def step(slot: Slot, direction: str) -> Slot:
    """One step; a step into a lake or off the edge is not made."""
    dx, dy = DIRECTIONS[direction]
    target = (slot[0] + dx, slot[1] + dy)
    return target if on_grid(target) else slot


def hunt_target(s: AvalonState, slot: Slot, toward: int | None = None) -> int | None:
    """The seat a hunt step aims at: `toward`, else the nearest living character (ties: lowest number)."""
    if toward is not None:
        return toward
    living = s.living()
    if not living:
        return None
    return min(living, key=lambda seat: (grid_distance(slot, cell(s.heroes[seat].location)),
                                         s.heroes[seat].number))


def hunt_slot(s: AvalonState, slot: Slot, toward: int | None = None) -> Slot:
    """Where a hunt step leads: the first of north, east, south, west that lowers the grid distance
    to the target and does not enter a lake; else the guardian stays."""
    target = hunt_target(s, slot, toward)
    if target is None:
        return slot
    goal = cell(s.heroes[target].location)
    for direction in DIE_DIRECTIONS:
        nxt = step(slot, direction)
        if nxt != slot and grid_distance(nxt, goal) < grid_distance(slot, goal):
            return nxt
    return slot


def hunt_step(s: AvalonState, slug: str, toward: int | None = None) -> None:
    """A hunt step outside Dawn (an event or a dream); ending on characters, it attacks them."""
    slot = slot_of(s, slug)
    if slot is None:
        return
    _set(s, slug, hunt_slot(s, slot, toward))
    s.push(("attack", slug))


def roll(s: AvalonState, frame: Frame, face: int) -> None:
    """The guardian die for a guardian frame ("guardian", slug, moves left)."""
    _, slug, left = frame
    slot = slot_of(s, slug)
    if slot is not None:
        moved = step(slot, DIE_DIRECTIONS[face - 1]) if face <= len(DIE_DIRECTIONS) else hunt_slot(s, slot)
        _set(s, slug, moved)
    if left > 1 and slot is not None:
        s.replace(("guardian", slug, left - 1))
    else:
        s.pop()


def run_attack(s: AvalonState, frame: Frame) -> None:
    """A guardian standing on characters attacks them all as one group, the lowest number leading."""
    _, slug = frame
    s.pop()
    slot = slot_of(s, slug)
    if slot is None:
        return
    prey = sorted((seat for seat in s.living() if cell(s.heroes[seat].location) == slot),
                  key=lambda seat: s.heroes[seat].number)
    if prey:
        s.outcome = ""
        s.push(("fight", slug, new_group(s, prey), 1, "roll"))


def defeat(s: AvalonState, slug: str) -> None:
    """A defeated guardian leaves the game."""
    _set(s, slug, None)
