"""Agents that play any game through the public contract: random, greedy, MCTS and alpha-beta.

```python
from spielwerk import agents
bot = agents.make("mcts", budget="1s", seed=0)     # or budget=5000 iterations
bot.choose(state)                                  # one of state.legal_actions()
agents.from_spec("alphabeta:2s", seed=0)           # "name" or "name:budget", as front ends take it
```
"""

from __future__ import annotations

from typing import Any

from spielwerk.agents.alphabeta import AlphaBetaAgent
from spielwerk.agents.base import Agent, Budget, Clock
from spielwerk.agents.greedy import GreedyAgent
from spielwerk.agents.mcts import MCTSAgent
from spielwerk.agents.random_agent import RandomAgent
from spielwerk.core.errors import OptionError

AGENTS: dict[str, type[Agent]] = {
    agent.name: agent for agent in (AlphaBetaAgent, GreedyAgent, MCTSAgent, RandomAgent)
}


def names() -> list[str]:
    """The names `make` accepts, sorted."""
    return sorted(AGENTS)


def make(name: str, budget: Budget | str | int | float | None = None, seed: int | None = 0,
         **options: Any) -> Agent:
    """An agent by name: budget "2s"/"500ms" (time) or 5000 (iterations or nodes); options tune it."""
    agent = AGENTS.get(name.strip().lower()) if isinstance(name, str) else None
    if agent is None:
        raise OptionError(f"unknown agent {name!r} (agents: {', '.join(names())})")
    return agent(budget, seed, **options)


def from_spec(spec: str, seed: int | None = 0, **options: Any) -> Agent:
    """An agent from "name" or "name:budget", e.g. "alphabeta:2s" or "mcts:5000"."""
    if not isinstance(spec, str) or not spec.strip():
        raise OptionError(f"an agent is written name or name:budget, e.g. alphabeta:2s, not {spec!r}")
    name, _, budget = spec.partition(":")
    return make(name, budget.strip() or None, seed, **options)


__all__ = ["AGENTS", "Agent", "Budget", "Clock", "from_spec", "make", "names"]
