"""grani.dragon.*: a card and a die decide the fight; the winner moves on, the loser wears a shackle."""

from __future__ import annotations

from spielwerk.games.grani.board import BOARD
from tests.grani.helpers import (
    FAR,
    at,
    grani,
    illegal,
    knight,
    outcomes,
    play,
    ring_spots_outside,
    texts,
    to_move,
)

# G7 is a dragon joined to G4, G6, G8 and G11; two steps from it lie G3, G12, G13, G17, T28, X7, X11.
G7_BONUS = ["G7-G12", "G7-G13", "G7-G17", "G7-G3", "G7-T28", "G7-X11", "G7-X7", "stay"]
FULL_DECK = {"card 0": 2 / 24, "card 2": 4 / 24, "card 3": 6 / 24, "card 4": 6 / 24, "card 5": 4 / 24,
             "card 6": 2 / 24}


def test_grani_dragon_fight__stopping_on_a_dragon_turns_up_the_top_card() -> None:
    state = grani(f"yellow=G8 {FAR}")
    play(state, "G8-G7")
    assert state.is_chance
    assert state.phase == "card"
    assert outcomes(state) == FULL_DECK
    assert texts(state) == sorted(FULL_DECK)


def test_grani_dragon_fight__then_the_die_is_rolled() -> None:
    state = grani(f"yellow=G8 {FAR}")
    play(state, "G8-G7", "card 4")
    assert state.is_chance
    assert outcomes(state) == {f"roll {n}": 1 / 6 for n in range(1, 7)}
    assert state.view(None)["card"] == 4  # the card lies face up
    assert state.view(None)["deck"] == {"cards": 23, "left": {"0": 2, "2": 4, "3": 6, "4": 5, "5": 4, "6": 2}}


def test_grani_dragon_fight__a_roll_as_high_as_the_card_wins_a_bonus_move() -> None:
    state = grani(f"yellow=G8 {FAR}")
    play(state, "G8-G7", "card 4", "roll 4")
    assert state.phase == "bonus"
    assert to_move(state) == "yellow"
    assert state.view(None)["last_fight"] == {"card": 4, "roll": 4, "won": True}
    assert texts(state) == G7_BONUS
    assert knight(state, "yellow") == {
        "colour": "yellow", "at": "G7", "amulets": 3, "shackled": False, "ring": False, "seals": []
    }


def test_grani_dragon_fight__a_dragon_of_strength_0_is_always_beaten() -> None:
    state = grani(f"yellow=G8 {FAR}")
    play(state, "G8-G7", "card 0", "roll 1")
    assert state.phase == "bonus"


def test_grani_dragon_fight__the_bonus_move_passes_over_stones_and_knights() -> None:
    # G4 holds a stone: T28 lies beyond it; blue on G12 may be attacked
    state = grani("yellow=G8 blue=G12 red=U1 blocks=G4")
    play(state, "G8-G7", "card 2", "roll 6")
    assert texts(state) == G7_BONUS  # G7-G12 attacks blue
    play(state, "G7-G4-T28")  # over the stone, onto the sword: T28 moves a stone
    assert at(state, "yellow") == "T28"
    assert state.phase == "lift"


def test_grani_dragon_fight__the_bonus_move_over_a_knight() -> None:
    state = grani("yellow=G8 blue=E28 red=G4")
    play(state, "G8-G7", "card 2", "roll 6")
    assert "G7-T28" in texts(state)  # only over red on G4
    play(state, "G7-T28")
    assert at(state, "red") == "G4"
    assert state.phase == "move"  # no stone on the board: the sword does nothing
    assert to_move(state) == "blue"


def test_grani_dragon_fight__the_bonus_move_is_exactly_two_steps() -> None:
    state = grani(f"yellow=G8 {FAR}")
    play(state, "G8-G7", "card 3", "roll 5")
    assert "G7-G8" not in texts(state)
    error = illegal(state, "G7-G8")
    assert error.rule == "grani.dragon.fight"
    assert error.reason == "yellow cannot move to G8: the bonus move is exactly two steps"


def test_grani_dragon_fight__the_bonus_move_may_be_declined() -> None:
    state = grani(f"yellow=G8 {FAR}")
    play(state, "G8-G7", "card 3", "roll 5", "stay")
    assert at(state, "yellow") == "G7"
    assert to_move(state) == "blue"
    assert knight(state, "yellow")["shackled"] is False


