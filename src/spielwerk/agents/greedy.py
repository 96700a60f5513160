"""The greedy agent: one decision ahead with the game's evaluation, chance averaged out.

For each legal action it applies the action and values what follows for its own seat: the returns
if the game is over, the probability-weighted average over the chance outcomes if dice or cards
come next (up to `chance_depth` chance events in a row), else the game's `evaluate`. It takes a
move that wins at once where the heuristics name one, and breaks ties at random with its own seed.
A game without heuristics gets a uniform random choice. It ignores its budget: one decision ahead
costs one evaluation per action (times the chance outcomes).

On a game with hidden information it never looks at the real state's secrets: it values each action
averaged over `determinizations` worlds, each a `state.determinize(seat, rng)` consistent with what
its seat may know (an action counts as a win at once only by its value in those worlds).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from spielwerk.agents.base import Agent, pick
from spielwerk.core.state import Action, State

TIE = 1e-9
"""Values closer than this count as equal (and the tie is broken at random)."""


class GreedyAgent(Agent):
    """Picks the action whose immediate result the game's evaluation likes best for its own seat."""

    name = "greedy"
    options: ClassVar[dict[str, Any]] = {
        "chance_depth": 3,  # chance events in a row averaged over before evaluating
        "determinizations": 8,  # worlds averaged over on a game with hidden information
    }

    def _choose(self, state: State) -> Action:
        actions = state.legal_actions()
        heuristics = self.heuristics_for(state)
        self.stats = {"actions": len(actions), "evaluations": 0}
        if heuristics is None:
            return pick(self.rng, actions)
        hidden = state.game.info.hidden
        winning = None if hidden else getattr(heuristics, "winning_action", None)
        if winning is not None:
            win = winning(state)
            if win is not None:
                return win  # type: ignore[no-any-return]
        if len(actions) == 1:
            return actions[0]
        seat = state.to_move
        worlds = [state.clone()]
        alike: list[dict[str, Action]] | None = None  # per world: its actions by text
        if hidden:
            count = max(1, int(self.settings["determinizations"]))
            worlds = [state.determinize(seat, self.rng) for _ in range(count)]
            alike = [{str(action): action for action in world.legal_actions()} for world in worlds]
            self.stats["determinizations"] = count
        evaluate = heuristics.evaluate
        depth = int(self.settings["chance_depth"])
        best: list[Action] = []
        best_value = -1.0
        for action in actions:
            value = 0.0
            for index, world in enumerate(worlds):
                world.apply_trusted(action if alike is None else alike[index][str(action)])
                value += self._value(world, seat, evaluate, depth)
                world.undo()
            value /= len(worlds)
            if value > best_value + TIE:
                best, best_value = [action], value
            elif value >= best_value - TIE:
                best.append(action)
        self.stats["value"] = best_value
        return pick(self.rng, best)

    def _value(self, sim: State, seat: int, evaluate: Callable[[State], list[float]], depth: int) -> float:
        """What `sim` is worth to `seat`, chance events averaged over up to `depth` deep."""
        if sim.is_over:
            return sim.returns()[seat]
        if sim.is_chance and depth > 0:
            total = 0.0
            for outcome, probability in sim.chance_outcomes():
                sim.apply_trusted(outcome)
                total += probability * self._value(sim, seat, evaluate, depth - 1)
                sim.undo()
            return total
        self.stats["evaluations"] += 1
        return evaluate(sim)[seat]
