"""Gygès pictures as SVG: a pure function from a position to standalone SVG text.

`board_svg` draws the 6×6 board, both thrones joined to their ranks, coordinates, the rings as
concentric circles (one circle per unit of height), the last move with an arrow along the way its
ring went (bounces marked), a ring on a throne, and at the end a caption with the result.
The output is deterministic, has no ids and no external resources, so several pictures can share
one page (a notebook shows `state` through `Gyges.svg`). Each square and throne carries
`data-target="<its name in the notation>"`: the board page turns clicks on them into moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from spielwerk.core.errors import SpielwerkError
from spielwerk.core.state import State
from spielwerk.games.gyges.board import CELLS, FILES, NORTH_THRONE, SIZE, SOUTH_THRONE, cell_name
from spielwerk.games.gyges.notation import Move, parse_action, parse_cell, parse_position
from spielwerk.games.gyges.panel import result_words
from spielwerk.games.gyges.say import WORDS

SQUARE = 60.0
"""The side of one square in the picture's own units."""
MARGIN = 14.0
THRONE_GAP = 1.35 * SQUARE
"""The room between the board and the outer edge on each throne's side."""
CAPTION = 58.0
"""The height of the band under a finished game that tells its result."""

COLORS: dict[str, str] = {
    "background": "#f7f1e3",
    "square light": "#ecd9b0",
    "square dark": "#dcc08a",
    "border": "#6b4f2a",
    "connection": "#8a6a3c",
    "throne": "#c9a46a",
    "throne text": "#4a3518",
    "coordinate": "#6b4f2a",
    "movable": "#3f7f1f",
    "ring 1": "#2a6f97",
    "ring 2": "#b7791f",
    "ring 3": "#8e2463",
    "ring fill": "#fffaf0",
    "last start": "#c7d36f",
    "last end": "#a9c23f",
    "last drop": "#8fc9e0",
    "arrow": "#3f7f1f",
    "drop arrow": "#2a7fa0",
    "caption": "#4a3518",
    "caption band": "#ecd9b0",
}
"""Default colours by role; pass `colors={...}` to override any of them."""


def board_svg(
    position: State | Mapping[str, Any] | str,
    *,
    size: int = 360,
    last_move: str | bool = True,
    coordinates: bool = True,
    flipped: bool = False,
    arrows: bool = True,
    colors: Mapping[str, str] | None = None,
    language: str = "en",
) -> str:
    """The SVG text of a Gygès position.

    `position` is a Gygès state (drawn as a spectator sees it), a `view(seat)`, or a position text.
    `size` is the width in pixels. `last_move` is True for the view's last action (its arrow follows
    the way the ring went), False for none, or a move text to highlight (a straight arrow); `arrows`
    draws it as arrows too. `flipped` puts North at the bottom. `colors` overrides entries of `COLORS`.
    The words in it (whose turn, the result) are in `language`.
    """
    view = _as_view(position)
    palette = {**COLORS, **(colors or {})}
    painter = _Painter(palette, flipped, WORDS.text("svg.to-move", language))
    move = _last_move(view, last_move)
    way = _way(view, move) if last_move is True else None
    result = result_words(view, language)
    width = 2 * MARGIN + SIZE * SQUARE
    board_height = 2 * MARGIN + SIZE * SQUARE + 2 * THRONE_GAP
    height = board_height + (CAPTION if result else 0)
    told = WORDS.text("panel.result", language, headline=result[0], why=result[1]) if result else ""
    title = "Gygès " + str(view.get("position", "")) + (f" · {told}" if told else "")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{size}" '
        f'height="{_n(size * height / width)}" viewBox="0 0 {_n(width)} {_n(height)}">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{_n(width)}" height="{_n(height)}" fill="{palette["background"]}"/>',
    ]
    parts += painter.thrones(move, view.get("to_move") if not view.get("result") else None)
    parts += painter.squares(move)
    if coordinates:
        parts += painter.coordinates(view.get("movable_rank"))
    rings: Mapping[str, int] = view.get("rings", {})
    parts += [painter.ring(parse_cell(name), height) for name, height in sorted(rings.items())]
    waiting = view.get("throne_ring")
    if waiting:
        throne = SOUTH_THRONE if waiting["throne"] == "S" else NORTH_THRONE
        parts.append(painter.ring(throne, int(waiting["height"])))
    elif way is not None:
        parts += _landed_on_throne(painter, view, way)
    if move is not None and arrows:
        parts += painter.arrows(move, way)
    if result:
        parts += painter.caption(result, board_height, width)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _as_view(position: State | Mapping[str, Any] | str) -> Mapping[str, Any]:
    if isinstance(position, str):
        heights, side = parse_position(position)
        rings = {cell_name(c): h for c, h in enumerate(heights) if h}
        return {"rings": rings, "position": position.strip(), "to_move": side, "last_action": None}
    if isinstance(position, Mapping):
        return position
    return position.view(None)


