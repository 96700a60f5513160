"""Random Avalon games of every player count told and drawn in English, German and French: every
narration line, status, result, label, picture and terminal renders, with no placeholder left and
no English left in the German and French words."""

from __future__ import annotations

import random
import re

import pytest

import spielwerk
from spielwerk.core.catalogue import LANGUAGES
from spielwerk.core.message import UNFILLED, render_json

ENGLISH = re.compile(r"\b(explores|travels?|passes|waits|chooses|test against|rolled|Guardian die|"
                     r"menhir dials?|Health|Energy|Terror|dawns|end of day|Dawn event|New quest|Day \d|Mercy|"
                     r"Last roll|Game over|leads and chooses|join or decline|dreams left|events left)\b")
"""Words of the English catalogue that German and French never use."""
PICTURE_ENGLISH = re.compile(r"\b(Health|Energy|Terror|Mercy|Last roll|Game over|leads and chooses|"
                             r"dreams left|events left|unplaced|Day: actions|Quests|Events|Deck)\b")
"""English words of the terminal and the picture (their action texts are the notation, which stays)."""


def played(players: int, seed: int) -> list[spielwerk.State]:
    """A random game to its end, and the states met every few actions on the way."""
    rng = random.Random(seed)
    state = spielwerk.game("avalon").new_state(players=players, seed=seed)
    state.narration(None)
    seen = []
    for step in range(2000):
        if state.is_over:
            break
        if step % 23 == 0:
            seen.append(state.clone())
        if state.is_chance:
            state.resolve_chance()
        else:
            state.apply(rng.choice(state.legal_actions()))
    return [*seen, state]


def rendered(state: spielwerk.State, language: str) -> list[str]:
    """Everything a reader sees of `state` in `language`, for every seat and a spectator."""
    game = state.game
    words = game.words(language)
    texts: list[str] = []
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        texts.append(render_json(words, view["waiting_for_message"], language))
        if view.get("told_message"):
            texts.append(render_json(words, view["told_message"], language))
        if view.get("result"):
            texts.append(render_json(words, view["result"]["reason_message"], language))
        texts += game.move_labels(state, seat, language).values()
        for picture in (game.terminal(state, seat, language), game.svg(state, seat, language=language)):
            assert not UNFILLED.search(picture)
            assert language == "en" or not PICTURE_ENGLISH.search(picture), PICTURE_ENGLISH.search(picture)
    return texts


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_avalon_narration__random_games_speak_every_language(players: int) -> None:
    games = [played(players, seed=players * 13 + n) for n in range(2)]
    for language in LANGUAGES:
        for final in (states[-1] for states in games):
            assert final.is_over
            for seat in [None, *range(players)]:
                lines = final.narration(seat, language)
                assert len(lines) == len(final.history)
                for line in lines:
                    assert line and not UNFILLED.search(line), line
                    assert language == "en" or not ENGLISH.search(line), f"{language}: {line}"
        for state in (state for states in games for state in states):
            for text in rendered(state, language):
                assert not UNFILLED.search(text), text
                assert language == "en" or not ENGLISH.search(text), f"{language}: {text}"
