"""What a seat sees of an Avalon game: everything public, plus the backs and the event it may know."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from spielwerk.games.avalon.content import CONTENT
from spielwerk.games.avalon.world import Hero, slot_name

if TYPE_CHECKING:
    from spielwerk.games.avalon.rules import AvalonState, Frame


def knows_back(s: AvalonState, seat: int | None, location: int, reading: Sequence[int] | None = None) -> bool:
    """Whether `seat` may know the present back of `location`: explored once, being read (its verse
    turned face up and not yet done: `reading`, from `being_read`, where the caller has it), or
    scouted."""
    return (s.explored[location] > 0 or location in (being_read(s.frames) if reading is None else reading)
            or (seat is not None and 0 <= seat < len(s.known) and location in s.known[seat]))


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
        "waiting_for": waiting_for(s),
        "told": s.told,
        "result": {"outcome": s.result, "reason": REASONS[s.result]} if s.result else None,
    }


REASONS = {
    "won": "the Drowned Circle wakes: everyone wins",
    "time": "the days ran out: everyone loses",
    "menhirs": "the last menhir went dark: everyone loses",
    "death": "no character is left: everyone loses",
}
"""Why the game ended, by outcome (avalon.win, avalon.loss)."""
FOES = {"stag": "the Hollow Stag", "widow": "the Grey Widow", "R4": "the wolves"}


def waiting_for(s: AvalonState) -> str:
    """What the game waits for, in a line a person reads ("Cadoc to act", "a die for a test against 5")."""
    if s.result:
        return "nothing: the game is over"
    frame = s.frames[-1]
    kind = frame[0]
    if kind == "fight" and frame[4] == "roll":
        return f"a die for the fight against {FOES.get(str(frame[1]), 'a foe of the verse')}"
    if kind in CHANCE_LINES:
        return CHANCE_LINES[kind].format(number=frame[2] if kind == "test" else frame[-1],
                                         name=_name(s, frame[1]) if kind == "dream" else "")
    if kind == "reveal":
        return "a verse read aloud" if str(frame[1]).startswith("verse") else "the event on top turned up"
    if kind == "guardian":
        return f"the guardian die for {FOES[str(frame[1])]}"
    from spielwerk.games.avalon.flow import mover

    who = _name(s, mover(s))
    if kind == "join":
        return f"{who} to join {_name(s, frame[1])} or decline"
    return DECISION_LINES.get(str(kind), "{who} to act").format(who=who)


CHANCE_LINES = {
    "test": "a die for a test against {number}",
    "versedraw": "a verse drawn face down for location {number}",
    "event": "the event of the dawn",
    "augury": "an augury's draw",
    "dream": "a dream for {name}",
}
DECISION_LINES = {
    "day": "{who} to act",
    "verse": "{who} to choose in the verse",
    "fight": "{who} to fight on or flee",
    "equip": "{who} to equip an item",
    "rest": "{who} to rest",
    "improve": "{who} to improve",
}


def _name(s: AvalonState, seat: Any) -> str:
    from spielwerk.games.avalon import character_name

    return character_name(s.heroes[int(seat)].number)


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
