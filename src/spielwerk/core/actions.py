"""Action values more than one game uses."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Word:
    """A decision named by one word and nothing else (`pass`, `end`, `refresh`)."""

    word: str

    def __str__(self) -> str:
        return self.word
