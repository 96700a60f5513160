"""Avalon pictures as SVG: a pure function of a view (`state.view(seat)`), in the page's language.

`draw` paints the island's 6×4 grid (placed location cards with number, name, keywords, menhir and
its dial, the action's slug with its time markers, the instant effect, the back verse where the
view shows it or a face-down mark, explored pips; unplaced slots faint; lakes as water), the arrows
between neighbours (two-way solid with two heads, one-way dashed with one), the characters' tokens
and the guardians on their slots, then `svgpanel`'s strip (Day, phase, Omen, Mercy, what runs) and
panel (quests, open events, each character's board). Nothing is drawn that the view does not hold.

Clicks: the page narrows the legal action texts by the last word of each text (`narrow.js`), so a
part's `data-target` is the word its action ends with. The character to move (`mover`, a seat: the
view's `waiting` names no one) gives its four neighbouring cards the targets `north`, `east`,
`south`, `west` (`travel <direction>`); its own card carries the pills `explore` and, on a menhir
site that is dark or has lost its dial, `activate`; every action slug is a target (`act <slug>`;
quest actions on their location too), as are the guardians (`challenge stag|widow`). Other cards
carry their slot (`b2`), which no action ends with: a click on them picks nothing. While a Day
decision or a `join` is asked, tokens carry their character's number (`join 2`, `give food to 2`);
on the mover's board Health, Energy and the attributes carry their words (`improve might`), items
their slugs (`equip spear`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spielwerk.games.avalon.content import CONTENT, Location
from spielwerk.games.avalon.say import text as said
from spielwerk.games.avalon.svgkit import (
    BOLD,
    CARD,
    CENTRED,
    FONT,
    GOLD,
    INK,
    LINE,
    PAPER,
    SHORE,
    SOFT,
    WATER,
    chip,
    fitted,
    n,
    pill,
    target,
    text,
    title,
    token,
)
from spielwerk.games.avalon.svgpanel import BOTTOM_GAP, panel, strip

CELL_W, CELL_H = 150.0, 124.0
CARD_W, CARD_H = 134.0, 108.0
LEFT, TOP = 10.0, 56.0
WIDTH = 2 * LEFT + 6 * CELL_W
DIRECTIONS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
INSTANT = ("health", "energy", "terror", "omen")
"""The effects an instant shows as a number (`svg.instant.<op>`)."""
QUEST_ACTIONS = {quest.location: quest.slug for quest in CONTENT.quests.values() if quest.slug}
"""Where each quest's action is taken."""


def draw(view: Mapping[str, Any], language: str = "en", mover: int | None = None) -> str:
    """The SVG text of an Avalon view in `language`; `mover` is the seat to move (None: nobody)."""
    heroes = [hero for hero in view.get("characters", []) if isinstance(hero, Mapping)]
    moving = heroes[mover] if mover is not None and 0 <= mover < len(heroes) else None
    places = {int(loc["number"]): loc for loc in view.get("locations", [])}
    targets = _targets(view, places, moving)
    grid_bottom = TOP + CONTENT.rows * CELL_H
    body, height = panel(view, language, moving, grid_bottom + BOTTOM_GAP, WIDTH - 2 * LEFT, LEFT)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{n(WIDTH)}" height="{n(height)}" '
        f'viewBox="0 0 {n(WIDTH)} {n(height)}" font-family="{FONT}">',
        title(said("svg.title", language, day=view.get("day", ""))),
        f'<rect width="{n(WIDTH)}" height="{n(height)}" fill="{PAPER}"/>',
        strip(view, language, WIDTH, moving),
    ]
    parts += _lakes()
    for number, loc in sorted(places.items()):
        if loc.get("placed"):
            here = moving is not None and moving.get("location") == number and _day(view)
            parts.append(_card(loc, view, language, targets.get(number), here))
        else:
            parts.append(_slot(loc, language))
    parts += _arrows(view, places)
    parts += _guardians(view, language)
    parts += _tokens(heroes, view, language, moving)
    parts += body
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _day(view: Mapping[str, Any]) -> bool:
    waiting = view.get("waiting") or {}
    return view.get("phase") == "day" and waiting.get("for") == "day"


def _slot_xy(slot: str) -> tuple[int, int]:
    return ord(slot[0]) - ord("a"), int(slot[1:]) - 1


def _corner(column: int, row: int) -> tuple[float, float]:
    """The top-left corner of the card on (column, row)."""
    return LEFT + column * CELL_W + (CELL_W - CARD_W) / 2, TOP + row * CELL_H + (CELL_H - CARD_H) / 2


