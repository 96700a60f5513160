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
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from spielwerk.core.message import is_message_json, render_json
from spielwerk.core.textmap import Cell, escape, lattice, render
from spielwerk.games.drachenfels.board import BOARD, COLOURS, Board
from spielwerk.games.drachenfels.say import WORDS, card_name, say

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
_TAG = re.compile(r"(?<!\\)\[[a-z#/@][^\[\]]*\]")


Say = Callable[..., str]
"""A catalogue key and its arguments -> the text in the picture's language."""


def board_markup(view: Mapping[str, Any], language: str = "en") -> str:
    """The map of a Drachenfels view (`state.view(seat)`) with the knights, piles and the seat's secrets,
    its words in `language`."""

    def words(key: str, /, **args: Any) -> str:
        return WORDS.text(key, language, **args)

    grid = _lattice(BOARD)
    lines = _map(BOARD, view, grid) if grid is not None else _field_list(BOARD, view, words)
    lines += _legend(words)
    lines += _status(view, words, language)
    lines += _knights(view, words)
    lines += _table(view, words)
    lines += _secrets(view, words)
    return "\n".join(lines)


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


def _field_list(board: Board, view: Mapping[str, Any], words: Say) -> list[str]:
    """The board as a list: each field with its kind, what stands there and its neighbours."""
    marks = _marks(view)
    lines = []
    for f in range(board.size):
        here = render([*marks.get(board.names[f], ([], []))[0]])
        ways = " ".join(board.names[n] for n in board.neighbours[f])
        name = escape(board.names[f])
        kind = escape(words(f"kind.{board.kinds[f]}"))
        lines.append(f" [bold]{name:<3}[/] [grey62]{kind}[/] {here} ─ {escape(ways)}")
    return lines


def _legend(words: Say) -> list[str]:
    tiles = " ".join(f"[{KNIGHT_STYLE[c]}]{c[:1].upper()}[/]" for c in COLOURS)
    marks = [f"[{style}]{char}[/] {escape(words(f'terminal.{word}'))}" for (char, style), word in
             ((DRAGON, "dragon"), (STAR, "star"), (BRIDGE, "bridge"), (RAINBOW, "rainbow"))]
    kinds = [f"[{KIND_STYLE[kind]}]{letter}[/] {escape(words(f'kind.{kind}'))}" for letter, kind in (
        ("K", "castle"), ("S", "start"), ("R", "rainbow-rock"), ("C", "rock-castle"), ("X", "crossing"),
        ("H", "hole"), ("D", "dragon-rock"))]
    green = words("terminal.green-dot", green=f"[{KIND_STYLE['green']}]{escape(words('terminal.green'))}[/]")
    knights = f"{tiles} {escape(words('terminal.knights'))}"
    return _flow([knights, *marks, green], "  ", " ") + _flow(kinds, " ", " ")


def _status(view: Mapping[str, Any], words: Say, language: str) -> list[str]:
    """The round and what the game waits for (or how it ended)."""
    line = f" [bold]{escape(words('terminal.round', number=view.get('round', 1)))}[/]"
    result = view.get("result")
    if result:
        winner = view.get("winner")
        said: Any = result.get("reason_message") if isinstance(result, Mapping) else None
        if winner:
            end = words("terminal.won", seat=_tag(winner, words))
        elif is_message_json(said):
            end = escape(render_json(WORDS.catalogue(language), said, language))
        else:
            end = escape(words("terminal.drawn"))
        return [f"{line} · [bold]{escape(words('terminal.game-over'))}[/] {end}"]
    turn = view.get("turn")
    if turn:
        line += f" · {words('terminal.turn', seat=_tag(turn, words))}"
    waiting = textwrap.wrap(words("terminal.waiting", what=_waiting(view, language)), WIDTH - 1,
                            subsequent_indent="  ") or [""]
    return [line, *(f" [bold #ffaf00]{escape(part)}[/]" for part in waiting)]


def _waiting(view: Mapping[str, Any], language: str) -> str:
    """What the game waits for: the view's English, or its message in another language."""
    said: Any = view.get("waiting_for_message")
    if language != "en" and is_message_json(said):
        return render_json(WORDS.catalogue(language), said, language)
    return str(view.get("waiting_for", ""))


def _tag(colour: Any, words: Say) -> str:
    """A knight's colour as its seat's name, in its ink."""
    text = str(colour)
    return f"[{INK.get(text, 'bold')}]{escape(_name(text, words))}[/]"


def _name(colour: str, words: Say) -> str:
    """A seat's name for its knight's colour; other text as it is."""
    return words(f"seat.{colour}") if colour in COLOURS else colour


