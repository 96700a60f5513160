"""What the tree searches (mcts, ismcts) share: their options, the start of a decision, the game
knowledge they use and how leaves are valued.

`TreeSearchAgent` answers a forced move at once and hands every other decision to `_search`.

`Knowledge.of(agent, state)` reads the agent's options and the game's heuristics once per decision:
the exploration constant `c` (where the options name none: the heuristics' hint for this kind of
search, such as `ismcts_exploration`, else their `exploration`, else DEFAULT_C), progressive
widening (`widening`, else off), and the optional `evaluate`, `order` and `winning_action`.
`leaf` values a position the tree has reached: the heuristics' evaluation after `rollout` random
plies (and, where the heuristics set `settle_chance`, after the chance events then pending: a hand
half drawn is no position to judge), or without heuristics a random playout to the end (cut off
after `playout_limit` plies as a draw); a move that wins at once is always taken in a playout, and
chance is drawn with the agent's own generator, never the game's dice.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from spielwerk.agents.base import Agent, Clock, pick
from spielwerk.core.chance import pick_weighted
from spielwerk.core.state import Action, State

Rewards = list[float]
DEFAULT_C = 0.3
"""The exploration constant where neither the options nor the game's heuristics name one."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The settings and game knowledge one search uses."""

    evaluate: Callable[[State], Rewards] | None
    order: Callable[[State, Sequence[Action]], list[Action]] | None
    winning: Callable[[State], Action | None] | None
    c: float
    widen: float
    rollout: int
    limit: int
    settle: bool = False

    @classmethod
    def of(cls, agent: Agent, state: State) -> Knowledge:
        """What `agent` (options `c`, `widen`, `rollout`, `playout_limit`) knows for `state`'s game."""
        heuristics = agent.heuristics_for(state)
        settings = agent.settings
        c, widen = settings.get("c"), settings.get("widen")
        return cls(
            evaluate=None if heuristics is None else heuristics.evaluate,
            order=None if heuristics is None else heuristics.order,
            winning=getattr(heuristics, "winning_action", None),
            c=float(c if c is not None else exploration(heuristics, getattr(agent, "exploration_hint", ""))),
            widen=float(widen if widen is not None else getattr(heuristics, "widening", 0.0)),
            rollout=int(settings["rollout"]),
            limit=int(settings["playout_limit"]),
            settle=bool(getattr(heuristics, "settle_chance", False)),
        )


def exploration(heuristics: object, hint: str) -> float:
    """The exploration constant the heuristics name for one kind of search (`hint`, e.g.
    `ismcts_exploration`), else their `exploration`, else DEFAULT_C."""
    general = getattr(heuristics, "exploration", DEFAULT_C)
    return float(getattr(heuristics, hint, general) if hint else general)


class TreeSearchAgent(Agent):
    """A search agent: reads its knowledge and starts its clock; a single legal action is played at once."""

    exploration_hint: ClassVar[str] = ""
    """A search hint that names this agent's own exploration constant, where a game's heuristics
    give one (see `exploration`)."""
    options: ClassVar[dict[str, Any]] = {
        "c": None,  # exploration constant (rewards are win chances in [0, 1]); None: see Knowledge
        "widen": None,  # children <= 1 + widen * sqrt(visits); 0: off; None: see Knowledge
        "rollout": 0,  # random plies before the evaluation, where the game has heuristics
        "playout_limit": 2000,  # cut-off of full random playouts (then a draw), without heuristics
    }

    def _choose(self, state: State) -> Action:
        self._know = Knowledge.of(self, state)
        clock = Clock(self.budget, every=8)
        actions = state.legal_actions()
        if len(actions) == 1:
            self.stats = search_stats(clock, 0, 0.0, 1, 0)
            chosen = actions[0]
        else:
            chosen = self._search(state, actions, clock)
        self.stats["estimate"] = "playouts" if self._know.evaluate is None else "evaluation"
        return chosen

    @abstractmethod
    def _search(self, state: State, actions: list[Action], clock: Clock) -> Action:
        """Choose among `actions` (at least two) within the clock's budget; set `stats`."""


def leaf(knowledge: Knowledge, sim: State, rng: random.Random) -> tuple[Rewards, int]:
    """The rewards of a leaf and how many actions the rollout applied to `sim`."""
    plies = knowledge.rollout if knowledge.evaluate is not None else knowledge.limit
    winning = knowledge.winning
    applied = 0
    while applied < plies and not sim.is_over:
        if sim.is_chance:
            action = pick_weighted(rng, sim.chance_outcomes())
        else:
            win = winning(sim) if winning is not None else None
            action = win if win is not None else pick(rng, sim.legal_actions())
        sim.apply_trusted(action)
        applied += 1
    while knowledge.settle and sim.is_chance:
        sim.apply_trusted(pick_weighted(rng, sim.chance_outcomes()))
        applied += 1
    if sim.is_over:
        return sim.returns(), applied
    if knowledge.evaluate is not None:
        return knowledge.evaluate(sim), applied
    return [1.0 / sim.players] * sim.players, applied


def sole_win(rewards: Rewards, seat: int) -> bool:
    """True where the rewards are a win for `seat`: the best reward and no other seat shares it (not
    a shared win nor a draw), or every seat's full return 1 (a co-operative game's win)."""
    if min(rewards) >= 1.0:
        return True
    return rewards[seat] >= max(rewards) and rewards.count(rewards[seat]) == 1


def most_visited(tally: dict[str, tuple[int, float]], actions: Sequence[Action]) -> tuple[Action, int, float]:
    """The action among `actions` whose text has the most visits in `tally` (text: visits and the sum
    of the mover's rewards; ties: the better average), with its visits and average value."""
    real = {str(action): action for action in actions}
    text = max(
        (text for text in tally if text in real),
        key=lambda text: (tally[text][0], tally[text][1] / max(tally[text][0], 1)),
    )
    visits, total = tally[text]
    return real[text], visits, total / visits if visits else 0.0


def search_stats(clock: Clock, visits: int, value: float, children: int, worlds: int) -> dict[str, Any]:
    """The `stats` of a tree search: iterations, seconds, the chosen child's visits and value (the
    mover's average reward below it: its estimated chance to win, shared wins split), the root's
    children, and how many determinized worlds were searched (0: the real state itself). `choose`
    adds `estimate`: "playouts" where leaves are played out to the end, "evaluation" where the
    game's heuristics value them."""
    return {
        "iterations": clock.count,
        "seconds": clock.elapsed(),
        "visits": visits,
        "value": value,
        "children": children,
        "determinizations": worlds,
    }
