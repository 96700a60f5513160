"""Drachenfels in every language: the terminal, the picture, the move lists and random games rendered in
English, German and French, never with a placeholder left unfilled."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

import spielwerk
from spielwerk.core.message import render_json
from spielwerk.games.drachenfels import DrachenfelsState
from tests.conformance.play import playout
from tests.drachenfels.helpers import drachenfels, fresh, play

LANGUAGES = ("en", "de", "fr")
HANDS = {"red": ["2", "5", "dragon"], "blue": ["teletransfer", "cloud"]}


def printed(markup: str) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=120, color_system=None, highlight=False).print(markup)
    return buffer.getvalue()


def svg_texts(svg: str) -> list[str]:
    return re.findall(r">([^<>]+)</(?:text|title)>", svg)


def test_drachenfels_terminal__the_map_speaks_german() -> None:
    state = drachenfels(2, hands=HANDS, known={"red": {"blue": ["cloud"]}}, looked={"C2": ["red"]},
                        armour=["red"], double=["red"], opened=True, discard=["rainbow"],
                        princesses=["blue", "yellow", "red", "green"])
    text = printed(state.game.terminal(state, 0, "de"))
    status = " Runde 1 · Rot ist am Zug\n jetzt: Rot spielt Karten, erneuert die Hand oder nimmt die oberste"
    assert status in text
    assert " Nachziehstapel 25 Karten · Ablagestapel 1 Karte, oben Regenbogen" in text
    assert " deine Hand (Rot): 2 5 Drache" in text and " du weißt, dass Blau hat: Wolke" in text
    assert " Prinzessinnen, die du gesehen hast: C2: Gelb" in text
    assert " K Schloss S Start R Regenbogenfelsen C Felsenburg X Kreuzung H Loch\n D Drachenfelsen\n" in text
    assert "grün Drachen dürfen hierher" in text
    assert max(len(line) for line in text.splitlines()) <= 80
    french = printed(state.game.terminal(state, 1, "fr"))
    assert " votre main (Bleu) : télétransfert nuage" in french and "Drache" not in french
    assert max(len(line) for line in french.splitlines()) <= 80


def test_drachenfels_terminal__a_resignation_shows_its_reason() -> None:
    state = drachenfels(2)
    state.resign(0)
    assert "Game over: Red resigned" in printed(state.game.terminal(state, None))
    assert "Partie vorbei: Rot hat aufgegeben" in printed(state.game.terminal(state, None, "de"))


def test_drachenfels_svg__the_panel_and_legend_speak_french() -> None:
    state = drachenfels(2, hands=HANDS)
    texts = svg_texts(state.game.svg(state, 0, language="fr"))
    assert "Drachenfels : au tour de Rouge" in texts and "Au tour de Rouge" in texts
    assert "Vue de Rouge" in texts and "Votre main : 2 5 dragon" in texts
    assert "Rouge : sur S1, sans armure, 3 cartes" in texts
    assert "Bleu : sur S2, sans armure, 2 cartes" in texts
    assert "château K (atteint par un arc-en-ciel)" in texts and "princesse (? non vue)" in texts
    german = svg_texts(state.game.svg(state, None, language="de"))
    assert "Zuschauersicht (keine Geheimnisse)" in german and "Legende" in german


def test_drachenfels_svg__the_end_of_a_game_is_told_in_the_picture() -> None:
    game = spielwerk.game("drachenfels", max_turns=1)
    state = play(game.new_state(seed=1, position={"knights": {"red": "3", "blue": "1"},
                                                  "hands": {"red": ["1"], "blue": ["1"]}}), "1 2", "1 S1")
    assert "Partie vorbei: unentschieden: die Grenze von 1 Runde ist erreicht" in svg_texts(
        game.svg(state, None, language="de"))


def test_drachenfels_move_label__groups_are_named_in_the_language() -> None:
    game = spielwerk.game("drachenfels")
    assert game.move_label("3 ") == "card 3 → field" and game.move_label("3 ", "de") == "Karte 3 → Feld"
    assert game.move_label("cloud blue ", "de") == "Blau →" and game.move_label("dragon C4>", "fr") == "C4 →"
    assert game.move_label("take ", "fr") == "prendre une carte à"
    assert game.move_label("bridge -", "de") == "entfernen"
    assert game.move_label("bridge ", "de") == "Brücke" and game.move_label("rainbow ", "fr") == "arc-en-ciel"
    assert game.move_label("bridge ") is None and game.move_label("dragon ", "fr") is None  # the word itself
    assert game.move_label("refresh ", "de") is None


def test_drachenfels_move_labels__decisions_and_seats_get_words_the_notation_lacks() -> None:
    state = drachenfels(2, knights={"red": "3", "blue": "1"}, hands={"red": ["2", "dragon"], "blue": ["1"]},
                        discard=["bridge"], dragons=["C1", "C2", "C3", "D1"])
    game = state.game
    assert game.move_labels(state, 0) == {
        "refresh": "refresh the hand",
        "take blue": "take a card from blue",
        "top": "take the top discard (a bridge)",
    }
    german = game.move_labels(state, 0, "de")
    assert german["take blue"] == "eine Karte nehmen von Blau" and german["top"] == (
        "oberste abgelegte Karte nehmen (eine Brücke)")
    assert game.move_labels(state, 1) == {} and game.move_labels(state, None) == {}
    play(state, "2 1", "send blue S2")
    assert game.move_labels(state, 0, "fr") == {
        "take blue": "prendre une carte à Bleu", "stop": "ne plus prendre de cartes"}


def _rendered(state: DrachenfelsState, language: str) -> list[str]:
    """Every text `state` shows in `language`: each seat's narration, status, labels and pictures."""
    game, found = state.game, []
    for seat in (None, *range(state.players)):
        view = state.view(seat)
        found.append(render_json(game.words(language), view["waiting_for_message"], language))
        result = view.get("result")
        if isinstance(result, dict):
            found.append(render_json(game.words(language), result["reason_message"], language))
        found += svg_texts(game.svg(state, seat, language=language))
        found.append(printed(game.terminal(state, seat, language)))
        found += game.move_labels(state, seat, language).values()
    found += [label for text in map(str, state.legal_actions())
              if (label := game.move_label(text.rsplit(" ", 1)[0] + " ", language))]
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_drachenfels_every_language__random_games_render_everything(players: int) -> None:
    for seed, max_turns in ((players, 200), (10 + players, 4)):
        state = fresh(players, seed=seed, max_turns=max_turns)
        for _ in playout(state, seed, 300):
            pass
        if not state.is_over:
            state.resign(1)
        for language in LANGUAGES:
            texts = _rendered(state, language)
            for seat in (None, *range(players)):
                lines = state.narration(seat, language)
                assert len(lines) == len(state.history)
                texts += lines
            if language != "en":
                unfilled = [text for text in texts if re.search(r"\{[a-z_.:-]+\}", text)]
                assert not unfilled, unfilled[:3]


@pytest.mark.parametrize("language", ["de", "fr"])
def test_drachenfels_every_language__states_along_a_game_render_without_english(language: str) -> None:
    english = re.compile(r"\b(waiting for|your hand|draw pile|Legend|Turn|plays a|draws|card|rainbow)\b")
    state = fresh(3, seed=5)
    for _ in playout(state, 5, 150):
        texts: list[Any] = _rendered(state, language)
        assert not [text for text in texts if english.search(text)]
    assert not [line for line in state.narration(0, language) if english.search(line)]
