"""Fixtures tests of several folders share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import spielwerk
from spielwerk.core.game import Game
from spielwerk.core.language import LANGUAGE_VARIABLES
from tests.agents.test_agents_toy_game import Race


@pytest.fixture
def race() -> Iterator[Game]:
    """The toy race game, registered for the test only."""
    spielwerk.REGISTRY.register("toyrace", lambda: Race)
    try:
        yield spielwerk.game("toyrace")
    finally:
        spielwerk.REGISTRY.unregister("toyrace")


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test reads English unless it asks for another language: the machine's LANG stays out."""
    monkeypatch.setenv(LANGUAGE_VARIABLES[0], "en")
