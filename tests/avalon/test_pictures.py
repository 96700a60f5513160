"""Avalon's pictures, terminal and move labels in the reader's language: the language comes as an
argument (never from the environment), and every word comes from the catalogue."""

from __future__ import annotations

import os

import pytest
from rich.console import Console

import spielwerk
from spielwerk.games.avalon.rules import AvalonState
from tests.avalon.helpers import day, game, play


def started(*actions: str) -> AvalonState:
    """Two characters after `actions`, chance drawn from seed 5 in between (Cadoc reads 13a)."""
    state = game().new_state(players=2, seed=5)
    assert isinstance(state, AvalonState)
    for action in (None, *actions):
        if action is not None:
            state.apply(action)
        while state.is_chance:
            state.resolve_chance()
    return state


def printed(state: spielwerk.State, seat: int | None, language: str = "en") -> str:
    """The terminal's picture as printed text, its lines joined by spaces."""
    console = Console(width=200, record=True, highlight=False, file=open(os.devnull, "w"))  # noqa: SIM115
    console.print(state.game.terminal(state, seat, language))
    return " ".join(console.export_text().split())


def test_avalon_terminal__every_word_in_german() -> None:
    text = printed(started("explore", "decline"), 0, "de")
    assert "Tag 1 von 10 · Tag: Aktionen · Omen 0 · Gnade unbenutzt · Ereignisse übrig 19" in text
    assert "Cadoc (1) du in 13 Herzstein Gesundheit 10/10 Energie 4/5 Schrecken 0/8 fertig" in text
    assert "2 Nahrung · 2 Reichtum · 0 Magie · 0 Ansehen · Stärke 3 Verstand 1 Geist 1" in text
    assert "Vers 13a von 13 Herzstein" in text and "Cadoc führt an und wählt:" in text
    assert "(kostet 1 Magie; für die Anführung jetzt nicht möglich)" in text
    for english in ("Health", "Energy", "Terror", "Mercy", "unplaced", "leads and chooses", "ready", "Day"):
        assert english not in text


def test_avalon_terminal__every_word_in_french() -> None:
    text = printed(started("explore", "decline"), 0, "fr")
    assert "Jour 1 sur 10 · Journée : actions · Présage 0 · Miséricorde disponible" in text
    assert "Cadoc (1) vous à 13 Pierre-Cœur Santé 10/10 Énergie 4/5 Terreur 0/8 a fini" in text
    assert "Verset 13a de 13 Pierre-Cœur" in text and "Cadoc mène et choisit :" in text
    assert "(coûte 1 magie ; impossible pour le meneur maintenant)" in text
    for english in ("Health", "Energy", "Terror", "Mercy", "unplaced", "leads and chooses", "ready", "Day"):
        assert english not in text


def test_avalon_terminal__the_join_prompt_and_answers_in_german() -> None:
    text = printed(started("travel north"), 1, "de")
    assert "Cadoc kündigt in 13 Herzstein travel north an: Elowen, anschließen oder ablehnen?" in text
    assert "1 join 1 (mit Cadoc gehen) 2 decline (nicht mitmachen)" in text


def test_avalon_terminal__the_last_roll_and_the_result_in_the_language() -> None:
    state = play(day(), "explore", "verse 13a", "choose 2", "die 4")
    assert "Last roll: spirit against 5: rolled 4 for 5, passed" in printed(state, 0)
    assert "Letzter Wurf: Geist gegen 5: 4 gewürfelt, zusammen 5, geschafft" in printed(state, 0, "de")
    lost = day(frames=[["dawn", 1]], menhirs=[[13, 0]])
    assert "Partie terminée : aucun menhir ne brûlait à l'aube : l'île est perdue" in printed(lost, 0, "fr")
    resigned = day(players=2)
    resigned.resign(1)
    assert "Spielende: Elowen hat aufgegeben" in printed(resigned, 0, "de")


