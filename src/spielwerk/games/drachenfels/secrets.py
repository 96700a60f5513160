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
    world = state.clone()
    world.seed = rng.getrandbits(32)
    world.hands, world.deck = deal_unknown(state, seat, rng)
    world.princesses = place_princesses(state, seat, rng)
    world.known = tuple(
        tuple(hand if watcher == seat or other == seat else EMPTY for other, hand in enumerate(row))
        for watcher, row in enumerate(state.known)
    )
    world.begin_here()
    return world


def deal_unknown(
    state: DrachenfelsState, seat: int | None, rng: random.Random
) -> tuple[tuple[Hand, ...], Hand]:
    """The hands and the draw pile with every card `seat` cannot place dealt at random."""
    known = state.known[seat] if seat is not None else (EMPTY,) * state.players
    pool = cards.minus(cards.deck_for(state.players), cards.of(state.discard))
    for other, hand in enumerate(state.hands):
        pool = cards.minus(pool, hand if other == seat else known[other])
    unknown = cards.cards(pool)
    rng.shuffle(unknown)
    hands = []
    for other, hand in enumerate(state.hands):
        if other == seat:
            hands.append(hand)
            continue
        need = cards.size(hand) - cards.size(known[other])
        hands.append(cards.plus(known[other], cards.of(unknown[:need])))
        unknown = unknown[need:]
    return tuple(hands), cards.of(unknown)


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
