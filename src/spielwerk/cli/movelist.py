"""The legal actions as a compact numbered list, grouped by how their texts begin.

Grouping reads only the action texts. A group holds the texts that begin alike: with one word and a
space (`block G8`, `3 17`, `cloud blue S1`), or else with a point and a sign (`b1-c3/e5` under `b1`);
texts of one word (`refresh`) are shown last. In a group a row holds the texts that share more: all up
to a last `/` or `>` (`b1-c3/`, `dragon C4>`), the word and a leading `-` (`bridge -`), or the words up
to the last space (`cloud blue `). A row shows what each text adds (`e5`, `7`, `S1`) after its number,
the text's position in `state.legal_actions()` from 1, so a filtered list keeps the same numbers.
A long row of decisions on points (`block T1` … `block X7`) is split by the points' letters.
A game may name groups and rows (`Game.move_label`: Drachenfels calls `3 ` "card 3 → field").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rich.markup import escape

from spielwerk.core.inputs import quote
from spielwerk.core.wording import counted

Labeller = Callable[[str], "str | None"]
"""A game's names for groups and rows: the text they begin with -> a name, or None for the default."""
COLLAPSE_LINES = 20
"""Lists longer show a long row as one number range and its endings in order (`c1-b1/ 41–65 c1 a2 …`)."""
COLLAPSE_ROW = 8
"""Rows of more items than this are the ones collapsed in a long list."""
SPLIT_ABOVE = 12
"""Decisions on points are split by the points' letters when there are more than this many."""
OTHER = "other:"
"""The heading of the texts of one word, where other groups stand above them."""
_HEAD = re.compile(r"^([A-Za-z0-9]+)[^A-Za-z0-9]")
_LETTERS = re.compile(r"^[A-Za-z]+")


@dataclass
class Row:
    """Texts that begin alike, shown as what each adds to `prefix`."""

    prefix: str
    """What the full text of each item begins with (`c1-b1/`, `block `, `dragon C4>`)."""
    label: str = ""
    """Shown (dimmed) before the items: `c1-b1/`, `H3 →`, `T` for `block T…`; "" for nothing."""
    items: list[tuple[int, str]] = field(default_factory=list)
    """(number, what the text adds to the prefix)."""


@dataclass
class Group:
    """Texts that begin with `key`, in rows."""

    key: str
    """What every text of the group begins with: `3 `, `bridge `, `b1`, or "" for texts of one word."""
    heading: str
    """Shown on the group's first line: `bridge:`, `card 3 → field`, or ""."""
    rows: list[Row] = field(default_factory=list)


def select(texts: Sequence[str], word: str) -> list[int]:
    """The indices of the texts starting with `word` (any case), or else containing it."""
    key = word.strip().lower()
    if not key:
        return list(range(len(texts)))
    found = [i for i, text in enumerate(texts) if text.lower().startswith(key)]
    return found or [i for i, text in enumerate(texts) if key in text.lower()]


def split_text(text: str) -> tuple[str, str, str]:
    """(group key, row prefix, what the text adds): `bridge H3>X1` -> (`bridge `, `bridge H3>`, `X1`)."""
    space = text.find(" ")
    cut = max(text.rfind("/"), text.rfind(">"))
    if space > 0:
        key = text[: space + 1]
        prefix = text[: max(cut, text.rfind(" ")) + 1]
        if text[len(prefix) :].startswith("-"):
            prefix += "-"
    else:
        head = _HEAD.match(text)
        key = head.group(1) if head else ""
        prefix = text[: cut + 1] if key and cut > len(key) else ""
    if len(prefix) >= len(text):
        prefix = ""
    return key, prefix, text[len(prefix) :]


def group(texts: Sequence[str], indices: Sequence[int], label: Labeller | None = None) -> list[Group]:
    """The texts at `indices` in groups and rows, in the order they first appear (one-word texts last)."""
    rows: dict[str, dict[str, Row]] = {}
    for index in indices:
        key, prefix, rest = split_text(texts[index])
        group_rows = rows.setdefault(key, {})
        group_rows.setdefault(prefix, Row(prefix, _row_label(key, prefix, label))).items.append(
            (index + 1, rest)
        )
    keys = [key for key in rows if key] + ([""] if "" in rows else [])
    groups = []
    for key in keys:
        named = label(key) if label is not None else None
        default = f"{key.strip()}:" if key else OTHER if len(keys) > 1 else ""
        split = [row for whole in rows[key].values() for row in _by_letters(key, whole)]
        groups.append(Group(key, named if named is not None else default, split))
    return groups


def _row_label(key: str, prefix: str, label: Labeller | None) -> str:
    if prefix == key or not prefix:
        return ""
    named = label(prefix) if label is not None else None
    if named is not None:
        return named
    return prefix[len(key) :].strip() if key.endswith(" ") else prefix


