"""Messages: a key and its arguments, rendered from a catalogue in each language."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk.core.catalogue import CORE, say
from spielwerk.core.errors import IllegalAction, OptionError
from spielwerk.core.message import Message, placeholders, plural_category, render, render_json


def test_a_message_renders_its_key_with_named_arguments_in_each_language() -> None:
    said = say("seat.unknown", seat="7")
    assert str(said) == "there is no seat 7 in this game"
    assert said.render("de") == "in dieser Partie gibt es keinen Platz 7"
    assert said.render("fr") == "il n'y a pas de place 7 dans cette partie"
    assert said.render("it") == str(said)  # a language we do not speak reads English


def test_a_nested_message_renders_in_the_same_language_and_cap_begins_with_a_capital() -> None:
    said = say("end.resign", seat=say("seat.player", number=2))
    assert str(said) == "Player 2 resigned"
    assert said.render("de") == "Spieler 2 hat aufgegeben"
    seat = {"key": "seat.player", "args": {"number": 2}}
    assert said.to_json() == {"key": "end.resign", "args": {"seat": seat}}
    assert render_json(CORE.catalogue("fr"), said.to_json(), "fr") == "Joueur 2 a abandonné"


def test_lists_are_joined_with_the_languages_and() -> None:
    catalogue = {"x": "{names} share the win", "list.comma": ", ", "list.and": " and "}
    names = ["red", "blue", "white"]
    assert render(catalogue, "x", {"names": names}, "en") == "red, blue and white share the win"
    assert render(catalogue, "x", {"names": ["red"]}, "en") == "red share the win"


def test_plural_forms_are_chosen_by_count_and_french_counts_zero_as_one() -> None:
    catalogue = {"steps.one": "{count} step", "steps.other": "{count} steps"}
    assert render(catalogue, "steps", {"count": 1}, "en") == "1 step"
    assert render(catalogue, "steps", {"count": 0}, "en") == "0 steps"
    assert render(catalogue, "steps", {"count": 0}, "fr") == "0 step"
    assert plural_category(1.5, "fr") == "one" and plural_category(2, "fr") == "other"


def test_a_missing_key_or_argument_shows_in_braces_rather_than_failing() -> None:
    assert render({}, "no.such.key", {}, "en") == "{no.such.key}"
    assert render({"k": "{a} and {b}"}, "k", {"a": 1}, "en") == "1 and {b}"
    assert placeholders("{seat:cap} plays {count}") == {"seat", "count"}


def test_errors_carry_their_message() -> None:
    state = spielwerk.game("gyges").new_state(seed=1)
    with pytest.raises(IllegalAction) as refused:
        state.apply("b1-c3", seat=5)
    assert refused.value.message == Message("seat.unknown", {"seat": "5"}, CORE)
    assert refused.value.message.key == "seat.unknown" and dict(refused.value.message.args) == {"seat": "5"}
    assert refused.value.rule == "seat.unknown"
    assert refused.value.render("de") == "in dieser Partie gibt es keinen Platz 5 (seat.unknown)"
    with pytest.raises(OptionError) as bad:
        spielwerk.game("gyges", max_plies="many")
    assert bad.value.message is not None and bad.value.message.key == "option.bad"
    assert str(bad.value) == "gyges option max_plies='many': must be a whole number or none"
    assert bad.value.render("de") == "gyges, Option max_plies='many': muss eine ganze Zahl oder none sein"
