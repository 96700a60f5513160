"""The one registry of games: ids mapped to loaders, filled explicitly by `spielwerk.games`."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from spielwerk.core.catalogue import say
from spielwerk.core.errors import OptionError
from spielwerk.core.game import Game
from spielwerk.core.inputs import quote

Loader = Callable[[], type[Game]]


class Registry:
    """Game ids and how to load each game class (imported only when first asked for)."""

    def __init__(self) -> None:
        self._loaders: dict[str, Loader] = {}

    def register(self, game_id: str, loader: Loader | str) -> None:
        """Add a game: a loader function, or "package.module:ClassName"."""
        if game_id in self._loaders:
            raise ValueError(f"game {game_id!r} is registered already")
        self._loaders[game_id] = _import_loader(loader) if isinstance(loader, str) else loader

    def unregister(self, game_id: str) -> None:
        """Remove a game (tests register toy games and take them away again)."""
        self._loaders.pop(game_id, None)

    def ids(self) -> list[str]:
        """All registered game ids, sorted."""
        return sorted(self._loaders)

    def game(self, game_id: str, **options: Any) -> Game:
        """A game with the given options."""
        loader = self._loaders.get(game_id) if isinstance(game_id, str) else None
        if loader is None:
            raise OptionError(say("game.unknown", given=quote(game_id), games=", ".join(self.ids())))
        return loader()(**options)


def _import_loader(path: str) -> Loader:
    module_name, _, class_name = path.partition(":")

    def load() -> type[Game]:
        game_class: type[Game] = getattr(importlib.import_module(module_name), class_name)
        return game_class

    return load
