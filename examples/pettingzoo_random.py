"""A PettingZoo AEC loop over a spielwerk game: every seat an agent, here each choosing at random
among its legal indices.

    pip install "spielwerk[rl]"
    python examples/pettingzoo_random.py [episodes]

Give each agent ("red", "blue", "yellow") its own policy in place of the random choice.
"""

import sys

import numpy as np

from spielwerk import rl

episodes = int(sys.argv[1]) if len(sys.argv) > 1 else 5

env = rl.env("drachenfels", players=3)
rng = np.random.default_rng(0)
for episode in range(1, episodes + 1):
    env.reset(seed=episode)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observed, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observed["action_mask"]))))
    print(f"episode {episode}: {len(env.state.history)} actions, returns {totals}")