def test_avalon_terminal__no_game_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    state = started("explore", "decline")
    english = printed(state, 0)
    monkeypatch.setenv("SPIELWERK_LANG", "de")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert printed(state, 0) == english and "Verse 13a of 13 Heartstone" in english
    assert state.game.svg(state, 0) == state.game.svg(state, 0, language="en")


@pytest.mark.parametrize(("language", "words"), [
    ("de", ("Aufgaben", "Ereignisse", "Gesundheit", "Tag 1/10", "Gnade 1", "Stapel")),
    ("fr", ("Quêtes", "Événements", "Santé", "Jour 1/10", "Miséricorde 1", "Pioche")),
])
def test_avalon_svg__the_strip_panel_and_boards_in_the_language(language: str,
                                                                words: tuple[str, ...]) -> None:
    state = started()
    picture = state.game.svg(state, 0, language=language)
    assert all(word in picture for word in words)
    for english in (">Quests<", ">Events<", ">Health<", ">Energy<", "Mercy", "Deck", "Day 1"):
        assert english not in picture


def test_avalon_svg__a_finished_game_shows_its_ending() -> None:
    lost = day(frames=[["dawn", 1]], menhirs=[[13, 0]])
    assert 'class="running">lost, the menhirs went dark</text>' in lost.game.svg(lost, 0)
    german = lost.game.svg(lost, 0, language="de")
    assert 'class="running">verloren, die Menhire sind erloschen</text>' in german


def test_avalon_labels__words_for_each_legal_action_of_the_seat_to_move() -> None:
    state = started()
    avalon = state.game
    assert avalon.move_labels(state, 0) == {
        "explore": "explore Heartstone", "travel north": "to 7 Ashford", "travel east": "to 14 Old Bridge",
        "travel south": "to 17 Charcoal Camp", "travel west": "to 12 Miller's Rest",
        "act commune": "Commune with the stone", "give food to 2": "give 1 food to Elowen",
        "give wealth to 2": "give 1 wealth to Elowen", "give hammer to 2": "give Smith's Hammer to Elowen",
        "wait": "let the others act first", "pass": "end your day"}
    german = avalon.move_labels(state, 0, "de")
    assert (german["explore"], german["travel north"], german["give hammer to 2"]) == (
        "Herzstein erkunden", "nach 7 Aschfurt", "an Elowen geben: Schmiedehammer")
    assert avalon.move_labels(state, 0, "fr")["pass"] == "terminer votre journée"
    assert avalon.move_labels(state, 1, "de") == {} == avalon.move_labels(state, None)


def test_avalon_end_rest__labels_name_the_content_s_numbers() -> None:
    state = play(day(heroes={0: {"food": 3, "reputation": 3}}), "pass")
    assert state.game.move_labels(state, 0) == {
        "rest eat": "eat 1 food", "rest feast": "feast on 2 food: full Energy, +2 Health",
        "rest fast": "fast: no food"}
    play(state, "rest feast", "dream D3")
    assert state.game.move_labels(state, 0, "de")["improve might"] == "Stärke +1 für 3 Ansehen"


def test_avalon_labels__a_move_list_s_groups_in_the_language() -> None:
    avalon = game()
    assert avalon.move_label("travel ") is None  # English: the notation names the group
    assert (avalon.move_label("travel ", "de"), avalon.move_label("give ", "fr")) == ("reisen:", "donner :")
    assert avalon.move_label("give food to ", "de") == "Nahrung an"
    assert avalon.move_label("give horn to ", "fr") == "Cor du Cerf à"
    assert avalon.move_label("bogus ", "de") is None


def test_avalon_setup__the_how_to_play_names_player_counts_in_the_language() -> None:
    assert "allein" in spielwerk.game("avalon").how_to_play("de")
    from spielwerk.games.avalon.howto import per_count

    assert per_count([8, 10, 10, 10], "fr") == "8 seul, 10 de 2 à 4"
    assert per_count([8, 10, 10, 10], "de") == "8 allein, 10 mit 2–4"
