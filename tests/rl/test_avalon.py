"""Avalon's research bridge: a fixed index space derived from the content, every legal decision
round-trips, the mask is the legal set, observations from the seat's view only (twins that differ in
secrets observe alike), and PettingZoo's api_test and seed_test for 1 to 4 players."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

from spielwerk import rl
from spielwerk.games.avalon.content import CONTENT
from spielwerk.games.avalon.notation import WORDS, Move
from spielwerk.games.avalon.rules import AvalonState
from spielwerk.rl.avalon import ACTIONS, index_move
from tests.avalon.helpers import day
from tests.avalon.test_leaks import twins
from tests.rl.helpers import playout

PLAYERS = (1, 2, 3, 4)


def test_avalon_index_space_is_pinned_and_derived_from_the_content() -> None:
    assert rl.num_actions("avalon") == 108 == ACTIONS.size
    assert all(rl.num_actions("avalon", players) == 108 for players in PLAYERS)
    assert [rl.observation_size("avalon", players) for players in PLAYERS] == [836, 907, 978, 1049]
    assert rl.version("avalon") == 1
    pinned = {"explore": 0, "travel north": 1, "travel west": 4, "act forage": 5, "act bell": 18,
              "act douse": 20, "activate": 21, "challenge widow": 23, "give food to 1": 24,
              "give food to 2": 25, "give bell to 4": 79, "wait": 80, "pass": 81, "join 1": 82,
              "decline": 86, "choose 3": 89, "fight": 90, "flee": 91, "equip hammer": 92,
              "rest fast": 101, "improve might": 102, "improve none": 107}
    state = spielwerk_state(2)
    for text, index in pinned.items():
        word, _, arg = text.partition(" ")
        assert rl.codec("avalon").encode(state, Move(word, arg)) == index, text
    texts = [str(index_move(index)) for index in range(ACTIONS.size)]
    assert len(set(texts)) == ACTIONS.size and {text.split()[0] for text in texts} <= WORDS
    for place in CONTENT.locations.values():
        if place.action:
            assert f"act {place.action.slug}" in texts
    for quest in CONTENT.quests.values():
        assert not quest.slug or f"act {quest.slug}" in texts
    assert {f"equip {slug}" for slug in CONTENT.items} <= set(texts)
    gifts = {f"give {thing} to {n}" for thing in ("mirror", "horn", "bell", "lantern") for n in (1, 2, 3, 4)}
    assert gifts <= set(texts)


def spielwerk_state(players: int) -> AvalonState:
    import spielwerk

    state = spielwerk.game("avalon").new_state(players=players, seed=0)
    assert isinstance(state, AvalonState)
    return state


@pytest.mark.parametrize("players", PLAYERS)
def test_avalon_every_legal_decision_round_trips_and_the_mask_is_the_legal_set(players: int) -> None:
    seen: set[int] = set()
    for seed in range(6):
        for state in playout("avalon", players, seed, steps=300):
            legal = state.legal_actions()
            indices = rl.legal_indices(state)
            assert len(indices) == len(legal) and set(indices.values()) == set(legal)
            for index, action in indices.items():
                assert rl.action_index(state, action) == index
                assert rl.action_from_index(state, index) == action
            mask = rl.action_mask(state)
            assert mask.shape == (108,) and set(np.flatnonzero(mask)) == set(indices)
            refused = int(np.flatnonzero(mask == 0)[0])
            with pytest.raises(ValueError):
                rl.action_from_index(state, refused)
            seen |= set(indices)
    assert len(seen) > (20 if players == 1 else 40)  # alone, nobody to give to or join


def test_avalon_chance_outcomes_and_strangers_have_no_index() -> None:
    state = spielwerk_state(1)
    for action in (Move("die", "4"), Move("verse", "7a"), Move("event", "T1"), Move("travel", "up"),
                   Move("give", "food to 7"), Move("choose", "4")):
        with pytest.raises(ValueError):
            rl.action_index(state, action)
    for index in (-1, 108):
        with pytest.raises(ValueError):
            rl.action_from_index(state, index)


@pytest.mark.parametrize("players", PLAYERS)
def test_avalon_observation_shape_is_fixed_and_its_values_come_from_the_view(players: int) -> None:
    size = rl.observation_size("avalon", players)
    layout = rl.observation_layout("avalon", players)
    last = list(layout.values())[-1]
    assert last["offset"] + int(np.prod(last["shape"])) == size
    me = layout["me"]["offset"]
    for state in playout("avalon", players, players, steps=200):
        view = state.view(None)
        for seat in (None, *range(players)):
            seen = rl.observation(state, seat)
            assert seen.shape == (size,) and seen.dtype == np.float32
            assert np.isfinite(seen).all() and (seen >= 0).all()
            assert seen[me:me + players].tolist() == [float(s == seat) for s in range(players)]
        seen = rl.observation(state, None)
        assert seen[layout["day"]["offset"]] == view["day"]
        turn = layout["turn"]["offset"]
        assert seen[turn:turn + players].tolist() == [float(s == state.to_move) for s in range(players)]


@pytest.mark.parametrize(("players", "characters"), [(1, "1"), (2, "1,3"), (3, "1,3,4"), (4, "1,2,3,4")])
def test_avalon_twins_that_differ_in_secrets_observe_alike(players: int, characters: str) -> None:
    compared = hidden = 0
    for seed in range(2):
        for seat in range(players):
            if characters.split(",")[seat] == "2":
                continue  # Elowen scouts backs her twin's seat cannot know: the next test shows it
            for a, b in twins(players, 100 + seed * 10 + seat, seat, characters):
                assert np.array_equal(rl.observation(a, seat), rl.observation(b, seat))
                if not a.is_chance and a.to_move == seat:
                    assert np.array_equal(rl.action_mask(a), rl.action_mask(b))
                hidden += a.backs != b.backs or a.top != b.top
                compared += 1
    assert compared > 30 * players and hidden > 10  # the twins did hold different secrets


def test_avalon_determinized_worlds_observe_alike_and_knowledge_shows() -> None:
    differ = 0
    for state in playout("avalon", 3, 5, steps=120):
        assert isinstance(state, AvalonState)
        for seat in range(3):
            world = state.determinize(seat, random.Random(seat))
            assert np.array_equal(rl.observation(world, seat), rl.observation(state, seat))
            differ += world.backs != state.backs
    assert differ > 10
    scouted = day(players=2, options={"characters": "1,2"}, known=[[], [7, 8, 12, 13, 14, 17]])
    back = rl.observation_layout("avalon", 2)["back"]["offset"]
    elowen, cadoc = rl.observation(scouted, 1), rl.observation(scouted, 0)
    ashford = back + 3 * 6  # location 7, its three slots: face down, a, b
    assert elowen[ashford:ashford + 3].tolist() == [0.0, 1.0, 0.0]
    assert cadoc[ashford:ashford + 3].tolist() == [1.0, 0.0, 0.0]


def test_avalon_augury_card_shows_to_its_group_only() -> None:
    state = day(players=2, heroes={0: {"location": 19, "magic": 1}}, placed=[6, 7, 8, 12, 13, 14, 17, 18, 19],
                menhirs=[[13, 3], [15, 2]])
    state.apply("act augury")
    state.apply("event T1")
    top = rl.observation_layout("avalon", 2)["top_event"]["offset"]
    t1 = 1 + list(CONTENT.events).index("T1")
    assert rl.observation(state, 0)[top + t1] == 1.0 and rl.observation(state, 0)[top] == 0.0
    assert rl.observation(state, 1)[top] == 1.0 and not rl.observation(state, 1)[top + 1:top + 21].any()


@pytest.mark.parametrize("players", PLAYERS)
def test_avalon_pettingzoo_api_and_seed_tests_pass(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on names and dict observations, not failures
        api_test(rl.env("avalon", players), num_cycles=1000)
        seed_test(lambda: rl.env("avalon", players), num_cycles=500)
    env = rl.env("avalon", 2, characters="1,3")
    assert env.possible_agents == ["Cadoc", "Morwen"]


@pytest.mark.parametrize("players", PLAYERS)
def test_avalon_every_seat_gets_the_same_cooperative_return(players: int) -> None:
    env = rl.env("avalon", players)
    for seed in range(3):
        env.reset(seed=seed)
        rng, rewards = np.random.default_rng(seed), {agent: 0.0 for agent in env.possible_agents}
        for agent in env.agent_iter():
            observed, reward, terminated, truncated, _ = env.last()
            rewards[agent] += reward
            if terminated or truncated:
                assert terminated and not truncated  # the last day's loss is a rule, not a limit
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observed["action_mask"]))))
        assert env.state.is_over and set(rewards.values()) == {env.state.returns()[0]}
    env = rl.env("avalon", 2)
    env.reset(seed=0)
    relics = {0: {"location": 10, "relics": ["bell", "horn"]}, 1: {"location": 10, "relics": ["mirror"]}}
    env.state = day(players=2, menhirs=[[13, 3], [10, 2]], placed=[6, 7, 8, 9, 10, 12, 13, 14], heroes=relics)
    env._advance()
    env.step(rl.action_index(env.state, Move("act", "wake")))
    env.step(rl.action_index(env.state, Move("decline")))
    assert env.rewards == {"Cadoc": 1.0, "Elowen": 1.0} and all(env.terminations.values())
