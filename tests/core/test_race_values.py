"""core.heuristics.race_values and race_value: the race model's values from estimated turns to win."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from spielwerk.core.heuristics import race_value, race_values

TURNS = st.lists(st.floats(min_value=-5.0, max_value=400.0), min_size=1, max_size=6)


def test_the_race_shares_one_and_the_nearest_seat_leads() -> None:
    values = race_values([10.0, 20.0, 30.0], temperature=8.0, progress=0.0, horizon=30.0)
    assert abs(sum(values) - 1.0) < 1e-12
    assert values[0] > values[1] > values[2]


@given(TURNS, st.data())
def test_one_seats_value_is_the_same_number_as_in_all_seats_values(
    turns: list[float], data: st.DataObject,
) -> None:
    seat = data.draw(st.integers(min_value=0, max_value=len(turns) - 1))
    assert race_value(turns, seat, 8.0, 0.3, 30.0) == race_values(turns, 8.0, 0.3, 30.0)[seat]
