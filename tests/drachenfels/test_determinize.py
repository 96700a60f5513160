"""Determinization: worlds a seat cannot tell from the real game, sampled fairly, from its knowledge only."""

from __future__ import annotations

import json
import random
from collections import Counter

import spielwerk
from spielwerk.games.drachenfels.position import PHASES
from tests.drachenfels.helpers import drachenfels, fresh
from tests.drachenfels.twins import twins

SAMPLES = 3000


def test_drachenfels_hidden_a_world_looks_the_same_to_its_seat() -> None:
    for seat in (0, 1, 2, None):
        for a, _ in twins(3, 40 + (seat or 3), seat, 120):
            world = a.determinize(seat, random.Random(5))
            assert world.view(seat) == a.view(seat)
            if seat is not None and a.to_move == seat:
                assert sorted(map(str, world.legal_actions())) == sorted(map(str, a.legal_actions()))


def test_drachenfels_hidden_a_world_depends_only_on_what_its_seat_knows() -> None:
    compared = 0
    for seat in (0, 1):
        for a, b in twins(2, 60 + seat, seat, 150):
            world_a = a.determinize(seat, random.Random(9))
            world_b = b.determinize(seat, random.Random(9))
            assert world_a.to_json() == world_b.to_json()
            compared += 1
    assert compared > 100


def test_drachenfels_hidden_a_world_has_no_past_and_replays_from_its_position() -> None:
    state = drachenfels(hands={"red": ["1", "dragon"], "blue": ["2", "3"]})
    world = state.determinize(0, random.Random(1))
    assert world.history == () and world.record(None)["actions"] == []
    world.apply("dragon C1>D1")
    again = spielwerk.replay(world.to_json())
    assert again.to_json() == world.to_json()
    assert again.view(1) == world.view(1)


def test_drachenfels_hidden_unknown_cards_are_dealt_uniformly() -> None:
    state = drachenfels(hands={"red": ["1"], "blue": ["2", "2", "3"]})
    dragons = Counter[int]()
    for k in range(SAMPLES):
        world = state.determinize(0, random.Random(k))
        assert world.view(1)["hand_sizes"] == {"red": 1, "blue": 3}
        dragons[world.hands[1][7]] += 1
    mean = sum(count * times for count, times in dragons.items()) / SAMPLES
    assert abs(mean - 3 * 5 / 30) < 0.05  # 5 dragons among the 30 cards red cannot see


def test_drachenfels_hidden_cards_a_seat_saw_change_hands_stay_put() -> None:
    state = drachenfels(
        hands={"red": ["1"], "blue": ["teletransfer", "2"]}, known={"red": {"blue": ["teletransfer"]}}
    )
    for k in range(200):
        assert state.determinize(0, random.Random(k)).hands[1][8] == 1


def test_drachenfels_hidden_princesses_are_placed_uniformly_among_the_possible_orders() -> None:
    state = drachenfels(
        princesses=["yellow", "red", "blue", "green"],
        looked={"C1": ["red"], "C2": ["blue"]},
        armour=["red", "blue"],
        hands={"red": ["1"], "blue": ["1"]},
    )
    orders = Counter(state.determinize(0, random.Random(k)).princesses for k in range(SAMPLES))
    # red saw yellow on C1; blue looked in vain on C2, so red or green stands there: four orders
    assert set(orders) == {(2, 0, 1, 3), (2, 0, 3, 1), (2, 3, 0, 1), (2, 3, 1, 0)}
    assert all(abs(times / SAMPLES - 0.25) < 0.04 for times in orders.values())


def test_drachenfels_hidden_a_world_survives_json_in_every_phase() -> None:
    """Before the princesses are hidden, in a duel's send phase, at the end: every world round-trips."""
    checked: Counter[str] = Counter()
    for players in (2, 3, 4):
        for seed in range(3):
            state, rng = fresh(players, seed, max_turns=8 if seed else 200), random.Random(seed)
            while True:
                if checked[state.phase] < 6 * players:
                    checked[state.phase] += 1
                    for seat in (None, *range(players)):
                        world = state.determinize(seat, rng)
                        again = state.game.state_from_json(json.loads(json.dumps(world.to_json())))
                        assert again.to_json() == world.to_json(), state.phase
                        assert again.view(seat) == world.view(seat) == state.view(seat)
                        assert list(map(str, again.legal_actions())) == list(map(str, world.legal_actions()))
                if state.is_over:
                    break
                if state.is_chance:
                    state.resolve_chance()
                else:
                    state.apply(rng.choice(state.legal_actions()))
    assert set(checked) == set(PHASES), set(PHASES) - set(checked)


def test_drachenfels_hidden_a_world_deals_afresh_the_moves_it_offers() -> None:
    state = drachenfels(hands={"red": ["1", "dragon"], "blue": ["2", "3"]})
    state.legal_actions()  # kept until the state changes
    for k in range(20):
        world = state.determinize(1, random.Random(k))
        hand = [str(action) for action in world.legal_actions() if not str(action).startswith("take")]
        assert {text.split()[0] for text in hand} <= {"refresh", *world.view(0)["hand"]}
