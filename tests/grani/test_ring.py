"""grani.ring.take: the ring goes to the first knight that enters its point, passing or stopping."""

from __future__ import annotations

from tests.grani.helpers import FAR, at, grani, knight, play, texts, to_move

# The ring starts on the crystal ball T4, joined to T9 and T10 (which are joined to each other).


def test_grani_ring_take__stopping_on_the_rings_point() -> None:
    state = grani(f"yellow=T9 {FAR}")
    play(state, "T9-T4")
    assert knight(state, "yellow")["ring"] is True
    assert state.view(None)["ring"] is None
    assert state.view(None)["ring_bearer"] == "yellow"
    assert to_move(state) == "blue"


def test_grani_ring_take__passing_over_the_rings_point() -> None:
    state = grani(f"yellow=T9 {FAR}")
    # to T10 straight on, or over the ring: two moves with the same end
    assert texts(state) == ["T9-T10", "T9-T15", "T9-T4", "T9-T4-T10", "T9-T8", "T9-U5"]
    play(state, "T9-T4-T10")
    assert at(state, "yellow") == "T10"
    assert knight(state, "yellow")["ring"] is True


def test_grani_ring_take__the_way_past_the_ring_leaves_it() -> None:
    state = grani(f"yellow=T9 {FAR}")
    play(state, "T9-T10")
    assert knight(state, "yellow")["ring"] is False
    assert state.view(None)["ring"] == "T4"


def test_grani_ring_take__a_typed_move_takes_the_ring_only_when_told() -> None:
    state = grani(f"yellow=T9 {FAR}")
    assert str(state.clone().apply("T9-T10")) == "T9-T10"
    assert str(state.clone().apply("t9 - t4 - t10")) == "T9-T4-T10"


def test_grani_ring_take__stopping_on_it_after_two_steps() -> None:
    state = grani(f"yellow=T15 {FAR} ring=T9")
    assert "T15-T10-T9" not in texts(state)
    assert "T15-T9" in texts(state)
    play(state, "T15-T9")
    assert knight(state, "yellow")["ring"] is True


def test_grani_ring_take__in_the_bonus_move() -> None:
    state = grani(f"yellow=G4 {FAR} ring=G8")
    play(state, "G4-G7", "card 3", "roll 3")
    assert "G7-G8-G12" in texts(state)
    assert "G7-G12" not in texts(state)  # every way to G12 passes the ring
    play(state, "G7-G8-G12")
    assert at(state, "yellow") == "G12"
    assert knight(state, "yellow")["ring"] is True


def test_grani_ring_take__by_a_knight_without_amulets() -> None:
    state = grani(f"yellow=T10:0 {FAR}")
    play(state, "T10-T4-T9")
    assert knight(state, "yellow")["ring"] is True
