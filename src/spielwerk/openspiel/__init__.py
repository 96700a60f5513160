"""spielwerk's games in OpenSpiel: `register()` makes each a pyspiel Python game.

Needs the `openspiel` extra (`pip install "spielwerk[openspiel]"`: open_spiel, with the `rl` extra's
numpy); the core never imports this package. docs/research.md, section "OpenSpiel":

    import pyspiel
    from spielwerk import openspiel
    openspiel.register()
    game = pyspiel.load_game("spielwerk_drachenfels(players=3)")
    state = game.new_initial_state()       # chance first: state.chance_outcomes()

Each game with a research bridge (`spielwerk.rl.games()`) is `spielwerk_<id>`, with `players` and its
plain options as parameters. Decisions are the game's `spielwerk.rl` indices, chance outcomes the ids
of `spielwerk.openspiel.chance`; observations and information states come from the seat's view only.
"""

from __future__ import annotations

from typing import Any

import pyspiel  # type: ignore[import-not-found]

from spielwerk import rl
from spielwerk.openspiel import chance
from spielwerk.openspiel.game import PREFIX, SpielwerkGame, SpielwerkState, game_type

_registered: set[str] = set()


def games() -> list[str]:
    """The ids of the games `register()` makes OpenSpiel games: those with a research bridge and
    chance ids."""
    return sorted(set(rl.games()) & set(chance.games()))


def name(game_id: str) -> str:
    """OpenSpiel's name of a spielwerk game: `spielwerk_gyges`."""
    return PREFIX + game_id


def register() -> list[str]:
    """Register every game of `games()` with pyspiel (once; again does nothing); their names."""
    for game_id in games():
        if game_id not in _registered:
            pyspiel.register_game(game_type(game_id), _game_class(game_id))
            _registered.add(game_id)
    return [name(game_id) for game_id in games()]


def _game_class(game_id: str) -> type[SpielwerkGame]:
    """A class of its own for each game, as pyspiel registers it (a class, not a function: pyspiel
    keeps what it registers past the interpreter's end, where freeing a function would crash it)."""

    def __init__(self: SpielwerkGame, params: Any = None) -> None:
        SpielwerkGame.__init__(self, game_id, params)

    return type(f"SpielwerkGame_{game_id}", (SpielwerkGame,), {"__init__": __init__})


__all__ = ["SpielwerkGame", "SpielwerkState", "games", "name", "register"]