def _targets(view: Mapping[str, Any], places: Mapping[int, Any],
             moving: Mapping[str, Any] | None) -> dict[int, str]:
    """Each placed card's target: a direction for the mover's neighbours, else its slot."""
    found = {number: str(loc["slot"]) for number, loc in places.items() if loc.get("placed")}
    if moving is None or not _day(view) or moving.get("location") not in places:
        return found
    column, row = _slot_xy(str(places[int(moving["location"])]["slot"]))
    for direction, (dx, dy) in DIRECTIONS.items():
        there = CONTENT.at(column + dx, row + dy)
        if there is not None and there in found:
            found[there] = direction
    return found


def _lakes() -> list[str]:
    parts = []
    for column, row in sorted(CONTENT.lakes):
        x, y = _corner(column, row)
        waves = "".join(
            f'<path d="M{n(x + 14)},{n(y + dy)}q8,-5 16,0t16,0t16,0t16,0t16,0t16,0" fill="none" '
            f'stroke="#e8f3fa" stroke-width="1.6" stroke-linecap="round"/>' for dy in (30, 54, 78))
        parts.append(f'<g class="lake"><rect x="{n(x - 4)}" y="{n(y - 4)}" width="{n(CARD_W + 8)}" '
                     f'height="{n(CARD_H + 8)}" rx="26" fill="{WATER}" stroke="{SHORE}" stroke-width="1.5"/>'
                     f"{waves}</g>")
    return parts


def _arrows(view: Mapping[str, Any], places: Mapping[int, Any]) -> list[str]:
    """Each joined pair once: a solid line with two heads both ways, a dashed one with one head."""
    directed: set[tuple[int, int]] = set()
    for arrow in view.get("arrows", []):
        head, _, tail = str(arrow).partition(">")
        directed.add((int(head), int(tail)))
    parts = []
    for a, b in sorted({(min(p), max(p)) for p in directed}):
        if a not in places or b not in places:
            continue
        both = (a, b) in directed and (b, a) in directed
        start, end = (a, b) if (a, b) in directed else (b, a)
        placed = places[a].get("placed") and places[b].get("placed")
        parts.append(_arrow(start, end, both, bool(placed), places))
    return parts


def _arrow(start: int, end: int, both: bool, placed: bool, places: Mapping[int, Any]) -> str:
    (c1, r1), (c2, r2) = _slot_xy(str(places[start]["slot"])), _slot_xy(str(places[end]["slot"]))
    dx, dy = c2 - c1, r2 - r1
    x1, y1 = _corner(c1, r1)
    cx, cy = x1 + CARD_W / 2, y1 + CARD_H / 2
    reach_x, reach_y = (CARD_W / 2 - 5) * dx, (CARD_H / 2 - 5) * dy
    sx, sy = cx + reach_x, cy + reach_y
    ex, ey = sx + dx * (CELL_W - CARD_W + 10), sy + dy * (CELL_H - CARD_H + 10)
    colour = INK if both else "#b5523b"
    style = "" if both else ' stroke-dasharray="3 2"'
    heads = _head(ex, ey, dx, dy, colour) + (_head(sx, sy, -dx, -dy, colour) if both else "")
    opacity = "" if placed else ' opacity="0.3"'
    return (f'<g class="arrow" data-arrow="{start}{"=" if both else ">"}{end}"{opacity}>'
            f'<line x1="{n(sx)}" y1="{n(sy)}" x2="{n(ex)}" y2="{n(ey)}" stroke="{colour}" stroke-width="2.4"'
            f"{style}/>{heads}</g>")


def _head(x: float, y: float, dx: int, dy: int, colour: str) -> str:
    """An arrowhead with its tip at (x, y), pointing along (dx, dy)."""
    px, py = -dy, dx
    bx, by = x - 7 * dx, y - 7 * dy
    points = [(x, y), (bx + 4.5 * px, by + 4.5 * py), (bx - 4.5 * px, by - 4.5 * py)]
    return f'<polygon points="{" ".join(f"{n(a)},{n(b)}" for a, b in points)}" fill="{colour}"/>'


def _slot(loc: Mapping[str, Any], language: str) -> str:
    """An unplaced location: a faint dashed outline with its number and name."""
    column, row = _slot_xy(str(loc["slot"]))
    x, y = _corner(column, row)
    name = said(f"location.{int(loc['number'])}", language)
    return (f'<g class="slot" data-location="{loc["number"]}" opacity="0.5">'
            f'<rect x="{n(x)}" y="{n(y)}" width="{n(CARD_W)}" height="{n(CARD_H)}" rx="8" fill="none" '
            f'stroke="{LINE}" stroke-width="1.4" stroke-dasharray="5 4"/>'
            + text(x + 8, y + 17, f"{loc['number']}", 10, SOFT, BOLD)
            + text(x + 26, y + 17, name, fitted(name, CARD_W - 32, 10), SOFT) + "</g>")


