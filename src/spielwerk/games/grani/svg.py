"""Grani pictures as SVG: a pure function from a view to a standalone, printable picture.

`board_svg` draws the board (kingdoms as tinted areas with their names, lines, every point with
its name, the symbol points as glyphs), the obstacle stones, the ring, the knights as pawns and,
beside the board, a panel with each player's amulets, seals, ring and shackle, what the game waits
for, the dragon deck and the legend. Points are placed by the board's x/y, scaled so that the
nearest two points are one UNIT apart. Elements carry `data-*` attributes (never ids, so several
pictures can share one page) that tests and scripts can read; every point carries
`data-target="<its name in the notation>"`, which the board page turns clicks on into moves.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from spielwerk.games.grani.board import BOARD, KINGDOMS, Board
from spielwerk.games.grani.notation import COLOURS
from spielwerk.games.grani.say import said, text

UNIT = 64.0
"""The distance between the two nearest points, in the picture's units."""
MARGIN = 44.0
TOP, BOTTOM = 84.0, 80.0
"""Room above and below the points, where the names of the kingdoms at the edges are written."""
PANEL = 400.0
LETTER, MIN_SIZE = 0.6, 8.0
"""About how wide a letter of the panel's font is, in ems; the smallest size a line is fitted to."""
FONT = 'font-family="DejaVu Sans, Verdana, sans-serif"'
BACKGROUND = "#fbf7ee"
INK = "#2b2620"
TINT = {"tirad": "#f4d9cf", "urgad": "#d9ead0", "galad": "#d5e3f3", "elgad": "#f2e6bf", "exile": "#ffffff"}
"""Each kingdom's area (and the exile points' area)."""
KINGDOM_INK = {"tirad": "#9c4a36", "urgad": "#4f7a34", "galad": "#35679c", "elgad": "#947419",
               "exile": "#777777"}
KNIGHT = {"yellow": ("#f3c622", "#4a3b00"), "blue": ("#2f6fd6", "#0d2451"), "red": ("#d8352a", "#4d0d08"),
          "white": ("#ffffff", "#333333"), "green": ("#2fa04a", "#0c3a17"), "black": ("#1f1f1f", "#d8d8d8")}
"""Each knight's fill and outline."""
GLYPHS = {
    "city": '<path d="M-8,9V-8H-5V-5H-2V-8H2V-5H5V-8H8V9Z" fill="{ink}" stroke="#1d1a16" stroke-width="0.8"/>'
            '<path d="M-2.6,9V4A2.6,2.6 0 0 1 2.6,4V9Z" fill="#fffdf6"/>'
            '<rect x="-1" y="-2.5" width="2" height="3" fill="#fffdf6"/>',
    "dragon": '<path d="M-9,7C-6,2-7,-3-3,-7L-1,-2L2,-9L3.5,-2L8,-6L6.5,1C9,3 8,7 4,7C2,4-1,5-3,8Z" '
              'fill="#b3261e" stroke="#4d0d08" stroke-width="0.8"/>'
              '<circle cx="4.5" cy="2.5" r="1" fill="#ffd23f"/>',
    "magic": '<path d="M-7,-3L-3,-8H3L7,-3L0,9Z" fill="#7b3fb0" stroke="#2e1244" stroke-width="0.8"/>'
             '<path d="M-7,-3H7M-3,-8L-2,-3L0,9M3,-8L2,-3L0,9" fill="none" stroke="#e6d4f5" '
             'stroke-width="0.7"/>',
    "sword": '<path d="M-1,-4H1V4H-1Z" fill="#d7dde2" stroke="#3a3f44" stroke-width="0.6"/>'
             '<rect x="-5" y="-5.5" width="10" height="1.8" rx="0.8" fill="#8a5a2b"/>'
             '<rect x="-0.9" y="-9.5" width="1.8" height="4.2" fill="#5a3a1c"/>'
             '<circle cx="0" cy="-9.8" r="1.3" fill="#c9a227"/>'
             '<path d="M-9,9Q-9,2-3,1.5H3Q9,2 9,9Z" fill="#8d8a83" stroke="#3d3b37" stroke-width="0.8"/>',
    "crystal": '<path d="M-6,9L-4,4H4L6,9Z" fill="#7a5630"/>'
               '<circle cx="0" cy="-2" r="7" fill="{ink}" stroke="#27465f" stroke-width="0.8"/>'
               '<circle cx="-2.6" cy="-4.6" r="2" fill="#ffffff" opacity="0.8"/>',
}
"""Symbol points drawn in a 20×20 box around (0, 0); {ink} is filled in per point."""
STONE = ('<path d="M-9,3L-6,-6L2,-9L8,-4L9,5L2,9L-6,8Z" fill="#7d7c76" stroke="#33322e" stroke-width="1"/>'
         '<path d="M-4,-3L2,-5" stroke="#b5b3aa" stroke-width="1.2" fill="none"/>')
