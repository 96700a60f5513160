"""gyges.setup: the start ranks, chosen by the players, fixed by an option, or drawn at random."""

from __future__ import annotations

import itertools

import pytest

import spielwerk
from spielwerk import CHANCE, OptionError
from tests.gyges.helpers import fresh, illegal, play, texts

ALL_ARRANGEMENTS = sorted({"".join(p) for p in itertools.permutations("112233")})


def test_gyges_setup__there_are_90_arrangements() -> None:
    assert len(ALL_ARRANGEMENTS) == 90  # 6! / (2! 2! 2!)


def test_gyges_setup__south_arranges_then_north_then_south_moves() -> None:
    state = fresh()
    assert not state.is_chance
    assert state.to_move == 0
    assert texts(state) == ALL_ARRANGEMENTS
    state.apply("123321")
    assert state.to_move == 1
    assert texts(state) == ALL_ARRANGEMENTS
    state.apply("312213")  # North's rank 6, files a to f
    assert state.to_move == 0
    assert state.position() == "312213/....../....../....../....../123321 s"
    assert "a1-a2" in texts(state)
    assert all("-" in text for text in texts(state))


def test_gyges_setup__can_be_taken_back() -> None:
    state = play(fresh(), "123321", "312213")
    state.undo()
    state.undo()
    assert state.to_move == 0
    assert texts(state) == ALL_ARRANGEMENTS


def test_gyges_setup__fixed_by_option() -> None:
    state = fresh(setup="112233,332211")
    assert state.position() == "332211/....../....../....../....../112233 s"
    assert state.to_move == 0
    assert state.history == ()
    assert "a1-a2" in texts(state)


def test_gyges_setup__random_is_two_chance_nodes_of_90_outcomes() -> None:
    assert spielwerk.game("gyges", setup="random").info.chance
    assert not spielwerk.game("gyges").info.chance
    state = fresh(5, setup="random")
    for _ in range(2):
        assert state.is_chance
        assert state.to_move == CHANCE
        outcomes = state.chance_outcomes()
        assert sorted(str(a) for a, _ in outcomes) == ALL_ARRANGEMENTS
        assert all(p == pytest.approx(1 / 90) for _, p in outcomes)
        assert texts(state) == ALL_ARRANGEMENTS
        state.resolve_chance()
    assert not state.is_chance
    assert state.to_move == 0
    south, north = (str(a) for a in state.history)
    assert state.position() == f"{north}/....../....../....../....../{south} s"


def test_gyges_setup__random_follows_the_seed() -> None:
    def drawn(seed: int) -> str:
        state = fresh(seed, setup="random")
        state.resolve_chance()
        state.resolve_chance()
        return state.position()

    assert drawn(11) == drawn(11)
    assert len({drawn(seed) for seed in range(8)}) > 1


def test_gyges_setup__needs_two_rings_of_each_height() -> None:
    state = fresh()
    error = illegal(state, "111222")
    assert error.rule == "gyges.setup"
    assert "two rings of each height" in error.reason


def test_gyges_setup__no_move_before_the_set_up() -> None:
    state = fresh()
    assert illegal(state, "a1-a2").rule == "gyges.setup"


def test_gyges_setup__drawn_at_random_takes_no_move() -> None:
    state = fresh(setup="random")
    error = illegal(state, "a1-a2")
    assert error.rule == "gyges.setup"
    assert "random" in error.reason


def test_gyges_setup__a_drawn_outcome_may_be_applied_by_text() -> None:
    """Replays and search apply chance outcomes by their text; the draw stays South's, then North's."""
    state = fresh(setup="random")
    state.apply("123321")
    assert state.is_chance
    state.apply("112233")
    assert state.position() == "112233/....../....../....../....../123321 s"


def test_gyges_setup__no_set_up_once_play_has_begun() -> None:
    state = fresh(setup="123321,321123")
    assert illegal(state, "123321").rule == "gyges.setup"


@pytest.mark.parametrize("setup", ["123,321", "111222,123321", "123321", "123321,321123,112233", 5])
def test_gyges_setup__bad_option(setup: object) -> None:
    with pytest.raises(OptionError):
        spielwerk.game("gyges", setup=setup)


def test_gyges_setup__random_setup_replays_from_its_record() -> None:
    state = fresh(9, setup="random")
    state.resolve_chance()
    state.resolve_chance()
    state.apply(state.legal_actions()[0])
    again = spielwerk.replay(state.record())
    assert again.to_json() == state.to_json()
    assert again.view(None) == state.view(None)
