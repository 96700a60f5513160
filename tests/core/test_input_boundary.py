"""The input boundary of the core: seat-aware input, values in place of texts, records, options, seeds."""

from __future__ import annotations

from typing import Any

import pytest

import spielwerk
from spielwerk import IllegalAction, InvalidNotation, OptionError, SpielwerkError
from spielwerk.core.inputs import MAX_ACTION_TEXT, QUOTE_LENGTH, depth_of, quote
from spielwerk.core.state import NOT_YOUR_TURN


def _id(value: Any) -> str:
    """A test id that is the same in every worker process (no object addresses)."""
    return "object" if type(value) is object else quote(value)[:24]


def _grani_at_a_turn() -> spielwerk.State:
    state = spielwerk.game("grani").new_state(players=3, seed=4)
    state.resolve_chance()  # the lot for the first player
    return state


def test_seat_to_move_may_act_and_the_others_get_one_refusal() -> None:
    state = _grani_at_a_turn()
    mover = state.to_move
    other = (mover + 1) % 3
    text = str(state.legal_actions()[0])
    for probe in (text, "no such move", "G1-G2", "pass"):
        with pytest.raises(IllegalAction) as refused:
            state.apply(probe, seat=other)
        assert refused.value.reason == NOT_YOUR_TURN and refused.value.rule == "seat.turn"
    assert state.apply(text, seat=mover) == state.history[-1]


def test_a_seat_never_applies_a_chance_outcome() -> None:
    state = spielwerk.game("grani").new_state(players=3, seed=4)
    assert state.is_chance
    outcome = str(state.legal_actions()[0])
    for seat in range(3):
        with pytest.raises(IllegalAction, match=NOT_YOUR_TURN):
            state.apply(outcome, seat=seat)
        with pytest.raises(IllegalAction, match=NOT_YOUR_TURN):
            state.parse_action(outcome, seat=seat)
    state.apply(outcome)  # the referee may
    assert not state.is_chance


@pytest.mark.parametrize("seat", [-1, 3, 99, "0", 1.5, True, [0], 2**70])
def test_a_seat_that_does_not_exist_is_refused(seat: Any) -> None:
    state = _grani_at_a_turn()
    with pytest.raises(IllegalAction, match="no seat") as refused:
        state.apply(str(state.legal_actions()[0]), seat=seat)
    assert refused.value.rule == "seat.unknown"
    assert len(state.history) == 1


def test_a_finished_game_takes_no_more_input_from_seats() -> None:
    state = spielwerk.game("gyges").new_state(position="..1.../....../....../....../....../...... s")
    state.apply("c6-N")
    assert state.is_over
    with pytest.raises(IllegalAction, match="over") as refused:
        state.apply("b1-b3", seat=1)
    assert refused.value.rule == "game.over"


def test_game_parse_action_judges_as_the_seat() -> None:
    game = spielwerk.game("grani")
    state = _grani_at_a_turn()
    text = str(state.legal_actions()[0])
    assert str(game.parse_action(state, text, seat=state.to_move)) == text
    with pytest.raises(IllegalAction, match=NOT_YOUR_TURN):
        game.parse_action(state, text, seat=(state.to_move + 1) % 3)


@pytest.mark.parametrize(
    "thing", [None, 3, 1.5, float("inf"), [], {}, [[[[]]]], b"b1-c3", object(), 10**5000, {1, 2}], ids=_id,
)
def test_values_that_are_no_action_are_invalid_notation(thing: Any) -> None:
    state = spielwerk.game("gyges", setup="123321,321123").new_state(seed=1)
    before = state.to_json()
    with pytest.raises(InvalidNotation):
        state.apply(thing)
    assert state.to_json() == before


def test_deeply_nested_input_is_refused_without_recursing() -> None:
    nested: Any = []
    for _ in range(100_000):
        nested = [nested]
    state = spielwerk.game("gyges", setup="123321,321123").new_state(seed=1)
    with pytest.raises(InvalidNotation) as refused:
        state.apply(nested)
    assert len(str(refused.value)) < 200


