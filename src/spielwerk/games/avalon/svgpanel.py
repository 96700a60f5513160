"""The words around Avalon's map: the strip above it (Day, phase, Omen, Mercy, decks, what runs now)
and the panel below it (quests with their dials, open events, each character's board).

A board stands in bands `HIT` units high, each clickable part a cell of its band with an invisible
hit area: the name (while a Day decision or a `join` is asked), Health, Energy and Terror side by
side, the resources, the three attributes side by side, then items, relics and statuses in rows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spielwerk.games.avalon.content import ATTRIBUTES, RESOURCES
from spielwerk.games.avalon.say import text as said
from spielwerk.games.avalon.svgkit import (
    BOLD,
    CARD,
    CENTRED,
    GOLD,
    HERO,
    HIT,
    INK,
    LINE,
    POOL,
    RESOURCE,
    SOFT,
    bar,
    dial,
    fitted,
    hit,
    n,
    target,
    text,
    title,
    token,
    width_of,
)

BOTTOM_GAP = 6.0
POOLS_TOP, RESOURCES_TOP, ATTRIBUTES_TOP, THINGS_TOP = HIT, 2 * HIT + 2, 2 * HIT + 20, 3 * HIT + 20
"""Where each band of a board begins; the name's band is the first, `HIT` high."""
THING_SIZE = 9.5
Placed = tuple[str, str, Any, float, int, float]
"""An item, relic or status on a board: kind, words, what it is, left edge, row and width."""
PHASES = ("dawn", "day", "dusk", "over")
"""The phases the strip names (`svg.phase.<phase>`)."""
WANTED = ("day", "join", "verse", "fight", "equip", "rest", "improve")
"""The decisions the strip names by what they ask (`svg.wanted.<kind>`: "act", "join or decline")."""
POOLS = (("Health", "health", "max_health"), ("Energy", "energy", "max_energy"),
         ("Terror", "terror", "limit"))
"""Each pool's colour (svgkit.POOL), its value and its most."""


def strip(view: Mapping[str, Any], language: str, width: float, moving: Mapping[str, Any] | None) -> str:
    """The line above the map: Day d/max, phase, Omen, Mercy, decks, the top event, what runs."""
    phase = str(view.get("phase", ""))
    phase = said(f"svg.phase.{phase}", language) if phase in PHASES else phase
    deck = view.get("deck") or {}
    parts = [f'<g class="strip"><rect x="10" y="8" width="{n(width - 20)}" height="38" rx="8" fill="{CARD}" '
             f'stroke="{LINE}"/>',
             text(22, 34, said("svg.day.of", language, day=view.get("day", 0), most=view.get("max_days", 0)),
                  17, INK, 'font-weight="bold" class="day"'),
             text(118, 33, phase, 12.5, SOFT, 'class="phase"')]
    x = 250.0
    omen = int(view.get("omen", 0))
    parts.append(f'<circle cx="{n(x)}" cy="27" r="12" fill="{"#6d3c8c" if omen else "#cbbfd6"}"/>'
                 + text(x, 31.5, str(omen), 12, "#fff", f'{CENTRED} class="omen"')
                 + text(x + 16, 31.5, said("svg.omen", language), 11, INK))
    x += max(70, 16 + width_of(said("svg.omen", language), 11) + 12)
    mercy = int(view.get("mercy", 0))
    count = said("svg.mercy", language, count=mercy)
    parts.append(f'<path d="M{n(x)},22c0,-7 9,-7 9,0c0,-7 9,-7 9,0c0,7 -9,12 -9,14c0,-2 -9,-7 -9,-14z" '
                 f'fill="{"#d24d6c" if mercy else "none"}" stroke="#8a2440" stroke-width="1.3"/>'
                 + text(x + 24, 31.5, count, 11, INK, 'class="mercy"'))
    x += max(95, 24 + width_of(count, 11) + 12)
    decks = said("svg.deck", language, first=deck.get("first", 0), second=deck.get("second", 0),
                 dreams=view.get("dreams_left", 0))
    parts.append(text(x, 31.5, decks, 10.5, SOFT))
    top = view.get("top_event")
    if top:
        shown = top if top == "?" else said("svg.card", language, id=top, name=said(f"event.{top}", language))
        parts.append(text(x, 43, said("svg.top-event", language, event=shown), 8.5, SOFT,
                          'class="top-event"'))
    parts.append(text(width - 22, 31.5, _running(view, language, moving), 11.5, INK,
                      'text-anchor="end" font-weight="bold" class="running"'))
    parts.append("</g>")
    return "".join(parts)