RING = ('<circle r="6" fill="none" stroke="#5c4305" stroke-width="4.4"/>'
        '<circle r="6" fill="none" stroke="#f1c232" stroke-width="2.8"/>'
        '<path d="M-2.2,-8.5L0,-11L2.2,-8.5L0,-6.8Z" fill="#d2302a" stroke="#5c0d0a" stroke-width="0.6"/>')
PAWN = ('<circle cx="0" cy="-9.5" r="4.6" fill="{fill}" stroke="{line}" stroke-width="1.3"/>'
        '<path d="M-6.5,7Q-6,0-2.6,-5H2.6Q6,0 6.5,7Z" fill="{fill}" stroke="{line}" stroke-width="1.3"/>'
        '<rect x="-8.5" y="6" width="17" height="4.5" rx="2" fill="{fill}" stroke="{line}" '
        'stroke-width="1.3"/>')
LINKS = '<ellipse cx="-3.4" cy="8.3" rx="3.6" ry="2.4"/><ellipse cx="3.4" cy="8.3" rx="3.6" ry="2.4"/>'
SHACKLE = (f'<g fill="none" stroke="#ffffff" stroke-width="3.6">{LINKS}</g>'
           f'<g fill="none" stroke="#3b3b3b" stroke-width="1.8">{LINKS}</g>')
CRYSTAL_INK = {"galad": "#8cc8f2", "tirad": "#c7a6ee"}
LEGEND = ("city", "dragon", "magic", "sword", "crystal", "exile", "black", "stone", "ring", "shackle")
"""The legend's entries, each shown with its picture and its words (`svg.legend.<entry>`)."""


def board_svg(view: Mapping[str, Any], language: str = "en") -> str:
    """The SVG text of a Grani view (`state.view(seat)`): the board, all on it, and a side panel, its
    words in `language`."""
    spot = _layout(BOARD)
    board_w = max(x for x, _ in spot) + MARGIN
    board_h = max(y for _, y in spot) + BOTTOM
    panel = _panel(view, board_w, language)
    width, height = board_w + PANEL, max(board_h, panel[0])
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_n(width)}" height="{_n(height)}" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" data-hit="{_n(UNIT)}">',
        f"<title>{escape(_title(view, language))}</title>",
        f'<rect width="{_n(width)}" height="{_n(height)}" fill="{BACKGROUND}"/>',
    ]
    parts += _areas(BOARD, spot, language)
    parts += [f'<line x1="{_n(spot[a][0])}" y1="{_n(spot[a][1])}" x2="{_n(spot[b][0])}" '
              f'y2="{_n(spot[b][1])}" stroke="{INK}" stroke-width="2.4" stroke-linecap="round"/>'
              for a, b in BOARD.lines]
    parts += _last_move(view, spot)
    parts += [_point(BOARD, p, spot[p]) for p in range(BOARD.size)]
    for name in view.get("obstacles", []):
        parts.append(_placed("obstacle", name, spot, STONE, 1.25))
    if view.get("ring"):
        parts.append(_placed("ring", view["ring"], spot, RING, 1.25))
    parts += _knights(view, spot)
    parts += [_label(BOARD, p, spot[p]) for p in range(BOARD.size)]
    parts += panel[1]
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _n(value: float) -> str:
    """A number as short, deterministic SVG text."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _title(view: Mapping[str, Any], language: str) -> str:
    waiting = said(view, "waiting_for", language)
    return text("svg.title", language, round=view.get("round", 1), waiting=waiting)


def _colour(name: Any, language: str) -> str:
    """A knight's colour as a view names it ("blue"), in `language`."""
    return text(f"seat.{name}", language) if name in COLOURS else str(name)


def _layout(board: Board) -> list[tuple[float, float]]:
    """Each point's place in the picture: board x/y scaled so the nearest two points are UNIT apart."""
    xy = board.xy
    nearest = min((math.dist(xy[a], xy[b]) for a in range(len(xy)) for b in range(a)), default=1.0) or 1.0
    scale = UNIT / nearest
    left, top = min(x for x, _ in xy), min(y for _, y in xy)
    return [(MARGIN + (x - left) * scale, TOP + (y - top) * scale) for x, y in xy]