def test_grani_dragon_fight__the_point_where_the_bonus_move_stops_acts() -> None:
    state = grani(f"yellow=G8 {FAR}")
    play(state, "G8-G7", "card 3", "roll 5", "G7-G3")  # G3 is a magic stone
    assert state.phase == "block"
    assert to_move(state) == "yellow"


def test_grani_dragon_fight__a_lower_roll_loses_an_amulet_and_shackles() -> None:
    state = grani(f"yellow=G8 {FAR}")
    play(state, "G8-G7", "card 4", "roll 3")
    assert knight(state, "yellow") == {
        "colour": "yellow", "at": "G7", "amulets": 2, "shackled": True, "ring": False, "seals": []
    }
    assert state.view(None)["last_fight"] == {"card": 4, "roll": 3, "won": False}
    assert to_move(state) == "blue"
    assert state.phase == "move"


def test_grani_dragon_fight__the_last_amulet_may_be_lost() -> None:
    state = grani(f"yellow=G8:1 {FAR}")
    play(state, "G8-G7", "card 6", "roll 5")
    assert knight(state, "yellow")["amulets"] == 0
    assert knight(state, "yellow")["shackled"] is True


def test_grani_dragon_fight__used_cards_go_to_the_discard_pile() -> None:
    state = grani("yellow=G8 blue=T9 red=U1")
    play(state, "G8-G7", "card 6", "roll 6", "stay")
    assert state.view(None)["discard"] == {"6": 1}
    play(state, "T9-T8")
    assert outcomes(state) == {"card 0": 2 / 23, "card 2": 4 / 23, "card 3": 6 / 23, "card 4": 6 / 23,
                               "card 5": 4 / 23, "card 6": 1 / 23}


def test_grani_dragon_fight__an_empty_deck_is_refilled_from_the_discard_pile() -> None:
    state = grani("yellow=G8 blue=T9 red=U1 deck=6")
    play(state, "G8-G7")
    assert outcomes(state) == {"card 6": 1.0}
    play(state, "card 6", "roll 2")
    assert state.view(None)["deck"] == {"cards": 0, "left": {}}
    assert sum(state.view(None)["discard"].values()) == 24
    play(state, "T9-T8")  # the deck is empty: the discard pile is shuffled into a new one
    assert outcomes(state) == FULL_DECK
    assert state.view(None)["discard"] == {}


def test_grani_dragon_fight__a_used_up_deck_in_a_position() -> None:
    state = grani(f"yellow=G8 {FAR} deck=")
    assert state.view(None)["deck"]["cards"] == 0
    play(state, "G8-G7")
    assert outcomes(state) == FULL_DECK


def test_grani_dragon_fight__only_cards_left_in_the_deck_turn_up() -> None:
    state = grani(f"yellow=G8 {FAR} deck=6544")
    play(state, "G8-G7")
    assert outcomes(state) == {"card 4": 2 / 4, "card 5": 1 / 4, "card 6": 1 / 4}
    error = illegal(state, "card 0")
    assert error.rule == "grani.dragon.fight"
    assert error.reason == "no card of strength 0 is left in the deck"


def test_grani_dragon_shackle__the_next_turn_only_takes_the_shackle_off() -> None:
    state = grani(f"yellow=G8 {FAR}")
    play(state, "G8-G7", "card 5", "roll 1", "E28-E27", "U1-U2")
    assert to_move(state) == "yellow"
    assert texts(state) == ["rest"]
    error = illegal(state, "G7-G8")
    assert error.rule == "grani.dragon.shackle"
    assert error.reason == "yellow wears a shackle: this turn only 'rest' takes it off"
    play(state, "rest")
    assert knight(state, "yellow")["shackled"] is False
    assert at(state, "yellow") == "G7"
    assert to_move(state) == "blue"
    play(state, "E27-E26", "U2-U3")
    assert "G7-G8" in texts(state)  # the turn after, the knight moves on


def test_grani_dragon_shackle__a_shackled_knight_in_a_position() -> None:
    state = grani(f"yellow=G7:2:shackled {FAR}")
    assert texts(state) == ["rest"]
    assert illegal(state, "pass").rule == "grani.dragon.shackle"