def _knights(view: Mapping[str, Any], words: Say) -> list[str]:
    """One line per knight: letter, colour, field, armour, double count, cards in hand, whose turn."""
    lines = []
    sizes, armour, double = view.get("hand_sizes", {}), view.get("armour", {}), view.get("double", {})
    names = {colour: _name(colour, words) for colour in view.get("knights", {})}
    wide = max(map(len, names.values()), default=0)
    worn = (words("terminal.armour"), words("terminal.no-armour"))
    doubled = words("terminal.double")
    for colour, field in view.get("knights", {}).items():
        tile = f"[{KNIGHT_STYLE.get(colour, 'bold')}] {colour[:1].upper()} [/]"
        where = words("terminal.on", field=f"{escape(str(field)):<3}")
        wear = worn[0] if armour.get(colour) else worn[1]
        count = doubled if double.get(colour) else ""
        text = (f" {tile} [bold]{escape(names[colour]):<{max(wide, 6)}}[/] {where} "
                f"{escape(wear):<{max(map(len, worn))}} {escape(count):<{max(len(doubled), 12)}}  "
                f"{escape(words('card.count', count=sizes.get(colour, 0)))}")
        if colour == view.get("seat"):
            text += f"  [dim]{escape(words('terminal.you'))}[/]"
        if colour == view.get("turn"):
            text += f"  [bold #ffaf00]{escape(words('terminal.to-play'))}[/]"
        lines.append(text.rstrip())
    return lines


def _names(items: Sequence[str], words: Say) -> str:
    return ", ".join(escape(str(item)) for item in items) if items else escape(words("terminal.none"))


def _table(view: Mapping[str, Any], words: Say) -> list[str]:
    """The piles, the pieces everyone sees, and who looked at which rock castle."""
    discard = view.get("discard", [])
    piles = [escape(words("terminal.draw-pile", cards=say("card.count", count=view.get("deck", 0)))),
             escape(words("terminal.discard-pile", cards=say("card.count", count=len(discard))))]
    if discard:
        piles[-1] = words("terminal.discard-top", pile=piles[-1], card=_bold_card(discard[-1], words))
    if view.get("top"):
        piles.append(words("terminal.top-taken", card=_bold_card(view["top"], words)))
    rainbows = [f"{rock}-{end}" for rock, end in view.get("rainbows", [])]
    pieces = [words("terminal.rainbows", names=_names(rainbows, words)),
              words("terminal.bridges", names=_names(view.get("bridges", []), words)),
              words("terminal.dragons", names=_names(view.get("dragons", []), words))]
    if view.get("rainbow_open"):
        pieces.append(escape(words("terminal.rainbow-open")))
    looked = [
        words("terminal.looked-by", castle=escape(castle), seats=", ".join(_tag(c, words) for c in seats))
        for castle, seats in view.get("looked", {}).items()
    ] or [escape(words("terminal.looked-none"))]
    looked[0] = words("terminal.looked", first=looked[0])
    return _flow(piles) + _flow(pieces) + _flow(looked)


def _bold_card(name: Any, words: Say) -> str:
    return f"[bold]{escape(_card_word(name, words))}[/]"


def _card_word(name: Any, words: Say) -> str:
    """A card's name from a view ("dragon") in the picture's language."""
    named = card_name(str(name))
    return named if isinstance(named, str) else words(named.key)


def _flow(parts: Sequence[str], joint: str = " · ", indent: str = "   ") -> list[str]:
    """The parts joined by `joint`, going on in a further line (after `indent`) where a line would pass
    WIDTH columns."""
    lines = [f" {parts[0]}"]
    for part in parts[1:]:
        if _visible(lines[-1]) + len(joint) + _visible(part) > WIDTH:
            lines.append(f"{indent}{part}")
        else:
            lines[-1] += f"{joint}{part}"
    return lines


def _visible(markup: str) -> int:
    """How many columns markup takes once printed (its tags left out, escaped brackets as one)."""
    return len(_TAG.sub("", markup).replace("\\[", "["))


def _card(name: str, words: Say) -> str:
    word = escape(_card_word(name, words))
    return f"[bold]{word}[/]" if name.isdigit() else f"[{MAGIC_STYLE}]{word}[/]"


def _secrets(view: Mapping[str, Any], words: Say) -> list[str]:
    """What this seat alone knows: its hand, others' cards it saw, the princesses it saw."""
    lines = []
    seat, hand = view.get("seat"), view.get("hand")
    if seat is not None and hand is not None:
        cards = " ".join(_card(name, words) for name in hand) if hand else escape(words("terminal.no-cards"))
        lines.append(f" {words('terminal.hand', seat=_tag(seat, words), cards=cards)}")
    for colour, known in view.get("known", {}).items():
        cards = " ".join(_card(name, words) for name in known)
        lines.append(f" {words('terminal.known', seat=_tag(colour, words), cards=cards)}")
    princesses = view.get("princesses", {})
    if princesses:
        seen = " · ".join(words("terminal.princess", castle=escape(castle), seat=_tag(colour, words))
                          for castle, colour in princesses.items())
        mine = seat is not None and not view.get("result")
        key = "terminal.princesses-seen" if mine else "terminal.princesses"
        lines.append(f" {words(key, seen=seen)}")
    return lines
