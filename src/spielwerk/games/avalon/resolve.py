"""Changes to the island and its characters: pools and resources, costs, effects, arrival,
placement, the Allmother's Mercy and death. Functions here change a state; the frames they push
are resolved later by `flow.advance`."""

from __future__ import annotations

from collections.abc import Iterable
from math import ceil
from typing import TYPE_CHECKING, Any

from spielwerk.core.kept import Kept
from spielwerk.games.avalon.content import CONTENT, Amount, Effect
from spielwerk.games.avalon.world import (
    ALIVE,
    CELLS,
    DEAD,
    LOCATION,
    MAD,
    NEAR,
    Hero,
    cell,
    chebyshev,
    joins,
)

if TYPE_CHECKING:
    from spielwerk.games.avalon.rules import AvalonState, Frame

Group = tuple[int, ...]
"""Seats acting together, the leader first."""
CADOC, ELOWEN, MORWEN, TEGID = 1, 2, 3, 4


# ----- groups ---------------------------------------------------------------------------------
def members(s: AvalonState, group: Group) -> list[int]:
    """The seats of a group still in it: alive, and not taken out by the Allmother's Mercy."""
    heroes, left = s.heroes, s.left
    if len(group) == 1:
        seat = group[0]
        return [seat] if heroes[seat].fate == ALIVE and seat not in left else []
    present = []
    for seat in group:
        if heroes[seat].fate == ALIVE and seat not in left:
            present.append(seat)
    return present


def new_group(s: AvalonState, seats: Iterable[int]) -> Group:
    """A group formed now. The Allmother's Mercy takes a character out of the groups it is in, not
    out of those formed after it (avalon.mercy), so nobody has left this one."""
    s.left = frozenset()
    return tuple(seats)


def leader(s: AvalonState, group: Group) -> int | None:
    """The group's leader: the first seat if it is still in, else the lowest-numbered member left
    (avalon.verse.format)."""
    present = members(s, group)
    if not present:
        return None
    if present[0] == group[0]:
        return present[0]
    return min(present, key=lambda seat: s.heroes[seat].number)


def here(s: AvalonState, location: int) -> list[int]:
    """The living seats on a location, in number order."""
    heroes = s.heroes
    seats = []
    for seat, hero in enumerate(heroes):
        if hero.location == location and hero.fate == ALIVE:
            seats.append(seat)
    if len(seats) > 1:
        seats.sort(key=lambda seat: heroes[seat].number)
    return seats


# ----- pools, resources, costs ----------------------------------------------------------------
RESOURCE_MAX: int = CONTENT.number("resources", "max")
FOOD, WEALTH, MAGIC, REPUTATION, HEALTH, MAX_HEALTH, ENERGY, MAX_ENERGY, TERROR, LIMIT = (
    Hero._fields.index(name) for name in (
        "food", "wealth", "magic", "reputation", "health", "max_health", "energy", "max_energy", "terror",
        "limit",
    )
)
"""Places of the pools, their limits and the resources in a character's tuple."""
FIELD_OF = {"food": FOOD, "wealth": WEALTH, "magic": MAGIC, "reputation": REPUTATION}
BOUNDS = {**{kind: (field, -1) for kind, field in FIELD_OF.items()},
          "health": (HEALTH, MAX_HEALTH), "energy": (ENERGY, MAX_ENERGY), "terror": (TERROR, LIMIT)}
"""Each resource's and pool's place, and the place of its limit (-1: the resources' maximum)."""


def change(s: AvalonState, seat: int, kind: str, n: int, encounter: bool = False) -> None:
    """Add `n` (may be negative) to a resource or pool of a living character, within its limits
    (avalon.res.limits); at 0 Health or the Terror limit the character falls (avalon.death)."""
    heroes = s.heroes
    hero = heroes[seat]
    if hero.fate != ALIVE or n == 0:
        return
    if encounter and kind == "health" and n < 0 and hero.number == CADOC:
        n = min(0, n + 1)  # avalon.char.cadoc
    bounds = BOUNDS.get(kind)
    if bounds is None:
        fallen = hero.health == 0 or hero.terror >= hero.limit
    else:
        field, most = bounds
        values: list[Any] = list(hero)
        value, top = values[field] + n, RESOURCE_MAX if most < 0 else values[most]
        values[field] = 0 if value < 0 else top if value > top else value
        if len(heroes) == 1:
            s.heroes = (tuple.__new__(Hero, values),)
        else:
            changed = list(heroes)
            changed[seat] = tuple.__new__(Hero, values)
            s.heroes = tuple(changed)
        fallen = values[HEALTH] == 0 or values[TERROR] >= values[LIMIT]
    if fallen:
        fall(s, seat)


