"""The event deck and what each event does (avalon.event.deck, avalon.dawn.event and the event list).

What an event does is a rule, one branch per id here; its numbers and rewards are content
(events.toml)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spielwerk.games.avalon import guardians
from spielwerk.games.avalon.content import CONTENT, Foe, amounts, effects
from spielwerk.games.avalon.resolve import Group, add_omen, change, here, lower_dial, new_group, put_markers

if TYPE_CHECKING:
    from spielwerk.games.avalon.rules import AvalonState, Frame


def numbers(event: str) -> dict[str, Any]:
    """An event's entry in events.toml."""
    return dict(CONTENT.events[event])


def segment(s: AvalonState) -> frozenset[str]:
    """The cards the next draw is made from: the first non-empty segment."""
    return s.deck_a or s.deck_b


def event_foe(event: str) -> Foe:
    """The foe of an event that gives fights (R4's wolves)."""
    entry = numbers(event)
    attr, strength = str(entry["foe"]).split()
    damage = amounts([entry["damage"]], f"events.toml event.{event}")[0]
    return Foe(attr, int(strength), damage, effects(entry.get("reward"), f"events.toml event.{event}"))


def draw(s: AvalonState, event: str) -> None:
    """Take a card out of the deck."""
    s.deck_a, s.deck_b = s.deck_a - {event}, s.deck_b - {event}


def reveal(s: AvalonState, event: str) -> None:
    """I.5: a quest goes to the quest pile; any other event takes effect and stays open today."""
    if event in CONTENT.quests:
        quest = CONTENT.quests[event]
        s.quests = (*s.quests, (event, quest.dial))
        return
    s.open_events = (*s.open_events, event)
    _happen(s, event, numbers(event))


def living_by(s: AvalonState, key: Any) -> int | None:
    """The living seat first by `key`, ties to the lowest character number."""
    living = s.living()
    return min(living, key=lambda seat: (key(s.heroes[seat]), s.heroes[seat].number)) if living else None


def _happen(s: AvalonState, event: str, entry: dict[str, Any]) -> None:
    on_menhir = {place for place, _ in s.menhirs}
    if event in ("T1", "T4"):
        lit = [(place, dial) for place, dial in s.menhirs if dial]
        targets = lit if event == "T1" else sorted(lit, key=lambda pair: (-pair[1], pair[0]))[:1]
        for place, _ in targets:
            lower_dial(s, place, -int(entry["dials"]))
    if "omen" in entry:
        add_omen(s, int(entry["omen"]))
    if event == "T2":
        for seat in s.living():
            if s.heroes[seat].location not in on_menhir:
                change(s, seat, "terror", int(entry["terror"]))
    elif event == "T6":
        for seat in s.living():
            if s.heroes[seat].food:
                change(s, seat, "food", int(entry["food"]))
    elif event == "R2":
        for seat in s.living():
            if s.heroes[seat].location in on_menhir:
                change(s, seat, "food", int(entry["food"]))
    elif event == "R3":
        s.action_markers = ()
        s.instant_markers = (0,) * len(s.instant_markers)
    elif event == "R4":
        s.push(("wolves", wolf_groups(s)))
    elif event == "R5":
        sick = living_by(s, lambda hero: hero.health)
        if sick is not None:
            s.set_hero(sick, **{str(entry["status"]): CONTENT.number("status", "dial")})
    elif event == "R6":
        first = living_by(s, lambda hero: 0)
        for amount in amounts(entry["gains"], "events.toml event.R6"):
            if first is not None:
                change(s, first, amount.kind, amount.n)
    elif event == "R7":
        put_markers(s, str(entry["slug"]), int(entry["markers"]))
    elif event == "R8":
        wise = living_by(s, lambda hero: -hero.spirit)
        if wise is not None:
            change(s, wise, "magic", int(entry["magic"]))
    elif event == "R9":
        for seat in s.living():
            change(s, seat, "terror", int(entry["terror"]))
    elif event == "R10":
        guardians.hunt_step(s, str(entry["hunt"]))


def wolf_groups(s: AvalonState) -> tuple[tuple[int, Group], ...]:
    """R4 as it is revealed: the characters on each non-shelter location form a group there, fixed
    now; (location, group) in number order of the locations, lowest number leading."""
    groups = ((location, tuple(here(s, location))) for location in sorted(CONTENT.locations)
              if not CONTENT.locations[location].shelter)
    return tuple((location, group) for location, group in groups if group)


def run_wolves(s: AvalonState, frame: Frame) -> None:
    """R4: the groups fixed at the reveal fight in number order of their locations, so each
    character fights at most once. One the Mercy moved (it is no longer on its group's location,
    whichever location it reached) or who left the game takes no further part (avalon.mercy,
    avalon.death)."""
    _, groups = frame
    if not groups:
        s.pop()
        return
    (location, group), rest = groups[0], groups[1:]
    s.replace(("wolves", rest))
    heroes = s.heroes
    prey = [seat for seat in group if heroes[seat].alive and heroes[seat].location == location]
    if prey:
        s.outcome = ""
        s.push(("fight", "R4", new_group(s, prey), 1, "roll"))


def today(s: AvalonState, event: str) -> bool:
    """Whether an event is open today (T3's long night, R1's market day)."""
    return event in s.open_events


def market_food(s: AvalonState) -> int | None:
    """The food `market` gives today if Market Day is open."""
    return int(numbers("R1")["market_food"]) if today(s, "R1") else None
