"""Golden checks of the walk generator: against brute force over many played positions."""

from __future__ import annotations

import random

from spielwerk.games.drachenfels import movegen
from tests.drachenfels.helpers import fresh
from tests.drachenfels.reference import reference_ends


def test_drachenfels_move_exact__walks_match_brute_force_in_played_positions() -> None:
    checked = 0
    for seed in range(8):
        state = fresh(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_over:
                break
            if state.is_chance:
                state.resolve_chance()
                continue
            seat = state.seat
            table = movegen.Table(
                state.knights, frozenset(state.dragons), frozenset(state.bridges), state.rainbows
            )
            for count in (1, 2, 3, 4, 5, 8, 10):
                fast = set(movegen.walk_ends(table, seat, count, state.armour[seat]))
                assert fast == reference_ends(state, seat, count), (count, state.view(None))
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 5000
