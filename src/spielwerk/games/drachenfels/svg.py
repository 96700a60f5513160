"""Drachenfels pictures as SVG: a pure function from a view (`state.view(seat)`) to a standalone picture.

`draw` paints the board (the lake with the castle island, paths, every field with its name and its
kind), then the public state (rainbows, bridges, dragons, the last turn's moves in the colour of the
knight who made them, who looked where, the knights), then what
only the viewing seat knows (the princesses it has seen; the others are a neutral "?"), and beside
the board a panel with whose turn it is, the winner, the knights and a legend. Fields are placed by
the board's x/y, scaled so the nearest two are one UNIT apart. Elements carry a class and `data-*`
attributes (never ids, so several pictures can share a page) that tests and scripts can read; every
field carries `data-target="<its name in the notation>"`, which the board page turns clicks on into moves.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from spielwerk.core.message import is_message_json, render_json
from spielwerk.games.drachenfels.board import BOARD, COLOURS, Board
from spielwerk.games.drachenfels.say import WORDS, card_name, colour_name

UNIT = 46.0
"""The distance between the two nearest fields, in the picture's units."""
MARGIN, PANEL = 40.0, 300.0
LETTER, MIN_SIZE = 0.52, 8.0
"""About how wide a letter of the panel's font is, in ems; the smallest size a line is fitted to."""
FONT = 'font-family="DejaVu Sans, Verdana, sans-serif"'
MEADOW, INK, WATER, SHORE = "#eef2df", "#3a3026", "#9fcbe8", "#5d8fb3"
KNIGHT = {
    "red": ("#d3362d", "#5a100b"),
    "blue": ("#2f6bd8", "#0e2552"),
    "yellow": ("#f2c81d", "#5a4600"),
    "green": ("#2f9a4c", "#0c3a18"),
}
"""Each knight's fill and outline."""
RAINBOW = (("#e53935", 11.0), ("#fb8c00", 8.8), ("#fdd835", 6.6), ("#43a047", 4.4), ("#1e88e5", 2.2))
"""A rainbow's bands, outermost first: colour and stroke width."""
ROCK = '<path d="M-9,6L-7,-3L-2,-8L5,-7L9,-1L8,7L0,9Z" fill="#9a968c" stroke="#45423c" stroke-width="1.2"/>'
# A field's hit area: a transparent disc as wide as the distance to its nearest neighbour (in the
# field's own units, scaled by UNIT / 40), so a click near a field takes it and never its neighbour.
HIT = '<circle class="hit" r="20" fill="transparent"/>'
GLYPHS = {
    "land": '<circle r="4" fill="#fffdf6" stroke="{ink}" stroke-width="1.6"/>',
    "green": '<circle r="5" fill="#fffdf6" stroke="{ink}" stroke-width="1.6"/><circle r="3" fill="#4f9d2d"/>',
    "star": '<path d="M0,-9L2.6,-3.2L8.6,-2.8L4,1.2L5.4,7.4L0,4.1L-5.4,7.4L-4,1.2L-8.6,-2.8L-2.6,-3.2Z" '
    'fill="#f3b90f" stroke="#7a5a00" stroke-width="1"/>',
    "dragon-rock": ROCK + '<path d="M-4,-2L0,-5L4,-2M-3,3L3,3" stroke="#2e2c28" stroke-width="1.2" '
    'fill="none"/>',
    "rainbow-rock": ROCK + '<path d="M-6,2A6,6 0 0 1 6,2" stroke="#e53935" stroke-width="1.8" fill="none"/>'
    '<path d="M-4,2A4,4 0 0 1 4,2" stroke="#fdd835" stroke-width="1.8" fill="none"/>'
    '<path d="M-2,2A2,2 0 0 1 2,2" stroke="#1e88e5" stroke-width="1.8" fill="none"/>',
    "rock-castle": ROCK + '<path d="M-5,5V-5H-3V-3H-1V-5H1V-3H3V-5H5V5Z" fill="#d8cfc0" stroke="#3a3026" '
    'stroke-width="1"/><path d="M-1.3,5V2A1.3,1.3 0 0 1 1.3,2V5Z" fill="#3a3026"/>',
    "castle": '<circle r="19" fill="#e9d7a4" stroke="#a88d4f" stroke-width="1.4"/>'
    '<path d="M-8,7V-4H-6V-8H-3V-4H-1.5V-9H1.5V-4H3V-8H6V-4H8V7Z" fill="#f7f1e3" stroke="#3a3026" '
    'stroke-width="1"/><path d="M-2,7V2A2,2 0 0 1 2,2V7Z" fill="#3a3026"/>'
    '<path d="M0,-9V-13L4,-11.5L0,-10" fill="#d3362d" stroke="#3a3026" stroke-width="0.6"/>',
    "crossing": '<rect x="-4.5" y="-9" width="9" height="18" rx="2" fill="'
    + WATER
    + '" stroke="'
    + SHORE
    + '" stroke-width="1.2" stroke-dasharray="2 1.5"/>',
    "hole": '<ellipse rx="4.5" ry="8" fill="#3b2a1a" stroke="#8a6a44" stroke-width="1.4" '
    'stroke-dasharray="2 1.5"/>',
}
"""Each kind of field drawn in a 20×20 box around (0, 0); crossings and holes lie across their path."""
DRAGON = (
    '<path d="M-10,6C-7,0-8,-5-3,-8L-1,-3L3,-10L4,-3L9,-7L7,1C10,4 8,8 3,8C1,5-2,6-4,9Z" '
    'fill="#6d1b1b" stroke="#240606" stroke-width="1"/><circle cx="4.6" cy="2.6" r="1.2" fill="#ffd23f"/>'
)
BRIDGE = (
    '<rect x="-10" y="-4.2" width="20" height="8.4" rx="1" fill="#9a6534" stroke="#3f250d" '
    'stroke-width="1"/><path d="M-5,-4.2V4.2M0,-4.2V4.2M5,-4.2V4.2" stroke="#3f250d" stroke-width="0.8"/>'
)
PRINCESS = (
    '<circle cy="-5" r="2.6" fill="#f6dcc3" stroke="#3a3026" stroke-width="0.7"/>'
    '<path d="M-4.5,5L-1.6,-2.4H1.6L4.5,5Z" fill="{fill}" stroke="#3a3026" stroke-width="0.7"/>'
)
LEGEND = (
    *("castle", "start", "rainbow-rock", "rock-castle", "crossing"),
    *("hole", "star", "dragon-rock", "green", "land"),
)
"""The kinds of field the legend shows, in order (their words: `svg.legend.<kind>`)."""


