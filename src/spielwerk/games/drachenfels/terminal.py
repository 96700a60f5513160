"""The Drachenfels board drawn for a terminal, as rich console markup (this module never imports rich).

The board file puts its fields on an integer lattice and its paths join lattice neighbours, so the
map is a character grid: each field is a cell with its name (styled by its kind), then what stands
there (a knight's letter on its colour, a dragon ▲) and a mark where there is room (* a star,
= a bridge, ~ a rainbow's foot), joined to its neighbours by ─ │ ╲ ╱. A board off the lattice is
listed field by field. Under the map: the round and what the game waits for, each knight, the
piles, rainbows, bridges and dragons, the rock castles, and only what the view holds of secrets:
the seat's own hand, the cards it knows others hold, the princesses it has seen.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from spielwerk.core.textmap import Cell, escape, lattice, render
from spielwerk.games.drachenfels.board import BOARD, COLOURS, Board

CELL, PITCH = 3, 4
"""A field's cell is CELL characters wide; a column of the lattice takes PITCH characters."""
MAX_WIDTH = 100
WIDTH = 80
"""The lines under the map go on in a further line rather than pass this many columns."""
LINE = "grey50"
KIND_STYLE = {"castle": "bold #ffd700", "start": "bold", "rainbow-rock": "bold #c080ff",
              "rock-castle": "bold bright_white", "crossing": "#ff6060", "hole": "#ff6060",
              "dragon-rock": "#ff8c40", "star": "bold #ffd700", "green": "#8fc46a", "land": "grey70"}
KNIGHT_STYLE = {"red": "bold white on #d8352a", "blue": "bold white on #2f6fd6",
                "yellow": "bold black on #f3c622", "green": "bold black on #2fa04a"}
INK = {"red": "#ff6050", "blue": "#6fa8ff", "yellow": "#f3c622", "green": "#50c060"}
DRAGON = ("▲", "bold #ff4040")
STAR = ("*", "bold #ffd700")
BRIDGE = ("=", "bold #d2a060")
RAINBOW = ("~", "bold #c080ff")
MAGIC_STYLE = "#c080ff"
MOVE_LABELS: tuple[tuple[str, str], ...] = (
    (r"([1-9][0-9]?) ", "card {0} → field"),
    (r"[a-z]+ (\S+)>", "{0} →"),
    (r"[a-z]+ ([a-z]+) ", "{0} →"),
    (r"take ", "take a card from"),
    (r"bridge -", "remove"),
    (r"rainbow -", "remove"),
)
"""Names in the move list of the actions beginning so, as (a regular expression the whole prefix
matches, the name with `{0}` for its group); the first that matches names it. Plain data, so that the
web page applies the same table (the expressions read alike in Python and JavaScript)."""
_LABELS = tuple((re.compile(pattern), label) for pattern, label in MOVE_LABELS)
_TAG = re.compile(r"(?<!\\)\[[a-z#/@][^\[\]]*\]")


def board_markup(view: Mapping[str, Any]) -> str:
    """The map of a Drachenfels view (`state.view(seat)`) with the knights, piles and the seat's secrets."""
    grid = _lattice(BOARD)
    lines = _map(BOARD, view, grid) if grid is not None else _field_list(BOARD, view)
    lines += _legend()
    lines += _status(view)
    lines += _knights(view)
    lines += _table(view)
    lines += _secrets(view)
    return "\n".join(lines)


def move_label(prefix: str) -> str | None:
    """What the terminal's numbered list of legal actions calls those whose texts begin with `prefix`.

    `3 ` (point card 3, then the field the knight ends on) is "card 3 → field"; `dragon C4>` (from C4
    to a field) is "C4 →", `cloud blue ` (blue's knight to a start field) "blue →", `bridge -` "remove".
    None for the rest: the list shows their prefix.
    """
    for pattern, label in _LABELS:
        found = pattern.fullmatch(prefix)
        if found:
            return label.format(*found.groups())
    return None


def _lattice(board: Board) -> dict[tuple[int, int], int] | None:
    """Each place by its lattice place, or None when the board does not sit on a small lattice."""
    return lattice(board.xy, board.paths, lambda columns: columns * PITCH, MAX_WIDTH)


