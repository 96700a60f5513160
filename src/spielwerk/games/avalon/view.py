"""What a seat sees of an Avalon game: everything public, plus the backs and the event it may know."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from spielwerk.core.message import Message
from spielwerk.games.avalon.content import CONTENT
from spielwerk.games.avalon.fights import roll_message
from spielwerk.games.avalon.say import name, say
from spielwerk.games.avalon.world import Hero, slot_name

if TYPE_CHECKING:
    from spielwerk.games.avalon.rules import AvalonState, Frame


def knows_back(s: AvalonState, seat: int | None, location: int, reading: Sequence[int] | None = None) -> bool:
    """Whether `seat` may know the present back of `location`: explored once, being read (its verse
    turned face up and not yet done: `reading`, from `being_read`, where the caller has it), or
    scouted."""
    return (s.explored[location] > 0 or location in (being_read(s.frames) if reading is None else reading)
            or (seat is not None and 0 <= seat < len(s.known) and location in s.known[seat]))


def unexplored_known(s: AvalonState, seat: int | None) -> set[int]:
    """The locations whose present back `seat` may know other than by their exploration (`knows_back`
    asks that first): being read or scouted."""
    known = set(being_read(s.frames))
    if seat is not None and 0 <= seat < len(s.known):
        known |= s.known[seat]
    return known


def being_read(frames: Sequence[Sequence[Any]]) -> list[int]:
    """The locations whose verse is being read face up: explorations begun, past their reveal."""
    reading = [int(frame[1]) for frame in frames if frame[0] == "explored"]
    if reading and verse_face_down(frames):
        reading.pop()
    return reading


def verse_face_down(frames: Sequence[Sequence[Any]]) -> bool:
    """Whether the next step turns an exploration's verse face up (its verse frame lies below)."""
    return bool(frames) and frames[-1][0] == "reveal" and str(frames[-1][1]).startswith("verse")


def view(s: AvalonState, seat: int | None) -> dict[str, Any]:
    """A JSON-ready dict of what `seat` may know (None: a spectator)."""
    return {
        "seat": seat,
        "day": s.day,
        "max_days": s.max_days,
        "phase": phase(s),
        "waiting": waiting(s),
        "omen": s.omen,
        "mercy": s.mercy,
        "characters": [hero_view(hero) for hero in s.heroes],
        "locations": [location_view(s, seat, number) for number in sorted(CONTENT.locations)],
        "arrows": sorted(f"{a}>{b}" for a, b in s.arrows),
        "menhirs": {str(place): dial for place, dial in s.menhirs},
        "guardians": {slug: slot_name(slot) for slug, slot in (("stag", s.stag), ("widow", s.widow)) if slot},
        "quests": [{"id": quest, "dial": dial} for quest, dial in s.quests],
        "riddle": s.q3,
        "bell_harder": s.q1_hard,
        "open_events": list(s.open_events),
        "discards": list(s.discards),
        "deck": {"first": len(s.deck_a), "second": len(s.deck_b)},
        "top_event": (s.top if seat is not None and seat in s.top_seen else "?") if s.top else "",
        "dreams_left": len(s.dreams),
        "last_move": last_move(s),
        **_said(s),
    }


def last_move(s: AvalonState) -> dict[str, Any] | None:
    """The last move a character made on the map (public, as every Day action is): its number, the
    action, where it was declared and where it led (`travel`; else the same location); None before
    the first."""
    if not s.last:
        return None
    from spielwerk.games.avalon.day import NEIGHBOURS

    number, word, arg, location = s.last
    to = NEIGHBOURS[location].get(arg, location) if word == "travel" else location
    return {"hero": number, "action": f"{word} {arg}".strip(), "from": location, "to": to}


def _said(s: AvalonState) -> dict[str, Any]:
    """What the game waits for, how the last roll went and why the game ended: the English text
    with its message beside it."""
    status = waiting_for(s)
    told = roll_message(s.told) if s.told else None
    said: dict[str, Any] = {
        "waiting_for": str(status), "waiting_for_message": status.to_json(),
        "told": str(told) if told else "", "told_message": told.to_json() if told else None,
        "result": None,
    }
    if s.result:
        reason = say(f"end.{s.result}")
        said["result"] = {"outcome": s.result, "reason": str(reason), "reason_message": reason.to_json()}
    return said


FOES = ("stag", "widow", "R4")
"""The foes a fight's status names (any other is a foe of the verse)."""


