"""Avalon pictures as SVG: a pure function of a view (`state.view(seat)`), in the page's language.

`draw` paints the island's 6×4 grid (placed location cards with number, name, keywords, menhir and
its dial, the action's slug with its time markers, the instant effect, the back verse where the
view shows it or a face-down mark, explored pips; unplaced slots faint; lakes as water), the arrows
between neighbours (two-way solid with two heads, one-way dashed with one), the last move
(`view.last_move`: a dashed frame in the character's colour around the card it was made on or led
to, a broad arrow under the way a `travel` took, a frame around the slug of an `act`), the
characters' tokens and the guardians on their slots, then `svgpanel`'s strip (Day, phase, Omen,
Mercy, what runs) and panel (quests, open events, each character's board). Nothing is drawn that
the view does not hold.

Clicks: the page narrows the legal action texts by the last word of each text (`narrow.js`), so a
part's `data-target` is the word its action ends with. The character to move (`mover`, a seat: the
view's `waiting` names no one) gives its four neighbouring cards the targets `north`, `east`,
`south`, `west` (`travel <direction>`); during the Day its own card carries no target of its own but
its action slugs (`act <slug>`; quest actions on their location too), the pills `explore` and, on a
menhir site that is dark or has lost its dial, `activate`, and the guardians on its slot (`challenge
stag|widow`). Other cards carry their slot (`b2`), which no action ends with: a click on them picks
nothing. While a Day decision or a `join` is asked, each living character's board carries its number
(`join 2`, `give food to 2`); on the mover's board Health, Energy and the attributes carry their words
(`improve might`), items their slugs (`equip spear`).

Every clickable part has an invisible hit area (`svgkit.hit`) at least `svgkit.HIT` units on each
side where the card allows (a crowded card's row of pills shares its width): the root's `data-hit` is
the smallest, and the page draws the picture so that it is big enough to touch.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import quoteattr

from spielwerk.games.avalon.content import CONTENT, Location
from spielwerk.games.avalon.labels import place_name
from spielwerk.games.avalon.say import text as said
from spielwerk.games.avalon.svgkit import (
    BOLD,
    CARD,
    CENTRED,
    FONT,
    GOLD,
    HERO,
    HIT,
    INK,
    LINE,
    PAPER,
    SHORE,
    SOFT,
    WATER,
    chip,
    fitted,
    hit,
    n,
    pill,
    pill_width,
    target,
    text,
    title,
    token,
)
from spielwerk.games.avalon.svgpanel import BOTTOM_GAP, panel, strip
from spielwerk.games.avalon.world import slot_name

CELL_W, CELL_H = 150.0, 124.0
CARD_W, CARD_H = 134.0, 108.0
LEFT, TOP = 10.0, 56.0
WIDTH = 2 * LEFT + 6 * CELL_W
DIRECTIONS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
INSTANT = ("health", "energy", "terror", "omen")
"""The effects an instant shows as a number (`svg.instant.<op>`)."""
QUEST_ACTIONS = {quest.location: quest.slug for quest in CONTENT.quests.values() if quest.slug}
"""Where each quest's action is taken."""
SLUGS = (20.0, 60.0)
"""On the mover's own card: the band of its slugs' hit areas (top, bottom), the name left free."""
PILLS = (60.0, CARD_H)
"""On the mover's own card: the band of its pills' and guardians' hit areas, below the slugs."""
Slug = tuple[str, int, float, float, float]
"""An action slug on a card: slug, time markers, font size, left edge, width."""
Cell = tuple[str, str, str, float, float]
"""A part in the band of pills: its kind (pill, guardian), target, words, left edge and width."""


def draw(view: Mapping[str, Any], language: str = "en", mover: int | None = None) -> str:
    """The SVG text of an Avalon view in `language`; `mover` is the seat to move (None: nobody)."""
    heroes = [hero for hero in view.get("characters", []) if isinstance(hero, Mapping)]
    moving = heroes[mover] if mover is not None and 0 <= mover < len(heroes) else None
    places = {int(loc["number"]): loc for loc in view.get("locations", [])}
    targets = _targets(view, places, moving)
    own = _own(view, places, moving)
    cells = _pills(view, own, language) if own is not None else []
    smallest = min([HIT, *(width for *_, width in cells)])
    grid_bottom = TOP + CONTENT.rows * CELL_H
    body, height = panel(view, language, moving, grid_bottom + BOTTOM_GAP, WIDTH - 2 * LEFT, LEFT)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{n(WIDTH)}" height="{n(height)}" '
        f'viewBox="0 0 {n(WIDTH)} {n(height)}" font-family="{FONT}" data-hit="{n(smallest)}">',
        title(said("svg.title", language, day=view.get("day", ""))),
        f'<rect width="{n(WIDTH)}" height="{n(height)}" fill="{PAPER}"/>',
        strip(view, language, WIDTH, moving),
    ]
    parts += _lakes()
    for number, loc in sorted(places.items()):
        if loc.get("placed"):
            here = number == own
            parts.append(_card(loc, view, language, None if here else targets.get(number),
                               cells if here else None))
        else:
            parts.append(_slot(loc, language))
    parts += _last_move(view, places, language)
    parts += _arrows(view, places)
    parts += _guardians(view, language, str(places[own]["slot"]) if own is not None else None)
    parts += _tokens(heroes, view, language, moving)
    parts += body
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _own(view: Mapping[str, Any], places: Mapping[int, Any], moving: Mapping[str, Any] | None) -> int | None:
    """The location of the character to move while a Day decision is asked (its card's parts take
    the clicks there), else None."""
    if moving is None or not _day(view) or moving.get("location") not in places:
        return None
    return int(moving["location"])


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


