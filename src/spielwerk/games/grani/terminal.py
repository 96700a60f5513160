"""The Grani board drawn for a terminal, as rich console markup (this module never imports rich).

The board file puts its points on an integer lattice and its lines join lattice neighbours, so the
map is a character grid: each point is a cell with a mark of its kind, its name (coloured by its
kingdom) and what stands there (a knight's tile, the ring, an obstacle stone), joined to its
neighbours by ─ │ ╲ ╱. The map is drawn as wide as the console allows: the full layout (106
columns), a compact one (72 columns, fits 80), or, narrower still or for a board off the lattice,
a list of the points with their neighbours. Under the map: the legend, each player's amulets,
seals, ring and shackle, and the game's state, wrapped to the same width.
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from spielwerk.core.markup import wrap
from spielwerk.core.textmap import Cell, escape, lattice, render
from spielwerk.games.grani.board import BOARD, KINGDOMS, Board
from spielwerk.games.grani.notation import COLOURS
from spielwerk.games.grani.say import said, text


@dataclass(frozen=True)
class Layout:
    """How wide a point's cell is, and how many characters of line join it to the next column."""

    cell: int
    gap: int

    def width(self, columns: int) -> int:
        """The characters a map of `columns` lattice columns takes."""
        return 1 + columns * (self.cell + self.gap) - self.gap


FULL, COMPACT = Layout(cell=6, gap=3), Layout(cell=5, gap=1)
LAYOUTS = (FULL, COMPACT)
"""The layouts tried in turn: the first that fits the console's width is drawn."""
MAX_WIDTH = 110
"""The widest map drawn, the width of the text under it, and the width assumed where no console
tells its own."""
LINE = "grey50"
MARKS = {"black": ("·", "grey62"), "exile": ("○", "bold bright_white"), "city": ("♜", "bold #f0c060"),
         "dragon": ("▲", "bold #ff5040"), "magic": ("◆", "bold #c080ff"), "sword": ("†", "bold #80e0e0"),
         "crystal": ("◎", "bold #8cc8f2")}
"""Each kind of point: its mark and the mark's style."""
STONE = ("■", "bold grey70")
RING = ("¤", "bold #ffd700")
SHACKLE = ("∞", "bold #ff8c40")
WALLED = "bold #ff5040"
KINGDOM_STYLE = {"tirad": "#e08a70", "urgad": "#8fc46a", "galad": "#6fa8e0", "elgad": "#e0c050",
                 "exile": "bright_white"}
KNIGHT_STYLE = {"yellow": "bold black on #f3c622", "blue": "bold white on #2f6fd6",
                "red": "bold white on #d8352a", "white": "bold black on #ffffff",
                "green": "bold black on #2fa04a", "black": "bold #ffffff on #000000"}
INITIAL = {"yellow": "Y", "blue": "B", "red": "R", "white": "W", "green": "G", "black": "K"}
"""A knight's letter on its tile (K for black, as G is green)."""
LEGEND = ("black", "exile", "city", "dragon", "magic", "sword", "crystal")
"""The kinds of point the legend shows, each with its mark and its words (`terminal.legend.<kind>`)."""


def board_markup(view: Mapping[str, Any], width: int | None = None, language: str = "en") -> str:
    """The map of a Grani view (`state.view(seat)`) with the legend, the players and the game's state,
    in lines of at most `width` characters (None: the console's width, or MAX_WIDTH without one), its
    words in `language`."""
    if width is None:
        width = shutil.get_terminal_size((MAX_WIDTH, 24)).columns
    lines = _board(BOARD, view, width, language)
    compact = width < FULL.width(_columns(BOARD))
    text_width = min(width, MAX_WIDTH)
    lines += wrap(_legend(language), text_width, indent=1)
    lines += _players(view, compact, language)
    lines += _status(view, text_width, language)
    return "\n".join(lines)


def _colour(name: Any, language: str) -> str:
    """A knight's colour as a view names it ("blue"), in `language`."""
    return text(f"seat.{name}", language) if name in COLOURS else str(name)


def _board(board: Board, view: Mapping[str, Any], width: int, language: str) -> list[str]:
    """The map in the widest layout that fits `width`, else the list of points."""
    for layout in LAYOUTS:
        grid = lattice(board.xy, board.lines, layout.width, min(width, MAX_WIDTH))
        if grid is not None:
            return _map(board, view, grid, layout, language)
    return _neighbour_list(board, view, language)


def _columns(board: Board) -> int:
    xs = [x for x, _ in board.xy]
    return int(max(xs) - min(xs)) + 1


