"""The Gygès heuristics: exact keys and wins, a bounded evaluation that sees threats, win-first order."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import spielwerk
from spielwerk.core.state import State
from spielwerk.games.gyges.heuristics import HEURISTICS as H

START = "321123/....../....../....../....../123321 s"
ONE_WIN_SOUTH = "...2../2...../3.1311/32.213/....../...... s"  # a3-N wins


def gyges(position: str, **options: object) -> State:
    return spielwerk.game("gyges", **options).new_state(seed=0, position=position)


def sample_states(count: int = 60) -> Iterator[State]:
    """States along seeded random games from random set-ups."""
    rng = random.Random(4)
    game = spielwerk.game("gyges", setup="random")
    seed = 0
    while count > 0:
        state = game.new_state(seed=seed)
        seed += 1
        while not state.is_over and count > 0:
            if state.is_chance:
                state.resolve_chance()
                continue
            if rng.random() < 0.3:
                count -= 1
                yield state
            state.apply(rng.choice(state.legal_actions()))


def test_the_game_hands_out_its_heuristics() -> None:
    assert spielwerk.game("gyges").heuristics() is H


def test_key_is_the_same_for_a_transposition_and_differs_otherwise() -> None:
    first, second = gyges(START), gyges(START)
    for text in ("a1-a2", "c6-c5", "f1-f2", "d6-d5"):
        first.apply(text)
    for text in ("f1-f2", "d6-d5", "a1-a2", "c6-c5"):
        second.apply(text)
    assert first.position() == second.position()  # type: ignore[attr-defined]
    assert H.key(first) == H.key(second)
    assert H.key(first) != H.key(gyges(START))
    assert H.key(gyges(START)) != H.key(gyges(START.replace(" s", " n")))


def test_winning_action_is_the_throne_move() -> None:
    assert str(H.winning_action(gyges(ONE_WIN_SOUTH))) == "a3-N"
    assert H.winning_action(gyges(START)) is None


def test_winning_action_only_where_the_capture_ends_the_game() -> None:
    state = gyges(ONE_WIN_SOUTH, throne_captures={"south": 3, "north": 1})
    assert "a3-N" in {str(a) for a in state.legal_actions()}
    assert H.winning_action(state) is None  # the first of three captures does not win yet


def test_value_and_evaluate_are_bounded_and_change_nothing() -> None:
    for state in sample_states():
        before = state.to_json()
        value = H.value(state)
        assert -1 < value < 1
        values = H.evaluate(state)
        assert len(values) == 2 and all(0 <= v <= 1 for v in values)
        assert values[state.to_move] == pytest.approx(0.5 + value / 2)
        assert state.to_json() == before


def test_a_win_at_once_is_valued_as_nearly_won() -> None:
    assert H.value(gyges(ONE_WIN_SOUTH)) > 0.95
    assert H.evaluate(gyges(ONE_WIN_SOUTH))[0] > 0.95


def mirrored(position: str) -> str:
    """The same position seen from the other side: ranks reversed, files reversed, sides swapped."""
    board, side = position.split()
    ranks = [rank[::-1] for rank in reversed(board.split("/"))]
    return "/".join(ranks) + (" n" if side == "s" else " s")


def test_value_is_the_same_from_either_side_of_the_board() -> None:
    for state in sample_states(40):
        if state.phase != "play":  # type: ignore[attr-defined]
            continue
        position = state.position()  # type: ignore[attr-defined]
        assert H.value(gyges(position)) == pytest.approx(H.value(gyges(mirrored(position))))


def test_evaluate_at_the_end_is_the_result() -> None:
    state = gyges(ONE_WIN_SOUTH)
    state.apply("a3-N")
    assert H.evaluate(state) == [1.0, 0.0]


def test_order_puts_throne_moves_first_and_keeps_every_move() -> None:
    state = gyges(ONE_WIN_SOUTH)
    actions = state.legal_actions()
    ordered = H.order(state, actions)
    assert str(ordered[0]) == "a3-N"
    assert sorted(map(str, ordered)) == sorted(map(str, actions))