def _map(board: Board, view: Mapping[str, Any], grid: dict[tuple[int, int], int]) -> list[str]:
    """The character grid: a row of cells per lattice row, a row of connectors between."""
    columns, rows = max(c for c, _ in grid) + 1, max(r for _, r in grid) + 1
    width = columns * PITCH
    place = {f: cr for cr, f in grid.items()}
    canvas = [[(" ", "") for _ in range(width)] for _ in range(2 * rows - 1)]
    east: set[int] = set()
    for a, b in board.paths:
        (ca, ra), (cb, rb) = sorted((place[a], place[b]), key=lambda cr: (cr[1], cr[0]))
        if ra == rb:
            east.add(grid[(min(ca, cb), ra)])
            canvas[2 * ra][min(ca, cb) * PITCH + CELL] = ("─", LINE)
        elif ca == cb:
            canvas[2 * ra + 1][ca * PITCH] = ("│", LINE)
        else:
            column = min(ca, cb) * PITCH + CELL
            here = canvas[2 * ra + 1][column][0]
            char = "╲" if cb > ca else "╱"
            canvas[2 * ra + 1][column] = ("╳" if here not in (" ", char) else char, LINE)
    marks = _marks(view)
    for (c, r), f in grid.items():
        room = CELL
        if f not in east:  # a cell may run on over empty lattice places to its right
            free = next((k for k in range(1, columns - c) if (c + k, r) in grid), columns - c)
            room = max(CELL, free * PITCH - 1)
        content = _cell(board, f, marks.get(board.names[f], ([], [])), room)
        if f in east:
            content += [("─", LINE)] * (CELL - len(content))
        canvas[2 * r][c * PITCH : c * PITCH + len(content)] = content
    return [" " + render(row) for row in canvas]


def _marks(view: Mapping[str, Any]) -> dict[str, tuple[list[Cell], list[Cell]]]:
    """Per field: what stands there (knights, a dragon) and the marks shown where there is room."""
    found: dict[str, tuple[list[Cell], list[Cell]]] = {}
    for colour, field in view.get("knights", {}).items():
        found.setdefault(field, ([], []))[0].append((colour[:1].upper(), KNIGHT_STYLE.get(colour, "bold")))
    for field in view.get("dragons", []):
        found.setdefault(field, ([], []))[0].append(DRAGON)
    for field in view.get("bridges", []):
        found.setdefault(field, ([], []))[1].append(BRIDGE)
    for rock, _ in view.get("rainbows", []):
        found.setdefault(rock, ([], []))[1].append(RAINBOW)
    for star in BOARD.stars:
        found.setdefault(BOARD.names[star], ([], []))[1].append(STAR)
    return found


def _cell(board: Board, field: int, marks: tuple[list[Cell], list[Cell]], room: int) -> list[Cell]:
    """A field's cell: its name, what stands there, then its marks; crowded: marks go, then the name."""
    kind = board.kinds[field]
    style = KIND_STYLE.get(kind, "")
    if kind == "start":
        style = f"bold {INK[COLOURS[board.starts.index(field)]]}"
    name = [(char, style) for char in board.names[field]]
    occupants, extras = marks
    for cells in (name + occupants + extras, name + occupants, occupants):
        if len(cells) <= room:
            return cells
    return occupants[:room]


def _field_list(board: Board, view: Mapping[str, Any]) -> list[str]:
    """The board as a list: each field with its kind, what stands there and its neighbours."""
    marks = _marks(view)
    lines = []
    for f in range(board.size):
        here = render([*marks.get(board.names[f], ([], []))[0]])
        ways = " ".join(board.names[n] for n in board.neighbours[f])
        name = escape(board.names[f])
        lines.append(f" [bold]{name:<3}[/] [grey62]{board.kinds[f]}[/] {here} ─ {escape(ways)}")
    return lines


def _legend() -> list[str]:
    tiles = " ".join(f"[{KNIGHT_STYLE[c]}]{c[:1].upper()}[/]" for c in COLOURS)
    marks = "  ".join(f"[{style}]{char}[/] {word}" for (char, style), word in
                      ((DRAGON, "dragon"), (STAR, "star"), (BRIDGE, "bridge"), (RAINBOW, "rainbow")))
    kinds = " ".join(f"[{KIND_STYLE[kind]}]{letter}[/] {word}" for letter, kind, word in (
        ("K", "castle", "castle"), ("S", "start", "start"), ("R", "rainbow-rock", "rainbow rock"),
        ("C", "rock-castle", "rock castle"), ("X", "crossing", "crossing"), ("H", "hole", "hole"),
        ("D", "dragon-rock", "dragon rock")))
    return [f" {tiles} knights  {marks}  [{KIND_STYLE['green']}]green[/] dragon may land", f" {kinds}"]


