"""Avalon's narration (`AvalonState._tell`): each action told in words with all it led to, as each
seat may know it.

An action runs through steps (`AvalonState.trail`: the decision or chance outcome itself, then every
automatic step `flow.advance` takes until the next decision). Each step is told by what it is (who
explores where, which verse is read, how a roll went, which event or dream comes) and by what it
changed (`consequences`: resources, places, menhirs, guardians, quests, the day). A step tells only
public facts; the few secrets a step shows to some seats (the card an augury draws, the verses
Elowen scouts) are told to those seats alone, so that a seat's narration holds nothing it may not
know."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spielwerk.core.message import Message
from spielwerk.core.narration import Told
from spielwerk.games.avalon.consequences import Facts, Item, changes, facts_of, group_names, members
from spielwerk.games.avalon.content import CONTENT, ChoiceNode
from spielwerk.games.avalon.fights import foe_of
from spielwerk.games.avalon.notation import DIE_DIRECTIONS, Move
from spielwerk.games.avalon.say import name, place, say, word
from spielwerk.games.avalon.world import slot_name

if TYPE_CHECKING:
    from spielwerk.games.avalon.rules import AvalonState, Frame, Step


def tell(before: AvalonState, after: AvalonState, action: object) -> Told:
    """What each seat is told of `action`, applied to `before` and leading to `after`."""
    trail: list[Step] = after.trail if after.trail else [(before.frames[-1], action, before.facts())]
    snaps = [facts_of(facts) for _, _, facts in trail] + [facts_of(after.facts())]
    items: list[Item] = []
    last: Frame = ()
    for frame, move, start, end in _segments(trail):
        items += step(frame, move, snaps[start], snaps[end], _label(frame, last))
        last = frame
    if not any(item.public is not None for item in items):
        items.insert(0, Item(say("narrate.plain", action=str(action))))
    return Told(_line(items, None), {seat: _line(items, seat) for seat in sorted(_privy(items))})


def _segments(trail: list[Step]) -> list[tuple[Frame, Move | None, int, int]]:
    """The steps with the effects of one frame taken together: (frame, move, first, after last)."""
    found: list[tuple[Frame, Move | None, int, int]] = []
    for index, (frame, move, _) in enumerate(trail):
        if found and move is None and frame[0] == "effects":
            previous = found[-1]
            if previous[1] is None and previous[0][0] == "effects" and previous[0][1:3] == frame[1:3]:
                found[-1] = (previous[0], None, previous[2], index + 1)
                continue
        found.append((frame, move, index, index + 1))
    return found


def _label(frame: Frame, last: Frame) -> Message | None:
    """What a step's changes come from where its frame does not say: an arrival's instant effect,
    the night's recovery."""
    if frame[0] == "effects" and last[:1] == ("arrive",):
        return say("narrate.on-arrival", place=place(last[2]))
    if frame[:2] == ("dusk", 2):
        return say("narrate.overnight")
    return None


def _privy(items: list[Item]) -> set[int]:
    return {seat for item in items for seat in item.seats}


def _line(items: list[Item], seat: int | None) -> Message:
    """The items a seat is told, joined into one line."""
    said = [item.to(seat) for item in items]
    shown = [message for message in said if message is not None]
    line = shown[0]
    for more in shown[1:]:
        line = say("narrate.then", line=line, more=more)
    return say("narrate.line", line=line)


def step(frame: Frame, move: Move | None, a: Facts, b: Facts, label: Message | None = None) -> list[Item]:
    """One step: what it was (a move taken, or an automatic step worth naming) and what it changed,
    after `label` where the frame does not say where the changes come from."""
    kind = frame[0]
    told: list[Item] = []
    skip: set[str] = set()
    if move is not None:
        told += _move(frame, move, a, b)
        skip |= {"hero"} if move.word == "give" else set()
    elif kind == "act":
        told += _act(frame, a, b)
        skip |= {"travel"} if frame[1] == "travel" else {"lit"} if frame[1] == "activate" else set()
    return told + changes(kind, a, b, skip, label)