def _last_move(view: Mapping[str, Any], last_move: str | bool) -> Move | None:
    text = view.get("last_action") if last_move is True else last_move or None
    if not isinstance(text, str):
        return None
    try:
        action = parse_action(text)
    except SpielwerkError:
        return None
    return action if isinstance(action, Move) else None


def _way(view: Mapping[str, Any], move: Move | None) -> Way | None:
    """The cells the view's last move passed (start to end) and the rings it bounced off; None if
    the view does not tell them."""
    last = view.get("last_move")
    if move is None or not isinstance(last, Mapping):
        return None
    try:
        cells = [parse_cell(str(name)) for name in last.get("path") or ()]
        bounces = [parse_cell(str(name)) for name in last.get("bounces") or ()]
    except SpielwerkError:
        return None
    if len(cells) < 2 or cells[0] != move.start or cells[-1] != move.end:
        return None
    return cells, bounces


Way = tuple[list[int], list[int]]
"""The cells a move passed, start to end, and the rings it bounced off."""


def _landed_on_throne(painter: _Painter, view: Mapping[str, Any], way: Way) -> list[str]:
    """The ring that ended the last move on a throne (the winning ring), drawn there."""
    cells = way[0]
    height = (view.get("last_move") or {}).get("height")
    if cells[0] >= CELLS or cells[-1] < CELLS or height not in (1, 2, 3):
        return []
    return [painter.ring(cells[-1], int(height))]


