"""`rules`: a short how-to-play of every game inside the program, and its examples hold."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest

import spielwerk
from spielwerk.core.errors import SpielwerkError
from spielwerk.core.game import Game
from spielwerk.core.language import language_code, language_from_environment
from spielwerk.core.state import State
from tests.cli.helpers import one_line, play_args, run

GAMES = ["gyges", "grani", "drachenfels"]


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_has_a_how_to_play_of_goal_turn_and_notation(game_id: str) -> None:
    text = spielwerk.game(game_id).how_to_play()
    lines = text.splitlines()
    assert 25 <= len(lines) <= 60
    assert lines[0] == f"# How to play {spielwerk.game(game_id).info.name}"
    for part in ("**Goal.**", "**A turn.**", "**Notation.**", "**Example.**", "**At the prompt.**"):
        assert part in text


def test_a_game_without_a_how_to_play_says_so() -> None:
    class Bare(Game):
        INFO = spielwerk.game("gyges").INFO

        def _new_state(self, players: int, seed: int, **start: Any) -> State:
            raise NotImplementedError

    with pytest.raises(SpielwerkError, match="has no how-to-play yet"):
        Bare().how_to_play()


def test_spielwerk_rules_game_prints_it() -> None:
    result = run(["rules", "gyges"])
    assert result.exit_code == 0
    output = one_line(result.output)
    assert "How to play Gygès" in output
    assert "b1-c3/e5: it lands on the ring on c3" in output
    unknown = run(["rules", "chess"])
    assert unknown.exit_code == 2 and "unknown game 'chess'" in unknown.output


def test_rules_during_play_prints_it_and_the_game_goes_on() -> None:
    result = run(play_args(), ["rules", "a3-a5", "c6-d6", "a5-N"])
    output = one_line(result.output)
    assert "How to play Gygès" in output and "Goal. Get any ring onto your opponent's throne" in output
    assert "Game over: South wins" in output
    helped = one_line(run(play_args(), ["help", "quit"]).output)
    assert "rules [ID] how to play this game, and its rules by id" in helped


def texts(state: State) -> set[str]:
    return {str(action) for action in state.legal_actions()}


def test_the_gyges_examples_are_legal() -> None:
    game = spielwerk.game("gyges")
    start = game.new_state(seed=1)
    start.apply("123321")
    assert start.legal_actions()  # North's set-up follows
    start.apply("321123")
    assert {"b1-b3", "b1-c2"} <= texts(start)
    bounce = game.new_state(seed=1, position="321123/....../....../....../3...../1..... s")
    assert {"a1-d2", "a1-a2/d4"} <= texts(bounce)
    assert "`a1-d2`" in game.how_to_play() and "`a1-a2/d4`" in game.how_to_play()


def test_the_grani_example_is_legal() -> None:
    position = "yellow=G5 blue=G1 red=G9 turn=yellow"
    state = spielwerk.game("grani").new_state(players=3, seed=1, position=position)
    state.apply("G3", seat=0)
    assert "block X9" in texts(state)


def test_the_drachenfels_example_is_legal() -> None:
    position = {"knights": {"red": "R1", "blue": "S2"}, "hands": {"red": ["1", "rainbow"], "blue": []}}
    state = spielwerk.game("drachenfels").new_state(players=2, seed=1, position=position)
    state.apply("rainbow R1-K", seat=0)
    state.apply("1 K", seat=0)
    assert state.view(0)["armour"]["red"] is True
    assert "keep" in texts(state)


@pytest.mark.parametrize("game_id", [*GAMES, "avalon"])
@pytest.mark.parametrize("language", ["de", "fr"])
def test_each_how_to_play_is_translated_with_the_same_notation(game_id: str, language: str) -> None:
    game = spielwerk.game(game_id)
    english, translated = game.how_to_play("en"), game.how_to_play(language)
    assert translated != english and "{" not in translated

    def typed(text: str, words: Mapping[str, str]) -> set[str]:
        """The code spans of a how-to-play but those naming what the terminal draws in its language."""
        drawn = {f"`{re.sub(r'[{][^}]*[}]', 'N', said)}`" for key, said in words.items()
                 if key.startswith("terminal.")}
        return set(re.findall(r"`[^`]+`", text)) - drawn

    assert typed(translated, game.words(language)) == typed(english, game.words("en"))  # what players type
    assert translated.count("\n- ") == english.count("\n- ") and translated.count("**") == english.count("**")
    title = {"de": "# So spielt man ", "fr": "# Comment jouer à "}[language]
    assert translated.splitlines()[0] == title + game.info.name


def test_rules_speak_the_language_asked_for_or_the_environment_s(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "So spielt man Gygès" in one_line(run(["rules", "gyges", "--lang", "de"]).output)
    assert "How to play Gygès" in one_line(run(["rules", "gyges", "--lang", "xx"]).output)  # none: English
    monkeypatch.delenv("SPIELWERK_LANG")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert "Comment jouer à Grani" in one_line(run(["rules", "grani"]).output)
    assert spielwerk.game("gyges").how_to_play("../gyges/howto") == spielwerk.game("gyges").how_to_play()
    german = " ".join(spielwerk.game("avalon").how_to_play("de").split())
    assert "7 allein, 10 mit 2–4" in german  # the content's numbers, in German


def test_language_codes_come_from_the_environment_s_first_set_variable() -> None:
    assert language_code("de_DE.UTF-8") == "de" and language_code("C") == language_code(None) == "en"
    assert language_code("../x") == "en" and language_code(" FR ") == "fr"
    assert language_from_environment({"LC_ALL": "", "LANG": "de_AT.UTF-8"}) == "de"
    assert language_from_environment({"SPIELWERK_LANG": "fr", "LANG": "de"}) == "fr"
    assert language_from_environment({}) == "en"


@pytest.mark.parametrize("game_id", [*GAMES, "avalon"])
def test_rules_ids_in_french_list_every_rule_id_with_its_sentence(game_id: str) -> None:
    result = run(["rules", game_id, "--lang", "fr", "--ids"])
    assert result.exit_code == 0, result.output
    output = one_line(result.output)
    reference = spielwerk.game(game_id).rules_reference("fr")
    assert len(reference) >= 5 and reference != spielwerk.game(game_id).rules_reference("en")
    assert output.startswith("Les règles par identifiant")
    for rule, sentence in reference.items():
        assert f"{rule} {one_line(sentence)}" in output
    assert "Comment jouer" not in output  # --ids: the rules alone


def test_rules_print_the_how_to_play_then_the_rules_by_id_and_in_a_game_those_asked_for() -> None:
    output = one_line(run(["rules", "gyges"]).output)
    exact = spielwerk.game("gyges").rules_reference()["gyges.move.exact"]
    assert output.index("How to play Gygès") < output.index("Rules by id") < output.index(
        f"gyges.move.exact {exact}")
    played = one_line(run(play_args(), ["rules gyges.move", "rules nothing-like-this", "quit"]).output)
    assert f"Rules by id (a refusal names the rule it applies) gyges.move.exact {exact}" in played
    assert "gyges.setup" not in played and "How to play" not in played
    assert "No rule id matches 'nothing-like-this'." in played
