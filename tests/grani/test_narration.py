"""The narration: every kind of Grani action told in words, chance included, in English, German and
French; every seat hears the same, since only the deck's order is hidden and no line can know it."""

from __future__ import annotations

import pytest

from spielwerk.core.state import State
from tests.grani.helpers import fresh, grani, play

MOVE = "yellow=G8 blue=G12 red=U1"
FULL = "U1,U2,U3,U5,U6,U8,U9,U10,U12,U13,U14,U15,U17,U18,U20,U21"
"""All sixteen obstacle stones on the board, none in yellow's way from G21."""


def told(state: State, language: str = "en") -> list[str]:
    """What a spectator is told of each action."""
    return state.narration(None, language)


def test_grani_setup__the_lot_names_the_first_player() -> None:
    assert told(play(fresh(), "first blue")) == ["Blue begins, chosen by lot"]


def test_grani_move_steps__a_move_names_its_start_and_end() -> None:
    assert told(play(grani(f"{MOVE} blocks=T1"), "G8-X12")) == ["Yellow: G8 → X12"]


def test_grani_ring_take__passing_over_the_ring_or_stopping_on_it_takes_it() -> None:
    assert told(play(grani("yellow=T10 blue=G12 red=U1"), "T10-T4-T9")) == [
        "Yellow: T10 → T9; picks up the ring on T4"]
    assert told(play(grani("yellow=T9 blue=G12 red=U1"), "T9-T4")) == [
        "Yellow: T9 → T4; picks up the ring on T4"]


def test_grani_attack__the_attack_then_the_banishment() -> None:
    assert told(play(grani(MOVE), "G8-G12", "exile X3")) == [
        "Yellow: G8 → G12; attacks blue (one amulet)",
        "Yellow banishes blue to X3",
    ]


def test_grani_attack__the_attacker_takes_the_bearers_ring() -> None:
    assert told(play(grani("yellow=G8 blue=G12:ring red=U1"), "G8-G12")) == [
        "Yellow: G8 → G12; attacks blue (one amulet) and takes the ring"]


def test_grani_attack__on_a_dragon_the_shackle_comes_off_and_the_attacker_fights() -> None:
    state = play(grani("yellow=G8 blue=G7:2:shackled red=U1"), "G8-G7", "exile X3", "card 2")
    assert told(state) == [
        "Yellow: G8 → G7; attacks blue (one amulet)",
        "Yellow banishes blue to X3 and frees it of the shackle; stops on a dragon and must fight it",
        "The dragon card shows 2",
    ]


def test_grani_dragon_fight__the_card_the_roll_a_win_and_no_bonus_move() -> None:
    state = play(grani(MOVE), "G8-G7", "card 4", "roll 6", "stay")
    assert told(state) == [
        "Yellow: G8 → G7; stops on a dragon and must fight it",
        "The dragon card shows 4",
        "Yellow rolls 6 against the dragon's 4 and wins: a bonus move may follow",
        "Yellow makes no bonus move",
    ]


def test_grani_dragon_fight__a_roll_equal_to_the_card_wins_and_the_bonus_move_is_told() -> None:
    state = play(grani(MOVE), "G8-G7", "card 4", "roll 4", "G7-G17")
    assert told(state)[2:] == [
        "Yellow rolls 4 against the dragon's 4 and wins: a bonus move may follow",
        "Yellow, bonus move: G7 → G17",
    ]


def test_grani_dragon_ring_lost__a_lost_fight_shackles_and_the_ring_goes_elsewhere() -> None:
    state = play(grani("yellow=G8:ring blue=G12 red=U1"), "G8-G7", "card 4", "roll 1", "ring U12")
    assert told(state)[2:] == [
        "Yellow rolls 1 against the dragon's 4 and loses: one amulet less, shackled on G7; "
        "the ring must go to another kingdom",
        "Yellow puts the ring on U12 (Urgad)",
    ]


def test_grani_dragon_fight__an_empty_deck_is_shuffled_anew() -> None:
    assert told(play(grani(f"{MOVE} deck="), "G8-G7")) == [
        "Yellow: G8 → G7; stops on a dragon and must fight it; the discard pile is shuffled into a new "
        "dragon deck"]