def _map(
    board: Board, view: Mapping[str, Any], grid: dict[tuple[int, int], int], layout: Layout, language: str
) -> list[str]:
    """The character grid: a row of cells per lattice row, a row of connectors between. In the compact
    layout a horizontal line also runs through the blank end of the cell it leaves."""
    cell, gap = layout.cell, layout.gap
    columns, rows = max(c for c, _ in grid) + 1, max(r for _, r in grid) + 1
    width = layout.width(columns)
    place = {p: (c, r) for (c, r), p in grid.items()}
    canvas = [[(" ", "") for _ in range(width)] for _ in range(2 * rows - 1)]
    pitch = cell + gap
    occupants = _occupants(view)
    for (c, r), p in grid.items():
        start = 1 + c * pitch
        canvas[2 * r][start:start + cell] = _cell(board, p, occupants.get(board.names[p], []), cell)
    for a, b in board.lines:
        (ca, ra), (cb, rb) = sorted((place[a], place[b]), key=lambda cr: (cr[1], cr[0]))
        if ra == rb:
            left = 1 + min(ca, cb) * pitch
            for i in range(gap):
                canvas[2 * ra][left + cell + i] = ("─", LINE)
            if layout is not FULL:
                end = left + cell
                while end > left and canvas[2 * ra][end - 1] == (" ", ""):
                    end -= 1
                    canvas[2 * ra][end] = ("─", LINE)
        elif ca == cb:
            canvas[2 * ra + 1][1 + ca * pitch + 2] = ("│", LINE)
        else:
            column = 1 + min(ca, cb) * pitch + cell + gap // 2
            here = canvas[2 * ra + 1][column][0]
            char = "╲" if cb > ca else "╱"
            canvas[2 * ra + 1][column] = ("╳" if here not in (" ", char) else char, LINE)
    lines = _kingdom_names(board, place, width, layout, language, top=True)
    lines += [render(row) for row in canvas]
    lines += _kingdom_names(board, place, width, layout, language, top=False)
    return lines


def _occupants(view: Mapping[str, Any]) -> dict[str, list[Cell]]:
    """What stands on each point, as the characters drawn after its name."""
    found: dict[str, list[Cell]] = {}
    for name in view.get("obstacles", []):
        found.setdefault(name, []).append(STONE)
    if view.get("ring"):
        found.setdefault(view["ring"], []).append(RING)
    for knight in view.get("knights", []):
        colour = str(knight["colour"])
        tile = [(INITIAL.get(colour, "?"), KNIGHT_STYLE.get(colour, "bold"))]
        if knight.get("ring"):
            tile.append(RING)
        if knight.get("shackled"):
            tile.append(SHACKLE)
        found.setdefault(knight["at"], []).extend(tile)
    return found


def _cell(board: Board, p: int, occupant: list[Cell], size: int) -> list[Cell]:
    """A point's cell: its mark, its name, then what stands there; crowded cells give up the mark
    first, then the name too (for the mark alone, or nothing)."""
    mark = MARKS.get(board.kind[p], ("?", ""))
    name = [(char, f"bold {KINGDOM_STYLE[board.kingdom_name(p)]}") for char in board.names[p]]
    room = size - len(occupant)
    cells = next((cells for cells in ([mark, *name], name, [mark]) if len(cells) <= room), [])
    cells = cells + occupant
    return (cells + [(" ", "")] * size)[:size]


