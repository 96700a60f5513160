"""The small pieces Avalon's pictures are made of: text, chips, tokens and the palette."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

FONT = "DejaVu Sans, Verdana, sans-serif"
INK, SOFT, PAPER, CARD, LINE = "#3b2a14", "#7a6a4c", "#f4efe2", "#fbf6e8", "#b9a77f"
WATER, SHORE, GOLD = "#9cc3dc", "#5d8fb3", "#d9a21b"
HERO = {1: "#b4442c", 2: "#3f8a3a", 3: "#7446a8", 4: "#2f6bb0"}
"""Each character's colour, by number."""
RESOURCE = {"food": "#8f9a2f", "wealth": "#c8961a", "magic": "#5b5fc7", "reputation": "#b5523b"}
POOL = {"Health": "#c0392b", "Energy": "#e0a20e", "Terror": "#6d3c8c"}
BOLD, CENTRED = 'font-weight="bold"', 'text-anchor="middle" font-weight="bold"'
HIT = 40.0
"""The smallest side of a clickable part's hit area, in picture units (the root's `data-hit`, where no
crowded card asks for less): the page draws it at least 24 CSS px wide, 44 on a touch screen."""


def n(value: float) -> str:
    """A number as short, deterministic SVG text."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def text(x: float, y: float, words: str, size: float = 10.0, fill: str = INK, extra: str = "") -> str:
    """A line of text whose baseline starts at (x, y); `extra` adds attributes (anchor, weight)."""
    return (f'<text x="{n(x)}" y="{n(y)}" font-size="{n(size)}" fill="{fill}"{" " + extra if extra else ""}>'
            f"{escape(words)}</text>")


def fitted(words: str, width: float, size: float) -> float:
    """A font size at most `size` at which `words` fits `width` (about 0.6 em a letter)."""
    return min(size, width / max(1.0, 0.6 * len(words)))


def width_of(words: str, size: float) -> float:
    """About how wide `words` is at `size`."""
    return 0.6 * size * len(words)


def title(words: str) -> str:
    """A tooltip for the enclosing element."""
    return f"<title>{escape(words)}</title>"


def target(name: str | None) -> str:
    """The `data-target` attribute for a clickable part (empty for none)."""
    return f" data-target={quoteattr(name)}" if name else ""


def hit(x: float, y: float, width: float, height: float) -> str:
    """An invisible hit area: the clickable part it lies in takes clicks anywhere on it."""
    return (f'<rect class="hit" x="{n(x)}" y="{n(y)}" width="{n(width)}" height="{n(height)}" '
            f'fill="transparent"/>')


def chip(x: float, y: float, resource: str, count: int, label: str) -> str:
    """A resource as a coloured chip with its mark and count, top-left at (x, y): 11 high."""
    colour = RESOURCE[resource]
    words = f"{count}{label}"
    width = 8 + width_of(words, 8.0)
    return (f'<g class="chip" data-resource="{resource}"><rect x="{n(x)}" y="{n(y)}" width="{n(width)}" '
            f'height="11" rx="3" fill="{colour}"/>'
            + text(x + 3, y + 8.5, words, 8.0, "#fff", BOLD) + "</g>")


def token(x: float, y: float, number: int, ring: bool = False, faded: bool = False, label: str = "") -> str:
    """A character's token at (x, y): its colour and number; a gold ring for the one to move."""
    halo = f'<circle cx="{n(x)}" cy="{n(y)}" r="12" fill="none" stroke="{GOLD}" stroke-width="3"/>'
    opacity = ' opacity="0.45"' if faded else ""
    return (f'<g class="hero" data-hero="{number}"{opacity}>'
            f'{title(label) if label else ""}{halo if ring else ""}'
            f'<circle cx="{n(x)}" cy="{n(y)}" r="9" fill="{HERO.get(number, SOFT)}" stroke="#1d150a" '
            f'stroke-width="1.2"/>'
            + text(x, y + 3.6, str(number), 10.5, "#fff", CENTRED) + "</g>")


def pill_width(words: str, size: float = 8.5) -> float:
    """How wide a pill with `words` is drawn."""
    return 8 + width_of(words, size)


def pill(x: float, y: float, words: str, name: str, fill: str = "#2f6b2a", area: str = "",
         size: float = 8.5) -> str:
    """A small button-like label (`explore`) that is a click target; `area`: its hit area (`hit`)."""
    return (f'<g class="pill"{target(name)}>{area}<rect x="{n(x)}" y="{n(y)}" '
            f'width="{n(pill_width(words, size))}" height="13" rx="6.5" fill="{fill}"/>'
            + text(x + 4, y + 9.6, words, size, "#fff", BOLD) + "</g>")


def bar(x: float, y: float, width: float, value: int, most: int, colour: str) -> str:
    """A filled bar of `value` out of `most`."""
    part = 0.0 if most <= 0 else max(0.0, min(1.0, value / most))
    return (f'<rect x="{n(x)}" y="{n(y)}" width="{n(width)}" height="8" rx="2" fill="#e7dfcb" '
            f'stroke="{LINE}" stroke-width="0.6"/><rect x="{n(x)}" y="{n(y)}" width="{n(width * part)}" '
            f'height="8" rx="2" fill="{colour}"/>')


def dial(x: float, y: float, value: int | str, colour: str = INK) -> str:
    """A time dial: a small white disc with its number, centred on (x, y)."""
    return (f'<g class="dial"><circle cx="{n(x)}" cy="{n(y)}" r="6" fill="#fff" stroke="{colour}" '
            f'stroke-width="1"/>' + text(x, y + 3, str(value), 8, colour, CENTRED) + "</g>")
