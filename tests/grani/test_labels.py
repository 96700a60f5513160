"""Words for Grani's legal actions: the headings of groups of decisions, and what an action does where
its notation does not say it, in the reader's language; only the seat to act (or a spectator) gets them."""

from __future__ import annotations

import pytest

import spielwerk
from tests.grani.helpers import grani, play

GAME = spielwerk.game("grani")


@pytest.mark.parametrize(
    ("prefix", "english", "german", "french"),
    [
        ("exile ", "exile:", "verbannen (exile):", "exiler (exile) :"),
        ("ring ", "ring:", "Ring ablegen (ring):", "poser l'anneau (ring) :"),
        ("block ", "block:", "Stein setzen (block):", "poser une pierre (block) :"),
        ("lift ", "lift:", "Stein aufheben (lift):", "soulever une pierre (lift) :"),
    ],
)
def test_groups_of_decisions_are_named_with_their_notation_word(
        prefix: str, english: str, german: str, french: str) -> None:
    assert [GAME.move_label(prefix, language) for language in ("en", "de", "fr")] == [english, german, french]


def test_moves_are_grouped_by_their_start_without_a_name() -> None:
    assert GAME.move_label("G5") is None and GAME.move_label("T10-", "de") is None


def test_grani_attack__moves_say_what_they_bring() -> None:
    state = grani("yellow=T10 blue=T9:ring red=G25 white=E24 blocks=T1")
    assert GAME.move_labels(state, 0) == {
        "T10-T9": "attack blue and take the ring",
        "T10-T15": "put an obstacle stone (magic stone on T15)",
        "T10-U11": "fight the dragon on U11",
    }
    assert GAME.move_labels(state, 0, "de")["T10-T9"] == "Blau angreifen und den Ring nehmen"
    assert GAME.move_labels(state, 0, "fr")["T10-U11"] == "combattre le dragon en U11"


def test_grani_city_ring__taking_the_ring_on_the_way_into_a_city_delivers_it() -> None:
    labels = GAME.move_labels(grani("yellow=G27 blue=E28 red=U1 ring=G26"), 0)
    assert labels["G27-G26-G25"] == "take the ring on G26, then deliver the ring to Galad"
    assert labels["G27-G26"] == "take the ring on G26"
    assert GAME.move_labels(grani("yellow=G21 blue=E28 red=U1"), 0, "fr")["G21-G25"] == (
        "entrer dans la ville de Galad")


def test_the_decisions_of_a_turn_are_worded() -> None:
    exile = play(grani("yellow=G8 blue=G12 red=U1"), "G8-G12")
    assert GAME.move_labels(exile, 0)["exile X3"] == "banish blue to X3"
    ring = play(grani("yellow=G8:ring blue=G12 red=U1"), "G8-G7", "card 4", "roll 1")
    assert GAME.move_labels(ring, 0, "de")["ring U12"] == "den Ring auf U12 (Urgad) ablegen"
    sword = play(grani("yellow=G8 blue=G12 red=U1 blocks=T1"), "G8-G13")
    assert GAME.move_labels(sword, 0) == {"lift T1": "lift the obstacle stone on T1"}
    assert GAME.move_labels(play(sword, "lift T1"), 0)["block T2"] == "put the lifted stone on T2"
    bonus = play(grani("yellow=G8 blue=G12 red=U1"), "G8-G7", "card 4", "roll 6")
    assert GAME.move_labels(bonus, 0)["stay"] == "no bonus move"
    shackled = grani("yellow=G7:2:shackled blue=G12 red=U1")
    assert GAME.move_labels(shackled, 0) == {"rest": "take off the shackle"}
    assert GAME.move_labels(grani("yellow=T3:0 blue=E28 red=U1 blocks=T2"), 0, "fr") == {
        "pass": "aucun déplacement possible : passer"}


def test_only_the_seat_to_act_and_spectators_get_words() -> None:
    state = grani("yellow=T10 blue=T9:ring red=G25 white=E24 blocks=T1")
    assert GAME.move_labels(state, 1) == {} and GAME.move_labels(state, 3, "de") == {}
    assert GAME.move_labels(state, None) == GAME.move_labels(state, 0)
    chance = play(grani("yellow=G8 blue=G12 red=U1"), "G8-G7")
    assert GAME.move_labels(chance, 0) == {} and GAME.move_labels(chance, None) == {}
    over = play(grani("yellow=E23:ring:seals=TU blue=E28 red=U1"), "E23-E24")
    assert GAME.move_labels(over, 1) == {}
