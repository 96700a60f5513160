"""Grani's words: its catalogues (`words/en.toml`, `de.toml`, `fr.toml`) over the core's, and `say`,
which makes a `Message` of them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spielwerk.core.catalogue import CORE, Words
from spielwerk.core.message import Arg, is_message_json, render_json

WORDS = Words("spielwerk.games.grani", parent=CORE)
"""Every text Grani shows, by key, in English, German and French."""

say = WORDS.message
"""`say("grani.move.steps.far", end="T9", start="G5")`: a `Message` of Grani's words."""


def text(key: str, language: str = "en", /, **args: Arg) -> str:
    """The text of `key` with `args` in `language`."""
    return WORDS.text(key, language, **args)


def said(data: Mapping[str, Any], name: str, language: str = "en") -> str:
    """A text a view carries (`waiting_for`, a result's `reason`) in `language`: rendered from its
    message (`<name>_message`) where there is one, else the English as it stands."""
    message = data.get(f"{name}_message")
    if isinstance(message, Mapping) and is_message_json(message):
        return render_json(WORDS.catalogue(language), message, language)
    return str(data.get(name) or "")