def _card(loc: Mapping[str, Any], view: Mapping[str, Any], language: str, name: str | None,
          here: bool) -> str:
    """A placed location card; `here`: the mover's own, with its pills."""
    number = int(loc["number"])
    place = CONTENT.locations[number]
    column, row = _slot_xy(str(loc["slot"]))
    x, y = _corner(column, row)
    label = said(f"location.{number}", language)
    frame = f'stroke="{GOLD}" stroke-width="3.5"' if here else f'stroke="{INK}" stroke-width="1.3"'
    parts = [
        f'<g class="card" data-location="{number}" transform="translate({n(x)},{n(y)})"{target(name)}>',
        title(f"{number} {label}"),
        f'<rect width="{n(CARD_W)}" height="{n(CARD_H)}" rx="8" fill="{CARD}" {frame}/>',
        f'<circle cx="12" cy="13" r="9" fill="{INK}"/>',
        text(12, 16.6, str(number), 9.5 if number > 9 else 10.5, "#fff", CENTRED),
        text(25, 17.5, label, fitted(label, CARD_W - 30, 11.5), INK, BOLD),
    ]
    parts += _keywords(place, language)
    parts += _menhir(place, view)
    parts += _action(place, loc, language)
    if here:
        parts.append(pill(6, 53, said("svg.explore", language), "explore"))
        if place.menhir is not None and not (view.get("menhirs") or {}).get(str(number)):  # dark or no dial
            parts.append(pill(60, 53, said("svg.activate", language), "activate", "#9a5b12"))
    parts += _back(loc, language)
    parts.append("</g>")
    return "".join(parts)


def _keywords(place: Location, language: str) -> list[str]:
    """Keywords in words, then the menhir's cost as chips."""
    words = [said(f"svg.keyword.{keyword}", language) for keyword in sorted(place.keywords)]
    if place.relic:
        words.append(said("svg.relic-site", language, relic=said(f"relic.{place.relic}", language)))
    line = " · ".join(words)
    parts = [text(7, 33, line, fitted(line, CARD_W - 14, 8.5), SOFT, 'font-style="italic"')] if line else []
    if place.menhir is not None:
        x = 7 + (len(line) * 0.6 * 8.5 + 5 if line else 0)
        for amount in place.menhir:
            parts.append(chip(x, 24.5, amount.kind, amount.n, said(f"svg.initial.{amount.kind}", language)))
            x += 11 + 0.6 * 8 * (len(str(amount.n)) + 1)
    return parts


def _menhir(place: Location, view: Mapping[str, Any]) -> list[str]:
    """A standing stone on a menhir site: lit with its dial (0: lit without one), or dark."""
    if place.menhir is None:
        return []
    dials = view.get("menhirs") or {}
    lit = str(place.number) in dials
    fill, edge = ("#f2c14e", "#8a5a00") if lit else ("#a7a29a", "#55524c")
    glow = f'<ellipse cx="120" cy="44" rx="14" ry="18" fill="{GOLD}" opacity="0.35"/>' if lit else ""
    dial = dials.get(str(place.number))
    shown = ("–" if dial == 0 else str(dial)) if lit else ""
    return [f'<g class="menhir" data-lit="{str(lit).lower()}">{glow}'
            f'<path d="M112,60L113,34Q114,26 120,25Q126,26 127,34L128,60Z" fill="{fill}" stroke="{edge}" '
            f'stroke-width="1.2"/>' + text(120, 50, shown, 11, INK, CENTRED)
            + "</g>"]


def _action(place: Location, loc: Mapping[str, Any], language: str) -> list[str]:
    """The location action's slug (a target) with its time markers, the quest action, the instant."""
    parts = []
    slugs = [(place.action.slug, int(loc.get("action_markers", 0)))] if place.action else []
    if place.number in QUEST_ACTIONS:
        slugs.append((QUEST_ACTIONS[place.number], 0))
    x = 7.0
    room = (CARD_W - 14) / max(1, len(slugs)) - 4
    for slug, markers in slugs:
        name = said(f"action.{slug}", language)
        words = f"⚒ {name}"
        size = fitted(words, room - 8 - markers * 8, 9)
        wide = 0.6 * size * len(words)
        width = 8 + wide + markers * 8
        dots = "".join(_marker(x + 12 + wide + 8 * i) for i in range(markers))
        parts.append(f'<g class="action" data-slug="{slug}"{target(slug)}>'
                     f'{title(name)}'
                     f'<rect x="{n(x)}" y="37" width="{n(width)}" height="14" rx="3" fill="#efe4c8" '
                     f'stroke="{LINE}" stroke-width="0.8"/>{text(x + 4, 47.5, words, size, INK)}{dots}</g>')
        x += width + 4
    if place.instant is not None:
        effect = ", ".join(said("svg.effect", language, what=said(f"svg.instant.{e.op}", language),
                                n=f"{e.args[0]:+d}")
                           for e in place.instant.effects
                           if e.op in INSTANT and e.args and isinstance(e.args[0], int))
        words = said("svg.on-arrival", language, effect=effect)
        marks = int(loc.get("instant_markers", 0))
        size = fitted(words, CARD_W - 40, 8.5)
        parts.append(text(7, 47.5, words, size, "#7a2e1c", 'font-style="italic"'))
        parts += [_marker(14 + 0.6 * size * len(words) + 8 * i) for i in range(marks)]
    return parts


