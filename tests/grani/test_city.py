"""grani.city.*: a city holds one knight and refreshes it; the ring brought there earns its seal."""

from __future__ import annotations

from tests.grani.helpers import FAR, at, grani, illegal, knight, play, ring_spots_outside, texts, to_move

# G25 is the city of Galad, joined to G21 and G26;
# G21 is also joined to G15, G16, G20 and the magic stone G22.


def test_grani_city_enter__a_knight_without_the_ring_regains_one_amulet() -> None:
    state = grani(f"yellow=G21:1 {FAR}")
    play(state, "G21-G25")
    assert knight(state, "yellow")["amulets"] == 2
    assert knight(state, "yellow")["seals"] == []
    assert to_move(state) == "blue"


def test_grani_city_enter__never_more_than_three_amulets() -> None:
    state = grani(f"yellow=G21 {FAR}")
    play(state, "G21-G25")
    assert knight(state, "yellow")["amulets"] == 3


def test_grani_city_enter__an_occupied_city_is_closed_to_other_knights() -> None:
    state = grani("yellow=G21 blue=G25 red=U1")
    assert "G21-G25" not in texts(state)
    error = illegal(state, "G21-G25")
    assert error.rule == "grani.city.enter"
    assert error.reason == (
        "yellow cannot move to G25: G25 (the city of Galad) holds blue, and a city holds one knight"
    )


def test_grani_city_enter__not_even_the_ring_bearer_enters_an_occupied_city() -> None:
    state = grani("yellow=G21:ring blue=G25 red=U1")
    assert "G21-G25" not in texts(state)
    assert illegal(state, "G21-G25").rule == "grani.city.enter"


def test_grani_city_ring__the_bearer_takes_the_seal_and_regains_two_amulets() -> None:
    state = grani(f"yellow=G21:1:ring {FAR}")
    play(state, "G21-G25")
    assert knight(state, "yellow") == {
        "colour": "yellow", "at": "G25", "amulets": 3, "shackled": False, "ring": False, "seals": ["galad"]
    }
    assert state.phase == "ring"
    assert to_move(state) == "yellow"
    assert texts(state) == ring_spots_outside("galad", {"E28", "U1"})
    play(state, "ring T9")
    assert state.view(None)["ring"] == "T9"
    assert to_move(state) == "blue"


def test_grani_city_ring__up_to_two_amulets_only() -> None:
    state = grani(f"yellow=G21:0:ring {FAR}")
    play(state, "G21-G25")
    assert knight(state, "yellow")["amulets"] == 2


def test_grani_city_ring__the_bearer_stops_in_a_free_city_even_after_one_step() -> None:
    state = grani(f"yellow=G21:ring {FAR}")
    # G26 is still reached over the magic stone G22, but never over the city
    assert "G21-G26" in texts(state)
    error = illegal(state, "G21-G25-G26")
    assert error.rule == "grani.city.ring"
    assert error.reason == "yellow cannot move to G26: the ring bearer must stop in the free city G25"


def test_grani_city_ring__the_ring_taken_on_the_way_is_brought_in_at_once() -> None:
    state = grani(f"yellow=G15:0 {FAR} ring=G21")
    assert "G15-G21-G25" in texts(state)
    play(state, "G15-G21-G25")
    assert knight(state, "yellow")["seals"] == ["galad"]
    assert knight(state, "yellow")["amulets"] == 2
    assert state.phase == "ring"


def test_grani_city_ring__the_bearer_passes_over_an_occupied_city() -> None:
    state = grani("yellow=G21:ring blue=G25 red=U1")
    play(state, "G21-G25-G26")
    assert at(state, "yellow") == "G26"
    assert knight(state, "yellow")["ring"] is True
    assert knight(state, "yellow")["seals"] == []
    assert to_move(state) == "blue"


def test_grani_city_ring__no_second_seal_of_the_same_city() -> None:
    state = grani(f"yellow=G21:1:ring:seals=G {FAR}")
    play(state, "G21-G25")
    assert knight(state, "yellow")["seals"] == ["galad"]
    assert knight(state, "yellow")["amulets"] == 3
    assert state.phase == "ring"  # the ring is put down all the same
    play(state, "ring U12")
    assert state.view(None)["ring"] == "U12"


def test_grani_city_ring__the_ring_goes_to_another_kingdom() -> None:
    state = grani(f"yellow=G21:ring {FAR}")
    play(state, "G21-G25")
    error = illegal(state, "ring G26")
    assert error.rule == "grani.city.ring"
    assert error.reason == "the ring cannot go on G26: it must leave Galad for another kingdom"
    error = illegal(state, "ring E28")
    assert error.rule == "grani.city.ring"
    assert error.reason == "the ring cannot go on E28: blue stands there"
    assert illegal(state, "G25-G26").rule == "grani.city.ring"  # the ring comes first


def test_grani_city_ring__seals_of_two_cities() -> None:
    state = grani(f"yellow=E23:ring:seals=G {FAR}")
    play(state, "E23-E24", "ring T9")
    assert knight(state, "yellow")["seals"] == ["galad", "elgad"]
    assert not state.is_over


def test_grani_city_ring__where_stones_part_the_cities_the_ring_joins_the_most() -> None:
    # ruling: stones put while the ring was carried wall the city of Galad in with G21, G22 and G26;
    # no point is joined to every city any more, so the ring goes where it reaches three of them
    walls = {"G15", "G16", "G20", "G27"}
    state = grani(f"yellow=E23:ring {FAR} blocks={','.join(sorted(walls))}")
    play(state, "E23-E24")
    assert texts(state) == ring_spots_outside("elgad", walls | {"U1", "G21", "G26"})
    error = illegal(state, "ring G21")
    assert error.rule == "grani.city.ring"
    assert error.reason == (
        "the ring cannot go on G21: stones cut it off from a city, and other points are joined to more cities"
    )
