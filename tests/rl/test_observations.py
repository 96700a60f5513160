"""Observations: a fixed shape per game and player count, built from the seat's view only (twin games
that differ only in what the seat cannot know look the same), and they do show what the seat knows."""

from __future__ import annotations

import random

import numpy as np
import pytest

import spielwerk
from spielwerk import rl
from tests.drachenfels.twins import position_twins, twins
from tests.gyges.helpers import gyges, play
from tests.rl.helpers import playout


@pytest.mark.parametrize(("game_id", "players"), [("gyges", 2), ("drachenfels", 2), ("drachenfels", 3),
                                                   ("drachenfels", 4), ("grani", 3), ("grani", 6)])
def test_observation_shape_is_fixed_and_the_values_finite(game_id: str, players: int) -> None:
    size = rl.observation_size(game_id, players)
    layout = rl.observation_layout(game_id, players)
    last = list(layout.values())[-1]
    assert last["offset"] + int(np.prod(last["shape"])) == size
    for seed in range(3):
        for state in playout(game_id, players, seed, steps=150):
            for seat in (None, *range(players)):
                seen = rl.observation(state, seat)
                assert seen.shape == (size,) and seen.dtype == np.float32
                assert np.isfinite(seen).all() and (seen >= 0).all()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_drachenfels_twins_look_the_same_to_the_seat_they_are_twins_for(players: int) -> None:
    compared = secret = 0
    for seed in range(3):
        for seat in range(players):
            for a, b in twins(players, 40 + seed * 10 + seat, seat, 120):
                assert np.array_equal(rl.observation(a, seat), rl.observation(b, seat))
                if not a.is_chance and a.to_move == seat:
                    assert np.array_equal(rl.action_mask(a), rl.action_mask(b))
                compared += 1
                secret += (a.hands, a.deck, a.princesses) != (b.hands, b.deck, b.princesses)
    assert compared > 150 * players
    assert secret > compared // 2  # the twins really differ in what the seat cannot see


def test_drachenfels_twins_from_positions_and_for_a_spectator_look_the_same() -> None:
    compared = 0
    for seed in range(3):
        for seat in (None, 0, 1):
            for a, b in position_twins(3, 700 + seed, seat, 60):
                assert np.array_equal(rl.observation(a, seat), rl.observation(b, seat))
                compared += 1
    assert compared > 100


def test_drachenfels_determinized_worlds_look_the_same_to_their_seat() -> None:
    for state in playout("drachenfels", 4, 5, steps=200):
        for seat in range(4):
            world = state.determinize(seat, random.Random(seat))
            assert np.array_equal(rl.observation(world, seat), rl.observation(state, seat))


def test_drachenfels_observation_shows_the_seats_own_hand_and_not_others() -> None:
    state = next(playout("drachenfels", 3, 2))
    layout = rl.observation_layout("drachenfels", 3)
    hand = slice(layout["hand"]["offset"], layout["hand"]["offset"] + 10)
    views = [rl.observation(state, seat)[hand] for seat in range(3)]
    for seat, seen in enumerate(views):
        assert seen.sum() == len(state.view(seat)["hand"]) > 0
    assert rl.observation(state, None)[hand].sum() == 0
    twin_hands = {tuple(seen) for seen in views}
    assert len(twin_hands) > 1  # seats see their own, different hands


def test_drachenfels_a_seen_princess_shows_only_to_who_looked() -> None:
    state = spielwerk.game("drachenfels").new_state(seed=1, position={
        "knights": {"red": "S1", "blue": "S2"}, "princesses": ["yellow", "blue", "red", "green"],
        "looked": {"C2": ["red"]}, "armour": ["red"],
    })
    layout = rl.observation_layout("drachenfels", 2)
    start = layout["princesses"]["offset"]
    princesses = [rl.observation(state, seat)[start : start + 16].reshape(4, 4) for seat in (0, 1)]
    assert princesses[0][1].tolist() == [0, 1, 0, 0] and princesses[0].sum() == 1  # C2: blue's
    assert princesses[1].sum() == 0


def test_gyges_observation_shows_the_board() -> None:
    state = spielwerk.game("gyges").new_state(position="321123/....../....../....../....../123321 s")
    seen = rl.observation(state, 1)
    layout = rl.observation_layout("gyges")
    rings = seen[: 108].reshape(3, 6, 6)
    assert rings[0, 0].tolist() == [1, 0, 0, 0, 0, 1] and rings[2, 5].tolist() == [1, 0, 0, 0, 0, 1]
    assert rings.sum() == 12
    me = layout["me"]["offset"]
    assert seen[me : me + 2].tolist() == [0, 1]


def test_gyges_observation_counts_the_repetitions_and_a_pass_just_made() -> None:
    """Twins on the same board, one of them back there after a round of moves, look different (a third
    time draws), and so does a position right after a pass (a second one draws); version 2."""
    layout = rl.observation_layout("gyges")
    repeated, passed = layout["repetitions"]["offset"], layout["passed"]["offset"]
    first = gyges(".....1/....../....../....../....../1..... s")
    again = play(gyges(first.position()), "a1-b1", "f6-e6", "b1-a1", "e6-f6")
    assert again.position() == first.position()
    assert (first.view(None)["repetitions"], again.view(None)["repetitions"]) == (1, 2)
    seen_first, seen_again = rl.observation(first, 0), rl.observation(again, 0)
    assert seen_first[repeated : repeated + 2].tolist() == [1, 0]
    assert seen_again[repeated : repeated + 2].tolist() == [0, 1]
    assert seen_first[:108].tolist() == seen_again[:108].tolist()
    empty = gyges("....../....../....../....../....../...... s")
    assert rl.observation(empty, 1)[passed] == 0.0
    empty.apply("pass")
    assert empty.view(None)["passes"] == 1
    assert rl.observation(empty, 1)[passed] == 1.0
    assert rl.observation(empty, 1)[repeated : repeated + 2].tolist() == [1, 0]
