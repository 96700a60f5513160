"""OpenSpiel's MCTS bot against a spielwerk agent, in one game of Gygès played through pyspiel.

    pip install "spielwerk[openspiel]"
    python examples/openspiel_mcts.py [simulations] [agent] [max_plies]     # e.g. 200 greedy 200

OpenSpiel's bot searches the pyspiel game `spielwerk_gyges`; the spielwerk agent ("greedy", "mcts:200",
"alphabeta:1s", …) chooses on the spielwerk state the pyspiel state holds, and its choice goes back to
pyspiel as the game's action index (`spielwerk.rl.action_index`). MCTS sees the whole state, so only
perfect-information games suit it (Gygès, Grani); OpenSpiel's own chance sampling draws any dice.
"""

import sys

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped]

import spielwerk.agents
from spielwerk import openspiel, rl

simulations = int(sys.argv[1]) if len(sys.argv) > 1 else 100
agent_spec = sys.argv[2] if len(sys.argv) > 2 else "greedy"
max_plies = int(sys.argv[3]) if len(sys.argv) > 3 else 200

openspiel.register()
game = pyspiel.load_game("spielwerk_gyges", {"max_plies": max_plies})
rng = np.random.RandomState(0)
bot = mcts.MCTSBot(game, uct_c=1.4, max_simulations=simulations, random_state=rng,
                   evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng))
agent = spielwerk.agents.from_spec(agent_spec, seed=0)
mcts_seat = 0  # South; the spielwerk agent plays North

state = game.new_initial_state()
while not state.is_terminal():
    if state.is_chance_node():
        outcomes, chances = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=chances)))
        continue
    player = state.current_player()
    if player == mcts_seat:
        action = bot.step(state)
    else:
        held = state.spielwerk_state
        action = rl.action_index(held, agent.choose(held.clone()))
    print(f"{'mcts' if player == mcts_seat else agent_spec}: {state.action_to_string(player, action)}")
    state.apply_action(action)

returns = state.returns()
print(f"returns: mcts {returns[mcts_seat]}, {agent_spec} {returns[1 - mcts_seat]}")
