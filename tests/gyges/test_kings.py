"""gyges.variant.kings: the King's game (throne_captures=3) and its handicaps."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk import OptionError
from tests.gyges.helpers import end_rule, gyges, illegal, play, texts

# South's nearest rank is 4: c4 (3) reaches N by c4-c5-c6-N
CAPTURE = "1...../....../..31../....../....../...... s"
# after c4-N North puts the 3 from N on an empty cell of ranks 4-6 (South's nearest rank is 4, d4)
PUTS = sorted(["N-a4", "N-b4", "N-c4", "N-e4", "N-f4",
               "N-a5", "N-b5", "N-b6", "N-c5", "N-c6", "N-d5", "N-d6", "N-e5", "N-e6", "N-f5", "N-f6"])
STRICT_PUTS = [put for put in PUTS if put[-1] != "4"]


def test_gyges_variant_kings__a_capture_does_not_end_the_game() -> None:
    state = gyges(CAPTURE, throne_captures=3)
    state.apply("c4-N")
    assert not state.is_over
    assert state.to_move == 1
    assert state.position() == "1...../....../...1../....../....../...... n"
    view = state.view(None)
    assert view["captures"] == {"south": 1, "north": 0}
    assert view["throne_ring"] == {"throne": "N", "height": 3}


def test_gyges_variant_kings__the_owner_puts_the_ring_under_the_replace_rule() -> None:
    state = play(gyges(CAPTURE, throne_captures=3), "c4-N")
    assert texts(state) == PUTS


def test_gyges_variant_kings__strict_rule_for_the_put() -> None:
    state = play(gyges(CAPTURE, throne_captures=3, replace_rule="strict"), "c4-N")
    assert texts(state) == STRICT_PUTS


def test_gyges_variant_kings__the_put_is_no_turn_the_owner_then_moves() -> None:
    state = play(gyges(CAPTURE, throne_captures=3), "c4-N")
    state.apply("N-c5")
    assert state.position() == "1...../..3.../...1../....../....../...... n"
    assert state.to_move == 1
    assert state.view(None)["throne_ring"] is None
    assert state.view(None)["ply"] == 1
    assert texts(state) == ["a6-a5", "a6-b6"]  # North's nearest rank is 6 again


def test_gyges_variant_kings__the_put_must_keep_away_from_the_capturer() -> None:
    state = play(gyges(CAPTURE, throne_captures=3), "c4-N")
    error = illegal(state, "N-a3")
    assert error.rule == "gyges.replace.not-nearest"
    assert error.reason == (
        "a3 is behind rank 4, south's nearest occupied rank: "
        "a put ring may stand on that rank but not between it and south's throne"
    )
    strict = play(gyges(CAPTURE, throne_captures=3, replace_rule="strict"), "c4-N")
    assert illegal(strict, "N-a4").rule == "gyges.replace.not-nearest"


def test_gyges_variant_kings__the_put_comes_first() -> None:
    state = play(gyges(CAPTURE, throne_captures=3), "c4-N")
    error = illegal(state, "a6-a5")
    assert error.rule == "gyges.variant.kings"
    assert error.reason == "north must first put the ring from throne N on an empty cell, e.g. N-a4"
    assert illegal(state, "S-c5").rule == "gyges.variant.kings"
    assert illegal(state, "N-a6").rule == "gyges.variant.kings"  # a6 holds a ring


def test_gyges_variant_kings__no_throne_put_outside_the_kings_game() -> None:
    state = gyges(CAPTURE, throne_captures=3)
    assert illegal(state, "N-c5").rule == "gyges.variant.kings"


def test_gyges_variant_kings__three_captures_win() -> None:
    state = gyges(CAPTURE, throne_captures=3)
    play(state, "c4-N", "N-a5", "a6-a4")
    assert state.position() == "....../3...../1..1../....../....../...... s"
    play(state, "a4-N", "N-b5", "a5-c4")
    assert state.view(None)["captures"] == {"south": 2, "north": 0}
    assert not state.is_over
    state.apply("c4-N")
    assert state.is_over
    assert state.returns() == [1.0, 0.0]
    assert end_rule(state) == "gyges.win"
    assert state.view(None)["captures"] == {"south": 3, "north": 0}


def test_gyges_variant_kings__undo_takes_back_capture_and_put() -> None:
    state = play(gyges(CAPTURE, throne_captures=3), "c4-N", "N-c5")
    state.undo()
    assert texts(state) == PUTS
    state.undo()
    assert state.position() == CAPTURE
    assert state.view(None)["captures"] == {"south": 0, "north": 0}


def test_gyges_variant_kings__handicap_per_side() -> None:
    weak_south = gyges(CAPTURE, throne_captures={"south": 1, "north": 3})
    weak_south.apply("c4-N")
    assert weak_south.returns() == [1.0, 0.0]
    # North's d3 (3) runs d3-d2-d1-S
    north_capture = "....../....../....../..13../....../...... n"
    strong_north = gyges(north_capture, throne_captures={"south": 3, "north": 1})
    strong_north.apply("d3-S")
    assert strong_north.returns() == [0.0, 1.0]
    patient_north = gyges(north_capture, throne_captures={"south": 1, "north": 2})
    patient_north.apply("d3-S")
    assert not patient_north.is_over
    assert patient_north.to_move == 0
    # South puts the ring from S up to North's nearest rank, rank 3 (c3): on ranks 1 to 3
    expected = sorted(f"S-{f}{r}" for f in "abcdef" for r in (1, 2, 3) if f"{f}{r}" != "c3")
    assert texts(patient_north) == expected


@pytest.mark.parametrize(
    "captures", [0, 4, {"south": 3}, {"south": 3, "north": 0}, {"south": 3, "north": 1, "east": 2}, "x"]
)
def test_gyges_variant_kings__bad_throne_captures(captures: object) -> None:
    with pytest.raises(OptionError):
        spielwerk.game("gyges", throne_captures=captures)


def test_gyges_variant_kings__ruling_any_empty_cell_when_none_is_allowed() -> None:
    """Ruling: with no cell allowed for the put, any empty cell will do.

    a6-N leaves only b6; South's nearest rank is then 6. The standard rule allows rank 6 itself;
    the strict rule allows nothing, so every empty cell is allowed.
    """
    state = play(gyges("12..../....../....../....../....../...... s", throne_captures=3), "a6-N")
    assert texts(state) == ["N-a6", "N-c6", "N-d6", "N-e6", "N-f6"]
    strict = play(gyges("12..../....../....../....../....../...... s", throne_captures=3,
                        replace_rule="strict"), "a6-N")
    assert len(texts(strict)) == 35
    strict.apply("N-a1")
    assert strict.position() == ".2..../....../....../....../....../1..... n"


def test_gyges_variant_kings__max_plies_ends_even_on_a_capture() -> None:
    state = gyges(CAPTURE, throne_captures=3, max_plies=1)
    state.apply("c4-N")
    assert state.is_over
    assert state.returns() == [0.5, 0.5]
