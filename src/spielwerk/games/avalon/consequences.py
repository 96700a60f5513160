"""What a step of Avalon changed, in words (`narrate`): the day, the map, the menhirs, each
character's pools, resources and things, the guardians, the Omen, the quests, time markers and
ways, fights begun and the end of the game. Only public facts are compared; the verses Elowen
scouts are told to her seat alone."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spielwerk.core.message import Message
from spielwerk.games.avalon.content import CONTENT
from spielwerk.games.avalon.say import name, place, say, word
from spielwerk.games.avalon.world import ALIVE, Hero, slot_name

Facts = dict[str, Any]
"""Every fact of a state by name (FACTS), as a step found or left it."""
CHANGING = ("health", "energy", "terror", "max_health", "max_energy", "food", "wealth", "magic",
            "reputation", "might", "wits", "spirit")
"""The numbers of a character whose changes are told, in this order."""


@dataclass(frozen=True)
class Item:
    """One thing told: `public` to everyone (None: nothing), `secret` instead to the `seats`."""

    public: Message | None
    seats: frozenset[int] = field(default_factory=frozenset)
    secret: Message | None = None

    def to(self, seat: int | None) -> Message | None:
        """What `seat` (None: a spectator) is told."""
        return self.secret if seat is not None and seat in self.seats else self.public


def facts_of(values: tuple[Any, ...]) -> Facts:
    """A snapshot's facts by name."""
    from spielwerk.games.avalon.rules import FACTS

    return dict(zip(FACTS, values, strict=True))


def members(a: Facts, group: Sequence[int]) -> list[int]:
    """The seats of a group still in it (as `resolve.members`)."""
    heroes, left = a["heroes"], a["left"]
    return [seat for seat in group if heroes[seat].fate == ALIVE and seat not in left]


def group_names(a: Facts, seats: Sequence[int]) -> list[Message]:
    """The names of seats' characters, joined in a sentence as "Cadoc and Elowen"."""
    return [name(a["heroes"][seat].number) for seat in seats]


def changes(kind: str, a: Facts, b: Facts, skip: set[str], label: Message | None = None) -> list[Item]:
    """Everything a step of `kind` changed from `a` to `b`, but what its own telling says (`skip`),
    the first thing after `label` where one is given."""
    told = _told(kind, a, b, skip)
    if label is not None and told and told[0].public is not None:
        first = told[0]
        told[0] = Item(say("narrate.labelled", label=label, what=first.public), first.seats, first.secret)
    return told


def _told(kind: str, a: Facts, b: Facts, skip: set[str]) -> list[Item]:
    told = _day(a, b)
    told += _places(a, b)
    told += _menhirs(a, b, skip)
    for seat, (before, after) in enumerate(zip(a["heroes"], b["heroes"], strict=True)):
        told += _hero(kind, seat, before, after, a, b, skip)
    told += _guardians(kind, a, b)
    told += _quests(kind, a, b)
    if a["omen"] != b["omen"]:
        rises = b["omen"] > a["omen"]
        told.append(Item(say("narrate.omen.up" if rises else "narrate.omen.down", omen=b["omen"])))
    told += _markers(a, b)
    told += _ways(a, b)
    told += _fight(kind, a, b)
    if b["result"] and not a["result"]:
        told.append(Item(say(f"end.{b['result']}")))
    return told


def _bottom(a: Facts) -> str:
    return str(a["frames"][0][0]) if a["frames"] else ""


def _day(a: Facts, b: Facts) -> list[Item]:
    if a["day"] != b["day"]:
        return [Item(say("narrate.dawn", day=b["day"]))]
    if _bottom(a) == "day" and _bottom(b) == "dusk":
        return [Item(say("narrate.dusk", day=b["day"]))]
    return []


def _places(a: Facts, b: Facts) -> list[Item]:
    told = []
    new, lost = sorted(b["placed"] - a["placed"]), sorted(a["placed"] - b["placed"])
    if lost:
        told.append(Item(say("narrate.swallowed", places=[place(n) for n in lost], count=len(lost))))
    if new:
        told.append(Item(say("narrate.placed", places=[place(n) for n in new], count=len(new))))
    return told


def _menhirs(a: Facts, b: Facts, skip: set[str]) -> list[Item]:
    before, after = dict(a["menhirs"]), dict(b["menhirs"])
    told = [Item(say("narrate.menhir.out", place=place(site))) for site in sorted(set(before) - set(after))]
    if "lit" not in skip:
        told += [Item(say("narrate.menhir.lit", place=place(site), dial=after[site]))
                 for site in sorted(set(after) - set(before))]
    dials = [_dial(site, after[site]) for site in sorted(set(before) & set(after))
             if before[site] != after[site]]
    if dials:
        told.append(Item(say("narrate.menhir.dials", dials=dials, count=len(dials))))
    return told


def _dial(site: int, dial: int) -> Message:
    if not dial:
        return say("narrate.menhir.no-dial", place=place(site))
    return say("narrate.menhir.at", place=place(site), dial=dial)


