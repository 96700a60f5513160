"""Catalogues of words: one TOML file per language in a package's `words/` folder (`en.toml`,
`de.toml`, `fr.toml`), flat keys with `{named}` placeholders. A game's catalogue lies over the
core's, so one mapping renders everything a game says (its own sentences and the core's)."""

from __future__ import annotations

import importlib.resources
import tomllib
from collections.abc import Mapping
from functools import cached_property
from typing import Any

from spielwerk.core.message import Arg, Message

LANGUAGES = ("en", "de", "fr")
"""The languages every catalogue is complete in; another language reads English."""


class Words:
    """The catalogues of one package (a game, or the core), over a parent's (the core's)."""

    def __init__(self, package: str, parent: Words | None = None) -> None:
        self.package = package
        self.parent = parent
        self._merged: dict[str, Mapping[str, str]] = {}

    def own(self, language: str) -> Mapping[str, str]:
        """This package's catalogue of `language` alone (empty where it has no file)."""
        return self._own_by_language.get(language, {})

    @cached_property
    def _own_by_language(self) -> dict[str, dict[str, str]]:
        return {language: _load(self.package, language) for language in LANGUAGES}

    def catalogue(self, language: str = "en") -> Mapping[str, str]:
        """Key -> text in `language` (English for a language we do not speak), the parent's keys
        included; a key the language lacks reads English (tests keep that from happening)."""
        code = language if language in LANGUAGES else "en"
        merged = self._merged.get(code)
        if merged is None:
            merged = dict(self.parent.catalogue(code)) if self.parent else {}
            if code != "en":
                merged.update(self.own("en"))
            merged.update(self.own(code))
            self._merged[code] = merged
        return merged

    def message(self, key: str, /, **args: Arg) -> Message:
        """A `Message` of this catalogue: `say("gyges.move.exact", ring="c1", height=2)`."""
        return Message(key, args, self)

    def text(self, key: str, language: str = "en", /, **args: Arg) -> str:
        """The text of `key` with `args` in `language`."""
        return Message(key, args, self).render(language)

    def __repr__(self) -> str:
        return f"Words({self.package!r})"


def _load(package: str, language: str) -> dict[str, str]:
    try:
        source = importlib.resources.files(package).joinpath("words", f"{language}.toml")
        text = source.read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return {}
    data: dict[str, Any] = tomllib.loads(text)
    bad = [key for key, value in data.items() if not isinstance(value, str)]
    if bad:
        raise ValueError(f"{package} words/{language}.toml: values must be texts (keys {', '.join(bad[:5])})")
    return data


CORE = Words("spielwerk.core")
"""The core's own words: what every game says alike (turns, seats, endings, lists)."""

say = CORE.message
