"""The Day (avalon.day.*, avalon.action.*): one action at a time, groups that join, and passing."""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from spielwerk.games.avalon import events
from spielwerk.games.avalon.content import CONTENT, RELICS, RESOURCES, Action, Effect
from spielwerk.games.avalon.notation import DIRECTIONS, Move
from spielwerk.games.avalon.resolve import (
    FOOD,
    MORWEN,
    REPUTATION,
    Group,
    can_pay,
    effects_frame,
    here,
    markers_on,
    members,
    move_group,
    new_group,
    pay,
    put_markers,
    reveal_around,
)
from spielwerk.games.avalon.world import ALIVE, CELLS, DONE, PASSED, WAITED, Hero

if TYPE_CHECKING:
    from spielwerk.games.avalon.rules import AvalonState, Frame

NEIGHBOURS = {
    location: {
        direction: neighbour for direction, (dx, dy) in DIRECTIONS.items()
        if (neighbour := CONTENT.at(place.column + dx, place.row + dy)) is not None
    }
    for location, place in CONTENT.locations.items()
}
"""Each location's orthogonal neighbours on the grid, by direction."""
GROUP_ACTIONS = frozenset({"explore", "travel", "act", "activate", "challenge"})
SHARED_ENERGY = {"explore": "explore_energy", "travel": "travel_energy", "challenge": "challenge_energy"}
"""The actions each member pays Energy for, and the number's name."""
SHARES = {kind: int(CONTENT.number("day", name)) for kind, name in SHARED_ENERGY.items()}
"""The Energy each member pays for those actions."""
EXPLORE_TIMES = int(CONTENT.number("day", "explore_times"))
ACTIVATE_ENERGY = int(CONTENT.number("day", "activate_energy"))
VERSES_AT = {
    location: {side: f"{location}{side}" for side in ("", "a", "b") if f"{location}{side}" in CONTENT.verses}
    for location in CONTENT.locations
}
"""Each location's verses by the side of its card that is the back (a missing side has none)."""
TRAVELS = {
    location: tuple(
        (steps[direction], (location, steps[direction]), Move("travel", direction))
        for direction in DIRECTIONS if direction in steps
    )
    for location, steps in NEIGHBOURS.items()
}
"""Each location's neighbours on the grid with the arrow there and the `travel` move there, in the
order of DIRECTIONS."""
LANDINGS = {
    place.action.slug: tuple(int(e.args[0]) for e in place.action.effects if e.op == "move")
    for place in CONTENT.locations.values() if place.action
}
"""The locations each location action moves the group to (a ferry's landing), by its slug."""
SPECIALS = {place.action.slug: place.action.special for place in CONTENT.locations.values() if place.action}
"""Each location action's special kind ("wake", "augury" or ""), by its slug."""
MIRRORS = frozenset(number for number, place in CONTENT.locations.items() if place.relic == "mirror")
"""Where the mirror is found."""
EXPLORE, ACTIVATE, WAIT, PASS = Move("explore"), Move("activate"), Move("wait"), Move("pass")
CHALLENGES = {slug: Move("challenge", slug) for slug in ("stag", "widow")}
JOINS = {number: Move("join", str(number)) for number in CONTENT.characters}
DECLINE = Move("decline")


# ----- whose turn ---------------------------------------------------------------------------
def actor(s: AvalonState) -> int | None:
    """The first in the round's queue who lives, has not passed and is not done (avalon.day.order)."""
    heroes = s.heroes
    for seat in s.queue:
        hero = heroes[seat]
        if not (hero.passed or hero.done or hero.fate):  # ALIVE is the empty fate
            return seat
    return None


def run_day(s: AvalonState) -> int | None:
    """The seat of the character to act; where nobody can act, None, and a new round or the End of
    Day begins."""
    heroes = s.heroes
    for seat in s.queue:  # `actor`
        hero = heroes[seat]
        if not (hero.passed or hero.done or hero.fate):
            return seat
    living = s.living()
    for seat in living:
        if not heroes[seat].passed:  # avalon.day.again
            s.set_each(living, ((DONE, False), (WAITED, False)))
            s.queue = tuple(sorted(s.queue, key=lambda seat: heroes[seat].number))
            return None
    s.replace(("dusk", 1))  # avalon.day.pass
    return None


# ----- what the character to move may do -------------------------------------------------------
def day_choices(s: AvalonState) -> list[Move]:
    """Every action of the character to move (avalon.day.*, avalon.action.*, the Notation)."""
    seat = actor(s)
    return [] if seat is None else choices_of(s, seat)


