"""The Grani board drawn for a terminal, as rich console markup (this module never imports rich).

The board file puts its points on an integer lattice and its lines join lattice neighbours, so the
map is a character grid: each point is a cell with a mark of its kind, its name (coloured by its
kingdom) and what stands there (a knight's tile, the ring, an obstacle stone), joined to its
neighbours by ─ │ ╲ ╱. A board off the lattice is listed point by point with its neighbours.
Under the map: the legend, each player's amulets, seals, ring and shackle, and the game's state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spielwerk.core.textmap import Cell, escape, lattice, render
from spielwerk.games.grani.board import BOARD, KINGDOMS, Board

CELL, GAP = 6, 3
"""A point's cell is CELL characters wide; GAP characters of line join it to the next column."""
MAX_WIDTH = 110
LINE = "grey50"
MARKS = {"black": ("·", "grey62"), "exile": ("○", "bold bright_white"), "city": ("♜", "bold #f0c060"),
         "dragon": ("▲", "bold #ff5040"), "magic": ("◆", "bold #c080ff"), "sword": ("†", "bold #80e0e0"),
         "crystal": ("◎", "bold #8cc8f2")}
"""Each kind of point: its mark and the mark's style."""
STONE = ("■", "bold grey70")
RING = ("¤", "bold #ffd700")
SHACKLE = ("∞", "bold #ff8c40")
KINGDOM_STYLE = {"tirad": "#e08a70", "urgad": "#8fc46a", "galad": "#6fa8e0", "elgad": "#e0c050",
                 "exile": "bright_white"}
KNIGHT_STYLE = {"yellow": "bold black on #f3c622", "blue": "bold white on #2f6fd6",
                "red": "bold white on #d8352a", "white": "bold black on #ffffff",
                "green": "bold black on #2fa04a", "black": "bold #ffffff on #000000"}
INITIAL = {"yellow": "Y", "blue": "B", "red": "R", "white": "W", "green": "G", "black": "K"}
"""A knight's letter on its tile (K for black, as G is green)."""
LEGEND = (("black", "black point"), ("exile", "exile point"), ("city", "city"), ("dragon", "dragon"),
          ("magic", "magic stone"), ("sword", "sword in the stone"), ("crystal", "crystal ball"))



def board_markup(view: Mapping[str, Any]) -> str:
    """The map of a Grani view (`state.view(seat)`) with the legend, the players and the game's state."""
    grid = _lattice(BOARD)
    lines = _map(BOARD, view, grid) if grid is not None else _neighbour_list(BOARD, view)
    lines += _legend()
    lines += _players(view)
    lines += _status(view)
    return "\n".join(lines)


def _lattice(board: Board) -> dict[tuple[int, int], int] | None:
    """Each place by its lattice place, or None when the board does not sit on a small lattice."""
    return lattice(board.xy, board.lines, lambda columns: 1 + columns * (CELL + GAP) - GAP, MAX_WIDTH)


def _map(board: Board, view: Mapping[str, Any], grid: dict[tuple[int, int], int]) -> list[str]:
    """The character grid: a row of cells per lattice row, a row of connectors between."""
    columns, rows = max(c for c, _ in grid) + 1, max(r for _, r in grid) + 1
    width = 1 + columns * (CELL + GAP) - GAP
    place = {p: (c, r) for (c, r), p in grid.items()}
    canvas = [[(" ", "") for _ in range(width)] for _ in range(2 * rows - 1)]
    pitch = CELL + GAP
    for a, b in board.lines:
        (ca, ra), (cb, rb) = sorted((place[a], place[b]), key=lambda cr: (cr[1], cr[0]))
        if ra == rb:
            for i in range(GAP):
                canvas[2 * ra][1 + min(ca, cb) * pitch + CELL + i] = ("─", LINE)
        elif ca == cb:
            canvas[2 * ra + 1][1 + ca * pitch + 2] = ("│", LINE)
        else:
            column = 1 + min(ca, cb) * pitch + CELL + GAP // 2
            here = canvas[2 * ra + 1][column][0]
            char = "╲" if cb > ca else "╱"
            canvas[2 * ra + 1][column] = ("╳" if here not in (" ", char) else char, LINE)
    occupants = _occupants(view)
    for (c, r), p in grid.items():
        start = 1 + c * pitch
        canvas[2 * r][start:start + CELL] = _cell(board, p, occupants.get(board.names[p], []))
    lines = _kingdom_names(board, place, width, top=True)
    lines += [render(row) for row in canvas]
    lines += _kingdom_names(board, place, width, top=False)
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


def _cell(board: Board, p: int, occupant: list[Cell]) -> list[Cell]:
    """A point's cell: its mark, its name, then what stands there; crowded cells give up the name."""
    mark = MARKS.get(board.kind[p], ("?", ""))
    name = [(char, f"bold {KINGDOM_STYLE[board.kingdom_name(p)]}") for char in board.names[p]]
    cells = [mark, *name]
    if len(cells) + len(occupant) > CELL:
        cells = [mark] if len(occupant) < CELL else []
    cells += occupant
    return (cells + [(" ", "")] * CELL)[:CELL]


