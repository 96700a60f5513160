"""Chance: cards drawn and taken at random come from the game's seeded stream, as the core draws them."""

from __future__ import annotations

import random

from spielwerk.core.chance import chance_draw
from spielwerk.core.state import State
from tests.drachenfels.helpers import fresh


def test_drachenfels_chance__resolved_as_the_core_resolves_it() -> None:
    rng = random.Random(5)
    for players in (2, 3, 4):
        for seed in range(3):
            state = fresh(players, seed)
            for _ in range(600):
                if state.is_over:
                    break
                if state.is_chance:
                    outcomes = state.chance_outcomes()
                    if len(outcomes) > 1:
                        expected = chance_draw(state.seed, state._chance_events, outcomes)
                        copy = state.clone()
                        assert State.resolve_chance(copy) == expected
                        assert state.resolve_chance() == expected
                    else:
                        assert state.resolve_chance() == outcomes[0][0]
                else:
                    actions = state.legal_actions()
                    state.apply(actions[int(rng.random() * len(actions))])
