"""Gygès tactics every search agent must get right: take a throne win, never hand one over."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import spielwerk
from spielwerk import agents
from spielwerk.core.state import Action, State
from spielwerk.games.gyges.heuristics import HEURISTICS

ONE_WIN_SOUTH = "...2../2...../3.1311/32.213/....../...... s"  # a3-N is the only win among 742 moves
ONE_WIN_NORTH = "13123./....../...3../1...2./....../22.31. n"  # e6-S is the only win among 651 moves
ONE_SAFE_SOUTH = "....../....../1221../223133/.1..../....3. s"  # 50 of 51 moves let North win
ONE_SAFE_NORTH = "....../132..1/..2.12/.33321/....../...... n"  # 77 of 78 moves let South win


def gyges(position: str) -> State:
    return spielwerk.game("gyges").new_state(seed=0, position=position)


def throne_moves(state: State) -> list[str]:
    return [str(a) for a in state.legal_actions() if str(a).endswith(("-N", "-S"))]


def unsafe(state: State, actions: Sequence[Action]) -> list[Action]:
    """The actions after which the opponent can end on our throne at once."""
    found = []
    for action in actions:
        state.apply(action)
        if any(str(reply).endswith(("-N", "-S")) for reply in state.legal_actions()):
            found.append(action)
        state.undo()
    return found


class Plain:
    """Gygès heuristics without the search hints: agents must find wins through the tree alone."""

    def evaluate(self, state: State) -> list[float]:
        return HEURISTICS.evaluate(state)

    def order(self, state: State, actions: Sequence[Action]) -> list[Action]:
        return HEURISTICS.order(state, actions)


@pytest.mark.parametrize(("position", "win"), [(ONE_WIN_SOUTH, "a3-N"), (ONE_WIN_NORTH, "e6-S")])
@pytest.mark.parametrize("name", ["alphabeta", "ismcts", "mcts"])
@pytest.mark.parametrize("hints", [True, False])
def test_takes_the_only_throne_win(position: str, win: str, name: str, hints: bool) -> None:
    state = gyges(position)
    assert throne_moves(state) == [win]
    assert len(state.legal_actions()) > 600
    bot = agents.make(name, budget=30, seed=2, heuristics=None if hints else Plain())
    assert str(bot.choose(state)) == win


@pytest.mark.parametrize("position", [ONE_SAFE_SOUTH, ONE_SAFE_NORTH])
def test_alphabeta_avoids_handing_over_a_win(position: str) -> None:
    state = gyges(position)
    actions = state.legal_actions()
    assert not throne_moves(state)
    losing = unsafe(state, actions)
    assert len(actions) - len(losing) == 1  # one safe move to find among many
    for seed in range(3):
        choice = agents.make("alphabeta", budget=400, seed=seed).choose(state)
        assert choice not in losing


@pytest.mark.parametrize("position", [ONE_SAFE_SOUTH, ONE_SAFE_NORTH])
def test_alphabeta_avoids_handing_over_a_win_without_hints(position: str) -> None:
    state = gyges(position)
    losing = unsafe(state, state.legal_actions())
    choice = agents.make("alphabeta", budget=2000, seed=0, heuristics=Plain()).choose(state)
    assert choice not in losing


def test_mcts_avoids_handing_over_a_win() -> None:
    state = gyges(ONE_SAFE_SOUTH)
    losing = unsafe(state, state.legal_actions())
    choice = agents.make("mcts", budget=600, seed=0).choose(state)
    assert choice not in losing


def test_alphabeta_sees_a_lost_position_as_lost() -> None:
    state = gyges(ONE_SAFE_SOUTH)
    losing = unsafe(state, state.legal_actions())
    state.apply(losing[0])
    bot = agents.make("alphabeta", budget=50, seed=0)
    bot.choose(state)
    assert bot.stats["score"] > 900_000  # North wins at once
