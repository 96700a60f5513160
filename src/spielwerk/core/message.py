"""What the engine says, as a key and its arguments: `Message`. Its text in a language comes from the
catalogue of the game (or the core) that said it; `str()` is the English the API returns."""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spielwerk.core.catalogue import Words

Arg = Any
"""An argument: text, a number, a `Message` (rendered in the same language) or a list of these
(joined with the language's commas and "and")."""


UNFILLED = re.compile(r"\{[A-Za-z_][\w.-]*(?::cap)?\}")
"""A placeholder left in a rendered text, or a missing key shown in braces: tests and the soak look for
it in everything rendered."""


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence of a catalogue: `key` with named `args` for its placeholders."""

    key: str
    args: Mapping[str, Arg]
    words: Words = field(compare=False, repr=False)

    def render(self, language: str = "en") -> str:
        """The text in `language` (a code like "de"; English where the catalogue lacks it)."""
        return render(self.words.catalogue(language), self.key, self.args, language)

    def to_json(self) -> dict[str, Any]:
        """`{"key", "args"}`, nested messages as such objects too: what views and payloads carry."""
        return {"key": self.key, "args": {name: _arg_json(value) for name, value in self.args.items()}}

    def __str__(self) -> str:
        return self.render("en")


def _arg_json(value: Arg) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [_arg_json(item) for item in value]
    return value


def is_message_json(value: Any) -> bool:
    """True for what `Message.to_json` makes."""
    return isinstance(value, Mapping) and set(value) == {"key", "args"} and isinstance(value["key"], str)


def plural_category(count: Any, language: str) -> str:
    """"one" or "other": French counts 0 and 1 as one, English and German only 1."""
    if not isinstance(count, (int, float)) or isinstance(count, bool):
        return "other"
    if language == "fr":
        return "one" if 0 <= count < 2 else "other"
    return "one" if count == 1 else "other"


def template_of(catalogue: Mapping[str, str], key: str, args: Mapping[str, Arg], language: str) -> str:
    """The text of `key` in `catalogue`: `key` itself, or `key.one` / `key.other` by the `count`
    argument; the key in braces where the catalogue has none (a test keeps that from happening)."""
    text = catalogue.get(key)
    if text is not None:
        return text
    form = catalogue.get(f"{key}.{plural_category(args.get('count'), language)}")
    return form if form is not None else "{{" + key + "}}"


def render(catalogue: Mapping[str, str], key: str, args: Mapping[str, Arg], language: str) -> str:
    """`key` with `args` in `catalogue`'s language; args may be `Message`s or their JSON form (rendered
    from the same catalogue: a game's `words()` holds the core's words too)."""
    parts = []
    for literal, name, spec in _compiled(template_of(catalogue, key, args, language)):
        parts.append(literal)
        if name is not None:
            if name in args:
                parts.append(_formatted(_arg_text(catalogue, args[name], language), args[name], spec))
            else:
                parts.append("{" + name + "}")
    return "".join(parts)


@lru_cache(maxsize=8192)
def _compiled(template: str) -> tuple[tuple[str, str | None, str], ...]:
    """A catalogue text split into its literal runs and placeholders (with their format specs)."""
    return tuple((literal, name, spec or "")
                 for literal, name, spec, _ in string.Formatter().parse(template))


def _formatted(text: str, value: Arg, spec: str) -> str:
    """An argument's text under its spec: none, `cap` (a capital first), or a number's format."""
    if not spec:
        return text
    if spec == "cap":
        return text[:1].upper() + text[1:]
    return format(value, spec) if isinstance(value, (int, float)) else text


def render_json(catalogue: Mapping[str, str], said: Mapping[str, Any], language: str) -> str:
    """A message as `Message.to_json` wrote it, in `catalogue`'s language."""
    args = said.get("args") or {}
    return render(catalogue, str(said["key"]), args if isinstance(args, Mapping) else {}, language)


def _arg_text(catalogue: Mapping[str, str], value: Arg, language: str) -> str:
    kind = type(value)
    if kind is str:
        return value  # type: ignore[no-any-return]
    if kind is int:
        return str(value)
    if isinstance(value, Message):
        return value.render(language)
    if is_message_json(value):
        return render_json(catalogue, value, language)
    if isinstance(value, (list, tuple)):
        return join([_arg_text(catalogue, item, language) for item in value], catalogue)
    return str(value)


def join(items: Sequence[str], catalogue: Mapping[str, str]) -> str:
    """"a, b and c" with the catalogue's `list.comma` and `list.and`."""
    if len(items) <= 1:
        return "".join(items)
    comma, last = catalogue.get("list.comma", ", "), catalogue.get("list.and", " and ")
    return comma.join(items[:-1]) + last + items[-1]


def placeholders(text: str) -> frozenset[str]:
    """The names of the placeholders in a catalogue text (`{ring}`, `{seat:cap}` -> ring, seat)."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)
