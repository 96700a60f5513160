"""Each resulting position is listed once, under one canonical text; other spellings are understood.

The notation section of rules/gyges.md: "Two paths with the same result are one move: the legal
move list holds each resulting position once." Our ruling on which text lists it: the first in the
order "no put before a put, then by start, end and put cell (a1, b1, … f1, a2, … f6)".
"""

from __future__ import annotations

from tests.gyges import reference
from tests.gyges.helpers import gyges, texts


def test_landing_on_an_equal_ring_and_putting_it_on_a_reachable_cell_is_the_plain_move() -> None:
    # a1 (1) bounces off a2 (1) to a3; landing on a2 and putting its ring on a3 looks the same
    state = gyges("....1./....../....../....../1...../1..... s")
    assert "a1-a3" in texts(state)
    assert "a1-a2/a3" not in texts(state)
    assert str(state.parse_action("a1-a2/a3")) == "a1-a3"
    state.apply("a1-a2/a3")
    assert state.position() == "....1./....../....../1...../1...../...... n"
    assert [str(a) for a in state.history] == ["a1-a3"]


def test_puts_of_equal_rings_are_spelled_with_the_lowest_such_ring() -> None:
    # b1 (2) can land on b3 (2) and on d1 (2): putting either ring on a cell gives the same result
    state = gyges("....1./....../.2..../....../....../.2.2.. s")
    listed = texts(state)
    puts = [t for t in listed if "/" in t]
    results = [reference.play(state.position(), t) for t in listed]
    assert len(results) == len(set(results)), "a result is listed twice"
    assert all(t.startswith("b1-") or t.startswith("d1-") for t in listed)
    for text in puts:
        start, _, rest = text.partition("-")
        land = rest.partition("/")[0]
        assert land != start


def test_two_rings_that_can_swap_are_one_move_from_the_lower_cell() -> None:
    # a1 (1) steps onto b1 (3); b1 goes b2-a2-a1 onto a1: each can put the other on its own start
    state = gyges("..1.../....../....../....../....../13.... s")
    listed = texts(state)
    assert "a1-b1/a1" in listed
    assert "b1-a1/b1" not in listed
    assert str(state.parse_action("b1-a1/b1")) == "a1-b1/a1"


def test_every_listed_move_has_its_own_result() -> None:
    state = gyges("321123/....../....../....../....../123321 s")
    listed = texts(state)
    assert len({reference.play(state.position(), t) for t in listed}) == len(listed) == 210
