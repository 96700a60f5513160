"""The PettingZoo environment: PettingZoo's own API and seed tests, agents named after the seats,
chance drawn inside, the game's returns at the end, limits as truncations."""

from __future__ import annotations

import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

from spielwerk import rl
from spielwerk.rl.aec import SpielwerkEnv

CASES = [("gyges", 2, {}), ("gyges", 2, {"setup": "random", "throne_captures": 3}),
         ("drachenfels", 2, {}), ("drachenfels", 3, {}), ("drachenfels", 4, {}),
         ("grani", 3, {}), ("grani", 4, {"seals_to_win": 2}), ("grani", 5, {"max_turns": 40}),
         ("grani", 6, {})]


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_pettingzoo_api_and_seed_tests_pass(game_id: str, players: int, options: dict[str, Any]) -> None:
    cycles = 300 if game_id == "grani" else 1000  # a Grani game runs to thousands of steps
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on names and dict observations, not failures
        api_test(rl.env(game_id, players, **options), num_cycles=cycles)
        seed_test(lambda: rl.env(game_id, players, **options), num_cycles=cycles // 2)


@pytest.mark.parametrize("options", [{}, {"setup": "random", "throne_captures": 3}])
def test_gyges_in_parts_passes_the_api_and_seed_tests(options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(rl.env("gyges", parts=True, **options), num_cycles=1000)
        seed_test(lambda: rl.env("gyges", parts=True, **options), num_cycles=500)


def test_gyges_in_parts_plays_the_game_whole_moves_play() -> None:
    whole, parts = rl.env("gyges"), rl.env("gyges", parts=True)
    played = _play(whole, 21)
    parts.reset(seed=21)
    steps = 0
    for index in played:
        action = rl.codec("gyges").decode(parts.state, index)
        for part in rl.action_parts(parts.state, action):
            assert parts.observe(parts.agent_selection)["action_mask"][part] == 1
            parts.step(part)
            steps += 1
        assert parts.state.history[-1] == action
    assert parts.state.record() == whole.state.record()
    assert steps > len(played)  # moves took three steps each


def test_in_parts_the_mover_alone_sees_its_chosen_parts() -> None:
    env = rl.env("gyges", parts=True, setup="123321,321123")
    env.reset(seed=0)
    start = int(np.flatnonzero(env.observe("south")["action_mask"])[0])
    env.step(start)
    assert env.agent_selection == "south"
    assert env.observe("south")["observation"][-237:].tolist().count(1.0) == 1
    assert env.observe("south")["observation"][-237 + start] == 1.0
    assert not env.observe("north")["observation"][-237:].any()
    assert env.observation_space("south")["observation"].shape == (134 + 237,)


def _play(env: SpielwerkEnv, seed: int) -> list[int]:
    """Play one game with seeded random legal indices; the indices played."""
    env.reset(seed=seed)
    rng, played = np.random.default_rng(seed), []
    for agent in env.agent_iter():
        observed, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert agent == env.possible_agents[env.state.to_move]
        choice = int(rng.choice(np.flatnonzero(observed["action_mask"])))
        played.append(choice)
        env.step(choice)
    return played


def test_agents_are_the_seats_and_a_game_ends_with_its_returns() -> None:
    env = rl.env("drachenfels", players=3)
    assert env.possible_agents == ["red", "blue", "yellow"]
    env.reset(seed=3)
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observed, reward, terminated, truncated, _ = env.last()
        rewards[agent] += reward
        mine = observed["action_mask"]
        if terminated or truncated:
            assert not mine.any()
            env.step(None)
            continue
        others = [env.observe(other)["action_mask"] for other in env.possible_agents if other != agent]
        assert mine.any() and not any(mask.any() for mask in others)
        env.step(int(np.flatnonzero(mine)[0]))
    assert env.state.is_over
    assert [rewards[agent] for agent in env.possible_agents] == env.state.returns()


def test_the_same_seed_replays_the_same_game_and_another_differs() -> None:
    env = rl.env("drachenfels", players=2)
    first, again = _play(env, 11), _play(env, 11)
    assert first == again
    assert _play(env, 12) != first
    assert env.state.record()["seed"] == 12


def test_a_round_limit_is_a_truncation_with_the_draws_returns() -> None:
    env = rl.env("drachenfels", players=2, max_turns=2)
    env.reset(seed=1)
    for _ in env.agent_iter():
        observed, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.5
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observed["action_mask"])[-1]))
    assert env.state.view(None)["result"]["rule"] == "drachenfels.limit"


def _endings(env: SpielwerkEnv, seed: int) -> set[tuple[bool, bool]]:
    """Play a game with seeded random legal indices; each seat's (terminated, truncated) at the end."""
    env.reset(seed=seed)
    rng, found = np.random.default_rng(seed), set()
    for _ in env.agent_iter():
        observed, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            found.add((terminated, truncated))
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observed["action_mask"]))))
    return found


def test_a_ply_limit_is_a_truncation_and_a_game_played_out_a_termination() -> None:
    assert _endings(rl.env("gyges", max_plies=3, setup="123321,321123"), 0) == {(False, True)}
    assert _endings(rl.env("gyges", setup="123321,321123"), 0) == {(True, False)}
    assert _endings(rl.env("drachenfels", players=2), 2) == {(True, False)}  # a win (seed 2)
    assert _endings(rl.env("grani", players=3, max_turns=5), 0) == {(False, True)}


def test_an_illegal_index_is_refused() -> None:
    env = rl.env("gyges")
    env.reset(seed=0)
    with pytest.raises(ValueError):
        env.step(90)  # a pass, while South sets up


def test_the_core_imports_without_numpy() -> None:
    code = ("import sys, spielwerk; s = spielwerk.game('drachenfels').new_state(players=2, seed=1); "
            "s.resolve_chance(); assert 'numpy' not in sys.modules, 'numpy imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_ansi_render_draws_the_board() -> None:
    env = rl.env("gyges", render_mode="ansi", setup="123321,321123")
    drawn = env.render()
    assert isinstance(drawn, str) and "\x1b[" in drawn and "north" in drawn
    assert rl.env("gyges").render() is None
