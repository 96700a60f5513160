"""Checks of an Avalon position's facts: each typed and in range, the frames well formed, the cards
conserved. Anything a position gives that play could not produce is refused, naming the fault."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from spielwerk.core.errors import OptionError
from spielwerk.core.inputs import quote
from spielwerk.games.avalon.content import (
    ATTRIBUTES,
    CONTENT,
    END,
    RELICS,
    ContentError,
    EncounterNode,
    effects,
)
from spielwerk.games.avalon.fights import VERDICTS
from spielwerk.games.avalon.notation import DIRECTIONS
from spielwerk.games.avalon.say import say
from spielwerk.games.avalon.world import ALIVE, DEAD, MAD, cell, chebyshev, on_grid

if TYPE_CHECKING:
    from spielwerk.games.avalon.rules import AvalonState

RESULTS = ("", "won", "time", "menhirs", "death")
OUTCOMES = ("", "pass", "fail", "won", "lost")
BOTTOMS = ("dawn", "day", "dusk")


class Fault(OptionError):
    """A position fact play could not produce."""


def need(condition: bool, key: str, **args: Any) -> None:
    """Refuse a position with the fault `position.<key>` unless `condition` holds."""
    if not condition:
        raise Fault(say("position.impossible", why=say(f"position.{key}", **args)))


def whole(value: Any, low: int, high: int) -> bool:
    """An int (not a bool) in [low, high]."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def distinct(values: Iterable[Any]) -> bool:
    """No value twice."""
    seen = list(values)
    return len(seen) == len(set(seen))


def check_state(s: AvalonState) -> None:
    """Check every fact of a decoded state."""
    seats = range(s.players)
    locations = set(CONTENT.locations)
    _check_heroes(s)
    need(s.placed <= locations, "placed")
    need(len(s.backs) == len(CONTENT.locations) + 1 and all(b in ("", "a", "b") for b in s.backs)
         and not s.backs[0], "backs")
    for name in ("explored", "instant_markers"):
        values = getattr(s, name)
        need(len(values) == len(s.backs) and all(whole(v, 0, 99) for v in values),
             "per-location", name=name)
    slugs = {loc.action.slug for loc in CONTENT.locations.values() if loc.action}
    slugs |= {q.slug for q in CONTENT.quests.values() if q.slug}
    need(all(isinstance(p, tuple) and len(p) == 2 and p[0] in slugs and whole(p[1], 1, 99)
             for p in s.action_markers) and distinct(p[0] for p in s.action_markers),
         "action-markers")
    need(all(isinstance(a, tuple) and len(a) == 2 and a[0] in locations and a[1] in locations
             and _neighbours(a[0], a[1]) for a in s.arrows), "arrows")
    need(all(isinstance(m, tuple) and len(m) == 2 and m[0] in locations
             and CONTENT.locations[m[0]].menhir is not None and whole(m[1], 0, 20) for m in s.menhirs)
         and distinct(m[0] for m in s.menhirs), "menhirs")
    for slug in ("stag", "widow"):
        slot = getattr(s, slug)
        need(slot is None or (whole(slot[0], 0, 9) and whole(slot[1], 0, 9) and on_grid(slot)),
             "guardian", slug=slug)
    for name, high in (("omen", 99), ("q3", 9), ("mercy", 9), ("day", s.max_days)):
        need(whole(getattr(s, name), 1 if name == "day" else 0, high), "range", name=name, high=high)
    need(all(isinstance(q, tuple) and len(q) == 2 and q[0] in CONTENT.quests and whole(q[1], 0, 20)
             for q in s.quests) and distinct(q[0] for q in s.quests),
         "quests")
    _check_cards(s)
    need(isinstance(s.dreams, tuple) and len(s.dreams) > 0 and set(s.dreams) <= set(CONTENT.dreams)
         and distinct(s.dreams), "dreams")
    need(sorted(s.queue) == list(seats), "queue")
    need(len(s.known) == s.players and all(k <= locations for k in s.known), "known")
    need(s.left <= set(seats) and s.top_seen <= set(seats), "seats")
    need(s.outcome in OUTCOMES and s.result in RESULTS, "outcome")
    need(isinstance(s.widow_came, bool) and isinstance(s.q1_hard, bool), "flags")
    need(s.told == () or _roll(s.told), "told")
    need(s.last == () or _last(s, s.last), "last")
    _check_frames(s)
    _check_lights(s)


def _last(s: AvalonState, value: Any) -> bool:
    """A character's move on the map: its number, a Day action's word and argument, a location."""
    if not (isinstance(value, tuple) and len(value) == 4):
        return False
    number, word, arg, location = value
    from spielwerk.games.avalon.day import GROUP_ACTIONS

    return (number in {hero.number for hero in s.heroes} and word in GROUP_ACTIONS and isinstance(arg, str)
            and (arg in DIRECTIONS if word == "travel" else len(arg) <= 20) and location in CONTENT.locations)


