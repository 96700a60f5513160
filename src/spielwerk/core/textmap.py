"""Helpers for drawing a board as rich console markup on a character grid (no rich import)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

Cell = tuple[str, str]
"""One character of the picture and its style ("" for none)."""


def escape(text: str) -> str:
    """Text shown as it is: rich reads `[` as the start of a style."""
    return text.replace("[", "\\[")


def render(cells: Sequence[Cell]) -> str:
    """A row of styled characters as markup, one style tag per run."""
    out, run, style = [], "", ""
    for char, char_style in [*cells, ("", "\0")]:
        if char_style != style:
            if run:
                out.append(f"[{style}]{escape(run)}[/]" if style else escape(run))
            run, style = "", char_style
        run += char
    return "".join(out).rstrip()


def lattice(
    xy: Sequence[tuple[float, float]],
    links: Iterable[tuple[int, int]],
    width: Callable[[int], int],
    max_width: int,
) -> dict[tuple[int, int], int] | None:
    """Each place by its (column, row) on the lattice, or None where the board does not fit one.

    A board fits when every place sits on a distinct integer point, every link joins lattice
    neighbours (diagonals too), and `width(columns)` characters stay within `max_width`.
    """
    if not xy or any(v != int(v) for point in xy for v in point):
        return None
    left, top = min(int(x) for x, _ in xy), min(int(y) for _, y in xy)
    grid = {(int(x) - left, int(y) - top): place for place, (x, y) in enumerate(xy)}
    columns = max(c for c, _ in grid) + 1
    if len(grid) < len(xy) or width(columns) > max_width:
        return None
    for a, b in links:
        (ax, ay), (bx, by) = xy[a], xy[b]
        if max(abs(ax - bx), abs(ay - by)) != 1:
            return None
    return grid
