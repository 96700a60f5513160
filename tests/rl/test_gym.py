"""The Gymnasium environment: Gymnasium's own checker, the illegal-index penalty, seeded episodes,
opponents from agent specs, rewards and truncations, and the examples."""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import spielwerk
from spielwerk import rl
from spielwerk.core.errors import OptionError
from spielwerk.rl.gym import ILLEGAL_REWARD, SpielwerkGymEnv

ROOT = Path(__file__).resolve().parents[2]

CASES = [("gyges", 0, {}), ("gyges", 1, {"parts": True}), ("gyges", 0, {"setup": "random"}),
         ("drachenfels", 0, {"players": 2}), ("drachenfels", 2, {"players": 3}),
         ("drachenfels", 3, {"players": 4}), ("grani", 0, {"players": 3}), ("grani", 4, {"players": 6}),
         ("avalon", 0, {}), ("avalon", 1, {"players": 3})]


def _check(env: SpielwerkGymEnv) -> None:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*infinity.*")  # its advice on unbounded counts
        warnings.filterwarnings("ignore", message=".*spec.*")  # made directly, not by gymnasium.make
        check_env(env, skip_render_check=True)


@pytest.mark.parametrize(("game_id", "seat", "options"), CASES)
def test_gymnasium_env_checker_passes(game_id: str, seat: int, options: dict[str, Any]) -> None:
    env = rl.gym_env(game_id, seat=seat, opponents="random", **options)
    _check(env)
    observed, _ = env.reset(seed=5)
    assert observed["action_mask"].any()  # the learner is to move after a reset
    assert env.aec.state.to_move == seat
    assert env.action_space.n == observed["action_mask"].size


def _episode(env: SpielwerkGymEnv, seed: int) -> tuple[list[int], list[Any], float, bool, bool]:
    """One episode with seeded random legal indices: the indices, the observations, the last
    reward, terminated and truncated."""
    observed, _ = env.reset(seed=seed)
    rng, played, seen = np.random.default_rng(seed), [], [observed]
    while True:
        choice = int(rng.choice(np.flatnonzero(observed["action_mask"])))
        played.append(choice)
        observed, reward, terminated, truncated, _ = env.step(choice)
        seen.append(observed)
        if terminated or truncated:
            return played, seen, reward, terminated, truncated


def test_an_illegal_index_ends_the_episode_with_the_penalty() -> None:
    env = rl.gym_env("drachenfels", opponents="random", players=3)
    observed, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(observed["action_mask"] == 0)[0])
    observed, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (ILLEGAL_REWARD, True, False) == (-1.0, True, False)
    assert f"index {illegal}" in info["illegal"]
    assert observed["action_mask"].any()  # the game was left as it was
    with pytest.raises(RuntimeError, match="reset"):
        env.step(int(np.flatnonzero(observed["action_mask"])[0]))
    env.reset(seed=2)
    assert env.step(env.action_space.n)[1:3] == (ILLEGAL_REWARD, True)  # outside the space too
    env.reset(seed=2)
    assert env.step(-1)[1:3] == (ILLEGAL_REWARD, True)


def test_the_same_seed_gives_the_same_episode_against_searching_opponents() -> None:
    first, other = (rl.gym_env("drachenfels", seat=1, opponents="mcts:30", players=3) for _ in range(2))
    played, seen, reward, *ends = _episode(first, 8)
    record = first.aec.state.record()
    again, seen_again, reward_again, *ends_again = _episode(other, 8)
    assert (played, reward, ends) == (again, reward_again, ends_again)
    assert other.aec.state.record() == record
    pairs = zip(seen, seen_again, strict=True)
    assert all(np.array_equal(a["observation"], b["observation"]) for a, b in pairs)
    _episode(other, 9)
    assert other.aec.state.record() != record
    first.reset(seed=8)
    first.reset()
    other.reset(seed=8)
    other.reset()
    assert first.aec.state.seed == other.aec.state.seed  # a reset without a seed draws from the last


