"""The seeded chance stream and weighted draws."""

from __future__ import annotations

import random

import spielwerk
from spielwerk.core.chance import CHANCE, chance_stream, pick_weighted


def test_the_stream_depends_only_on_seed_and_event_number() -> None:
    assert chance_stream(7, 3).random() == chance_stream(7, 3).random()
    assert chance_stream(7, 3).random() != chance_stream(7, 4).random()
    assert chance_stream(7, 3).random() != chance_stream(8, 3).random()


def test_the_stream_is_the_generator_seeded_with_its_text() -> None:
    for seed in (0, 1, 7, 2**31 + 5):
        for index in (0, 1, 2, 99, 1234):
            text = random.Random(f"spielwerk:{seed}:{index}")
            assert chance_stream(seed, index).random() == text.random()


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