def _by_letters(key: str, row: Row) -> list[Row]:
    """A long row of decisions on points as a row per leading letters (`block T…`, `block U…`)."""
    letters = [_LETTERS.match(rest) for _, rest in row.items]
    if row.prefix != key or not key.endswith(" ") or len(row.items) <= SPLIT_ABOVE:
        return [row]
    if not all(letters) or len({found.group() for found in letters if found}) < 2:
        return [row]
    parts: dict[str, Row] = {}
    for item, found in zip(row.items, letters, strict=True):
        run = found.group() if found else ""
        parts.setdefault(run, Row(row.prefix, run)).items.append(item)
    return list(parts.values())


def format_moves(
    texts: Sequence[str], width: int, word: str = "", label: Labeller | None = None
) -> list[str]:
    """Rich markup lines: a header, then each group wrapped to `width` with aligned numbers.

    `label` is the game's `move_label`, where it names its groups and rows. A list longer than
    COLLAPSE_LINES shows its long rows as number ranges, and says how to read one."""
    indices = select(texts, word)
    if not indices:
        return [f"[yellow]No legal action matches {escape(quote(word.strip()))}.[/]"]
    count = len(indices)
    what = counted(count, "legal action")
    if word.strip() and count != len(texts):
        what += f" matching {escape(quote(word.strip()))} (of {len(texts)})"
    tip = "" if word.strip() else "; `moves TEXT` narrows the list"
    groups = group(texts, indices, label)
    body, _ = _body(groups, len(str(len(texts))), width, collapse=False)
    if len(body) > COLLAPSE_LINES:
        body, collapsed = _body(groups, len(str(len(texts))), width, collapse=True)
        body += [_how_to_read(collapsed[0])] if collapsed else []
    return [f"[bold]{what}[/] — type a number or the text{tip}", *body]


def _body(groups: list[Group], number_width: int, width: int, collapse: bool) -> tuple[list[str], list[Row]]:
    """The lines of the groups, and the rows shown as number ranges (only with `collapse`)."""
    head_width = max(len(one.heading) for one in groups)
    own_line = head_width > max(16, width // 3)
    lines: list[str] = []
    collapsed: list[Row] = []
    for one in groups:
        for position, row in enumerate(one.rows):
            lead = "" if own_line else (one.heading if position == 0 else "").ljust(head_width)
            if own_line and position == 0:
                lines.append(escape(one.heading))
                lead = " "
            if collapse and _collapsible(row):
                collapsed.append(row)
                lines.extend(_wrap_collapsed(lead, row, width))
            else:
                lines.extend(_wrap(lead, row, number_width, width))
    return lines, collapsed


def _collapsible(row: Row) -> bool:
    """A long row with a prefix, numbered without gaps, whose endings are single words."""
    numbers = [number for number, _ in row.items]
    single = all(" " not in rest for _, rest in row.items)
    return (bool(row.prefix) and len(row.items) > COLLAPSE_ROW and single
            and numbers == list(range(numbers[0], numbers[0] + len(numbers))))


def _how_to_read(row: Row) -> str:
    (number, one), (_, two) = row.items[0], row.items[1]
    shown = f"{row.label} " if row.label else ""
    first, last = min(rest for _, rest in row.items), max(rest for _, rest in row.items)
    same = next((i for i, (a, b) in enumerate(zip(first, last, strict=False)) if a != b), len(first))
    narrow = row.prefix + first[:same]
    return escape(
        f"`{shown}{number}–… {one} {two} …` numbers them in order: {number} is {row.prefix}{one}, "
        f"{number + 1} is {row.prefix}{two}; `moves {narrow.strip()}` lists them one by one."
    ).join(("[dim]", "[/]"))


def _wrap_collapsed(lead: str, row: Row, width: int) -> list[str]:
    """One row as its number range and its endings in order, wrapped."""
    first, last = row.items[0][0], row.items[-1][0]
    shown = f"[dim]{escape(row.label)}[/] " if row.label else ""
    head = f"{escape(lead)} {shown}[cyan]{first}–{last}[/] "
    indent = len(lead) + 1 + (len(row.label) + 1 if row.label else 0) + len(f"{first}–{last} ")
    out: list[str] = []
    current: list[str] = []
    used = indent
    for _, rest in row.items:
        if current and used + len(rest) > width:
            out.append((head if not out else " " * indent) + " ".join(current))
            current, used = [], indent
        current.append(f"[bold]{escape(rest)}[/]")
        used += len(rest) + 1
    out.append((head if not out else " " * indent) + " ".join(current))
    return out


def _wrap(lead: str, row: Row, number_width: int, width: int) -> list[str]:
    """One row as cells of number and ending, as many a line as fit."""
    text_width = max(len(rest) for _, rest in row.items)
    cells = [
        f"[cyan]{number:>{number_width}}[/] [bold]{escape(rest)}[/]" + " " * (text_width - len(rest))
        for number, rest in row.items
    ]
    cell_width = number_width + 1 + text_width
    indent = len(lead) + 1 + (len(row.label) + 1 if row.label else 0)
    per_line = max(1, (width - indent + 2) // (cell_width + 2))
    shown = f"[dim]{escape(row.label)}[/] " if row.label else ""
    out = []
    for start in range(0, len(cells), per_line):
        head = f"{escape(lead)} {shown}" if start == 0 else " " * indent
        out.append(head + "  ".join(cells[start : start + per_line]).rstrip())
    return out