def draw(view: Mapping[str, Any], board: Board = BOARD, language: str = "en") -> str:
    """The SVG text of a Drachenfels view: the board, the pieces, this seat's secrets and a panel, its
    words in `language`."""
    words = _Words(language)
    spot = _layout(board)
    board_w = max(x for x, _ in spot) + MARGIN
    height = max(max(y for _, y in spot) + MARGIN, 640.0)
    width = board_w + PANEL
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_n(width)}" height="{_n(height)}" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" data-hit="{_n(UNIT)}">',
        f"<title>{escape(_caption(view, words))}</title>",
        f'<rect width="{_n(width)}" height="{_n(height)}" fill="{MEADOW}"/>',
    ]
    parts += _water(board, spot)
    parts += [
        f'<line class="path" data-from="{board.names[a]}" data-to="{board.names[b]}" '
        f'x1="{_n(spot[a][0])}" y1="{_n(spot[a][1])}" x2="{_n(spot[b][0])}" y2="{_n(spot[b][1])}" '
        f'stroke="#8b7355" stroke-width="3" stroke-linecap="round"/>'
        for a, b in board.paths
    ]
    parts += [_field(board, i, spot) for i in range(board.size)]
    parts += _rainbows(view, board, spot)
    parts += [
        _at(board, spot, "bridge", name, BRIDGE, _angle(board, spot, board.field(name)))
        for name in _list(view, "bridges")
    ]
    parts += [_at(board, spot, "dragon", name, DRAGON) for name in _list(view, "dragons")]
    parts += _last_move(view, board, spot)
    parts += _looked(view, board, spot)
    parts += _knights(view, board, spot)
    parts += _princesses(view, board, spot)
    parts += [_label(board, i, spot[i]) for i in range(board.size)]
    parts += _panel(view, board_w, words)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _n(value: float) -> str:
    """A number as short, deterministic SVG text."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _list(view: Mapping[str, Any], key: str) -> list[Any]:
    return list(view.get(key) or [])


def _map(view: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    found = view.get(key) or {}
    return found if isinstance(found, Mapping) else {}


class _Words:
    """The picture's words in one language: a key and its arguments -> text, seats and cards by name."""

    def __init__(self, language: str) -> None:
        self.language = language

    def __call__(self, key: str, /, **args: Any) -> str:
        return WORDS.text(key, self.language, **args)

    def seat(self, colour: Any) -> str:
        named = colour_name(str(colour))
        return named if isinstance(named, str) else named.render(self.language)

    def card(self, kind: Any) -> str:
        named = card_name(str(kind))
        return named if isinstance(named, str) else named.render(self.language)

    def message(self, said: Any) -> str:
        return render_json(WORDS.catalogue(self.language), said, self.language)


