"""The one place that says which option sets the conformance suite plays for each game.

Every registered game is checked; a game without an entry here is played with its default options.
Each option set is played with the fewest and the most players the game allows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import spielwerk
from spielwerk import Game, State

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "grani": [
        {},
        {"seals_to_win": 2, "max_turns": 40},
    ],
    "gyges": [
        {},
        {"setup": "random"},
        {"throne_captures": 3},
        {"replace_rule": "strict"},
        {"replacement": False},
        {"setup": "123321,321123", "max_plies": 60},
    ],
}

PLIES = 40
"""How many actions a checked playout takes at most (each action is checked many ways)."""


@dataclass(frozen=True)
class Case:
    """One game, with one option set and one number of players."""

    game_id: str
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """A short test id: `gyges-2p-setup=random`."""
        extra = ",".join(f"{key}={value}" for key, value in self.options.items())
        return f"{self.game_id}-{self.players}p" + (f"-{extra}" if extra else "")

    def game(self) -> Game:
        """The game with this case's options."""
        return spielwerk.game(self.game_id, **self.options)

    def new_state(self, seed: int) -> State:
        """A new game for this case."""
        return self.game().new_state(players=self.players, seed=seed)


def cases() -> list[Case]:
    """Every registered game × its option sets × its fewest and most players."""
    found = []
    for game_id in spielwerk.games():
        info = spielwerk.game(game_id).info
        for options in OPTION_SETS.get(game_id, [{}]):
            for players in sorted({info.min_players, info.max_players}):
                found.append(Case(game_id, players, options))
    return found


CASES = cases()
CASE_IDS = [case.name for case in CASES]
