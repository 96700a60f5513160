"""What Grani says as keys and arguments: refusals, bad notation, bad positions, what the game waits
for, and why it ended; the English stays as it was, German and French render from the same message."""

from __future__ import annotations

from typing import Any

import pytest

import spielwerk
from spielwerk import InvalidNotation, OptionError
from spielwerk.core.message import render_json
from spielwerk.games.grani import view
from tests.grani.helpers import grani, illegal, play
from tests.grani.test_errors import PHASES

YELLOW = {"key": "seat.yellow", "args": {}}
BLUE = {"key": "seat.blue", "args": {}}


def said(message: dict[str, Any], language: str) -> str:
    """A message as a view carries it, rendered from the game's words."""
    return render_json(spielwerk.game("grani").words(language), message, language)


def test_grani_move_no_pass__the_refusal_nests_its_reason() -> None:
    error = illegal(PHASES["move"](), "G8-G18")
    assert str(error) == (
        "yellow cannot move to G18: a knight stands on G12 and blocks the way (grani.move.no-pass)")
    assert error.message is not None and error.message.to_json() == {
        "key": "grani.move.cannot",
        "args": {"seat": YELLOW, "point": "G18",
                 "reason": {"key": "grani.move.no-pass.knight", "args": {"point": "G12"}}},
    }
    assert error.render("de") == (
        "Gelb kann nicht nach G18 ziehen: auf G12 steht ein Ritter und versperrt den Weg "
        "(grani.move.no-pass)")
    assert error.render("fr") == (
        "jaune ne peut pas aller en G18 : un chevalier se trouve en G12 et barre le chemin "
        "(grani.move.no-pass)")


def test_grani_attack__banish_first_names_both_knights() -> None:
    error = illegal(PHASES["exile"](), "G12-G13")
    assert error.message is not None and error.message.key == "grani.attack.exile-first"
    assert error.message.to_json()["args"] == {"seat": YELLOW, "victim": BLUE}
    assert error.render("de") == (
        "Gelb muss zuerst Blau auf einen freien Verbannungspunkt verbannen, z. B. 'exile X1' (grani.attack)")


def test_grani_dragon_ring_lost__the_ring_must_leave_the_kingdom() -> None:
    error = illegal(PHASES["ring"](), "ring G12")
    assert error.rule == "grani.dragon.ring-lost"
    assert error.message is not None and error.message.key == "ring.cannot"
    assert error.render("de") == (
        "der Ring kann nicht auf G12: er muss Galad verlassen und in ein anderes Königreich "
        "(grani.dragon.ring-lost)")
    assert error.render("fr") == (
        "l'anneau ne peut pas aller en G12 : il doit quitter Galad pour un autre royaume "
        "(grani.dragon.ring-lost)")


def test_grani_city_enter__a_city_holds_one_knight_in_every_language() -> None:
    state = grani("yellow=G21 blue=G25 red=U1")
    error = illegal(state, "G21-G25")
    assert error.reason == (
        "yellow cannot move to G25: G25 (the city of Galad) holds blue, and a city holds one knight")
    assert error.render("de") == (
        "Gelb kann nicht nach G25 ziehen: auf G25 (die Stadt von Galad) steht Blau, und eine Stadt fasst nur "
        "einen Ritter (grani.city.enter)")


def test_grani_move_must__chance_is_not_chosen_and_says_what_comes_first() -> None:
    error = illegal(PHASES["move"](), "card 4")
    assert error.message is not None and error.message.key == "grani.chance.not-chosen"
    assert error.message.args["action"] == "card 4"
    assert error.render("de") == (
        "'card 4' bestimmt der Zufall, niemand wählt es; Gelb muss jetzt den Ritter ziehen (grani.move.must)")


def test_grani_amulet_cost__the_count_of_amulets_is_an_argument() -> None:
    error = illegal(PHASES["blocked"](), "T3-T8")
    assert error.rule == "grani.amulet.cost"
    assert error.render("fr") == (
        "jaune ne peut pas aller en T8 : jaune n'a plus d'amulette et ne peut pas combattre le dragon en T8 "
        "(grani.amulet.cost)")


@pytest.mark.parametrize(
    ("text", "key", "german"),
    [
        ("", "notation.empty", "ein leerer Text ist kein Zug"),
        ("stay now", "notation.alone", "'stay' steht allein, ohne etwas dahinter"),
        ("exile", "notation.one-point", "'exile' nimmt genau einen Punkt, z. B. 'exile X3'"),
        ("first purple", "notation.colour",
         "'purple' ist keine Farbe eines Ritters (yellow, blue, red, white, green, black)"),
        ("roll 7", "notation.value", "roll '7': erlaubt ist einer der Werte 1, 2, 3, 4, 5, 6"),
        ("G8-Z9", "notation.point", "'Z9' ist kein Punkt: Punkte heißen etwa T5, G12 oder X3"),
    ],
)
def test_bad_notation_speaks_in_keys(text: str, key: str, german: str) -> None:
    with pytest.raises(InvalidNotation) as caught:
        PHASES["move"]().apply(text)
    assert caught.value.message is not None and caught.value.message.key == key
    assert caught.value.render("de") == german


