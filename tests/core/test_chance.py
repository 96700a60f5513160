"""The seeded chance rolls and weighted draws."""

from __future__ import annotations

import random
from hashlib import blake2b

import spielwerk
from spielwerk.core.chance import CHANCE, chance_draw, chance_roll, pick_at, pick_weighted


def test_the_roll_depends_only_on_seed_and_event_number() -> None:
    assert chance_roll(7, 3) == chance_roll(7, 3)
    assert chance_roll(7, 3) != chance_roll(7, 4)
    assert chance_roll(7, 3) != chance_roll(8, 3)


def test_the_roll_is_the_scaled_hash_of_its_text() -> None:
    for seed in (0, 1, 7, 2**31 + 5, 2**128 - 1):
        for index in (0, 1, 2, 99, 1234):
            digest = blake2b(f"spielwerk:{seed}:{index}".encode(), digest_size=8).digest()
            assert chance_roll(seed, index) == (int.from_bytes(digest, "big") >> 11) / 2**53


def test_rolls_spread_evenly_over_the_unit_interval() -> None:
    rolls = [chance_roll(3, index) for index in range(20_000)]
    assert min(rolls) >= 0.0 and max(rolls) < 1.0
    tenths = [0] * 10
    for roll in rolls:
        tenths[int(roll * 10)] += 1
    assert all(1_850 < count < 2_150 for count in tenths)  # about 7 standard deviations apart


def test_a_roll_falls_on_the_outcome_its_probabilities_cover() -> None:
    outcomes = [("a", 0.5), ("b", 0.25), ("c", 0.25)]
    assert [pick_at(roll, outcomes) for roll in (0.0, 0.49, 0.5, 0.74, 0.75, 0.999)] == list("aabbcc")
    assert chance_draw(7, 3, [("only", 1.0)]) == "only"
    assert chance_draw(7, 3, outcomes) == pick_at(chance_roll(7, 3), outcomes)


def test_weighted_draws_follow_the_probabilities() -> None:
    rng = random.Random(1)
    draws = [pick_weighted(rng, [("a", 0.75), ("b", 0.25)]) for _ in range(4000)]
    assert 0.72 < draws.count("a") / len(draws) < 0.78


def test_resolve_chance_draws_the_same_set_up_for_the_same_seed() -> None:
    game = spielwerk.game("gyges", setup="random")
    first, second = game.new_state(seed=11), game.new_state(seed=11)
    assert first.to_move == CHANCE
    assert [str(first.resolve_chance()) for _ in range(2)] == [str(second.resolve_chance()) for _ in range(2)]


def test_undo_of_a_chance_event_gives_the_same_draw_again() -> None:
    state = spielwerk.game("gyges", setup="random").new_state(seed=5)
    drawn = str(state.resolve_chance())
    state.undo()
    assert str(state.resolve_chance()) == drawn


def test_a_search_copy_never_moves_the_real_stream() -> None:
    state = spielwerk.game("gyges", setup="random").new_state(seed=5)
    copy = state.determinize(0, random.Random(99))
    copy.resolve_chance()
    copy.resolve_chance()
    fresh = spielwerk.game("gyges", setup="random").new_state(seed=5)
    assert str(state.resolve_chance()) == str(fresh.resolve_chance())
    assert copy.seed != state.seed