def can_pay(s: AvalonState, seat: int, costs: tuple[Amount, ...], energy: int = 0) -> bool:
    """Whether a character can pay every cost in full, plus `energy` (avalon.res.pay)."""
    hero = s.heroes[seat]
    if not costs:
        return hero.energy >= energy
    spent, needs = _NEEDS.get(costs) or _needs(costs)
    if hero.energy < energy + spent:
        return False
    for kind, n in needs:
        if kind == "terror":
            if hero.terror + n >= hero.limit:
                return False
        elif getattr(hero, kind) < n:
            return False
    return True


def _needs(costs: tuple[Amount, ...]) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The Energy in `costs` and every other kind's total (kept per costs: they are the content's)."""
    need: dict[str, int] = {}
    for amount in costs:
        need[amount.kind] = need.get(amount.kind, 0) + amount.n
    spent = need.pop("energy", 0)
    return _NEEDS.keep(costs, (spent, tuple(need.items())))


_NEEDS: Kept[tuple[Amount, ...], tuple[int, tuple[tuple[str, int], ...]]] = Kept(1000)


def pay(s: AvalonState, seat: int, costs: tuple[Amount, ...], energy: int = 0) -> None:
    """Pay costs that `can_pay` allowed (a Terror cost is taken as Terror)."""
    if energy:
        change(s, seat, "energy", -energy)
    for amount in costs:
        change(s, seat, amount.kind, amount.n if amount.kind == "terror" else -amount.n)


# ----- the Allmother's Mercy and death ------------------------------------------------------
def fall(s: AvalonState, seat: int) -> None:
    """A character at 0 Health or its Terror limit: the Mercy if unused, else it leaves the game."""
    hero = s.heroes[seat]
    if s.mercy > 0:  # avalon.mercy
        s.mercy -= 1
        s.set_hero(
            seat,
            health=ceil(hero.max_health / 2) if hero.health == 0 else hero.health,
            terror=hero.limit - CONTENT.number("mercy", "terror_below_limit") if hero.terror >= hero.limit
            else hero.terror,
            food=0, wealth=0, magic=0, passed=True, location=nearest_menhir(s, hero.location),
        )
        s.left = s.left | {seat}
        return
    s.set_hero(seat, fate=DEAD if hero.health == 0 else MAD, relics=())  # avalon.death
    if hero.relics:
        heirs = [other for other in here(s, hero.location)] or sorted(
            s.living(), key=lambda other: s.heroes[other].number)
        if heirs:
            heir = heirs[0]
            s.set_hero(heir, relics=tuple(sorted((*s.heroes[heir].relics, *hero.relics))))
    if not s.living():
        s.result = "death"


def nearest_menhir(s: AvalonState, location: int) -> int:
    """The nearest active menhir's location (Chebyshev distance, ties: lowest number)."""
    sites = [place for place, _ in s.menhirs] or [location]
    return min(sites, key=lambda place: (chebyshev(CELLS[place], CELLS[location]), place))


# ----- the map --------------------------------------------------------------------------------
def in_range(s: AvalonState, location: int) -> bool:
    """A location on or next to (diagonals too) an active menhir (avalon.map.range)."""
    return location in covered(s.menhirs)


def covered(menhirs: tuple[tuple[int, int], ...]) -> frozenset[int]:
    """Every location in range of the active `menhirs` (`in_range`), kept per menhirs."""
    found = _COVERED.get(menhirs)
    if found is None:
        found = _COVERED.keep(menhirs, frozenset().union(*(NEAR[place] for place, _ in menhirs)))
    return found


_COVERED: Kept[tuple[tuple[int, int], ...], frozenset[int]] = Kept(10_000)


def reveal_around(s: AvalonState, location: int) -> Frame | None:
    """The frame placing each unplaced location joined to `location` by an arrow and in range
    (avalon.arrival (1))."""
    placed, reach = s.placed, covered(s.menhirs)  # in_range
    new = []
    for other in joins(s.arrows).get(location, ()):
        if other not in placed and other in reach:
            new.append(other)
    return ("place", tuple(new)) if new else None


def markers_on(s: AvalonState, slug: str) -> int:
    """Time markers on an action."""
    for name, n in s.action_markers:
        if name == slug:
            return n
    return 0


