"""Drachenfels' catalogues: the same keys and placeholders in every language, a sentence for every rule,
the option's words, and refusals that carry their message (rendered in German too)."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk import IllegalAction, InvalidNotation, OptionError
from spielwerk.core.message import placeholders
from spielwerk.games.drachenfels import OPTIONS
from spielwerk.games.drachenfels.say import WORDS
from tests.drachenfels.helpers import drachenfels, illegal, play

RULE_IDS = (
    "drachenfels.setup",
    "drachenfels.goal",
    "drachenfels.turn",
    "drachenfels.play",
    "drachenfels.refresh",
    "drachenfels.discard-top",
    "drachenfels.move.exact",
    "drachenfels.move.pass",
    "drachenfels.star",
    "drachenfels.castle",
    "drachenfels.duel",
    "drachenfels.rock-castle",
    "drachenfels.rainbow-open",
    "drachenfels.card.rainbow",
    "drachenfels.rainbow.ends",
    "drachenfels.card.bridge",
    "drachenfels.card.dragon",
    "drachenfels.card.teletransfer",
    "drachenfels.card.cloud",
    "drachenfels.win",
    "drachenfels.limit",
)
"""Every rule id of rules/drachenfels.md in its order, then the round limit the option names."""


@pytest.mark.parametrize("language", ["de", "fr"])
def test_drachenfels_words__every_language_has_the_same_keys_and_placeholders(language: str) -> None:
    english, other = WORDS.own("en"), WORDS.own(language)
    assert sorted(other) == sorted(english)
    for key, text in english.items():
        assert placeholders(other[key]) == placeholders(text), key


def test_drachenfels_words__every_rule_has_its_sentence_in_the_rules_order() -> None:
    game = spielwerk.game("drachenfels")
    for language in ("en", "de", "fr"):
        assert tuple(game.rules_reference(language)) == RULE_IDS
    castle = game.rules_reference("de")["drachenfels.castle"]
    assert castle == "Das Schloss muss mit genauer Punktzahl erreicht werden."


def test_drachenfels_words__the_option_and_the_seats_have_their_names() -> None:
    words = spielwerk.game("drachenfels").words
    for option in OPTIONS:
        assert words("en")[f"option.{option.name}.doc"] == option.doc
        assert words("de")[f"option.{option.name}"] == "Rundengrenze"
    assert [words("de")[f"seat.{seat}"] for seat in ("red", "blue", "yellow", "green")] == [
        "Rot", "Blau", "Gelb", "Grün"]
    assert [words("fr")[f"seat.{seat}"] for seat in ("red", "blue", "yellow", "green")] == [
        "Rouge", "Bleu", "Jaune", "Vert"]


def test_drachenfels_move_exact__a_refusal_carries_its_key_and_arguments() -> None:
    state = drachenfels(2, hands={"red": ["3"], "blue": ["1"]})
    error = illegal(state, "3 K")
    assert error.reason == (
        "the castle is reached only over a rainbow, with the last of exactly 3 points from S1")
    assert error.message is not None and error.message.key == "drachenfels.castle.exact"
    assert error.message.args == {"count": 3, "start": "S1"}
    assert error.message.render("de") == (
        "das Schloss erreicht man nur über einen Regenbogen, mit dem letzten von genau 3 Punkten ab S1")
    assert error.render("fr").endswith("exactement 3 points depuis S1 (drachenfels.castle)")


def test_drachenfels_play__a_refusal_names_the_seat_and_card_in_the_language() -> None:
    state = drachenfels(2, hands={"red": ["3"], "blue": ["1"]})
    error = illegal(state, "dragon C1>1")
    assert error.reason == "red holds no dragon card"
    assert error.message is not None and error.message.to_json() == {
        "key": "drachenfels.play.no-card",
        "args": {"seat": {"key": "seat.red", "args": {}}, "card": {"key": "card.dragon", "args": {}}},
    }
    assert error.message.render("de") == "Rot hat keine Karte „Drache“"
    assert error.message.render("fr") == "Rouge n'a pas de carte dragon"


def test_drachenfels_duel__the_waiting_refusal_keeps_the_notation_in_english() -> None:
    hands = {"red": ["2"], "blue": ["1"]}
    state = play(drachenfels(2, knights={"red": "3", "blue": "1"}, hands=hands), "2 1")
    error = illegal(state, "refresh")
    assert error.reason == "red won the duel: send blue to a free start field, e.g. 'send blue S1'"
    assert error.message is not None and error.message.render("de") == (
        "Rot hat das Duell gewonnen: schick Blau auf ein freies Startfeld, z. B. 'send blue S1'")


def test_drachenfels_setup__notation_and_position_errors_carry_messages() -> None:
    state = drachenfels(2)
    with pytest.raises(InvalidNotation) as caught:
        state.apply("dragon Q9>1")
    assert str(caught.value) == "there is no field 'q9' on the board"
    assert caught.value.render("fr") == "il n'y a pas de case 'q9' sur le plateau"
    with pytest.raises(OptionError) as wrong:
        drachenfels(2, dragons=["C1", "C2", "C3", "S1"])
    assert str(wrong.value) == (
        "impossible position: a dragon stands only on a rock castle, a green dot or a dragon rock, not on S1")
    assert wrong.value.render("de") == (
        "unmögliche Stellung: ein Drache steht nur auf einer Felsenburg, einem grünen Punkt oder einem "
        "Drachenfelsen, nicht auf S1")
    with pytest.raises(OptionError) as unknown:
        drachenfels(2, knights={"red": "Q1", "blue": "S2"})
    assert str(unknown.value) == "there is no field 'Q1' (the fields are K, S1–S4, R1–R4, C1–C4, X1–X4, " \
        "H1–H4, D1–D4 and 1–68)"
    assert unknown.value.render("de").endswith("D1–D4 und 1–68)")


def test_drachenfels_win__over_is_refused_with_a_message() -> None:
    state = play(drachenfels(2, knights={"red": "12", "blue": "S3"}, armour=["red"], bridges=["X1"],
                             hands={"red": ["2"], "blue": ["1"]}, dragons=["C2", "C3", "C4", "D2"]), "2 C1")
    error = illegal(state, "refresh")
    assert isinstance(error, IllegalAction) and error.rule == "drachenfels.win"
    assert error.message is not None and error.message.render("de") == "die Partie ist vorbei"
