"""Declared game options: each option names its default and checks its values; options as typed
(`key=value`, values read as JSON where they can be)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from spielwerk.core.errors import OptionError

Checker = Callable[[Any], Any]


@dataclass(frozen=True)
class Option:
    """One option of a game: its name, default, meaning, and a check that normalises a value."""

    name: str
    default: Any
    doc: str
    check: Checker

    def normalise(self, value: Any) -> Any:
        """The checked, JSON-ready value; raises `OptionError` for a bad one."""
        return self.check(value)


def resolve_options(game_id: str, schema: tuple[Option, ...], given: Mapping[str, Any]) -> dict[str, Any]:
    """All options of a game, defaults filled in, every given value checked."""
    known = {option.name: option for option in schema}
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(known) or "none"
        raise OptionError(f"{game_id} has no option {', '.join(unknown)} (its options: {names})")
    resolved: dict[str, Any] = {}
    for option in schema:
        value = given.get(option.name, option.default)
        try:
            resolved[option.name] = option.normalise(value)
        except OptionError as error:
            raise OptionError(f"{game_id} option {option.name}={value!r}: {error}") from None
    return resolved


def one_of(*choices: Any) -> Checker:
    """A check that accepts only the listed values."""

    def check(value: Any) -> Any:
        if value not in choices:
            raise OptionError(f"must be one of {', '.join(map(repr, choices))}")
        return value

    return check


def boolean(value: Any) -> bool:
    """A check that accepts True or False (and their usual spellings on a command line)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in {"true", "yes", "on", "1", "false", "no", "off", "0"}:
        return value.lower() in {"true", "yes", "on", "1"}
    raise OptionError("must be true or false")


def integer(low: int, high: int | None = None, *, optional: bool = False) -> Checker:
    """A check for a whole number in [low, high]; with `optional`, None (or "none") is allowed too."""

    def check(value: Any) -> int | None:
        if optional and (value is None or (isinstance(value, str) and value.lower() == "none")):
            return None
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError("must be a whole number" + (" or none" if optional else ""))
        if value < low or (high is not None and value > high):
            bound = f"between {low} and {high}" if high is not None else f"at least {low}"
            raise OptionError(f"must be {bound}")
        return value

    return check


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