def _head(x: float, y: float, dx: int, dy: int, colour: str, scale: float = 1.0) -> str:
    """An arrowhead with its tip at (x, y), pointing along (dx, dy), `scale` times the usual size."""
    px, py = -dy, dx
    bx, by = x - 7 * scale * dx, y - 7 * scale * dy
    wing = 4.5 * scale
    points = [(x, y), (bx + wing * px, by + wing * py), (bx - wing * px, by - wing * py)]
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
          cells: list[Cell] | None) -> str:
    """A placed location card; `cells`: the band of pills of the mover's own card (None: another)."""
    here = cells is not None
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
    parts += _action(place, loc, language, here)
    parts += [_cell(cell, language) for cell in cells or []]
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


def _action(place: Location, loc: Mapping[str, Any], language: str, here: bool) -> list[str]:
    """The location action's slug with its time markers, the quest action, the instant; on the
    mover's own card (`here`) each slug is a target with a hit area in the band of slugs."""
    parts = []
    for slug, markers, size, x, width in _slugs(place, loc, language):
        name = said(f"action.{slug}", language)
        words = f"⚒ {name}"
        wide = 0.6 * size * len(words)
        area = hit(x - 2, SLUGS[0], max(width + 4, HIT), SLUGS[1] - SLUGS[0]) if here else ""
        dots = "".join(_marker(x + 12 + wide + 8 * i) for i in range(markers))
        parts.append(f'<g class="action" data-slug="{slug}"{target(slug if here else None)}>'
                     f'{title(name)}{area}'
                     f'<rect x="{n(x)}" y="37" width="{n(width)}" height="14" rx="3" fill="#efe4c8" '
                     f'stroke="{LINE}" stroke-width="0.8"/>{text(x + 4, 47.5, words, size, INK)}{dots}</g>')
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


def _slugs(place: Location, loc: Mapping[str, Any], language: str) -> list[Slug]:
    """The card's action slugs (its own, then a quest's): slug, time markers, font size, left edge
    and width, each at least `HIT` from the next."""
    slugs = [(place.action.slug, int(loc.get("action_markers", 0)))] if place.action else []
    if place.number in QUEST_ACTIONS:
        slugs.append((QUEST_ACTIONS[place.number], 0))
    x = 7.0
    stone = 22 if place.menhir is not None else 0  # the slugs leave the standing stone free
    room = (CARD_W - 14 - stone) / max(1, len(slugs)) - 4
    found: list[Slug] = []
    for slug, markers in slugs:
        words = f"⚒ {said(f'action.{slug}', language)}"
        size = fitted(words, room - 8 - markers * 8, 9)
        width = 8 + 0.6 * size * len(words) + markers * 8
        found.append((slug, markers, size, x, width))
        x += max(width + 4, HIT)
    return found


def _last_move(view: Mapping[str, Any], places: Mapping[int, Any], language: str) -> list[str]:
    """The last move on the map (`view.last_move`) in its character's colour: a dashed frame around
    the card it was made on or led to, a broad arrow from card to card for a `travel`, a frame
    around the slug of an `act`."""
    last = view.get("last_move")
    if not isinstance(last, Mapping) or last.get("to") not in places or last.get("from") not in places:
        return []
    number, start, end = int(last.get("hero", 0)), int(last["from"]), int(last["to"])
    word, _, arg = str(last.get("action", "")).partition(" ")
    colour = HERO.get(number, SOFT)
    x, y = _corner(*_slot_xy(str(places[end]["slot"])))
    who = said(f"character.{number}", language)
    parts = [f'<g class="last-move" data-last={quoteattr(str(last.get("action", "")))} data-hero="{number}">',
             title(said("svg.last-move", language, who=who, action=_move_words(word, arg, end, language))),
             f'<rect x="{n(x - 5)}" y="{n(y - 5)}" width="{n(CARD_W + 10)}" height="{n(CARD_H + 10)}" '
             f'rx="12" fill="none" stroke="{colour}" stroke-width="3" stroke-dasharray="9 5"/>']
    if word == "act":
        loc = places[end]
        for slug, _, _, left, width in _slugs(CONTENT.locations[end], loc, language):
            if slug == arg:
                parts.append(f'<rect class="last-slug" x="{n(x + left - 2.5)}" y="{n(y + 34.5)}" '
                             f'width="{n(width + 5)}" height="19" rx="5" fill="none" stroke="{colour}" '
                             f'stroke-width="2.5"/>')
    if start != end:  # a broad band under the arrow between the cards, 14 units into the one left
        (c1, r1), (c2, r2) = _slot_xy(str(places[start]["slot"])), _slot_xy(str(places[end]["slot"]))
        dx, dy = c2 - c1, r2 - r1
        x1, y1 = _corner(c1, r1)
        sx, sy = x1 + CARD_W / 2 + (CARD_W / 2 - 14) * dx, y1 + CARD_H / 2 + (CARD_H / 2 - 14) * dy
        ex, ey = sx + dx * (CELL_W - CARD_W + 22), sy + dy * (CELL_H - CARD_H + 22)
        parts.append(f'<g class="last-way" opacity="0.6"><line x1="{n(sx)}" y1="{n(sy)}" '
                     f'x2="{n(ex - 8 * dx)}" y2="{n(ey - 8 * dy)}" stroke="{colour}" stroke-width="9"/>'
                     + _head(ex + 4 * dx, ey + 4 * dy, dx, dy, colour, 2.4) + "</g>")
    parts.append("</g>")
    return parts