def choices_of(s: AvalonState, seat: int) -> list[Move]:
    """Every action of the character of `seat`, the one to act (`day_choices`)."""
    heroes = s.heroes
    hero = heroes[seat]
    location, energy = hero.location, hero.energy
    choices = []
    # avalon.action.explore, avalon.verse.content: Energy, a verse on the back, and fewer than two
    # explorations there, except on the Saltmarsh while the mirror is unfound
    if (energy >= EXPLORE_SHARE and s.backs[location] in VERSES_AT[location]
            and (s.explored[location] < EXPLORE_TIMES or (location in MIRRORS and not mirror_found(s)))):
        choices.append(EXPLORE)
    if energy >= TRAVEL_SHARE:  # avalon.action.travel
        placed, arrows = s.placed, s.arrows
        for target, arrow, travel in TRAVELS[location]:
            if target in placed and arrow in arrows:
                choices.append(travel)
    action = ACTIONS_AT[location]  # avalon.action.location
    if action and _action_open(s, seat, action) and can_pay(s, seat, action.cost):
        choices.append(ACTS[action.slug])
    if s.quests:
        choices += _quest_actions(s, seat)
    cost = MENHIR_COSTS[location]  # avalon.menhir.activate: unlit or without a dial, 1 Energy and the cost
    if cost is not None and not s.menhir_dial(location) and can_pay(s, seat, cost, ACTIVATE_ENERGY):
        choices.append(ACTIVATE)
    stag, widow = s.stag, s.widow
    if stag is not None or widow is not None:
        slot = CELLS[location]
        for slug, guardian in (("stag", stag), ("widow", widow)):
            if guardian == slot and energy >= CHALLENGE_SHARE:
                choices.append(CHALLENGES[slug])
    if len(heroes) > 1:  # alone, there is nobody to give to or wait for
        takers, waits = [], False  # the other living characters here; one that has yet to act
        for other, o in enumerate(heroes):
            if other != seat and o.fate == ALIVE:
                if o.location == location:
                    takers.append(o.number)
                if not (o.passed or o.done):
                    waits = True
        if takers:
            choices += _gives(hero, takers)
        if waits and not hero.waited:
            choices.append(WAIT)
    choices.append(PASS)
    return choices


def _share(kind: str) -> int:
    return SHARES.get(kind, 0)


EXPLORE_SHARE, TRAVEL_SHARE, CHALLENGE_SHARE = _share("explore"), _share("travel"), _share("challenge")
ACTIONS_AT = {number: place.action for number, place in CONTENT.locations.items()}
"""Each location's action, or None."""
MENHIR_COSTS = {number: place.menhir for number, place in CONTENT.locations.items()}
"""What lighting each location's menhir costs, or None where there is no menhir."""
ACTS = {slug: Move("act", slug) for slug in (
    *(action.slug for action in ACTIONS_AT.values() if action),
    *(quest.slug for quest in CONTENT.quests.values() if quest.slug),
)}
"""`act <slug>` for every location and quest action."""


def mirror_found(s: AvalonState) -> bool:
    """Whether any character carries the mirror."""
    return any("mirror" in hero.relics for hero in s.heroes if hero.fate == ALIVE)


def _quest_actions(s: AvalonState, seat: int) -> list[Move]:
    """The quest actions the character may take here (avalon.action.location)."""
    location = s.heroes[seat].location
    acts = []
    for quest_id, _ in s.quests:
        slug, where, cost = QUEST_ACTIONS[quest_id]
        if slug and where == location and not markers_on(s, slug) and can_pay(s, seat, cost):
            acts.append(ACTS[slug])
    return acts


QUEST_ACTIONS = {
    quest_id: (quest.slug, quest.location, quest.cost) for quest_id, quest in CONTENT.quests.items()
}
"""Each quest's action (its slug, or "" without one), where it is taken and what it costs."""


def _action_open(s: AvalonState, seat: int, action: Action) -> bool:
    if s.action_markers and markers_on(s, action.slug):
        return False
    if s.quests:
        for quest_id, _ in s.quests:
            if CLOSES[quest_id] == action.slug:
                return False
    special = SPECIALS[action.slug]
    if special == "wake":
        return wake_possible(s, s.heroes[seat].location)
    if special == "augury":
        return bool(s.top or events.segment(s))
    return s.placed.issuperset(LANDINGS[action.slug])  # avalon.map.place: a ferry's landing


