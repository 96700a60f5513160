"""A Gymnasium episode loop against spielwerk's agents: a random learner with the action mask.

    pip install "spielwerk[rl]"
    python examples/gym_random.py [episodes] [opponents]      # e.g. 10 mcts:200

Swap the random choice for your policy; `observed["observation"]` is the learner's float32 vector
(docs/research.md has its layout) and `observed["action_mask"]` says which indices are legal now.
"""

import sys

import numpy as np

from spielwerk import rl

episodes = int(sys.argv[1]) if len(sys.argv) > 1 else 5
opponents = sys.argv[2] if len(sys.argv) > 2 else "random"

env = rl.gym_env("drachenfels", seat=0, opponents=opponents, players=3)
rng = np.random.default_rng(0)
wins = 0.0
for episode in range(1, episodes + 1):
    observed, info = env.reset(seed=episode)
    steps, done = 0, False
    while not done:
        legal = np.flatnonzero(observed["action_mask"])
        observed, reward, terminated, truncated, info = env.step(rng.choice(legal))
        steps, done = steps + 1, terminated or truncated
    wins += reward
    print(f"episode {episode}: {steps} decisions, reward {reward}{' (truncated)' if truncated else ''}")
print(f"{wins / episodes:.2f} of the games won against {opponents}")
