"""Grani's catalogues: the same keys in the same order and the same placeholders in every language, a
sentence for every rule id in the rules' order, the seats' and options' words, and every text renders."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk.core.message import UNFILLED, placeholders
from spielwerk.games.grani import OPTIONS
from spielwerk.games.grani.say import WORDS

RULE_IDS = (
    "grani.setup",
    "grani.move.steps",
    "grani.move.must",
    "grani.move.free",
    "grani.move.no-pass",
    "grani.move.effects",
    "grani.start",
    "grani.ring.take",
    "grani.amulet.cost",
    "grani.dragon.fight",
    "grani.dragon.shackle",
    "grani.dragon.ring-lost",
    "grani.city.enter",
    "grani.city.ring",
    "grani.magic-stone",
    "grani.sword",
    "grani.obstacle.ring",
    "grani.attack",
    "grani.win",
    "grani.draw",
)
"""Every rule id of rules/grani.md, in its order."""


@pytest.mark.parametrize("language", ["de", "fr"])
def test_grani_words__every_language_has_the_same_keys_and_placeholders(language: str) -> None:
    english, other = WORDS.own("en"), WORDS.own(language)
    assert list(other) == list(english)
    for key, text in english.items():
        ours, theirs = placeholders(text), placeholders(other[key])
        if key.endswith(".one"):  # "an amulet" may leave the count out
            ours, theirs = ours - {"count"}, theirs - {"count"}
        assert theirs == ours, key


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_grani_words__every_text_renders_with_its_placeholders_filled(language: str) -> None:
    for key, text in WORDS.own(language).items():
        filled = WORDS.text(key, language, **{name: "X" for name in placeholders(text)})
        assert not UNFILLED.search(filled), (key, filled)
        assert "X" in filled or not placeholders(text), (key, filled)


def test_grani_words__german_and_french_are_not_english_left_over() -> None:
    english = WORDS.own("en")
    same = {language: [key for key, text in WORDS.own(language).items()
                       if text == english[key] and placeholders(text) != {"point"}]
            for language in ("de", "fr")}
    names = ["game.name", "place.tirad", "place.urgad", "place.galad", "place.elgad"]
    assert same["de"] == [*names, "narrate.and", "narrate.move"]  # "{first}; {then}", "{seat:cap}: …"
    assert same["fr"] == [*names, "terminal.legend.dragon", "terminal.kind.dragon"]


def test_grani_words__every_rule_has_its_sentence_in_the_rules_order() -> None:
    game = spielwerk.game("grani")
    for language in ("en", "de", "fr"):
        assert tuple(game.rules_reference(language)) == RULE_IDS
    assert game.rules_reference("en")["grani.ring.take"] == (
        "A knight that enters the ring's point takes the ring.")
    assert game.rules_reference("de")["grani.dragon.shackle"] == (
        "Ein gefesselter Ritter legt in seinem Zug nur die Fessel ab.")
    assert game.rules_reference("fr")["grani.attack"] == (
        "Un chevalier attaqué va sur un point d'exil libre, et personne n'est attaqué dans une ville.")


def test_grani_words__the_options_have_names_and_their_docs_in_every_language() -> None:
    assert [option.name for option in OPTIONS] == ["seals_to_win", "max_turns"]
    for option in OPTIONS:
        assert WORDS.text(f"option.{option.name}.doc") == option.doc
        for language in ("de", "fr"):
            doc = WORDS.text(f"option.{option.name}.doc", language)
            assert doc and doc != option.doc
            assert WORDS.text(f"option.{option.name}", language)
    assert WORDS.text("option.seals_to_win.doc", "de") == (
        "Siegel verschiedener Städte zum Sieg: 3 (Standard) oder 2 (ein kürzeres Spiel)")


def test_grani_words__seats_and_the_game_have_their_names() -> None:
    game = spielwerk.game("grani")
    names = {language: [game.seat_message(seat).render(language) for seat in range(6)]
             for language in ("en", "de", "fr")}
    assert names == {
        "en": ["yellow", "blue", "red", "white", "green", "black"],
        "de": ["Gelb", "Blau", "Rot", "Weiß", "Grün", "Schwarz"],
        "fr": ["jaune", "bleu", "rouge", "blanc", "vert", "noir"],
    }
    assert game.words("de")["game.name"] == "Grani"
    assert game.words("fr")["seat.turn"] == "ce n'est pas votre tour"  # the core's words come along


def test_grani_words__the_kingdoms_follow_a_noun_as_each_language_joins_them() -> None:
    assert [WORDS.text(f"place.of.{k}", "fr") for k in ("tirad", "urgad", "galad", "elgad")] == [
        "de Tirad", "d'Urgad", "de Galad", "d'Elgad"]
    assert WORDS.text("place.city", "de", point="E24", of=WORDS.message("place.of.elgad")) == (
        "E24 (die Stadt von Elgad)")