def test_grani_dragon_shackle__only_a_shackled_knight_rests() -> None:
    state = grani(f"yellow=G8 {FAR}")
    error = illegal(state, "rest")
    assert error.rule == "grani.dragon.shackle"
    assert error.reason == "yellow wears no shackle: only a shackled knight rests"


def test_grani_dragon_ring_lost__bearer_puts_ring_in_another_kingdom() -> None:
    state = grani(f"yellow=G8:ring {FAR}")
    play(state, "G8-G7", "card 5", "roll 2")
    assert state.phase == "ring"
    assert to_move(state) == "yellow"
    assert state.view(None)["ring"] is None
    assert state.view(None)["ring_bearer"] is None
    assert texts(state) == ring_spots_outside("galad", {"E28", "U1"})
    play(state, "ring U12")
    assert state.view(None)["ring"] == "U12"
    assert knight(state, "yellow") == {
        "colour": "yellow", "at": "G7", "amulets": 2, "shackled": True, "ring": False, "seals": []
    }
    assert to_move(state) == "blue"


def test_grani_dragon_ring_lost__not_on_a_symbol_point_an_exile_point_a_stone_or_a_knight() -> None:
    state = grani(f"yellow=G8:ring {FAR} blocks=T1")
    play(state, "G8-G7", "card 5", "roll 2")
    for text in ("ring G12", "ring U11", "ring U4", "ring T4", "ring X3", "ring T1", "ring E28"):
        error = illegal(state, text)
        assert error.rule == "grani.dragon.ring-lost"
    reason = illegal(state, "ring G12").reason
    assert reason == "the ring cannot go on G12: it must leave Galad for another kingdom"
    assert illegal(state, "ring U11").reason == (
        "the ring cannot go on U11 (a dragon in Urgad): it goes on a black point, never on a symbol point "
        "or an exile point"
    )
    assert illegal(state, "ring T1").reason == "the ring cannot go on T1: a stone lies there"


def test_grani_dragon_ring_lost__the_ring_is_put_before_anything_else() -> None:
    state = grani(f"yellow=G8:ring {FAR}")
    play(state, "G8-G7", "card 5", "roll 2")
    error = illegal(state, "E28-E27")
    assert error.rule == "grani.dragon.ring-lost"
    assert error.reason == "yellow must put the ring down in another kingdom first, e.g. 'ring T9'"


def test_grani_amulet_cost__no_amulet_no_fight() -> None:
    state = grani(f"yellow=G8:0 {FAR}")
    assert texts(state) == [
        "G8-E9", "G8-G12", "G8-G13", "G8-G19", "G8-G4", "G8-X11", "G8-X12", "G8-X3", "G8-X7", "G8-X8",
    ]
    error = illegal(state, "G8-G7")
    assert error.rule == "grani.amulet.cost"
    assert error.reason == (
        "yellow cannot move to G7: yellow has no amulet left and cannot fight the dragon on G7"
    )


def test_grani_dragon_shackle__the_box_has_four_but_a_fifth_knight_is_shackled_too() -> None:
    # ruling: the shackles are markers, not a limit
    state = grani("yellow=G8 blue=T8:2:shackled red=U11:2:shackled white=E10:2:shackled green=E21:2:shackled "
                  "black=E28")
    play(state, "G8-G7", "card 6", "roll 1")
    assert [k["shackled"] for k in state.view(None)["knights"]] == [True, True, True, True, True, False]


def test_grani_dragon_fight__on_this_board_no_bonus_move_reaches_a_dragon_or_a_city() -> None:
    """Two rulings cannot arise on our board: a bonus move ending on a dragon fights again, and a ring
    bearer entering a free city during the bonus move stops there. Should a new board bring a dragon
    within two steps of a dragon or a city, this fails: then write rule tests for those rulings."""
    for dragon in BOARD.points(BOARD.dragons):
        near = {p for first in BOARD.neighbours[dragon] for p in (first, *BOARD.neighbours[first])} - {dragon}
        assert not [BOARD.names[p] for p in near if BOARD.kind[p] in ("dragon", "city")], BOARD.names[dragon]