def _caption(view: Mapping[str, Any], words: _Words) -> str:
    if view.get("winner"):
        return words("svg.title.won", seat=words.seat(view["winner"]))
    if view.get("turn"):
        return words("svg.title.turn", seat=words.seat(view["turn"]))
    return words("game.name")


def _layout(board: Board) -> list[tuple[float, float]]:
    """Each field's place in the picture: x/y scaled so the nearest two fields are UNIT apart."""
    xy = board.xy
    nearest = min((math.dist(xy[a], xy[b]) for a in range(len(xy)) for b in range(a)), default=1.0) or 1.0
    scale = UNIT / nearest
    left, top = min(x for x, _ in xy), min(y for _, y in xy)
    return [(MARGIN + (x - left) * scale, MARGIN + (y - top) * scale) for x, y in xy]


def _water(board: Board, spot: list[tuple[float, float]]) -> list[str]:
    """The lake around the castle island and a moat around each rock castle."""
    kx, ky = spot[board.castle]
    shore = min(math.dist(spot[board.castle], spot[i]) for i in range(board.size) if i != board.castle)
    parts = [
        f'<circle class="lake" cx="{_n(kx)}" cy="{_n(ky)}" r="{_n(shore - UNIT * 0.55)}" fill="{WATER}" '
        f'stroke="{SHORE}" stroke-width="2"/>'
    ]
    for castle in board.rock_castles:
        x, y = spot[castle]
        parts.append(
            f'<circle class="moat" cx="{_n(x)}" cy="{_n(y)}" r="{_n(UNIT * 0.62)}" fill="{WATER}" '
            f'stroke="{SHORE}" stroke-width="1.5"/>'
        )
    return parts


def _angle(board: Board, spot: list[tuple[float, float]], field: int) -> float:
    """The direction of the path through a field, in degrees (0 where it has fewer than two paths)."""
    ways = board.neighbours[field]
    if len(ways) < 2:
        return 0.0
    (ax, ay), (bx, by) = spot[ways[0]], spot[ways[1]]
    return math.degrees(math.atan2(by - ay, bx - ax))


def _field(board: Board, i: int, spot: list[tuple[float, float]]) -> str:
    kind, (x, y) = board.kinds[i], spot[i]
    if kind == "start":
        colour = COLOURS[board.starts.index(i)]
        fill, line = KNIGHT[colour]
        glyph = (
            f'<circle r="7.5" fill="{fill}" stroke="{line}" stroke-width="1.6" opacity="0.55"/>'
            f'<circle r="7.5" fill="none" stroke="{line}" stroke-width="1.6"/>'
        )
        extra = f' data-colour="{colour}"'
    else:
        glyph, extra = GLYPHS[kind].replace("{ink}", INK), ""
    turn = _angle(board, spot, i) if kind in ("crossing", "hole") else 0.0
    return (
        f'<g class="field" data-field={quoteattr(board.names[i])} data-target={quoteattr(board.names[i])} '
        f'data-kind="{kind}"{extra} '
        f'transform="translate({_n(x)} {_n(y)}) rotate({_n(turn)}) scale({_n(UNIT / 40)})">{HIT}{glyph}</g>'
    )


def _at(
    board: Board,
    spot: list[tuple[float, float]],
    kind: str,
    name: str,
    shape: str,
    turn: float = 0.0,
    dx: float = 0.0,
    dy: float = 0.0,
    extra: str = "",
) -> str:
    """A piece (bridge, dragon, princess) on the field named `name`."""
    x, y = spot[board.field(name)]
    return (
        f'<g class="{kind}" data-field={quoteattr(name)}{extra} transform="translate({_n(x + dx)} '
        f'{_n(y + dy)}) rotate({_n(turn)}) scale({_n(UNIT / 36)})">{shape}</g>'
    )


