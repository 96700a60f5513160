"""The cycle collector while agents search: its young generation is collected less often inside
`rarely_collected` (nested, from several threads), and the setting found is put back after."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

import spielwerk
from spielwerk import agents
from spielwerk.core.collector import YOUNG, rarely_collected
from spielwerk.core.state import Action, State


@pytest.fixture
def default_thresholds() -> Iterator[None]:
    saved = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*saved)


def test_young_generation_collected_less_often_inside_and_as_before_after(default_thresholds: None) -> None:
    with rarely_collected():
        assert gc.get_threshold() == (YOUNG, 10, 10)
        with rarely_collected():
            assert gc.get_threshold() == (YOUNG, 10, 10)
        assert gc.get_threshold() == (YOUNG, 10, 10)  # the outer one still inside
    assert gc.get_threshold() == (700, 10, 10)


def test_setting_put_back_after_an_error(default_thresholds: None) -> None:
    with pytest.raises(ValueError), rarely_collected():
        raise ValueError
    assert gc.get_threshold() == (700, 10, 10)


def test_rarer_setting_or_collector_off_left_alone(default_thresholds: None) -> None:
    gc.set_threshold(50_000, 10, 10)
    with rarely_collected():
        assert gc.get_threshold() == (50_000, 10, 10)
    assert gc.get_threshold() == (50_000, 10, 10)
    gc.set_threshold(0, 10, 10)  # 0: the collector is off
    with rarely_collected():
        assert gc.get_threshold() == (0, 10, 10)
    assert gc.get_threshold() == (0, 10, 10)


def test_threads_overlapping_put_back_the_first_setting(default_thresholds: None) -> None:
    inside, leave = threading.Barrier(3), threading.Event()
    seen: list[tuple[int, int, int]] = []

    def search() -> None:
        with rarely_collected():
            inside.wait()
            leave.wait()
            seen.append(gc.get_threshold())

    threads = [threading.Thread(target=search) for _ in range(2)]
    for thread in threads:
        thread.start()
    inside.wait()
    assert gc.get_threshold() == (YOUNG, 10, 10)
    leave.set()
    for thread in threads:
        thread.join()
    assert seen == [(YOUNG, 10, 10)] * 2
    assert gc.get_threshold() == (700, 10, 10)


def test_an_agent_searches_with_the_young_generation_collected_less_often(
    default_thresholds: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[int, int, int]] = []
    state = spielwerk.game("drachenfels").new_state(players=2, seed=1)
    while state.is_chance:
        state.resolve_chance()
    bot = agents.make("mcts", budget=5, seed=0)
    original = bot._choose

    def choose(s: State) -> Action:
        seen.append(gc.get_threshold())
        return original(s)

    monkeypatch.setattr(bot, "_choose", choose)
    bot.choose(state)
    assert seen == [(YOUNG, 10, 10)]
    assert gc.get_threshold() == (700, 10, 10)