def _running(view: Mapping[str, Any], language: str, moving: Mapping[str, Any] | None) -> str:
    """What is being resolved now: a verse and its node, a fight and its round, a test; else who
    is to move and for what."""
    waiting = view.get("waiting") or {}
    running = []
    if waiting.get("verse"):
        running.append(said("svg.verse", language, verse=waiting["verse"], node=waiting.get("node", "")))
    result = view.get("result")
    if isinstance(result, Mapping) and result.get("outcome"):
        running.append(said(f"svg.ending.{result['outcome']}", language))
    if waiting.get("fight"):
        foe = str(waiting["fight"])
        round_ = waiting.get("round", "")
        if foe in ("stag", "widow"):
            running.append(said("svg.fight.guardian", language, guardian=said(f"guardian.{foe}", language),
                                round=round_))
        else:
            running.append(said("svg.fight", language, round=round_))
    if waiting.get("test"):
        attribute, _, difficulty = str(waiting["test"]).partition(" ")
        running.append(said("svg.test", language, attr=said(f"svg.attribute.{attribute}", language),
                            target=difficulty))
    if not running and waiting.get("for"):
        kind = str(waiting["for"])
        wanted = said(f"svg.wanted.{kind}", language) if kind in WANTED else kind
        who = said(f"character.{moving.get('number')}", language) if moving is not None else ""
        running.append(said("svg.who-wanted", language, who=who, wanted=wanted) if who else wanted)
    return " · ".join(running)


def panel(view: Mapping[str, Any], language: str, moving: Mapping[str, Any] | None, top: float, width: float,
          left: float) -> tuple[list[str], float]:
    """Quests and events on one line, then the characters' boards side by side; the picture's height."""
    parts = [_quests(view, language, top, left, width)]
    heroes = [hero for hero in view.get("characters", []) if isinstance(hero, Mapping)]
    count = max(1, len(heroes))
    gap = 10.0
    board_w = min(440.0, (width - gap * (count - 1)) / count)
    things = [_arrange(hero, language, board_w) for hero in heroes]
    rows = max([1, *(1 + placed[-1][4] for placed in things if placed)])
    height = THINGS_TOP + rows * HIT + 4
    clickable = (view.get("waiting") or {}).get("for") in ("day", "join")
    y = top + 36
    for index, hero in enumerate(heroes):
        parts.append(_board(hero, language, (left + index * (board_w + gap), y, board_w, height),
                            hero is moving, clickable, things[index]))
    return parts, y + height + 8


def _quests(view: Mapping[str, Any], language: str, top: float, left: float, width: float) -> str:
    """Quests (name, dial; the riddle's counter) and open events, as labelled chips with tooltips."""
    parts = [f'<g class="quests"><rect x="{n(left)}" y="{n(top)}" width="{n(width)}" height="28" rx="6" '
             f'fill="{CARD}" stroke="{LINE}"/>',
             text(left + 8, top + 18, said("svg.quests", language), 10, SOFT, BOLD)]
    x = left + 14 + 1.15 * width_of(said("svg.quests", language), 10)
    quests = view.get("quests") or []
    for quest in quests:
        ident = str(quest.get("id"))
        words = said("svg.card", language, id=ident, name=said(f"event.{ident}", language))
        if ident == "Q3":
            words += " " + said("svg.riddle", language, count=view.get("riddle", 0))
        elif ident == "Q1" and view.get("bell_harder"):
            words += " " + said("svg.harder", language)
        value = None if ident == "Q3" else quest.get("dial")
        x = _chip(parts, x, top, words, said(f"event.{ident}.text", language), "#8c1d1d", ident, value)
    if not quests:
        parts.append(text(x, top + 18, "–", 10, SOFT))
        x += 16
    x += 10
    parts.append(text(x, top + 18, said("svg.events", language), 10, SOFT, BOLD))
    x += 8 + 1.15 * width_of(said("svg.events", language), 10)
    for event in view.get("open_events") or []:
        x = _chip(parts, x, top, said("svg.card", language, id=event, name=said(f"event.{event}", language)),
                  said(f"event.{event}.text", language), "#35586b", str(event))
    if not view.get("open_events"):
        parts.append(text(x, top + 18, "–", 10, SOFT))
    parts.append("</g>")
    return "".join(parts)