def _marker(x: float) -> str:
    """A time marker on the action row."""
    return f'<circle class="marker" cx="{n(x)}" cy="44" r="3" fill="#b5523b"/>'


def _back(loc: Mapping[str, Any], language: str) -> list[str]:
    """Bottom right: the back verse's id where the view shows it, else a face-down mark; explored pips."""
    back = str(loc.get("back", ""))
    explored = int(loc.get("explored", 0))
    x, y = CARD_W - 30, CARD_H - 21
    parts = [title(said("svg.explored", language, count=explored))]
    if back and back != "?":
        parts.append(f'<rect x="{n(x)}" y="{n(y)}" width="25" height="16" rx="2" fill="#fff" stroke="{INK}" '
                     f'stroke-width="0.9"/>' + text(x + 12.5, y + 11.8, back, 9, INK,
                                                    f'{CENTRED} class="back"'))
    elif back == "?":
        parts.append(f'<rect x="{n(x)}" y="{n(y)}" width="25" height="16" rx="2" fill="#35406b" '
                     f'stroke="{INK}" stroke-width="0.9" class="face-down"/>'
                     f'<path d="M{n(x + 12.5)},{n(y + 2.5)}l6,5.5l-6,5.5l-6,-5.5z" '
                     f'fill="none" stroke="#c9b67a" stroke-width="1"/>')
    pips = "".join(f'<circle cx="{n(x - 7 - 8 * i)}" cy="{n(y + 8)}" r="2.8" '
                   f'fill="{INK if i < explored else "none"}" stroke="{INK}" stroke-width="0.8"/>'
                   for i in range(max(2, explored)))
    return [f'<g class="back-verse">{"".join(parts)}{pips}</g>']


def _guardians(view: Mapping[str, Any], language: str) -> list[str]:
    """The Stag and the Widow on their slots, each a target (`challenge <slug>`)."""
    parts = []
    for offset, (slug, slot) in enumerate(sorted((view.get("guardians") or {}).items())):
        column, row = _slot_xy(str(slot))
        x, y = _corner(column, row)
        gx, gy = x + CARD_W - 16 - 24 * offset, y + 74
        fill = "#6b4a2b" if slug == "stag" else "#7b8088"
        mark = "Ψ" if slug == "stag" else "✶"
        parts.append(f'<g class="guardian" data-guardian="{slug}"{target(slug)}>'
                     f'{title(said(f"guardian.{slug}", language))}'
                     f'<circle cx="{n(gx)}" cy="{n(gy)}" r="11" fill="{fill}" stroke="#1d150a" '
                     f'stroke-width="1.4"/>{text(gx, gy + 4.5, mark, 13, "#fff", CENTRED)}</g>')
    return parts


def _tokens(heroes: list[Mapping[str, Any]], view: Mapping[str, Any], language: str,
            moving: Mapping[str, Any] | None) -> list[str]:
    """Each living character's token on its location, bottom left, in number order."""
    waiting = (view.get("waiting") or {}).get("for")
    clickable = waiting in ("day", "join")
    places = {int(loc["number"]): str(loc["slot"]) for loc in view.get("locations", [])}
    count: dict[int, int] = {}
    parts = []
    for hero in heroes:
        where = hero.get("location")
        if hero.get("fate", "alive") != "alive" or where not in places:
            continue
        column, row = _slot_xy(places[where])
        x, y = _corner(column, row)
        index = count[where] = count.get(where, -1) + 1
        number = int(hero["number"])
        parts.append(token(x + 14 + 21 * index, y + CARD_H - 13, number, ring=hero is moving,
                           faded=bool(hero.get("passed")), name=str(number) if clickable else None,
                           label=said(f"character.{number}", language)))
    return parts