def test_the_opponents_search_never_draws_the_real_dice() -> None:
    env = rl.gym_env("drachenfels", seat=0, opponents="mcts:30", players=3)
    _episode(env, 4)
    played = env.aec.state
    fresh = spielwerk.game("drachenfels").new_state(players=3, seed=4)
    chances = 0
    for action in played.history:
        if fresh.is_chance:
            assert fresh.resolve_chance() == action  # the game's own stream drew every outcome
            chances += 1
        else:
            fresh.apply(action)
    assert chances > 3 and fresh.record() == played.record()


def test_the_reward_is_the_learners_return_at_the_end() -> None:
    env = rl.gym_env("gyges", seat=1, opponents="random")
    _, _, reward, terminated, truncated = _episode(env, 3)
    assert terminated and not truncated
    assert reward == env.aec.state.returns()[1]


def test_in_avalon_the_learner_shares_the_other_characters_return() -> None:
    env = rl.gym_env("avalon", seat=2, opponents="random", players=3)
    _, _, reward, terminated, _ = _episode(env, 6)
    returns = env.aec.state.returns()
    assert terminated and reward == returns[2] and len(set(returns)) == 1


def test_a_limit_of_the_options_is_a_truncation() -> None:
    env = rl.gym_env("grani", opponents="random", players=3, max_turns=3)
    *_, reward, terminated, truncated = _episode(env, 1)
    assert truncated and not terminated
    assert reward == env.aec.state.returns()[0]


def test_opponents_come_from_agent_specs_one_for_all_or_one_per_seat() -> None:
    env = rl.gym_env("drachenfels", seat="blue", opponents=["random", "greedy", "mcts:20"])
    assert env.seat == 1 and env.agent == "blue" and env.aec.players == 4
    assert env.opponents == {0: "random", 2: "greedy", 3: "mcts:20"}
    env.reset(seed=0)
    assert [type(agent).name for agent in env._agents.values()] == ["random", "greedy", "mcts"]
    assert rl.gym_env("grani", players=5).opponents == dict.fromkeys([1, 2, 3, 4], "mcts:200")
    with pytest.raises(OptionError):
        rl.gym_env("gyges", opponents="nobody:3")
    with pytest.raises(ValueError, match="opponents"):
        rl.gym_env("drachenfels", players=3, opponents=["random"])
    with pytest.raises(ValueError, match="seat"):
        rl.gym_env("gyges", seat=2)
    with pytest.raises(ValueError, match="seat"):
        rl.gym_env("gyges", seat="red")


def test_the_opponents_moves_are_told_in_the_info() -> None:
    env = rl.gym_env("gyges", seat=1, opponents="random", setup="123321,321123")
    observed, info = env.reset(seed=0)
    assert len(info["played"]) == 1 and info["played"][0] in [str(a) for a in env.aec.state.history]
    _, _, _, _, info = env.step(int(np.flatnonzero(observed["action_mask"])[0]))
    assert len(info["played"]) == 1


def test_ansi_render_draws_the_board() -> None:
    env = rl.gym_env("gyges", opponents="random", render_mode="ansi")
    env.reset(seed=0)
    assert "\x1b[" in (env.render() or "")


@pytest.mark.parametrize("example", ["gym_random.py", "pettingzoo_random.py"])
def test_the_examples_run(example: str) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "examples" / example), "2"], capture_output=True,
                          text=True, timeout=120, check=True)
    assert "episode 2" in done.stdout


@pytest.mark.parametrize(("page", "section"), [("docs/research.md", "## Gymnasium"),
                                               ("README.md", "## For AI research")])
def test_the_training_snippet_runs(page: str, section: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    snippet = text.split(section, 1)[1].split("```python", 1)[1].split("```", 1)[0]
    assert "range(400)" in snippet
    scope: dict[str, Any] = {}
    np.random.seed(0)  # the snippet draws from numpy's global generator
    exec(snippet.replace("range(400)", "range(2)"), scope)
    assert scope["weights"].any()  # it learnt from a game it won or lost
