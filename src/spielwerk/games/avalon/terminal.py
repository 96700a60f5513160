"""The island of Avalon drawn for a terminal, as rich console markup (this module never imports rich).

The map is the rules' grid of location cards, six columns a–f by four rows, each card a block of
four short lines: its number with a menhir (◆ and its dial when lit, ◇ an unlit site) and a shelter
mark ⌂; its short name; its back verse as far as the seat may know it (`?` unknown, `13a` known),
how often it was explored and its time markers; who stands there (character initials, guardians).
Arrows run between the cards: ◄► both ways, ► or ◄ one way, ▲▼ between rows. An unplaced card is
dimmed, a lake is `~`. Narrower than the map, the cards are listed one a line. Under the map
(`terminal_status`): the characters, the day, Omen, quests and events, and what the game waits for,
every word in the chosen language. All from `view(seat)`.
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping, Sequence
from typing import Any

from spielwerk.core.markup import wrap
from spielwerk.core.textmap import Cell, escape, render
from spielwerk.games.avalon.content import CONTENT, SHORT_NAME
from spielwerk.games.avalon.say import text as said
from spielwerk.games.avalon.terminal_status import status_lines

CELL, GAP, LABEL = SHORT_NAME, 3, 2
"""A card's width, the arrows' gap between cards, and the row label before each map row."""
MAP_WIDTH = LABEL + CONTENT.columns * (CELL + GAP) - GAP
MAX_WIDTH = 80
"""The picture is never wider than this."""
LINE = "grey50"
MENHIR = "bold #c080ff"
PLACED, UNPLACED = "bold", "grey42"
GUARDIAN = "bold #ff5040"
INITIAL_STYLE = ("bold black on #f3c622", "bold white on #2f6fd6", "bold white on #8a3fb0",
                 "bold black on #2fa04a")
"""Each character's initial on its own colour, by character number 1–4."""
LEGEND = (("[bold #c080ff]◆4[/]", "lit"), ("[grey42]◇[/]", "unlit"), ("[#e0c050]⌂[/]", "shelter"),
          ("?", "back"), ("x1", "explored"), ("m2", "markers"), ("◄─►", "arrows"))
"""The map's marks and what each means (`terminal.legend.<key>`)."""


def board_markup(view: Mapping[str, Any], seat: int | None, language: str = "en", *,
                 width: int | None = None, to_move: int | None = None,
                 legal: Sequence[str] = ()) -> str:
    """The island, the characters and the game's state of an Avalon view (`state.view(seat)`).

    `language` chooses the content's prose (names, verses, events); `width` the widest line (None:
    the console's, at most MAX_WIDTH); `to_move` the seat deciding now and `legal` its action texts,
    numbered as the terminal's `moves` numbers them."""
    if width is None:
        width = shutil.get_terminal_size((MAX_WIDTH, 24)).columns
    width = max(40, min(width, MAX_WIDTH))
    lines = _map(view, seat, language) if width >= MAP_WIDTH else _list(view, seat, language, width)
    return "\n".join([*lines, *status_lines(view, seat, language, width, to_move, legal)])


def short_name(number: int, language: str = "en") -> str:
    """A location's name as its card shows it (the content's `location.<n>.short`)."""
    return said(f"location.{number}.short", language)


def _occupants(view: Mapping[str, Any], seat: int | None) -> dict[int, list[Cell]]:
    """The character initials on each location (the seat's own underlined)."""
    found: dict[int, list[Cell]] = {}
    for index, hero in enumerate(view["characters"]):
        if hero["fate"] != "alive":
            continue
        style = INITIAL_STYLE[(hero["number"] - 1) % len(INITIAL_STYLE)]
        style += " underline" if index == seat else ""
        found.setdefault(hero["location"], []).append((CONTENT.text(f"character.{hero['number']}")[0], style))
    return found