def _kingdom_names(board: Board, place: dict[int, tuple[int, int]], width: int, *, top: bool) -> list[str]:
    """A line naming the kingdoms that touch the map's top (or bottom) edge, over their columns."""
    edge = 0 if top else max(r for _, r in place.values())
    line = [(" ", "")] * width
    found = False
    for kingdom in KINGDOMS:
        spots = [place[p] for p in range(board.size) if board.kingdom_name(p) == kingdom]
        if not spots or edge not in {r for _, r in spots}:
            continue
        centre = 1 + (min(c for c, _ in spots) + max(c for c, _ in spots)) * (CELL + GAP) // 2 + CELL // 2
        text = " ".join(kingdom.upper())
        start = max(0, min(width - len(text), centre - len(text) // 2))
        line[start:start + len(text)] = [(char, f"bold {KINGDOM_STYLE[kingdom]}") for char in text]
        found = True
    return [render(line)] if found else []


def _neighbour_list(board: Board, view: Mapping[str, Any]) -> list[str]:
    """The board as a list: each point with its kind, kingdom, what stands there and its neighbours."""
    occupants = _occupants(view)
    lines = []
    for p in range(board.size):
        char, style = MARKS.get(board.kind[p], ("?", ""))
        here = render(occupants.get(board.names[p], []))
        ways = " ".join(board.names[n] for n in board.neighbours[p])
        lines.append(f" [{style}]{char}[/] [bold]{escape(board.names[p]):<4}[/] "
                     f"[grey62]{board.kingdom_name(p)} {board.kind[p]}[/] {here} ─ {escape(ways)}")
    return lines


def _legend() -> list[str]:
    words = [f"[{MARKS[kind][1]}]{MARKS[kind][0]}[/] {text}" for kind, text in LEGEND]
    tiles = " ".join(f"[{KNIGHT_STYLE[c]}]{INITIAL[c]}[/]" for c in INITIAL)
    more = [f"[{STONE[1]}]{STONE[0]}[/] obstacle stone",
            f"[{RING[1]}]{RING[0]}[/] the ring (after a knight: it carries it)",
            f"[{SHACKLE[1]}]{SHACKLE[0]}[/] shackle", f"{tiles} knights"]
    return [" " + "  ".join(words), " " + "  ".join(more)]


def _players(view: Mapping[str, Any]) -> list[str]:
    """One line per player: tile, colour, point, amulets, seals, ring, shackle, and who plays."""
    lines = []
    to_move = view.get("to_move")
    for seat, knight in enumerate(view.get("knights", [])):
        colour, amulets = str(knight["colour"]), int(knight["amulets"])
        tile = f"[{KNIGHT_STYLE.get(colour, 'bold')}] {INITIAL.get(colour, '?')} [/]"
        seals = ", ".join(s.capitalize() for s in knight["seals"]) or "none"
        text = (f" {tile} [bold]{colour:<6}[/] at {escape(str(knight['at'])):<4} "
                f"amulets [bold]{'●' * amulets}{'○' * (3 - amulets)}[/]  seals: {seals:<21}")
        if knight.get("ring"):
            text += f"  [{RING[1]}]{RING[0]} ring[/]"
        if knight.get("shackled"):
            text += f"  [{SHACKLE[1]}]{SHACKLE[0]} shackled[/]"
        if seat == to_move:
            text += "  [bold #ffaf00]◀ to play[/]"
        lines.append(text.rstrip())
    return lines


def _status(view: Mapping[str, Any]) -> list[str]:
    """The ring, dice and cards, stones, round and what the game waits for."""
    ring = (f"on {view['ring']}" if view.get("ring") else f"carried by {view['ring_bearer']}"
            if view.get("ring_bearer") else "about to be put down")
    fight = view.get("last_fight")
    fought = (f"card {fight['card']}, roll {fight['roll']}: {'won' if fight['won'] else 'lost'}"
              if fight else "none yet")
    discard = view.get("discard", {})
    cards = " ".join(value for value, count in sorted(discard.items(), reverse=True) for _ in range(count))
    lines = [
        f" ring {escape(ring)} · last dragon fight: {fought}"
        + (f" · card turned up: {view['card']}" if view.get("card") is not None else ""),
        f" dragon deck {view.get('deck', {}).get('cards', 0)} cards · discard pile: {cards or 'empty'}",
        f" obstacle stones left {view.get('stones_left', 0)}"
        + (f" · a stone lifted from {escape(view['lifted'])} waits" if view.get("lifted") else "")
        + f" · round {view.get('round', 1)} of {view.get('max_turns', '?')}"
        + f" · {view.get('seals_to_win', 3)} seals of different cities win",
    ]
    if view.get("last_action"):
        lines.append(f" last action [bold]{escape(str(view['last_action']))}[/]")
    result = view.get("result")
    if result:
        lines.append(f" [bold]Game over:[/] {escape(str(result['reason']))}")
    else:
        lines.append(f" [bold #ffaf00]waiting for {escape(str(view.get('waiting_for', '')))}[/]")
    return lines