@pytest.mark.parametrize(
    ("position", "key", "english", "french"),
    [
        ("yellow=G8:4 blue=E28 red=U1", "position.amulets",
         "position: yellow has 4 amulets; a knight has 0–3",
         "position : jaune a 4 amulettes ; un chevalier en a de 0 à 3"),
        ("yellow=G8:ring blue=E28:ring red=U1", "position.bearers",
         "position: yellow and blue both carry the ring; there is one ring",
         "position : jaune et bleu portent tous l'anneau ; il n'y a qu'un anneau"),
        ("yellow=E24:ring blue=E28 red=U1", "position.ring-city",
         "position: yellow carries the ring on E24 (the city of Elgad), but a ring bearer that enters a city "
         "delivers the ring there (grani.city.ring)",
         "position : jaune porte l'anneau en E24 (la ville d'Elgad), mais un porteur de l'anneau qui entre "
         "dans une ville y livre l'anneau (grani.city.ring)"),
    ],
)
def test_bad_positions_speak_in_keys(position: str, key: str, english: str, french: str) -> None:
    with pytest.raises(OptionError) as caught:
        grani(position)
    assert caught.value.message is not None and caught.value.message.key == key
    assert (str(caught.value), caught.value.render("fr")) == (english, french)


def test_new_state_refuses_an_unknown_start_key_in_words() -> None:
    with pytest.raises(OptionError) as caught:
        spielwerk.game("grani").new_state(players=3, seed=1, board="x")
    assert str(caught.value) == "new_state takes no board for Grani (only position=…)"
    assert caught.value.render("de") == "new_state kennt für Grani kein board (nur position=…)"


@pytest.mark.parametrize(
    ("phase", "german", "french"),
    [
        ("lot", "das Los um den ersten Spieler", "le tirage au sort du premier joueur"),
        ("move", "Gelb ist am Zug", "au tour de jaune"),
        ("shackled", "Gelb ruht (gefesselt)", "jaune se repose (enchaîné)"),
        ("card", "eine Drachenkarte für den Kampf von Gelb", "une carte dragon pour le combat de jaune"),
        ("roll", "der Wurf von Gelb gegen den Drachen", "le lancer de jaune contre le dragon"),
        ("bonus", "der Bonuszug von Gelb (oder stehen bleiben)", "le saut bonus de jaune (ou rester)"),
        ("exile", "Gelb verbannt Blau", "jaune doit exiler bleu"),
        ("ring", "Gelb legt den Ring ab", "jaune doit poser l'anneau"),
        ("block", "Gelb setzt einen Hindernisstein", "jaune doit poser une pierre d'obstacle"),
        ("lift", "Gelb hebt einen Hindernisstein auf", "jaune doit soulever une pierre d'obstacle"),
        ("shift", "Gelb setzt den aufgehobenen Stein", "jaune doit poser la pierre soulevée"),
        ("over", "nichts: die Partie ist vorbei", "rien : la partie est terminée"),
    ],
)
def test_what_the_game_waits_for_in_every_language(phase: str, german: str, french: str) -> None:
    seen = PHASES[phase]().view(None)
    message = seen["waiting_for_message"]
    assert said(message, "en") == seen["waiting_for"]
    assert (said(message, "de"), said(message, "fr")) == (german, french)


def test_the_old_waiting_patterns_are_the_catalogues_english() -> None:
    assert view.WAITING["exile"] == "{colour} to banish {victim}"
    assert set(view.WAITING) == set(view.STATUS)


def test_grani_win__the_reason_in_every_language() -> None:
    result = play(grani("yellow=E23:ring:seals=TU blue=E28 red=U1"), "E23-E24").view(0)["result"]
    assert result["reason"] == "yellow holds seals of Tirad, Urgad, Elgad and wins"
    assert said(result["reason_message"], "de") == "Gelb hat Siegel von Tirad, Urgad, Elgad und gewinnt"
    assert said(result["reason_message"], "fr") == (
        "jaune gagne avec les sceaux des villes suivantes : Tirad, Urgad, Elgad")


def test_grani_draw__the_reason_names_the_winners_in_every_language() -> None:
    state = play(grani("yellow=G8:seals=T blue=E28:seals=U red=U1:seals=G turns=1199"), "G8-G12")
    result = state.view(None)["result"]
    assert result["reason"] == (
        "the turn limit is reached; yellow and blue and red with the most seals share the win")
    assert said(result["reason_message"], "de") == (
        "die Rundengrenze ist erreicht; Gelb und Blau und Rot mit den meisten Siegeln teilen sich den Sieg")


def test_a_resignation_ends_the_game_with_its_reason() -> None:
    state = grani("yellow=G8 blue=E28 red=U1")
    state.resign(0)
    seen = state.view(2)
    assert seen["result"]["reason"] == "Yellow resigned"
    assert said(seen["result"]["reason_message"], "fr") == "Jaune a abandonné"
    assert said(seen["waiting_for_message"], "de") == "nichts: die Partie ist vorbei"
