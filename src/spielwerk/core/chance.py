"""Chance as a player: the CHANCE seat and the seeded stream behind `resolve_chance`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from hashlib import sha512
from operator import itemgetter
from typing import TypeVar

CHANCE = -1
"""The value of `State.to_move` at a chance node."""

T = TypeVar("T")
_PROBABILITY = itemgetter(1)


def chance_stream(seed: int, index: int) -> random.Random:
    """The generator for the `index`-th chance event of a game started with `seed`.

    Deriving each event's generator from (seed, index) makes the real dice a pure function
    of the seed and the number of chance events so far: clones, undo and replays see the
    same dice, and nothing a search does to a copy can move the real stream along.

    The stream is `random.Random(f"spielwerk:{seed}:{index}")`, seeded here from the number that
    `random.Random` makes of such a text (its version 2 seeding), which skips a round of its checks.
    """
    text = f"spielwerk:{seed}:{index}".encode()
    return random.Random(int.from_bytes(text + sha512(text).digest(), "big"))


def pick_weighted(rng: random.Random, outcomes: Sequence[tuple[T, float]]) -> T:
    """Draw one outcome from `(outcome, probability)` pairs."""
    if len(outcomes) == 1:
        return outcomes[0][0]
    roll = rng.random() * sum(map(_PROBABILITY, outcomes))  # added up in order, as a loop would
    for outcome, probability in outcomes:
        roll -= probability
        if roll < 0:
            return outcome
    return outcomes[-1][0]