def _areas(board: Board, spot: list[tuple[float, float]], language: str) -> list[str]:
    """Each kingdom as a soft tinted area (a disc around each point) with its name written on it."""
    parts = []
    for kingdom in (*KINGDOMS, "exile"):
        mine = [p for p in range(board.size) if board.kingdom_name(p) == kingdom]
        if not mine:
            continue
        discs = "".join(f'<circle cx="{_n(spot[p][0])}" cy="{_n(spot[p][1])}" r="{_n(UNIT * 0.78)}"/>'
                        for p in mine)
        parts.append(f'<g class="kingdom" data-kingdom="{kingdom}" fill="{TINT[kingdom]}">{discs}</g>')
    top, bottom = min(y for _, y in spot), max(y for _, y in spot)
    for kingdom in KINGDOMS:
        xs = [spot[p][0] for p in range(board.size) if board.kingdom_name(p) == kingdom]
        ys = [spot[p][1] for p in range(board.size) if board.kingdom_name(p) == kingdom]
        if not xs:
            continue
        x = (min(xs) + max(xs)) / 2
        if min(ys) == top:  # a kingdom at an edge has its name beyond the edge
            y = top - UNIT * 0.62
        elif max(ys) == bottom:
            y = bottom + UNIT * 0.98
        else:
            y = sum(ys) / len(ys)
        parts.append(
            f'<text class="kingdom-name" data-kingdom="{kingdom}" x="{_n(x)}" y="{_n(y)}" {FONT} '
            f'font-size="{_n(UNIT * 0.42)}" font-weight="bold" letter-spacing="5" text-anchor="middle" '
            f'fill="{KINGDOM_INK[kingdom]}">{escape(text(f"place.{kingdom}", language).upper())}</text>'
        )
    return parts


def _point(board: Board, p: int, at: tuple[float, float]) -> str:
    kind, kingdom = board.kind[p], board.kingdom_name(p)
    x, y = at
    name = quoteattr(board.names[p])
    head = (f'<g class="point" data-point={name} data-target={name} data-kind="{kind}" '
            f'data-kingdom="{kingdom}">')
    # its hit area, over the glyph: a transparent disc as wide as the distance to the nearest point
    hit = f'<circle class="hit" cx="{_n(x)}" cy="{_n(y)}" r="{_n(UNIT / 2)}" fill="transparent"/></g>'
    if kind == "black":
        return f'{head}<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(UNIT * 0.11)}" fill="{INK}"/>{hit}'
    if kind == "exile":
        return (f'{head}<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(UNIT * 0.15)}" fill="#ffffff" '
                f'stroke="{INK}" stroke-width="2.4"/>{hit}')
    ink = CRYSTAL_INK.get(kingdom, "#8cc8f2") if kind == "crystal" else KINGDOM_INK[kingdom]
    glyph = GLYPHS[kind].replace("{ink}", ink)
    return (f'{head}<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(UNIT * 0.29)}" fill="#fffdf6" '
            f'stroke="{KINGDOM_INK[kingdom]}" stroke-width="2.4"/>'
            f'<g transform="translate({_n(x)} {_n(y)}) scale({_n(UNIT * 0.0145)})">{glyph}</g>{hit}')


def _placed(kind: str, name: str, spot: list[tuple[float, float]], shape: str, scale: float) -> str:
    """An obstacle stone or the ring on its point."""
    x, y = spot[BOARD.point(name)]
    return (f'<g class="{kind}" data-point={quoteattr(name)} transform="translate({_n(x)} {_n(y)}) '
            f'scale({_n(UNIT * 0.02 * scale)})">{shape}</g>')


def _last_move(view: Mapping[str, Any], spot: list[tuple[float, float]]) -> list[str]:
    """Rings around the points of the last move (dashed where it began), when the last action was one."""
    moved = view.get("last_move")
    if not moved:
        return []
    names = [name for name in (moved["from"], moved.get("via"), moved["to"]) if name]
    parts = []
    for i, name in enumerate(names):
        x, y = spot[BOARD.index[name]]
        role = "start" if i == 0 else "end" if i == len(names) - 1 else "via"
        dash = ' stroke-dasharray="6 4"' if role == "start" else ""
        parts.append(f'<circle class="last-move" data-role="{role}" data-point={quoteattr(name)} '
                     f'cx="{_n(x)}" cy="{_n(y)}" r="{_n(UNIT * 0.4)}" fill="none" stroke="#e07b00" '
                     f'stroke-width="4"{dash} opacity="0.85"/>')
    return parts