def test_grani_dragon_shackle__the_shackled_knight_rests() -> None:
    assert told(play(grani("yellow=G7:2:shackled blue=G12 red=U1"), "rest")) == [
        "Yellow rests and takes off the shackle"]


def test_grani_move_must__a_knight_without_a_move_passes() -> None:
    assert told(play(grani("yellow=T3:0 blue=E28 red=U1 blocks=T2"), "pass")) == [
        "Yellow cannot move and passes"]


def test_grani_city_enter__a_city_without_the_ring_gives_an_amulet_back() -> None:
    assert told(play(grani("yellow=G21:2 blue=G12 red=U1"), "G21-G25")) == [
        "Yellow: G21 → G25; stops in the city of Galad; gets an amulet back"]
    assert told(play(grani("yellow=G21 blue=G12 red=U1"), "G21-G25")) == [
        "Yellow: G21 → G25; stops in the city of Galad"]


def test_grani_city_ring__a_delivery_wins_the_seal_and_the_ring_is_put_down() -> None:
    state = play(grani("yellow=G21:1:ring blue=G12 red=U1"), "G21-G25", "ring U12")
    assert told(state) == [
        "Yellow: G21 → G25; brings the ring into the city of Galad and takes its seal; gets 2 amulets back",
        "Yellow puts the ring on U12 (Urgad)",
    ]


def test_grani_city_ring__a_seal_held_already_is_not_won_again() -> None:
    assert told(play(grani("yellow=G21:ring:seals=G blue=G12 red=U1"), "G21-G25")) == [
        "Yellow: G21 → G25; brings the ring into the city of Galad, whose seal it holds already"]


def test_grani_win__the_winning_delivery() -> None:
    assert told(play(grani("yellow=E23:1:ring:seals=TU blue=E28 red=U1"), "E23-E24")) == [
        "Yellow: E23 → E24; brings the ring into the city of Elgad and takes its seal; gets 2 amulets back; "
        "wins with the seals of Tirad, Urgad, Elgad"]


def test_grani_magic_stone__the_stone_and_where_it_goes() -> None:
    assert told(play(grani("yellow=G21 blue=G12 red=U1"), "G21-G22", "block T1")) == [
        "Yellow: G21 → G22; stops on a magic stone and must put an obstacle stone",
        "Yellow puts an obstacle stone on T1 (15 left)",
    ]


def test_grani_magic_stone__with_the_supply_used_up_nothing_is_put() -> None:
    assert told(play(grani(f"yellow=G21 blue=G12 red=T1 blocks={FULL}"), "G21-G22")) == [
        "Yellow: G21 → G22; stops on a magic stone, but no obstacle stone can be put"]


def test_grani_sword__a_stone_lifted_and_put_elsewhere() -> None:
    assert told(play(grani(f"{MOVE} blocks=T1"), "G8-G13", "lift T1", "block T2")) == [
        "Yellow: G8 → G13; stops on the sword in the stone and must move an obstacle stone",
        "Yellow lifts the obstacle stone on T1",
        "Yellow moves the obstacle stone from T1 to T2",
    ]
    assert told(play(grani(MOVE), "G8-G13")) == [
        "Yellow: G8 → G13; stops on the sword in the stone, but no obstacle stone can be moved"]


def test_grani_draw__the_turn_limit_is_told_with_who_shares_the_win() -> None:
    shared = play(grani("yellow=G8:seals=T blue=E28:seals=U red=U1 turns=1199"), "G8-G12")
    assert told(shared) == ["Yellow: G8 → G12; the turn limit is reached: yellow and blue share the win"]
    alone = play(grani("yellow=G8:seals=T blue=E28 red=U1 turns=1199"), "G8-G12")
    assert told(alone) == ["Yellow: G8 → G12; the turn limit is reached: yellow wins with the most seals"]


