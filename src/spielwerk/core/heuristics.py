"""Optional game knowledge that agents may use through `Game.heuristics()`.

Every heuristics object has `evaluate` and `order`. A game may add the search hints of
`SearchHints` too; agents look for each with `getattr` and fall back to generic means without it.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from spielwerk.core.state import Action, State

W = TypeVar("W")


class Heuristics(Protocol):
    """What a game may tell agents beyond the rules."""

    def evaluate(self, state: State) -> list[float]:
        """Per seat, an estimate of the return in [0, 1] (the seats' values may not sum to 1)."""
        ...

    def order(self, state: State, actions: Sequence[Action]) -> list[Action]:
        """The actions, most promising first."""
        ...


class SearchHints(Heuristics, Protocol):
    """Optional extras for search; a game may offer any of them (agents check with `getattr`).

    Besides the methods below, plain attributes: `exploration` (the UCT constant that suits the
    evaluation), `ismcts_exploration` (the same for IS-MCTS where it differs), `widening`
    (progressive widening) and `settle_chance` (value leaves only after pending chance events).
    """

    def key(self, state: State) -> Hashable:
        """An exact, hashable key of the position (equal keys: same legal actions and future)."""
        ...

    def value(self, state: State) -> float:
        """How good the position is for the seat to move, in (-1, 1); cheaper than `evaluate`."""
        ...

    def winning_action(self, state: State) -> Action | None:
        """An action that wins the game at once for the seat to move, or None (must be exact)."""
        ...


def race_values(turns: Sequence[float], temperature: float, progress: float, horizon: float) -> list[float]:
    """Per seat, a value in [0, 1] from each seat's estimated turns to win (a race model).

    Most of the value (1 - `progress`) is a softmax over the seats, `temperature` turns wide, so a
    seat gains as rivals fall behind; the rest rewards its own progress, exp(-turns / `horizon`).
    """
    exp = math.exp
    low = min(turns)
    values = [exp((low - t) / temperature) for t in turns]  # the softmax's weights, then the values
    share = (1.0 - progress) / sum(values)
    for seat, t in enumerate(turns):
        # -(t if t > 0.0 else 0.0) / horizon: max(t, 0.0) without the call (the same values)
        values[seat] = values[seat] * share + progress * exp(-(t if t > 0.0 else 0.0) / horizon)
    return values


def race_value(turns: Sequence[float], seat: int, temperature: float, progress: float, horizon: float
               ) -> float:
    """`race_values(turns, ...)[seat]`, the same number, without the other seats' values."""
    exp = math.exp
    low = min(turns)
    weights = [exp((low - t) / temperature) for t in turns]
    share = (1.0 - progress) / sum(weights)
    t = turns[seat]
    return weights[seat] * share + progress * exp(-(t if t > 0.0 else 0.0) / horizon)


def tuned_weights(defaults: type[W], weights: Mapping[str, float]) -> W:
    """An instance of the weights class `defaults` with some of its number weights set otherwise (the
    agents' options "w.<name>"); KeyError for a name that is not one of them."""
    tuned = defaults()
    for name, value in weights.items():
        if name.startswith("_") or not isinstance(getattr(defaults, name, None), float):
            raise KeyError(name)
        setattr(tuned, name, float(value))
    return tuned