def _n(value: float) -> str:
    """A number as short, deterministic SVG text."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class _Painter:
    """Coordinates and shapes for one picture."""

    def __init__(self, palette: Mapping[str, str], flipped: bool, to_move: str = "to move") -> None:
        self.palette = palette
        self.flipped = flipped
        self.to_move = to_move

    # ----- geometry -----------------------------------------------------------------------
    def corner(self, cell: int) -> tuple[float, float]:
        """The top-left corner of a board square."""
        file, rank = cell % SIZE, cell // SIZE
        column = SIZE - 1 - file if self.flipped else file
        row = rank if self.flipped else SIZE - 1 - rank
        return MARGIN + column * SQUARE, MARGIN + THRONE_GAP + row * SQUARE

    def centre(self, cell: int) -> tuple[float, float]:
        """The centre of a square or a throne."""
        if cell >= CELLS:
            top = (cell == NORTH_THRONE) != self.flipped
            y = MARGIN + THRONE_GAP * 0.42 if top else MARGIN + THRONE_GAP * 1.58 + SIZE * SQUARE
            return MARGIN + SIZE * SQUARE / 2, y
        x, y = self.corner(cell)
        return x + SQUARE / 2, y + SQUARE / 2

    # ----- layers -------------------------------------------------------------------------
    def thrones(self, move: Move | None, to_move: int | None) -> list[str]:
        """Each throne, joined by a line to every square of its rank; 'to move' beside the mover's."""
        parts = []
        marked = _marks(move)
        for side, (throne, first) in enumerate(((SOUTH_THRONE, 0), (NORTH_THRONE, CELLS - SIZE))):
            tx, ty = self.centre(throne)
            for cell in range(first, first + SIZE):
                cx, cy = self.centre(cell)
                parts.append(
                    f'<line x1="{_n(tx)}" y1="{_n(ty)}" x2="{_n(cx)}" y2="{_n(cy)}" '
                    f'stroke="{self.palette["connection"]}" stroke-width="2.5" stroke-linecap="round"/>'
                )
            fill = self.palette[f"last {marked[throne]}"] if throne in marked else self.palette["throne"]
            name = cell_name(throne)
            parts.append(
                f'<g class="throne" data-throne="{name}" data-target="{name}">'
                f'<circle cx="{_n(tx)}" cy="{_n(ty)}" r="{_n(SQUARE * 0.5)}" fill="{fill}" '
                f'stroke="{self.palette["border"]}" stroke-width="2"/>'
                f'<text x="{_n(tx + SQUARE * 0.78)}" y="{_n(ty + 7)}" font-family="sans-serif" '
                f'font-size="20" font-weight="bold" fill="{self.palette["throne text"]}">{name}</text></g>'
            )
            if side == to_move:
                parts.append(
                    f'<text x="{_n(tx - SQUARE * 0.7)}" y="{_n(ty + 5)}" font-family="sans-serif" '
                    f'font-size="14" font-style="italic" text-anchor="end" '
                    f'fill="{self.palette["movable"]}">{escape(self.to_move)}</text>'
                )
        return parts

    def squares(self, move: Move | None) -> list[str]:
        """The 36 squares, the last move's squares highlighted, and the board's frame."""
        marked = _marks(move)
        parts = []
        for cell in range(CELLS):
            x, y = self.corner(cell)
            shade = "light" if (cell % SIZE + cell // SIZE) % 2 else "dark"
            fill = self.palette[f"last {marked[cell]}"] if cell in marked else self.palette[f"square {shade}"]
            parts.append(
                f'<rect class="square" data-cell="{cell_name(cell)}" data-target="{cell_name(cell)}" '
                f'x="{_n(x)}" y="{_n(y)}" '
                f'width="{_n(SQUARE)}" height="{_n(SQUARE)}" fill="{fill}"/>'
            )
        parts.append(
            f'<rect x="{_n(MARGIN)}" y="{_n(MARGIN + THRONE_GAP)}" width="{_n(SIZE * SQUARE)}" '
            f'height="{_n(SIZE * SQUARE)}" fill="none" stroke="{self.palette["border"]}" stroke-width="3"/>'
        )
        return parts

    def coordinates(self, movable_rank: int | None) -> list[str]:
        """Files in the bottom squares' corners, ranks in the left squares' corners."""
        parts = []
        bottom_rank = SIZE - 1 if self.flipped else 0
        left_file = SIZE - 1 if self.flipped else 0
        for file in range(SIZE):
            x, y = self.corner(bottom_rank * SIZE + file)
            parts.append(self._label(x + SQUARE - 4, y + SQUARE - 4, FILES[file], "end", False))
        for rank in range(SIZE):
            x, y = self.corner(rank * SIZE + left_file)
            parts.append(self._label(x + 4, y + 13, str(rank + 1), "start", rank + 1 == movable_rank))
        return parts

    def _label(self, x: float, y: float, text: str, anchor: str, strong: bool) -> str:
        colour = self.palette["movable"] if strong else self.palette["coordinate"]
        weight = ' font-weight="bold"' if strong else ""
        return (
            f'<text x="{_n(x)}" y="{_n(y)}" font-family="sans-serif" font-size="12" '
            f'text-anchor="{anchor}" fill="{colour}"{weight}>{escape(text)}</text>'
        )

    def ring(self, cell: int, height: int) -> str:
        """A ring of `height` as that many concentric circles."""
        cx, cy = self.centre(cell)
        colour = self.palette[f"ring {height}"]
        circles = []
        for k in range(height):
            radius = SQUARE * (0.38 - 0.11 * k)
            fill = self.palette["ring fill"] if k == 0 else "none"
            circles.append(
                f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(radius)}" fill="{fill}" '
                f'stroke="{colour}" stroke-width="{_n(SQUARE * 0.07)}"/>'
            )
        return (
            f"<g class={quoteattr(f'ring h{height}')} data-cell={quoteattr(cell_name(cell))}>"
            + "".join(circles)
            + "</g>"
        )

    def arrows(self, move: Move, way: Way | None = None) -> list[str]:
        """An arrow along the way the ring went (straight without one), a dot on each ring it bounced
        off, and a dashed arrow on to the put ring."""
        cells, bounces = way or ([move.start, move.end], [])
        parts = [self._arrow([self.centre(cell) for cell in cells], dashed=False,
                             path=" ".join(cell_name(cell) for cell in cells))]
        for cell in bounces:
            cx, cy = self.centre(cell)
            parts.append(
                f'<circle class="bounce" data-cell="{cell_name(cell)}" cx="{_n(cx)}" cy="{_n(cy)}" '
                f'r="{_n(SQUARE * 0.09)}" fill="{self.palette["arrow"]}"/>'
            )
        if move.drop >= 0:
            parts.append(self._arrow([self.centre(move.end), self.centre(move.drop)], dashed=True,
                                     path=f"{cell_name(move.end)} {cell_name(move.drop)}"))
        return parts

    def caption(self, words: tuple[str, str], top: float, width: float) -> list[str]:
        """The band under the board that tells who won (or a draw) and why."""
        headline, why = words
        middle, colour = _n(width / 2), self.palette["caption"]
        return [
            f'<g class="result"><rect x="0" y="{_n(top)}" width="{_n(width)}" height="{_n(CAPTION)}" '
            f'fill="{self.palette["caption band"]}"/>'
            f'<text x="{middle}" y="{_n(top + 24)}" font-family="sans-serif" font-size="20" '
            f'font-weight="bold" text-anchor="middle" fill="{colour}">{escape(headline)}</text>'
            f'<text x="{middle}" y="{_n(top + 46)}" font-family="sans-serif" font-size="14" '
            f'text-anchor="middle" fill="{colour}">{escape(why)}</text></g>'
        ]

    def _arrow(self, points: list[tuple[float, float]], *, dashed: bool, path: str) -> str:
        """A line through `points` with its head on the last; `path` names the cells (data-path)."""
        (x1, y1), (x2, y2) = points[-2], points[-1]
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        if length < 1:
            return ""
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        head, half = SQUARE * 0.28, SQUARE * 0.14
        tip_x, tip_y = x2 - ux * SQUARE * 0.12, y2 - uy * SQUARE * 0.12
        base_x, base_y = tip_x - ux * head, tip_y - uy * head
        dash = f' stroke-dasharray="{_n(SQUARE * 0.12)} {_n(SQUARE * 0.12)}"' if dashed else ""
        colour = self.palette["drop arrow" if dashed else "arrow"]
        tip = " ".join(
            f"{_n(px)},{_n(py)}"
            for px, py in (
                (tip_x, tip_y),
                (base_x - uy * half, base_y + ux * half),
                (base_x + uy * half, base_y - ux * half),
            )
        )
        line = " ".join(f"{_n(px)},{_n(py)}" for px, py in [*points[:-1], (base_x, base_y)])
        return (
            f'<g class="arrow" data-path={quoteattr(path)} opacity="0.8">'
            f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="{_n(SQUARE * 0.1)}" '
            f'stroke-linecap="round" stroke-linejoin="round"{dash}/>'
            f'<polygon points="{tip}" fill="{colour}"/></g>'
        )


def _marks(move: Move | None) -> dict[int, str]:
    """The squares and thrones of the last move by role: 'start', 'end', 'drop'."""
    if move is None:
        return {}
    marks = {move.start: "start", move.end: "end"}
    if move.drop >= 0:
        marks[move.drop] = "drop"
    return marks
