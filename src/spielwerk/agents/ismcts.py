"""Information-set Monte Carlo tree search: single-observer ISMCTS (Cowling, Powley & Whitehouse 2012).

The searching seat is the one to move. Each iteration starts from a fresh world,
`state.determinize(seat, rng)`: a full state consistent with what that seat may know, with its own
seed, so the search never sees another player's secrets nor the real game's future dice. One tree
serves every world: a node's children are keyed by how their action is shown to the searching seat
(`world.text_for(action, seat)`), so outcomes it cannot tell apart (every "draw ?") are one node,
and a node stands for what the seat knows, not for one state. Chance is sampled with the agent's
own generator. At a decision node only the actions of the current world are available: a child's
exploration term uses how often it was available (`avail`), not its parent's visits,

    value + c * sqrt(ln(avail) / visits).

As in mcts (options `c`, `widen`, `rollout`, `playout_limit`, shared through `agents.playout`),
each node keeps the rewards of the seat that moved into it, so any number of players fit; a leaf is
valued by the game's heuristics after `rollout` random plies, or without them by a random playout
to the end; new children are tried in the heuristics' order, with the same progressive widening;
a move that wins at once (the heuristics' `winning_action`, or a child found to end the game in its
mover's favour) is always taken, and at the root ends the search on a game without hidden
information. The choice is the most visited child among the real legal actions. On a
perfect-information game every world is the real state with a fresh seed, and the search is UCT
with a per-node cache of the legal actions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import islice
from typing import Any, ClassVar

from spielwerk.agents.base import Clock, pick, shuffle
from spielwerk.agents.playout import Rewards, TreeSearchAgent, leaf, most_visited, search_stats, sole_win
from spielwerk.core.chance import CHANCE, pick_weighted
from spielwerk.core.game import Game
from spielwerk.core.state import Action, State

Moves = dict[str, list[Action]]
"""The texts available at a node (as the searching seat sees them), each with the actions behind it."""


class _Node:
    """What the searching seat knows after a sequence of texts; `mover` moved into it (or CHANCE)."""

    __slots__ = (
        "avail",
        "children",
        "mean",
        "mover",
        "moves",
        "outcomes",
        "rank",
        "ranked",
        "total",
        "tried",
        "visits",
        "win",
    )

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.avail = 1  # how often this child was available when its parent was visited
        self.total = 0.0  # sum of the mover's rewards
        self.mean = 0.0  # total / visits, kept by the backup (selection reads it for every child)
        self.children: dict[str, _Node] = {}
        self.moves: Moves | None = None  # kept where no world differs from another (no hidden information)
        self.outcomes: list[tuple[Action, float]] | None = None  # likewise, at a chance node
        self.rank: list[str] = []  # the order in which texts are first tried
        self.ranked: set[str] = set()
        self.tried = 0  # rank[:tried] are all children already
        self.win: str | None = None  # without hidden information: a text that wins at once here


class ISMCTSAgent(TreeSearchAgent):
    """Single-observer ISMCTS over determinized worlds; budget in seconds or iterations."""

    name = "ismcts"
    exploration_hint = "ismcts_exploration"
    options: ClassVar[dict[str, Any]] = {
        **TreeSearchAgent.options,
        "reuse": True,  # go on with the subtree of the last search where the game has gone on from it
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._kept: _Kept | None = None

    def _search(self, state: State, actions: list[Action], clock: Clock) -> Action:
        self._seat = seat = state.to_move
        self._hidden = state.game.info.hidden
        seen = state.history_for(seat)
        root = self._reused(state, seen) if self.settings["reuse"] else None
        root = root if root is not None else _Node(CHANCE)
        reused = root.visits
        while True:
            self._iterate(state.determinize(seat, self.rng), root)
            if clock.tick():
                break
            if root.win is not None:
                break  # a win at once: no need to think further
        children = root.children
        texts = [root.win] if root.win is not None else list(children)
        tally = {text: (children[text].visits, children[text].total) for text in texts}
        action, visits, value = most_visited(tally, actions)
        self.stats = search_stats(clock, visits, value, len(children), clock.count)
        self.stats["reused"] = reused
        self._kept = _Kept(state.game, state.players, seat, seen, root)
        return action

    def _reused(self, state: State, seen: list[str]) -> _Node | None:
        """The node of the last search's tree that the game has reached since, as this seat saw the
        moves in between: a root that already holds the iterations spent below it. None where the
        game is another, the seat another, or it went back."""
        kept = self._kept
        if kept is None or (kept.game, kept.players, kept.seat) != (state.game, state.players, self._seat):
            return None
        start = len(kept.seen)
        if len(seen) <= start or seen[:start] != kept.seen:
            return None
        node = kept.root
        for text in seen[start:]:
            child = node.children.get(text)
            if child is None:
                return None
            node = child
        return node

    # ----- one iteration in one world ----------------------------------------------------
    def _iterate(self, world: State, root: _Node) -> None:
        seat, rng, widen, c = self._seat, self.rng, self._know.widen, self._know.c
        apply = world.apply_trusted
        path = [root]
        node = root
        rewards: Rewards | None = None
        while not world.is_over:
            if world.is_chance:
                outcome = pick_weighted(rng, self._outcomes(world, node))
                text = world.text_for(outcome, seat)
                child = node.children.get(text)
                if child is None:
                    child = node.children[text] = _Node(CHANCE)
                apply(outcome)
                node = child
                path.append(node)
                continue
            mover = world.to_move
            moves = node.moves
            if moves is None:
                moves = self._moves(world, node)
            if node.win is not None:
                apply(moves[node.win][0])
                path.append(node.children[node.win])
                break
            children = node.children
            if children.keys() <= moves.keys():
                available = list(children.items())
            else:
                available = [(text, child) for text, child in children.items() if text in moves]
            for _, child in available:
                child.avail += 1
            if len(available) < len(moves) and (
                not widen or len(available) < 1 + widen * math.sqrt(node.visits)
            ):
                text = self._untried(world, node, moves)
                child = children[text] = _Node(mover)
                actions = moves[text]
                apply(actions[0] if len(actions) == 1 else pick(rng, actions))
                path.append(child)
                if world.is_over and not self._hidden:
                    rewards = world.returns()
                    if sole_win(rewards, mover):
                        node.win = text
                break
            text, node = _select(available, c)
            actions = moves[text]
            apply(actions[0] if len(actions) == 1 else pick(rng, actions))
            path.append(node)
        if rewards is None:
            rewards, _ = leaf(self._know, world, rng)
        for step in path:
            visits = step.visits = step.visits + 1
            if step.mover >= 0:
                total = step.total = step.total + rewards[step.mover]
                step.mean = total / visits

    def _outcomes(self, world: State, node: _Node) -> list[tuple[Action, float]]:
        """The chance outcomes here (kept in the node where no world differs from another)."""
        if node.outcomes is not None:
            return node.outcomes
        outcomes = world.chance_outcomes()
        if not self._hidden:
            node.outcomes = outcomes
        return outcomes

    def _moves(self, world: State, node: _Node) -> Moves:
        """The texts available to the mover in this world: only a win at once where one is named.

        They are kept in the node where no world differs from another: without hidden information,
        and where the searching seat itself moves (its choices depend only on what it knows, which
        the node stands for; the leak tests hold every game to that)."""
        if node.moves is not None:
            return node.moves
        seat = self._seat
        win = self._know.winning(world) if self._know.winning is not None else None
        actions = [win] if win is not None else world.legal_actions()
        texts = world.texts_for(actions, seat)
        moves: Moves = {text: [action] for text, action in zip(texts, actions, strict=True)}
        if len(moves) < len(actions):  # some actions look alike to the searching seat: one text each
            moves = {}
            for text, action in zip(texts, actions, strict=True):
                same = moves.get(text)
                if same is None:
                    moves[text] = [action]
                else:
                    same.append(action)
        if not self._hidden or world.to_move == seat:
            node.moves = moves
        return moves

    def _untried(self, world: State, node: _Node, moves: Moves) -> str:
        """The first text in the node's order that is available here and has no child yet."""
        if self._hidden or not node.ranked:
            fresh = [text for text in moves if text not in node.ranked]
            if fresh:
                actions = [moves[text][0] for text in fresh]
                texts = dict(zip(map(id, actions), fresh, strict=True))
                shuffle(self.rng, actions)
                if self._know.order is not None:
                    actions = self._know.order(world, actions)
                node.rank.extend(_texts_of(actions, texts, moves))
                node.ranked.update(fresh)
        rank, children = node.rank, node.children
        while node.tried < len(rank) and rank[node.tried] in children:
            node.tried += 1
        return next(text for text in islice(rank, node.tried, None) if text in moves and text not in children)


@dataclass(frozen=True, slots=True)
class _Kept:
    """The tree of the last search, with what its root stands for: a game, a seat and its history."""

    game: Game
    players: int
    seat: int
    seen: list[str]
    root: _Node


def _select(available: list[tuple[str, _Node]], c: float) -> tuple[str, _Node]:
    """UCB with availability counts: the best child for the seat to move among those available."""
    log, sqrt = math.log, math.sqrt
    best = available[0]
    best_score = -math.inf
    for entry in available:
        child = entry[1]
        score = child.mean + c * sqrt(log(child.avail) / child.visits)
        if score > best_score:
            best, best_score = entry, score
    return best


def _texts_of(actions: list[Action], texts: dict[int, str], moves: Moves) -> list[str]:
    """The texts of `actions`, each the first action behind one of `moves`' texts: found in `texts` by
    the identity of the actions (no hashing), or by equality where the heuristics' order made new values."""
    try:
        return list(map(texts.__getitem__, map(id, actions)))
    except KeyError:
        by_value = {moves[text][0]: text for text in texts.values()}
        return [by_value[action] for action in actions]