def _chip(parts: list[str], x: float, top: float, words: str, tooltip: str, colour: str, ident: str,
          value: Any = None) -> float:
    """An event or quest card as a chip with its name (and its time dial); the next chip's x."""
    width = 10 + width_of(words, 9) + (14 if value is not None else 0)
    parts.append(f'<g class="event" data-event="{ident}">{title(tooltip)}<rect x="{n(x)}" y="{n(top + 6)}" '
                 f'width="{n(width)}" height="16" rx="4" fill="{colour}"/>'
                 + text(x + 5, top + 17.5, words, 9, "#fff")
                 + (dial(x + width - 9, top + 14, value, colour) if value is not None else "") + "</g>")
    return x + width + 5


def _board(hero: Mapping[str, Any], language: str, box: tuple[float, float, float, float], moving: bool,
           clickable: bool, things: list[Placed]) -> str:
    """One character's board in `box` (x, y, width, height): name, place and flags; Health, Energy,
    Terror; resources; attributes; items, relics and statuses. On the mover's board the improvable
    parts are targets; the name is one (the character's number) while `clickable`."""
    x, y, width, height = box
    number = int(hero.get("number", 0))
    fate = str(hero.get("fate", "alive"))
    edge = f'stroke="{GOLD}" stroke-width="3"' if moving else f'stroke="{LINE}" stroke-width="1.2"'
    parts = [f'<g class="board" data-hero="{number}" transform="translate({n(x)},{n(y)})">',
             f'<rect width="{n(width)}" height="{n(height)}" rx="8" fill="{CARD}" {edge}/>',
             f'<rect width="6" height="{n(height)}" rx="3" fill="{HERO.get(number, SOFT)}"/>']
    flags = [said(f"svg.fate.{fate}", language)] if fate in ("dead", "mad") else []
    flags += [said(f"svg.flag.{flag}", language) for flag in ("passed", "done", "waited") if hero.get(flag)]
    if hero.get("location") and fate == "alive":
        place = said(f"location.{int(hero['location'])}", language)
        flags.insert(0, said("svg.at", language, place=place))
    name = said("svg.character", language, name=said(f"character.{number}", language),
                title=said(f"character.{number}.title", language))
    picked = str(number) if clickable and fate == "alive" else None
    parts.append(f'<g class="who"{target(picked)}>{hit(0, 0, width, HIT) if picked else ""}'
                 + token(22, 19, number, faded=fate != "alive")
                 + text(38, 18, name, fitted(name, width - 46, 12), INK, BOLD)
                 + text(38, 32, " · ".join(flags), fitted(" · ".join(flags), width - 46, 9), SOFT) + "</g>")
    step = (width - 14) / 3
    for column, (label, key, most) in enumerate(POOLS):
        left = 10 + column * step
        value, limit = int(hero.get(key, 0)), int(hero.get(most, 0))
        target_name = key if moving and key != "terror" else None
        shown, words = f"{value}/{limit}", said(f"svg.pool.{key}", language)
        area = hit(left - 4, POOLS_TOP, step, HIT) if target_name else ""
        wide = width_of(shown, 10) + 6
        parts.append(f'<g class="pool" data-pool="{key}"{target(target_name)}>{area}'
                     + text(left, POOLS_TOP + 15, words, fitted(words, step - 10, 10), INK)
                     + bar(left, POOLS_TOP + 21, step - 10 - wide, value, limit, POOL[label])
                     + text(left + step - 10, POOLS_TOP + 29, shown, 10, INK, f'{BOLD} text-anchor="end"')
                     + "</g>")
    parts += _resources(hero, language, RESOURCES_TOP, width)
    parts += _attributes(hero, language, step, moving)
    parts += [_thing(kind, words, what, (left, THINGS_TOP + row * HIT, wide), moving)
              for kind, words, what, left, row, wide in things]
    parts.append("</g>")
    return "".join(parts)