def _check_lights(s: AvalonState) -> None:
    """A running game has an active menhir (the last going dark ends it), and each lights a placed
    location (or one a placement still to run puts down): the wyrdness keeps what the menhirs light
    and sends the characters on what it takes to what is left."""
    if s.result:
        return
    need(bool(s.menhirs), "menhir.none")
    pending = {place for frame in s.frames if frame[0] == "place" for place in frame[1]}
    on_map = s.placed | pending
    need(all(any(chebyshev(cell(site), cell(place)) <= 1 for place in on_map) for site, _ in s.menhirs),
         "menhir.dark")


def _roll(told: Any) -> bool:
    """A roll as `fights.succeeds` keeps it."""
    if not isinstance(told, tuple) or len(told) != 6:
        return False
    attr, target, face, total, verdict, item = told
    return (attr in ATTRIBUTES and whole(target, 0, 20) and whole(face, 1, 6) and whole(total, 0, 99)
            and verdict in VERDICTS and (item in CONTENT.items if verdict == "item" else item == ""))


def _neighbours(a: int, b: int) -> bool:
    pa, pb = CONTENT.locations[a], CONTENT.locations[b]
    return abs(pa.column - pb.column) + abs(pa.row - pb.row) == 1


def _check_heroes(s: AvalonState) -> None:
    need(len(s.heroes) == s.players, "heroes")
    carried: list[str] = []
    for hero in s.heroes:
        number = hero.number
        need(number in CONTENT.characters, "hero.unknown", number=number)
        need(hero.location in CONTENT.locations, "hero.nowhere", number=number)
        for field in ("max_health", "max_energy", "limit"):
            need(whole(getattr(hero, field), 1, 99), "hero.maximum", number=number, field=field)
        need(whole(hero.health, 0, hero.max_health) and whole(hero.energy, 0, hero.max_energy)
             and whole(hero.terror, 0, hero.limit), "hero.pools", number=number)
        resource_max = CONTENT.number("resources", "max")
        for field in ("food", "wealth", "magic", "reputation"):
            need(whole(getattr(hero, field), 0, resource_max), "hero.resource", number=number, field=field,
                 most=resource_max)
        for field in (*ATTRIBUTES, "feverish", "blessed"):
            need(whole(getattr(hero, field), 0, 9), "hero.attribute", number=number, field=field)
        need(isinstance(hero.improved, tuple) and len(hero.improved) == 2
             and all(whole(n, 0, 9) for n in hero.improved), "hero.improved", number=number)
        need(isinstance(hero.items, tuple) and all(
            isinstance(i, tuple) and len(i) == 3 and i[0] in CONTENT.items and isinstance(i[1], bool)
            and isinstance(i[2], bool) for i in hero.items), "hero.items", number=number)
        need(isinstance(hero.relics, tuple) and set(hero.relics) <= set(RELICS), "hero.relic", number=number)
        carried += hero.relics
        need(hero.fate in (ALIVE, DEAD, MAD), "hero.fate", number=number)
        need(all(isinstance(getattr(hero, f), bool) for f in ("passed", "done", "waited")),
             "hero.flags", number=number)
    need(distinct(carried), "relic.twice")


def _check_cards(s: AvalonState) -> None:
    everything = [*s.deck_a, *s.deck_b, *(q for q, _ in s.quests), *s.open_events, *s.discards]
    everything += [s.top] if s.top else []
    need(sorted(everything) == sorted(CONTENT.events), "cards")
    need(s.deck_a <= set(CONTENT.first_segment), "first-segment")
    need((s.top == "") == (s.top_from == "") and s.top_from in ("", "A", "B"), "top")


def _check_frames(s: AvalonState) -> None:
    need(bool(s.frames) and s.frames[0][0] in BOTTOMS, "frames.bottom")
    for index, frame in enumerate(s.frames):
        known = isinstance(frame, tuple) and bool(frame) and frame[0] in SHAPES
        need(known, "frame.unknown", frame=quote(frame))
        need(index == 0 or frame[0] not in BOTTOMS, "frames.one-bottom")
        if frame[0] == "join":
            need(index > 0 and s.frames[index - 1][0] == "act", "frame.join")
        need(SHAPES[frame[0]](s, frame), "frame.malformed", frame=quote(frame))


def _group(s: AvalonState, value: Any) -> bool:
    return isinstance(value, tuple) and bool(value) and all(whole(v, 0, s.players - 1) for v in value) \
        and distinct(value)


def _locations(value: Any) -> bool:
    return isinstance(value, tuple) and all(x in CONTENT.locations for x in value)


