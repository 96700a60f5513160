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

On a game with hidden information (`info.hidden`) it never searches the real state, which holds
the other players' secrets: it searches `determinizations` worlds instead (perfect-information
Monte Carlo), each a `state.determinize(seat, rng)` consistent with its seat's view and with its
own tree, in turn one iteration each (an iteration budget is split evenly; a time budget goes round
until it is spent), and chooses the action whose text has the most visits summed over the worlds.
Perfect-information games are searched exactly as before, on a clone of the real state.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from spielwerk.agents.base import Clock, shuffle
from spielwerk.agents.playout import Rewards, TreeSearchAgent, leaf, most_visited, search_stats, sole_win
from spielwerk.core.chance import CHANCE, pick_weighted
from spielwerk.core.state import Action, State


class _Node:
    """One position of the tree, reached by `action` of `mover` (CHANCE after a chance outcome)."""

    __slots__ = ("action", "children", "mean", "mover", "outcomes", "total", "untried", "visits", "win")

    def __init__(self, action: Action | None, mover: int) -> None:
        self.action = action
        self.mover = mover
        self.visits = 0
        self.total = 0.0  # sum of the mover's rewards
        self.mean = 0.0  # total / visits, kept by the backup (selection reads it for every child)
        self.children: list[_Node] = []
        self.untried: list[Action] | None = None  # None until the node is first expanded
        self.outcomes: list[tuple[Action, float]] | None = None  # at a chance node
        self.win: _Node | None = None  # a child that wins at once for the seat to move here


class MCTSAgent(TreeSearchAgent):
    """UCT with chance nodes and heuristic leaves; budget in seconds or iterations."""

    name = "mcts"
    options: ClassVar[dict[str, Any]] = {
        **TreeSearchAgent.options,
        "determinizations": 8,  # worlds searched on a game with hidden information
    }

    def _search(self, state: State, actions: list[Action], clock: Clock) -> Action:
        if state.game.info.hidden:
            return self._choose_in_worlds(state, actions, clock)
        sim = state.clone()
        root = _Node(None, CHANCE)
        while True:
            self._iterate(sim, root)
            if clock.tick():
                break
            if root.win is not None:
                break  # a win at once: no need to think further
        best = _best_child(root)
        value = best.total / best.visits if best.visits else 0.0
        self.stats = search_stats(clock, best.visits, value, len(root.children), 0)
        assert best.action is not None
        return best.action

    def _choose_in_worlds(self, state: State, actions: list[Action], clock: Clock) -> Action:
        """Perfect-information Monte Carlo: one tree per determinized world, searched in turn; the
        action with the most visits summed over the worlds (by its text) is chosen."""
        seat = state.to_move
        count = max(1, int(self.settings["determinizations"]))
        if clock.limit is not None:
            count = min(count, clock.limit)
        worlds = [state.determinize(seat, self.rng) for _ in range(count)]
        roots = [_Node(None, CHANCE) for _ in worlds]
        while True:
            turn = clock.count % count
            self._iterate(worlds[turn], roots[turn])
            if clock.tick():
                break
            if turn == count - 1 and all(root.win is not None for root in roots):
                break  # a win at once in every world
        tally: dict[str, tuple[int, float]] = {}
        for world, root in zip(worlds, roots, strict=True):
            for child in root.children:
                text = world.text_for(child.action, seat)
                visits, total = tally.get(text, (0, 0.0))
                tally[text] = (visits + child.visits, total + child.total)
        action, visits, value = most_visited(tally, actions)
        self.stats = search_stats(clock, visits, value, len(tally), count)
        return action

    # ----- one iteration -----------------------------------------------------------------
    def _iterate(self, sim: State, root: _Node) -> None:
        path = [root]  # each node after the root was reached by one action applied to `sim`
        node = root
        rewards: Rewards | None = None
        know = self._know
        widen, c = know.widen, know.c
        apply = sim.apply_trusted
        log, sqrt = math.log, math.sqrt
        while True:
            if node.untried is None:  # a node once expanded is not over: only new ones are asked
                if sim.is_over:
                    break
                self._expand(sim, node)
            if node.outcomes is not None:  # a chance node: sample an outcome
                action = pick_weighted(self.rng, node.outcomes)
                child = _chance_child(node.children, action)
                if child is None:
                    child = _Node(action, CHANCE)
                    node.children.append(child)
                apply(action)
                node = child
                path.append(node)
                continue
            if node.win is not None:
                node = node.win
                apply(node.action)
                path.append(node)
                break
            children = node.children
            if node.untried and (not widen or len(children) < 1 + widen * sqrt(node.visits)):
                mover = sim.to_move
                action = node.untried.pop()
                apply(action)
                child = _Node(action, mover)
                children.append(child)
                if sim.is_over:
                    rewards = sim.returns()
                    if sole_win(rewards, mover):
                        node.win = child
                path.append(child)
                break
            # UCT: the child best for the seat that moves into it, mean plus c * sqrt(ln(visits) / its
            # visits) (the first of equals)
            log_n = log(node.visits)
            node = children[0]
            best_score = -math.inf
            for child in children:
                score = child.mean + c * sqrt(log_n / child.visits)
                if score > best_score:
                    node, best_score = child, score
            apply(node.action)
            path.append(node)
        applied = len(path) - 1
        if rewards is None:
            rewards, extra = leaf(know, sim, self.rng)
            applied += extra
        for step in path:
            visits = step.visits = step.visits + 1
            if step.mover >= 0:
                total = step.total = step.total + rewards[step.mover]
                step.mean = total / visits
        undo = sim.undo
        for _ in range(applied):
            undo()

    def _expand(self, sim: State, node: _Node) -> None:
        if sim.is_chance:
            node.outcomes = sim.chance_outcomes()
            node.untried = []
            return
        if self._know.winning is not None:
            win = self._know.winning(sim)
            if win is not None:
                node.untried = [win]
                return
        actions = sim.legal_actions()
        shuffle(self.rng, actions)
        if self._know.order is not None:
            actions = self._know.order(sim, actions)
        actions.reverse()  # expansion pops from the end: the most promising first
        node.untried = actions


def _chance_child(children: list[_Node], outcome: Action) -> _Node | None:
    """The child of a chance node for `outcome`: found by identity first (outcomes are drawn from the
    node's own list), else by equality."""
    for child in children:
        if child.action is outcome:
            return child
    return next((child for child in children if child.action == outcome), None)


def _best_child(root: _Node) -> _Node:
    """The winning child if there is one, else the most visited (ties: the better average)."""
    if root.win is not None:
        return root.win
    return max(root.children, key=lambda c: (c.visits, c.total / c.visits if c.visits else 0.0))