def _rainbows(view: Mapping[str, Any], board: Board, spot: list[tuple[float, float]]) -> list[str]:
    """Each rainbow as a banded arc from its rainbow rock to the castle or a rock castle."""
    parts = []
    for ends in _list(view, "rainbows"):
        rock, target = str(ends[0]), str(ends[1])
        curve = _curve(board, spot, rock, target)
        bands = "".join(
            f'<path d="{curve}" fill="none" stroke="{colour}" stroke-width="{_n(width)}" '
            f'stroke-linecap="round"/>'
            for colour, width in RAINBOW
        )
        parts.append(
            f'<g class="rainbow" data-from={quoteattr(rock)} data-to={quoteattr(target)} '
            f'opacity="0.85">{bands}</g>'
        )
    return parts


def _curve(board: Board, spot: list[tuple[float, float]], rock: str, target: str) -> str:
    """The path of a rainbow from its rainbow rock to its end: an arc bent to one side."""
    (ax, ay), (bx, by) = spot[board.field(rock)], spot[board.field(target)]
    length = math.dist((ax, ay), (bx, by)) or 1.0
    bend = 0.3 * length
    cx, cy = (ax + bx) / 2 + (by - ay) / length * bend, (ay + by) / 2 - (bx - ax) / length * bend
    return f"M{_n(ax)},{_n(ay)} Q{_n(cx)},{_n(cy)} {_n(bx)},{_n(by)}"


def _last_move(view: Mapping[str, Any], board: Board, spot: list[tuple[float, float]]) -> list[str]:
    """What the last turn that moved a piece moved (the view's `last_move`), in the colour of the
    knight whose turn it was: an arrow for a knight or a dragon from where it stood (a dashed ring) to
    where it went, a ring where a bridge came (a dashed one where it left), a rainbow come outlined
    and one gone as a dashed arc. Nothing before the first piece moves."""
    last = view.get("last_move")
    if not isinstance(last, Mapping):
        return []
    colours = KNIGHT.get(str(last.get("seat")), ("#999999", "#222222"))
    marks = []
    for move in last.get("moves") or ():
        piece, old, new = str(move.get("piece")), move.get("from"), move.get("to")
        about = f"data-piece={quoteattr(piece)} data-from={quoteattr(str(old))} data-to={quoteattr(str(new))}"
        if "colour" in move:
            about += f" data-colour={quoteattr(str(move['colour']))}"
        if piece == "rainbow":
            inner = _rainbow_mark(board, spot, old, new, colours)
        else:
            inner = _field_mark(board, spot, old, new, colours, arrow=piece != "bridge")
        marks.append(f'<g class="last" {about}>{inner}</g>')
    seat = quoteattr(str(last.get("seat")))
    return [f'<g class="last-move" data-colour={seat} pointer-events="none">', *marks, "</g>"]


def _rainbow_mark(board: Board, spot: list[tuple[float, float]], old: Any, new: Any,
                  colours: tuple[str, str]) -> str:
    """A rainbow gone (`old`, its ends as R1-K) as a dashed arc; one come (`new`) outlined."""
    fill, line = colours
    parts = []
    if old is not None:
        parts.append(
            f'<path d="{_curve(board, spot, *str(old).split("-", 1))}" fill="none" stroke="{line}" '
            'stroke-width="2.5" stroke-dasharray="5 5" opacity="0.75"/>'
        )
    if new is not None:
        curve = _curve(board, spot, *str(new).split("-", 1))
        parts.append(
            f'<path d="{curve}" fill="none" stroke="{line}" stroke-width="15" opacity="0.35"/>'
            f'<path d="{curve}" fill="none" stroke="{fill}" stroke-width="2" stroke-dasharray="7 5"/>'
        )
    return "".join(parts)