def waiting_for(s: AvalonState) -> Message:
    """What the game waits for, in a line a person reads ("Cadoc to act", "a die for a test against 5")."""
    if s.result:
        return say("status.over")
    frame = s.frames[-1]
    kind = frame[0]
    if kind == "fight" and frame[4] == "roll":
        return say(f"status.fight.{frame[1] if frame[1] in FOES else 'verse'}")
    if kind == "test":
        return say("status.test", number=frame[2])
    if kind == "versedraw":
        return say("status.versedraw", number=frame[1])
    if kind == "dream":
        return say("status.dream", name=_name(s, frame[1]))
    if kind in ("event", "augury"):
        return say(f"status.{kind}")
    if kind == "reveal":
        return say("status.reveal.verse" if str(frame[1]).startswith("verse") else "status.reveal.event")
    if kind == "guardian":
        return say(f"status.guardian.{frame[1]}")
    from spielwerk.games.avalon.flow import mover

    who = _name(s, mover(s))
    if kind == "join":
        return say("status.join", who=who, leader=_name(s, frame[1]))
    return say(f"status.{kind if kind in DECISIONS else 'day'}", who=who)


DECISIONS = ("day", "verse", "fight", "equip", "rest", "improve")
"""The decisions a status names (`status.<kind>`: "Cadoc to rest")."""


def _name(s: AvalonState, seat: Any) -> Message:
    return name(s.heroes[int(seat)].number)


def hero_view(hero: Hero) -> dict[str, Any]:
    """One character's public facts."""
    return {
        "number": hero.number,
        "location": hero.location,
        "health": hero.health, "max_health": hero.max_health,
        "energy": hero.energy, "max_energy": hero.max_energy,
        "terror": hero.terror, "limit": hero.limit,
        "food": hero.food, "wealth": hero.wealth, "magic": hero.magic, "reputation": hero.reputation,
        "might": hero.might, "wits": hero.wits, "spirit": hero.spirit,
        "items": [{"slug": slug, "ready": ready, "equipped": equipped}
                  for slug, ready, equipped in hero.items],
        "relics": list(hero.relics),
        "feverish": hero.feverish, "blessed": hero.blessed,
        "fate": hero.fate or "alive",
        "passed": hero.passed, "done": hero.done, "waited": hero.waited,
    }


def location_view(s: AvalonState, seat: int | None, number: int) -> dict[str, Any]:
    """One location: placed or not, explored, its back if `seat` may know it, markers, menhir."""
    place = CONTENT.locations[number]
    back = s.backs[number]
    action_markers = 0
    if place.action is not None:
        action_markers = next((n for slug, n in s.action_markers if slug == place.action.slug), 0)
    return {
        "number": number,
        "slot": slot_name((place.column, place.row)),
        "placed": number in s.placed,
        "explored": s.explored[number],
        "back": (f"{number}{back}" if knows_back(s, seat, number) else "?") if back else "",
        "action_markers": action_markers,
        "instant_markers": s.instant_markers[number],
    }


def phase(s: AvalonState) -> str:
    """"dawn", "day" or "dusk" (End of Day), or "over"."""
    if s.result:
        return "over"
    kinds = [str(frame[0]) for frame in s.frames]
    return next((kind for kind in kinds if kind in ("dawn", "dusk", "day")), "dawn")


def waiting(s: AvalonState) -> dict[str, Any]:
    """What the game waits for, in public terms: the top frame's kind and the running verse or fight."""
    if s.result or not s.frames:
        return {}
    frame = s.frames[-1]
    found: dict[str, Any] = {"for": frame[0]}
    if frame[0] == "reveal":
        return found  # the card below is still face down
    for below in reversed(s.frames):
        if below[0] == "verse" and "verse" not in found:
            found["verse"], found["node"] = below[1], below[2]
        if below[0] == "fight" and "fight" not in found:
            found["fight"], found["round"] = _foe_name(below[1]), below[3]
    if frame[0] == "join":
        found.update(leader=s.heroes[frame[1]].number, action=" ".join(filter(None, frame[2:4])))
    if frame[0] == "test":
        found.update(test=f"{frame[1]} {frame[2]}")
    return found


def _foe_name(reference: str) -> str:
    return str(reference).split(":")[1] if str(reference).startswith("verse:") else str(reference)


def frame_text(frame: Frame) -> str:
    """A frame for debugging messages."""
    return " ".join(map(str, frame))
