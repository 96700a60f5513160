"""gyges.land.* and gyges.replace.*: what happens when a segment ends on a ring."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk import IllegalAction, InvalidNotation, OptionError
from tests.gyges.helpers import gyges, illegal, moves_from, plain_moves, texts

# c1 (1) can land on c2 (2); North's only ring is e6 (1)
LANDING = "....1./....../....../....../..2.../..1... s"
BOUNCE_ENDS = ["c1-a2", "c1-b1", "c1-b3", "c1-c4", "c1-d1", "c1-d3", "c1-e2"]


def test_gyges_land_occupied__a_move_may_not_stop_on_a_ring() -> None:
    state = gyges(LANDING)
    assert "c1-c2" not in texts(state)
    error = illegal(state, "c1-c2")
    assert error.rule == "gyges.land.occupied"
    assert error.reason.startswith("c2 holds a ring: bounce on from it to end elsewhere, or replace it")


def test_gyges_land_bounce__goes_on_by_the_height_of_the_ring_landed_on() -> None:
    # straight: b1, d1; bouncing from c2 by 2: c2-b2-(a2|b1|b3), c2-d2-(d1|d3|e2), c2-c3-(b3|c4|d3)
    state = gyges(LANDING)
    assert plain_moves(state) == BOUNCE_ENDS
    state.apply("c1-c4")
    assert state.position() == "....1./....../..1.../....../..2.../...... n"


def test_gyges_land_bounce__a_3_below_bounces_three_steps() -> None:
    state = gyges("....1./....../....../....../..3.../..1... s")
    ends = plain_moves(state)
    assert "c1-c5" in ends  # c1-c2, then c2-c3-c4-c5
    assert "c1-c4" not in ends  # two steps from c2: out of reach for a 3


def test_gyges_land_bounce__from_ring_to_ring_up_to_the_throne() -> None:
    # c3 (2) runs c3-c4-c5, lands on c5 (2) and goes c5-c6-N: four steps no single ring could make
    state = gyges("....../..2.../....../..2.../....../...... s")
    assert "c3-N" in texts(state)
    state.apply("c3-N")
    assert state.is_over
    assert state.returns() == [1.0, 0.0]


def test_gyges_land_replace__the_ring_stays_and_the_other_is_put_elsewhere() -> None:
    state = gyges(LANDING)
    state.apply("c1-c2/e4")
    assert state.position() == "....1./....../....2./....../..1.../...... n"


def test_gyges_land_replace__onto_any_allowed_empty_cell() -> None:
    # North's nearest rank is 6: every empty cell of ranks 1 to 6 (34 of them, c1 included)
    drops = [text for text in moves_from(gyges(LANDING), "c1") if "/" in text]
    assert len(drops) == 34
    assert "c1-c2/c1" in drops
    assert "c1-c2/a6" in drops
    assert "c1-c2/e6" not in drops  # e6 holds North's ring


def test_gyges_land_replace__not_onto_a_ring() -> None:
    state = gyges(LANDING)
    assert illegal(state, "c1-c2/e6").rule == "gyges.land.replace"
    assert illegal(state, "c1-c2/c2").rule == "gyges.land.replace"


def test_gyges_land_replace__not_onto_a_throne() -> None:
    state = gyges(LANDING)
    with pytest.raises(InvalidNotation):
        state.apply("c1-c2/N")
    with pytest.raises(InvalidNotation):
        state.apply("c1-c2/S")


def test_gyges_land_replace__only_where_a_ring_was_landed_on() -> None:
    state = gyges(LANDING)
    error = illegal(state, "c1-d1/e4")
    assert error.rule == "gyges.land.replace"
    assert error.reason == "d1 holds no ring to put elsewhere"


def test_gyges_land_replace__off_in_the_beginners_game() -> None:
    state = gyges(LANDING, replacement=False)
    assert texts(state) == BOUNCE_ENDS
    error = illegal(state, "c1-c2/e4")
    assert error.rule == "gyges.land.replace"
    assert "replacement=False" in error.reason


# c1 (1) lands on c2 (2), bounces c2-c3-c4 onto c4 (1), North's nearest ring
MEASURED_AFTER_LANDING = "....../....../..1.../....../..2.../..1... s"


def test_gyges_replace_not_nearest__measured_after_the_moving_ring_has_landed() -> None:
    # the moving ring now stands on c4, so North's nearest rank stays 4: ranks 1-4 take the ring
    state = gyges(MEASURED_AFTER_LANDING)
    assert "c1-c4/a4" in texts(state)
    assert "c1-c4/a5" not in texts(state)
    state.apply("c1-c4/a4")
    assert state.position() == "....../....../1.1.../....../..2.../...... n"


def test_gyges_replace_not_nearest__on_the_opponents_nearest_rank_but_not_behind_it() -> None:
    state = gyges(MEASURED_AFTER_LANDING)
    error = illegal(state, "c1-c4/a5")
    assert error.rule == "gyges.replace.not-nearest"
    assert error.reason == (
        "a5 is behind rank 4, north's nearest occupied rank: "
        "a put ring may stand on that rank but not between it and north's throne"
    )
    assert illegal(state, "c1-c4/f6").rule == "gyges.replace.not-nearest"


def test_gyges_replace_not_nearest__the_rulebooks_example_attacks_norths_start_rank() -> None:
    # c1 (1) lands on c2 (2); North's rings still stand on rank 6, so the 2 may go to d6 beside them
    state = gyges("321.../....../....../....../..2.../..1... s")
    assert "c1-c2/d6" in texts(state)
    state.apply("c1-c2/d6")
    assert state.position() == "3212../....../....../....../..1.../...... n"
    strict = gyges("321.../....../....../....../..2.../..1... s", replace_rule="strict")
    assert "c1-c2/d6" not in texts(strict)
    assert "c1-c2/d5" in texts(strict)


def test_gyges_replace_not_nearest__strict_forbids_the_nearest_rank_itself() -> None:
    state = gyges(MEASURED_AFTER_LANDING, replace_rule="strict")
    assert "c1-c4/a3" in texts(state)
    assert "c1-c4/a4" not in texts(state)
    error = illegal(state, "c1-c4/a4")
    assert error.rule == "gyges.replace.not-nearest"
    assert error.reason == (
        "a4 is on or behind rank 4, north's nearest occupied rank: "
        "with replace_rule=strict a put ring stays short of that rank"
    )


def test_gyges_replace_not_nearest__north_keeps_the_ring_away_from_south() -> None:
    # North's c6 (1) lands on c5 (2); South's nearest rank is rank 1 (b1)
    position = "..1.../..2.../....../....../....../.1.... n"
    state = gyges(position)
    assert "c6-c5/a1" in texts(state)
    strict = gyges(position, replace_rule="strict")
    assert "c6-c5/a2" in texts(strict)
    assert "c6-c5/a1" not in texts(strict)
    assert illegal(strict, "c6-c5/a1").rule == "gyges.replace.not-nearest"


def test_gyges_replace_not_nearest__south_behind_norths_rings_from_norths_side() -> None:
    # North's c6 (1) lands on c5 (2) and bounces c5-c4-c3 onto c3 (1); South's nearest rank is 2 (b2)
    state = gyges("..1.../..2.../....../..1.../.1..../...... n")
    assert "c6-c3/a2" in texts(state)
    assert illegal(state, "c6-c3/a1").rule == "gyges.replace.not-nearest"


def test_gyges_replace_not_nearest__the_vacated_cell_is_a_target() -> None:
    state = gyges(LANDING)  # c1 (1) lands on c2 (2): the 2 may go to c1, where the 1 came from
    state.apply("c1-c2/c1")
    assert state.position() == "....1./....../....../....../..1.../..2... n"


def test_gyges_replace_not_nearest__the_vacated_cell_on_the_nearest_rank() -> None:
    # c3 (1) lands on d3 (2); both are on rank 3, which is then North's nearest rank
    position = "....../....../....../..12../....../...... s"
    state = gyges(position)
    assert "c3-d3/c3" in texts(state)
    state.apply("c3-d3/c3")
    assert state.position() == "....../....../....../..21../....../...... n"
    strict = gyges(position, replace_rule="strict")
    assert "c3-d3/c3" not in texts(strict)
    assert illegal(strict, "c3-d3/c3").rule == "gyges.replace.not-nearest"


def test_gyges_replace_not_nearest__no_target_leaves_only_the_bounce() -> None:
    # every ring on rank 1, so North's nearest rank is rank 1: under the strict rule no cell is allowed
    position = "....../....../....../....../....../12.... s"
    strict = gyges(position, replace_rule="strict")
    assert all("/" not in text for text in texts(strict))
    assert moves_from(strict, "a1") == ["a1-a2", "a1-b3", "a1-c2", "a1-d1"]
    state = gyges(position)
    assert [t for t in moves_from(state, "a1") if "/" in t] == [
        "a1-b1/a1", "a1-b1/c1", "a1-b1/d1", "a1-b1/e1", "a1-b1/f1",
    ]


@pytest.mark.parametrize(("given", "kept"), [
    ("standard", "standard"), ("strict", "strict"), ("classic", "standard"), ("seed", "strict"),
    (" Strict ", "strict"),
])
def test_gyges_replace_not_nearest__option_names_old_and_new(given: str, kept: str) -> None:
    assert spielwerk.game("gyges", replace_rule=given).options["replace_rule"] == kept


def test_gyges_replace_not_nearest__records_with_the_old_names_replay() -> None:
    position = "....../....../....../..12../....../...... s"
    for old, new in (("classic", "standard"), ("seed", "strict")):
        record = {"game": "gyges", "options": {**spielwerk.game("gyges").options, "replace_rule": old},
                  "players": 2, "seed": 1, "position": position, "actions": []}
        state = spielwerk.replay(record)
        assert state.game.options["replace_rule"] == new
        assert ("c3-d3/c3" in texts(state)) == (new == "standard")
        loaded = spielwerk.game("gyges", replace_rule=new).state_from_json(record)
        assert loaded.to_json() == state.to_json()
        assert loaded.to_json()["options"]["replace_rule"] == new
    with pytest.raises(OptionError):
        spielwerk.game("gyges").state_from_json({**record, "options": {"replace_rule": "seed"}})
    record["actions"] = ["c3-d3/c3"]
    with pytest.raises(IllegalAction) as caught:
        spielwerk.replay(record)
    assert caught.value.rule == "gyges.replace.not-nearest"