def _field_mark(board: Board, spot: list[tuple[float, float]], old: Any, new: Any,
                colours: tuple[str, str], arrow: bool) -> str:
    """A piece that left the field `old` (a dashed ring) for the field `new`: an arrow there where
    `arrow` (a knight, a dragon), else a ring on it (a bridge)."""
    fill, line = colours
    ring, parts = UNIT * 0.4, []
    if old is not None:
        x, y = spot[board.field(str(old))]
        parts.append(
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(ring)}" fill="none" stroke="{line}" '
            'stroke-width="2.5" stroke-dasharray="4 3"/>'
        )
    if new is None:
        return "".join(parts)
    if arrow and old is not None:
        parts.append(_arrow(spot[board.field(str(old))], spot[board.field(str(new))], fill, line))
    else:
        x, y = spot[board.field(str(new))]
        circle = f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(ring)}" fill="none"'
        parts.append(f'{circle} stroke="{line}" stroke-width="5"/>')
        parts.append(f'{circle} stroke="{fill}" stroke-width="2.5"/>')
    return "".join(parts)


def _arrow(start: tuple[float, float], end: tuple[float, float], fill: str, line: str) -> str:
    """A bordered arrow from a field to another, bent a little (so that it never hides a path that
    runs straight between them) and clear of both fields' pieces."""
    (ax, ay), (bx, by) = start, end
    bend = 0.15 if math.dist(start, end) > 1.5 * UNIT else 0.0  # a step to a neighbour goes straight
    cx, cy = (ax + bx) / 2 + (by - ay) * bend, (ay + by) / 2 - (bx - ax) * bend
    gap_start, gap_end, head = UNIT * 0.36, UNIT * 0.3, 9.0
    sx, sy = _toward((ax, ay), (cx, cy))
    ux, uy = _toward((cx, cy), (bx, by))  # the way the arrow points as it arrives
    x1, y1 = ax + sx * gap_start, ay + sy * gap_start
    x2, y2 = bx - ux * gap_end, by - uy * gap_end
    x3, y3 = x2 - ux * head, y2 - uy * head  # where the head begins
    wx, wy = -uy * head * 0.65, ux * head * 0.65  # half the head's width, across the arrow
    tip = f"{_n(x2)},{_n(y2)} {_n(x3 + wx)},{_n(y3 + wy)} {_n(x3 - wx)},{_n(y3 - wy)}"
    way = f"M{_n(x1)},{_n(y1)} Q{_n(cx)},{_n(cy)} {_n(x3)},{_n(y3)}"
    shaft = f'<path d="{way}" fill="none" stroke-linecap="round"'
    return (
        f'{shaft} stroke="{line}" stroke-width="6.5"/>{shaft} stroke="{fill}" stroke-width="3.5"/>'
        f'<polygon points="{tip}" fill="{fill}" stroke="{line}" stroke-width="1.5" stroke-linejoin="round"/>'
    )


def _toward(start: tuple[float, float], end: tuple[float, float]) -> tuple[float, float]:
    """The unit step from `start` toward `end`."""
    length = math.dist(start, end) or 1.0
    return (end[0] - start[0]) / length, (end[1] - start[1]) / length


def _looked(view: Mapping[str, Any], board: Board, spot: list[tuple[float, float]]) -> list[str]:
    """Small discs under a rock castle, one for each knight that has looked at her princess."""
    parts = []
    for name, colours in _map(view, "looked").items():
        x, y = spot[board.field(str(name))]
        for k, colour in enumerate(colours):
            fill, line = KNIGHT.get(str(colour), ("#999999", "#222222"))
            parts.append(
                f'<circle class="looked" data-field={quoteattr(str(name))} data-colour='
                f'{quoteattr(str(colour))} cx="{_n(x - UNIT * 0.3 + k * UNIT * 0.2)}" '
                f'cy="{_n(y - UNIT * 0.46)}" r="{_n(UNIT * 0.08)}" fill="{fill}" stroke="{line}"/>'
            )
    return parts