def _resources(hero: Mapping[str, Any], language: str, top: float, width: float) -> list[str]:
    """The four resources as coloured chips: mark and count, and the word where it fits."""
    parts = []
    step = (width - 14) / len(RESOURCES)
    for index, resource in enumerate(RESOURCES):
        x = 10 + index * step
        name, mark = said(f"word.{resource}", language), said(f"svg.initial.{resource}", language)
        label = f"{name} {hero.get(resource, 0)}"
        shown = text(x + step - 9, top + 11, name, 7.5, "#fff", 'text-anchor="end"') if (
            width_of(name, 7.5) + 34 < step - 5) else ""
        parts.append(f'<g class="resource" data-resource="{resource}">{title(label)}'
                     f'<rect x="{n(x)}" y="{n(top)}" width="{n(step - 5)}" height="15" rx="4" '
                     f'fill="{RESOURCE[resource]}"/>'
                     + text(x + 4, top + 11, f"{mark} {hero.get(resource, 0)}", 9.5, "#fff", BOLD)
                     + shown + "</g>")
    return parts


def _attributes(hero: Mapping[str, Any], language: str, step: float, moving: bool) -> list[str]:
    """Might, Wits and Spirit side by side, each a column `step` wide."""
    parts = []
    for column, attribute in enumerate(ATTRIBUTES):
        left = 10 + column * step
        words = said("svg.attribute.value", language, attr=said(f"svg.attribute.{attribute}", language),
                     value=hero.get(attribute, 0))
        name = attribute if moving else None
        area = hit(left - 4, ATTRIBUTES_TOP, step, HIT) if name else ""
        size = fitted(words, step - 10, 11)
        parts.append(f'<g class="attribute" data-attribute="{attribute}"{target(name)}>{area}'
                     + text(left, ATTRIBUTES_TOP + 24, words, size, INK, BOLD) + "</g>")
    return parts


def _arrange(hero: Mapping[str, Any], language: str, width: float) -> list[Placed]:
    """Items (equipped bold, exhausted faded, spare italic), relics in gold, statuses with their
    dials: one flow of words in rows `HIT` high, wrapped at the board's edge; an item at least
    `HIT` wide."""
    pieces: list[tuple[str, str, Any]] = []
    for item in hero.get("items") or []:
        states = [said("svg.exhausted", language)] if not item.get("ready") else []
        states += [] if item.get("equipped") else [said("svg.spare", language)]
        words = said(f"item.{item.get('slug')}", language) + (f" ({', '.join(states)})" if states else "")
        pieces.append(("item", words, item))
    pieces += [("relic", said(f"relic.{relic}", language), relic) for relic in hero.get("relics") or []]
    pieces += [("status", said(f"svg.status.{status}", language), (status, hero[status]))
               for status in ("feverish", "blessed") if hero.get(status)]
    placed: list[Placed] = []
    x, row = 6.0, 0
    for kind, words, what in pieces:
        wide = 1.1 * width_of(words, THING_SIZE) + (24 if kind == "status" else 16 if kind == "relic" else 8)
        if kind == "item":
            wide = max(HIT, 1.2 * width_of(words, THING_SIZE) + 8)  # bold letters run wider than the estimate
        if x > 6 and x + wide > width - 4:
            x, row = 6.0, row + 1
        placed.append((kind, words, what, x, row, wide))
        x += wide + 2
    return placed


def _thing(kind: str, words: str, what: Any, box: tuple[float, float, float], moving: bool) -> str:
    """An item (its slug a target on the mover's board, its hit area the cell `box`: left, top,
    width), a relic or a status."""
    x, top, wide = box
    y = top + 24
    if kind == "item":
        slug = str(what.get("slug"))
        style = BOLD if what.get("equipped") else 'font-style="italic"'
        return (f'<g class="item" data-item="{slug}"{target(slug if moving else None)}>'
                + (hit(x, top, wide, HIT) if moving else "")
                + text(x + 4, y, words, THING_SIZE, INK if what.get("ready") else SOFT, style) + "</g>")
    if kind == "relic":
        return (f'<g class="relic" data-relic="{what}"><rect x="{n(x + 4)}" y="{n(y - 10)}" '
                f'width="{n(wide - 8)}" height="14" rx="3" fill="{GOLD}"/>'
                + text(x + 8, y, words, THING_SIZE, INK, BOLD) + "</g>")
    status, value = what
    return (text(x + 4, y, words, THING_SIZE, "#8a2440", f'font-style="italic" class="status-{status}"')
            + dial(x + 8 + 1.1 * width_of(words, THING_SIZE) + 6, y - 3, value, "#8a2440"))
