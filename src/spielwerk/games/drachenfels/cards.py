"""Drachenfels cards: the ten kinds, the deck for 2–4 players, hands as counts per kind."""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence

KINDS = ("1", "2", "3", "4", "5", "rainbow", "bridge", "dragon", "teletransfer", "cloud")
"""Every card kind; a kind's number is its index here."""
POINTS = range(5)
"""Kinds 0–4 are point cards worth kind + 1."""
RAINBOW, BRIDGE, DRAGON, TELETRANSFER, CLOUD = range(5, 10)
MAGIC = range(5, 10)

Hand = tuple[int, ...]
"""How many cards of each kind (a hand, the draw pile, what a seat knows of another's hand)."""

EMPTY: Hand = (0,) * len(KINDS)
FULL_DECK: Hand = (5, 5, 5, 5, 2, 4, 3, 5, 1, 1)
POINT_SET: Hand = (1, 1, 1, 1, 1, 0, 0, 0, 0, 0)
"""The point cards left out with fewer than four players."""


def deck_for(players: int) -> Hand:
    """All cards in play: the 36 cards, less one set of point cards below four players."""
    return FULL_DECK if players >= 4 else minus(FULL_DECK, POINT_SET)


def kind_of(text: str) -> int:
    """The kind a card name denotes; ValueError otherwise."""
    return KINDS.index(text.strip().lower())


def is_points(kind: int) -> bool:
    """True for the point cards 1–5."""
    return kind < RAINBOW


def size(hand: Hand) -> int:
    """How many cards."""
    return sum(hand)


def plus(hand: Hand, other: Hand) -> Hand:
    """Both together."""
    _same_kinds(hand, other)
    return tuple(map(operator.add, hand, other))


def minus(hand: Hand, other: Hand) -> Hand:
    """`hand` less `other` (which it must contain)."""
    _same_kinds(hand, other)
    return tuple(map(operator.sub, hand, other))


def _same_kinds(hand: Hand, other: Hand) -> None:
    if len(hand) != len(other):
        raise ValueError(f"hands of {len(hand)} and {len(other)} kinds")


def add(hand: Hand, kind: int, count: int = 1) -> Hand:
    """`hand` with `count` more of `kind`."""
    return (*hand[:kind], hand[kind] + count, *hand[kind + 1 :])


def without(hand: Hand, kind: int) -> Hand:
    """`hand` less one card of `kind` if it holds one; unchanged otherwise."""
    return add(hand, kind, -1) if hand[kind] else hand


def of(kinds: Iterable[int]) -> Hand:
    """The hand holding these kinds."""
    hand = list(EMPTY)
    for kind in kinds:
        hand[kind] += 1
    return tuple(hand)


def cards(hand: Hand) -> list[int]:
    """Every card of `hand` as a kind, in kind order."""
    return [kind for kind, count in enumerate(hand) for _ in range(count)]


def names(hand: Hand) -> list[str]:
    """The card names of `hand` in kind order, for views."""
    return [KINDS[kind] for kind in cards(hand)]


def outcomes(hand: Hand) -> list[tuple[int, float]]:
    """The kinds a card drawn at random from `hand` may be, with their chances."""
    total = size(hand)
    return [(kind, count / total) for kind, count in enumerate(hand) if count]


def contains(hand: Hand, other: Sequence[int]) -> bool:
    """True if `hand` holds at least the cards of `other`."""
    return all(a >= b for a, b in zip(hand, other, strict=True))
