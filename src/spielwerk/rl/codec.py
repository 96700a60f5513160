"""What every game's research bridge gives: an action index space and an observation layout."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from spielwerk.core.state import Action, State
from spielwerk.rl.blocks import Blocks

Vector = npt.NDArray[np.float32]


class Codec(ABC):
    """One game's fixed action index space and observation layout, at one version.

    A version changes whenever an index or an observation slot changes meaning, so that a trained
    model can tell whether it still fits.
    """

    game_id: str
    version: int
    action_space: Blocks
    """The action index space, the same for every player count so far."""

    def actions(self, players: int) -> Blocks:
        """The action index space for `players` seats."""
        return self.action_space

    @abstractmethod
    def encode(self, state: State, action: Action) -> int:
        """The index of `action` (a seat's decision in `state`); ValueError for one outside the space."""

    @abstractmethod
    def decode(self, state: State, index: int) -> Action:
        """The action `index` stands for in `state` (legal or not); IndexError outside the space."""

    @abstractmethod
    def layout(self, players: int) -> Blocks:
        """The observation's parts for `players` seats."""

    @abstractmethod
    def fill(self, parts: Parts, view: Mapping[str, Any], options: Mapping[str, Any]) -> None:
        """Write what `view` shows into `parts` (all zeros before); the game's options are public."""

    parts_space: Blocks | None = None
    """Where a game's decisions can also be made a part at a time (a Gygès move: start, end, put), the
    space of those parts; None where they cannot."""

    def parts(self, state: State, action: Action) -> tuple[int, ...]:
        """`action` as its successive parts, indices of `parts_space`; ValueError where it has none."""
        raise ValueError(f"{self.game_id} has no decisions in parts")

    limit_rule: str | None = None
    """The rule id a game's result names when it ended at a limit of its options (its round limit)."""

    def truncated(self, view: Mapping[str, Any]) -> bool:
        """Whether a game over ended at a limit of its options rather than by its play."""
        result = view.get("result") or {}
        return self.limit_rule is not None and result.get("rule") == self.limit_rule


class Parts:
    """An observation vector written part by part: `parts["rings"]` is that block, shaped."""

    def __init__(self, layout: Blocks) -> None:
        self.layout = layout
        self.vector: Vector = np.zeros(layout.size, dtype=np.float32)

    def __getitem__(self, name: str) -> Vector:
        return self.vector[self.layout.span(name)].reshape(self.layout.shape(name))

    def one_hot(self, name: str, position: int | tuple[int, ...] | None) -> None:
        """Set one slot of block `name` to 1 (nothing for None)."""
        if position is not None:
            self[name][position] = 1.0
