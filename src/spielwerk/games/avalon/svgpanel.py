"""The words around Avalon's map: the strip above it (Day, phase, Omen, Mercy, decks, what runs now)
and the panel below it (quests with their dials, open events, each character's board)."""

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
    INK,
    LINE,
    POOL,
    RESOURCE,
    SOFT,
    bar,
    dial,
    n,
    target,
    text,
    title,
    token,
    width_of,
)

BOTTOM_GAP = 6.0
BOARD_H = 150.0
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
    y = top + 36
    for index, hero in enumerate(heroes):
        parts.append(_board(hero, language, left + index * (board_w + gap), y, board_w, hero is moving))
    return parts, y + BOARD_H + 8


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


def _board(hero: Mapping[str, Any], language: str, x: float, y: float, width: float, moving: bool) -> str:
    """One character's board: name, place and flags; Health, Energy, Terror; resources; attributes;
    items, relics and statuses. On the mover's board the improvable parts are targets."""
    number = int(hero.get("number", 0))
    fate = str(hero.get("fate", "alive"))
    edge = f'stroke="{GOLD}" stroke-width="3"' if moving else f'stroke="{LINE}" stroke-width="1.2"'
    parts = [f'<g class="board" data-hero="{number}" transform="translate({n(x)},{n(y)})">',
             f'<rect width="{n(width)}" height="{n(BOARD_H)}" rx="8" fill="{CARD}" {edge}/>',
             f'<rect width="6" height="{n(BOARD_H)}" rx="3" fill="{HERO.get(number, SOFT)}"/>',
             token(20, 16, number, faded=fate != "alive"),
             text(34, 15, said("svg.character", language, name=said(f"character.{number}", language),
                               title=said(f"character.{number}.title", language)), 11, INK, BOLD)]
    flags = [said(f"svg.fate.{fate}", language)] if fate in ("dead", "mad") else []
    flags += [said(f"svg.flag.{flag}", language) for flag in ("passed", "done", "waited") if hero.get(flag)]
    if hero.get("location") and fate == "alive":
        place = said(f"location.{int(hero['location'])}", language)
        flags.insert(0, said("svg.at", language, place=place))
    parts.append(text(34, 27, " · ".join(flags), 8.5, SOFT))
    for row, (label, key, most) in enumerate(POOLS):
        top = 34 + row * 13
        value, limit = int(hero.get(key, 0)), int(hero.get(most, 0))
        name = key if moving and key != "terror" else None
        parts.append(f'<g class="pool" data-pool="{key}"{target(name)}>'
                     + text(10, top + 8, said(f"svg.pool.{key}", language), 8.5, INK)
                     + bar(72, top + 1, width - 72 - 40, value, limit, POOL[label])
                     + text(width - 8, top + 8.5, f"{value}/{limit}", 9, INK, f'{BOLD} text-anchor="end"')
                     + "</g>")
    parts += _resources(hero, language, 78, width)
    parts += _attributes(hero, language, 104, moving)
    parts += _things(hero, language, 118, moving, width)
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


def _attributes(hero: Mapping[str, Any], language: str, top: float, moving: bool) -> list[str]:
    parts = []
    x = 10.0
    for attribute in ATTRIBUTES:
        words = said("svg.attribute.value", language, attr=said(f"svg.attribute.{attribute}", language),
                     value=hero.get(attribute, 0))
        name = attribute if moving else None
        parts.append(f'<g class="attribute" data-attribute="{attribute}"{target(name)}>'
                     + text(x, top, words, 9.5, INK, BOLD) + "</g>")
        x += width_of(words, 9.5) + 10
    return parts


def _things(hero: Mapping[str, Any], language: str, top: float, moving: bool, width: float) -> list[str]:
    """Items (equipped bold, exhausted faded, spare italic), relics in gold, statuses with their
    dials: one flow of words, wrapped at the board's edge."""
    pieces: list[tuple[str, str, Any]] = []
    for item in hero.get("items") or []:
        states = [said("svg.exhausted", language)] if not item.get("ready") else []
        states += [] if item.get("equipped") else [said("svg.spare", language)]
        words = said(f"item.{item.get('slug')}", language) + (f" ({', '.join(states)})" if states else "")
        pieces.append(("item", words, item))
    pieces += [("relic", said(f"relic.{relic}", language), relic) for relic in hero.get("relics") or []]
    pieces += [("status", said(f"svg.status.{status}", language), (status, hero[status]))
               for status in ("feverish", "blessed") if hero.get(status)]
    parts = []
    x, y = 10.0, top
    for kind, words, what in pieces:
        wide = 1.3 if kind == "item" else 1.1  # bold letters run wider than the estimate
        size = wide * width_of(words, 8.5) + (16 if kind == "status" else 8 if kind == "relic" else 0)
        if x > 10 and x + size > width - 6:
            x, y = 10.0, y + 13
        parts.append(_thing(kind, words, what, x, y, moving))
        x += size + 8
    return parts


def _thing(kind: str, words: str, what: Any, x: float, y: float, moving: bool) -> str:
    """An item (its slug a target on the mover's board), a relic or a status, at (x, y)."""
    if kind == "item":
        slug = str(what.get("slug"))
        style = BOLD if what.get("equipped") else 'font-style="italic"'
        return (f'<g class="item" data-item="{slug}"{target(slug if moving else None)}>'
                + text(x, y, words, 8.5, INK if what.get("ready") else SOFT, style) + "</g>")
    if kind == "relic":
        return (f'<g class="relic" data-relic="{what}"><rect x="{n(x)}" y="{n(y - 9)}" '
                f'width="{n(1.1 * width_of(words, 8.5) + 8)}" height="12" rx="3" fill="{GOLD}"/>'
                + text(x + 4, y, words, 8.5, INK, BOLD) + "</g>")
    status, value = what
    return (text(x, y, words, 8.5, "#8a2440", f'font-style="italic" class="status-{status}"')
            + dial(x + 1.1 * width_of(words, 8.5) + 8, y - 3, value, "#8a2440"))
