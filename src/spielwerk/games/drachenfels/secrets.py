"""Determinization: a full Drachenfels state a seat cannot tell from the real one.

The seat knows its own hand, the public piles, every hand's size, the cards it saw go into other
hands, and the princesses it looked at. Everything else is dealt afresh: the unknown cards are
shuffled (uniformly, as distinct cards) into the other hands and the draw pile, and the princesses
it has not seen are put in an order drawn uniformly from those consistent with every look so far
(a knight who looked in vain found someone else's princess). The sample depends only on what the
seat knows and on `rng`, never on the real hidden facts.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar

from spielwerk.games.drachenfels import cards
from spielwerk.games.drachenfels.cards import EMPTY, Hand
from spielwerk.games.drachenfels.rules import ORDERS

if TYPE_CHECKING:
    from spielwerk.games.drachenfels.rules import DrachenfelsState

S = TypeVar("S", bound="DrachenfelsState")


def determinize(state: S, seat: int | None, rng: random.Random) -> S:
    """A copy of `state` with everything hidden from `seat` sampled anew, and a fresh seed."""
    dealing = _dealing(state, seat)
    world = state.clone()
    world.seed = rng.getrandbits(32)
    world.hands, world.deck = dealing.deal(rng)
    world.princesses = place_princesses(state, seat, rng)
    world.known = dealing.known
    world.dealt = None
    world.begin_here()
    return world


def deal_unknown(
    state: DrachenfelsState, seat: int | None, rng: random.Random
) -> tuple[tuple[Hand, ...], Hand]:
    """The hands and the draw pile with every card `seat` cannot place dealt at random."""
    return Dealing(state, seat).deal(rng)


class Dealing:
    """What a determinization of one position for one seat deals: the cards the seat cannot place, and
    per hand the cards it knows and how many it does not (a search deals the same position again and
    again)."""

    __slots__ = ("hands", "known", "unknown")

    def __init__(self, state: DrachenfelsState, seat: int | None) -> None:
        known = state.known[seat] if seat is not None else (EMPTY,) * state.players
        pool = cards.minus(cards.deck_for(state.players), cards.of(state.discard))
        for other, hand in enumerate(state.hands):
            pool = cards.minus(pool, hand if other == seat else known[other])
        self.unknown = cards.cards(pool)
        self.hands = tuple(
            (hand, -1) if other == seat else (known[other], cards.size(hand) - cards.size(known[other]))
            for other, hand in enumerate(state.hands)
        )
        """Per seat: the seat's own hand and -1, or the cards known of it and how many more it holds."""
        self.known = tuple(
            tuple(hand if watcher == seat or other == seat else EMPTY for other, hand in enumerate(row))
            for watcher, row in enumerate(state.known)
        )
        """What each seat knows of the others' hands in the world: only what `seat` can know."""

    def deal(self, rng: random.Random) -> tuple[tuple[Hand, ...], Hand]:
        """The hands and the draw pile, the unknown cards shuffled by `rng`."""
        unknown = list(self.unknown)
        rng.shuffle(unknown)
        hands = []
        for hand, need in self.hands:
            if need < 0:
                hands.append(hand)
                continue
            hands.append(cards.plus(hand, cards.of(unknown[:need])))
            unknown = unknown[need:]
        return tuple(hands), cards.of(unknown)


def _dealing(state: DrachenfelsState, seat: int | None) -> Dealing:
    """The `Dealing` of `state` for `seat`, kept by the state until it changes."""
    kept = state.dealt
    if kept is None:
        kept = state.dealt = {}
    found = kept.get(seat)
    if found is None:
        found = kept[seat] = Dealing(state, seat)
    return found


def place_princesses(state: DrachenfelsState, seat: int | None, rng: random.Random) -> tuple[int, ...]:
    """An order of the princesses drawn uniformly from those `seat` cannot rule out."""
    if not state.princesses or state.winner >= 0:
        return state.princesses
    possible = _possible(state.princesses, state.looked, seat)
    return possible[rng.randrange(len(possible))]


@lru_cache(maxsize=256)
def _possible(
    princesses: tuple[int, ...], looked: tuple[tuple[int, ...], ...], seat: int | None
) -> tuple[tuple[int, ...], ...]:
    """The orders agreeing with the princesses `seat` saw and with every look in vain (a search asks
    for them once per world: they are kept)."""
    return tuple(order for order in ORDERS if consistent(princesses, looked, seat, order))


def consistent(
    princesses: tuple[int, ...], looked: tuple[tuple[int, ...], ...], seat: int | None, order: tuple[int, ...]
) -> bool:
    """Whether `order` agrees with the princesses `seat` saw and with every look in vain."""
    for castle, lookers in enumerate(looked):
        if seat is not None and seat in lookers and order[castle] != princesses[castle]:
            return False
        if order[castle] in lookers:
            return False
    return True
