"""The how-to-play with the content's numbers in it: `howto.md` (and its translations) name them as
`{section.name}` (a number of numbers.toml) or `{per_count:section.name}` (a list by player count,
in words), so that tuning the content never leaves the text behind."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from spielwerk.games.avalon.say import text

PLACE = re.compile(r"\{(per_count:)?(\w+)\.(\w+)\}")


def per_count(values: Sequence[Any], language: str = "en") -> str:
    """A number per player count, 1 first, in words (`howto.players.<n>`, `howto.players.span`):
    [8, 10, 10, 10] → "8 alone, 10 with 2–4"."""
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
        players = text(f"howto.players.{first}", language) if first == last else \
            text("howto.players.span", language, first=first, last=last)
        parts.append(text("howto.per-count", language, value=value, players=players))
    return ", ".join(parts)


def fill(template: str, numbers: Mapping[str, Mapping[str, Any]], language: str = "en") -> str:
    """`template` with each placeholder replaced by its number from `numbers` (numbers.toml)."""
    def number(match: re.Match[str]) -> str:
        listed, section, name = match.groups()
        try:
            value = numbers[section][name]
        except KeyError:
            raise KeyError(f"howto names {match.group(0)}, which numbers.toml lacks") from None
        return per_count(value, language) if listed else str(value)

    return PLACE.sub(number, template)