# ----- what a move was ---------------------------------------------------------------------------
def _move(frame: Frame, move: Move, a: Facts, b: Facts) -> list[Item]:
    kind = frame[0]
    if kind == "day":
        return _day(move, a, b)
    if move.word == "die":
        return _die(frame, int(move.arg), a, b)
    if kind in ("event", "augury", "reveal") and move.word == "event":
        return _event(frame, move.arg, a)
    if move.word == "verse":
        return _verse(frame, move.arg, a)
    if move.word == "dream":
        return [Item(say("narrate.dream", who=_who(a, frame[1]), dream=say(f"dream.{move.arg}"),
                         text=say(f"dream.{move.arg}.text")))]
    return [Item(_decision(frame, move, a))]


def _who(a: Facts, seat: int) -> Message:
    return name(a["heroes"][seat].number)


def _day(move: Move, a: Facts, b: Facts) -> list[Item]:
    """A Day decision: waiting, passing and giving are done at once; a group action is told when the
    group acts (`_act`), or here as declared while the others here may still join."""
    seat = next(seat for seat in a["queue"] if _acting(a, seat))
    who = _who(a, seat)
    if move.word in ("pass", "wait"):
        return [Item(say(f"narrate.{move.word}", who=who))]
    if move.word == "give":
        thing, _, number = move.arg.rpartition(" to ")
        other = name(int(number))
        if thing in ("food", "wealth", "magic", "reputation"):
            return [Item(say("narrate.give.resource", who=who, other=other, what=word(thing)))]
        kind = "relic" if thing in ("mirror", "horn", "bell") else "item"
        return [Item(say("narrate.give.thing", who=who, other=other, thing=say(f"{kind}.{thing}")))]
    top = b["frames"][-1] if b["frames"] else ()
    if top and top[0] == "join":
        others = [name(a["heroes"][other].number) for other in top[4]]
        doing = _doing(move, a["heroes"][seat].location)
        return [Item(say("narrate.declare", who=who, doing=doing, others=others, count=len(others)))]
    return []


def _acting(a: Facts, seat: int) -> bool:
    hero = a["heroes"][seat]
    return hero.fate == "" and not hero.passed and not hero.done


def _doing(move: Move, location: int) -> Message:
    """A group action as declared: "explore Ashford", "travel north → Stag Wood"."""
    if move.word == "travel":
        direction = say(f"direction.{move.arg}")
        return say("narrate.doing.travel", direction=direction, place=_toward(location, move.arg))
    if move.word == "act":
        return say("narrate.doing.act", action=say(f"action.{move.arg}"), place=place(location))
    if move.word == "challenge":
        return say(f"narrate.doing.challenge.{move.arg}")
    return say(f"narrate.doing.{move.word}", place=place(location))


def _toward(location: int, direction: str) -> Message:
    from spielwerk.games.avalon.day import NEIGHBOURS

    target = NEIGHBOURS[location].get(direction)
    return place(target) if target is not None else say("narrate.nowhere")


def _act(frame: Frame, a: Facts, b: Facts) -> list[Item]:
    """The group acts: who, and what they do."""
    _, action, arg, group = frame
    present = members(a, group)
    if not present:
        return []
    names, count = group_names(a, present), len(present)
    location = a["heroes"][present[0]].location
    if action == "travel":
        there = b["heroes"][present[0]].location
        return [Item(say("narrate.travel", group=names, count=count, direction=say(f"direction.{arg}"),
                         place=place(there)))]
    if action == "act":
        return [Item(say("narrate.act", group=names, count=count, action=say(f"action.{arg}"),
                         place=place(location)))]
    if action == "activate":
        dial = dict(b["menhirs"]).get(location, 0)
        return [Item(say("narrate.activate", group=names, count=count, place=place(location), dial=dial))]
    if action == "challenge":
        return [Item(say(f"narrate.challenge.{arg}", group=names, count=count))]
    return [Item(say("narrate.explore", group=names, count=count, place=place(location)))]


