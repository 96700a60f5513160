"""The take-back rule (`cli.undo.plan_undo`): one's own decisions, past neither chance nor another person."""

from __future__ import annotations

from collections.abc import Callable

import spielwerk
from spielwerk.cli.undo import forced, plan_undo
from spielwerk.core.state import State

YELLOW, BLUE, RED, WHITE = range(4)
POSITION = "yellow=T14 blue=G5 red=X8 white=X9"


def grani(position: str = POSITION) -> State:
    return spielwerk.game("grani").new_state(players=4, seed=0, position=position)


def people(*seats: int) -> Callable[[int], bool]:
    return lambda seat: seat in seats


def test_undo_takes_back_a_move_before_the_decision_it_brought() -> None:
    state = grani()
    state.apply("T14-T15")  # onto the magic stone: a stone must be put next
    plan = plan_undo(state, people(YELLOW, BLUE), YELLOW)
    assert plan.allowed and plan.count == 1 and str(plan.decision) == "T14-T15"


def test_undo_takes_back_the_agents_replies_with_the_persons_decision() -> None:
    state = grani()
    for action in ("T14-T10", "G5-G1", "X8-X4", "X9-X5"):
        state.apply(action)
    assert plan_undo(state, people(YELLOW), YELLOW).count == 4


def test_undo_stops_at_a_chance_outcome() -> None:
    state = grani(POSITION + " deck=00")
    state.apply("T14-T19")  # onto a dragon: a card is turned, the die rolled
    state.resolve_chance()
    state.resolve_chance()
    plan = plan_undo(state, people(YELLOW), YELLOW)
    assert not plan.allowed
    assert [str(outcome)[:5] for outcome in plan.revealed] == ["card ", "roll "]
    assert str(plan.decision) == "T14-T19"


def test_undo_stops_at_another_persons_decision() -> None:
    state = grani()
    state.apply("T14-T10")
    state.apply("G5-G1")
    plan = plan_undo(state, people(YELLOW, BLUE), YELLOW)
    assert not plan.allowed and plan.other == BLUE and str(plan.decision) == "T14-T10"
    assert plan_undo(state, people(YELLOW, BLUE), BLUE).count == 1


def test_a_forced_action_is_no_decision_and_goes_back_with_the_one_before() -> None:
    state = grani("yellow=T19:2:shackled blue=G5 red=X8 white=X9")
    assert forced(state) and [str(a) for a in state.legal_actions()] == ["rest"]
    state.apply("rest")
    plan = plan_undo(state, people(YELLOW, BLUE), YELLOW)
    assert not plan.allowed and plan.decision is None  # yellow has made no decision yet
    state.apply("G5-G1")
    assert plan_undo(state, people(YELLOW, BLUE), BLUE).count == 1


def test_after_the_end_the_last_person_to_decide_takes_back() -> None:
    state = spielwerk.game("gyges").new_state(position="..1.../....../....../2...../....../...... s")
    for action in ("a3-a5", "c6-d6", "a5-N"):
        state.apply(action)
    plan = plan_undo(state, people(0, 1), None)
    assert plan.allowed and plan.seat == 0 and plan.count == 1


def test_a_random_set_up_is_chance_and_nothing_before_it_goes_back() -> None:
    state = spielwerk.game("gyges", setup="random").new_state(seed=3)
    state.resolve_chance()
    state.resolve_chance()
    plan = plan_undo(state, people(0), 0)
    assert not plan.allowed and plan.decision is None and len(plan.revealed) == 2