def _knights(view: Mapping[str, Any], spot: list[tuple[float, float]]) -> list[str]:
    """The knights as pawns; several on one point stand in rows of three around it."""
    by_point: dict[str, list[Mapping[str, Any]]] = {}
    for knight in view.get("knights", []):
        by_point.setdefault(knight["at"], []).append(knight)
    parts = []
    for name, knights in by_point.items():
        x, y = spot[BOARD.point(name)]
        count = len(knights)
        rows = (count + 2) // 3
        for i, knight in enumerate(knights):
            row, column = divmod(i, 3)
            in_row = min(3, count - 3 * row)
            dx = (column - (in_row - 1) / 2) * UNIT * 0.36
            dy = (row - (rows - 1) / 2) * UNIT * 0.42 - (UNIT * 0.08 if count > 1 else 0)
            parts.append(_pawn(knight, x + dx, y + dy, 1.35 if count == 1 else 1.0, name))
    return parts


def _pawn(knight: Mapping[str, Any], x: float, y: float, scale: float, name: str) -> str:
    colour = str(knight["colour"])
    fill, line = KNIGHT.get(colour, ("#999999", "#222222"))
    inner = PAWN.format(fill=fill, line=line)
    if knight.get("shackled"):
        inner += SHACKLE
    if knight.get("ring"):
        inner += f'<g transform="translate(8 -11) scale(0.7)">{RING}</g>'
    return (f'<g class="knight" data-colour={quoteattr(colour)} data-point={quoteattr(name)} '
            f'data-ring="{str(bool(knight.get("ring"))).lower()}" '
            f'data-shackled="{str(bool(knight.get("shackled"))).lower()}" '
            f'transform="translate({_n(x)} {_n(y - UNIT * 0.04)}) scale({_n(UNIT * 0.016 * scale)})">'
            f"{inner}</g>")


def _label(board: Board, p: int, at: tuple[float, float]) -> str:
    """A point's name under it, with a halo so lines never hide it."""
    x, y = at
    below = UNIT * (0.29 if board.kind[p] not in ("black", "exile") else 0.2) + 11
    return (f'<text class="label" data-point={quoteattr(board.names[p])} x="{_n(x)}" y="{_n(y + below)}" '
            f'{FONT} font-size="12.5" font-weight="bold" text-anchor="middle" fill="{INK}" '
            f'stroke="{BACKGROUND}" stroke-width="3.5" stroke-linejoin="round" paint-order="stroke">'
            f"{escape(board.names[p])}</text>")


class _Lines:
    """Text lines of the side panel, written downwards from a top."""

    def __init__(self, x: float, y: float) -> None:
        self.x, self.y = x, y
        self.parts: list[str] = []

    def text(self, text: str, size: float = 14, *, bold: bool = False, fill: str = INK, dx: float = 0,
             gap: float = 1.45, extra: str = "") -> None:
        self.y += size * gap
        weight = ' font-weight="bold"' if bold else ""
        room = PANEL - 30 - dx  # a longer language's line gets a smaller font rather than running off
        size = min(size, max(MIN_SIZE, room / (LETTER * (1.1 if bold else 1.0) * max(1, len(text)))))
        self.parts.append(f'<text x="{_n(self.x + dx)}" y="{_n(self.y)}" {FONT} font-size="{_n(size)}"'
                          f'{weight} fill="{fill}"{extra}>{escape(text)}</text>')

    def shape(self, shape: str, scale: float, dx: float = 8, dy: float = -5) -> None:
        self.parts.append(f'<g transform="translate({_n(self.x + dx)} {_n(self.y + dy)}) scale({_n(scale)})">'
                          f"{shape}</g>")


