"""The legal actions as a compact numbered list, grouped by what they start with.

Grouping reads only the action texts: a text like `b1-c3/e5` is filed under `b1` and, with the
other moves that land on c3, shown once as `b1-c3/` followed by the numbered put cells. A
decision like `block G8` (a word, a space, a point; or `3 17`) is filed under `block`, and a long run of them
is split by the letters its points start with (`T`, `U`, ...), one line each. Numbers are
positions in `state.legal_actions()` (from 1), so a filtered list keeps the same numbers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

COLLAPSE_ABOVE = 60
"""Longer lists show the endings of a shared prefix (`c1-b1/…`) as one line with a number range."""
_HEAD = re.compile(r"^([A-Za-z0-9]+)([^A-Za-z0-9].*)$")
_DECISION = re.compile(r"^([A-Za-z]+|[0-9]+) ([A-Za-z]*)\S*$")
"""`block G8` (or `3 17`): a word or a number, then one token (its leading letters split long lists)."""
SPLIT_ABOVE = 12
"""Decisions of one word are split by their points' letters when there are more than this many."""


@dataclass
class _Line:
    prefix: str
    """What the full text of each item begins with (`c1-b1/`, `block `)."""
    items: list[tuple[int, str]] = field(default_factory=list)
    label: str | None = None
    """What the line shows before its items, where that is not the prefix (`T` for `block T…`)."""

    @property
    def shown(self) -> str:
        """The text shown (dimmed) before the items."""
        return self.prefix if self.label is None else self.label


def select(texts: Sequence[str], word: str) -> list[int]:
    """The indices of the texts starting with `word` (any case), or else containing it."""
    key = word.strip().lower()
    if not key:
        return list(range(len(texts)))
    found = [i for i, text in enumerate(texts) if text.lower().startswith(key)]
    return found or [i for i, text in enumerate(texts) if key in text.lower()]


def group(texts: Sequence[str], indices: Sequence[int]) -> list[tuple[str, list[_Line]]]:
    """Groups by leading token; in each, plain actions on one line, shared `…/` prefixes on their own.

    Decisions (`exile X3`) are grouped by their word and show only the point; more than
    `SPLIT_ABOVE` of them get a line per leading letters of the point.
    """
    groups: dict[str, dict[str, _Line]] = {}
    decisions: dict[str, list[tuple[int, str, str]]] = {}
    for index in indices:
        text = texts[index]
        decision = _DECISION.match(text)
        if decision:
            decisions.setdefault(decision.group(1), []).append((index + 1, decision.group(2), text))
            groups.setdefault(decision.group(1), {})
            continue
        match = _HEAD.match(text)
        head = match.group(1) if match else ""
        slash = text.rfind("/")
        prefix, rest = (text[: slash + 1], text[slash + 1 :]) if slash > 0 and head else ("", text)
        lines = groups.setdefault(head, {})
        lines.setdefault(prefix, _Line(prefix)).items.append((index + 1, rest))
    for verb, items in decisions.items():
        prefix = f"{verb} "
        split = len(items) > SPLIT_ABOVE and len({letters for _, letters, _ in items}) > 1
        lines = groups[verb]
        for number, letters, text in items:
            key = f"{prefix}{letters}" if split else prefix
            line = lines.setdefault(key, _Line(prefix, label=letters if split else ""))
            line.items.append((number, text[len(prefix):]))
    return [(head, list(lines.values())) for head, lines in groups.items()]


def format_moves(texts: Sequence[str], width: int, word: str = "") -> list[str]:
    """Rich markup lines: a header, then each group wrapped to `width` with aligned numbers."""
    indices = select(texts, word)
    if not indices:
        return [f"[yellow]No legal action matches {word.strip()!r}.[/]"]
    count = len(indices)
    what = f"{count} legal action" + ("s" if count != 1 else "")
    if word.strip() and count != len(texts):
        what += f" matching {word.strip()!r} (of {len(texts)})"
    tip = "" if word.strip() else ", or `moves TEXT` for those starting with TEXT"
    lines = [f"[bold]{what}[/] — type a number or the text{tip}"]
    groups = group(texts, indices)
    number_width = len(str(len(texts)))
    head_width = max(len(head) for head, _ in groups) + 1 if any(h for h, _ in groups) else 0
    collapse = count > COLLAPSE_ABOVE
    for head, group_lines in groups:
        for position, line in enumerate(group_lines):
            label = (f"{head}:" if position == 0 and head else "").ljust(head_width)
            if collapse and line.prefix and len(line.items) > 3:
                lines.extend(_wrap_collapsed(label, line, width))
            else:
                lines.extend(_wrap(label, line, number_width, width))
    example = next((line for _, ls in groups for line in ls if line.prefix and len(line.items) > 3), None)
    if collapse and example is not None:
        (number, one), (_, two) = example.items[0], example.items[1]
        shown = f"{example.shown} " if example.shown else ""
        narrow = (example.prefix + (example.label or "")).strip().rstrip("/")
        lines.append(
            f"[dim]`{shown}{number}–… {one} {two} …` numbers them in order: {number} is "
            f"{example.prefix}{one}, {number + 1} is {example.prefix}{two}; "
            f"`moves {narrow}` lists them one by one.[/]"
        )
    return lines


def _wrap_collapsed(label: str, line: _Line, width: int) -> list[str]:
    """One shared prefix with its endings in order and their number range, wrapped."""
    numbers = [number for number, _ in line.items]
    contiguous = numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    span = f"[cyan]{numbers[0]}–{numbers[-1]}[/] " if contiguous else ""
    span_width = len(f"{numbers[0]}–{numbers[-1]} ") if contiguous else 0
    shown = f"[dim]{line.shown}[/] " if line.shown else ""
    lead = f"{label} {shown}{span}"
    indent = len(label) + 1 + (len(line.shown) + 1 if line.shown else 0) + span_width
    out: list[str] = []
    current: list[str] = []
    used = indent
    for _, text in line.items:
        if current and used + len(text) + 1 > width:
            out.append((lead if not out else " " * indent) + " ".join(current))
            current, used = [], indent
        current.append(text)
        used += len(text) + 1
    out.append((lead if not out else " " * indent) + " ".join(current))
    return out


def _wrap(label: str, line: _Line, number_width: int, width: int) -> list[str]:
    text_width = max(len(text) for _, text in line.items)
    cells = [
        f"[cyan]{number:>{number_width}}[/] [bold]{text}[/]" + " " * (text_width - len(text))
        for number, text in line.items
    ]
    cell_width = number_width + 1 + text_width
    indent = len(label) + 1 + (len(line.shown) + 1 if line.shown else 0)
    per_line = max(1, (width - indent + 2) // (cell_width + 2))
    prefix = f"[dim]{line.shown}[/] " if line.shown else ""
    out = []
    for start in range(0, len(cells), per_line):
        lead = f"{label} {prefix}" if start == 0 else " " * indent
        out.append(lead + "  ".join(cells[start : start + per_line]).rstrip())
    return out
