"""Option types whose refusals are worded in the command line's language (click words its own in English).

`whole()`, `number()` and `file_path()` stand for click's `int`, `IntRange`, `FloatRange` and
`Path(dir_okay=False)`: the same values pass, the same help shows (`INTEGER`, `[x>=1]`), and a
refusal reads "'abc' ist keine ganze Zahl." under `--lang de`. The language is the one
`usage.WordedGroup` read from the command line.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

import click

from spielwerk.cli.helppage import command_language
from spielwerk.cli.say import text
from spielwerk.core.inputs import quote

Number = TypeVar("Number", int, float)


class _WholeNumber(click.types.IntParamType):
    """Any whole number."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        return _checked(self, value, param, ctx, int, "usage.not-whole")


class _WholeRange(click.IntRange):
    """A whole number within bounds."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        return _checked(self, value, param, ctx, int, "usage.not-whole")


class _NumberRange(click.FloatRange):
    """A number within bounds."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        return _checked(self, value, param, ctx, float, "usage.not-number")


def whole(low: int | None = None, high: int | None = None) -> click.ParamType[int]:
    """A whole-number option or argument, at least `low` and at most `high` where given."""
    return _WholeNumber() if low is None and high is None else _WholeRange(low, high)


def number(low: float | None = None, high: float | None = None) -> click.ParamType[float]:
    """A number (a point or comma for decimals), at least `low` and at most `high` where given."""
    return _NumberRange(low, high)


class _FilePath(click.Path):
    """A file's path: not a folder's."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not (self.allow_dash and value == "-") and os.path.isdir(value):
            self.fail(_said(ctx, "usage.is-folder", path=quote(os.fsdecode(value))), param, ctx)
        return super().convert(value, param, ctx)


def file_path(path_type: type[Any] | None = None, allow_dash: bool = False) -> click.ParamType[Any]:
    """A file's path (`path_type`: the type it is handed on as, str by default); "-" too where
    `allow_dash`."""
    return _FilePath(dir_okay=False, path_type=path_type, allow_dash=allow_dash)


def _checked(kind: click.ParamType[Any], value: Any, param: click.Parameter | None, ctx: click.Context | None,
             parse: Callable[[str], Number], not_one: str) -> Number:
    """`value` read by `parse` and held to `kind`'s bounds; a refusal in the command line's language."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        read = parse(str(value))
    else:
        try:
            read = parse(str(value).strip().replace(",", ".") if parse is float else str(value))
        except ValueError:
            kind.fail(_said(ctx, not_one, value=quote(str(value))), param, ctx)
    low, high = getattr(kind, "min", None), getattr(kind, "max", None)
    if low is not None and read < low:
        kind.fail(_said(ctx, "usage.too-small", value=quote(str(value)), low=_shown(low, ctx)), param, ctx)
    if high is not None and read > high:
        kind.fail(_said(ctx, "usage.too-large", value=quote(str(value)), high=_shown(high, ctx)), param, ctx)
    return read


def _said(ctx: click.Context | None, key: str, **args: str) -> str:
    return text(key, command_language(ctx), **args)


def _shown(bound: float, ctx: click.Context | None) -> str:
    """A bound as the language writes numbers: 0, 65535, 0,5."""
    return f"{bound:g}".replace(".", text("number.point", command_language(ctx)))


__all__ = ["file_path", "number", "whole"]
