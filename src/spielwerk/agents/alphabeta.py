"""Alpha-beta search for two-player games without hidden information.

Negamax with principal-variation search, iterative deepening, a transposition table, and move
ordering by the table's move, killer moves, the history heuristic and the game's own order. A game's
heuristics give the leaf values (`value`, else `evaluate`), the table key (`key`, else the spectator
view) and immediate wins (`winning_action`). Chance nodes (a drawn set-up, say) are averaged over
their outcomes. A budget in nodes makes the search deterministic for a seed. After a choice, `stats`
holds the nodes, the depth reached, the score and what it proves (`proven`: the distance to a forced
win or loss, None where the search proved none).

A game's heuristics may bring their own search core, `search(state, deadline, limit, rng, options,
memory)` giving (action, stats) or None where it does not play that position (Gygès: integer moves and
compiled leaves); `alphabeta-v1` is this agent without such cores.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar, cast

from spielwerk.agents.base import Agent, Clock
from spielwerk.agents.say import say
from spielwerk.core import scores
from spielwerk.core.errors import OptionError
from spielwerk.core.game import GameInfo
from spielwerk.core.heuristics import Heuristics
from spielwerk.core.scores import from_table, to_table
from spielwerk.core.state import Action, State

WIN = float(scores.WIN)
"""A win at the root; a win `n` plies ahead scores WIN - n, so quicker wins score higher."""
DECIDED = float(scores.DECIDED)
"""Scores beyond this are forced results, not evaluations."""
SCALE = 1_000.0
"""Evaluations in (-1, 1) become scores in (-SCALE, SCALE)."""
WIN_NOW = 2 * WIN
"""Kept for a position whose seat to move wins at once (its score depends on the ply)."""
EXACT, LOWER, UPPER = 0, 1, 2
MAX_DEPTH = 64


class _OutOfBudget(Exception):
    """Raised inside the search when the budget is spent."""


class AlphaBetaAgent(Agent):
    """Iterative-deepening negamax with a transposition table; budget in seconds or nodes."""

    name = "alphabeta"
    game_core: ClassVar[bool] = True
    """Whether a game's own search core (its heuristics' `search`) plays where it offers one."""
    options: ClassVar[dict[str, Any]] = {
        "max_depth": MAX_DEPTH,  # stop deepening here
        "table_size": 500_000,  # entries each table keeps before it is cleared
        "keep_tables": True,  # keep the tables from one move to the next of the same game
        "sort_depth": 3,  # nodes this deep or deeper order their moves by the children's static values
        "reduce_depth": 3,  # late moves of nodes this deep or deeper are first searched one ply less
        "reduce_after": 4,  # how many moves of a node are searched at full depth before reducing
        "reduction": 2,  # plies a late move is first searched less (2 keeps the side to move at leaves)
    }

    def check_fits(self, info: GameInfo, players: int) -> None:
        """Two players, nothing hidden (and weights the game's heuristics have)."""
        if info.hidden or players != 2:
            key = "agent.alphabeta.unfit.hidden" if info.hidden else "agent.alphabeta.unfit"
            raise OptionError(say(key, game=info.name, count=players))
        super().check_fits(info, players)

    def _choose(self, state: State) -> Action:
        self.check_fits(state.game.info, state.players)
        heuristics = self.heuristics_for(state)
        found = self._game_core(state, heuristics) if self.game_core else None
        if found is not None:
            return found
        self._setup(heuristics)
        self._sort_depth = int(self.settings["sort_depth"])
        self._reduce_depth = int(self.settings["reduce_depth"])
        self._reduce_after = int(self.settings["reduce_after"])
        self._reduction = int(self.settings["reduction"])
        sim = state.clone()
        self._sim = sim
        self._clock = clock = Clock(self.budget, every=32)
        self._table_size = int(self.settings["table_size"])
        self._keep_tables(state)
        self._killers: list[list[Action]] = [[] for _ in range(MAX_DEPTH + 8)]
        self._history: defaultdict[Action, int] = defaultdict(int)
        actions = sim.legal_actions()
        self.rng.shuffle(actions)  # equal moves are then chosen at random, reproducibly for a seed
        actions = self._order(sim, actions)
        best, score, depth = actions[0], 0.0, 0
        win = self._winning(sim) if self._winning is not None else None
        if win is not None:
            best, score = win, WIN - 1
        elif len(actions) > 1:
            best, score, depth = self._deepen(sim, actions, clock)
        self.stats = {
            "nodes": clock.count,
            "seconds": clock.elapsed(),
            "depth": depth,
            "score": score,
            "table": len(self._table),
            "proven": proven(score),
        }
        return best

    def _game_core(self, state: State, heuristics: Heuristics | None) -> Action | None:
        """The game's own search core (its heuristics' `search`), where it offers one for `state`."""
        search = getattr(heuristics, "search", None)
        if search is None:
            return None
        clock = Clock(self.budget)
        memory = self.__dict__.setdefault("_core_memory", {})
        found = search(state, clock.deadline, clock.limit, self.rng, self.settings, memory)
        if found is None:
            return None
        best, stats = found
        self.stats = {**stats, "proven": proven(stats["score"])}
        return cast(Action, best)

    def _keep_tables(self, state: State) -> None:
        """Start empty tables, or go on with the last move's where the game and heuristics match."""
        owner = (state.game, self._key, self._value)
        if not (self.settings["keep_tables"] and getattr(self, "_tables_owner", None) == owner):
            self._table: dict[Hashable, tuple[int, int, float, Action | None]] = {}
            self._statics_seen: dict[Hashable, float] = {}
            self._tables_owner = owner

    def _setup(self, heuristics: Heuristics | None) -> None:
        self._value: Callable[[State], float] = _view_value
        self._key: Callable[[State], Hashable] = _view_key
        self._winning: Callable[[State], Action | None] | None = None
        self._order: Callable[[State, Sequence[Action]], list[Action]] = _as_given
        if heuristics is not None:
            self._order = heuristics.order
            self._winning = getattr(heuristics, "winning_action", None)
            self._key = getattr(heuristics, "key", _view_key)
            value = getattr(heuristics, "value", None)
            self._value = value if value is not None else _value_from(heuristics.evaluate)

    def _deepen(self, sim: State, actions: list[Action], clock: Clock) -> tuple[Action, float, int]:
        """Search ever deeper until the budget is spent; the best move of the deepest search."""
        me = sim.to_move
        statics: dict[Action, float] = {}
        try:
            self._statics(me, actions, 1, statics)
        except _OutOfBudget:
            if not statics:
                return actions[0], 0.0, 0
        actions = sorted(statics, key=lambda a: -statics[a])  # a depth-1 search is exactly this
        best, best_score, reached = actions[0], statics[actions[0]], 1
        if len(statics) < len(sim.legal_actions()):
            return best, best_score, 0
        reduce_depth, reduce_after, reduction = self._reduce_depth, self._reduce_after, self._reduction
        for depth in range(2, int(self.settings["max_depth"]) + 1):
            if abs(best_score) >= DECIDED:
                break  # a forced win or loss: deeper search cannot change it
            alpha = -WIN - 1
            found: Action | None = None
            try:
                for index, action in enumerate(actions):
                    if index >= reduce_after and depth >= reduce_depth:
                        score = self._shallow(me, action, depth - 1 - reduction, alpha, 1, statics)
                        if score <= alpha:
                            continue
                    sim.apply_trusted(action)
                    if index == 0:
                        score = self._child(me, depth - 1, alpha, WIN + 1, 1)
                    else:
                        score = self._child(me, depth - 1, alpha, alpha + 1, 1)
                        if score > alpha:
                            score = self._child(me, depth - 1, alpha, WIN + 1, 1)
                    sim.undo()
                    if score > alpha:
                        alpha, found = score, action
            except _OutOfBudget:
                if found is not None:  # the previous best was searched first: anything better is real
                    best, best_score = found, alpha
                break
            assert found is not None
            best, best_score, reached = found, alpha, depth
            actions.remove(best)
            actions.insert(0, best)
        return best, best_score, reached

    def _statics(self, me: int, actions: list[Action], ply: int, into: dict[Action, float]) -> None:
        """Fill `into` with each action's static score for `me`: a result, a win at once, or the value."""
        sim = self._sim
        tick = self._clock.tick
        for action in actions:
            if tick():
                raise _OutOfBudget
            sim.apply_trusted(action)
            if sim.is_over:
                returns = sim.returns()
                diff = returns[me] - returns[1 - me]
                score = diff * (WIN - ply) if diff else 0.0
            elif sim.is_chance:
                score = 0.0
            else:
                score = self._static(sim, ply)
                if sim.to_move != me:
                    score = -score
            sim.undo()
            into[action] = score

    def _static(self, sim: State, ply: int) -> float:
        """The static score for the seat to move: a win at once, or its value (kept for reuse)."""
        key = self._key(sim)
        score = self._statics_seen.get(key)
        if score is None:
            if self._winning is not None and self._winning(sim) is not None:
                score = WIN_NOW
            else:
                score = round(self._value(sim) * SCALE)
            if len(self._statics_seen) >= self._table_size:
                self._statics_seen.clear()
            self._statics_seen[key] = score
        return WIN - ply - 1 if score == WIN_NOW else score

    def _child(self, me: int, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The score of the current position for seat `me` (whose move led here)."""
        sim = self._sim
        if sim.is_over:
            returns = sim.returns()
            diff = returns[me] - returns[1 - me]
            return diff * (WIN - ply) if diff else 0.0
        if sim.is_chance:
            total = 0.0
            for outcome, probability in sim.chance_outcomes():
                sim.apply_trusted(outcome)
                total += probability * self._child(me, depth, -WIN - 1, WIN + 1, ply)
                sim.undo()
            return total
        if sim.to_move == me:
            return self._search(depth, alpha, beta, ply)
        return -self._search(depth, -beta, -alpha, ply)

    def _search(self, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Negamax score of the current position for the seat to move."""
        if self._clock.tick():
            raise _OutOfBudget
        sim = self._sim
        if depth <= 0:
            return self._static(sim, ply)
        key = self._key(sim)
        known = self._statics_seen.get(key)
        if known is None and self._winning is not None and self._winning(sim) is not None:
            known = self._statics_seen[key] = WIN_NOW
        if known == WIN_NOW:
            return WIN - ply - 1
        entry = self._table.get(key)
        tt_move: Action | None = None
        if entry is not None:
            e_depth, flag, e_score, tt_move = entry
            if e_depth >= depth:
                e_score = from_table(e_score, ply)
                if flag == EXACT:
                    return e_score
                if flag == LOWER and e_score >= beta:
                    return e_score
                if flag == UPPER and e_score <= alpha:
                    return e_score
        me = sim.to_move
        statics: dict[Action, float] | None = None
        if depth >= self._sort_depth:
            statics = {}
            self._statics(me, self._order(sim, sim.legal_actions()), ply + 1, statics)
            actions = sorted(statics, key=lambda a: -statics[a])
            if tt_move is not None and tt_move in statics:
                actions.remove(tt_move)
                actions.insert(0, tt_move)
        else:
            actions = self._ordered(sim, tt_move, ply)
        reduce_depth, reduce_after, reduction = self._reduce_depth, self._reduce_after, self._reduction
        start_alpha = alpha
        best_score = -WIN - 1
        best: Action | None = None
        for index, action in enumerate(actions):
            if index >= reduce_after and depth >= reduce_depth:
                score = self._shallow(me, action, depth - 1 - reduction, alpha, ply + 1, statics)
                if score <= alpha:
                    if score > best_score:
                        best_score, best = score, action
                    continue
            sim.apply_trusted(action)
            if index == 0:
                score = self._child(me, depth - 1, alpha, beta, ply + 1)
            else:
                score = self._child(me, depth - 1, alpha, alpha + 1, ply + 1)
                if alpha < score < beta:
                    score = self._child(me, depth - 1, alpha, beta, ply + 1)
            sim.undo()
            if score > best_score:
                best_score, best = score, action
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        self._reward(action, depth, ply)
                        break
        flag = UPPER if best_score <= start_alpha else LOWER if best_score >= beta else EXACT
        if len(self._table) >= self._table_size:
            self._table.clear()
        self._table[key] = (depth, flag, to_table(best_score, ply), best)
        return best_score

    def _shallow(
        self, me: int, action: Action, depth: int, alpha: float, ply: int, statics: dict[Action, float] | None
    ) -> float:
        """A reduced null-window search of a late move; its static score where that is the same."""
        if depth <= 0 and statics is not None:
            return statics[action]
        sim = self._sim
        sim.apply_trusted(action)
        score = self._child(me, max(0, depth), alpha, alpha + 1, ply)
        sim.undo()
        return score

    def _ordered(self, sim: State, tt_move: Action | None, ply: int) -> list[Action]:
        """The legal actions: the table's move, the killers, then by history and the game's order."""
        actions = self._order(sim, sim.legal_actions())
        history = self._history
        actions.sort(key=history.__getitem__, reverse=True)
        front = [a for a in self._killers[ply] if a != tt_move]
        if tt_move is not None:
            front.insert(0, tt_move)
        if front:
            legal = set(actions)
            front = [a for a in front if a in legal]
            actions = front + [a for a in actions if a not in front]
        return actions

    def _reward(self, action: Action, depth: int, ply: int) -> None:
        """Remember a move that caused a cut-off."""
        self._history[action] += depth * depth
        killers = self._killers[ply]
        if action not in killers:
            killers.insert(0, action)
            del killers[2:]


def proven(score: float) -> int | None:
    """What a root score proves: +n where the seat to move wins with the n-th action from here
    whatever the other does (+1: the chosen action wins), -n where the other seat wins with the n-th
    action whatever this one does, None where the search proved no result (an evaluation)."""
    if score >= DECIDED:
        return round(WIN - score)
    if score <= -DECIDED:
        return -round(WIN + score)
    return None




def _as_given(state: State, actions: Sequence[Action]) -> list[Action]:
    return list(actions)


def _view_key(state: State) -> Hashable:
    """A key from the spectator view and the seat to move, for games that give none."""
    return json.dumps(state.view(None), sort_keys=True, default=str), state.to_move


def _view_value(state: State) -> float:
    """Without heuristics every unfinished position looks even."""
    return 0.0


def _value_from(evaluate: Callable[[State], list[float]]) -> Callable[[State], float]:
    """A side-to-move value from a per-seat evaluation."""

    def value(state: State) -> float:
        values = evaluate(state)
        me = state.to_move
        return max(-0.999, min(0.999, values[me] - values[1 - me]))

    return value


class AlphaBetaV1Agent(AlphaBetaAgent):
    """The alpha-beta agent as it was before games brought their own search cores: the generic
    search everywhere (a baseline to measure a core against)."""

    name = "alphabeta-v1"
    game_core = False
