"""Rainbow ends: one rainbow rock may join both the castle and a rock castle once rainbows are open."""

from __future__ import annotations

import random
from typing import Any

from spielwerk.games.drachenfels import movegen
from spielwerk.games.drachenfels.board import BOARD
from spielwerk.games.drachenfels.notation import Rainbow
from tests.drachenfels.helpers import drachenfels, illegal, play, texts
from tests.drachenfels.reference import rainbows_allowed, reference_rainbow_uses

OPEN: dict[str, Any] = {
    "knights": {"red": "K", "blue": "S3"},
    "armour": ["red", "blue"],
    "double": ["blue"],
    "opened": True,
    "looked": {"C2": ["blue"]},  # blue looked in vain: yellow's princess stands on C2
    "princesses": ["red", "yellow", "blue", "green"],
    "dragons": ["C3", "C4", "D1", "D2"],
    "hands": {"red": ["rainbow", "2"], "blue": ["1"]},
    "rainbows": ["R1-K"],
}


def open_table(**changes: Any) -> Any:
    """The OPEN position with some keys changed."""
    return drachenfels(**{**OPEN, **changes})


def rainbow_texts(state: object) -> list[str]:
    return [text for text in texts(state) if text.startswith("rainbow")]  # type: ignore[arg-type]


def test_drachenfels_rainbow_ends__from_the_castle_to_a_rock_castle_in_two_steps() -> None:
    state = drachenfels(**OPEN)
    assert "2 C1" not in texts(state)  # R1 joins only the castle so far
    assert "rainbow R1-C1" in rainbow_texts(state)  # R1 may carry a second rainbow, to a rock castle
    play(state, "rainbow R1-C1")
    assert state.view(None)["rainbows"] == [["R1", "K"], ["R1", "C1"]]
    assert "2 C1" in texts(state)  # K, over R1-K to R1, over R1-C1 to C1
    play(state, "2 C1")
    assert state.is_over and state.view(None)["winner"] == "red"  # red's princess stands on C1


def test_drachenfels_rainbow_ends__both_rainbows_crossed_may_move_for_free() -> None:
    state = open_table(princesses=["green", "yellow", "blue", "red"], rainbows=["R1-K", "R1-C1"])
    play(state, "2 C1")  # red looks in vain
    assert state.view(None)["phase"] == "rainbow"
    assert state.view(None)["crossed"] == ["R1-K", "R1-C1"]
    free = rainbow_texts(state)
    assert "rainbow R1-K>R2-K" in free and "rainbow R1-C1>R3-C4" in free
    assert "rainbow R1-C1>R1-C3" in free  # the crossed rainbow may leave the other end on R1
    play(state, "rainbow R1-C1>R2-C4")
    assert state.view(None)["rainbows"] == [["R1", "K"], ["R2", "C4"]]


def test_drachenfels_rainbow_ends__one_to_the_castle_and_one_to_a_rock_castle_per_rainbow_rock() -> None:
    state = open_table(rainbows=["R1-K", "R1-C1"])
    uses = rainbow_texts(state)
    assert "rainbow R2-K" in uses  # the castle carries any number of rainbow ends
    assert "rainbow R2-C2" in uses
    for text, why in [
        ("rainbow R1-K", "a rainbow stands on R1-K already"),
        ("rainbow R1-C2", "R1 carries a rainbow to a rock castle already"),
        ("rainbow R2-C1", "C1 carries a rainbow end already"),
        ("rainbow R1-C2>R1-C3", "no rainbow stands on R1-C2"),
    ]:
        assert text not in uses
        error = illegal(state, text)
        assert error.reason.startswith(why), error
        rule = "drachenfels.card.rainbow" if why.startswith("no") else "drachenfels.rainbow.ends"
        assert error.rule == rule


def test_drachenfels_rainbow_ends__one_rainbow_to_the_castle_per_rainbow_rock_while_closed() -> None:
    state = drachenfels(
        knights={"red": "S1", "blue": "S3"}, hands={"red": ["rainbow", "1"]}, rainbows=["R1-K"]
    )
    assert "rainbow R1-K" not in rainbow_texts(state)
    assert illegal(state, "rainbow R1-K").rule == "drachenfels.rainbow.ends"
    assert illegal(state, "rainbow R1-C1").rule == "drachenfels.rainbow-open"
    assert illegal(state, "rainbow 3-K").reason.startswith("3-K is no rainbow")


def test_drachenfels_rainbow_ends__no_more_than_the_four_rainbows() -> None:
    state = open_table(rainbows=["R1-K", "R2-K", "R3-K", "R4-K"])
    uses = rainbow_texts(state)
    assert [text for text in uses if ">" not in text] == [f"rainbow -R{n}-K" for n in range(1, 5)]
    assert "rainbow R2-K>R1-C1" in uses  # moving one is still possible
    error = illegal(state, "rainbow R1-C1")
    assert error.rule == "drachenfels.card.rainbow" and "all four rainbows stand" in error.reason


def test_drachenfels_rainbow_ends__every_rainbow_card_use_matches_brute_force() -> None:
    rng = random.Random(3)
    every = [(rock, end) for rock in BOARD.rainbow_rocks for end in (BOARD.castle, *BOARD.rock_castles)]
    checked = 0
    for _ in range(600):
        opened = rng.random() < 0.7
        rainbows = sorted(rng.sample(every, rng.randint(0, 4)))
        if not rainbows_allowed(rainbows, opened):
            continue
        found = {str(Rainbow(old, new)) for old, new in movegen.rainbow_moves(tuple(rainbows), opened)}
        assert found == reference_rainbow_uses(rainbows, opened), rainbows
        checked += 1
    assert checked > 150
