"""Avalon's words: refusals, faults and options speak in keys of its catalogue, in English, German
and French; the content's prose is part of the same catalogue."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk import IllegalAction, InvalidNotation, OptionError
from spielwerk.core.message import render_json
from spielwerk.games.avalon.content import CONTENT
from spielwerk.games.avalon.say import WORDS
from tests.avalon.helpers import PLACED, day, game, play


def test_avalon_action_location__a_refusal_carries_its_key_and_arguments() -> None:
    state = day()
    with pytest.raises(IllegalAction) as refused:
        state.apply("act market", seat=0)
    message = refused.value.message
    assert message is not None and refused.value.rule == "avalon.action.location"
    assert (message.key, dict(message.args)) == (
        "avalon.action.location.offers", {"text": "'act market'", "location": 13, "offered": "commune"})
    assert str(refused.value) == (
        "'act market' is not possible now: location 13 offers commune (avalon.action.location)")
    assert refused.value.render("de") == (
        "'act market' geht jetzt nicht: Ort 13 bietet commune (avalon.action.location)")
    assert message.render("fr") == "'act market' est impossible maintenant : le lieu 13 propose commune"


def test_avalon_action_explore__without_energy_the_refusal_says_what_it_costs() -> None:
    state = day(players=2, heroes={0: {"energy": 0}})
    with pytest.raises(IllegalAction) as refused:
        state.apply("explore", seat=0)
    assert refused.value.message is not None and refused.value.message.key == "avalon.action.explore.energy"
    assert refused.value.reason == "'explore' is not possible now: exploring costs 1 Energy"
    assert refused.value.render("de") == (
        "'explore' geht jetzt nicht: Erkunden kostet 1 Energie (avalon.action.explore)")


def test_avalon_menhir_activate__the_cost_reads_in_the_language() -> None:
    state = day(heroes={0: {"location": 8, "magic": 0}})
    with pytest.raises(IllegalAction) as refused:
        state.apply("activate", seat=0)
    assert refused.value.reason == (
        "'activate' is not possible now: lighting it costs 1 Energy plus magic 1, food 1")
    assert refused.value.message is not None
    assert refused.value.message.render("de").endswith("kostet 1 Energie und 1 Magie, 1 Nahrung")
    assert refused.value.message.render("fr").endswith("coûte 1 Énergie plus 1 magie, 1 nourriture")


def test_avalon_day_group__a_refusal_while_a_group_forms_names_the_leader() -> None:
    state = play(day(players=2), "explore")
    with pytest.raises(IllegalAction) as refused:
        state.apply("pass", seat=1)
    assert refused.value.reason == "'pass' is not possible now: join 1 or decline"
    assert refused.value.message is not None and refused.value.message.key == "avalon.day.group"
    assert refused.value.message.render("fr") == (
        "'pass' est impossible maintenant : joignez-vous à 1 (join 1) ou refusez (decline)")


def test_avalon_notation__text_that_is_no_action_is_refused_in_words() -> None:
    with pytest.raises(InvalidNotation) as refused:
        day().apply("dance", seat=0)
    assert refused.value.message is not None and refused.value.message.key == "notation.action"
    assert refused.value.render("de").startswith("'dance' ist kein Avalon-Zug: Züge lauten etwa explore")


def test_avalon_position__a_fault_names_its_case_in_every_language() -> None:
    with pytest.raises(OptionError) as refused:
        day(frames=[["dawn", 2]], menhirs=[])
    assert str(refused.value) == "impossible Avalon position: a running game has an active menhir"
    assert refused.value.render("de") == (
        "unmögliche Avalon-Stellung: eine laufende Partie hat einen brennenden Menhir")
    assert refused.value.render("fr") == (
        "position d'Avalon impossible : une partie en cours a un menhir allumé")


def test_avalon_options__names_and_descriptions_in_the_catalogue() -> None:
    info = game().info
    for option in info.options:
        assert WORDS.text(f"option.{option.name}.doc") == option.doc
        for language in ("de", "fr"):
            assert WORDS.text(f"option.{option.name}", language) != f"{{option.{option.name}}}"
            assert WORDS.text(f"option.{option.name}.doc", language) != option.doc
    assert WORDS.text("option.max_days.doc", "de").startswith("der letzte Tag: 4–20")
    with pytest.raises(OptionError) as refused:
        spielwerk.game("avalon", characters="1,1")
    assert refused.value.message is not None and "names a character twice" in str(refused.value)
    assert "nennt einen Charakter zweimal" in refused.value.render("de")


def test_avalon_setup__seats_are_named_in_the_catalogue() -> None:
    avalon = game(characters="2,4")
    assert [avalon.seat_message(seat).render("fr") for seat in range(2)] == ["Elowen", "Tegid"]
    assert all(f"seat.{name}" in avalon.words("de") for name in game().info.seats)


def test_avalon_text__the_content_prose_is_in_the_catalogue_under_its_keys() -> None:
    for language in ("en", "de", "fr"):
        words = game().words(language)
        assert all(words[key] == text for key, text in CONTENT.texts[language].items())
    assert game().words("de")["location.13"] == "Herzstein"
    assert game().words("fr")["event.T1"] == "Brouillard gris"
    assert list(game().rules_reference("en"))[:3] == ["avalon.setup", "avalon.setup.dial",
                                                       "avalon.char.cadoc"]


def render(state: spielwerk.State, said: dict[str, object], language: str) -> str:
    """A message of a view in `language`."""
    return render_json(state.game.words(language), said, language)


def test_avalon_test__status_and_roll_come_with_their_messages() -> None:
    state = play(day(), "explore", "verse 13a", "choose 2")
    view = state.view(0)
    assert view["waiting_for_message"] == {"key": "status.test", "args": {"number": 5}}
    assert render(state, view["waiting_for_message"], "de") == "ein Würfel für eine Probe gegen 5"
    play(state, "die 4")
    view = state.view(0)
    assert view["told_message"]["key"] == "told.passed"
    assert render(state, view["told_message"], "de") == "Geist gegen 5: 4 gewürfelt, zusammen 5, geschafft"
    assert render(state, view["told_message"], "fr") == "Esprit contre 5 : 4 au dé, 5 au total, réussi"
    assert render(state, view["waiting_for_message"], "fr") == "Au tour de Cadoc"


def test_avalon_item_use__the_item_that_turns_a_roll_is_named_in_the_language() -> None:
    backs = ["", *("a" if number in (*PLACED, 1) else "" for number in range(1, 21))]
    ruins = day(placed=[*PLACED, 1], backs=backs, heroes={0: {"location": 1}}, menhirs=[[8, 4], [13, 4]])
    play(ruins, "explore", "verse 1a", "choose 2", "die 2")
    said = ruins.view(0)["told_message"]
    assert render(ruins, said, "en") == "might against 6: rolled 2 for 5, the hammer makes it"
    assert render(ruins, said, "de") == (
        "Stärke gegen 6: 2 gewürfelt, zusammen 5, der Hammer gibt den Ausschlag")
    assert render(ruins, said, "fr") == "Force contre 6 : 2 au dé, 5 au total, le marteau fait la différence"


def test_avalon_loss__the_reason_comes_with_its_message() -> None:
    state = day(frames=[["dawn", 1]], menhirs=[[13, 0]])
    result = state.view(None)["result"]
    assert result["reason"] == "the last menhir went dark: everyone loses"
    assert render(state, result["reason_message"], "de") == "Der letzte Menhir ist erloschen: alle verlieren"
    assert state.view(None)["waiting_for_message"] == {"key": "status.over", "args": {}}
