"""The legal actions as a compact numbered list, grouped by how their texts begin.

Grouping reads only the action texts. A group holds the texts that begin alike: with one word and a
space (`block G8`, `3 17`, `cloud blue S1`), or else with a point and a sign (`b1-c3/e5` under `b1`);
texts of one word (`refresh`) are shown last. In a group a row holds the texts that share more: all up
to a last `/` or `>` (`b1-c3/`, `dragon C4>`), the word and a leading `-` (`bridge -`), or the words up
to the last space (`cloud blue `). A row shows what each text adds (`e5`, `7`, `S1`) after its number,
the text's position in `state.legal_actions()` from 1, so a filtered list keeps the same numbers.
A long row of decisions on points (`block T1` … `block X7`) is split by the points' letters.
A game may name groups and rows (`Game.move_label`: Drachenfels calls `3 ` "card 3 → field") and
give words for single actions (`Game.move_labels`: Avalon's `explore` is "explore Ashford"); a row
with such words shows one action a line, its words beside it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from rich.markup import escape

from spielwerk.cli.say import text
from spielwerk.core.inputs import quote

Labeller = Callable[[str], "str | None"]
"""A game's names for groups and rows: the text they begin with -> a name, or None for the default."""
COLLAPSE_LINES = 20
"""Lists longer show a long row as one number range and its endings in order (`c1-b1/ 41–65 c1 a2 …`)."""
COLLAPSE_ROW = 8
"""Rows of more items than this are the ones collapsed in a long list (and shown without words)."""
WORDED_LINES = 24
"""A list with the game's words beside each action is shown so where it takes at most this many
lines; a longer one shows words only in its short rows."""
SPLIT_ABOVE = 12
"""Decisions on points are split by the points' letters when there are more than this many."""
OTHER = text("moves.other", "en")
"""The heading of the texts of one word, where other groups stand above them (in English)."""
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


def group(texts: Sequence[str], indices: Sequence[int], label: Labeller | None = None,
          other: str = OTHER) -> list[Group]:
    """The texts at `indices` in groups and rows, in the order they first appear (one-word texts last
    under `other`)."""
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
        default = f"{key.strip()}:" if key else other if len(keys) > 1 else ""
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
    texts: Sequence[str], width: int, word: str = "", label: Labeller | None = None, *,
    language: str = "en", labels: Mapping[str, str] | None = None,
) -> list[str]:
    """Rich markup lines: a header, then each group wrapped to `width` with aligned numbers.

    `label` is the game's `move_label`, where it names its groups and rows; `labels` its words for
    single actions (action text -> words), shown beside them, one a line, where that takes at most
    WORDED_LINES lines (else in the short rows only, with a tip to narrow the list). A list longer
    than COLLAPSE_LINES lines shows its long rows as number ranges, and says how to read one. The
    words are in `language`."""
    indices = select(texts, word)
    if not indices:
        return [text("commands.no-match", language, text=escape(quote(word.strip())))]
    count = len(indices)
    what = text("moves.count", language, count=count)
    if word.strip() and count != len(texts):
        what = text("moves.matching", language, what=what, word=escape(quote(word.strip())), total=len(texts))
    header = text("moves.header" if word.strip() else "moves.header.tip", language, what=what)
    groups = group(texts, indices, label, text("moves.other", language))
    number_width = len(str(len(texts)))
    if labels:
        body, _ = _Layout(number_width, width, labels).body(groups, collapse=False)
        if len(body) <= WORDED_LINES:
            return [header, *body]
    layout = _Layout(number_width, width, labels or {}, worded_rows=COLLAPSE_ROW)
    body, _ = layout.body(groups, collapse=False)
    if len(_Layout(number_width, width, {}).body(groups, collapse=False)[0]) > COLLAPSE_LINES:
        body, collapsed = layout.body(groups, collapse=True)
        body += [_how_to_read(collapsed[0], language)] if collapsed else []
    if layout.unworded:
        body.append(text("moves.words-tip", language))
    return [header, *body]


@dataclass
class _Layout:
    """How rows are laid out: the width of numbers and lines, and the words of single actions."""

    number_width: int
    width: int
    labels: Mapping[str, str]
    worded_rows: int | None = None
    """Rows of more actions than this show no words (None: every row with words shows them)."""
    unworded: bool = False
    """A row with words was shown without them."""

    def body(self, groups: list[Group], collapse: bool) -> tuple[list[str], list[Row]]:
        """The lines of the groups, and the rows shown as number ranges (only with `collapse`)."""
        head_width = max(len(one.heading) for one in groups)
        own_line = head_width > max(16, self.width // 3)
        lines: list[str] = []
        collapsed: list[Row] = []
        for one in groups:
            for position, row in enumerate(one.rows):
                lead = "" if own_line else (one.heading if position == 0 else "").ljust(head_width)
                if own_line and position == 0:
                    lines.append(escape(one.heading))
                    lead = " "
                labelled = any(row.prefix + rest in self.labels for _, rest in row.items)
                worded = labelled and (self.worded_rows is None or len(row.items) <= self.worded_rows)
                if collapse and _collapsible(row):
                    worded = False
                    collapsed.append(row)
                    lines.extend(_wrap_collapsed(lead, row, self.width))
                elif worded:
                    lines.extend(self._one_a_line(lead, row))
                else:
                    lines.extend(_wrap(lead, row, self.number_width, self.width))
                self.unworded = self.unworded or (labelled and not worded)
        return lines, collapsed

    def _one_a_line(self, lead: str, row: Row) -> list[str]:
        """A row whose actions have words: one action a line, its words dimmed beside it."""
        text_width = max(len(rest) for _, rest in row.items)
        shown = f"[dim]{escape(row.label)}[/] " if row.label else ""
        indent = " " * (len(lead) + 1 + (len(row.label) + 1 if row.label else 0))
        out = []
        for position, (number, rest) in enumerate(row.items):
            head = f"{escape(lead)} {shown}" if position == 0 else indent
            words = self.labels.get(row.prefix + rest)
            beside = "  " + " " * (text_width - len(rest)) + f"[dim]{escape(words)}[/]" if words else ""
            out.append(f"{head}[cyan]{number:>{self.number_width}}[/] [bold]{escape(rest)}[/]{beside}")
        return out


def _collapsible(row: Row) -> bool:
    """A long row with a prefix, numbered without gaps, whose endings are single words."""
    numbers = [number for number, _ in row.items]
    single = all(" " not in rest for _, rest in row.items)
    return (bool(row.prefix) and len(row.items) > COLLAPSE_ROW and single
            and numbers == list(range(numbers[0], numbers[0] + len(numbers))))


def _how_to_read(row: Row, language: str) -> str:
    (number, one), (_, two) = row.items[0], row.items[1]
    shown = f"{row.label} " if row.label else ""
    first, last = min(rest for _, rest in row.items), max(rest for _, rest in row.items)
    same = next((i for i, (a, b) in enumerate(zip(first, last, strict=False)) if a != b), len(first))
    narrow = row.prefix + first[:same]
    words = {"shown": shown, "number": number, "one": one, "two": two, "first": row.prefix + one,
             "next": number + 1, "second": row.prefix + two, "narrow": narrow.strip()}
    return text("moves.how-to-read", language, **{name: escape(str(value)) for name, value in words.items()}
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
