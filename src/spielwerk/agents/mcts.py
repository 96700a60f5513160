"""Monte Carlo tree search (UCT) for any number of players, with chance nodes.

Each node keeps the statistics of the seat that moved into it, and each seat picks the child that
is best for itself, so the search fits any number of players. Chance nodes are sampled by their
probabilities with the agent's own generator (never the game's dice). Where the game has
heuristics, a leaf is valued by its evaluation (after `rollout` random plies, 0 by default: in
Gygès random plies only blur the evaluation); without heuristics, by a random playout to the end.
A move that wins at once is always taken, in the tree and in playouts.

Two options default to what the game's heuristics suggest, where they say (`getattr`, like the
other search hints): `c` to their `exploration` (the UCT constant that suits the scale of their
evaluation's differences; 0.3 otherwise), and `widen` to their `widening` (0 otherwise: off).
With progressive widening a node tries its actions in the heuristics' order, one more each time
its visits pass the next square: at most 1 + widen * sqrt(visits) children, so that a decision
among many similar actions (where to put a stone) does not eat the budget before the search looks
deeper.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from spielwerk.agents.base import Agent, Clock, pick
from spielwerk.core.chance import CHANCE, pick_weighted
from spielwerk.core.state import Action, State

Rewards = list[float]
DEFAULT_C = 0.3
"""The exploration constant where neither the options nor the game's heuristics name one."""


class _Node:
    """One position of the tree, reached by `action` of `mover` (CHANCE after a chance outcome)."""

    __slots__ = ("action", "children", "mover", "outcomes", "total", "untried", "visits", "win")

    def __init__(self, action: Action | None, mover: int) -> None:
        self.action = action
        self.mover = mover
        self.visits = 0
        self.total = 0.0  # sum of the mover's rewards
        self.children: list[_Node] = []
        self.untried: list[Action] | None = None  # None until the node is first expanded
        self.outcomes: list[tuple[Action, float]] | None = None  # at a chance node
        self.win: _Node | None = None  # a child that wins at once for the seat to move here


class MCTSAgent(Agent):
    """UCT with chance nodes and heuristic leaves; budget in seconds or iterations."""

    name = "mcts"
    options: ClassVar[dict[str, Any]] = {
        "c": None,  # exploration constant of UCT (rewards are win chances in [0, 1]); None: see above
        "widen": None,  # progressive widening, children <= 1 + widen * sqrt(visits); 0: off; None: above
        "rollout": 0,  # random plies before the evaluation, where the game has heuristics
        "playout_limit": 2000,  # cut-off of full random playouts (then a draw), without heuristics
    }

    def _choose(self, state: State) -> Action:
        heuristics = self.heuristics_for(state)
        self._evaluate: Callable[[State], list[float]] | None = None
        self._order: Callable[[State, Sequence[Action]], list[Action]] | None = None
        self._winning: Callable[[State], Action | None] | None = None
        if heuristics is not None:
            self._evaluate = heuristics.evaluate
            self._order = heuristics.order
            self._winning = getattr(heuristics, "winning_action", None)
        c, widen = self.settings["c"], self.settings["widen"]
        self._c = float(c if c is not None else getattr(heuristics, "exploration", DEFAULT_C))
        self._widen = float(widen if widen is not None else getattr(heuristics, "widening", 0.0))
        self._rollout = int(self.settings["rollout"])
        self._limit = int(self.settings["playout_limit"])
        clock = Clock(self.budget, every=8)
        actions = state.legal_actions()
        if len(actions) == 1:
            self.stats = {"iterations": 0, "seconds": clock.elapsed(), "visits": 0, "value": 0.0,
                          "children": 1}
            return actions[0]
        sim = state.clone()
        root = _Node(None, CHANCE)
        while True:
            self._iterate(sim, root)
            if clock.tick():
                break
            if root.win is not None:
                break  # a win at once: no need to think further
        best = _best_child(root)
        self.stats = {
            "iterations": clock.count,
            "seconds": clock.elapsed(),
            "visits": best.visits,
            "value": best.total / best.visits if best.visits else 0.0,
            "children": len(root.children),
        }
        assert best.action is not None
        return best.action

    # ----- one iteration -----------------------------------------------------------------
    def _iterate(self, sim: State, root: _Node) -> None:
        path = [root]
        node = root
        applied = 0
        rewards: Rewards | None = None
        while not sim.is_over:
            if node.untried is None:
                self._expand(sim, node)
            if node.outcomes is not None:  # a chance node: sample an outcome
                action = pick_weighted(self.rng, node.outcomes)
                child = next((c for c in node.children if c.action == action), None)
                if child is None:
                    child = _Node(action, CHANCE)
                    node.children.append(child)
                sim.apply(action)
                applied += 1
                node = child
                path.append(node)
                continue
            if node.win is not None:
                node = node.win
                sim.apply(node.action)
                applied += 1
                path.append(node)
                break
            if node.untried and (
                not self._widen or len(node.children) < 1 + self._widen * math.sqrt(node.visits)
            ):
                mover = sim.to_move
                action = node.untried.pop()
                sim.apply(action)
                applied += 1
                child = _Node(action, mover)
                node.children.append(child)
                if sim.is_over:
                    rewards = sim.returns()
                    if rewards[mover] >= max(rewards) and rewards.count(rewards[mover]) == 1:
                        node.win = child
                path.append(child)
                break
            node = self._select(node)
            sim.apply(node.action)
            applied += 1
            path.append(node)
        if rewards is None:
            rewards, extra = self._leaf(sim)
            applied += extra
        for step in path:
            step.visits += 1
            if step.mover >= 0:
                step.total += rewards[step.mover]
        for _ in range(applied):
            sim.undo()

    def _expand(self, sim: State, node: _Node) -> None:
        if sim.is_chance:
            node.outcomes = sim.chance_outcomes()
            node.untried = []
            return
        if self._winning is not None:
            win = self._winning(sim)
            if win is not None:
                node.untried = [win]
                return
        actions = sim.legal_actions()
        self.rng.shuffle(actions)
        if self._order is not None:
            actions = self._order(sim, actions)
        actions.reverse()  # expansion pops from the end: the most promising first
        node.untried = actions

    def _select(self, node: _Node) -> _Node:
        log_n = math.log(node.visits)
        c = self._c
        best = node.children[0]
        best_score = -math.inf
        for child in node.children:
            visits = child.visits
            score = child.total / visits + c * math.sqrt(log_n / visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def _leaf(self, sim: State) -> tuple[Rewards, int]:
        """The rewards of a leaf and how many actions the rollout applied to `sim`."""
        plies = self._rollout if self._evaluate is not None else self._limit
        applied = 0
        while not sim.is_over and applied < plies:
            if sim.is_chance:
                action = pick_weighted(self.rng, sim.chance_outcomes())
            else:
                win = self._winning(sim) if self._winning is not None else None
                action = win if win is not None else pick(self.rng, sim.legal_actions())
            sim.apply(action)
            applied += 1
        if sim.is_over:
            return sim.returns(), applied
        if self._evaluate is not None:
            return self._evaluate(sim), applied
        return [1.0 / sim.players] * sim.players, applied


def _best_child(root: _Node) -> _Node:
    """The winning child if there is one, else the most visited (ties: the better average)."""
    if root.win is not None:
        return root.win
    return max(root.children, key=lambda c: (c.visits, c.total / c.visits if c.visits else 0.0))
