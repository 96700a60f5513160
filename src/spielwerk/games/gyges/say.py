"""Gygès's words: its catalogues (`words/en.toml`, `de.toml`, `fr.toml`) over the core's."""

from __future__ import annotations

from spielwerk.core.catalogue import CORE, Words
from spielwerk.core.message import Message

WORDS = Words("spielwerk.games.gyges", parent=CORE)
"""Every sentence Gygès says, by key, in English, German and French."""

say = WORDS.message
"""A `Message` of Gygès's catalogue: `say("gyges.move.exact", start="c1", end="c4", count=2)`."""

SEAT_KEYS = ("seat.south", "seat.north")


def side_name(side: int) -> Message:
    """A side's name (0 South, 1 North) as it reads inside a sentence: "south", "Süd"."""
    return say(SEAT_KEYS[side])
