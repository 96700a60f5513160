"""Gygès's catalogues: the same keys and placeholders in every language, a sentence for every rule id in
the rules' order, the seats' and options' words, and every text renders."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk.core.message import UNFILLED, placeholders
from spielwerk.games.gyges import OPTIONS
from spielwerk.games.gyges.say import WORDS

RULE_IDS = (
    "gyges.setup",
    "gyges.turn.nearest-rank",
    "gyges.turn.fallback",
    "gyges.move.exact",
    "gyges.move.no-cross",
    "gyges.move.edge-once",
    "gyges.move.no-null",
    "gyges.move.throne",
    "gyges.land.occupied",
    "gyges.land.bounce",
    "gyges.land.replace",
    "gyges.replace.not-nearest",
    "gyges.win",
    "gyges.variant.kings",
    "gyges.no-move",
    "gyges.draw.repetition",
)
"""Every rule id of rules/gyges.md, in its order."""


@pytest.mark.parametrize("language", ["de", "fr"])
def test_gyges_words__every_language_has_the_same_keys_and_placeholders(language: str) -> None:
    english, other = WORDS.own("en"), WORDS.own(language)
    assert list(other) == list(english)
    for key, text in english.items():
        assert placeholders(other[key]) == placeholders(text), key


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_gyges_words__every_text_renders_with_its_placeholders_filled(language: str) -> None:
    for key, text in WORDS.own(language).items():
        filled = WORDS.text(key, language, **{name: "X" for name in placeholders(text)})
        assert not UNFILLED.search(filled), (key, filled)
        assert "X" in filled or not placeholders(text), (key, filled)


def test_gyges_words__every_rule_has_its_sentence_in_the_rules_order() -> None:
    game = spielwerk.game("gyges")
    for language in ("en", "de", "fr"):
        assert tuple(game.rules_reference(language)) == RULE_IDS
    english, german, french = (game.rules_reference(language) for language in ("en", "de", "fr"))
    assert english["gyges.move.exact"] == "A ring moves exactly as many steps as its height."
    assert german["gyges.move.exact"] == "Ein Ring zieht genau so viele Schritte, wie er hoch ist."
    assert french["gyges.win"] == "La partie est gagnée : un anneau a atteint le trône adverse."


def test_gyges_words__the_options_have_names_and_their_docs_in_every_language() -> None:
    assert [option.name for option in OPTIONS] == [
        "replace_rule", "replacement", "setup", "throne_captures", "max_plies"]
    for option in OPTIONS:
        assert WORDS.text(f"option.{option.name}.doc") == option.doc
        for language in ("de", "fr"):
            doc = WORDS.text(f"option.{option.name}.doc", language)
            assert doc and doc != option.doc
            assert WORDS.text(f"option.{option.name}", language)
    assert WORDS.text("option.throne_captures.doc", "de") == (
        'Eroberungen zum Sieg: 1, 3 für das Königsspiel oder {"south": 3, "north": 1}')


def test_gyges_words__seats_and_the_game_have_their_names() -> None:
    game = spielwerk.game("gyges")
    names = {language: [game.seat_message(seat).render(language) for seat in (0, 1)]
             for language in ("en", "de", "fr")}
    assert names == {"en": ["south", "north"], "de": ["Süd", "Nord"], "fr": ["Sud", "Nord"]}
    assert game.words("de")["game.name"] == "Gygès"
    assert game.words("fr")["seat.turn"] == "ce n'est pas votre tour"  # the core's words come along
