"""The random agent: a uniform choice among the legal actions."""

from __future__ import annotations

from spielwerk.agents.base import Agent, pick
from spielwerk.core.state import Action, State


class RandomAgent(Agent):
    """Chooses uniformly among the legal actions with its own seeded generator; ignores its budget."""

    name = "random"

    def _choose(self, state: State) -> Action:
        self.stats = {"actions": 0}
        actions = state.legal_actions()
        self.stats["actions"] = len(actions)
        return pick(self.rng, actions)
