"""Declared game options: each option names its default and checks its values; options as typed
(`key=value`, values read as JSON where they can be)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from spielwerk.core.catalogue import say
from spielwerk.core.errors import OptionError
from spielwerk.core.inputs import MAX_POSITION_TEXT, check_nesting, quote, quote_name

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
    unknown = sorted(quote_name(name) for name in set(given) - set(known))
    if unknown:
        names = ", ".join(known) or str(say("option.none"))
        raise OptionError(say("option.unknown", game=game_id, given=", ".join(unknown[:5]), options=names))
    resolved: dict[str, Any] = {}
    for option in schema:
        value = given.get(option.name, option.default)
        try:
            resolved[option.name] = option.normalise(value)
        except OptionError as error:
            why = error.message or str(error)
            bad = say("option.bad", game=game_id, option=option.name, given=quote(value), why=why)
            raise OptionError(bad) from None
    return resolved


def one_of(*choices: Any) -> Checker:
    """A check that accepts only the listed values."""

    def check(value: Any) -> Any:
        if value not in choices:
            raise OptionError(say("option.one-of", choices=", ".join(map(repr, choices))))
        return value

    return check


def boolean(value: Any) -> bool:
    """A check that accepts True or False (and their usual spellings on a command line)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in {"true", "yes", "on", "1", "false", "no", "off", "0"}:
        return value.lower() in {"true", "yes", "on", "1"}
    raise OptionError(say("option.boolean"))


def integer(low: int, high: int | None = None, *, optional: bool = False) -> Checker:
    """A check for a whole number in [low, high]; with `optional`, None (or "none") is allowed too."""

    def check(value: Any) -> int | None:
        if optional and (value is None or (isinstance(value, str) and value.lower() == "none")):
            return None
        if isinstance(value, str) and WHOLE_NUMBER.fullmatch(value.strip()):
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(say("option.whole.or-none" if optional else "option.whole"))
        if value < low or (high is not None and value > high):
            if high is None:
                raise OptionError(say("option.at-least", low=low))
            raise OptionError(say("option.between", low=low, high=high))
        return value

    return check


WHOLE_NUMBER = re.compile(r"-?[0-9]{1,18}", re.ASCII)
"""A whole number as typed: ASCII digits only, and short (longer ones are out of every range)."""

WORDS: dict[str, Any] = {"true": True, "false": False, "yes": True, "no": False, "none": None, "null": None}


def parse_value(text: str) -> Any:
    """`3` -> 3, `true` -> True, `none` -> None, `{"south": 3}` -> a dict, anything else -> the text."""
    raw = text.strip()
    if raw.lower() in WORDS:
        return WORDS[raw.lower()]
    if len(raw) > MAX_POSITION_TEXT:
        raise OptionError(say("option.value.too-long", most=MAX_POSITION_TEXT))
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        return raw
    check_nesting(value, "an option value")
    return value


def parse_options(items: Iterable[str]) -> dict[str, Any]:
    """`["replace_rule=strict", "throne-captures=3"]` -> `{"replace_rule": "strict", "throne_captures": 3}`.

    Dashes in keys become underscores; `OptionError` (a ValueError) for an item without `=`.
    """
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise OptionError(say("option.item", given=quote(item)))
        options[key] = parse_value(value)
    return options


def format_value(value: Any) -> str:
    """An option value as it would be typed after `-o key=`."""
    return value if isinstance(value, str) else json.dumps(value)