def _status(view: Mapping[str, Any]) -> list[str]:
    """The round and what the game waits for (or how it ended)."""
    line = f" [bold]Round {view.get('round', 1)}[/]"
    if view.get("result"):
        winner = view.get("winner")
        end = (f"{_tag(winner)} found his princess and wins" if winner
               else "a draw: the round limit is reached")
        return [f"{line} · [bold]Game over:[/] {end}"]
    turn = view.get("turn")
    if turn:
        line += f" · {_tag(turn)}'s turn"
    return [line, f" [bold #ffaf00]waiting for {escape(str(view.get('waiting_for', '')))}[/]"]


def _tag(colour: Any) -> str:
    text = str(colour)
    return f"[{INK.get(text, 'bold')}]{escape(text)}[/]"


def _knights(view: Mapping[str, Any]) -> list[str]:
    """One line per knight: letter, colour, field, armour, double count, cards in hand, whose turn."""
    lines = []
    sizes, armour, double = view.get("hand_sizes", {}), view.get("armour", {}), view.get("double", {})
    for colour, field in view.get("knights", {}).items():
        tile = f"[{KNIGHT_STYLE.get(colour, 'bold')}] {colour[:1].upper()} [/]"
        worn = "armour" if armour.get(colour) else "no armour"
        count = "double count" if double.get(colour) else ""
        text = (f" {tile} [bold]{colour:<6}[/] on {escape(str(field)):<3} {worn:<9} {count:<12}  "
                f"{_count(sizes.get(colour, 0), 'card')}")
        if colour == view.get("seat"):
            text += "  [dim](you)[/]"
        if colour == view.get("turn"):
            text += "  [bold #ffaf00]◀ to play[/]"
        lines.append(text.rstrip())
    return lines


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


def _names(items: Sequence[str]) -> str:
    return ", ".join(escape(str(item)) for item in items) if items else "none"


def _table(view: Mapping[str, Any]) -> list[str]:
    """The piles, the pieces everyone sees, and who looked at which rock castle."""
    discard = view.get("discard", [])
    piles = [f"draw pile {_count(view.get('deck', 0), 'card')}",
             f"discard pile {_count(len(discard), 'card')}"]
    if discard:
        piles[-1] += f", top [bold]{escape(str(discard[-1]))}[/]"
    if view.get("top"):
        piles.append(f"the top discard taken: [bold]{escape(str(view['top']))}[/]")
    rainbows = [f"{rock}-{end}" for rock, end in view.get("rainbows", [])]
    pieces = [f"rainbows {_names(rainbows)}", f"bridges {_names(view.get('bridges', []))}",
              f"dragons on {_names(view.get('dragons', []))}"]
    if view.get("rainbow_open"):
        pieces.append("rainbows may reach rock castles")
    looked = [f"{escape(castle)} by {', '.join(_tag(c) for c in seats)}"
              for castle, seats in view.get("looked", {}).items()] or ["none yet"]
    looked[0] = f"rock castles looked at: {looked[0]}"
    return _flow(piles) + _flow(pieces) + _flow(looked)


def _flow(parts: Sequence[str]) -> list[str]:
    """The parts joined by ` · `, going on in a further line where a line would pass WIDTH columns."""
    lines = [f" {parts[0]}"]
    for part in parts[1:]:
        if _visible(lines[-1]) + 3 + _visible(part) > WIDTH:
            lines.append(f"   {part}")
        else:
            lines[-1] += f" · {part}"
    return lines


def _visible(markup: str) -> int:
    """How many columns markup takes once printed (its tags left out, escaped brackets as one)."""
    return len(_TAG.sub("", markup).replace("\\[", "["))


def _card(name: str) -> str:
    return f"[bold]{escape(name)}[/]" if name.isdigit() else f"[{MAGIC_STYLE}]{escape(name)}[/]"


def _secrets(view: Mapping[str, Any]) -> list[str]:
    """What this seat alone knows: its hand, others' cards it saw, the princesses it saw."""
    lines = []
    seat, hand = view.get("seat"), view.get("hand")
    if seat is not None and hand is not None:
        cards = " ".join(_card(name) for name in hand) if hand else "no cards"
        lines.append(f" [bold]your hand[/] ({_tag(seat)}): {cards}")
    for colour, known in view.get("known", {}).items():
        lines.append(f" you know {_tag(colour)} holds: {' '.join(_card(name) for name in known)}")
    princesses = view.get("princesses", {})
    if princesses:
        seen = " · ".join(f"{escape(castle)}: {_tag(colour)}'s" for castle, colour in princesses.items())
        words = "princesses you have seen" if seat is not None and not view.get("result") else "princesses"
        lines.append(f" {words}: {seen}")
    return lines