def put_markers(s: AvalonState, slug: str, n: int) -> None:
    """Add `n` (may be negative) time markers to an action."""
    count = markers_on(s, slug) + n
    count = count if count > 0 else 0
    rest = tuple(pair for pair in s.action_markers if pair[0] != slug)
    s.action_markers = tuple(sorted((*rest, (slug, count)) if count else rest))


def put_instant_markers(s: AvalonState, location: int, n: int) -> None:
    """Add `n` time markers to a location's instant effect."""
    markers = list(s.instant_markers)
    markers[location] = max(0, markers[location] + n)
    s.instant_markers = tuple(markers)


def lower_dial(s: AvalonState, location: int, by: int) -> None:
    """Lower an active menhir's dial; below 1 the dial is removed, the menhir stays (avalon.dial.time)."""
    s.menhirs = tuple((place, max(0, dial - by) if place == location and dial else dial)
                      for place, dial in s.menhirs)


# ----- effects ----------------------------------------------------------------------------------
def effects_frame(group: Group, effects: tuple[Effect, ...]) -> Frame | None:
    """The frame that applies `effects` for `group` one by one, or None for no effects."""
    return ("effects", group, effects, 0) if effects else None


def run_effects(s: AvalonState, frame: Frame) -> None:
    """Apply the next effect of an effects frame, and go on with the effects frame on top (as
    `flow.advance` would) until the game ends or narration keeps the steps."""
    while True:
        _, group, effects, index = frame
        if index >= len(effects):
            s.pop()
        else:
            s.replace(("effects", group, effects, index + 1))
            apply_effect(s, group, effects[index])
        if s.trail is not None or s.result or not s.frames:
            return
        frame = s.frames[-1]
        if frame[0] != "effects":
            return


def apply_effect(s: AvalonState, group: Group, effect: Effect) -> None:
    """One effect of content/README.md for a group (avalon.verse.format)."""
    op, args = effect
    present = members(s, group)
    head = (present[0] if present[0] == group[0] else leader(s, group)) if present else None
    if op == "gain" and head is not None:
        change(s, head, str(args[0]), int(args[1]))
    elif op == "each":
        for seat in present:
            change(s, seat, str(args[0]), int(args[1]))
    elif op in ("health", "energy", "terror"):
        for seat in present:
            change(s, seat, op, int(args[0]))
    elif op == "item" and head is not None:
        gain_item(s, head, str(args[0]))
    elif op == "relic" and head is not None:
        if not any(str(args[0]) in hero.relics for hero in s.heroes):
            s.set_hero(head, relics=tuple(sorted((*s.heroes[head].relics, str(args[0])))))
    elif op == "status":
        for seat in present:
            s.set_hero(seat, **{str(args[0]): int(args[1])})
    elif op == "omen":
        add_omen(s, int(args[0]))
    elif op == "counter":
        add_q3(s, int(args[1]))
    elif op == "marker":
        location, where, n = int(args[0]), str(args[1]), int(args[2])
        action = CONTENT.locations[location].action
        if where == "instant":
            put_instant_markers(s, location, n)
        elif action is not None:
            put_markers(s, action.slug, n)
    elif op == "arrow":
        _change_arrow(s, str(args[0]), str(args[1]))
    elif op == "move" and head is not None:
        move_group(s, group, int(args[0]))
    elif op == "hunt" and head is not None:
        from spielwerk.games.avalon.guardians import hunt_step

        hunt_step(s, str(args[0]), toward=head)


def gain_item(s: AvalonState, seat: int, slug: str) -> None:
    """A gained item is ready, and equipped unless one of its keyword is equipped (avalon.item.use)."""
    hero = s.heroes[seat]
    keyword = CONTENT.items[slug].keyword
    worn = any(equipped and CONTENT.items[item].keyword == keyword for item, _, equipped in hero.items)
    s.set_hero(seat, items=tuple(sorted((*hero.items, (slug, True, not worn)))))


def add_omen(s: AvalonState, n: int) -> None:
    """Change the Omen; the Grey Widow enters when it first reaches its mark (avalon.omen)."""
    s.omen = max(0, s.omen + n)
    if not s.widow_came and s.omen >= CONTENT.number("dawn", "widow_omen"):
        s.widow_came = True
        s.widow = cell(CONTENT.guardians["widow"].enters)


def add_q3(s: AvalonState, n: int) -> None:
    """Move the Hermit's Riddle counter while it is on the quest pile; done at its mark."""
    if not any(quest == "Q3" for quest, _ in s.quests):
        return
    s.q3 = max(0, s.q3 + n)
    quest = CONTENT.quests["Q3"]
    if s.q3 >= quest.counter:
        s.quests = tuple(pair for pair in s.quests if pair[0] != "Q3")
        s.discards = (*s.discards, "Q3")
        for seat in s.living():
            for amount in quest.reward:
                change(s, seat, amount.kind, amount.n)


