"""The how-to-play with the content's numbers in it: `howto.md` names them as `{section.name}` (a
number of numbers.toml) or `{per_count:section.name}` (a list by player count, in words), so that
tuning the content never leaves the text behind."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

PLACE = re.compile(r"\{(per_count:)?(\w+)\.(\w+)\}")
COUNTS = ("alone", "with two", "with three", "with four")


def per_count(values: Sequence[Any]) -> str:
    """A number per player count, 1 first, in words: [8, 10, 10, 10] → "8 alone, 10 with 2–4"."""
    runs: list[tuple[int, int, Any]] = []
    for count, value in enumerate(values, start=1):
        if runs and runs[-1][2] == value:
            runs[-1] = (runs[-1][0], count, value)
        else:
            runs.append((count, count, value))
    if len(runs) == 1:
        return str(values[0])
    parts = []
    for first, last, value in runs:
        if first == last:
            parts.append(f"{value} {COUNTS[first - 1]}")
        else:
            parts.append(f"{value} with {first}–{last}")
    return ", ".join(parts)


def fill(template: str, numbers: Mapping[str, Mapping[str, Any]]) -> str:
    """`template` with each placeholder replaced by its number from `numbers` (numbers.toml)."""
    def number(match: re.Match[str]) -> str:
        listed, section, name = match.groups()
        try:
            value = numbers[section][name]
        except KeyError:
            raise KeyError(f"howto.md names {match.group(0)}, which numbers.toml lacks") from None
        return per_count(value) if listed else str(value)

    return PLACE.sub(number, template)
