"""Fixtures tests of several folders share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import spielwerk
from spielwerk.core.game import Game
from spielwerk.core.language import LANGUAGE_VARIABLES
from spielwerk.warm import warm
from tests.agents.test_agents_toy_game import Race


def pytest_configure(config: pytest.Config) -> None:
    """The compiled code compiled once, before any worker starts: numba's cache on disk then serves
    every process (a fresh clone has no cache, and a compile takes several seconds)."""
    if not hasattr(config, "workerinput"):
        warm()


@pytest.fixture(scope="session", autouse=True)
def compiled_code_loaded() -> None:
    """Each test process loads the compiled code before its first test, so that no timed test pays
    for loading it."""
    warm()


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
