"""Grani games of every size speak English, German and French fully: every narration line,
status line, end reason, move label, refusal, picture and terminal map renders, with no placeholder
left unfilled and no key missing, and German and French do not fall back to English."""

from __future__ import annotations

import random

import pytest

import spielwerk
from spielwerk import SpielwerkError
from spielwerk.agents.greedy import GreedyAgent
from spielwerk.core.message import UNFILLED, render_json
from spielwerk.games.grani import GraniState

LANGUAGES = ("en", "de", "fr")
PROBES = ("card 4", "stay", "rest", "pass", "exile X3", "ring U12", "block T9", "lift T9", "G5-G1", "Z9")


def played(players: int, seed: int, **options: int) -> GraniState:
    """A game the greedy agent plays to its end (the ring carried, seals won), refusing a random probe
    at each decision."""
    state = spielwerk.game("grani", **options).new_state(players=players, seed=seed)
    assert isinstance(state, GraniState)
    rng = random.Random(seed)
    agent = GreedyAgent(seed=seed, chance_depth=1)
    while not state.is_over:
        if state.is_chance:
            state.resolve_chance()
            continue
        try:
            state.clone().apply(rng.choice(PROBES), state.to_move)
        except SpielwerkError as error:
            for language in LANGUAGES:
                assert not UNFILLED.search(error.render(language)), error.render(language)
        state.apply(agent.choose(state))
    return state


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_games_render_everything_in_every_language(players: int) -> None:
    state = played(players, seed=players, seals_to_win=2, max_turns=60)
    assert state.is_over and any("seal" in line for line in state.narration(None))
    game = state.game
    for language in LANGUAGES:
        words = game.words(language)
        for seat in [None, *range(players)]:
            lines = state.narration(seat, language)
            assert len(lines) == len(state.history)
            assert all(line and not UNFILLED.search(line) for line in lines), language
            seen = state.view(seat)
            status = render_json(words, seen["waiting_for_message"], language)
            reason = render_json(words, seen["result"]["reason_message"], language)
            assert status and reason and not UNFILLED.search(status + reason)
            assert not UNFILLED.search(game.svg(state, seat, language=language))
            assert not UNFILLED.search(game.terminal(state, seat, language))


@pytest.mark.parametrize("players", [3, 6])
def test_every_step_of_a_game_renders_its_status_labels_and_pictures(players: int) -> None:
    state = spielwerk.game("grani", max_turns=8).new_state(players=players, seed=11)
    game = state.game
    rng = random.Random(players)
    while not state.is_over:
        for language in LANGUAGES:
            words = game.words(language)
            status = render_json(words, state.view(None)["waiting_for_message"], language)
            labels = game.move_labels(state, state.to_move, language)
            assert not UNFILLED.search(" ".join([status, *labels.values()]))
        if len(state.history) % 9 == 0:
            for language in LANGUAGES:
                pictures = game.svg(state, 0, language=language) + game.terminal(state, 0, language)
                assert not UNFILLED.search(pictures)
        if state.is_chance:
            state.resolve_chance()
        else:
            state.apply(rng.choice(state.legal_actions()))


def test_german_and_french_do_not_say_what_english_says() -> None:
    state = played(3, seed=3, seals_to_win=2, max_turns=60)
    assert state.view(None)["result"]["rule"] == "grani.win"
    english = state.narration(None, "en")
    for language in ("de", "fr"):
        assert not [line for line, theirs in zip(english, state.narration(None, language), strict=True)
                    if line == theirs]
        words = state.game.words(language)
        assert render_json(words, state.view(None)["result"]["reason_message"], language) != (
            state.view(None)["result"]["reason"])
