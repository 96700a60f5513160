"""Game options from the command line: `-o key=value`, values read as JSON where they can be."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

WORDS: dict[str, Any] = {"true": True, "false": False, "yes": True, "no": False, "none": None, "null": None}


def parse_value(text: str) -> Any:
    """`3` -> 3, `true` -> True, `none` -> None, `{"south": 3}` -> a dict, anything else -> the text."""
    raw = text.strip()
    if raw.lower() in WORDS:
        return WORDS[raw.lower()]
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def parse_options(items: Iterable[str]) -> dict[str, Any]:
    """`["replace_rule=classic", "throne-captures=3"]` -> `{"replace_rule": "classic", "throne_captures": 3}`.

    Dashes in keys become underscores; `ValueError` for an item without `=`.
    """
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise ValueError(f"an option is written key=value, e.g. replace_rule=classic, not {item!r}")
        options[key] = parse_value(value)
    return options


def format_value(value: Any) -> str:
    """An option value as it would be typed after `-o key=`."""
    return value if isinstance(value, str) else json.dumps(value)
