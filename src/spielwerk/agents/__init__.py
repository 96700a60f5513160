"""Agents that play any game through the public contract.

- `random`: a uniform choice among the legal actions.
- `greedy`: one decision ahead with the game's evaluation, chance averaged out (over determinized
  worlds on a game with hidden information).
- `mcts`: UCT for any number of players, with chance; on a game with hidden information it searches
  `determinizations` worlds consistent with its seat's view and sums their visits.
- `ismcts`: information-set MCTS (single observer): one tree over what its seat knows, a fresh
  determinized world each iteration; for hidden information, and any game.
- `alphabeta`: alpha-beta search for two players with perfect information (`alphabeta-v1`: the same
  without a game's own search core, as a baseline).

No agent reads what its seat may not know: on a game with hidden information they search only
`state.determinize(seat, rng)` worlds, never the real state's secrets or its dice.

```python
from spielwerk import agents
bot = agents.make("mcts", budget="1s", seed=0)     # or budget=5000 iterations
bot.choose(state)                                  # one of state.legal_actions()
agents.from_spec("alphabeta:2s", seed=0)           # "name" or "name:budget", as front ends take it
agents.from_spec("ismcts:1s:c=0.1,widen=2")        # with options
```
"""

from __future__ import annotations

from typing import Any

from spielwerk.agents.alphabeta import AlphaBetaAgent, AlphaBetaV1Agent
from spielwerk.agents.base import Agent, Budget, Clock
from spielwerk.agents.greedy import GreedyAgent
from spielwerk.agents.ismcts import ISMCTSAgent
from spielwerk.agents.mcts import MCTSAgent
from spielwerk.agents.random_agent import RandomAgent
from spielwerk.agents.say import say
from spielwerk.core.errors import OptionError, SpielwerkError
from spielwerk.core.inputs import quote
from spielwerk.core.options import parse_options

AGENTS: dict[str, type[Agent]] = {
    agent.name: agent
    for agent in (AlphaBetaAgent, AlphaBetaV1Agent, GreedyAgent, ISMCTSAgent, MCTSAgent, RandomAgent)
}


def names() -> list[str]:
    """The names `make` accepts, sorted."""
    return sorted(AGENTS)


def make(
    name: str, budget: Budget | str | int | float | None = None, seed: int | None = 0, **options: Any
) -> Agent:
    """An agent by name: budget "2s"/"500ms" (time) or 5000 (iterations or nodes); options tune it."""
    agent = AGENTS.get(name.strip().lower()) if isinstance(name, str) else None
    if agent is None:
        raise OptionError(say("agent.unknown", given=quote(name), agents=", ".join(names())))
    return agent(budget, seed, **options)


def split_spec(spec: str) -> tuple[str, str, list[str]]:
    """The name, budget ("" where none is written) and option items of "name[:budget][:option=value,...]"."""
    name, *parts = spec.split(":")
    budget = parts.pop(0).strip() if parts and "=" not in parts[0] else ""
    if len(parts) > 1:
        raise OptionError(say("agent.spec.options", given=quote(spec)))
    return name.strip(), budget, parts[0].split(",") if parts else []


def from_spec(spec: str, seed: int | None = 0, **options: Any) -> Agent:
    """An agent from "name", "name:budget" or "name:budget:option=value,...", e.g. "alphabeta:2s",
    "mcts:5000" or "ismcts:1s:c=0.1,widen=2"; keyword `options` go over those the spec names."""
    if not isinstance(spec, str) or not spec.strip():
        raise OptionError(say("agent.spec", given=quote(spec)))
    name, budget, items = split_spec(spec)
    try:
        named = parse_options(items)
    except ValueError as error:
        why = error.message if isinstance(error, SpielwerkError) and error.message else str(error)
        raise OptionError(say("agent.spec.in", why=why, given=quote(spec))) from None
    return make(name, budget or None, seed, **{**named, **options})


__all__ = ["AGENTS", "Agent", "Budget", "Clock", "from_spec", "make", "names", "split_spec"]
