"""Avalon's words: its catalogues (`words/en.toml`, `de.toml`, `fr.toml`) and the content's prose
(`content/text.<lang>.toml`: names, events, dreams, verses), one catalogue over the core's.

Each text has one home: the engine's sentences and labels live in `words/`, the content's names and
prose in `content/` (where the content's authors and `contentcheck` keep them), each under its own
keys (`location.7`, `event.T1`, `verse.7a.start`); `WORDS.own(language)` holds both, so
`game.words(language)` names everything Avalon shows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spielwerk.core.catalogue import CORE, Words
from spielwerk.core.message import Message
from spielwerk.games.avalon.content import CONTENT, Amount


class AvalonWords(Words):
    """Avalon's own catalogue joined with the content's prose, the same keys in every language."""

    def __init__(self, package: str, parent: Words | None = None) -> None:
        super().__init__(package, parent)
        self._joined: dict[str, Mapping[str, str]] = {}

    def own(self, language: str) -> Mapping[str, str]:
        """The words of `language` and the content's prose in it (a key in both is a mistake)."""
        joined = self._joined.get(language)
        if joined is None:
            words = super().own(language)
            prose = CONTENT.texts.get(language, {})
            twice = sorted(set(words) & set(prose))
            if twice:
                raise ValueError(f"avalon words/{language}.toml repeats content keys: {', '.join(twice[:5])}")
            joined = self._joined[language] = {**words, **prose}
        return joined


WORDS = AvalonWords("spielwerk.games.avalon", parent=CORE)
"""Every sentence and name Avalon says, by key, in English, German and French."""

say = WORDS.message
"""A `Message` of Avalon's catalogue: `say("avalon.action.explore.energy", text="'explore'", energy=1)`."""


def text(key: str, language: str = "en", /, **args: Any) -> str:
    """The text of `key` with `args` in `language` (English where we do not speak it)."""
    return WORDS.text(key, language, **args)


def name(number: int) -> Message:
    """A character's name ("Cadoc")."""
    return say(f"character.{number}")


def place(number: int) -> Message:
    """A location's name ("Ashford", "Aschfurt")."""
    return say(f"location.{number}")


def word(kind: str) -> Message:
    """A resource's, pool's or attribute's word as it reads in a sentence ("food", "health", "might")."""
    return say(f"word.{kind}")


def amount(value: Amount) -> Message:
    """A cost or damage ("wealth 1", "health 2"; "1 Reichtum")."""
    return say("amount", what=word(value.kind), n=value.n)


def amounts(values: tuple[Amount, ...]) -> Message:
    """Costs joined with commas ("wealth 1, magic 1")."""
    joined = say("amount", what=word(values[0].kind), n=values[0].n)
    for value in values[1:]:
        joined = say("amount.more", first=joined, then=amount(value))
    return joined