def test_an_over_long_text_is_refused_and_quoted_short() -> None:
    state = spielwerk.game("gyges", setup="123321,321123").new_state(seed=1)
    long = "b1-c3" + "x" * MAX_ACTION_TEXT
    with pytest.raises(InvalidNotation, match="too long") as refused:
        state.apply(long)
    assert long[:QUOTE_LENGTH] in str(refused.value) and long[: QUOTE_LENGTH + 1] not in str(refused.value)


def test_quote_is_short_for_anything() -> None:
    assert quote("abc") == "'abc'"
    assert len(quote("x" * 10_000)) < 50
    assert len(quote(10**5000)) < 100
    assert len(quote(list(range(10_000)))) < 100
    nested: list[Any] = []
    for _ in range(10_000):
        nested = [nested]
    assert len(quote(nested)) < 100
    assert depth_of(nested) == 21


def _record() -> dict[str, Any]:
    state = spielwerk.game("gyges", setup="123321,321123").new_state(seed=3)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    return state.to_json()


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("actions", 5), ("actions", "b1-c3"), ("actions", [5]), ("actions", ["x" * 10_000]),
        ("options", "ab"), ("options", [1]), ("options", {"replace_rule": [1]}),
        ("game", {}), ("game", "chess"), ("game", None),
        ("players", "2"), ("players", 2.0), ("players", 10**5000), ("players", True),
        ("seed", -1), ("seed", 2**128), ("seed", "7"), ("seed", 1.5),
        ("position", 7), ("colour", "red"),
    ],
    ids=_id,
)
def test_records_with_wrong_fields_are_refused(key: str, value: Any) -> None:
    record = {**_record(), key: value}
    with pytest.raises(SpielwerkError):
        spielwerk.replay(record)
    with pytest.raises(SpielwerkError):
        spielwerk.game("gyges", setup="123321,321123").state_from_json(record)


def test_records_nested_too_deeply_are_refused() -> None:
    nested: list[Any] = []
    for _ in range(50_000):
        nested = [nested]
    with pytest.raises(SpielwerkError, match="deeper"):
        spielwerk.replay({**_record(), "actions": nested})


def test_a_record_of_another_game_or_other_options_is_refused() -> None:
    record = _record()
    with pytest.raises(OptionError, match="of 'gyges', not of grani"):
        spielwerk.game("grani").state_from_json(record)
    with pytest.raises(OptionError, match="other options"):
        spielwerk.game("gyges", setup="321123,123321").state_from_json(record)
    again = spielwerk.game("gyges", setup="123321,321123").state_from_json(record)
    assert again.to_json() == record


@pytest.mark.parametrize("game_id", [{}, None, 3, "x" * 5000])
def test_unknown_games_are_option_errors(game_id: Any) -> None:
    with pytest.raises(OptionError, match="unknown game") as refused:
        spielwerk.game(game_id)
    assert len(str(refused.value)) < 200


@pytest.mark.parametrize("value", ["²", "٣", "9" * 5000, "inf", "nan", "1e309", float("inf"), [1], {"a": 1}])
def test_number_options_take_ascii_digits_only(value: Any) -> None:
    with pytest.raises(OptionError, match="max_plies") as refused:
        spielwerk.game("gyges", max_plies=value)
    assert len(str(refused.value)) < 300


def test_option_names_are_quoted_short() -> None:
    with pytest.raises(OptionError) as refused:
        spielwerk.game("gyges", **{"x" * 5000: 1})
    assert len(str(refused.value)) < 300


@pytest.mark.parametrize("seed", [-1, 2**128, 1.0, "7", True])
def test_seeds_are_whole_numbers_below_2_to_the_128(seed: Any) -> None:
    with pytest.raises(OptionError, match="seed"):
        spielwerk.game("grani").new_state(players=3, seed=seed)
    assert spielwerk.game("grani").new_state(players=3, seed=2**128 - 1).seed == 2**128 - 1


def test_seeds_drawn_by_the_engine_have_128_bits() -> None:
    seeds = [spielwerk.game("grani").new_state(players=3).seed for _ in range(64)]
    assert all(0 <= seed < 2**128 for seed in seeds)
    assert max(seeds) >= 2**120  # 64 draws below 2**120 happen with probability 2**-512
    assert len(set(seeds)) == 64
