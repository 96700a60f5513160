"""Chance as a player: the CHANCE seat and the seeded rolls behind `resolve_chance`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from hashlib import blake2b
from operator import itemgetter
from typing import TypeVar

CHANCE = -1
"""The value of `State.to_move` at a chance node."""

T = TypeVar("T")
_PROBABILITY = itemgetter(1)
_UNIT = 2.0**-53
ROLLS = "blake2b"
"""The name of how `chance_roll` rolls, for results that must not pair games of different dice (until
2026-11-28 a `random.Random` seeded per event)."""


def chance_roll(seed: int, index: int) -> float:
    """The number in [0, 1) that decides the `index`-th chance event of a game started with `seed`.

    Deriving each event's roll from (seed, index) makes the real dice a pure function of the seed
    and the number of chance events so far: clones, undo and replays see the same dice, and nothing a
    search does to a copy can move the real stream along.

    The roll is the first 53 bits of the 8-byte BLAKE2b digest of the text `spielwerk:{seed}:{index}`,
    read as a big-endian number and scaled into [0, 1): a hash spreads every input evenly, and one
    costs about a seventh of seeding a `random.Random` per event (what the stream was before).
    """
    digest = blake2b(f"spielwerk:{seed}:{index}".encode(), digest_size=8).digest()
    return (int.from_bytes(digest, "big") >> 11) * _UNIT


def chance_draw(seed: int, index: int, outcomes: Sequence[tuple[T, float]]) -> T:
    """The outcome of the `index`-th chance event of a game started with `seed`, drawn from
    `(outcome, probability)` pairs by its `chance_roll` (a sole outcome needs no roll)."""
    if len(outcomes) == 1:
        return outcomes[0][0]
    return pick_at(chance_roll(seed, index), outcomes)


def pick_weighted(rng: random.Random, outcomes: Sequence[tuple[T, float]]) -> T:
    """Draw one outcome from `(outcome, probability)` pairs."""
    if len(outcomes) == 1:
        return outcomes[0][0]
    return pick_at(rng.random(), outcomes)


def pick_at(roll: float, outcomes: Sequence[tuple[T, float]]) -> T:
    """The outcome a `roll` in [0, 1) falls on, the pairs' probabilities laid end to end in order."""
    left = roll * sum(map(_PROBABILITY, outcomes))  # added up in order, as a loop would
    for outcome, probability in outcomes:
        left -= probability
        if left < 0:
            return outcome
    return outcomes[-1][0]
