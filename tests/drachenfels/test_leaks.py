"""The leak test: nothing a seat is shown changes when only facts hidden from it change.

Two games run side by side for one observing seat. Chance outcomes the seat sees are the same in
both; those it does not see (another player's draws, the hidden princesses) are drawn independently,
so the twins hold different hidden cards and princesses. Decisions are texts legal in both. At every
step the seat's view, its legal-action texts, the errors its typed inputs get, its record and its
history must be equal in the twins. A look at a princess is the one legitimate reveal: the run stops
when the twins' public results part.
"""

from __future__ import annotations

import pytest

from spielwerk import IllegalAction, InvalidNotation, State, agents
from tests.drachenfels.twins import twins

PROBES = (
    "refresh",
    "top",
    "end",
    "stop",
    "keep",
    "take red",
    "take blue",
    "take yellow",
    "3 K",
    "5 S1",
    "dragon C1>1",
    "teletransfer blue",
    "cloud red S2",
    "rainbow R1-K",
    "bridge H1",
    "draw 3",
    "pick dragon",
    "first red",
)
STEPS = 160


def _outcome(state: State, text: str) -> tuple[str, ...]:
    """What typing `text` shows: the error, or the applied action's text and the seat's new view."""
    probe = state.clone()
    try:
        action = probe.apply(text)
    except (IllegalAction, InvalidNotation) as error:
        return (type(error).__name__, str(error))
    return ("ok", str(action))


def _same_for(a: State, b: State, seat: int | None) -> None:
    assert a.view(seat) == b.view(seat)
    assert a.history_for(seat) == b.history_for(seat)
    assert a.record(seat) == {**b.record(seat), "seed": a.record(seat)["seed"]}
    assert a.record(seat)["seed"] is None or a.is_over
    if seat is not None and a.to_move == seat:
        assert sorted(map(str, a.legal_actions())) == sorted(map(str, b.legal_actions()))
        for text in {*PROBES, *(str(x) for x in a.legal_actions()), *(str(x) for x in b.legal_actions())}:
            assert _outcome(a, text) == _outcome(b, text), text


def _twin_run(players: int, seed: int, seat: int | None) -> int:
    steps = 0
    for a, b in twins(players, seed, seat, STEPS):
        _same_for(a, b, seat)
        steps += 1
    return steps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_drachenfels_hidden_nothing_leaks_to_a_seat(players: int) -> None:
    total = 0
    for seed in range(6):
        for seat in range(players):
            total += _twin_run(players, seed * 10 + seat, seat)
    assert total > 100 * players  # the twins really ran, not stopped at once


def test_drachenfels_hidden_nothing_leaks_to_a_spectator() -> None:
    assert sum(_twin_run(3, seed, None) for seed in range(6)) > 300


def test_ismcts_going_on_with_its_tree_chooses_alike_in_twins() -> None:
    """A kept tree must stand for what the seat knows: in twins it is the same tree."""
    compared = 0
    for seed in range(2):
        bots = [agents.make("ismcts", budget=30, seed=seed) for _ in range(2)]
        for a, b in twins(2, 100 + seed, 0, 90):
            if a.is_chance or a.to_move != 0:
                continue
            assert str(bots[0].choose(a)) == str(bots[1].choose(b))
            assert bots[0].stats == {**bots[1].stats, "seconds": bots[0].stats["seconds"]}
            compared += 1
    assert compared > 10