def _knights(view: Mapping[str, Any], board: Board, spot: list[tuple[float, float]]) -> list[str]:
    """The knights as discs in their colours; a gold ring when armoured, "×2" when they may go double."""
    by_field: dict[str, list[str]] = {}
    for colour, name in _map(view, "knights").items():
        by_field.setdefault(str(name), []).append(str(colour))
    armour, double, seat = _map(view, "armour"), _map(view, "double"), view.get("seat")
    parts = []
    for name, colours in by_field.items():
        x, y = spot[board.field(name)]
        for k, colour in enumerate(colours):
            dx, dy, r = 0.0, 0.0, UNIT * 0.27
            if len(colours) > 1:  # several on the castle stand in a ring
                turn = 2 * math.pi * k / len(colours) - math.pi / 2
                dx, dy, r = math.cos(turn) * UNIT * 0.5, math.sin(turn) * UNIT * 0.5, UNIT * 0.18
            fill, line = KNIGHT.get(colour, ("#999999", "#222222"))
            inner = f'<circle r="{_n(r)}" fill="{fill}" stroke="{line}" stroke-width="2"/>'
            if armour.get(colour):
                inner += f'<circle r="{_n(r + 3.5)}" fill="none" stroke="#c9a227" stroke-width="3.5"/>'
            if double.get(colour):
                inner += (
                    f'<text x="{_n(r * 0.7)}" y="{_n(-r * 0.6)}" {FONT} font-size="11" font-weight="bold" '
                    f'fill="#ffffff" stroke="{INK}" stroke-width="2.5" paint-order="stroke">×2</text>'
                )
            if colour == seat:
                inner += f'<circle r="{_n(r * 0.35)}" fill="#ffffff" stroke="{line}"/>'
            parts.append(
                f'<g class="knight" data-colour={quoteattr(colour)} data-field={quoteattr(name)} '
                f'data-armour="{str(bool(armour.get(colour))).lower()}" '
                f'data-double="{str(bool(double.get(colour))).lower()}" '
                f'transform="translate({_n(x + dx)} {_n(y + dy)})">{inner}</g>'
            )
    return parts


def _princesses(view: Mapping[str, Any], board: Board, spot: list[tuple[float, float]]) -> list[str]:
    """A princess beside each rock castle: her colour where this seat has seen her, "?" otherwise."""
    seen = _map(view, "princesses")
    parts = []
    for castle in board.rock_castles:
        name = board.names[castle]
        colour = str(seen[name]) if name in seen else "?"
        fill = KNIGHT.get(colour, ("#d9d4cc", ""))[0]
        shape = PRINCESS.replace("{fill}", fill)
        if colour == "?":
            shape += (
                f'<text y="4" {FONT} font-size="7" font-weight="bold" text-anchor="middle" '
                f'fill="{INK}">?</text>'
            )
        parts.append(
            _at(
                board,
                spot,
                "princess",
                name,
                shape,
                dx=UNIT * 0.42,
                dy=-UNIT * 0.3,
                extra=f" data-colour={quoteattr(colour)}",
            )
        )
    return parts


def _label(board: Board, i: int, at: tuple[float, float]) -> str:
    """A field's name below and right of it, with a halo so paths never hide it."""
    x, y = at
    big = board.kinds[i] in ("castle", "rock-castle")
    dx, dy = (UNIT * 0.34, UNIT * 0.58) if big else (UNIT * 0.16, UNIT * 0.42)
    return (
        f'<text class="label" data-field={quoteattr(board.names[i])} x="{_n(x + dx)}" y="{_n(y + dy)}" '
        f'{FONT} font-size="{11 if big else 9.5}" font-weight="bold" fill="{INK}" stroke="{MEADOW}" '
        f'stroke-width="3" stroke-linejoin="round" paint-order="stroke">{escape(board.names[i])}</text>'
    )