def _move_words(word: str, arg: str, at: int, language: str) -> str:
    """A move on the map in words: where a travel led, what was explored, acted on, challenged."""
    if word == "travel":
        return said("label.travel", language, place=place_name(at, language))
    if word == "explore":
        return said("label.explore", language, place=said(f"location.{at}", language))
    if word == "act":
        return said(f"action.{arg}", language)
    if word == "challenge":
        return said(f"guardian.{arg}", language)
    return said("label.activate", language)


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


def _pills(view: Mapping[str, Any], own: int, language: str) -> list[Cell]:
    """The band of pills on the mover's own card: `explore`, `activate` on a dark menhir site (or one
    that lost its dial), and the guardians on its slot; each as wide as its words ask, at least
    `HIT`, all of them squeezed where they would not fit the card."""
    place = CONTENT.locations[own]
    wanted = [("pill", "explore", said("svg.explore", language))]
    if place.menhir is not None and not (view.get("menhirs") or {}).get(str(own)):  # dark or no dial
        wanted.append(("pill", "activate", said("svg.activate", language)))
    slot = slot_name((place.column, place.row))
    guardians = sorted((view.get("guardians") or {}).items())
    wanted += [("guardian", slug, "") for slug, at in guardians if at == slot]
    widths = [max(HIT, pill_width(words) + 8 if kind == "pill" else HIT) for kind, _, words in wanted]
    squeeze = min(1.0, CARD_W / sum(widths))
    cells: list[Cell] = []
    x = 0.0
    for (kind, name, words), width in zip(wanted, widths, strict=True):
        cells.append((kind, name, words, x, width * squeeze))
        x += width * squeeze
    return cells


def _cell(cell: Cell, language: str) -> str:
    """A pill or a guardian in the band of pills, its hit area the cell's full height."""
    kind, name, words, x, width = cell
    area = hit(x, PILLS[0], width, PILLS[1] - PILLS[0])
    if kind == "guardian":
        return _guardian(name, x + width / 2, 78, language, area)
    size = fitted(words, width - 12, 8.5)
    fill = "#2f6b2a" if name == "explore" else "#9a5b12"
    return pill(x + (width - pill_width(words, size)) / 2, 62, words, name, fill, area, size)


def _guardian(slug: str, x: float, y: float, language: str, area: str = "") -> str:
    """The Stag or the Widow centred on (x, y); with a hit area (`area`) a target (`challenge <slug>`)."""
    fill = "#6b4a2b" if slug == "stag" else "#7b8088"
    mark = "Ψ" if slug == "stag" else "✶"
    return (f'<g class="guardian" data-guardian="{slug}"{target(slug if area else None)}>'
            f'{title(said(f"guardian.{slug}", language))}{area}'
            f'<circle cx="{n(x)}" cy="{n(y)}" r="11" fill="{fill}" stroke="#1d150a" '
            f'stroke-width="1.4"/>{text(x, y + 4.5, mark, 13, "#fff", CENTRED)}</g>')


def _guardians(view: Mapping[str, Any], language: str, own: str | None) -> list[str]:
    """The Stag and the Widow on their slots, but for the mover's own slot `own` (its card's pills
    draw them there, as targets)."""
    parts = []
    for offset, (slug, slot) in enumerate(sorted((view.get("guardians") or {}).items())):
        if slot == own:
            continue
        column, row = _slot_xy(str(slot))
        x, y = _corner(column, row)
        parts.append(_guardian(slug, x + CARD_W - 16 - 24 * offset, y + 74, language))
    return parts


def _tokens(heroes: list[Mapping[str, Any]], view: Mapping[str, Any], language: str,
            moving: Mapping[str, Any] | None) -> list[str]:
    """Each living character's token on its location, bottom left, in number order (its board in
    the panel is what takes clicks)."""
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
                           faded=bool(hero.get("passed")), label=said(f"character.{number}", language)))
    return parts