def _guardians(view: Mapping[str, Any], language: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for slug, slot in view["guardians"].items():
        found.setdefault(slot, []).append(said(f"terminal.guardian.{slug}", language))
    return found


def _card(location: Mapping[str, Any], view: Mapping[str, Any], occupants: list[Cell],
          guardians: list[str], language: str) -> list[list[Cell]]:
    """A location's four lines of CELL characters."""
    number = location["number"]
    place = CONTENT.locations[number]
    placed = location["placed"]
    ink = PLACED if placed else UNPLACED
    top: list[Cell] = [(char, ink) for char in f"{number:>2} "]
    if place.menhir is not None:
        dial = view["menhirs"].get(str(number))
        mark = "◇" if dial is None else f"◆{dial or '·'}"
        top += [(char, MENHIR if dial is not None else UNPLACED) for char in mark + " "]
    if place.shelter:
        top.append(("⌂", "#e0c050" if placed else UNPLACED))
    name = [(char, ink) for char in short_name(number, language)]
    if placed:
        explored = location["explored"]
        facts = [f"{location['back']}" if location["back"] else "", f"x{explored}" if explored else ""]
        markers = location["action_markers"] + location["instant_markers"]
        facts += [f"m{markers}"] if markers else []
        ink = "" if location["back"] != "?" else "grey62"
        third = [(char, ink) for char in " ".join(filter(None, facts))]
    else:
        third = [(char, UNPLACED) for char in said("terminal.unplaced", language)[:CELL]]
    fourth = list(occupants)
    for slug in guardians:
        room = CELL - len(fourth) - (1 if fourth else 0)
        if room > 0:
            fourth += ([(" ", "")] if fourth else []) + [(char, GUARDIAN) for char in slug[:room]]
    return [_fit(row) for row in (top, name, third, fourth)]


def _fit(row: list[Cell]) -> list[Cell]:
    return (row + [(" ", "")] * CELL)[:CELL]


def _map(view: Mapping[str, Any], seat: int | None, language: str) -> list[str]:
    """The grid of cards with the arrows between them, under a line of column letters."""
    arrows = {tuple(int(n) for n in text.split(">")) for text in view["arrows"]}
    locations = {location["number"]: location for location in view["locations"]}
    occupants, guardians = _occupants(view, seat), _guardians(view, language)
    header: list[Cell] = [(" ", "")] * MAP_WIDTH
    for column in range(CONTENT.columns):
        header[LABEL + column * (CELL + GAP) + CELL // 2] = ("abcdef"[column], "bold")
    lines = [render(header).rstrip()]
    for row in range(CONTENT.rows):
        block = [[(" ", "")] * MAP_WIDTH for _ in range(4)]
        block[1][0] = (str(row + 1), "bold")
        between: list[Cell] = [(" ", "")] * MAP_WIDTH
        for column in range(CONTENT.columns):
            left = LABEL + column * (CELL + GAP)
            number = CONTENT.at(column, row)
            if number is None:
                block[1][left:left + CELL] = _fit([(" ", "")] * 2 + [("~", "#4a78b0")] * 7)
                block[2][left:left + CELL] = _fit([(" ", "")] * 3 + [("~", "#4a78b0")] * 5)
                continue
            slot = f"{'abcdef'[column]}{row + 1}"
            here = occupants.get(number, [])
            card = _card(locations[number], view, here, guardians.get(slot, []), language)
            for line, cells in zip(block, card, strict=False):
                line[left:left + CELL] = cells
            east = CONTENT.at(column + 1, row)
            if east is not None:
                block[1][left + CELL:left + CELL + GAP] = _across(number in _froms(arrows, east),
                                                                  east in _froms(arrows, number))
            south = CONTENT.at(column, row + 1)
            if south is not None:
                between[left + CELL // 2 - 1:left + CELL // 2 + 1] = _down(number in _froms(arrows, south),
                                                                           south in _froms(arrows, number))
        lines += [render(line).rstrip() for line in block]
        if row < CONTENT.rows - 1:
            lines.append(render(between).rstrip())
    legend = [f"{mark} {escape(said(f'terminal.legend.{key}', language))}" for mark, key in LEGEND]
    return [*lines, *wrap(legend, MAP_WIDTH, " · ", indent=1)]


def _froms(arrows: set[tuple[int, ...]], target: int) -> set[int]:
    """The locations an arrow leads from to `target`."""
    return {a for a, b in arrows if b == target}


def _across(west: bool, east: bool) -> list[Cell]:
    """The arrow from a card to its eastern neighbour: `west` an arrow leads back, `east` one leads there."""
    if not west and not east:
        return [(" ", "")] * GAP
    return [("◄" if west else "─", LINE), ("─", LINE), ("►" if east else "─", LINE)]


def _down(north: bool, south: bool) -> list[Cell]:
    """The arrow from a card to the one below it."""
    return [("▲" if north else " ", LINE), ("▼" if south else " ", LINE)]


def _list(view: Mapping[str, Any], seat: int | None, language: str, width: int) -> list[str]:
    """Narrower than the map: each placed card on a line with what the map would show, and its ways."""
    arrows = [tuple(int(n) for n in text.split(">")) for text in view["arrows"]]
    occupants, guardians = _occupants(view, seat), _guardians(view, language)
    lines = []
    for location in view["locations"]:
        number = location["number"]
        if not location["placed"] and not occupants.get(number):
            continue
        card = _card(location, view, occupants.get(number, []), guardians.get(location["slot"], []), language)
        ways = sorted(b for a, b in arrows if a == number)
        text = (f"{render(card[0]).rstrip()} {escape(said(f'location.{number}', language))} "
                f"[grey62]{location['slot']}[/] {render(card[2]).rstrip()} {render(card[3]).rstrip()}"
                f" [grey62]→ {' '.join(map(str, ways))}[/]")
        lines += wrap([text], width)
    return lines