def _panel(view: Mapping[str, Any], left: float, language: str) -> tuple[float, list[str]]:
    """The side panel: players, what the game waits for, deck, stones, round and the legend."""
    out = _Lines(left + 18, 16)
    out.text(text("game.name", language), 26, bold=True)
    result = view.get("result")
    waiting = (said(result, "reason", language) if result
               else text("panel.waiting", language, waiting=said(view, "waiting_for", language)))
    for piece in textwrap.wrap(waiting, 42):
        out.text(piece, 15, bold=True, fill="#a3410b", extra=' class="waiting"')
    out.text(text("panel.round", language, round=view.get("round", 1), turn=view.get("turn", 0),
                  rounds=view.get("max_turns", "?"), seals=view.get("seals_to_win", 3)), 12)
    to_move = view.get("to_move")
    for seat, knight in enumerate(view.get("knights", [])):
        colour, amulets, seals = str(knight["colour"]), int(knight["amulets"]), list(knight["seals"])
        out.parts.append(f'<g class="player" data-colour={quoteattr(colour)} data-amulets="{amulets}" '
                         f'data-seals={quoteattr(" ".join(seals))}>')
        mark = "  " + text("panel.to-play", language) if seat == to_move else ""
        named = text("panel.knight", language, seat=_colour(colour, language), point=knight["at"])
        out.text(named + mark, 15, bold=True, dx=26, gap=1.9)
        fill, line = KNIGHT.get(colour, ("#999999", "#222222"))
        out.shape(PAWN.format(fill=fill, line=line), 0.9, dy=-3)
        sealed = ", ".join(s.capitalize() for s in seals) or text("panel.seals.none", language)
        out.text(text("panel.amulets", language, amulets=f"{'●' * amulets}{'○' * (3 - amulets)}",
                      seals=sealed), 13, dx=26, gap=1.35)
        notes = [text(key, language) for flag, key in (("ring", "panel.ring"), ("shackled", "panel.shackled"))
                 if knight.get(flag)]
        if notes:
            out.text(" · ".join(notes), 12.5, dx=26, fill="#7a2b0b", gap=1.35)
        out.parts.append("</g>")
    out.y += 8
    for line in _status(view, language):
        for piece in textwrap.wrap(line, 50, subsequent_indent="    "):
            out.text(piece, 13)
    out.y += 8
    out.text(text("panel.legend", language), 14, bold=True)
    for key in LEGEND:
        out.text(text(f"svg.legend.{key}", language), 12.5, dx=30, gap=2.0)
        out.shape(_legend_shape(key), UNIT * 0.011, dx=12, dy=-4)
    return out.y + 24, out.parts


def _status(view: Mapping[str, Any], language: str) -> list[str]:
    """The panel's lines on the ring, the dragon deck, the stones and the last action."""
    lines = []
    if view.get("ring"):
        lines.append(text("panel.ring.on", language, point=view["ring"]))
    elif view.get("ring_bearer"):
        lines.append(text("panel.ring.carried", language, seat=_colour(view["ring_bearer"], language)))
    else:
        lines.append(text("panel.ring.down", language))
    fight = view.get("last_fight")
    if fight:
        key = "panel.fight.won" if fight["won"] else "panel.fight.lost"
        lines.append(text(key, language, card=fight["card"], roll=fight["roll"]))
    else:
        lines.append(text("panel.fight.none", language))
    if view.get("card") is not None:
        lines.append(text("panel.card", language, card=view["card"]))
    deck = view.get("deck", {})
    discard = view.get("discard", {})
    cards = [value for value, count in sorted(discard.items(), reverse=True) for _ in range(count)]
    lines.append(text("panel.deck", language, count=deck.get("cards", 0)))
    lines.append(text("panel.discard", language, count=len(cards), cards=" ".join(cards)) if cards
                 else text("panel.discard.empty", language))
    lines.append(text("panel.stones", language, left=view.get("stones_left", 0),
                      placed=len(view.get("obstacles", []))))
    if view.get("lifted"):
        lines.append(text("panel.lifted", language, point=view["lifted"]))
    if view.get("victim"):
        lines.append(text("panel.victim", language, victim=_colour(view["victim"], language)))
    if view.get("last_action"):
        lines.append(text("panel.last", language, action=view["last_action"]))
    return lines


def _legend_shape(key: str) -> str:
    if key in GLYPHS:
        ink = CRYSTAL_INK["galad"] if key == "crystal" else "#6b5a48"
        return '<circle r="14" fill="#fffdf6" stroke="#6b5a48" stroke-width="2"/>' + GLYPHS[key].replace(
            "{ink}", ink)
    return {
        "exile": f'<circle r="8" fill="#ffffff" stroke="{INK}" stroke-width="2.6"/>',
        "black": f'<circle r="6" fill="{INK}"/>',
        "stone": STONE, "ring": RING,
        "shackle": '<g transform="translate(0 -8)">' + SHACKLE + "</g>",
    }[key]