def _change_arrow(s: AvalonState, text: str, how: str) -> None:
    joint = "=" if "=" in text else ">"
    a, b = (int(side) for side in text.split(joint))
    pairs = {(a, b), (b, a)} if joint == "=" else {(a, b)}
    s.arrows = s.arrows | pairs if how == "add" else s.arrows - pairs


def move_group(s: AvalonState, group: Group, destination: int) -> None:
    """The group goes to a placed location, and arrives there (avalon.map.place, avalon.arrival)."""
    present = members(s, group)
    if destination not in s.placed or not present:
        return
    origin = s.heroes[present[0]].location
    s.set_all(present, LOCATION, destination)
    s.push(("arrive", tuple(present), destination, origin, 0))


# ----- arrival, placement, scouting ---------------------------------------------------------
def run_arrival(s: AvalonState, frame: Frame) -> None:
    """A step of an arrival, and on with the arrival frame on top (as `flow.advance` would) until the
    game ends or narration keeps the steps."""
    while True:
        _arrival_step(s, frame)
        if s.trail is not None or s.result or not s.frames:
            return
        frame = s.frames[-1]
        if frame[0] != "arrive":
            return


def _arrival_step(s: AvalonState, frame: Frame) -> None:
    """The steps of an arrival (avalon.arrival): reveal and Elowen's scouting, the Stag, the Widow
    (only after a win over the Stag), the instant effect and its markers."""
    _, group, destination, origin, stage = frame
    if stage == 0:
        s.replace(("arrive", group, destination, origin, 1))
        around = reveal_around(s, destination)
        if around:
            s.push(around)
    elif stage == 1:
        for seat in members(s, group):
            scout(s, seat)
        _guardian_stage(s, frame, "stag", s.stag)
    elif stage == 3:
        _guardian_stage(s, frame, "widow", s.widow)
    elif stage == 2 or stage == 4:
        if s.outcome == "lost":
            _go_back(s, group, origin)
        else:
            s.replace(("arrive", group, destination, origin, stage + 1))
    elif stage == 5:
        s.pop()
        instant = INSTANTS[destination]
        if instant is None:
            return
        present = tuple(members(s, group))
        if not s.instant_markers[destination] and present:
            put_instant_markers(s, destination, instant.markers)
            follow = effects_frame(present, instant.effects)
            if follow:
                s.push(follow)


def _guardian_stage(s: AvalonState, frame: Frame, slug: str, slot: tuple[int, int] | None) -> None:
    _, group, destination, origin, stage = frame
    present = tuple(members(s, group)) if slot is not None and slot == CELLS[destination] else ()
    if present:
        s.replace(("arrive", group, destination, origin, stage + 1))
        s.outcome = ""
        s.push(("fight", slug, present, 1, "roll"))
    elif s.trail is None:  # no guardian: on to the next stage at once, the arrival on top replaced there
        _arrival_step(s, ("arrive", group, destination, origin, stage + 2))
    else:
        s.replace(("arrive", group, destination, origin, stage + 2))


INSTANTS = {number: place.instant for number, place in CONTENT.locations.items()}
"""Each location's instant effect, or None."""


def _go_back(s: AvalonState, group: Group, origin: int) -> None:
    s.pop()
    s.set_all(members(s, group), LOCATION, origin)


def run_place(s: AvalonState, frame: Frame) -> None:
    """Place the next location of a placement frame; a first placement draws its back verse."""
    _, locations = frame
    if not locations:
        s.pop()
        return
    location, rest = locations[0], locations[1:]
    s.replace(("place", rest))
    if location in s.placed:
        return
    s.placed = s.placed | {location}
    if not s.backs[location]:
        s.push(("versedraw", location))


def run_scout(s: AvalonState, frame: Frame) -> None:
    """A set-up frame: Elowen scouts where she starts."""
    s.pop()
    scout(s, frame[1])


def scout(s: AvalonState, seat: int) -> None:
    """Elowen learns the backs of her location and the placed locations joined to it (avalon.char.elowen)."""
    hero = s.heroes[seat]
    if hero.number != ELOWEN or not hero.alive:
        return
    placed = s.placed
    seen = {hero.location}
    for other in joins(s.arrows).get(hero.location, ()):
        if other in placed:
            seen.add(other)
    known = list(s.known)
    known[seat] = known[seat] | frozenset(seen)
    s.known = tuple(known)