def wake_possible(s: AvalonState, location: int) -> bool:
    """The menhir here is active and the characters here carry the three relics (avalon.win)."""
    carried = {relic for seat in here(s, location) for relic in s.heroes[seat].relics}
    return s.menhir_dial(location) is not None and carried >= set(RELICS)


def _gives(hero: Hero, takers: list[int]) -> list[Move]:
    """`give <thing> to <n>` to each of the characters numbered `takers`, the other living ones here
    (avalon.action.give)."""
    if len(takers) > 1:
        takers.sort()
    things = list(compress(RESOURCES, hero[FOOD:REPUTATION + 1]))  # a resource is never below 0
    items = hero.items
    if items:
        things += sorted({slug for slug, _, _ in items}) if len(items) > 1 else [items[0][0]]
    things += hero.relics
    gives: list[Move] = []
    for number in takers:
        gives += map(GIVES[number].__getitem__, things)
    return gives


GIVES = {
    number: {
        thing: Move("give", f"{thing} to {number}") for thing in (*RESOURCES, *sorted(CONTENT.items), *RELICS)
    }
    for number in CONTENT.characters
}
"""`give <thing> to <n>` for every character and thing."""
CLOSES = {quest_id: quest.closes for quest_id, quest in CONTENT.quests.items()}
"""The location action each quest on the pile closes, or ""."""


# ----- declaring, joining, acting -----------------------------------------------------------
def take_day(s: AvalonState, move: Move, seat: int | None = None) -> None:
    """The character to move (the actor, `seat` where known) declares an action; a group action asks
    the others here to join."""
    if seat is None or seat < 0:
        seat = actor(s)
        if seat is None:
            return
    if move.word == "pass":
        s.set_field(seat, PASSED, True)
    elif move.word == "wait":
        s.set_field(seat, WAITED, True)
        s.queue = (*(other for other in s.queue if other != seat), seat)
    elif move.word == "give":
        give(s, seat, move.arg)
    else:
        heroes = s.heroes
        location = heroes[seat].location
        s.last = (heroes[seat].number, move.word, move.arg or "", location)
        share = SHARES.get(move.word, 0)
        candidates = []
        for other in here(s, location):
            o = heroes[other]
            if other != seat and not o.passed and o.energy >= share:  # can_pay the share: Energy alone
                candidates.append(other)
        s.push(("act", move.word, move.arg, new_group(s, (seat,))))
        if candidates:
            s.push(("join", seat, move.word, move.arg, tuple(candidates)))


def give(s: AvalonState, seat: int, text: str) -> None:
    """Hand one thing to another character here; free, and the turn goes on."""
    thing, _, number = text.rpartition(" to ")
    taker = s.seat_of(int(number))
    if taker is None:
        return
    hero, other = s.heroes[seat], s.heroes[taker]
    if thing in RESOURCES:
        s.set_hero(seat, **{thing: getattr(hero, thing) - 1})
        s.set_hero(taker, **{thing: min(CONTENT.number("resources", "max"), getattr(other, thing) + 1)})
    elif thing in RELICS:
        s.set_hero(seat, relics=tuple(r for r in hero.relics if r != thing))
        s.set_hero(taker, relics=tuple(sorted((*other.relics, thing))))
    else:
        kept = list(hero.items)
        given = next(item for item in kept if item[0] == thing)
        kept.remove(given)
        s.set_hero(seat, items=tuple(kept))
        keyword = CONTENT.items[thing].keyword
        worn = any(equipped and CONTENT.items[slug].keyword == keyword for slug, _, equipped in other.items)
        s.set_hero(taker, items=tuple(sorted((*other.items, (thing, given[1], not worn)))))


def join_choices(s: AvalonState, frame: Frame) -> list[Move]:
    """`join <leader>` or `decline` (avalon.day.group)."""
    return [JOINS[s.heroes[frame[1]].number], DECLINE]


def take_join(s: AvalonState, frame: Frame, move: Move) -> None:
    """The next candidate joins or declines; after the last, the group acts."""
    _, leader_seat, word, arg, candidates = frame
    if move.word == "join":
        below = s.frames[-2]
        s.frames = (*s.frames[:-2], ("act", below[1], below[2], (*below[3], candidates[0])), frame)
    if len(candidates) > 1:
        s.replace(("join", leader_seat, word, arg, candidates[1:]))
    else:
        s.pop()