def _wolf_groups(s: AvalonState, value: Any) -> bool:
    """R4's groups still to fight: (location, group) pairs, non-shelter locations in number order,
    nobody in two groups."""
    if not isinstance(value, tuple) or not all(isinstance(pair, tuple) and len(pair) == 2 for pair in value):
        return False
    places = [place for place, _ in value]
    return all(place in CONTENT.locations and not CONTENT.locations[place].shelter for place in places) \
        and places == sorted(set(places)) and all(_group(s, group) for _, group in value) \
        and distinct(seat for _, group in value for seat in group)


def _revealable(s: AvalonState, text: Any) -> bool:
    word, _, arg = str(text).partition(" ")
    return (word == "verse" and arg in CONTENT.verses) or (word == "event" and arg == s.top and bool(arg))


def _seat(s: AvalonState, value: Any) -> bool:
    return whole(value, 0, s.players - 1)


def _foe(reference: Any) -> bool:
    if reference in CONTENT.guardians or reference == "R4":
        return True
    parts = str(reference).split(":")
    return len(parts) == 3 and parts[0] == "verse" and parts[1] in CONTENT.verses \
        and isinstance(CONTENT.verses[parts[1]].nodes.get(parts[2]), EncounterNode)


def _effects_ok(value: Any) -> bool:
    if not isinstance(value, tuple) or not all(
        isinstance(e, tuple) and len(e) == 2 and isinstance(e[1], tuple) for e in value
    ):
        return False
    try:
        return len(effects([" ".join([str(e[0]), *map(str, e[1])]) for e in value], "frame")) == len(value)
    except ContentError:
        return False


def _declared(word: Any, arg: Any) -> bool:
    """A group action's word and argument as the day could declare them."""
    slugs = {loc.action.slug for loc in CONTENT.locations.values() if loc.action}
    slugs |= {q.slug for q in CONTENT.quests.values() if q.slug}
    allowed = {"explore": {""}, "activate": {""}, "travel": set(DIRECTIONS), "act": slugs,
               "challenge": set(CONTENT.guardians)}
    return word in allowed and arg in allowed[word]


Shape = Callable[["AvalonState", tuple[Any, ...]], bool]
SHAPES: dict[str, Shape] = {
    "dawn": lambda s, f: len(f) == 2 and whole(f[1], 1, 8),
    "dusk": lambda s, f: len(f) == 2 and whole(f[1], 1, 5),
    "day": lambda s, f: len(f) == 1,
    "effects": lambda s, f: len(f) == 4 and _group(s, f[1]) and _effects_ok(f[2])
    and whole(f[3], 0, len(f[2])),
    "arrive": lambda s, f: len(f) == 5 and _group(s, f[1]) and f[2] in CONTENT.locations
    and f[3] in CONTENT.locations and whole(f[4], 0, 5),
    "place": lambda s, f: len(f) == 2 and _locations(f[1]),
    "scout": lambda s, f: len(f) == 2 and _seat(s, f[1]),
    "act": lambda s, f: len(f) == 4 and _declared(f[1], f[2]) and _group(s, f[3]),
    "quest": lambda s, f: len(f) == 3 and f[1] in CONTENT.quests and _group(s, f[2]),
    "explored": lambda s, f: len(f) == 2 and f[1] in CONTENT.locations,
    "wolves": lambda s, f: len(f) == 2 and _wolf_groups(s, f[1]),
    "attack": lambda s, f: len(f) == 2 and f[1] in CONTENT.guardians,
    "join": lambda s, f: len(f) == 5 and _seat(s, f[1]) and _declared(f[2], f[3]) and _group(s, f[4]),
    "verse": lambda s, f: len(f) == 5 and f[1] in CONTENT.verses
    and (f[2] == END or f[2] in CONTENT.verses[f[1]].nodes) and _group(s, f[3]) and f[4] in (0, 1),
    "fight": lambda s, f: len(f) == 5 and _foe(f[1]) and _group(s, f[2])
    and whole(f[3], 1, CONTENT.number("encounter", "rounds")) and f[4] in ("roll", "choice"),
    "test": lambda s, f: len(f) == 4 and f[1] in ATTRIBUTES and whole(f[2], 0, 20) and _group(s, f[3]),
    "guardian": lambda s, f: len(f) == 3 and f[1] in CONTENT.guardians and whole(f[2], 1, 9),
    "versedraw": lambda s, f: len(f) == 2 and f[1] in CONTENT.locations,
    "event": lambda s, f: len(f) == 1 and bool(s.deck_a or s.deck_b),
    "augury": lambda s, f: len(f) == 2 and _group(s, f[1]) and bool(s.top or s.deck_a or s.deck_b),
    "dream": lambda s, f: len(f) == 2 and _seat(s, f[1]),
    "reveal": lambda s, f: len(f) == 2 and _revealable(s, f[1]),
    "equip": lambda s, f: len(f) == 3 and _seat(s, f[1]) and f[2] in CONTENT.keywords,
    "rest": lambda s, f: len(f) == 2 and _seat(s, f[1]),
    "improve": lambda s, f: len(f) == 2 and _seat(s, f[1]),
}