def test_a_resignation_is_told() -> None:
    state = play(grani(MOVE), "G8-X12")
    state.resign(1)
    assert told(state) == ["Yellow: G8 → X12", "Blue resigns"]
    assert told(state, "de")[-1] == "Blau gibt auf"


@pytest.mark.parametrize(
    ("position", "actions", "german", "french"),
    [
        ("", ["first blue"], "Blau beginnt, durch das Los bestimmt", "Bleu commence, tiré au sort"),
        ("yellow=T10 blue=G12 red=U1", ["T10-T4-T9"], "Gelb: T10 → T9; nimmt den Ring auf T4 auf",
         "Jaune : T10 → T9 ; ramasse l'anneau en T4"),
        ("yellow=G8 blue=G12:ring red=U1", ["G8-G12"],
         "Gelb: G8 → G12; greift Blau an (ein Amulett) und nimmt ihm den Ring ab",
         "Jaune : G8 → G12 ; attaque bleu (une amulette) et lui prend l'anneau"),
        (MOVE, ["G8-G12", "exile X3"], "Gelb verbannt Blau nach X3", "Jaune exile bleu en X3"),
        (MOVE, ["G8-G7", "card 4"], "Die Drachenkarte zeigt 4", "La carte dragon montre 4"),
        (MOVE, ["G8-G7", "card 4", "roll 6"],
         "Gelb würfelt 6 gegen die Drachenkarte 4 und gewinnt: ein Bonuszug darf folgen",
         "Jaune fait 6 au dé contre la carte dragon 4 et gagne : un saut bonus peut suivre"),
        ("yellow=G8:ring blue=G12 red=U1", ["G8-G7", "card 4", "roll 1"],
         "Gelb würfelt 1 gegen die Drachenkarte 4 und verliert: ein Amulett weniger, gefesselt auf G7; "
         "der Ring muss in ein anderes Königreich",
         "Jaune fait 1 au dé contre la carte dragon 4 et perd : une amulette de moins, enchaîné en G7 ; "
         "l'anneau doit partir dans un autre royaume"),
        ("yellow=E23:1:ring:seals=TU blue=E28 red=U1", ["E23-E24"],
         "Gelb: E23 → E24; bringt den Ring in die Stadt von Elgad und erhält ihr Siegel; "
         "erhält 2 Amulette zurück; gewinnt mit den Siegeln von Tirad, Urgad, Elgad",
         "Jaune : E23 → E24 ; apporte l'anneau dans la ville d'Elgad et reçoit son sceau ; "
         "récupère 2 amulettes ; gagne avec les sceaux des villes suivantes : Tirad, Urgad, Elgad"),
        ("yellow=G8 blue=G12 red=U1 blocks=T1", ["G8-G13", "lift T1", "block T2"],
         "Gelb versetzt den Hindernisstein von T1 nach T2",
         "Jaune déplace la pierre d'obstacle : T1 → T2"),
        ("yellow=G7:2:shackled blue=G12 red=U1", ["rest"], "Gelb ruht und legt die Fessel ab",
         "Jaune se repose et ôte sa chaîne"),
        ("yellow=G8:seals=T blue=E28:seals=U red=U1 turns=1199", ["G8-G12"],
         "Gelb: G8 → G12; die Rundengrenze ist erreicht: Gelb und Blau teilen sich den Sieg",
         "Jaune : G8 → G12 ; la limite de tours est atteinte : jaune et bleu se partagent la victoire"),
    ],
)
def test_lines_in_german_and_french(position: str, actions: list[str], german: str, french: str) -> None:
    state = play(grani(position) if position else fresh(), *actions)
    assert (told(state, "de")[-1], told(state, "fr")[-1]) == (german, french)


def test_every_seat_hears_what_a_spectator_hears_one_line_per_action() -> None:
    state = play(grani("yellow=G8:ring blue=G12 red=U1"), "G8-G7", "card 4", "roll 1", "ring U12", "G12-G18")
    for language in ("en", "de", "fr"):
        lines = told(state, language)
        assert len(lines) == len(state.history) == 5
        assert all(state.narration(seat, language) == lines for seat in range(state.players))