def run_act(s: AvalonState, frame: Frame) -> None:
    """The group pays and acts: explore, travel, a location or quest action, activate, challenge."""
    _, word, arg, group = frame
    s.pop()
    group = tuple(members(s, group))
    if not group:
        return
    lead = group[0]
    location = s.heroes[lead].location
    s.set_all(group, DONE, True)  # avalon.day.again
    share = SHARES.get(word, 0)
    if share:
        for seat in group:
            pay(s, seat, (), share)
    if word == "explore":
        verse = f"{location}{s.backs[location]}"
        if verse in CONTENT.verses:
            s.push(("explored", location), ("verse", verse, "start", group, 0), ("reveal", f"verse {verse}"))
    elif word == "travel":
        target = NEIGHBOURS[location].get(arg)
        if target is not None:
            move_group(s, group, target)
    elif word == "challenge":
        s.outcome = ""
        s.push(("fight", arg, group, 1, "roll"))
    elif word == "activate":
        activate(s, group, location)
    else:
        location_action(s, group, location, arg)


def activate(s: AvalonState, group: Group, location: int) -> None:
    """Light a menhir: 1 Energy plus the site's cost from the leader; the dial starts at the set-up
    value (1 higher with Morwen); then the location reveals its neighbours (avalon.menhir.activate)."""
    cost = CONTENT.locations[location].menhir or ()
    pay(s, group[0], cost, int(CONTENT.number("day", "activate_energy")))
    dial = s.dial_start + (1 if any(s.heroes[seat].number == MORWEN for seat in members(s, group)) else 0)
    s.menhirs = tuple(sorted((*((p, d) for p, d in s.menhirs if p != location), (location, dial))))
    around = reveal_around(s, location)
    if around:
        s.push(around)


def location_action(s: AvalonState, group: Group, location: int, slug: str) -> None:
    """`act <slug>`: the leader pays, the effects follow, then the time markers (avalon.action.location)."""
    action = CONTENT.locations[location].action
    if action is not None and action.slug == slug:
        pay(s, group[0], action.cost)
        put_markers(s, slug, action.markers)
        if action.special == "wake":
            s.result = "won"
            return
        if action.special == "augury":
            s.push(("augury", group))
            return
        effects = action.effects
        food = events.market_food(s) if slug == "market" else None
        if food is not None:
            effects = tuple(Effect("gain", ("food", food)) if e.op == "gain" and e.args[0] == "food" else e
                            for e in effects)
        follow = effects_frame(group, effects)
        if follow:
            s.push(follow)
        return
    quest = next((CONTENT.quests[q] for q, _ in s.quests if CONTENT.quests[q].slug == slug), None)
    if quest is None:
        return
    pay(s, group[0], quest.cost)
    if quest.test is None:
        _quest_done(s, quest.id)
        follow = effects_frame(group, quest.effects)
        if follow:
            s.push(follow)
        return
    difficulty = quest.expired_difficulty if quest.id == "Q1" and s.q1_hard else quest.test[1]
    s.push(("quest", quest.id, group), ("test", quest.test[0], difficulty, group))


def run_quest(s: AvalonState, frame: Frame) -> None:
    """After a quest's test: a pass does the quest, a failure costs and puts its markers."""
    _, quest_id, group = frame
    s.pop()
    quest = CONTENT.quests[quest_id]
    if s.outcome == "pass":
        _quest_done(s, quest_id)
        follow = effects_frame(group, quest.passed)
    else:
        put_markers(s, quest.slug, quest.markers)
        follow = effects_frame(group, quest.failed)
    if follow:
        s.push(follow)


def _quest_done(s: AvalonState, quest_id: str) -> None:
    s.quests = tuple(pair for pair in s.quests if pair[0] != quest_id)
    s.discards = (*s.discards, quest_id)


def equip_choices(s: AvalonState, frame: Frame) -> list[Move]:
    """`equip <slug>` for each owned item of the frame's keyword."""
    _, seat, keyword = frame
    owned = [slug for slug, _, _ in s.heroes[seat].items]
    return [Move("equip", slug) for slug in owned if CONTENT.items[slug].keyword == keyword]


def take_equip(s: AvalonState, frame: Frame, move: Move) -> None:
    """Equip one item of a keyword; the others of it stay owned, unequipped (avalon.dawn.equip)."""
    _, seat, keyword = frame
    s.pop()
    hero = s.heroes[seat]
    s.set_hero(seat, items=tuple(
        (slug, ready, slug == move.arg if CONTENT.items[slug].keyword == keyword else equipped)
        for slug, ready, equipped in hero.items
    ))

