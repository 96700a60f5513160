"""The registry: explicit registration, lazy loading, listing."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk.core.game import Game
from spielwerk.core.registry import Registry
from spielwerk.games.gyges import Gyges


def test_hosted_games_are_listed() -> None:
    assert "gyges" in spielwerk.games()


def test_a_game_is_loaded_from_its_path_only_when_asked_for() -> None:
    loaded: list[str] = []
    registry = Registry()

    def load() -> type[Game]:
        loaded.append("gyges")
        return Gyges

    registry.register("gyges", load)
    assert loaded == []
    assert registry.game("gyges").info.id == "gyges"
    assert loaded == ["gyges"]


def test_registering_twice_is_refused() -> None:
    registry = Registry()
    registry.register("gyges", "spielwerk.games.gyges:Gyges")
    with pytest.raises(ValueError, match="registered already"):
        registry.register("gyges", "spielwerk.games.gyges:Gyges")


def test_unregister_removes_a_game() -> None:
    registry = Registry()
    registry.register("gyges", "spielwerk.games.gyges:Gyges")
    registry.unregister("gyges")
    assert registry.ids() == []
