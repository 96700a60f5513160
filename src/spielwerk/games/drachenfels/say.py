"""Drachenfels' words: its catalogues (`words/en.toml`, `de.toml`, `fr.toml`) over the core's, and the
`Message`s of the names it says most (seats, cards, places)."""

from __future__ import annotations

from spielwerk.core.catalogue import CORE, Words
from spielwerk.core.message import Message

WORDS = Words("spielwerk.games.drachenfels", parent=CORE)
say = WORDS.message

_KINDS = ("1", "2", "3", "4", "5", "rainbow", "bridge", "dragon", "teletransfer", "cloud")
"""The card kinds by number (`cards.KINDS`, which this module cannot import: cards comes first)."""


def colour_name(colour: str) -> Message | str:
    """A knight's colour ("red") as the seat's name in the reader's language; other text as it is."""
    key = f"seat.{colour}"
    return say(key) if key in WORDS.own("en") else colour


def card_name(kind: int | str) -> Message | str:
    """A card's name ("dragon", "3") by kind number or notation word; other text as it is."""
    word = _KINDS[kind] if isinstance(kind, int) else kind
    key = f"card.{word}"
    return say(key) if key in WORDS.own("en") else word


def a_card(kind: int) -> Message:
    """A card with its article, as an object: "a dragon", "a 3"."""
    return say(f"card.{_KINDS[kind]}.a")


def counted_cards(count: int, kind: int) -> Message:
    """`count` cards of `kind`: "1 card of 3 points", "2 dragon cards"."""
    if kind < 5:
        return say("card.counted.points", count=count, points=say("card.points", count=kind + 1))
    return say("card.counted.magic", count=count, card=card_name(kind))