def _panel(view: Mapping[str, Any], left: float, words: _Words) -> list[str]:
    """Whose turn it is or who won, whose view this is, the knights, rainbows and bridges, the legend."""
    x, y, parts = left + 10, 20.0, ['<g class="panel">']

    def line(text: str, size: float = 12.5, gap: float = 1.5, extra: str = "", dx: float = 0.0) -> None:
        """One entry of the panel, its font made smaller where it is wider than the panel (a longer
        language needs more room)."""
        nonlocal y
        y += size * gap
        fitted = min(size, max(MIN_SIZE, (PANEL - 16 - dx) / (LETTER * max(1, len(text)))))
        parts.append(
            f'<text x="{_n(x + dx)}" y="{_n(y)}" {FONT} font-size="{_n(fitted)}" fill="{INK}"{extra}>'
            f"{escape(text)}</text>"
        )

    line(words("game.name"), 24, 1.2, ' font-weight="bold"')
    winner, turn, seat = view.get("winner"), view.get("turn"), view.get("seat")
    result = view.get("result")
    said = result.get("reason_message") if isinstance(result, Mapping) else None
    if winner:
        line(
            words("svg.winner", seat=words.seat(winner)),
            15,
            extra=f' class="winner" data-colour={quoteattr(str(winner))} font-weight="bold"',
        )
    elif is_message_json(said):
        line(words("svg.over", reason=words.message(said)), 15, extra=' class="over" font-weight="bold"')
    elif turn:
        line(
            words("svg.turn", seat=words.seat(turn)),
            15,
            extra=f' class="turn" data-colour={quoteattr(str(turn))} font-weight="bold"',
        )
    viewer = words("svg.view", seat=words.seat(seat)) if seat else words("svg.spectator")
    line(viewer, 12, extra=' class="seat"')
    knights, armour, double = _map(view, "knights"), _map(view, "armour"), _map(view, "double")
    sizes = _map(view, "hand_sizes")
    y += 6
    for colour in _list(view, "colours"):
        notes = [words("svg.on", field=knights.get(colour, "?")),
                 words("svg.armour") if armour.get(colour) else words("svg.no-armour")]
        if colour in sizes:
            notes.append(words("card.count", count=sizes[colour]))
        if double.get(colour):
            notes.append(words("svg.double"))
        fill, ink = KNIGHT.get(str(colour), ("#999999", "#222222"))
        parts.append(f'<circle cx="{_n(x + 8)}" cy="{_n(y + 14)}" r="7" fill="{fill}" stroke="{ink}"/>')
        line(words("svg.knight", seat=words.seat(colour), notes=", ".join(notes)), 12.5, 1.7, dx=22)
    none = words("svg.none")
    rainbows = ", ".join(f"{a}–{b}" for a, b in _list(view, "rainbows")) or none
    line(words("svg.rainbows", names=rainbows), 11.5, 2.0)
    line(words("svg.bridges", names=", ".join(map(str, _list(view, "bridges"))) or none), 11.5)
    line(words("svg.dragons", names=", ".join(map(str, _list(view, "dragons"))) or none), 11.5)
    discard = _list(view, "discard")
    top = words.card(discard[-1]) if discard else words("svg.empty")
    line(words("svg.piles", deck=view.get("deck", "?"), top=top), 11.5)
    if view.get("hand") is not None:
        hand = " ".join(map(words.card, _list(view, "hand"))) or words("svg.empty")
        line(words("svg.hand", cards=hand), 11.5, extra=' class="hand"')
    for colour, known in _map(view, "known").items():
        cards = " ".join(map(words.card, known))
        line(words("svg.known", seat=words.seat(colour), cards=cards), 11.5, extra=' class="known"')
    seen = _map(view, "princesses")
    if seen:
        listed = ", ".join(words("svg.seen-one", castle=c, seat=words.seat(w)) for c, w in seen.items())
        line(words("svg.seen", seen=listed), 11.5)
    line(words("svg.legend"), 13, 2.2, ' font-weight="bold"')
    for kind in LEGEND:
        y += 23
        glyph, scale = _field_glyph(kind), 0.5 if kind == "castle" else 0.9
        parts.append(
            f'<g data-legend="{kind}" transform="translate({_n(x + 10)} {_n(y - 4)}) '
            f'scale({_n(scale)})">{glyph}</g>'
        )
        parts.append(
            f'<text x="{_n(x + 28)}" y="{_n(y)}" {FONT} font-size="11.5" fill="{INK}">'
            f"{escape(words(f'svg.legend.{kind}'))}</text>"
        )
    for kind, shape in (
        ("dragon", DRAGON),
        ("bridge", BRIDGE),
        ("princess", PRINCESS.replace("{fill}", "#d9d4cc")),
    ):
        y += 23
        parts.append(
            f'<g data-legend="{kind}" transform="translate({_n(x + 10)} {_n(y - 4)}) scale(0.9)">{shape}</g>'
        )
        parts.append(
            f'<text x="{_n(x + 28)}" y="{_n(y)}" {FONT} font-size="11.5" fill="{INK}">'
            f"{escape(words(f'svg.legend.{kind}'))}</text>"
        )
    parts.append("</g>")
    return parts


def _field_glyph(kind: str) -> str:
    if kind == "start":
        return '<circle r="7.5" fill="#bbbbbb" stroke="#333333" stroke-width="1.6"/>'
    return GLYPHS[kind].replace("{ink}", INK)