def _decision(frame: Frame, move: Move, a: Facts) -> Message:
    """A decision of a frame other than the Day's."""
    kind = frame[0]
    if kind == "join":
        seat = frame[4][0]
        leader = name(a["heroes"][frame[1]].number)
        return say(f"narrate.{move.word}", who=_who(a, seat), leader=leader)
    if kind == "verse":
        verse_id, node_name, group = frame[1], frame[2], frame[3]
        lead = members(a, group)
        who = _who(a, lead[0] if lead and lead[0] == group[0] else _lowest(a, lead))
        node = CONTENT.verses[verse_id].nodes[node_name]
        count = len(node.options) if isinstance(node, ChoiceNode) else 0
        option = say(f"verse.{verse_id}.{node_name}.{move.arg}") if 0 < int(move.arg) <= count else move.arg
        return say("narrate.choose", who=who, option=option)
    if kind == "fight":
        present = members(a, frame[2])
        if move.word == "flee":
            return say("narrate.flee", group=group_names(a, present), count=len(present))
        return say("narrate.fight.on", group=group_names(a, present), count=len(present))
    seat = frame[1]
    if kind == "equip":
        return say("narrate.equip", who=_who(a, seat), item=say(f"item.{move.arg}"))
    if kind == "rest":
        return say(f"narrate.rest.{move.arg}", who=_who(a, seat))
    return say(f"narrate.improve.{move.arg}", who=_who(a, seat))


def _lowest(a: Facts, seats: list[int]) -> int:
    return min(seats, key=lambda seat: a["heroes"][seat].number) if seats else 0


def _die(frame: Frame, face: int, a: Facts, b: Facts) -> list[Item]:
    """A die: a test, a round of a fight, or a guardian's step."""
    kind = frame[0]
    if kind == "guardian":
        return [Item(_guardian_die(frame[1], face, a, b))]
    rolled = _rolled(b["told"])
    if kind == "test":
        present = members(a, frame[3])
        return [Item(say("narrate.test", group=group_names(a, present), count=len(present),
                         attr=word(frame[1]), target=frame[2], rolled=rolled))]
    reference, round_ = str(frame[1]), frame[3]
    foe = foe_of(reference)
    return [Item(say("narrate.round", foe=_foe(reference), round=round_, attr=word(foe.attr),
                     target=foe.strength, rolled=rolled))]


def _rolled(roll: tuple[Any, ...]) -> Message:
    """"rolled 4 for 5, passed"."""
    _, _, face, total, verdict, item = roll
    return say(f"narrate.rolled.{verdict}", face=face, total=total,
               item=say(f"item.{item}.short") if item else "")


def _foe(reference: str) -> Message:
    """The foe of a fight as it reads after "against"."""
    return say(f"narrate.foe.{reference if reference in ('stag', 'widow', 'R4') else 'verse'}")


def _guardian_die(slug: str, face: int, a: Facts, b: Facts) -> Message:
    before, after = a[slug], b[slug]
    guardian = say(f"guardian.{slug}")
    if before is None or after == before:
        return say("narrate.guardian.stays", face=face, guardian=guardian, slot=_slot(before))
    if face <= len(DIE_DIRECTIONS):
        return say("narrate.guardian.step", face=face, guardian=guardian,
                   direction=say(f"direction.{DIE_DIRECTIONS[face - 1]}"), slot=_slot(after))
    return say("narrate.guardian.hunt", face=face, guardian=guardian, slot=_slot(after))


def _slot(slot: tuple[int, int] | None) -> Message | str:
    """A slot of the map with the location on it: "b2 (Ashford)"."""
    if slot is None:
        return ""
    number = CONTENT.at(*slot)
    return say("narrate.slot", slot=slot_name(slot), place=place(number)) if number else slot_name(slot)


def _event(frame: Frame, event: str, a: Facts) -> list[Item]:
    """An event turned up at dawn, or drawn by an augury for its group's eyes only."""
    card = say("narrate.card", id=event, name=say(f"event.{event}"))
    if frame[0] == "augury":
        group = members(a, frame[1])
        names = group_names(a, group)
        public = say("narrate.augury", group=names, count=len(group))
        secret = say("narrate.augury.seen", group=names, count=len(group), card=card)
        return [Item(public, frozenset(group), secret)]
    key = "narrate.quest" if event in CONTENT.quests else "narrate.event"
    return [Item(say(key, card=card, text=say(f"event.{event}.text")))]


def _verse(frame: Frame, verse_id: str, a: Facts) -> list[Item]:
    """A verse drawn face down for a location laid out, or read aloud by the exploring group."""
    if frame[0] == "versedraw":
        return [Item(say("narrate.versedraw", place=place(frame[1])))]
    reading = next((f for f in reversed(a["frames"]) if f[0] == "verse"), None)
    group = members(a, reading[3]) if reading else []
    location = CONTENT.verses[verse_id].location if verse_id in CONTENT.verses else 0
    return [Item(say("narrate.read", group=group_names(a, group), count=len(group), verse=verse_id,
                     place=place(location)))]