def _kingdom_names(
    board: Board, place: dict[int, tuple[int, int]], width: int, layout: Layout, language: str, *, top: bool
) -> list[str]:
    """A line naming the kingdoms that touch the map's top (or bottom) edge, over their columns."""
    edge = 0 if top else max(r for _, r in place.values())
    line = [(" ", "")] * width
    found = False
    for kingdom in KINGDOMS:
        spots = [place[p] for p in range(board.size) if board.kingdom_name(p) == kingdom]
        if not spots or edge not in {r for _, r in spots}:
            continue
        pitch = layout.cell + layout.gap
        centre = 1 + (min(c for c, _ in spots) + max(c for c, _ in spots)) * pitch // 2 + layout.cell // 2
        spaced = " ".join(text(f"place.{kingdom}", language).upper())
        start = max(0, min(width - len(spaced), centre - len(spaced) // 2))
        line[start:start + len(spaced)] = [(char, f"bold {KINGDOM_STYLE[kingdom]}") for char in spaced]
        found = True
    return [render(line)] if found else []


def _neighbour_list(board: Board, view: Mapping[str, Any], language: str) -> list[str]:
    """The board as a list: each point with its kind, kingdom, what stands there and its neighbours."""
    occupants = _occupants(view)
    lines = []
    for p in range(board.size):
        char, style = MARKS.get(board.kind[p], ("?", ""))
        here = render(occupants.get(board.names[p], []))
        ways = " ".join(board.names[n] for n in board.neighbours[p])
        area = text(f"terminal.area.{board.kingdom_name(p)}", language)
        kind = text(f"terminal.kind.{board.kind[p]}", language)
        lines.append(f" [{style}]{char}[/] [bold]{escape(board.names[p]):<4}[/] "
                     f"[grey62]{escape(area)} {escape(kind)}[/] {here} ─ {escape(ways)}")
    return lines


def _legend(language: str) -> list[str]:
    words = [f"[{MARKS[kind][1]}]{MARKS[kind][0]}[/] {escape(text(f'terminal.legend.{kind}', language))}"
             for kind in LEGEND]
    tiles = " ".join(f"[{KNIGHT_STYLE[c]}]{INITIAL[c]}[/]" for c in INITIAL)
    return [*words, f"[{STONE[1]}]{STONE[0]}[/] {escape(text('terminal.legend.stone', language))}",
            f"[{RING[1]}]{RING[0]}[/] {escape(text('terminal.legend.ring', language))}",
            f"[{SHACKLE[1]}]{SHACKLE[0]}[/] {escape(text('terminal.legend.shackle', language))}",
            f"{tiles} {escape(text('terminal.legend.knights', language))}"]


def _players(view: Mapping[str, Any], compact: bool, language: str) -> list[str]:
    """One line per player: tile, colour, point, amulets, seals, ring, shackle, walled in, and who
    plays (the colour is padded to the longest in the language; the seals column only where the
    lines have room)."""
    lines = []
    to_move = view.get("to_move")
    walled = set(view.get("walled_in", []))
    knights = view.get("knights", [])
    names = [_colour(knight["colour"], language) for knight in knights]
    name_width = max((len(text(f"seat.{c}", language)) for c in COLOURS), default=6)
    for seat, (knight, name) in enumerate(zip(knights, names, strict=True)):
        colour, amulets = str(knight["colour"]), int(knight["amulets"])
        tile = f"[{KNIGHT_STYLE.get(colour, 'bold')}] {INITIAL.get(colour, '?')} [/]"
        seals = ", ".join(s.capitalize() for s in knight["seals"]) or text("terminal.seals.none", language)
        pad = 0 if compact else 21
        state = text("terminal.player", language, point=f"{escape(str(knight['at'])):<4}",
                     amulets=f"[bold]{'●' * amulets}{'○' * (3 - amulets)}[/]", seals=f"{seals:<{pad}}")
        line = f" {tile} [bold]{escape(name):<{name_width}}[/] {state}"
        for flag, style, key in ((knight.get("ring"), RING, "terminal.ring"),
                                 (knight.get("shackled"), SHACKLE, "terminal.shackled")):
            if flag:
                line += f"  [{style[1]}]{style[0]} {escape(text(key, language))}[/]"
        if colour in walled:
            line += f"  [{WALLED}]{escape(text('terminal.walled', language))}[/]"
        if seat == to_move:
            line += f"  [bold #ffaf00]{escape(text('terminal.to-play', language))}[/]"
        lines.append(line.rstrip())
    return lines


def _status(view: Mapping[str, Any], width: int, language: str) -> list[str]:
    """The ring, dice and cards, stones, round, knights walled in and what the game waits for."""
    def say(key: str, **args: Any) -> str:
        return escape(text(key, language, **args))

    ring = (say("terminal.ring.on", point=view["ring"]) if view.get("ring")
            else say("terminal.ring.carried", seat=_colour(view["ring_bearer"], language))
            if view.get("ring_bearer") else say("terminal.ring.down"))
    fight = view.get("last_fight")
    fought = (say("terminal.fight.won" if fight["won"] else "terminal.fight.lost", card=fight["card"],
                  roll=fight["roll"]) if fight else say("terminal.fight.none"))
    discard = view.get("discard", {})
    cards = " ".join(value for value, count in sorted(discard.items(), reverse=True) for _ in range(count))
    card = [say("terminal.card", card=view["card"])] if view.get("card") is not None else []
    lifted = [say("terminal.lifted", point=view["lifted"])] if view.get("lifted") else []
    groups = [
        [ring, fought, *card],
        [say("terminal.deck", count=view.get("deck", {}).get("cards", 0)),
         say("terminal.discard", cards=cards) if cards else say("terminal.discard.empty")],
        [say("terminal.stones", count=view.get("stones_left", 0)), *lifted,
         say("terminal.round", round=view.get("round", 1), rounds=view.get("max_turns", "?")),
         say("terminal.seals-win", count=view.get("seals_to_win", 3))],
    ]
    lines = [line for group in groups for line in wrap(group, width, " · ", indent=1)]
    walled = [_colour(colour, language) for colour in view.get("walled_in", [])]
    if walled:
        who = say("terminal.walled-in", names=walled, count=len(walled))
        why = say("terminal.walled-why", count=len(walled))
        lines += wrap([f"[{WALLED}]{who}[/] {why}"], width, indent=1, words=True)
    if view.get("last_action"):
        lines.append(f" {say('terminal.last')} [bold]{escape(str(view['last_action']))}[/]")
    result = view.get("result")
    if result:
        lines.append(f" [bold]{say('terminal.over')}[/] {escape(said(result, 'reason', language))}")
    else:
        waiting = say("terminal.waiting", waiting=said(view, "waiting_for", language))
        lines.append(f" [bold #ffaf00]{waiting}[/]")
    return lines