def _hero(kind: str, seat: int, before: Hero, after: Hero, a: Facts, b: Facts, skip: set[str]) -> list[Item]:
    """A character's changes: a fall, the Mercy, numbers, things, statuses, a move, scouting."""
    who = name(after.number)
    if before.fate == ALIVE and after.fate != ALIVE:
        return [Item(say(f"narrate.fate.{after.fate}", who=who))]
    if seat in b["left"] and seat not in a["left"] and b["mercy"] < a["mercy"]:
        return [Item(say("narrate.mercy", who=who, place=place(after.location), health=after.health,
                         terror=after.terror))]
    told = []
    if before.location != after.location and "travel" not in skip:
        how = "thrown" if kind == "dawn" else "back" if kind == "arrive" else "goes"
        told.append(Item(say(f"narrate.{how}", who=who, place=place(after.location))))
    if "hero" not in skip:
        told += _numbers(who, before, after)
    for status in ("feverish", "blessed"):
        if getattr(after, status) and not getattr(before, status):
            told.append(Item(say(f"narrate.{status}", who=who, count=getattr(after, status))))
    learned = sorted(b["known"][seat] - a["known"][seat]) if seat < len(b["known"]) else []
    if learned:
        verses = [say("narrate.scouted", place=place(n), verse=f"{n}{b['backs'][n]}") for n in learned]
        told.append(Item(None, frozenset({seat}), say("narrate.scout", who=who, verses=verses)))
    return told


def _numbers(who: Message, before: Hero, after: Hero) -> list[Item]:
    """A character's pools, resources and attributes that changed, and the things it gained."""
    told = []
    deltas = [_delta(field, getattr(after, field) - getattr(before, field))
              for field in CHANGING if getattr(after, field) != getattr(before, field)]
    if deltas:
        told.append(Item(say("narrate.hero", who=who, changes=deltas)))
    gained = Counter(slug for slug, _, _ in after.items) - Counter(slug for slug, _, _ in before.items)
    things = [say(f"item.{slug}") for slug in sorted(gained.elements())]
    things += [say(f"relic.{relic}") for relic in after.relics if relic not in before.relics]
    if things:
        told.append(Item(say("narrate.gains", who=who, things=things)))
    return told


def _delta(field: str, change: int) -> Message:
    """"+2 magic", "−1 Energy"."""
    sign = "+" if change > 0 else "−"
    return say("narrate.delta", sign=sign, n=abs(change), what=say(f"narrate.word.{field}"))


def _guardians(kind: str, a: Facts, b: Facts) -> list[Item]:
    told = []
    for slug in ("stag", "widow"):
        before, after = a[slug], b[slug]
        guardian = say(f"guardian.{slug}")
        if before is None and after is not None:
            told.append(Item(say("narrate.guardian.appears", guardian=guardian, slot=slot_name(after))))
        elif before is not None and after is None:
            told.append(Item(say("narrate.guardian.defeated", guardian=guardian)))
        elif before != after and kind != "guardian":
            told.append(Item(say("narrate.guardian.moves", guardian=guardian, slot=slot_name(after))))
    return told


def _quests(kind: str, a: Facts, b: Facts) -> list[Item]:
    before, after = dict(a["quests"]), dict(b["quests"])
    told = []
    for quest in [q for q in before if q not in after]:
        how = "expired" if kind == "dawn" else "done"
        told.append(Item(say(f"narrate.quest.{how}", quest=say(f"event.{quest}"))))
    dials = [say("narrate.quest.at", quest=say(f"event.{q}"), dial=after[q])
             for q in after if q in before and q != "Q3" and after[q] != before[q] and after[q]]
    if dials:
        told.append(Item(say("narrate.quest.dials", dials=dials, count=len(dials))))
    if b["q1_hard"] and not a["q1_hard"]:
        told.append(Item(say("narrate.quest.harder", quest=say("event.Q1"))))
    if b["q3"] != a["q3"] and b["q3"]:
        told.append(Item(say("narrate.riddle", quest=say("event.Q3"), count=b["q3"],
                             needed=CONTENT.quests["Q3"].counter)))
    return told


def _markers(a: Facts, b: Facts) -> list[Item]:
    before = dict(a["action_markers"])
    return [Item(say("narrate.markers", action=say(f"action.{slug}"), count=n))
            for slug, n in b["action_markers"] if n > before.get(slug, 0)]


def _ways(a: Facts, b: Facts) -> list[Item]:
    told = []
    for how, ways in (("open", b["arrows"] - a["arrows"]), ("closed", a["arrows"] - b["arrows"])):
        for start, end in sorted(ways):
            if (end, start) in ways and end < start:
                continue
            both = "both" if (end, start) in ways else "one"
            told.append(Item(say(f"narrate.way.{how}.{both}", start=place(start), end=place(end))))
    return told


def _fight(kind: str, a: Facts, b: Facts) -> list[Item]:
    """A fight begun by this step (a challenge says so itself)."""
    top = b["frames"][-1] if b["frames"] else ()
    if kind == "act" or not top or top[0] != "fight" or top[3] != 1 or top[4] != "roll" or top in a["frames"]:
        return []
    reference, group = str(top[1]), members(b, top[2])
    names, count = group_names(b, group), len(group)
    if reference in ("stag", "widow"):
        return [Item(say(f"narrate.attack.{reference}", group=names, count=count))]
    if reference == "R4":
        where = place(b["heroes"][group[0]].location) if group else ""
        return [Item(say("narrate.attack.R4", group=names, count=count, place=where))]
    from spielwerk.games.avalon.fights import foe_of

    foe = foe_of(reference)
    return [Item(say("narrate.encounter", group=names, count=count, attr=word(foe.attr),
                     strength=foe.strength))]
