"""Walking with point cards: exact counts, no turning back, what blocks, stars and the castle."""

from __future__ import annotations

from tests.drachenfels.helpers import drachenfels, illegal, play, texts


def walks(state: object) -> list[str]:
    return [text for text in texts(state) if text[0].isdigit()]  # type: ignore[arg-type]


def test_drachenfels_move_exact__the_count_is_walked_exactly() -> None:
    state = drachenfels(hands={"red": ["3"]})
    assert texts(state) == ["3 3", "refresh"]
    play(state, "3 3")
    assert state.view(None)["knights"]["red"] == "3"
    assert state.view(None)["turn"] == "blue"


def test_drachenfels_move_exact__no_turning_back_over_the_field_just_left() -> None:
    state = drachenfels(knights={"red": "3", "blue": "S2"}, hands={"red": ["2"]})
    assert walks(state) == ["2 1", "2 5"]
    error = illegal(state, "2 3")
    assert error.rule == "drachenfels.move.exact"


def test_drachenfels_move_pass__knights_pass_over_knights() -> None:
    state = drachenfels(knights={"red": "4", "blue": "2"}, hands={"red": ["3"]})
    assert "3 1" in walks(state)


def test_drachenfels_move_pass__a_dragon_blocks_entering_and_passing() -> None:
    free = drachenfels(knights={"red": "4", "blue": "S2"}, hands={"red": ["2", "3"]})
    assert {"2 D1", "3 16"} <= set(walks(free))
    blocked = drachenfels(
        knights={"red": "4", "blue": "S2"}, hands={"red": ["2", "3"]}, dragons=["D1", "C2", "C3", "C4"]
    )
    assert "2 D1" not in walks(blocked)
    assert "3 16" not in walks(blocked)
    assert illegal(blocked, "2 D1").rule == "drachenfels.move.pass"


def test_drachenfels_move_pass__a_hole_needs_a_bridge() -> None:
    open_hole = drachenfels(knights={"red": "4", "blue": "S3"}, hands={"red": ["3"]})
    assert "3 H2" not in walks(open_hole)
    assert illegal(open_hole, "3 H2").rule == "drachenfels.move.pass"
    bridged = drachenfels(knights={"red": "4", "blue": "S3"}, hands={"red": ["3", "4"]}, bridges=["H2"])
    assert "3 H2" in walks(bridged)
    assert "4 S2" in walks(bridged)  # a bridge is an ordinary field


def test_drachenfels_move_pass__the_castle_only_over_a_rainbow() -> None:
    state = drachenfels(knights={"red": "R1", "blue": "S3"}, hands={"red": ["1"]})
    assert "1 K" not in walks(state)
    assert illegal(state, "1 K").rule == "drachenfels.castle"


def test_drachenfels_star__a_knight_entering_a_star_may_fly_on() -> None:
    state = drachenfels(knights={"red": "13", "blue": "S3"}, hands={"red": ["1", "2"]})
    assert {"1 14", "1 31", "1 48", "1 65"} <= set(walks(state))
    assert {"2 15", "2 30", "2 32", "2 47", "2 49", "2 64", "2 66", "2 11"} <= set(walks(state))


def test_drachenfels_star__only_to_a_free_star() -> None:
    state = drachenfels(knights={"red": "13", "blue": "31"}, hands={"red": ["1", "2"]})
    assert "1 31" not in walks(state)
    assert "2 30" not in walks(state)
    assert "1 48" in walks(state)


def test_drachenfels_castle__reached_over_a_rainbow_with_the_last_point() -> None:
    state = drachenfels(knights={"red": "4", "blue": "S3"}, hands={"red": ["3", "4"]}, rainbows=["R1-K"])
    assert "3 K" in walks(state)
    assert not any(text.endswith(" K") for text in walks(state) if text.startswith("4"))
    play(state, "3 K")
    assert state.view(None)["armour"]["red"] is True


def test_drachenfels_castle__holds_any_number_of_knights_without_a_duel() -> None:
    state = drachenfels(
        knights={"red": "R1", "blue": "K"}, armour=["blue"], hands={"red": ["1"]}, rainbows=["R1-K"]
    )
    play(state, "1 K")
    assert state.view(None)["knights"] == {"red": "K", "blue": "K"}
    assert state.view(None)["phase"] == "rainbow"  # no duel; the crossed rainbow may move


def test_drachenfels_castle__leaving_over_a_rainbow_costs_one_point() -> None:
    state = drachenfels(
        knights={"red": "K", "blue": "S3"}, armour=["red"], hands={"red": ["2"]}, rainbows=["R2-K"]
    )
    assert walks(state) == ["2 22"]  # K, R2, 22: the hole H3 has no bridge
